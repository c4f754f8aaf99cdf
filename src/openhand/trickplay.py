"""What the four-player partnership games share: the state of a deal's
card play (hands, the trick in progress, points gained, play / undo,
history), the checked hand-over to a C++ core, and the pure-Python
reference search over it.

65 and Eighty-Three differ only in their deck, which cards may be played to
a trick, and how a finished trick is scored; a game's ``Position``
subclasses :class:`TrickPosition` and supplies those three things.  Points
are always counted per side (N-S, E-W).  Cards are read-only from outside:
``hands``, ``trick`` and the rest are views, and only ``play`` and
``undo`` change a position, so what a solver is handed is always a
position the rules reached.
"""
from __future__ import annotations

from typing import Dict, Iterable, List, Optional, Sequence, Tuple

from .bound_table import INF, BoundTable
from .cards import Card, format_deal, mask_of, parse_cards, parse_deal, sort_cards
from .errors import DealError, PositionError, is_list, require_int
from .game import Game, LegalMoves, State
from .progress import NodeCounter
from .result import SolveResult
from .seats import SEATS, SIDES, seat_index, side_of

__all__ = ["PartnershipGame", "TrickPosition", "ReferenceSearch", "core_hands", "trick_result", "tricks_so_far",
           "core_trick_result", "reference_cut", "parse_pair", "check_spot"]


def check_spot(tricks_left, trick_cards, hand_size: int) -> None:
    """Refuse a moment of the play no deal of ``hand_size`` tricks has
    (``random_position``'s arguments): 1..hand_size tricks left, 0..3 cards
    in the trick.

    >>> check_spot(13, 0, 12)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    openhand.errors.PositionError: no position has 13 tricks left and 0 cards in the trick (tricks left: 1..12, ...
    """
    if not 1 <= require_int(tricks_left, "tricks_left") <= hand_size \
            or not 0 <= require_int(trick_cards, "trick_cards") <= 3:
        raise PositionError(f"no position has {tricks_left} tricks left and {trick_cards} cards in the trick "
                            f"(tricks left: 1..{hand_size}, cards in the trick: 0..3)")


def _cards(cards, what: str) -> List[Card]:
    """The cards of an iterable (a hand, a trick), or DealError naming ``what``."""
    if not (isinstance(cards, str) or is_list(cards)):
        raise DealError(f"{what} must be a list of cards, got {cards!r}")
    return [Card(c) for c in cards]


def _pair_text(pair) -> str:
    return "" if pair is None else f"{pair[0]} {pair[1]}"


def parse_pair(text: str, name: str) -> Tuple[int, int]:
    """Two whole numbers from a field like ``'12 10'`` (N-S, E-W)."""
    parts = text.replace(",", " ").replace("-", " ").split()
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() for p in parts):
        raise PositionError(f"{name} must be two whole numbers (N-S E-W), like '12 10', got {text!r}")
    return int(parts[0]), int(parts[1])


class PartnershipGame(Game):
    """What the four-player games (65, Eighty-Three) share as Games: seats
    N E S W, partnerships N-S against E-W."""

    num_players = 4
    players = SEATS
    side_names = SIDES
    side_players = ((0, 2), (1, 3))
    units = "points"

    def record_line(self, state) -> Optional[str]:
        """A record's line per trick, numbered (see :meth:`Game.record_line`)."""
        if isinstance(state, TrickPosition) and not state.trick:
            return f"{state.HAND_SIZE - state.tricks_left + 1}."
        return None


