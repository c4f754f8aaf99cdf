"""The exact pass/discard search in C++: the door to the core's choice tree.

:func:`exact_value` is the C++ twin of :meth:`.choice_tree.ChoiceTree.exact`
(csrc/eightythree/choice_tree.hpp: the same states, options, bounds and
question order, the play leaves asked of the play solver's table without
a return to Python): the exact value of one choice state of one (bidder,
trump) pair.  :func:`check_state` checks a state before the core sees it
(the core trusts its input).  :func:`tree_of` picks the implementation:
``'cpp'`` when the play solver is the C++ core (so
``OPENHAND_IMPLEMENTATION=python`` gives the Python tree), ``'python'``
otherwise, or as asked.

>>> from openhand.eightythree.solver import Solver
>>> from openhand.eightythree.feasibility import _read_deal
>>> hands, kitty = _read_deal("N:AT32.3.K32.QJT5 87.T76.JT6.9863 Q9.A5.AQ85.AK2+JK "
...                           "K654.QJ82.74.74 J.K94.9.")
>>> start = (hands[0] | kitty, hands[1], hands[2], hands[3])
>>> s = Solver()
>>> exact_value(s, (start, 0, (0, 1, 2, 3)), trump=2, bidder=0) if s.implementation == "cpp" else 83
83
>>> check_state(((0, 0, 0, 0), 0, (0, 1, 2, 3)), trump=2, bidder=0)
Traceback (most recent call last):
...
openhand.errors.PositionError: a choice state in the pass phase holds every card (53), got 0
"""
from __future__ import annotations

from typing import Optional

from ..cards import mask_of
from ..errors import PositionError
from ..seats import SEATS
from .choices import DISCARD, LEAF, PASS
from .rules import DEALT, DECK, HAND_SIZE, KITTY_SIZE, TOTAL_POINTS, is_scoring_trump, is_trump

__all__ = ["exact_value", "check_state", "tree_of", "TREES"]

TREES = ("python", "cpp")
_DECK_MASK = mask_of(DECK)
_PHASES = {PASS: "pass", DISCARD: "discard", LEAF: "play"}


def tree_of(solver, tree: Optional[str] = None) -> str:
    """The choice tree to use with the play ``solver`` (None: the
    reference): ``tree`` if given (``'cpp'`` needs the C++ play solver),
    else ``'cpp'`` exactly when the play solver is the C++ core."""
    has_core = solver is not None and getattr(solver, "_core", None) is not None
    if tree is None:
        return "cpp" if has_core else "python"
    if tree not in TREES:
        raise PositionError(f"tree must be 'python' or 'cpp', got {tree!r}")
    if tree == "cpp" and not has_core:
        raise PositionError("tree='cpp' needs the C++ play solver (a Solver with implementation 'cpp')")
    return tree


def _masks_of(mask: int, trump: int):
    trumps = scoring = 0
    for c in DECK:
        if mask >> int(c) & 1:
            trumps += is_trump(c, trump)
            scoring += is_scoring_trump(c, trump)
    return trumps, scoring


def check_state(state, trump: int, bidder: int) -> int:
    """Check a choice state ``(hands, phase, queue)`` of the pair (bidder,
    trump) (see :mod:`.choices`) as the core needs it; returns the index
    in the turn order from the bidder of the first seat still to choose
    (4: none).  :class:`PositionError` names what is wrong."""
    if not (isinstance(trump, int) and 0 <= trump < 4 and isinstance(bidder, int) and 0 <= bidder < 4):
        raise PositionError(f"trump and bidder must be 0..3, got {trump!r} and {bidder!r}")
    try:
        hands, phase, queue = state
        hands, queue = tuple(hands), tuple(queue)
    except (TypeError, ValueError):
        raise PositionError(f"a choice state is (four hand masks, phase, queue), got {state!r}") from None
    if len(hands) != 4 or not all(isinstance(h, int) and not isinstance(h, bool) and 0 <= h
                                  and not h & ~_DECK_MASK for h in hands):
        raise PositionError(f"a choice state's hands are four masks of Eighty-Three cards, got {hands!r}")
    union = hands[0] | hands[1] | hands[2] | hands[3]
    sizes = [bin(h).count("1") for h in hands]
    if bin(union).count("1") != sum(sizes):
        raise PositionError("a choice state's hand masks overlap: a card is in two hands")
    if phase not in _PHASES:
        raise PositionError(f"a choice state's phase is 0 (pass), 1 (discard) or 2 (play), got {phase!r}")
    order = tuple((bidder + k) % 4 for k in range(4))
    if queue not in [order[k:] for k in range(5)] or (phase == LEAF and queue):
        raise PositionError(f"the seats still to choose must end the turn order from the bidder "
                            f"{order} (none once play starts), got {queue!r}")
    start = 4 - len(queue)
    if phase == PASS and sum(sizes) != len(DECK):
        raise PositionError(f"a choice state in the pass phase holds every card ({len(DECK)}), got {sum(sizes)}")
    for k, seat in enumerate(order):
        trumps, scoring = _masks_of(hands[seat], trump)
        if sizes[seat] - trumps > DEALT + KITTY_SIZE:
            raise PositionError(f"{SEATS[seat]} holds {sizes[seat] - trumps} plain cards, more than the "
                                f"{DEALT + KITTY_SIZE} any seat can hold (passes move trumps only)")
        done = phase == LEAF or (phase == DISCARD and k < start)
        if done and sizes[seat] != HAND_SIZE:
            raise PositionError(f"{SEATS[seat]} has discarded and holds {HAND_SIZE} cards, got {sizes[seat]}")
        if phase == DISCARD and sizes[seat] < HAND_SIZE:
            raise PositionError(f"{SEATS[seat]} holds {sizes[seat]} cards, fewer than the {HAND_SIZE} it plays")
        if scoring > HAND_SIZE and (phase != PASS or k < start):
            raise PositionError(f"{SEATS[seat]} holds {scoring} scoring trumps with no pass left "
                                f"(at most {HAND_SIZE} can be kept)")
    return start


def exact_value(solver, state, trump: int, bidder: int, guess: Optional[int] = None) -> int:
    """The exact value of a choice state (checked first) by the C++ choice
    tree, its play leaves asked of ``solver``'s C++ core (its table and
    its poll: Ctrl-C and ``solver.progress`` act as in a play solve);
    ``guess`` (0..83), the first value tried."""
    value, *_stats = solver._core.choice_value(*_start(state, trump, bidder, guess))
    return value


def exact_values(solver, items, threads: int) -> list:
    """:func:`exact_value` of several ``(state, trump, bidder, guess)``
    items (each checked first), searched on ``threads`` threads at once
    sharing ``solver``'s table (each thread takes the next item left; the
    calling thread also runs the poll: Ctrl-C and ``solver.progress``);
    their values in order, those of one thread."""
    starts = [_start(*item) for item in items]
    core = solver._core
    before = core.threads
    core.threads = threads
    try:
        return core.choice_values(starts)
    finally:
        core.threads = before


def _start(state, trump: int, bidder: int, guess: Optional[int]):
    """The core's arguments for a choice state, checked."""
    start = check_state(state, trump, bidder)
    if guess is not None and not (isinstance(guess, int) and 0 <= guess <= TOTAL_POINTS):
        raise PositionError(f"guess must be 0..{TOTAL_POINTS}, got {guess!r}")
    hands, phase, _ = state
    return list(hands), phase, start, trump, bidder, -1 if guess is None else guess
