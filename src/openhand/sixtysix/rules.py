"""Sixty-Six: the pure-Python rules engine, the readable spec.

Rules (RULINGS.md, restated):
- 24 cards, A T K Q J 9 in four suits, ranked in that order, worth
  11 10 4 3 2 0: 120 card points in all.
- Two players, 0 and 1; the deal alternates.  6 cards each; the 13th card is
  the face-up trump card, lying under the 11 face-down cards: a 12-card stock
  whose last card is the trump card.  The non-dealer leads trick 1.
- Stock phase (stock open and not exhausted): no duty to follow or trump.  A
  higher card of the same suit wins, a trump beats a non-trump, otherwise the
  led card wins.  The winner draws first, then the loser; the trick winner
  leads the next trick.
- Trump-9 exchange: the leader, before leading, holding the trump 9, having
  won a trick, while the stock is open and not exhausted, may swap the 9 for
  the trump card.
- Marriage: the leader shows K+Q of one suit and leads one of them; 20
  points, 40 in trumps; only if the stock was open and not exhausted at the
  start of that turn.  Marriage points count once the player has won a trick.
- Strict play (stock exhausted or closed): the follower must follow suit and
  beat the led card if able; if void, must trump if able; else any card.
- Closing: the leader, at the start of a turn, may close while the stock
  holds at least 2 cards (also before trick 1).  Order within a turn:
  exchange, close, lead.  After closing: no draws, strict play, no last-trick
  bonus.
- Going out with 66 (card points in tricks plus counted marriages), the
  closing outcome, the played-out score and the game to 7: see
  :func:`deal_result` and :class:`Game`.

Design choices (where RULINGS.md leaves the detail open):
- A player's turn at the start of a trick is a sequence of *actions*, each
  one node for a solver: ``exchange`` and ``close`` keep the same player to
  move; a lead (a plain card or a marriage) passes the move to the follower;
  ``out`` and ``marriage H out`` end the deal.  The follower's only actions
  are cards.  Action texts (see :class:`Action`)::

      QH               play (lead or follow) the queen of hearts
      marriage KH      show the heart marriage and lead KH (or QH)
      marriage H out   show the heart marriage and go out at once (no lead)
      exchange         swap the trump 9 in hand for the trump card
      close            close the stock
      out              go out (claim 66)

- Who may go out: only the player on lead, before leading.  ``out`` is legal
  once at least one trick has been played (the leader is then the player who
  just won a trick; the non-dealer at trick 1 has won nothing), also after an
  exchange or a close in the same turn.  ``marriage X out`` is legal
  whenever that marriage could be shown (even at trick 1, where it is a wrong
  claim).  A claim is legal whatever the score: a claim under 66 is a wrong
  claim and loses.  The follower never claims.
- A marriage may be shown on the closing turn: a marriage is legal when the
  stock is not exhausted and the leader still holds 6 cards (which, with a
  closed stock, happens only in the turn of the closing itself).
- End of play (every card played): the winner of the last trick is "on lead
  right after winning a trick", so if he has 66 or more (before any
  last-trick bonus) he goes out automatically: this is never worse for him
  than the played-out score, so the engine makes the claim for him.
  Otherwise a closed deal is a failed closing, and a deal that was not
  closed scores +10 for the last trick and compares totals.
- Scoring (game points to exactly one player, or to nobody on a tie):
  a correct claim scores 1 if the opponent has 33 or more, 2 if under 33
  with a trick won, 3 with no trick won; a wrong claim gives the opponent 2,
  or 3 if the opponent has won no trick.  With a closed stock: the closer's
  correct claim scores as above; the closer's wrong claim, failure at the
  end, or the non-closer's correct claim give the non-closer 2, or 3 if he
  had won no trick at the moment of closing; the non-closer's wrong claim is
  an ordinary wrong claim (the closer scores 2, or 3 with no trick won).
- Points are "counted": card points of the tricks won plus the marriages
  shown, the marriages only once the player has won a trick.  Marriages
  shown by a player without a trick are "pending".
- The stock is a list: index 0 is the next card drawn, the last is the
  face-up trump card.  A seeded deal shuffles the deck; the non-dealer gets
  cards 0..5, the dealer 6..11, card 12 is the trump card and the stock is
  cards 13..23 followed by card 12.
- A position (``Position``, JSON in :mod:`.position_format`) is any moment
  of a deal; its compact immutable form :class:`State` (hands as 64-bit
  masks) is what the solvers search and what the C++ core mirrors.  A
  finished position's player "to move" is its leader (the claimer, or the
  winner of the last trick).

>>> pos = Position.deal(seed=7, dealer=1)
>>> pos.to_move, len(pos.stock), pos.trump_card, pos.hand_text(0)
(0, 12, Card('KH'), '9.T.KQ.AJ')
>>> pos.legal_actions()   # marriage D out at trick 1 is legal, but a wrong claim
[Action('marriage D out'), Action('close'), Action('marriage KD'), Action('marriage QD'), Action('9S'), Action('TH'), Action('KD'), Action('QD'), Action('AC'), Action('JC')]
>>> pos.apply("AC"); pos.apply("JD")   # no duty to follow; JD loses to AC
>>> pos.points, pos.tricks, len(pos.stock), [len(h) for h in pos.hands]
((13, 0), (1, 0), 10, [6, 6])
>>> pos.undo(), pos.card_in_play
(Action('JD'), Card('AC'))
"""
from __future__ import annotations