class TrickPosition(State):
    """A moment of a deal's card play; see the game's ``Position``.

    Subclasses set ``DECK``, ``HAND_SIZE``, ``TITLE`` and ``MOVE`` (the
    game's Move class) and implement :meth:`legal_cards`,
    :meth:`score_trick` and :meth:`illegal_reason`.
    """

    DECK: frozenset = frozenset()
    HAND_SIZE = 0
    TITLE = ""
    MOVE = None

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
    def _setup(self, hands, leader, trick: Iterable, points=None, tricks=None) -> None:
        self._hands: List[set] = [set(), set(), set(), set()]
        try:
            by_seat = dict(hands)
        except (TypeError, ValueError):
            raise DealError(f"hands must map seats to cards, like {{'N': ['AS', 'KH'], ...}}, "
                            f"got {hands!r}") from None
        for seat, cards in by_seat.items():
            self._hands[seat_index(seat)] = set(_cards(cards, f"{seat!r}'s hand"))
        self._leader = seat_index(leader)
        self._trick: List[Card] = _cards(trick, "the trick")
        self._moves: list = []
        self._undo: list = []
        self._winners: List[int] = []
        self._gained = (0, 0)
        self._validate_cards()
        self._check_pair("points", points)
        self._check_pair("tricks", tricks)
        if points is None and not self._trick and self.tricks_left == self.HAND_SIZE:
            points = (0, 0)          # the start of the play: nothing collected yet
        self._points0 = tuple(points) if points is not None else None
        self._tricks0 = tuple(tricks) if tricks is not None else None
        self._start = ([frozenset(h) for h in self._hands], self._leader, tuple(self._trick))

    @classmethod
    def _parse(cls, deal: str, trick) -> Tuple[Dict[str, frozenset], List[Card]]:
        """Hands and trick cards from a PBN deal string and a trick text."""
        trick_cards = parse_cards(trick) if isinstance(trick, str) else _cards(trick, "the trick")
        return parse_deal(deal, deck=cls.DECK, equal_sizes=not trick_cards), trick_cards

    def _validate_cards(self) -> None:
        seen: Dict[Card, str] = {}
        for s, hand in enumerate(self._hands):
            for c in hand:
                if c not in self.DECK:
                    raise DealError(f"card {c} is not in the {self.TITLE} deck")
                if c in seen:
                    raise DealError(f"card {c} is in both {seen[c]}'s and {SEATS[s]}'s hands")
                seen[c] = SEATS[s]
        for c in self._trick:
            if c not in self.DECK:
                raise DealError(f"card {c} in the trick is not in the {self.TITLE} deck")
            if c in seen:
                raise DealError(f"card {c} is both in the trick and in {seen[c]}'s hand")
            seen[c] = "the trick"
        if len(self._trick) > 3:
            raise PositionError(f"a trick in progress holds at most 3 cards, got {len(self._trick)}")
        sizes = [len(h) for h in self._hands]
        k = sizes[self._leader] + (1 if self._trick else 0)
        expected = [k - (1 if (s - self._leader) % 4 < len(self._trick) else 0) for s in range(4)]
        if sizes != expected or not 0 <= k <= self.HAND_SIZE:   # k == 0: the deal is over
            desc = ", ".join(f"{SEATS[s]} {sizes[s]}" for s in range(4))
            raise DealError(f"hand sizes {desc} do not fit a {self.TITLE} position with "
                            f"{SEATS[self._leader]} leading and {len(self._trick)} card(s) in the trick"
                            f" (hands hold 0..{self.HAND_SIZE} cards, 0 once the deal is over; "
                            f"players who already played hold one fewer)")
        for i, c in enumerate(self._trick):
            seat = (self._leader + i) % 4
            if c not in self.legal_cards(self._hands[seat] | {c}, self._trick[:i]):
                raise PositionError(f"{SEATS[seat]} could not play {c} to the trick {self.trick_text()}")

    @staticmethod
    def _check_pair(name: str, pair) -> None:
        if pair is not None and (isinstance(pair, (str, bytes)) or not hasattr(pair, "__len__")
                                 or len(pair) != 2 or any(
                not isinstance(x, int) or isinstance(x, bool) or x < 0 for x in pair)):
            raise PositionError(f"{name} must be two non-negative integers (N-S, E-W), got {pair!r}")

    # ------------------------------------------------------------ views
    @property
    def hands(self) -> Tuple[frozenset, ...]:
        """The four hands (N, E, S, W), read-only."""
        return tuple(frozenset(h) for h in self._hands)

    @property
    def leader(self) -> int:
        """The seat (0..3, N E S W) that led, or is to lead, the current trick."""
        return self._leader

    @property
    def trick(self) -> Tuple[Card, ...]:
        """The cards played to the current trick, from its leader."""
        return tuple(self._trick)

    @property
    def winners(self) -> Tuple[int, ...]:
        """The seats that won the tricks finished since the start."""
        return tuple(self._winners)

    @property
    def gained(self) -> Tuple[int, int]:
        """Points (N-S, E-W) taken since the start of this position."""
        return self._gained

    @property
    def points(self) -> Optional[Tuple[int, int]]:
        """Points (N-S, E-W) collected so far in the deal; None when the
        position did not say what was collected before it."""
        if self._points0 is None:
            return None
        return (self._points0[0] + self._gained[0], self._points0[1] + self._gained[1])

    def score(self) -> Tuple[int, int]:
        """Points (N-S, E-W) so far: :attr:`points`, or those gained since
        the start when the position did not say what came before."""
        return self.points or self._gained

    def trick_text(self) -> str:
        return " ".join(map(str, self._trick)) or "(empty)"

    def _seat_to_move(self) -> int:
        return (self._leader + len(self._trick)) % 4

    @property
    def to_move(self) -> Optional[int]:
        """The seat to play (0..3, N E S W), or None once the deal is over."""
        return None if self.is_over() else self._seat_to_move()

    @property
    def tricks_left(self) -> int:
        """Tricks still to finish, the current one included."""
        return len(self._hands[self._leader]) + (1 if self._trick else 0)

    def legal_cards_now(self) -> List[Card]:
        """The cards the player to move may play, in display order."""
        if self.is_over():
            return []
        return sort_cards(self.legal_cards(self._hands[self._seat_to_move()], self._trick))

    @property
    def legal_moves(self) -> LegalMoves:
        """The moves (cards) the player to move may play, in display order."""
        return LegalMoves([self.MOVE(str(c)) for c in self.legal_cards_now()], self.MOVE)

    def is_over(self) -> bool:
        return not self._trick and not any(self._hands)

    def deal(self) -> str:
        """The PBN string of the current hands."""
        return format_deal({SEATS[s]: self._hands[s] for s in range(4)})

    # ------------------------------------------------------------ moves
    def parse_move(self, move):
        if isinstance(move, Card):
            return self.MOVE(str(move))
        return super().parse_move(move)

    def why_illegal(self, move) -> str:
        seat = self._seat_to_move()
        card = getattr(move, "card", None)
        if card is None:
            return f"a move of the card play is a card, not {move!r}"
        if card not in self._hands[seat]:
            return f"{SEATS[seat]} does not hold {card}"
        return self.illegal_reason(card)

    def _apply(self, move) -> None:
        card = move.card
        seat = self._seat_to_move()
        self._undo.append((self._leader, list(self._trick), self._gained))
        self._hands[seat].discard(card)
        self._trick.append(card)
        if len(self._trick) == 4:
            winner, pts = self.score_trick(self._trick, self._leader, not any(self._hands))
            self._gained = (self._gained[0] + pts[0], self._gained[1] + pts[1])
            self._winners.append(winner)
            self._leader = winner
            self._trick = []

    def _take_back(self, player: int, move) -> None:
        leader, trick, gained = self._undo.pop()
        if len(trick) == 3:
            self._winners.pop()
        self._leader, self._trick, self._gained = leader, trick, gained
        self._hands[player].add(move.card)

    # ------------------------------------------------------------ text
    def _start_fields(self) -> List[Tuple[str, str]]:
        hands, leader, trick = self._start
        return [("deal", format_deal({SEATS[s]: hands[s] for s in range(4)})),
                ("leader", SEATS[leader]),
                ("trick", " ".join(map(str, trick))),
                ("points", _pair_text(self._points0)),
                ("tricks", _pair_text(self._tricks0))]

    def _moment(self):
        return (self.game, tuple(frozenset(h) for h in self._hands), self._leader, tuple(self._trick),
                self.points, self._tricks_now())

    def __eq__(self, other) -> bool:
        return isinstance(other, TrickPosition) and other._moment() == self._moment()

    __hash__ = None

    def _tricks_now(self):
        if self._tricks0 is None:
            return None
        won = [0, 0]
        for w in self._winners:
            won[side_of(w)] += 1
        return (self._tricks0[0] + won[0], self._tricks0[1] + won[1])

    @property
    def tricks(self) -> Optional[Tuple[int, int]]:
        """Tricks (N-S, E-W) won so far in the deal, when known."""
        return self._tricks_now()

    def _observed(self, player) -> dict:
        """The facts of the card play that ``player`` may know: own hand,
        every card played and by whom (``plays``, since the position's
        start, whose leader and trick are ``start_leader`` and
        ``start_trick``), the trick, the score."""
        p = seat_index(player)
        return {
            "player": p,
            "to_move": self.to_move,
            "leader": self._leader,
            "hand": tuple(str(c) for c in sort_cards(self._hands[p])),
            "hand_sizes": tuple(len(h) for h in self._hands),
            "start_leader": self._start[1],
            "start_trick": tuple(str(c) for c in self._start[2]),
            "plays": tuple((s, str(m)) for s, m in self._moves),
            "trick": tuple(str(c) for c in self._trick),
            "score": self.score(),
            "legal_moves": tuple(str(m) for m in self.legal_moves) if self.to_move == p else (),
        }


