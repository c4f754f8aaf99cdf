"""Eighty-Three: the pure-Python rules of the play and the scoring (the spec).

Rules (the full text: docs/rules.md, section Eighty-Three):
- 53 cards: 52 + one joker.  Four players, N-S against E-W.
- Trumps, given the trump suit: its 13 cards, the five of the other suit of
  the same colour (the "off-five": 5D when hearts are trumps, 5C when spades
  are) and the joker: 15 trumps, ranked high to low
  ``A K Q J T 9 8 7 6 5 off-five 4 3 2 joker``.  The off-five and the joker
  are trumps for every purpose and belong to no other suit; the off-five's
  printed suit has 12 cards while that suit is not trumps.
- Points, trumps only ("scoring trumps"): A 1, K 25, Q 20, J 1, T 1, 9 9,
  5 5, off-five 5, 2 1, joker 15: 83 in all.
- Play: 6 tricks of 6-card hands, the bidder leads the first, the winner of
  a trick leads the next.  Trump led: play a trump if able, else any card.
  Non-trump led: play that suit or a trump; only a player with none of the
  suit led may play another suit.  The highest trump wins, else the highest
  card of the suit led.  The winning side takes the points of all four cards.
- Scoring a deal: the defenders score what they won; the bidders score what
  they won if it reaches the bid, else minus the bid (option
  ``penalty="won"``: minus what they won).  83 doubled: +166 if the bidders
  took all 83 points, else -166 (whatever the penalty option).

Design choices (the C++ core follows them exactly):
- The trump model is one function, :func:`card_key`: each card maps, given
  the trump suit, to (effective suit, strength).  The effective suit is the
  printed suit 0..3 (S H D C), or ``TRUMPS`` (4) for every trump; strength is
  the rank 2..14 for a non-trump and 0..14 for a trump (joker 0, trump 2 1,
  trump 3 2, trump 4 3, off-five 4, trump 5..A 5..14).  Following and
  winning read only this key.  Legal cards are listed in ascending card id
  (``suit * 16 + rank``, joker 15); the reference solver tries them so.
- Bids are integers: ``PASS`` (0), 30..83, and ``DOUBLED`` (84, "83 doubled",
  the one bid above 83).
- A play position may start anywhere in the play: hands of 1..6 cards, the
  players who already played to the trick in progress holding one fewer;
  or the end of the play (four empty hands), so a finished deal copies.
  The trump suit, the bidder and the leader are given; the leader defaults
  to the bidder.  Points already collected are optional; when given they are
  (N-S, E-W) and must add up to 83 minus the points still in play.

>>> pos = Position.from_deal("N:A.9..+JK K.2.5. 5.K..T 4.3..2", trump="H", bidder="N")
>>> pos.legal_moves
LegalMoves([Move('AS'), Move('9H'), Move('JK')])
>>> pos.play("JK"); pos.legal_moves   # trump led: a trump if able
LegalMoves([Move('2H'), Move('5D')])
>>> pos.play("5D"); pos.play("KH"); pos.play("3H")
>>> pos.winners, pos.gained      # S's KH wins JK 15 + 5D 5 + KH 25 for N-S
((2,), (45, 0))
"""
from __future__ import annotations

import random
from typing import Dict, Iterable, List, Sequence, Tuple

from ..cards import JOKER, RANK_CHARS, SUIT_CHARS, Card, Suit, make_card, make_deck
from ..errors import IllegalMoveError, PositionError, require_seed
from ..seats import SEATS, seat_index, side_of
from ..trickplay import TrickPosition

__all__ = ["Position", "DECK", "TRUMPS", "PASS", "DOUBLED", "MIN_BID", "card_key", "is_trump",
           "trump_rank", "points", "legal_cards", "trick_winner_index", "trick_points", "score_deal",
           "parse_bid", "bid_text", "suit_index", "off_five", "trump_order", "scoring_trumps",
           "is_scoring_trump", "random_hands"]