import random
from typing import Dict, Iterable, List, NamedTuple, Optional, Tuple

from ..cards import SUIT_CHARS, Card, Suit, make_deck, mask_of, parse_cards, parse_hand
from ..errors import CardError, DealError, IllegalMoveError, PositionError

GAME = "sixty-six"
DECK = make_deck("9TJQKA")
HAND_SIZE = 6
STOCK_SIZE = 12
TOTAL_CARD_POINTS = 120
GOAL = 66
LAST_TRICK_BONUS = 10
TARGET = 7
RANK_ORDER = "ATKQJ9"                                    # high to low
CARD_POINTS = {14: 11, 10: 10, 13: 4, 12: 3, 11: 2, 9: 0}  # by rank
STRENGTH = {14: 5, 10: 4, 13: 3, 12: 2, 11: 1, 9: 0}      # by rank
PLAYERS = (0, 1)


def card_points(card) -> int:
    """11, 10, 4, 3, 2, 0 for A, T, K, Q, J, 9."""
    return CARD_POINTS[int(card) % 16]


def _id(suit: int, rank: int) -> int:
    return suit * 16 + rank


# Tables by card id (0..63) for the mask code.
_POINTS = [0] * 64
_STRENGTH = [0] * 64
for _c in DECK:
    _POINTS[_c] = CARD_POINTS[_c.rank]
    _STRENGTH[_c] = STRENGTH[_c.rank]
#: card ids in display order: suits S H D C, each A T K Q J 9
DISPLAY_IDS = [int(c) for c in sorted(DECK, key=lambda c: (c.suit, -STRENGTH[c.rank]))]
SUIT_MASK = [sum(1 << _id(s, r) for r in CARD_POINTS) for s in range(4)]
KQ_MASK = [(1 << _id(s, 13)) | (1 << _id(s, 12)) for s in range(4)]
#: HIGHER[c]: the cards of c's suit that beat c
HIGHER = [0] * 64
for _c in DECK:
    HIGHER[_c] = sum(1 << _id(_c.suit, r) for r in CARD_POINTS if STRENGTH[r] > STRENGTH[_c.rank])


def follower_wins(led: int, card: int, trump: int) -> bool:
    """Does ``card`` beat the led card?  Same suit: the stronger card;
    otherwise only a trump beats a non-trump."""
    if led >> 4 == card >> 4:
        return _STRENGTH[card] > _STRENGTH[led]
    return card >> 4 == trump


def format_hand(cards) -> str:
    """PBN text (spades.hearts.diamonds.clubs) in Sixty-Six order, A T K Q J 9.

    >>> format_hand(parse_hand("KT9.AQ..J"))
    'TK9.AQ..J'
    """
    mask = cards if isinstance(cards, int) else sum(1 << int(c) for c in cards)
    suits = [[], [], [], []]
    for c in DISPLAY_IDS:
        if mask >> c & 1:
            suits[c >> 4].append("23456789TJQKA"[(c & 15) - 2])
    return ".".join("".join(s) for s in suits)


def cards_of(mask: int) -> List[Card]:
    """The cards of a mask in display order."""
    return [Card(c) for c in DISPLAY_IDS if mask >> c & 1]


def _popcount(mask: int) -> int:
    return bin(mask).count("1")


# ------------------------------------------------------------------ actions
PLAY = "play"
MARRIAGE = "marriage"
MARRIAGE_OUT = "marriage out"
EXCHANGE = "exchange"
CLOSE = "close"
OUT = "out"
_ACTIONS: Dict[str, "Action"] = {}
_ACTION_HELP = ("expected a card ('QH'), 'marriage KH', 'marriage H out', "
                "'exchange', 'close' or 'out'")