def core_hands(pos: TrickPosition) -> Tuple[List[int], int, List[int]]:
    """The masks, leader and trick handed to a C++ core, checked again at
    the core's door (cheap integer tests): four disjoint hands of the
    game's deck, sizes that fit the leader and the trick, a trick of at
    most 3 cards no hand holds.  A position changed behind the library's
    back is refused with :class:`PositionError`, never searched."""
    hands = [mask_of(h) for h in pos._hands]
    trick = [int(c) for c in pos._trick]
    leader = pos._leader
    cards = hands[0] | hands[1] | hands[2] | hands[3]
    count = len(pos._hands[0]) + len(pos._hands[1]) + len(pos._hands[2]) + len(pos._hands[3]) + len(trick)
    for c in trick:
        cards |= 1 << c
    if bin(cards).count("1") != count or cards & ~_deck_mask(type(pos)):
        raise PositionError("the position's cards are not those of a legal deal (changed from outside?)")
    if type(leader) is not int or not 0 <= leader < 4 or len(trick) > 3:
        raise PositionError("the position's leader or trick is not legal (changed from outside?)")
    k = len(pos._hands[leader]) + (1 if trick else 0)
    for s in range(4):
        if len(pos._hands[s]) != k - (1 if (s - leader) % 4 < len(trick) else 0):
            raise PositionError("the position's hand sizes are not legal (changed from outside?)")
    if k > pos.HAND_SIZE:
        raise PositionError("the position's hand sizes are not legal (changed from outside?)")
    return hands, leader, trick


