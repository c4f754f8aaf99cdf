"""What the four-player partnership games share: the position of a deal in
play (hands, the trick in progress, points gained, play / undo, record) and
the pure-Python reference search over it.

65 and Eighty-Three differ only in their deck, which cards may be played to
a trick, and how a finished trick is scored; a game's ``Position``
subclasses :class:`TrickPosition` and supplies those three things.  Points
are always counted per side (N-S, E-W).
"""
from __future__ import annotations

from typing import Dict, Iterable, List, Optional, Sequence, Tuple

from .bound_table import INF, BoundTable
from .cards import Card, format_deal, parse_cards, parse_deal, sort_cards
from .errors import DealError, IllegalMoveError, PositionError, is_list, require_int
from .progress import NodeCounter
from .result import SolveResult
from .seats import SEATS, seat_index, side_of


def _cards(cards, what: str) -> List[Card]:
    """The cards of an iterable (a hand, a trick), or DealError naming ``what``."""
    if not (isinstance(cards, str) or is_list(cards)):
        raise DealError(f"{what} must be a list of cards, got {cards!r}")
    return [Card(c) for c in cards]


class TrickPosition:
    """A moment of a deal in play; see the game's ``Position`` for details.

    Subclasses set ``DECK``, ``HAND_SIZE`` and ``TITLE`` and implement
    :meth:`legal_cards`, :meth:`score_trick` and :meth:`illegal_reason`.
    """

    DECK: frozenset = frozenset()
    HAND_SIZE = 0
    TITLE = ""

    # ------------------------------------------------------------ game hooks
    def legal_cards(self, hand: Iterable[Card], trick: Sequence[Card]) -> List[Card]:
        """The cards of ``hand`` that may be played to ``trick``."""
        raise NotImplementedError

    def score_trick(self, trick: Sequence[Card], leader: int, last: bool) -> Tuple[int, Tuple[int, int]]:
        """(winner seat, (N-S points, E-W points)) of a complete trick."""
        raise NotImplementedError

    def illegal_reason(self, card: Card) -> str:
        """Why the player to move may not play ``card`` (which they hold)."""
        raise NotImplementedError

    # ------------------------------------------------------------ building
    def _setup(self, hands, leader, trick: Iterable) -> None:
        self.hands: List[set] = [set(), set(), set(), set()]
        try:
            by_seat = dict(hands)
        except (TypeError, ValueError):
            raise DealError(f"hands must map seats to cards, like {{'N': ['AS', 'KH'], ...}}, "
                            f"got {hands!r}") from None
        for seat, cards in by_seat.items():
            self.hands[seat_index(seat)] = set(_cards(cards, f"{seat!r}'s hand"))
        self.leader = seat_index(leader)
        self.trick: List[Card] = _cards(trick, "the trick")
        self.record: List[Tuple[int, Card]] = []
        self.winners: List[int] = []
        self.gained = (0, 0)
        self._history: list = []
        self._validate_cards()

    @classmethod
    def _parse(cls, deal: str, trick) -> Tuple[Dict[str, frozenset], List[Card]]:
        """Hands and trick cards from a PBN deal string and a trick text."""
        trick_cards = parse_cards(trick) if isinstance(trick, str) else _cards(trick, "the trick")
        return parse_deal(deal, deck=cls.DECK, equal_sizes=not trick_cards), trick_cards

    def _validate_cards(self) -> None:
        seen: Dict[Card, str] = {}
        for s, hand in enumerate(self.hands):
            for c in hand:
                if c not in self.DECK:
                    raise DealError(f"card {c} is not in the {self.TITLE} deck")
                if c in seen:
                    raise DealError(f"card {c} is in both {seen[c]}'s and {SEATS[s]}'s hands")
                seen[c] = SEATS[s]
        for c in self.trick:
            if c not in self.DECK:
                raise DealError(f"card {c} in the trick is not in the {self.TITLE} deck")
            if c in seen:
                raise DealError(f"card {c} is both in the trick and in {seen[c]}'s hand")
            seen[c] = "the trick"
        if len(self.trick) > 3:
            raise PositionError(f"a trick in progress holds at most 3 cards, got {len(self.trick)}")
        sizes = [len(h) for h in self.hands]
        k = sizes[self.leader] + (1 if self.trick else 0)
        expected = [k - (1 if (s - self.leader) % 4 < len(self.trick) else 0) for s in range(4)]
        if sizes != expected or not 0 <= k <= self.HAND_SIZE:   # k == 0: the deal is over
            desc = ", ".join(f"{SEATS[s]} {sizes[s]}" for s in range(4))
            raise DealError(f"hand sizes {desc} do not fit a {self.TITLE} position with "
                            f"{SEATS[self.leader]} leading and {len(self.trick)} card(s) in the trick"
                            f" (hands hold 0..{self.HAND_SIZE} cards, 0 once the deal is over; "
                            f"players who already played hold one fewer)")
        for i, c in enumerate(self.trick):
            seat = (self.leader + i) % 4
            if c not in self.legal_cards(self.hands[seat] | {c}, self.trick[:i]):
                raise PositionError(f"{SEATS[seat]} could not play {c} to the trick {self.trick_text()}")

    @staticmethod
    def _check_pair(name: str, pair) -> None:
        if pair is not None and (isinstance(pair, (str, bytes)) or not hasattr(pair, "__len__")
                                 or len(pair) != 2 or any(
                not isinstance(x, int) or isinstance(x, bool) or x < 0 for x in pair)):
            raise PositionError(f"{name} must be two non-negative integers (N-S, E-W), got {pair!r}")

    # ------------------------------------------------------------ queries
    def trick_text(self) -> str:
        return " ".join(map(str, self.trick)) or "(empty)"

    @property
    def to_move_index(self) -> int:
        return (self.leader + len(self.trick)) % 4

    @property
    def to_move(self) -> str:
        return SEATS[self.to_move_index]

    @property
    def tricks_left(self) -> int:
        """Tricks still to finish, the current one included."""
        return len(self.hands[self.leader]) + (1 if self.trick else 0)

    @property
    def legal_moves(self) -> List[Card]:
        """The cards the player to move may play, in display order."""
        if self.is_over():
            return []
        return sort_cards(self.legal_cards(self.hands[self.to_move_index], self.trick))

    def is_over(self) -> bool:
        return not self.trick and not any(self.hands)

    def deal_score(self) -> Optional[Tuple[int, int]]:
        """Points of (N-S, E-W) so far: collected before plus gained here;
        ``None`` when the position did not say what was collected before."""
        if self.points is None:
            return None
        return (self.points[0] + self.gained[0], self.points[1] + self.gained[1])

    def deal(self) -> str:
        """The PBN string of the current hands."""
        return format_deal({SEATS[s]: self.hands[s] for s in range(4)})

    def _repr_tail(self) -> str:
        tail = f", trick={' '.join(map(str, self.trick))!r}" if self.trick else ""
        if self.points is not None:
            tail += f", points={self.deal_score()!r}"
        return tail

    # ------------------------------------------------------------ moves
    def play(self, card) -> None:
        """Play ``card`` (``'AS'`` or a Card) for the player to move."""
        card = Card(card)
        seat = self.to_move_index
        if self.is_over():
            raise IllegalMoveError(f"the deal is over; {card} cannot be played")
        if card not in self.hands[seat]:
            raise IllegalMoveError(f"{SEATS[seat]} does not hold {card}")
        if card not in self.legal_cards(self.hands[seat], self.trick):
            raise IllegalMoveError(f"{SEATS[seat]} may not play {card}: {self.illegal_reason(card)}")
        self._history.append((self.leader, list(self.trick), self.gained))
        self.hands[seat].discard(card)
        self.trick.append(card)
        self.record.append((seat, card))
        if len(self.trick) == 4:
            winner, pts = self.score_trick(self.trick, self.leader, not any(self.hands))
            self.gained = (self.gained[0] + pts[0], self.gained[1] + pts[1])
            self.winners.append(winner)
            self.leader = winner
            self.trick = []

    def undo(self) -> Card:
        """Take back the last card played and return it."""
        if not self.record:
            raise IllegalMoveError("nothing to undo")
        seat, card = self.record.pop()
        leader, trick, gained = self._history.pop()
        if len(trick) == 3:
            self.winners.pop()
        self.leader, self.trick, self.gained = leader, trick, gained
        self.hands[seat].add(card)
        return card