class Action(str):
    """An action: an immutable string in canonical text form, usable as a
    dict key and compared with plain strings; ``kind``, ``card`` and ``suit``
    describe it.  Parsing is case-insensitive and accepts ``10`` for ``T``.

    >>> a = Action("marriage kh")
    >>> a, a.kind, a.card, a.suit, a == "marriage KH"
    (Action('marriage KH'), 'marriage', Card('KH'), 1, True)
    >>> Action("10s").kind, Action("Marriage D Out").suit, Action("CLOSE")
    ('play', 2, Action('close'))
    >>> Action("8H")
    Traceback (most recent call last):
    ...
    openhand.errors.CardError: card 8H is not in the Sixty-Six deck (A T K Q J 9 of each suit), in action '8H'
    >>> Action("pass")
    Traceback (most recent call last):
    ...
    openhand.errors.IllegalMoveError: unknown action 'pass': expected a card ('QH'), 'marriage KH', 'marriage H out', 'exchange', 'close' or 'out'
    """

    kind: str
    card: Optional[Card]
    suit: Optional[int]

    def __new__(cls, text) -> "Action":
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise IllegalMoveError(f"an action is a string like 'QH' or 'close', not {text!r}")
        found = _ACTIONS.get(text)
        return found if found is not None else _parse_action(text)

    def __repr__(self) -> str:
        return f"Action('{self}')"

    def __reduce__(self):
        return (Action, (str(self),))


def _new_action(text: str, kind: str, card: Optional[int] = None, suit: Optional[int] = None) -> Action:
    action = str.__new__(Action, text)
    action.kind = kind
    action.card = None if card is None else Card(card)
    action.cid = 0 if card is None else int(card)   # plain int for the hot paths
    action.suit = suit
    _ACTIONS[text] = action
    return action


PLAY_ACTION = {int(c): _new_action(str(c), PLAY, c) for c in DECK}
MARRIAGE_ACTION = {int(c): _new_action(f"marriage {c}", MARRIAGE, c, int(c.suit))
                   for c in DECK if c.rank in (12, 13)}
MARRIAGE_OUT_ACTION = [_new_action(f"marriage {SUIT_CHARS[s]} out", MARRIAGE_OUT, None, s)
                       for s in range(4)]
EXCHANGE_ACTION = _new_action(EXCHANGE, EXCHANGE)
CLOSE_ACTION = _new_action(CLOSE, CLOSE)
OUT_ACTION = _new_action(OUT, OUT)


def _deck_card(token: str, text: str) -> Card:
    card = Card(token)
    if card not in DECK:
        raise CardError(f"card {card} is not in the Sixty-Six deck (A T K Q J 9 of each suit), "
                        f"in action {text!r}")
    return card


def _parse_action(text: str) -> Action:
    words = text.split()
    low = [w.lower() for w in words]
    if len(words) == 1 and low[0] in (OUT, EXCHANGE, CLOSE):
        return _ACTIONS[low[0]]
    if len(words) == 1 and len(words[0]) in (2, 3) and words[0][-1].upper() in SUIT_CHARS:
        return PLAY_ACTION[int(_deck_card(words[0], text))]   # a card token, or a CardError
    if len(words) == 2 and low[0] == MARRIAGE:
        card = _deck_card(words[1], text)
        if card.rank not in (12, 13):
            raise IllegalMoveError(f"action {text!r}: a marriage is shown by leading its king or "
                                   f"queen, not {card}")
        return MARRIAGE_ACTION[int(card)]
    if len(words) == 3 and low[0] == MARRIAGE and low[2] == OUT:
        if words[1].upper() not in SUIT_CHARS or len(words[1]) != 1:
            raise IllegalMoveError(f"action {text!r}: {words[1]!r} is not a suit (one of S H D C)")
        return MARRIAGE_OUT_ACTION[SUIT_CHARS.index(words[1].upper())]
    raise IllegalMoveError(f"unknown action {text!r}: {_ACTION_HELP}")


# ------------------------------------------------------------------ state
class State(NamedTuple):
    """The compact, immutable, hashable form of a position (what solvers
    search and the C++ core mirrors).

    ``hands``: two 64-bit card masks (bit = card id).  ``stock``: card ids,
    ``stock[0]`` drawn next, ``stock[-1]`` the face-up trump card.
    ``trump``: suit 0..3.  ``leader``: the player who leads (or led) the
    current trick.  ``trick``: the id of the card in play, 0 if none.
    ``points``: card points in the tricks each player won.  ``tricks``:
    tricks won.  ``marriages``: 4-bit suit masks of the marriages each player
    showed.  ``closed_by``: the closer, -1 if the stock is not closed.
    ``closed_opp_won``: whether the closer's opponent had won a trick when the
    stock was closed.  ``out``: the player who went out, -1 if none.
    """

    hands: Tuple[int, int]
    stock: Tuple[int, ...]
    trump: int
    leader: int
    trick: int = 0
    points: Tuple[int, int] = (0, 0)
    tricks: Tuple[int, int] = (0, 0)
    marriages: Tuple[int, int] = (0, 0)
    closed_by: int = -1
    closed_opp_won: bool = False
    out: int = -1


