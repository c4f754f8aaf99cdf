# distutils: language = c++
# cython: language_level=3, boundscheck=False, wraparound=False
"""Thin Cython wrapper over the C++ 65 solver (csrc/sixtyfive/game.hpp
under csrc/solver.hpp).

It takes positions already validated by :mod:`openhand.sixtyfive.rules`
and releases the GIL while searching.  A position (``spec``) is
``(hands, leader, trick)`` or ``(hands, leader, trick, objective)``: four
hand masks (N, E, S, W), the leader's seat, the card ids played to the
current trick and the objective (0: points, the default; 1: tricks).
Values are N-S's points (or tricks) in the remaining tricks; moves are
card ids.  Use
:mod:`openhand.sixtyfive.solver`, not this module.
"""
from libc.stdint cimport uint64_t


cdef extern from "sixtyfive/game.hpp" namespace "openhand::sixtyfive":
    cdef cppclass Game:     # the search's game
        pass

    cdef struct Deal:
        uint64_t hands[4]
        int leader
        int trick[3]
        int ntrick
        int objective


include "../_solver_owner.pxi"


cdef int _deal(spec, Deal* d) except -1:
    """*d = the Deal of (hands, leader, trick[, objective]) (validated by
    the caller)."""
    if len(spec) == 4:
        hands, d.leader, trick, d.objective = spec
    else:
        hands, d.leader, trick = spec
        d.objective = 0
    _masks(d.hands, hands, 4)
    d.ntrick = _ints(d.trick, trick)
    return 0
