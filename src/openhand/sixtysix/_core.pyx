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


cdef Deal _deal(spec) except *:
    """A Deal from the fields of a rules.State and the objective's code
    (validated by the caller)."""
    cdef Deal d
    state, d.objective = spec
    hands, stock, d.trump, d.leader, d.trick, points, tricks, marriages, d.closed_by, opp_won, d.out = state
    if len(stock) > 12:
        raise ValueError("a Sixty-Six stock holds at most 12 cards")
    d.hands = hands
    d.points = points
    d.tricks = tricks
    d.marriages = marriages
    d.nstock = len(stock)
    d.stock = (tuple(stock) + (0,) * 12)[:12]
    d.closed_opp_won = 1 if opp_won else 0
    return d


include "../_solver_owner.pxi"