def to_move(s: State) -> int:
    """The player to act: the leader, or the follower if a card is in play.
    (For a finished deal: the leader.)"""
    return 1 - s.leader if s.trick else s.leader


def is_over(s: State) -> bool:
    return s.out >= 0 or (not s.trick and not s.hands[s.leader])


def is_strict(s: State) -> bool:
    """Strict play: the stock is closed or exhausted."""
    return s.closed_by >= 0 or not s.stock


def marriage_points(suits: int, trump: int) -> int:
    """Points of the marriages in a suit mask: 20 each, 40 in trumps."""
    return sum((40 if s == trump else 20) for s in range(4) if suits >> s & 1)


def counted(s: State, player: int) -> int:
    """Card points in tricks plus marriages, which count only once the
    player has won a trick."""
    pts = s.points[player]
    if s.tricks[player]:
        pts += marriage_points(s.marriages[player], s.trump)
    return pts


def _nine(trump: int) -> int:
    return _id(trump, 9)


def legal_actions(s: State) -> List[Action]:
    """Every legal action of the player to move, in a fixed order: ``out``,
    ``marriage X out``, ``exchange``, ``close``, marriages, then cards in
    display order.  Empty when the deal is over."""
    if is_over(s):
        return []
    if not s.trick:
        p = s.leader
        hand = s.hands[p]
        acts: List[Action] = []
        # A marriage needs a stock that was open and not exhausted at the start
        # of the turn; the leader holds 6 cards exactly then (a closed stock
        # leaves him 6 only in the turn of the closing).
        pairs = [su for su in range(4) if hand & KQ_MASK[su] == KQ_MASK[su]] \
            if s.stock and _popcount(hand) == HAND_SIZE else []
        if s.tricks[0] + s.tricks[1]:
            acts.append(OUT_ACTION)
        for su in pairs:
            acts.append(MARRIAGE_OUT_ACTION[su])
        if s.stock and s.closed_by < 0:
            if s.tricks[p] and hand >> _nine(s.trump) & 1:
                acts.append(EXCHANGE_ACTION)
            acts.append(CLOSE_ACTION)
        for su in pairs:
            acts.append(MARRIAGE_ACTION[_id(su, 13)])
            acts.append(MARRIAGE_ACTION[_id(su, 12)])
        acts.extend(PLAY_ACTION[c] for c in DISPLAY_IDS if hand >> c & 1)
        return acts
    hand = s.hands[1 - s.leader]
    mask = hand
    if is_strict(s):
        led = s.trick
        same = hand & SUIT_MASK[led >> 4]
        if same:
            mask = (same & HIGHER[led]) or same
        else:
            mask = (hand & SUIT_MASK[s.trump]) or hand
    return [PLAY_ACTION[c] for c in DISPLAY_IDS if mask >> c & 1]


def step(s: State, a: Action) -> State:
    """The state after the legal action ``a`` (not checked: see
    :func:`why_illegal`)."""
    kind = a.kind
    p = to_move(s)
    if kind is PLAY or kind is MARRIAGE:
        c = a.cid
        if not s.trick:   # a lead
            hands = (s.hands[0] & ~(1 << c), s.hands[1]) if p == 0 else (s.hands[0], s.hands[1] & ~(1 << c))
            marriages = s.marriages
            if kind is MARRIAGE:
                marriages = (marriages[0] | 1 << a.suit, marriages[1]) if p == 0 \
                    else (marriages[0], marriages[1] | 1 << a.suit)
            return s._replace(hands=hands, trick=c, marriages=marriages)
        lead = s.leader
        winner = p if follower_wins(s.trick, c, s.trump) else lead
        h = [s.hands[0], s.hands[1]]
        h[p] &= ~(1 << c)
        pts = list(s.points)
        pts[winner] += _POINTS[s.trick] + _POINTS[c]
        won = list(s.tricks)
        won[winner] += 1
        stock = s.stock
        if stock and s.closed_by < 0:   # the winner draws first, then the loser
            h[winner] |= 1 << stock[0]
            h[1 - winner] |= 1 << stock[1]
            stock = stock[2:]
        return s._replace(hands=(h[0], h[1]), stock=stock, leader=winner, trick=0,
                          points=(pts[0], pts[1]), tricks=(won[0], won[1]))
    if kind is EXCHANGE:
        nine = _nine(s.trump)
        h = list(s.hands)
        h[p] ^= (1 << nine) | (1 << s.stock[-1])
        return s._replace(hands=(h[0], h[1]), stock=s.stock[:-1] + (nine,))
    if kind is CLOSE:
        return s._replace(closed_by=p, closed_opp_won=s.tricks[1 - p] > 0)
    if kind is OUT:
        return s._replace(out=p)
    if kind is MARRIAGE_OUT:
        m = list(s.marriages)
        m[p] |= 1 << a.suit
        return s._replace(marriages=(m[0], m[1]), out=p)
    raise IllegalMoveError(f"unknown action {a!r}")