_DECK_MASKS: Dict[type, int] = {}


def _deck_mask(cls) -> int:
    """The mask of a position class's deck (computed once per class)."""
    if cls not in _DECK_MASKS:
        _DECK_MASKS[cls] = mask_of(cls.DECK)
    return _DECK_MASKS[cls]


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

    def __init__(self, position: TrickPosition, side: int, progress=None, score=None) -> None:
        super().__init__(progress)
        self.pos = position
        self.side = side
        # score(trick, leader, last) -> (winner, (N-S, E-W)): the game's
        # own by default; another objective of the same play (65's tricks)
        # passes its own.
        self.score = position.score_trick if score is None else score
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
        winner, pts = self.score(new_trick, leader, not any(new_hands))
        mine = pts[self.side]
        return mine + self.value(new_hands, winner, (), alpha - mine, beta - mine)

    def _start(self):
        p = self.pos
        return tuple(frozenset(h) for h in p._hands), p._leader, tuple(p._trick)

    def solve(self, moves: bool) -> Tuple[int, Dict[str, int], bool]:
        """(value, per-move values, does the player to move maximise?)."""
        hands, leader, trick = self._start()
        value = 0 if self.pos.is_over() else self.value(hands, leader, trick, -_INF, _INF)
        per_move = {}
        seat = self.pos._seat_to_move()
        if moves:
            for card in self.pos.legal_cards_now():
                per_move[str(card)] = self.child(hands, leader, trick, seat, card, -_INF, _INF)
        return value, per_move, side_of(seat) == self.side

    def at_least(self, need: int) -> bool:
        """Can ``side`` take at least ``need`` points in the remaining tricks?"""
        if need <= 0 or self.pos.is_over():
            return need <= 0
        hands, leader, trick = self._start()
        return self.value(hands, leader, trick, need - 1, need) >= need


