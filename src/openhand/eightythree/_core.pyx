# distutils: language = c++
# cython: language_level=3, boundscheck=False, wraparound=False
"""Thin Cython wrapper over the C++ Eighty-Three play solver
(csrc/eightythree/game.hpp under csrc/solver.hpp).

It takes positions already validated by :mod:`openhand.eightythree.rules`
or by :mod:`openhand.eightythree.solver` and releases the GIL while
searching.  A position (``spec``) is ``(hands, trump, bidder, leader,
trick)``: four hand masks (N, E, S, W; the joker is bit 15), the trump
suit, the bidder's and the leader's seats and the card ids played to the
current trick.  Values are the bidder's side's points in the remaining
tricks; moves are card ids.  Use :mod:`openhand.eightythree.solver`, not
this module: nothing here checks its input.
"""
from libc.stdint cimport uint64_t


cdef extern from "eightythree/game.hpp" namespace "openhand::eightythree":
    cdef cppclass Game:     # the search's game
        pass

    cdef struct Deal:
        uint64_t hands[4]
        int trump
        int bidder
        int leader
        int trick[3]
        int ntrick


include "../_solver_owner.pxi"


cdef int _deal(spec, Deal* d) except -1:
    """*d = the Deal of (hands, trump, bidder, leader, trick) (validated by
    the caller)."""
    hands, d.trump, d.bidder, d.leader, trick = spec
    _masks(d.hands, hands, 4)
    d.ntrick = _ints(d.trick, trick)
    return 0
