"""Sixty-Six positions: checking a position given in readable form, seeded
deals, :class:`Position` (a moment of a deal with the moves since its
start: the game's State) and seeded random positions for cross-checks."""
from __future__ import annotations

import random
from typing import Dict, List, Optional, Tuple

from ..cards import SUIT_CHARS, Card, Suit, mask_of, parse_cards, parse_hand
from ..errors import DealError, PositionError, is_list, require_fraction, require_int, require_seed
from ..game import LegalMoves, State
from .deck import (DECK, DISPLAY_IDS, GAME, HAND_SIZE, PLAYERS, STOCK_SIZE, TOTAL_CARD_POINTS, card_points,
                   cards_of, format_hand)
from .notation import Move, CLOSE_MOVE, MARRIAGE_OUT, OUT
from .rules import (Snapshot, counted, deal_result, final_points, is_over, is_strict, legal_actions, marriage_points,
                    require_over, step, to_move, why_illegal)

__all__ = ["Position", "make_state", "deal_state", "random_position"]


# ------------------------------------------------------------------ positions
def _two(value) -> Optional[list]:
    """``value`` as a list of two items (player 0's, player 1's), or None if
    it is not a collection of exactly two."""
    if isinstance(value, (str, bytes)):
        return None
    try:
        items = list(value)
    except TypeError:
        return None
    return items if len(items) == 2 else None


def _parse_cards(value, what: str) -> List[Card]:
    if isinstance(value, str):
        text = value.strip()
        cards = list(parse_hand(text)) if "." in text else parse_cards(text)
    elif isinstance(value, dict) or not is_list(value):
        raise DealError(f"{what} must be a hand text or a list of cards, got {value!r}")
    else:
        cards = [Card(c) for c in value]
    for c in cards:
        if c not in DECK:
            raise DealError(f"card {c} in {what} is not in the Sixty-Six deck (A T K Q J 9 of each suit)")
    return cards


