# distutils: language = c++
# cython: language_level=3, boundscheck=False, wraparound=False
"""Thin Cython wrapper over the C++ Sixty-Six solver (csrc/sixtysix.hpp).

It takes positions already validated by :mod:`openhand.sixtysix.position`
and releases the GIL while searching.  Values are from player 0's point of
view; actions are the small ints of sixtysix.hpp.  Use
:mod:`openhand.sixtysix.solver`, not this module.
"""
from libc.stdint cimport uint64_t


cdef extern from "sixtysix.hpp" namespace "openhand::sixtysix":
    cdef struct Deal:
        uint64_t hands[2]
        int stock[12]
        int nstock
        int trump
        int leader
        int trick
        int points[2]
        int tricks[2]
        int marriages[2]
        int closed_by
        int closed_opp_won
        int out
        int objective

    cdef cppclass Solver:
        Solver(size_t table_bytes) except +
        size_t table_bytes()
        void set_poll(int (*fn)(void*, uint64_t) noexcept nogil, void* ctx)
        int value(const Deal& d, uint64_t* nodes) except + nogil
        int move_values(const Deal& d, int* value, int* actions, int* values, uint64_t* nodes) except + nogil


cdef Deal _deal(tuple s, int objective) except *:
    """A Deal from the fields of a rules.State (validated by the caller)."""
    cdef Deal d
    cdef int i
    hands, stock, trump, leader, trick, points, tricks, marriages, closed_by, opp_won, out = s
    if len(stock) > 12:
        raise ValueError("a Sixty-Six stock holds at most 12 cards")
    for i in range(2):
        d.hands[i] = hands[i]
        d.points[i] = points[i]
        d.tricks[i] = tricks[i]
        d.marriages[i] = marriages[i]
    d.nstock = len(stock)
    for i in range(d.nstock):
        d.stock[i] = stock[i]
    for i in range(d.nstock, 12):
        d.stock[i] = 0
    d.trump = trump
    d.leader = leader
    d.trick = trick
    d.closed_by = closed_by
    d.closed_opp_won = 1 if opp_won else 0
    d.out = out
    d.objective = objective
    return d


include "../_solver_owner.pxi"


cdef class CoreSolver(SolverOwner):
    """The game's calls on its C++ solver (see SolverOwner)."""

    def value(self, tuple state, int objective):
        """(value for player 0, nodes)."""
        cdef Deal d = _deal(state, objective)
        cdef uint64_t nodes = 0
        cdef int v = 0
        with self._polling():
            with nogil:
                v = self._s.value(d, &nodes)
        return v, nodes

    def move_values(self, tuple state, int objective):
        """(value, {action code: value}, nodes), all for player 0."""
        cdef Deal d = _deal(state, objective)
        cdef uint64_t nodes = 0
        cdef int value = 0, n = 0, i
        cdef int actions[24]
        cdef int values[24]
        with self._polling():
            with nogil:
                n = self._s.move_values(d, &value, actions, values, &nodes)
        return value, {actions[i]: values[i] for i in range(n)}, nodes