def why_illegal(s: State, a: Action) -> Optional[str]:
    """``None`` if ``a`` is legal, else the reason it is not."""
    if a in legal_actions(s):
        return None
    p = to_move(s)
    if is_over(s):
        return "the deal is over"
    kind = a.kind
    hand = s.hands[p]
    if kind in (PLAY, MARRIAGE) and not hand >> a.cid & 1:
        return f"player {p} does not hold {a.card}"
    if s.trick and kind != PLAY:
        return f"player {p} must follow to {Card(s.trick)}; only the leader may {kind.split()[0]}"
    if kind == PLAY:
        led = Card(s.trick)
        return (f"{a.card} is not legal in strict play: follow {led.suit.name.lower()} and beat {led} "
                f"if able, else trump if able")
    if kind in (MARRIAGE, MARRIAGE_OUT):
        if s.closed_by >= 0 or not s.stock:
            return "no marriage once the stock is closed or exhausted"
        return f"player {p} does not hold both K and Q of {Suit(a.suit).name.lower()}"
    if kind == OUT:
        return "nobody can go out before trick 1 without showing a marriage"
    if kind == CLOSE:
        return "the stock is already closed" if s.closed_by >= 0 else "the stock is exhausted"
    if kind == EXCHANGE:
        if not s.stock or s.closed_by >= 0:
            return "no exchange once the stock is closed or exhausted"
        if not s.tricks[p]:
            return f"player {p} has not won a trick yet"
        return f"player {p} does not hold the trump 9 ({Card(_nine(s.trump))})"
    return f"{a} is not legal now"


def _claim_gp(s: State, opp: int) -> int:
    """Game points for a correct claim against ``opp``."""
    return 1 if counted(s, opp) >= 33 else 2 if s.tricks[opp] else 3


def _going_out(s: State, p: int, how: str) -> Tuple[int, int, str]:
    """The outcome when ``p`` goes out (claims) now."""
    o = 1 - p
    have = counted(s, p)
    gp = [0, 0]
    if have >= GOAL:
        if s.closed_by == o:
            gp[p] = 2 if s.closed_opp_won else 3
            why = f"player {p} {how} with {have} against the closer"
        else:
            gp[p] = _claim_gp(s, o)
            why = f"player {p} {how} with {have}; player {o} has {counted(s, o)}"
    elif s.closed_by == p:
        gp[o] = 2 if s.closed_opp_won else 3
        why = f"player {p} closed and {how} with only {have}"
    else:
        gp[o] = 2 if s.tricks[o] else 3
        why = f"player {p} {how} with only {have} (a wrong claim)"
    return gp[0], gp[1], why


def deal_result(s: State) -> Tuple[int, int, str]:
    """(game points of player 0, of player 1, reason) of a finished deal."""
    if s.out >= 0:
        return _going_out(s, s.out, "went out")
    if not is_over(s):
        raise PositionError("the deal is not over")
    w = s.leader   # the winner of the last trick
    if counted(s, w) >= GOAL:
        return _going_out(s, w, "won the last trick and went out")
    gp = [0, 0]
    if s.closed_by >= 0:
        c = s.closed_by
        gp[1 - c] = 2 if s.closed_opp_won else 3
        return gp[0], gp[1], f"player {c} closed and failed to reach {GOAL}"
    tot = final_points(s)
    if tot[0] == tot[1]:
        return 0, 0, f"played out, equal totals {tot[0]}"
    win = 0 if tot[0] > tot[1] else 1
    lose = 1 - win
    gp[win] = 1 if tot[lose] >= 33 else 2 if s.tricks[lose] else 3
    return gp[0], gp[1], f"played out {tot[0]}-{tot[1]} (last trick +{LAST_TRICK_BONUS})"


def final_points(s: State) -> Tuple[int, int]:
    """Counted points of both players, plus the last-trick bonus when the
    deal was played out without closing (the card-points objective)."""
    tot = [counted(s, 0), counted(s, 1)]
    if s.out < 0 and is_over(s) and s.closed_by < 0:
        tot[s.leader] += LAST_TRICK_BONUS
    return tot[0], tot[1]


# ------------------------------------------------------------------ positions
def _parse_cards(value, what: str) -> List[Card]:
    if isinstance(value, str):
        text = value.strip()
        cards = list(parse_hand(text)) if "." in text else parse_cards(text)
    else:
        cards = [Card(c) for c in value]
    for c in cards:
        if c not in DECK:
            raise DealError(f"card {c} in {what} is not in the Sixty-Six deck (A T K Q J 9 of each suit)")
    return cards


