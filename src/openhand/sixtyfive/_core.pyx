# distutils: language = c++
# cython: language_level=3, boundscheck=False, wraparound=False
"""Thin Cython wrapper over the C++ 65 solver (csrc/sixtyfive/game.hpp
under csrc/solver.hpp).

It takes positions already validated by :mod:`openhand.sixtyfive.rules`
and releases the GIL while searching.  A position (``spec``) is
``(hands, leader, trick)``: four hand masks (N, E, S, W), the leader's
seat and the card ids played to the current trick.  Values are N-S's
points in the remaining tricks; moves are card ids.  Use
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


include "../_solver_owner.pxi"


cdef int _deal(spec, Deal* d) except -1:
    """*d = the Deal of (hands, leader, trick) (validated by the caller)."""
    hands, d.leader, trick = spec
    _masks(d.hands, hands, 4)
    d.ntrick = _ints(d.trick, trick)
    return 0