def _player(value, what: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
        return int(value)
    raise PositionError(f"{what} must be player 0 or 1, got {value!r}")


def _suit(value, what: str) -> int:
    if isinstance(value, str) and len(value.strip()) == 1 and value.strip().upper() in SUIT_CHARS:
        return SUIT_CHARS.index(value.strip().upper())
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 4:
        return int(value)
    raise PositionError(f"{what} must be a suit letter S, H, D or C, got {value!r}")


def make_state(hands, stock, trump=None, leader=0, trick=None, points=(0, 0), tricks=(0, 0),
               marriages=((), ()), closed_by=None, closed_opponent_won=None, out=None) -> Snapshot:
    """Check a position given in readable form and build its :class:`Snapshot`.

    Raises :class:`DealError` for unknown or duplicated cards and
    :class:`PositionError` for anything a deal cannot reach (see
    :class:`Position`)."""
    two_hands = _two(hands)
    if two_hands is None:
        raise DealError(f"hands must be a list of the two players' hands, got {hands!r}")
    hand_cards = [_parse_cards(h, f"player {i}'s hand") for i, h in enumerate(two_hands)]
    stock_cards = _parse_cards(stock, "the stock")
    trick_card = None
    if trick is not None and trick != "":
        trick_card = Card(trick)
        if trick_card not in DECK:
            raise DealError(f"card {trick_card} in play is not in the Sixty-Six deck")
    seen: Dict[Card, str] = {}
    places = [(f"player {i}'s hand", h) for i, h in enumerate(hand_cards)]
    places += [("the stock", stock_cards), ("play", [trick_card] if trick_card else [])]
    for where, cards in places:
        for c in cards:
            if c in seen:
                where_first = seen[c]
                both = f"twice in {where}" if where_first == where else f"in {where_first} and in {where}"
                raise DealError(f"card {c} appears {both}")
            seen[c] = where
    if len(stock_cards) % 2 or len(stock_cards) > STOCK_SIZE:
        raise PositionError(f"the stock holds {len(stock_cards)} cards; a Sixty-Six stock holds an "
                            f"even number of cards, 0 to {STOCK_SIZE} (trump card included)")
    if trump is None:
        if not stock_cards:
            raise PositionError("the trump suit must be given once the stock is exhausted")
        trump_suit = int(stock_cards[-1].suit)
    else:
        trump_suit = _suit(trump, "trump")
    if stock_cards and stock_cards[-1].suit != trump_suit:
        raise PositionError(f"the trump card must be the last card of the stock: its last card "
                            f"{stock_cards[-1]} is not a {Suit(trump_suit).name.lower()[:-1]}")
    leader = _player(leader, "leader")
    closed = -1 if closed_by is None else _player(closed_by, "closed_by")
    out_p = -1 if out is None else _player(out, "out")
    pairs = {}
    for name, pair in (("points", points), ("tricks", tricks)):
        two = _two(pair)
        if two is None or any(not isinstance(x, int) or isinstance(x, bool) or x < 0 for x in two):
            raise PositionError(f"{name} must be two non-negative integers (player 0, player 1), got {pair!r}")
        pairs[name] = (int(two[0]), int(two[1]))
    points, tricks = pairs["points"], pairs["tricks"]
    n_lead, n_follow = len(hand_cards[leader]), len(hand_cards[1 - leader])
    in_play = 1 if trick_card else 0
    if n_follow != n_lead + in_play or n_follow > HAND_SIZE:
        raise PositionError(f"hand sizes {len(hand_cards[0])} and {len(hand_cards[1])} do not fit player "
                            f"{leader} leading with {in_play} card in play (at most {HAND_SIZE} each; "
                            f"the leader holds one fewer while his card is in play)")
    if stock_cards and closed < 0 and n_follow != HAND_SIZE:
        raise PositionError(f"with the stock open both players hold {HAND_SIZE} cards between tricks, "
                            f"found {n_lead} and {n_follow}")
    remaining = n_lead + n_follow + len(stock_cards) + in_play
    if sum(tricks) * 2 + remaining != len(DECK):
        raise PositionError(f"tricks {tricks} do not fit: {len(DECK) - remaining} cards have been "
                            f"played, so {(len(DECK) - remaining) // 2} tricks")
    out_of_play = TOTAL_CARD_POINTS - sum(card_points(c) for c in seen)
    if sum(points) != out_of_play:
        raise PositionError(f"points {points} must add up to {out_of_play}, the card points of the "
                            f"cards no longer in play")
    for p in PLAYERS:
        if points[p] and not tricks[p]:
            raise PositionError(f"player {p} has {points[p]} points but no trick")
    two_marriages = _two(marriages)
    if two_marriages is None or any(not (isinstance(m, str) or is_list(m)) for m in two_marriages):
        raise PositionError(f"marriages must be two lists of suits (player 0, player 1), got {marriages!r}")
    mar = [0, 0]
    for p in PLAYERS:
        for su in two_marriages[p]:
            bit = 1 << _suit(su, f"a marriage of player {p}")
            if (mar[0] | mar[1]) & bit:
                raise PositionError(f"the marriage in {SUIT_CHARS[bit.bit_length() - 1]} is shown twice")
            mar[p] |= bit
    if closed >= 0:
        if not stock_cards:
            raise PositionError("a closed stock keeps its cards (closing needs 2 or more), but the stock is empty")
        if n_follow == HAND_SIZE and closed != leader:
            raise PositionError(f"player {closed} cannot have closed: no trick has been played since, "
                                f"so he must be the leader")
        opp_won = (tricks[1 - closed] > 0) if closed_opponent_won is None else closed_opponent_won
        if not isinstance(opp_won, bool):
            raise PositionError(f"closed_opponent_won must be true or false, got {opp_won!r}")
        if opp_won and not tricks[1 - closed]:
            raise PositionError(f"player {1 - closed} had won a trick at the closing but has none now")
    else:
        if closed_opponent_won:
            raise PositionError("closed_opponent_won is set but the stock is not closed")
        opp_won = False
    if out_p >= 0 and (out_p != leader or trick_card):
        raise PositionError(f"player {out_p} can only have gone out on lead, before leading")
    return Snapshot((mask_of(hand_cards[0]), mask_of(hand_cards[1])), tuple(int(c) for c in stock_cards),
                 trump_suit, leader, int(trick_card) if trick_card else 0, points, tricks,
                 (mar[0], mar[1]), closed, opp_won, out_p)


def deal_state(seed=None, dealer: int = 0) -> Snapshot:
    """A seeded random deal (see the module notes for the dealing order)."""
    dealer = _player(dealer, "dealer")
    deck = [int(c) for c in DISPLAY_IDS]
    random.Random(require_seed(seed)).shuffle(deck)
    hands = [0, 0]
    hands[1 - dealer] = mask_of(deck[0:6])
    hands[dealer] = mask_of(deck[6:12])
    stock = tuple(deck[13:]) + (deck[12],)
    return Snapshot((hands[0], hands[1]), stock, deck[12] >> 4, 1 - dealer)


class Position(State):
    """A moment of a Sixty-Six deal, with the moves played since its start.

    ``hands``: the two hands (PBN ``'AT.K9..QJ'``, a card list, or a
    space-separated string).  ``stock``: cards in drawing order, the trump
    card last.  ``trump``: suit letter (needed only once the stock is empty).
    ``leader``: the player who leads (or led) the current trick; ``trick``:
    his card in play, if any.  ``points``: card points in the tricks each
    player won; ``tricks``: tricks won.  ``marriages``: the suits of the
    marriages each player showed.  ``closed_by``: the closer;
    ``closed_opponent_won``: whether the closer's opponent had won a trick
    when the stock was closed (default: whether he has one now).  ``out``:
    the player who went out, for a finished deal.  ``dealer``: the player
    who dealt, if known.  Players are 0 and 1.

    >>> p = Position(["AK.KQ..TJ", "TQ9.A..AK"], "9D JS TH 9H JD QD", leader=0,
    ...              points=[21, 9], tricks=[2, 1])
    >>> p.trump_card, p.to_move, p.score()
    (Card('QD'), 0, (21, 9))
    >>> p.legal_moves  # doctest: +NORMALIZE_WHITESPACE
    LegalMoves([Move('out'), Move('marriage H out'), Move('close'), Move('marriage KH'), Move('marriage QH'),
                Move('AS'), Move('KS'), Move('KH'), Move('QH'), Move('TC'), Move('JC')])
    >>> p.play("marriage KH"); p.score()   # 20 counts at once: he has a trick
    (41, 9)
    >>> p.play("AH"); p.points, p.to_move, p.stock   # player 1 wins, draws 9D
    ((21, 24), 1, [Card('TH'), Card('9H'), Card('JD'), Card('QD')])
    >>> p.legal_moves  # doctest: +NORMALIZE_WHITESPACE
    LegalMoves([Move('out'), Move('exchange'), Move('close'), Move('TS'), Move('QS'), Move('9S'), Move('9D'),
                Move('AC'), Move('KC')])
    >>> p.replay(["exchange", "close", "AC"]); p.hand_text(1), p.stock[-1]
    ('TQ9..Q.K', Card('9D'))
    >>> p.legal_moves   # strict play: follow clubs (AC cannot be beaten)
    LegalMoves([Move('TC'), Move('JC')])
    >>> p.play("QH")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    openhand.errors.IllegalMoveError: player 0 may not play QH: QH is not legal in strict play: follow clubs and beat AC
    if able, else trump if able
    """

    game = GAME

    def __init__(self, hands, stock, trump=None, leader=0, trick=None, points=(0, 0), tricks=(0, 0),
                 marriages=((), ()), closed_by=None, closed_opponent_won=None, out=None, dealer=None):
        self._set(make_state(hands, stock, trump, leader, trick, points, tricks, marriages,
                             closed_by, closed_opponent_won, out), dealer)

    def _set(self, snap: Snapshot, dealer=None) -> None:
        dealer = None if dealer is None else _player(dealer, "dealer")
        if dealer is not None and _fresh(snap) and snap.leader != 1 - dealer:
            raise PositionError(f"with player {dealer} dealing, player {1 - dealer} leads the first trick, "
                                f"not player {snap.leader}")
        self._snap = snap
        self._start = snap
        self._dealer = dealer
        self._moves: List[Tuple[int, Move]] = []
        self._undo: List[Snapshot] = []

    @classmethod
    def _from_snapshot(cls, snap: Snapshot, dealer=None) -> "Position":
        pos = cls.__new__(cls)
        pos._set(snap, dealer)
        return pos

    @classmethod
    def deal(cls, seed=None, dealer: int = 0) -> "Position":
        """A fresh seeded deal; the non-dealer (``1 - dealer``) leads."""
        return cls._from_snapshot(deal_state(seed, dealer), dealer)

    @classmethod
    def from_json(cls, text: str) -> "Position":
        """A position from its JSON (:mod:`.position_format`)."""
        from .position_format import from_json
        return from_json(text)

    @classmethod
    def from_dict(cls, data: dict) -> "Position":
        from .position_format import from_dict
        return from_dict(data)

    def to_json(self, indent=None) -> str:
        """The JSON of :mod:`.position_format`: the start and the moves."""
        from .position_format import to_json
        return to_json(self, indent)

    def to_dict(self) -> dict:
        from .position_format import to_dict
        return to_dict(self)

    def fields(self):
        from .position_format import text_fields
        return text_fields(self)

    def without_history(self) -> "Position":
        """The same moment as a new start (nothing to undo)."""
        return Position._from_snapshot(self._snap)

    def __eq__(self, other) -> bool:
        return isinstance(other, Position) and other._snap == self._snap

    __hash__ = None

    # ------------------------------------------------------------ queries
    @property
    def snapshot(self) -> Snapshot:
        """The compact immutable form of this moment (what solvers search)."""
        return self._snap

    @property
    def dealer(self) -> Optional[int]:
        return self._dealer

    @property
    def hands(self) -> Tuple[frozenset, frozenset]:
        return tuple(frozenset(cards_of(m)) for m in self._snap.hands)

    def hand_text(self, player: int) -> str:
        return format_hand(self._snap.hands[_player(player, "player")])

    @property
    def stock(self) -> List[Card]:
        """The stock, next card to be drawn first, the trump card last."""
        return [Card(c) for c in self._snap.stock]

    @property
    def trump(self) -> Suit:
        return Suit(self._snap.trump)

    @property
    def trump_card(self) -> Optional[Card]:
        """The face-up trump card while it lies in the stock."""
        return Card(self._snap.stock[-1]) if self._snap.stock else None

    @property
    def leader(self) -> int:
        return self._snap.leader

    @property
    def to_move(self) -> Optional[int]:
        """The player to act (0 or 1), or None once the deal is over."""
        return None if is_over(self._snap) else to_move(self._snap)

    @property
    def card_in_play(self) -> Optional[Card]:
        return Card(self._snap.trick) if self._snap.trick else None

    @property
    def points(self) -> Tuple[int, int]:
        """Card points in the tricks each player won (no marriages)."""
        return self._snap.points

    @property
    def tricks(self) -> Tuple[int, int]:
        return self._snap.tricks

    @property
    def marriages(self) -> Tuple[str, str]:
        """The suits of the marriages each player showed, like ``('HS', '')``."""
        return tuple("".join(SUIT_CHARS[s] for s in range(4) if m >> s & 1) for m in self._snap.marriages)

    def pending(self, player: int) -> int:
        """Marriage points shown by ``player`` that do not count yet (no trick)."""
        s, player = self._snap, _player(player, "player")
        return 0 if s.tricks[player] else marriage_points(s.marriages[player], s.trump)

    def score(self) -> Tuple[int, int]:
        """Counted points of players 0 and 1: tricks plus marriages (once
        that player has won a trick)."""
        return counted(self._snap, 0), counted(self._snap, 1)

    @property
    def closed_by(self) -> Optional[int]:
        return None if self._snap.closed_by < 0 else self._snap.closed_by

    @property
    def closed_opponent_won(self) -> bool:
        return self._snap.closed_opp_won

    @property
    def out(self) -> Optional[int]:
        return None if self._snap.out < 0 else self._snap.out

    def is_strict(self) -> bool:
        return is_strict(self._snap)

    def is_over(self) -> bool:
        return is_over(self._snap)

    def returns(self) -> Tuple[int, int]:
        """Game points (player 0, player 1) of the finished deal: one player
        scores 1 to 3, or nobody (equal totals)."""
        return deal_result(self._snap)[:2]

    result = returns

    def result_reason(self) -> str:
        return deal_result(self._snap)[2]

    def final_points(self) -> Tuple[int, int]:
        """Counted points (player 0, player 1) at the end of the deal, with
        the last-trick bonus when it was played out without closing (the
        card-points objective); :class:`PositionError` before the deal is
        over, as :meth:`returns` (the counted points so far:
        :meth:`score`)."""
        require_over(self._snap)
        return final_points(self._snap)

    # ------------------------------------------------------------ moves
    @property
    def legal_moves(self) -> LegalMoves:
        """Every legal move of the player to move, in a fixed order (see
        :func:`.rules.legal_actions`)."""
        return LegalMoves(legal_actions(self._snap), Move)

    def why_illegal(self, move) -> str:
        return why_illegal(self._snap, move) or "it is not legal now"

    def _doing(self, move) -> str:
        return {"close": "close", "exchange": "exchange", "out": "go out"}.get(str(move), f"play {move}")

    def _apply(self, move) -> None:
        self._undo.append(self._snap)
        self._snap = step(self._snap, move)

    def _take_back(self, player, move) -> None:
        self._snap = self._undo.pop()

    def get_game(self):
        from .game import SixtySix
        return SixtySix()

    def observation(self, player):
        from .observation import observe
        return observe(self, _player(player, "player"))

    def __str__(self) -> str:
        from .observation import diagram
        return diagram(self)


def _fresh(snap: Snapshot) -> bool:
    """Is this the start of a deal (full stock, nothing played)?"""
    return len(snap.stock) == STOCK_SIZE and not snap.trick and snap.tricks == (0, 0)


def random_position(seed=None, max_stock: int = 4, extra: Optional[int] = None,
                    dealer: Optional[int] = None, close_rate: float = 0.05) -> Position:
    """A seeded random position for cross-checks: from a seeded deal, random
    legal actions (never a claim; ``close``, when legal, is a candidate only
    with probability ``close_rate``) until the stock holds at most
    ``max_stock`` cards or is closed, then ``extra`` more (default: 0..2 at
    random) while the deal goes on.  Positions are never over; they keep
    their history from the deal's start.
    ``max_stock`` and ``extra`` are whole numbers of at least 0 and
    ``close_rate`` a number from 0 to 1, else :class:`PositionError`.

    >>> p = random_position(5, max_stock=2)
    >>> len(p.stock) <= 2 or p.closed_by is not None, p.is_over()
    (True, False)
    """
    if require_int(max_stock, "max_stock") < 0:
        raise PositionError(f"max_stock must be at least 0 (a number of stock cards), got {max_stock!r}")
    if extra is not None and require_int(extra, "extra") < 0:
        raise PositionError(f"extra must be at least 0 (a number of actions), got {extra!r}")
    close_rate = require_fraction(close_rate, "close_rate")
    rng = random.Random(require_seed(seed))
    if dealer is None:
        dealer = rng.randrange(2)
    pos = Position.deal(rng.randrange(2 ** 32), dealer)
    if extra is None:
        extra = rng.randrange(3)

    def advance() -> bool:
        """Play a random move; False (and nothing played) if it ends the deal."""
        acts = [a for a in legal_actions(pos._snap) if a.kind not in (OUT, MARRIAGE_OUT)]
        if CLOSE_MOVE in acts and rng.random() >= close_rate:
            acts.remove(CLOSE_MOVE)
        pos.play(acts[rng.randrange(len(acts))])
        if pos.is_over():
            pos.undo()
            return False
        return True

    while len(pos.stock) > max_stock and pos.closed_by is None:
        if not advance():   # cannot happen before the stock is exhausted or closed
            raise AssertionError("deal over too early")
    for _ in range(extra):
        if not advance():
            break
    return pos
