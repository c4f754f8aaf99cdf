# _solver_owner.pxi: included by every game's _core.pyx after its
# `cdef extern` block, so `Solver` is that game's C++ solver class.  The
# binding's owner of one C++ solver; each game's CoreSolver derives from it
# and adds the game's calls, each search inside `with self._polling():`.
#
# Polling (csrc/search.hpp, Poll): a search calls back every 2^16 nodes
# (some 10 ms).  The callback takes the GIL, runs Python's signal handlers
# (so Ctrl-C stops a search of minutes within milliseconds) and the
# caller's `progress(nodes)`; an exception from either stops the search
# (C++ Interrupted) and is raised by the call.  Solvers on other threads
# without a progress callback are not polled: they would contend for the
# GIL and cannot see signals anyway.
#
# One search at a time: the C++ solver's table and poll are not
# synchronised, so a second search on the same owner (another thread, or
# the progress callback itself) is refused with SolverBusyError before it
# touches anything.  `busy` is tested and set in C under the GIL (nothing
# between the two can run Python code or let another thread in), before
# the search releases the GIL, and cleared by __exit__ on every way out.
import threading

from openhand.errors import SolverBusyError

from cpython.exc cimport PyErr_CheckSignals


cdef int _poll(void* ctx, uint64_t nodes) noexcept nogil:
    with gil:
        return (<SolverOwner>ctx)._on_poll(nodes)


cdef class _Polling:
    """Context of one search call: arms the poll, and on the way out
    raises what stopped the search (instead of C++'s Interrupted)."""
    cdef SolverOwner owner

    def __cinit__(self, SolverOwner owner):
        self.owner = owner

    def __enter__(self):
        if self.owner.busy:
            raise SolverBusyError(
                "this Solver is already searching (on another thread, or this is its own progress "
                "callback): one Solver serves one search at a time; use one Solver per thread")
        self.owner.busy = True
        try:
            self.owner.stop = None
            if self.owner.progress is not None or threading.current_thread() is threading.main_thread():
                self.owner._s.set_poll(_poll, <void*>self.owner)
        except BaseException:
            self.owner.busy = False
            raise

    def __exit__(self, kind, value, tb):
        try:
            self.owner._s.set_poll(NULL, NULL)
            stop, self.owner.stop = self.owner.stop, None
        finally:
            self.owner.busy = False
        if stop is not None:
            raise stop from None
        return False


cdef class SolverOwner:
    """A C++ solver with its own transposition table of at most
    ``table_bytes`` bytes, kept across calls.  ``progress``: None or a
    callable taking the nodes searched so far, called about every 2^16
    nodes of a search; whatever it raises stops the search and is raised
    by the call (the table keeps only finished results, so the solver
    stays usable).  One search at a time: a call while a search runs
    raises :class:`openhand.errors.SolverBusyError`."""
    cdef Solver* _s
    cdef public object progress
    cdef object stop
    cdef bint busy

    def __cinit__(self, size_t table_bytes):
        self._s = new Solver(table_bytes)
        self.progress = None
        self.stop = None
        self.busy = False

    def __dealloc__(self):
        del self._s

    @property
    def table_bytes(self):
        return self._s.table_bytes()

    def _polling(self):
        return _Polling(self)

    cdef int _on_poll(self, uint64_t nodes) noexcept:
        try:
            PyErr_CheckSignals()
            if self.progress is not None:
                self.progress(nodes)
        except BaseException as e:
            self.stop = e
            return 1
        return 0
