# distutils: language = c++
# cython: language_level=3, boundscheck=False, wraparound=False
"""Thin Cython wrapper over the C++ Sixty-Six solver
(csrc/sixtysix/game.hpp under csrc/solver.hpp).

It takes positions already validated by :mod:`openhand.sixtysix.position`
and releases the GIL while searching.  A position (``spec``) is
``(state, objective)``: the fields of a rules.State as a tuple and the
objective's code (0 game, 1 points).  Values are from player 0's point of
view; actions are the small ints of csrc/sixtysix/rules.hpp.  Use
:mod:`openhand.sixtysix.solver`, not this module.
"""
from libc.stdint cimport uint64_t


cdef extern from "sixtysix/game.hpp" namespace "openhand::sixtysix":
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

    cdef cppclass Game:
        pass


include "../_solver_owner.pxi"


cdef int _deal(spec, Deal* d) except -1:
    """*d = the Deal of (the fields of a rules.State, the objective's code)
    (validated by the caller)."""
    cdef int i
    state, d.objective = spec
    hands, stock, d.trump, d.leader, d.trick, points, tricks, marriages, d.closed_by, opp_won, d.out = state
    if len(stock) > 12:
        raise ValueError("a Sixty-Six stock holds at most 12 cards")
    _masks(d.hands, hands, 2)
    d.nstock = _ints(d.stock, stock)
    for i in range(d.nstock, 12):
        d.stock[i] = 0
    _ints(d.points, points)
    _ints(d.tricks, tricks)
    _ints(d.marriages, marriages)
    d.closed_opp_won = 1 if opp_won else 0
    return 0
