# _solver_owner.pxi: included by every game's _core.pyx after its
# `cdef extern` block, so `Solver` is that game's C++ solver class.  The
# binding's owner of one C++ solver; each game's CoreSolver derives from it
# and adds the game's calls.

cdef class SolverOwner:
    """A C++ solver with its own transposition table of at most
    ``table_bytes`` bytes, kept across calls."""
    cdef Solver* _s

    def __cinit__(self, size_t table_bytes):
        self._s = new Solver(table_bytes)

    def __dealloc__(self):
        del self._s

    @property
    def table_bytes(self):
        return self._s.table_bytes()