def trick_result(pos: TrickPosition, side: int, value: int, moves: Dict[str, int], nodes: int,
                 maximizing: bool, units: str = "points", **extra) -> SolveResult:
    """The SolveResult of a partnership position solved for ``side``
    (0: N-S, 1: E-W): values of the remaining tricks, and what the side
    has so far (``units`` ``'points'``, or ``'tricks'`` for the tricks it
    won).  ``extra``: the fields of an answer cut by a limit."""
    so_far = pos.score()[side] if units == "points" else tricks_so_far(pos)[side]
    return SolveResult(game=pos.game, side=SIDES[side], value=value, moves=moves, so_far=so_far,
                       nodes=nodes, maximizing=maximizing, units=units, **extra)


def tricks_so_far(pos: TrickPosition) -> Tuple[int, int]:
    """Tricks (N-S, E-W) won so far: :attr:`TrickPosition.tricks` when the
    position knows them, else those won since its start."""
    known = pos.tricks
    if known is not None:
        return known
    won = [0, 0]
    for w in pos.winners:
        won[side_of(w)] += 1
    return won[0], won[1]


def core_trick_result(pos: TrickPosition, side: int, core, spec, moves: bool, limit, maxing: bool,
                      units: str = "points") -> SolveResult:
    """Solve ``spec`` (the position ``pos``) on a card game's C++ core
    (``core``: the Solver's, with ``limit`` already set on it by the
    caller) and read its answer into a SolveResult, cut or not: moves are
    card ids, named by their text."""
    if not moves:
        value, nodes = core.value(spec)
        per_move = {}
    elif limit is None:
        value, per_card, nodes = core.move_values(spec)
        per_move = {str(c): per_card[int(c)] for c in pos.legal_cards_now()}
    else:
        value, bounds, nodes = core.move_bounds(spec)
        per_move = {str(c): bounds[int(c)] for c in pos.legal_cards_now() if int(c) in bounds}
    cut, lo, hi, move, proved = core.last
    best = None if move < 0 else str(Card(move))
    if not cut:
        if limit is not None and moves:
            per_move = {m: b[0] for m, b in per_move.items()}
        return trick_result(pos, side, value, per_move, nodes, maxing, units, best_move=best,
                            best_move_proved=proved)
    return trick_result(pos, side, None, {m: b[0] for m, b in per_move.items() if b[0] == b[1]}, nodes, maxing,
                        units, cut=True, lower=lo, upper=hi, best_move=best, best_move_proved=proved,
                        move_bounds=per_move)


def reference_cut(pos: TrickPosition, side: int, nodes: int, maxing: bool, upper: int,
                  units: str = "points") -> SolveResult:
    """The SolveResult of a reference solve stopped by its limit: the
    rest's trivial bounds 0..``upper`` and the first legal card."""
    legal = pos.legal_cards_now()
    return trick_result(pos, side, None, {}, nodes, maxing, units, cut=True, lower=0, upper=upper,
                        best_move=str(legal[0]) if legal else None)
