"""65: the text of a move.  A move is a card: ``AS``, ``TH`` (T or 10 for
the ten), any case.

>>> Move("10h"), Move("as").card, Move("AS") == "AS"
(Move('TH'), Card('AS'), True)
>>> Move("2S")
Traceback (most recent call last):
...
openhand.errors.CardError: card 2S is not in the 65 deck (3 to A of each suit), in move '2S'
"""
from __future__ import annotations

from typing import Dict

from ..cards import Card
from ..errors import CardError, IllegalMoveError
from ..game import Move as BaseMove
from .deck import DECK

__all__ = ["Move"]

_BY_TEXT: Dict[str, "Move"] = {}


class Move(BaseMove):
    """A 65 move (a card), in canonical text; ``card`` is its Card."""

    card: Card

    def __new__(cls, text) -> "Move":
        if type(text) is cls:
            return text
        if not isinstance(text, str):
            raise IllegalMoveError(f"a 65 move is a card's text like 'AS', not {text!r}")
        found = _BY_TEXT.get(text)
        if found is not None:
            return found
        card = Card(text)
        if card not in DECK:
            raise CardError(f"card {card} is not in the 65 deck (3 to A of each suit), in move {text!r}")
        return _BY_TEXT[str(card)]


for _card in DECK:
    _m = str.__new__(Move, str(_card))
    _m.card = _card
    _BY_TEXT[str(_card)] = _m