GAME = "83"
DECK = make_deck(RANK_CHARS, joker=True)
HAND_SIZE = 6          # cards per player in the play
DEALT = 12             # cards per player in the deal
KITTY_SIZE = 5
TOTAL_POINTS = 83
TRUMPS = 4             # the effective suit of every trump
PASS = 0
MIN_BID = 30
DOUBLED = 84           # "83 doubled": the bid above 83, needs all 83 points
DOUBLED_STAKE = 166
PENALTIES = ("bid", "won")

# Points of the trump suit's own cards, by rank; the off-five scores 5 too.
_SUIT_POINTS = {14: 1, 13: 25, 12: 20, 11: 1, 10: 1, 9: 9, 5: 5, 2: 1}
OFF_FIVE_POINTS = 5
JOKER_POINTS = 15


# ------------------------------------------------------------------ trump model
def suit_index(suit) -> int:
    """0..3 from ``'S'``/``'H'``/``'D'``/``'C'`` (any case), a Suit or an int.

    >>> suit_index("h"), suit_index(Suit.CLUBS)
    (1, 3)
    """
    if isinstance(suit, str) and suit.strip().upper() in tuple(SUIT_CHARS):
        return SUIT_CHARS.index(suit.strip().upper())
    if isinstance(suit, int) and not isinstance(suit, bool) and 0 <= suit < 4:
        return int(suit)
    raise PositionError(f"unknown trump suit {suit!r}: expected one of S, H, D, C")


def same_colour(suit: int) -> int:
    """The other suit of the same colour: S<->C (black), H<->D (red)."""
    return 3 - suit


def off_five(trump: int) -> Card:
    """The five of the same-colour suit, a trump.

    >>> off_five(suit_index("H")), off_five(suit_index("C"))
    (Card('5D'), Card('5S'))
    """
    return make_card(5, same_colour(trump))


def is_trump(card: Card, trump: int) -> bool:
    """True for the trump suit's cards, the off-five and the joker."""
    return card == JOKER or card // 16 == trump or card == off_five(trump)


def card_key(card: Card, trump: int) -> Tuple[int, int]:
    """(effective suit, strength) of ``card`` when ``trump`` is trumps.

    >>> [card_key(Card(c), 1) for c in ("AH", "5H", "5D", "4H", "2H", "JK", "5S", "AD")]
    [(4, 14), (4, 5), (4, 4), (4, 3), (4, 1), (4, 0), (0, 5), (2, 14)]
    """
    if card == JOKER:
        return TRUMPS, 0
    suit, rank = card // 16, card % 16
    if suit == trump:
        return TRUMPS, rank if rank >= 5 else rank - 1
    if rank == 5 and suit == same_colour(trump):
        return TRUMPS, 4
    return suit, rank


def effective_suit(card: Card, trump: int) -> int:
    return card_key(card, trump)[0]


def trump_rank(card: Card, trump: int) -> int:
    """Strength 0 (joker) .. 14 (ace) of a trump; -1 for a non-trump."""
    s, strength = card_key(card, trump)
    return strength if s == TRUMPS else -1


def trump_order(trump: int) -> List[Card]:
    """The 15 trumps, highest first.

    >>> " ".join(map(str, trump_order(suit_index("S"))))
    'AS KS QS JS TS 9S 8S 7S 6S 5S 5C 4S 3S 2S JK'
    """
    cards = [c for c in DECK if is_trump(c, trump)]
    return sorted(cards, key=lambda c: -card_key(c, trump)[1])


def points(card: Card, trump: int) -> int:
    """Card points: only the ten scoring trumps count (83 in all).

    >>> sum(points(c, 2) for c in DECK), [str(c) for c in scoring_trumps(2)]
    (83, ['AD', 'KD', 'QD', 'JD', 'TD', '9D', '5D', '5H', '2D', 'JK'])
    """
    if card == JOKER:
        return JOKER_POINTS
    if card // 16 == trump:
        return _SUIT_POINTS.get(card % 16, 0)
    if card == off_five(trump):
        return OFF_FIVE_POINTS
    return 0