def _player(value, what: str) -> int:
    if value in (0, 1) and not isinstance(value, bool):
        return int(value)
    raise PositionError(f"{what} must be player 0 or 1, got {value!r}")


def _suit(value, what: str) -> int:
    if isinstance(value, str) and len(value.strip()) == 1 and value.strip().upper() in SUIT_CHARS:
        return SUIT_CHARS.index(value.strip().upper())
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 4:
        return int(value)
    raise PositionError(f"{what} must be a suit letter S, H, D or C, got {value!r}")


def make_state(hands, stock, trump=None, leader=0, trick=None, points=(0, 0), tricks=(0, 0),
               marriages=((), ()), closed_by=None, closed_opponent_won=None, out=None) -> State:
    """Check a position given in readable form and build its :class:`State`.

    Raises :class:`DealError` for unknown or duplicated cards and
    :class:`PositionError` for anything a deal cannot reach (see
    :class:`Position`)."""
    if isinstance(hands, (str, bytes)) or len(hands) != 2:
        raise DealError(f"hands must be a list of the two players' hands, got {hands!r}")
    hand_cards = [_parse_cards(h, f"player {i}'s hand") for i, h in enumerate(hands)]
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
        if (isinstance(pair, (str, bytes)) or len(pair) != 2
                or any(not isinstance(x, int) or isinstance(x, bool) or x < 0 for x in pair)):
            raise PositionError(f"{name} must be two non-negative integers (player 0, player 1), got {pair!r}")
        pairs[name] = (int(pair[0]), int(pair[1]))
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
    if isinstance(marriages, (str, bytes)) or len(marriages) != 2:
        raise PositionError(f"marriages must be two lists of suits (player 0, player 1), got {marriages!r}")
    mar = [0, 0]
    for p in PLAYERS:
        suits = marriages[p]
        for su in (list(suits) if not isinstance(suits, int) else []):
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
    return State((mask_of(hand_cards[0]), mask_of(hand_cards[1])), tuple(int(c) for c in stock_cards),
                 trump_suit, leader, int(trick_card) if trick_card else 0, points, tricks,
                 (mar[0], mar[1]), closed, opp_won, out_p)


def deal_state(seed=None, dealer: int = 0) -> State:
    """A seeded random deal (see the module notes for the dealing order)."""
    dealer = _player(dealer, "dealer")
    deck = [int(c) for c in DISPLAY_IDS]
    random.Random(seed).shuffle(deck)
    hands = [0, 0]
    hands[1 - dealer] = mask_of(deck[0:6])
    hands[dealer] = mask_of(deck[6:12])
    stock = tuple(deck[13:]) + (deck[12],)
    return State((hands[0], hands[1]), stock, deck[12] >> 4, 1 - dealer)


