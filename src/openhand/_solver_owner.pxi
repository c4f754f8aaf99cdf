# _solver_owner.pxi: the binding of every game's C++ solver
# (csrc/solver.hpp, openhand::Solver<Game>), included by each game's
# _core.pyx after its `cdef extern` of `Deal` and `Game`.  The game's
# `_deal(spec, &d)` (defined after the include, with the helpers _masks and
# _ints below) turns its position tuple, validated by the caller, into a
# Deal.  This file defines CoreSolver, one API for every game:
#
#   CoreSolver(table_bytes)                    .progress, .table_bytes
#   .value(spec)                 -> (value, nodes)
#   .at_least(spec, target)      -> (bool, nodes)
#   .move_values(spec)           -> (value, {move code: value}, nodes)
#   .batch(specs, target=None)   -> ([values, or bools for "at least
#                                    target"], nodes)
#   .batch_until(specs, target, stop)
#                                -> ([fail-soft bounds], nodes)
#   .threads                     move_values' threads (settable; 1 by default)
#   .trick_starts                the trick starts reached by every search so
#                                far (65 counts them; DDS's kind of node)
#   .set_limit(nodes, seconds)   limits of the later value, at_least,
#                                move_values and move_bounds calls (0: none)
#   .move_bounds(spec)           -> (root lower bound, {move code: (lo, hi)},
#                                    nodes): move_values that may be cut
#   release_kept_tables()        (a module function) unmap the freed
#                                solvers' table memory kept for the next
#                                solver; returns the bytes they used
#   .last                        after value, at_least, move_values or
#                                move_bounds: (cut, lo, hi, move code or -1,
#                                proved), what the call proved (solver.hpp:
#                                Partial); a cut value / at_least returns
#                                the lower bound / False, to be read with it
#
# Each search runs inside `with self._polling():` and without the GIL.
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
from libc.stdint cimport uint64_t
from libcpp cimport bool as cbool
from libcpp.vector cimport vector


cdef extern from "solver.hpp" namespace "openhand":
    enum: kMoveValues

    cdef struct Partial:
        int cut
        int lo
        int hi
        int move
        int proved

    # openhand::Solver<G, D> (D = G::Deal, named for Cython's sake)
    cdef cppclass Solver[G, D]:
        Solver(size_t table_bytes) except +
        size_t table_bytes()
        void set_poll(int (*fn)(void*, uint64_t) noexcept nogil, void* ctx)
        void set_limit(uint64_t nodes, double seconds)
        void set_threads(int k) except +
        int threads()
        const vector[double]& last_cpu()
        uint64_t trick_starts()
        int value(const D& d, uint64_t* nodes, Partial* part) except + nogil
        cbool at_least(const D& d, int target, uint64_t* nodes, Partial* part) except + nogil
        int move_values(const D& d, int* value, int* moves, int* values, uint64_t* nodes,
                        Partial* part, int* his) except + nogil
        void batch(const D* deals, int n, cbool threshold, int target, int* out,
                   uint64_t* nodes) except + nogil
        int batch_until(const D* deals, int n, int target, int stop, int* out,
                        uint64_t* nodes) except + nogil

cdef extern from "ttable.hpp" namespace "openhand":
    size_t _release_kept_tables "openhand::release_kept_tables"() nogil


def release_kept_tables():
    """Unmap the table memory this core keeps between solvers (a freed
    solver's table is kept for the next one; csrc/ttable.hpp, KeptTable)
    and return the bytes those tables had used."""
    return _release_kept_tables()


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
    cdef Solver[Game, Deal]* _s
    cdef public object progress
    cdef public object last
    cdef object stop
    cdef bint busy

    def __cinit__(self, size_t table_bytes):
        self._s = new Solver[Game, Deal](table_bytes)
        self.progress = None
        self.last = None
        self.stop = None
        self.busy = False

    def set_limit(self, uint64_t nodes, double seconds):
        """Limits of the later value / at_least / move_values /
        move_bounds calls: nodes (0: none) and seconds (0: none)."""
        self._s.set_limit(nodes, seconds)

    @property
    def threads(self):
        return self._s.threads()

    @threads.setter
    def threads(self, int k):
        """move_values' threads (solver.hpp: set_threads)."""
        self._s.set_threads(k)

    @property
    def last_cpu(self):
        """CPU seconds of the last move_values on each of its threads
        (solver.hpp: last_cpu)."""
        return list(self._s.last_cpu())

    @property
    def trick_starts(self):
        """The trick starts this solver's searches have reached so far, in
        a game that counts them (65; else 0): the bridge solver DDS's kind
        of node count, one per trick reached (solver.hpp: trick_starts)."""
        return self._s.trick_starts()

    cdef _keep(self, Partial p):
        self.last = (bool(p.cut), p.lo, p.hi, p.move, bool(p.proved))

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


