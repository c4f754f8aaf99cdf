"""Eighty-Three: the text of a move.  Every decision of a deal is a move:

=================  =====================================================
``pass``           pass in the auction (final)
``45``             bid 45 (30..83); ``83 doubled`` (also ``83d``) above 83
``trumps H``       the bidder names the trump suit
``pass 5H 6H``     pass these trumps (the ones over 6) to the partner
``discard 4C 7D``  discard these cards, down to 6
``AS``             play a card (``JK`` is the joker)
=================  =====================================================

Parsing is case-insensitive and accepts ``10`` for ``T``; the canonical
text lists the cards of a pass or a discard in display order.

>>> Move("45"), Move("83D"), Move("P"), Move("trumps h"), Move("discard 7d 4c ah")
(Move('45'), Move('83 doubled'), Move('pass'), Move('trumps H'), Move('discard AH 7D 4C'))
>>> m = Move("pass 6h 5h")
>>> m, m.kind, [str(c) for c in m.cards]
(Move('pass 6H 5H'), 'pass', ['6H', '5H'])
>>> Move("jk").kind, Move("45").bid, Move("trumps D").suit
('play', 45, 2)
>>> Move("29")
Traceback (most recent call last):
...
openhand.errors.IllegalMoveError: unknown bid '29': bids are pass, 30..83 and '83 doubled'
"""
from __future__ import annotations

from typing import Dict, Iterable, Optional, Tuple

from ..cards import SUIT_CHARS, Card, parse_cards, sort_cards
from ..errors import CardError, IllegalMoveError
from ..game import Move as BaseMove
from .rules import DECK, DOUBLED, MIN_BID, PASS, bid_text, parse_bid

__all__ = ["Move", "BID", "TRUMPS_KIND", "PASS_KIND", "DISCARD", "PLAY"]

BID, TRUMPS_KIND, PASS_KIND, DISCARD, PLAY = "bid", "trumps", "pass", "discard", "play"
_CACHE: Dict[str, "Move"] = {}
_HELP = ("expected a bid ('pass', '45', '83 doubled'), 'trumps H', 'pass 5H 6H', "
         "'discard 4C 7D ...' or a card ('AS', 'JK')")


class Move(BaseMove):
    """An Eighty-Three move in canonical text; ``kind`` is ``'bid'``,
    ``'trumps'``, ``'pass'``, ``'discard'`` or ``'play'``; ``bid`` (0 for a
    pass, 30..83, 84 for 83 doubled), ``suit`` (0..3), ``cards`` (a tuple)
    and ``card`` (a play) describe it."""

    kind: str
    bid: Optional[int]
    suit: Optional[int]
    cards: Tuple[Card, ...]
    card: Optional[Card]

    def __new__(cls, text) -> "Move":
        if type(text) is cls:
            return text
        if not isinstance(text, str):
            raise IllegalMoveError(f"an Eighty-Three move is text like '45', 'trumps H' or 'AS', not {text!r}")
        found = _CACHE.get(text)
        return found if found is not None else _parse(text)

    @classmethod
    def of_bid(cls, bid: int) -> "Move":
        return _CACHE[bid_text(bid)]

    @classmethod
    def of_cards(cls, kind: str, cards: Iterable[Card]) -> "Move":
        """The pass or discard of these cards."""
        return _make(kind, tuple(sort_cards(cards)))


def _make(kind: str, cards=(), bid=None, suit=None) -> Move:
    if kind == BID:
        text = bid_text(bid)
    elif kind == TRUMPS_KIND:
        text = f"trumps {SUIT_CHARS[suit]}"
    elif kind == PLAY:
        text = str(cards[0])
    else:
        text = f"{kind} " + " ".join(map(str, cards))
    found = _CACHE.get(text)
    if found is not None:
        return found
    move = str.__new__(Move, text)
    move.kind, move.bid, move.suit, move.cards = kind, bid, suit, tuple(cards)
    move.card = cards[0] if kind == PLAY else None
    if kind != PASS_KIND and kind != DISCARD:   # the finitely many: kept
        _CACHE[text] = move
    return move


def _deck_cards(text: str, words) -> Tuple[Card, ...]:
    cards = parse_cards(" ".join(words))
    for c in cards:
        if c not in DECK:   # pragma: no cover - every card is in the 53-card deck
            raise CardError(f"card {c} is not in the Eighty-Three deck, in move {text!r}")
    if len(set(cards)) != len(cards):
        raise IllegalMoveError(f"move {text!r} lists a card twice")
    return tuple(sort_cards(cards))


def _parse(text: str) -> Move:
    words = text.split()
    low = [w.lower() for w in words]
    if not words:
        raise IllegalMoveError(f"an empty move: {_HELP}")
    if low[0] in ("trumps", "trump") and len(words) == 2:
        letter = words[1].upper()
        if letter not in SUIT_CHARS or len(letter) != 1:
            raise IllegalMoveError(f"move {text!r}: {words[1]!r} is not a suit (one of S H D C)")
        return _make(TRUMPS_KIND, suit=SUIT_CHARS.index(letter))
    if low[0] in (PASS_KIND, DISCARD) and len(words) > 1:
        return _make(low[0], _deck_cards(text, words[1:]))
    try:
        return _make(BID, bid=parse_bid(text))
    except IllegalMoveError as not_a_bid:
        if len(words) == 1 and len(words[0]) in (2, 3) and not words[0].isdigit():
            return _make(PLAY, (Card(words[0]),))   # a card, or a CardError naming it
        raise not_a_bid


for _b in [PASS] + list(range(MIN_BID, DOUBLED + 1)):
    _make(BID, bid=_b)
for _s in range(4):
    _make(TRUMPS_KIND, suit=_s)
for _c in DECK:
    _make(PLAY, (_c,))
