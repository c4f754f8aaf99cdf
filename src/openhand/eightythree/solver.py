"""Eighty-Three: the public play solver, C++ core first, the Python
reference (:mod:`openhand.eightythree.reference`) as its twin.

The value of a play position is the number of card points the bidder's side
takes in the remaining tricks (the trick in progress included) with all
hands open and best play by both sides; per-card values are keyed by card
text and mean the value after the player to move plays that card.

A whole :class:`~.deal.Deal` is solved from its play (the value of its
play position), or, while passes and discards remain, by the exact bid
feasibility search (:mod:`.feasibility`): the points the bidder's side
secures with both sides choosing optimally, and each legal move's.

>>> from openhand.eightythree import Position, solve, at_least
>>> pos = Position.from_deal("N:K.A.. .2..5 9.3.. Q..4.", trump="S", bidder="N")
>>> r = solve(pos)
>>> r.value, r.moves, r.side
(59, {'KS': 59, 'AH': 34}, 'N-S')
>>> at_least(pos, 59), at_least(pos, 60)
(True, False)

Many positions without building a :class:`Position` each time (the bid
feasibility code): hands as four 64-bit masks of card ids (N, E, S, W;
``1 << card``, the joker is bit 15), all at a trick start.

>>> from openhand.cards import mask_of, parse_cards
>>> hands = [mask_of(parse_cards(t)) for t in ("KS AH", "2H 5C", "9S 3H", "QS 4D")]
>>> s = Solver()
>>> s.value_of(hands, "S", "N"), s.at_least_of(hands, "S", "N", 60)
(59, False)
>>> s.values_of([hands, hands], trump=0, bidder=0)
[59, 59]
"""
from __future__ import annotations

from typing import List, Sequence

from ..cards import Card, cards_from_mask, mask_of
from ..errors import DealError, PositionError, is_list, require_int
from ..result import SolveResult
from ..solver_base import SolverBase
from ..seats import SEATS, seat_index, side_of
from ..limits import Limit, check_limit, raise_cut
from ..trickplay import core_hands, core_trick_result, reference_cut, trick_result
from . import reference
from .deal import Deal
from .rules import DECK, HAND_SIZE, TOTAL_POINTS, Position, suit_index

__all__ = ["Solver", "solve", "at_least", "check_hands", "DEFAULT_TABLE_MB"]

DEFAULT_TABLE_MB = 8
DECK_MASK = mask_of(DECK)


def check_hands(hands, trump, bidder, leader=None):
    """Validate a trick-start position given as four hand masks; return
    ``(hands, trump, bidder, leader)`` as plain ints (leader defaults to the
    bidder).  Hands must be disjoint sets of Eighty-Three cards, all of one
    size 1..6.

    >>> check_hands([1 << 14, 1 << 13, 1 << 12, 1 << 15], "h", "E")
    ([16384, 8192, 4096, 32768], 1, 1, 1)
    >>> check_hands([1 << 14, 1 << 14, 1 << 12, 1 << 15], 1, 1)
    Traceback (most recent call last):
    ...
    openhand.errors.DealError: hand masks overlap: a card is in two hands
    """
    try:
        masks = list(hands)
    except TypeError:
        raise DealError(f"hands must be four card masks (N, E, S, W), got {hands!r}") from None
    if len(masks) != 4:
        raise DealError(f"hands must be four card masks (N, E, S, W), got {len(masks)}")
    union = count = 0
    sizes = []
    for seat, m in zip(SEATS, masks):
        if not isinstance(m, int) or isinstance(m, bool) or m < 0 or m & ~DECK_MASK:
            raise DealError(f"{seat}'s hand mask {m!r} is not a set of Eighty-Three cards "
                            f"(bits suit * 16 + rank, ranks 2..14, joker bit 15)")
        n = bin(m).count("1")
        sizes.append(n)
        union |= m
        count += n
    if bin(union).count("1") != count:
        raise DealError("hand masks overlap: a card is in two hands")
    if len(set(sizes)) != 1 or not 1 <= sizes[0] <= HAND_SIZE:
        raise DealError(f"hand sizes {sizes} must be equal and 1..{HAND_SIZE} at a trick start")
    trump = suit_index(trump)
    bidder = seat_index(bidder)
    leader = bidder if leader is None else seat_index(leader)
    return [int(m) for m in masks], trump, bidder, leader


def _spec(pos: Position) -> tuple:
    """The core's spec of a play position, its masks checked at the core's door."""
    hands, leader, trick = core_hands(pos)
    return hands, pos._trump, pos._bidder, leader, trick