class Position:
    """A moment of a Sixty-Six deal, with a record of the actions applied.

    ``hands``: the two hands (PBN ``'AT.K9..QJ'``, a card list, or a
    space-separated string).  ``stock``: cards in drawing order, the trump
    card last.  ``trump``: suit letter (needed only once the stock is empty).
    ``leader``: the player who leads (or led) the current trick; ``trick``:
    his card in play, if any.  ``points``: card points in the tricks each
    player won; ``tricks``: tricks won.  ``marriages``: the suits of the
    marriages each player showed.  ``closed_by``: the closer;
    ``closed_opponent_won``: whether the closer's opponent had won a trick
    when the stock was closed (default: whether he has one now).  ``out``:
    the player who went out, for a finished deal.

    >>> p = Position(["AK.KQ..TJ", "TQ9.A..AK"], "9D JS TH 9H JD QD", leader=0,
    ...              points=[21, 9], tricks=[2, 1])
    >>> p.trump_card, p.to_move, p.score(0)
    (Card('QD'), 0, 21)
    >>> p.legal_actions()
    [Action('out'), Action('marriage H out'), Action('close'), Action('marriage KH'), Action('marriage QH'), Action('AS'), Action('KS'), Action('KH'), Action('QH'), Action('TC'), Action('JC')]
    >>> p.apply("marriage KH"); p.score(0)   # 20 counts at once: he has a trick
    41
    >>> p.apply("AH"); p.points, p.to_move, p.stock   # player 1 wins, draws 9D
    ((21, 24), 1, [Card('TH'), Card('9H'), Card('JD'), Card('QD')])
    >>> p.legal_actions()
    [Action('out'), Action('exchange'), Action('close'), Action('TS'), Action('QS'), Action('9S'), Action('9D'), Action('AC'), Action('KC')]
    >>> p.replay(["exchange", "close", "AC"]); p.hand_text(1), p.stock[-1]
    ('TQ9..Q.K', Card('9D'))
    >>> p.legal_actions()   # strict play: follow clubs (AC cannot be beaten)
    [Action('TC'), Action('JC')]
    >>> p.apply("QH")
    Traceback (most recent call last):
    ...
    openhand.errors.IllegalMoveError: QH is illegal: QH is not legal in strict play: follow clubs and beat AC if able, else trump if able
    """

    game = GAME

    def __init__(self, hands, stock, trump=None, leader=0, trick=None, points=(0, 0), tricks=(0, 0),
                 marriages=((), ()), closed_by=None, closed_opponent_won=None, out=None):
        self._set(make_state(hands, stock, trump, leader, trick, points, tricks, marriages,
                             closed_by, closed_opponent_won, out))

    def _set(self, state: State) -> None:
        self.state = state
        self.record: List[Tuple[int, Action]] = []
        self._history: List[State] = []

    @classmethod
    def from_state(cls, state: State) -> "Position":
        pos = cls.__new__(cls)
        pos._set(state)
        return pos

    @classmethod
    def deal(cls, seed=None, dealer: int = 0) -> "Position":
        """A fresh seeded deal; the non-dealer (``1 - dealer``) leads."""
        return cls.from_state(deal_state(seed, dealer))

    @classmethod
    def from_json(cls, text: str) -> "Position":
        from .position_format import from_json
        return from_json(text)

    @classmethod
    def from_dict(cls, data: dict) -> "Position":
        from .position_format import from_dict
        return from_dict(data)

    def to_json(self, indent=None) -> str:
        from .position_format import to_json
        return to_json(self, indent)

    def to_dict(self) -> dict:
        from .position_format import to_dict
        return to_dict(self)

    def copy(self) -> "Position":
        """The same moment, without the record."""
        return Position.from_state(self.state)

    def __repr__(self) -> str:
        return f"Position.from_json({self.to_json()!r})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Position) and other.state == self.state

    __hash__ = None

    # ------------------------------------------------------------ queries
    @property
    def hands(self) -> Tuple[frozenset, frozenset]:
        return tuple(frozenset(cards_of(m)) for m in self.state.hands)

    def hand_text(self, player: int) -> str:
        return format_hand(self.state.hands[_player(player, "player")])

    @property
    def stock(self) -> List[Card]:
        """The stock, next card to be drawn first, the trump card last."""
        return [Card(c) for c in self.state.stock]

    @property
    def trump(self) -> Suit:
        return Suit(self.state.trump)

    @property
    def trump_card(self) -> Optional[Card]:
        """The face-up trump card while it lies in the stock."""
        return Card(self.state.stock[-1]) if self.state.stock else None

    @property
    def leader(self) -> int:
        return self.state.leader

    @property
    def to_move(self) -> int:
        return to_move(self.state)

    @property
    def card_in_play(self) -> Optional[Card]:
        return Card(self.state.trick) if self.state.trick else None

    @property
    def points(self) -> Tuple[int, int]:
        """Card points in the tricks each player won (no marriages)."""
        return self.state.points

    @property
    def tricks(self) -> Tuple[int, int]:
        return self.state.tricks

    @property
    def marriages(self) -> Tuple[str, str]:
        """The suits of the marriages each player showed, like ``('HS', '')``."""
        return tuple("".join(SUIT_CHARS[s] for s in range(4) if m >> s & 1) for m in self.state.marriages)

    def pending(self, player: int) -> int:
        """Marriage points shown by ``player`` that do not count yet (no trick)."""
        s = self.state
        return 0 if s.tricks[player] else marriage_points(s.marriages[player], s.trump)

    def score(self, player: int) -> int:
        """Counted points: tricks plus marriages (once a trick is won)."""
        return counted(self.state, _player(player, "player"))

    @property
    def closed_by(self) -> Optional[int]:
        return None if self.state.closed_by < 0 else self.state.closed_by

    @property
    def closed_opponent_won(self) -> bool:
        return self.state.closed_opp_won

    @property
    def out(self) -> Optional[int]:
        return None if self.state.out < 0 else self.state.out

    def is_strict(self) -> bool:
        return is_strict(self.state)

    def is_over(self) -> bool:
        return is_over(self.state)

    def result(self) -> Tuple[int, int]:
        """Game points (player 0, player 1) of the finished deal."""
        return deal_result(self.state)[:2]

    def result_reason(self) -> str:
        return deal_result(self.state)[2]

    def final_points(self) -> Tuple[int, int]:
        return final_points(self.state)

    # ------------------------------------------------------------ actions
    @staticmethod
    def parse_action(text) -> Action:
        """The :class:`Action` of a text like ``'QH'`` or ``'marriage KH'``."""
        return Action(text)

    def legal_actions(self) -> List[Action]:
        return legal_actions(self.state)

    @property
    def legal_moves(self) -> List[Action]:
        return legal_actions(self.state)

    def apply(self, action) -> None:
        """Apply ``action`` (text or :class:`Action`) for the player to move."""
        a = Action(action)
        reason = why_illegal(self.state, a)
        if reason is not None:
            raise IllegalMoveError(f"{a!s} is illegal: {reason}")
        self._history.append(self.state)
        self.record.append((to_move(self.state), a))
        self.state = step(self.state, a)

    play = apply

    def replay(self, actions: Iterable) -> None:
        """Apply a record: a list of actions (texts or :class:`Action`).  An
        illegal one raises :class:`IllegalMoveError` naming its place (1 =
        first) in the record; the actions before it stay applied."""
        if isinstance(actions, str):
            raise IllegalMoveError("give the record as a list of actions, like ['QH', 'close']")
        for i, action in enumerate(actions, 1):
            try:
                self.apply(action)
            except IllegalMoveError as e:
                raise IllegalMoveError(f"action {i} of the record: {e}") from None

    def undo(self) -> Action:
        """Take back the last action and return it."""
        if not self._history:
            raise IllegalMoveError("nothing to undo")
        self.state = self._history.pop()
        return self.record.pop()[1]