# For the games' _deal: sequences of Python ints into C arrays (the room is
# the caller's to know).
cdef inline void _masks(uint64_t* out, masks, int n) except *:
    cdef int i
    for i in range(n):
        out[i] = masks[i]


cdef inline int _ints(int* out, values) except -1:
    """The ints of ``values`` into ``out``; returns how many."""
    cdef int i, n = len(values)
    for i in range(n):
        out[i] = values[i]
    return n


cdef vector[Deal] _deals(specs) except *:
    cdef vector[Deal] out
    cdef size_t i = 0
    out.resize(len(specs))
    for spec in specs:
        _deal(spec, &out[i])
        i += 1
    return out


cdef class CoreSolver(SolverOwner):
    """The game's C++ solver (see SolverOwner and the top of this file).
    ``spec``: the game's position tuple, as its ``_deal`` reads it."""

    def value(self, spec):
        cdef Deal d
        cdef uint64_t nodes = 0
        cdef int v = 0
        cdef Partial p
        _deal(spec, &d)
        with self._polling():
            with nogil:
                v = self._s.value(d, &nodes, &p)
        self._keep(p)
        return v, nodes

    def at_least(self, spec, int target):
        cdef Deal d
        cdef uint64_t nodes = 0
        cdef cbool r = False
        cdef Partial p
        _deal(spec, &d)
        with self._polling():
            with nogil:
                r = self._s.at_least(d, target, &nodes, &p)
        self._keep(p)
        return bool(r), nodes

    def move_values(self, spec):
        cdef Deal d
        cdef uint64_t nodes = 0
        cdef int value = 0, n = 0, i
        cdef int moves[kMoveValues]
        cdef int values[kMoveValues]
        cdef Partial p
        _deal(spec, &d)
        with self._polling():
            with nogil:
                n = self._s.move_values(d, &value, moves, values, &nodes, &p, NULL)
        self._keep(p)
        return value, {moves[i]: values[i] for i in range(n)}, nodes

    def move_bounds(self, spec):
        cdef Deal d
        cdef uint64_t nodes = 0
        cdef int value = 0, n = 0, i
        cdef int moves[kMoveValues]
        cdef int values[kMoveValues]
        cdef int his[kMoveValues]
        cdef Partial p
        _deal(spec, &d)
        with self._polling():
            with nogil:
                n = self._s.move_values(d, &value, moves, values, &nodes, &p, his)
        self._keep(p)
        return value, {moves[i]: (values[i], his[i]) for i in range(n)}, nodes

    def batch(self, specs, target=None):
        """A list of values, or with ``target`` of True/False for "at least
        target", and the total node count.  One GIL release for all."""
        cdef vector[Deal] deals = _deals(specs)
        cdef int n = <int>deals.size(), i
        cdef cbool threshold = target is not None
        cdef int t = target if threshold else 0
        cdef vector[int] out
        cdef uint64_t nodes = 0
        out.resize(n)
        with self._polling():
            with nogil:
                self._s.batch(deals.data(), n, threshold, t, out.data(), &nodes)
        if threshold:
            return [out[i] != 0 for i in range(n)], nodes
        return [out[i] for i in range(n)], nodes

    def batch_until(self, specs, int target, int stop):
        """"At least ``target``?" for ``specs`` in order, stopping after the
        first answer equal to ``stop`` (0/1): the answers so far as
        fail-soft bounds (``>= target``: yes, and a lower bound on the
        value; ``< target``: no, and an upper bound) and the node count.
        One GIL release."""
        cdef vector[Deal] deals = _deals(specs)
        cdef int n = <int>deals.size(), k = 0, i
        cdef vector[int] out
        cdef uint64_t nodes = 0
        out.resize(n)
        with self._polling():
            with nogil:
                k = self._s.batch_until(deals.data(), n, target, stop, out.data(), &nodes)
        return [out[i] for i in range(k)], nodes
