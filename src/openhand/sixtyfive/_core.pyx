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
    cdef struct Deal:
        uint64_t hands[4]
        int leader
        int trick[3]
        int ntrick
        int objective

    cdef cppclass Game:     # the search's game
        Game(const Deal&)
        void bounds(int& lo, int& hi)
        void refine_bounds(int alpha, int beta, int& lo, int& hi)

    int ns_points_held(const Deal&)


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


def quick_bounds(spec, int alpha, int beta):
    """The search's quick bounds ``(lo, hi)`` on a position's value (as the
    solver's: N-S's points in the remaining tricks), with the caps that
    refine_bounds() adds where they could move a bound to the window
    (alpha, beta) (csrc/sixtyfive/bounds.hpp).  For the tests, which check
    them against exact values: every bound the search cuts with must be
    true."""
    cdef Deal d
    _deal(spec, &d)
    cdef Game* g = new Game(d)
    cdef int lo = 0, hi = 0
    cdef int held = ns_points_held(d)
    try:
        g.bounds(lo, hi)
        g.refine_bounds(alpha - held, beta - held, lo, hi)  # (right after its bounds)
    finally:
        del g
    return lo + held, hi + held
