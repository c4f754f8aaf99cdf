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
    cdef struct Deal:
        uint64_t hands[4]
        int leader
        int trick[3]
        int ntrick

    cdef cppclass Game:
        pass


cdef Deal _deal(spec) except *:
    cdef Deal d
    cdef int i
    hands, leader, trick = spec
    for i in range(4):
        d.hands[i] = hands[i]
    d.leader = leader
    d.ntrick = len(trick)
    for i in range(d.ntrick):
        d.trick[i] = trick[i]
    return d


include "../_solver_owner.pxi"