def _no_limit_before_play(limit) -> None:
    if limit is not None:
        raise PositionError("a limit applies to the card play: a deal still choosing its trumps, passes or "
                            "discards is solved by the exact feasibility search, which takes no limit yet")


def _position(hands, trump, bidder, leader) -> Position:
    return Position({SEATS[s]: cards_from_mask(hands[s]) for s in range(4)}, trump, bidder, leader)


class Solver(SolverBase, game="83", title="Eighty-Three", core="openhand.eightythree._core", table_mb=DEFAULT_TABLE_MB,
             states=(Position, Deal), core_class="ChoiceCoreSolver"):
    """An exact Eighty-Three play solver (its table holds whatever the trump suit or the bidder)."""

    def _play_of(self, state):
        """The play position of a state, or None for a deal still choosing
        its passes and discards; the auction cannot be solved."""
        state = self._check(state)
        if isinstance(state, Position):
            return state
        if state.phase == "bidding":
            raise PositionError("the auction has no open-hand value of its own: bid_table "
                                "(openhand.eightythree.feasibility) tells what each seat can make as bidder")
        return state._position

    # ------------------------------------------------------------ positions
    def solve(self, state, moves: bool = True, limit: Limit = None) -> SolveResult:
        """Exact points of the bidder's side in the remaining tricks and,
        with ``moves``, the value of every legal move (keyed by move text).
        A deal in its trumps, passing or discarding phase is valued by the
        exact feasibility search.  ``limit``: see :mod:`openhand.limits`
        (play positions only)."""
        limit = check_limit(limit)
        pos = self._play_of(state)
        if pos is None:
            _no_limit_before_play(limit)
            return self._solve_choices(state, moves)
        maxing = side_of(pos.to_move) == pos.bidder_side if not pos.is_over() else True
        if self._core is None or pos.is_over():
            return self._reference_limited(
                limit, lambda progress: reference.solve(pos, moves, progress),
                lambda nodes: reference_cut(pos, pos.bidder_side, nodes, maxing, pos.points_in_play()))
        return self._limited(limit, core_trick_result, pos, pos.bidder_side, self._core, _spec(pos), moves, limit,
                             maxing)

    def at_least(self, state, target: int, limit: Limit = None) -> bool:
        """Can the bidder's side end the deal with at least ``target``
        points (those already collected, when known, plus the rest)
        against best defence?  ``limit``: see :mod:`openhand.limits`
        (reached: :class:`~openhand.errors.LimitReached`)."""
        target = require_int(target, "target")
        limit = check_limit(limit)
        pos = self._play_of(state)
        if pos is None:
            _no_limit_before_play(limit)
            return self._solve_choices(state, False).value >= target
        if self._core is None or pos.is_over():
            return self._reference_limited(
                limit, lambda progress: reference.at_least(pos, target, progress),
                lambda nodes: raise_cut(reference_cut(pos, pos.bidder_side, nodes,
                                                      side_of(pos.to_move) == pos.bidder_side,
                                                      pos.points_in_play())))
        need = target - pos.score()[pos.bidder_side]
        if need <= 0 or need > pos.points_in_play():
            return need <= 0
        yes, nodes = self._limited(limit, self._core.at_least, _spec(pos), need)
        cut, lo, hi, move, proved = self._core.last
        if cut:
            raise_cut(trick_result(pos, pos.bidder_side, None, {}, nodes, side_of(pos.to_move) == pos.bidder_side,
                                   cut=True, lower=lo, upper=hi, best_move=str(Card(move)) if move >= 0 else None,
                                   best_move_proved=proved))
        return yes

    def _solve_choices(self, deal: Deal, moves: bool) -> SolveResult:
        """A deal in its trumps, passing or discarding phase: the exact
        feasibility value (points the bidder's side secures in the play),
        and each legal move's (:func:`.feasibility.move_values`)."""
        from .feasibility import deal_value, move_values
        side = side_of(deal.bidder)
        maxing = side_of(deal.to_move) == side
        per_move = move_values(deal, self) if moves or deal.phase == "trumps" else {}
        if per_move:
            value = (max if maxing else min)(per_move.values())
        else:
            value = deal_value(deal, solver=self)
        return SolveResult(game="83", side=("N-S", "E-W")[side], value=value, moves=per_move if moves else {},
                           so_far=0, nodes=0, maximizing=maxing)

    # ------------------------------------------------------------ hand masks
    def value_of(self, hands: Sequence[int], trump, bidder, leader=None) -> int:
        """The value (bidder's side points in the remaining tricks) of the
        trick-start position with these four hand masks (N, E, S, W); the
        leader defaults to the bidder.  Input is validated (cheap mask
        checks); see :meth:`values_of` for many positions at once."""
        hands, trump, bidder, leader = check_hands(hands, trump, bidder, leader)
        return self._value_of_trusted(hands, trump, bidder, leader)

    def at_least_of(self, hands: Sequence[int], trump, bidder, target: int, leader=None) -> bool:
        """Can the bidder's side take at least ``target`` points in the
        remaining tricks of this trick-start position?  (A null-window
        search: cheaper than :meth:`value_of` when only a bid matters.)"""
        hands, trump, bidder, leader = check_hands(hands, trump, bidder, leader)
        target = require_int(target, "target")
        if target <= 0 or target > TOTAL_POINTS:
            return target <= 0
        if self._core is None:
            return self._reference_at_least(hands, trump, bidder, leader, target)
        return self._core.at_least((hands, trump, bidder, leader, ()), target)[0]

    def values_of(self, deals, trump, bidder, leader=None, target: int = None) -> List[int]:
        """:meth:`value_of` (or, with ``target``, :meth:`at_least_of` as
        ``True``/``False``) for many trick-start positions sharing the trump
        suit, bidder and leader.  Each is validated in Python, then the C++
        core solves them all in one call without the GIL."""
        if target is not None:
            target = require_int(target, "target")
        trump, bidder = suit_index(trump), seat_index(bidder)
        leader = bidder if leader is None else seat_index(leader)
        if not is_list(deals):
            raise DealError(f"deals must be a list of hand-mask lists (N, E, S, W), got {deals!r}")
        checked = [check_hands(hands, trump, bidder, leader)[0] for hands in deals]
        if not checked:
            return []
        return self._values_of_trusted(checked, trump, bidder, leader, target)

    # Internal fast paths: no validation.  Only for positions the engine
    # built itself (hand masks from a legal Deal/Position), never for user
    # input: the C++ core trusts what it is given.  Without the core they
    # ask the Python reference, passing this solver's progress on (the bid
    # feasibility code's play questions come here too).
    def _reference_at_least(self, hands, trump: int, bidder: int, leader: int, target: int) -> bool:
        return reference.at_least(_position(hands, trump, bidder, leader), target, self.progress)

    def _value_of_trusted(self, hands, trump: int, bidder: int, leader: int) -> int:
        if self._core is None:
            pos = _position(hands, trump, bidder, leader)
            return reference.solve(pos, moves=False, progress=self.progress).value
        return self._core.value((hands, trump, bidder, leader, ()))[0]

    def _values_of_trusted(self, deals, trump: int, bidder: int, leader: int, target=None):
        if target is not None:
            target = require_int(target, "target")
        if self._core is None:
            if target is None:
                return [self._value_of_trusted(h, trump, bidder, leader) for h in deals]
            return [target <= 0 or self._reference_at_least(h, trump, bidder, leader, target)
                    for h in deals]
        specs = [(h, trump, bidder, leader, ()) for h in deals]
        if target is None:
            return self._core.batch(specs)[0]
        if target <= 0 or target > TOTAL_POINTS:
            return [target <= 0] * len(deals)
        return self._core.batch(specs, target)[0]

    def _at_least_until_trusted(self, deals, trump: int, bidder: int, leader: int, target: int,
                                stop: bool) -> List[int]:
        """"At least ``target``?" (1..83) for each trick-start position in
        order, stopping after the first answer equal to ``stop``: the
        answers so far, each a bound on the position's value: ``>= target``
        (yes; a lower bound) or ``< target`` (no; an upper bound).  One C++
        call (GIL released) for all of them."""
        if self._core is None:
            out = []
            for h in deals:
                ok = self._reference_at_least(h, trump, bidder, leader, target)
                out.append(target if ok else target - 1)
                if ok == stop:
                    break
            return out
        return self._core.batch_until([(h, trump, bidder, leader, ()) for h in deals], target, int(stop))[0]


def solve(state, moves: bool = True, limit: Limit = None) -> SolveResult:
    """Solve with this thread's default :class:`Solver`."""
    return Solver.default().solve(state, moves, limit)


def at_least(state, target: int, limit: Limit = None) -> bool:
    """Threshold question with this thread's default :class:`Solver`."""
    return Solver.default().at_least(state, target, limit)


_core = Solver.CORE   # the compiled module, or None (the Python reference)