def random_position(seed=None, max_stock: int = 4, extra: Optional[int] = None,
                    dealer: Optional[int] = None, close_rate: float = 0.05) -> Position:
    """A seeded random position for cross-checks: from a seeded deal, random
    legal actions (never a claim; ``close``, when legal, is a candidate only
    with probability ``close_rate``) until the stock holds at most
    ``max_stock`` cards or is closed, then ``extra`` more (default: 0..2 at
    random) while the deal goes on.  Positions are never over.

    >>> p = random_position(5, max_stock=2)
    >>> len(p.stock) <= 2 or p.closed_by is not None, p.is_over()
    (True, False)
    """
    rng = random.Random(seed)
    if dealer is None:
        dealer = rng.randrange(2)
    s = deal_state(rng.randrange(2 ** 32), dealer)
    if extra is None:
        extra = rng.randrange(3)

    def advance(state):
        acts = [a for a in legal_actions(state) if a.kind not in (OUT, MARRIAGE_OUT)]
        if CLOSE_ACTION in acts and rng.random() >= close_rate:
            acts.remove(CLOSE_ACTION)
        nxt = step(state, acts[rng.randrange(len(acts))])
        return None if is_over(nxt) else nxt

    while len(s.stock) > max_stock and s.closed_by < 0:
        s = advance(s)
        if s is None:   # cannot happen before the stock is exhausted or closed
            raise AssertionError("deal over too early")
    for _ in range(extra):
        nxt = advance(s)
        if nxt is None:
            break
        s = nxt
    return Position.from_state(s)


class Game:
    """A game to ``target`` game points (default 7); the deal alternates.

    >>> g = Game(seed=11)
    >>> while not g.is_over():
    ...     pos = g.new_deal()
    ...     while not pos.is_over():
    ...         pos.apply(pos.legal_actions()[-1])
    ...     _ = g.finish_deal(pos)
    >>> max(g.scores) >= 7, g.winner in (0, 1), len(g.deals) >= 3
    (True, True, True)
    """

    def __init__(self, seed=None, target: int = TARGET, dealer: Optional[int] = None):
        if not isinstance(target, int) or target < 1:
            raise PositionError(f"the target must be at least 1 game point, got {target!r}")
        self.rng = random.Random(seed)
        self.target = target
        self.dealer = self.rng.randrange(2) if dealer is None else _player(dealer, "dealer")
        self.scores = [0, 0]
        self.deals: List[Position] = []

    def new_deal(self) -> Position:
        """Deal the next hand: the non-dealer leads."""
        if self.is_over():
            raise IllegalMoveError("the game is over")
        if self.deals and not self.deals[-1].is_over():
            raise IllegalMoveError("finish the current deal first")
        pos = Position.deal(self.rng.randrange(2 ** 32), self.dealer)
        self.deals.append(pos)
        return pos

    def finish_deal(self, pos: Position) -> Tuple[int, int]:
        """Score the finished deal, pass the deal, return the game points."""
        if not self.deals or pos is not self.deals[-1] or not pos.is_over():
            raise IllegalMoveError("finish the current deal before scoring it")
        if getattr(pos, "_scored", False):
            raise IllegalMoveError("this deal was already scored")
        gp = pos.result()
        pos._scored = True
        self.scores = [self.scores[0] + gp[0], self.scores[1] + gp[1]]
        self.dealer = 1 - self.dealer
        return gp

    def is_over(self) -> bool:
        return max(self.scores) >= self.target

    @property
    def winner(self) -> Optional[int]:
        if not self.is_over():
            return None
        return 0 if self.scores[0] >= self.target else 1