# ---------------------------------------------------------------- reference
_INF = INF


class ReferenceSearch(NodeCounter):
    """Plain fail-soft alpha-beta over the points ``side`` takes in the
    remaining tricks, with one transposition table at trick starts.

    Sound because the points still to come depend only on the hands and the
    leader, never on how the position was reached, so a bound learnt once
    holds on every path.  No move ordering, no equivalent-card reduction: it
    is meant to be read and trusted, not to be fast.

    ``progress`` (see :mod:`openhand.progress`) is called every 2^16 nodes;
    what it raises unwinds the search.  Nothing half-done is kept: the
    table belongs to this one search (one solve call) and goes with it, and
    a node stores its bound only after all its children have returned.
    """

    def __init__(self, position: TrickPosition, side: int, progress=None) -> None:
        super().__init__(progress)
        self.pos = position
        self.side = side
        self.table = BoundTable()

    def value(self, hands: tuple, leader: int, trick: tuple, alpha: int, beta: int) -> int:
        """``side``'s points in the remaining tricks (fail-soft in alpha..beta)."""
        self.count_node()
        seat = (leader + len(trick)) % 4
        key = None
        if not trick:
            if not hands[leader]:
                return 0
            key = (hands, leader)
            known, alpha, beta = self.table.probe(key, alpha, beta)
            if known is not None:
                return known
        maximizing = side_of(seat) == self.side
        best = -_INF if maximizing else _INF
        a, b = alpha, beta
        for card in self.pos.legal_cards(hands[seat], trick):
            v = self.child(hands, leader, trick, seat, card, a, b)
            if maximizing:
                best, a = max(best, v), max(a, v)
            else:
                best, b = min(best, v), min(b, v)
            if a >= b:
                break
        if key is not None:
            self.table.store(key, best, alpha, beta)
        return best

    def child(self, hands, leader, trick, seat, card, alpha, beta) -> int:
        """Value after ``seat`` plays ``card``."""
        new_hands = tuple(h - {card} if s == seat else h for s, h in enumerate(hands))
        new_trick = trick + (card,)
        if len(new_trick) < 4:
            return self.value(new_hands, leader, new_trick, alpha, beta)
        winner, pts = self.pos.score_trick(new_trick, leader, not any(new_hands))
        mine = pts[self.side]
        return mine + self.value(new_hands, winner, (), alpha - mine, beta - mine)

    def _start(self):
        p = self.pos
        return tuple(frozenset(h) for h in p.hands), p.leader, tuple(p.trick)

    def solve(self, moves: bool, perspective: str) -> SolveResult:
        hands, leader, trick = self._start()
        value = 0 if self.pos.is_over() else self.value(hands, leader, trick, -_INF, _INF)
        per_move = {}
        if moves:
            seat = self.pos.to_move_index
            for card in self.pos.legal_moves:
                per_move[str(card)] = self.child(hands, leader, trick, seat, card, -_INF, _INF)
        maximizing = side_of(self.pos.to_move_index) == self.side
        return SolveResult(value, per_move, self.nodes, perspective, maximizing)

    def at_least(self, target: int) -> bool:
        """Can ``side`` end the deal with ``target`` points (those already
        collected, when the position knows them, plus the remaining tricks)?"""
        need = require_int(target, "target") - (self.pos.deal_score() or (0, 0))[self.side]
        if self.pos.is_over():
            return need <= 0
        hands, leader, trick = self._start()
        return self.value(hands, leader, trick, need - 1, need) >= need