def is_scoring_trump(card: Card, trump: int) -> bool:
    return points(card, trump) > 0


def scoring_trumps(trump: int) -> List[Card]:
    """The ten scoring trumps, highest first."""
    return [c for c in trump_order(trump) if points(c, trump)]


# ------------------------------------------------------------------ the play
def legal_cards(hand: Iterable[Card], trick: Sequence[Card], trump: int) -> List[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (cards so far),
    lowest card id first.

    >>> from openhand.cards import parse_cards
    >>> h = parse_cards("AS 5C 3H JK 4D")
    >>> [str(c) for c in legal_cards(h, parse_cards("KH"), 0)]   # hearts led: heart or trump
    ['AS', 'JK', '3H', '5C']
    >>> [str(c) for c in legal_cards(h, parse_cards("KC"), 0)]   # void in clubs (5C is a trump)
    ['AS', 'JK', '3H', '4D', '5C']
    """
    hand = sorted(hand)
    if not trick:
        return hand
    led = effective_suit(trick[0], trump)
    if led == TRUMPS:
        trumps = [c for c in hand if is_trump(c, trump)]
        return trumps or hand
    follow = [c for c in hand if effective_suit(c, trump) in (led, TRUMPS)]
    if any(effective_suit(c, trump) == led for c in follow):
        return follow
    return hand


def trick_winner_index(trick: Sequence[Card], trump: int) -> int:
    """Index (0 = leader) of the card that wins a complete trick: the highest
    trump, else the highest card of the suit led."""
    best = 0
    bs, br = card_key(trick[0], trump)
    for i in range(1, len(trick)):
        s, r = card_key(trick[i], trump)
        if (s == bs and r > br) or (s == TRUMPS and bs != TRUMPS):
            best, bs, br = i, s, r
    return best


def trick_points(trick: Sequence[Card], leader: int, trump: int) -> Tuple[int, int]:
    """(winner seat, points of the four cards): the winner's side takes them all."""
    winner = (leader + trick_winner_index(trick, trump)) % 4
    return winner, sum(points(c, trump) for c in trick)


# ------------------------------------------------------------------ scoring
def bid_text(bid: int) -> str:
    """``'pass'``, ``'30'`` .. ``'83'`` or ``'83 doubled'``."""
    return "pass" if bid == PASS else "83 doubled" if bid == DOUBLED else str(bid)


def parse_bid(value) -> int:
    """A bid from ``'pass'``, an int or text ``30..83``, or ``'83 doubled'``
    (also ``'83d'``, ``'83x'``, ``'doubled'``, ``84``).

    >>> parse_bid("pass"), parse_bid(" 45 "), parse_bid("83 Doubled")
    (0, 45, 84)
    >>> parse_bid("29")
    Traceback (most recent call last):
    ...
    openhand.errors.IllegalMoveError: unknown bid '29': bids are pass, 30..83 and '83 doubled'
    """
    if isinstance(value, str):
        token = " ".join(value.strip().lower().split())
        if token in ("pass", "p", "0"):
            return PASS
        if token in ("83 doubled", "83d", "83x", "doubled", "double", "84"):
            return DOUBLED
        if token.isascii() and token.isdigit() and MIN_BID <= int(token) <= 83:
            return int(token)
    elif isinstance(value, int) and not isinstance(value, bool):
        if value == PASS or MIN_BID <= value <= DOUBLED:
            return int(value)
    raise IllegalMoveError(f"unknown bid {value!r}: bids are pass, 30..83 and '83 doubled'")


def bid_needs(bid: int) -> int:
    """The points the bidders must take to make ``bid``."""
    return TOTAL_POINTS if bid == DOUBLED else bid


def score_deal(bid: int, bidder, won: Tuple[int, int], penalty: str = "bid") -> Tuple[int, int]:
    """The deal scores (N-S, E-W) from the points each side ``won`` in play.

    >>> score_deal(50, "N", (52, 31)), score_deal(50, "E", (52, 31))
    ((52, 31), (52, -50))
    >>> score_deal(50, "E", (52, 31), penalty="won"), score_deal(DOUBLED, "S", (83, 0))
    ((52, -31), (166, 0))
    >>> score_deal(DOUBLED, "W", (1, 82))
    (1, -166)
    """
    if penalty not in PENALTIES:
        raise PositionError(f"unknown penalty option {penalty!r}: expected 'bid' or 'won'")
    bid = parse_bid(bid)
    if bid == PASS:
        raise PositionError("a deal is scored against a bid of 30..83 or 83 doubled, not a pass")
    side = side_of(seat_index(bidder))
    TrickPosition._check_pair("won", won)      # two non-negative integers
    if won is None or sum(won) != TOTAL_POINTS:
        raise PositionError(f"won must be the points of both sides, adding up to {TOTAL_POINTS}, got {won!r}")
    made = won[side] >= bid_needs(bid)
    if bid == DOUBLED:
        mine = DOUBLED_STAKE if made else -DOUBLED_STAKE
    elif made:
        mine = won[side]
    else:
        mine = -bid if penalty == "bid" else -won[side]
    out = [won[0], won[1]]
    out[side] = mine
    return out[0], out[1]


# ------------------------------------------------------------------ positions
class Position(TrickPosition):
    """A moment of the play of an Eighty-Three deal.

    ``hands`` maps seats to cards, ``trump`` is the trump suit (``'H'``),
    ``bidder`` the seat that won the auction, ``leader`` the seat that led
    (or is to lead) the current trick, ``trick`` the cards already played to
    it.  ``points`` (N-S, E-W) are what each side collected before, if
    known (0-0 at the start of the play).  A whole deal, auction to score,
    is a :class:`~openhand.eightythree.deal.Deal`; its play is one of these.

    >>> p = Position.from_deal("N:AK.5.. QJ...5 T9..2. ..3.+JK", trump="S", bidder="E",
    ...                        leader="W", trick="4S")
    >>> p.to_move, p.tricks_left, p.points_in_play(), p.legal_moves
    (0, 3, 77, LegalMoves([Move('AS'), Move('KS')]))
    >>> p.trump, p.bidder
    (<Suit.SPADES: 0>, 1)
    >>> p.to_text()
    'game=83; deal=N:AK.5.. QJ...5 T9..2. ..3.+JK; trump=S; bidder=E; leader=W; trick=4S'
    """

    game = GAME
    DECK = DECK
    HAND_SIZE = HAND_SIZE
    TITLE = "Eighty-Three"

    def __init__(self, hands, trump, bidder, leader=None, trick: Iterable = (), points=None):
        self._trump = suit_index(trump)
        self._bidder = seat_index(bidder)
        self._setup(hands, self._bidder if leader is None else leader, trick, points)
        if self._points0 is not None:
            expected_total = TOTAL_POINTS - self.points_in_play()
            if sum(self._points0) != expected_total:
                raise PositionError(f"points {tuple(self._points0)} must add up to {expected_total}: "
                                    f"83 minus the points still in the hands and the trick")

    @classmethod
    def from_deal(cls, deal: str, trump, bidder, leader=None, trick="", points=None) -> "Position":
        """A position from a PBN deal string (``+JK`` marks the joker);
        ``trick`` lists the cards already played to the current trick."""
        hands, trick_cards = cls._parse(deal, trick)
        return cls(hands, trump, bidder, leader, trick_cards, points)

    # the three rules TrickPosition asks of a game
    def legal_cards(self, hand, trick):
        return legal_cards(hand, trick, self._trump)

    def score_trick(self, trick, leader, last):
        winner, pts = trick_points(trick, leader, self._trump)
        return winner, ((pts, 0) if side_of(winner) == 0 else (0, pts))

    def illegal_reason(self, card) -> str:
        led = self._trick[0]
        if is_trump(led, self._trump):
            return "a trump was led and they hold a trump"
        return f"{Suit(led // 16).name.lower()} were led: play one of them or a trump"

    # ------------------------------------------------------------ queries
    @property
    def trump(self) -> Suit:
        """The trump suit (a :class:`~openhand.cards.Suit`, printed as its letter)."""
        return Suit(self._trump)

    @property
    def bidder(self) -> int:
        """The bidder's seat (0..3, N E S W)."""
        return self._bidder

    @property
    def bidder_side(self) -> int:
        """0 for N-S, 1 for E-W."""
        return side_of(self._bidder)

    def points_in_play(self) -> int:
        """Card points still in the hands and the trick in progress."""
        return sum(points(c, self._trump) for h in self._hands for c in h) + \
            sum(points(c, self._trump) for c in self._trick)

    def returns(self) -> Tuple[int, int]:
        """The points (N-S, E-W) each side took in the finished play (a
        play position knows no bid: a :class:`~.deal.Deal` returns its
        deal scores; :meth:`deal_scores` scores against a bid)."""
        if not self.is_over():
            raise PositionError("the deal is not over")
        return self.score()

    def deal_scores(self, bid, penalty: str = "bid") -> Tuple[int, int]:
        """Deal scores (N-S, E-W) of a finished deal against ``bid``."""
        won = self.points
        if won is None or not self.is_over():
            raise PositionError("a deal is scored once it is over and its points are known")
        return score_deal(bid, self._bidder, won, penalty)

    def without_history(self) -> "Position":
        """The same moment as a new start (nothing to undo)."""
        return Position({SEATS[s]: self._hands[s] for s in range(4)}, self._trump, self._bidder,
                        self._leader, self._trick, self.points)

    # ------------------------------------------------------------ text
    def fields(self):
        from ..textform import join_moves
        start = dict(self._start_fields())
        return [("deal", start["deal"]), ("trump", SUIT_CHARS[self._trump]), ("bidder", SEATS[self._bidder]),
                ("leader", start["leader"]), ("trick", start["trick"]), ("points", start["points"]),
                ("moves", join_moves(m for _, m in self._moves))]

    def _moment(self):
        return super()._moment() + (self._trump, self._bidder)

    def observation(self, player):
        """What ``player`` (a seat) may know of the play: own hand, every
        card played and by whom, the trick, the score, the trump suit and
        the bidder."""
        from .observation import observe_play
        return observe_play(self, seat_index(player))

    def __str__(self) -> str:
        from ..diagram import trick_diagram
        return trick_diagram(self, "Eighty-Three", [f"trumps {SUIT_CHARS[self._trump]}, bidder {SEATS[self._bidder]}"])


def random_hands(seed=None, trump=None) -> Tuple[Dict[str, frozenset], int]:
    """Four random 6-card hands holding all ten scoring trumps of a random
    (or given) trump suit, no hand over 6 trumps; returns (hands, trump).
    A quick source of legal play deals; see also ``random_play_position``.
    """
    rng = random.Random(require_seed(seed))
    trump = rng.randrange(4) if trump is None else suit_index(trump)
    scoring = scoring_trumps(trump)
    others = sorted(c for c in DECK if c not in scoring)
    cards = scoring + rng.sample(others, 24 - len(scoring))
    rng.shuffle(cards)
    return {s: frozenset(cards[6 * i:6 * i + 6]) for i, s in enumerate(SEATS)}, trump


from .notation import Move as _Move  # noqa: E402 (notation reads the bids above)

Position.MOVE = _Move
