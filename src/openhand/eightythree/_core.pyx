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
tricks; moves are card ids.  ``ChoiceCoreSolver`` (the class the
Eighty-Three Solver holds) adds the bid feasibility's choice tree
(csrc/eightythree/choice_tree.hpp) on the same table.  Use
:mod:`openhand.eightythree.solver` and :mod:`.choice_core`, not this
module: nothing here checks its input.
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


cdef extern from "eightythree/choice_tree.hpp" namespace "openhand::eightythree":
    cdef struct ChoiceStats:
        uint64_t nodes
        uint64_t leaves
        uint64_t play_nodes
        uint64_t questions

    int _choice_value "openhand::eightythree::choice_value" (
        Solver[Game, Deal]& play, const uint64_t* hands, int phase, int start, int trump, int bidder,
        int guess, ChoiceStats* stats) except + nogil

    cdef struct PairStart:
        uint64_t hands[4]
        int phase, start "from", trump, bidder, guess

    void _choice_values "openhand::eightythree::choice_values" (
        Solver[Game, Deal]& play, const PairStart* pairs, int n, int* values, ChoiceStats* stats) except + nogil


cdef class ChoiceCoreSolver(CoreSolver):
    """The play solver (CoreSolver) with the bid feasibility's choice tree
    (csrc/eightythree/choice_tree.hpp) on top: its leaves are asked of this
    solver's play table, and it is polled like every search (Ctrl-C,
    ``progress``)."""

    def choice_value(self, hands, int phase, int start, int trump, int bidder, int guess):
        """The exact bid-feasibility value of one choice state of one
        (bidder, trump) pair: ``hands`` four card masks, ``phase`` 0 pass /
        1 discard / 2 play, ``start`` the index in the turn order from the
        bidder of the first seat still to choose (4: none), ``guess`` the
        first value tried (-1: none).  Returns ``(value, choice nodes, leaf
        questions, root questions, play nodes)``.  The state must be a
        legal one (openhand.eightythree.choice_core checks it)."""
        cdef uint64_t h[4]
        cdef ChoiceStats st
        cdef int v = 0
        _masks(h, hands, 4)
        with self._polling():
            with nogil:
                v = _choice_value(self._s[0], h, phase, start, trump, bidder, guess, &st)
        return v, st.nodes, st.leaves, st.questions, st.play_nodes

    def choice_values(self, pairs):
        """choice_value for several pairs at once, on this solver's threads
        (``threads``), its table shared (csrc/eightythree/choice_tree.hpp:
        choice_values): ``pairs`` a list of ``(hands, phase, start, trump,
        bidder, guess)``; returns their values, in order.  Every state
        must be a legal one (openhand.eightythree.choice_core checks it)."""
        cdef vector[PairStart] starts
        cdef vector[int] values
        cdef vector[ChoiceStats] stats
        cdef size_t i = 0
        starts.resize(len(pairs))
        values.resize(len(pairs))
        stats.resize(len(pairs))
        for hands, phase, start, trump, bidder, guess in pairs:
            _masks(starts[i].hands, hands, 4)
            starts[i].phase, starts[i].start, starts[i].trump = phase, start, trump
            starts[i].bidder, starts[i].guess = bidder, guess
            i += 1
        with self._polling():
            with nogil:
                _choice_values(self._s[0], starts.data(), <int>starts.size(), values.data(), stats.data())
        return [values[k] for k in range(len(pairs))]
