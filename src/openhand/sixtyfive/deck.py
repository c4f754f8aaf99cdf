"""65: the deck and the points (the rules themselves: :mod:`.rules`).

>>> len(DECK), sum(card_points(c) for c in DECK), TOTAL_POINTS
(48, 40, 65)
"""
from __future__ import annotations

from ..cards import Card, make_deck

__all__ = ["GAME", "DECK", "TRUMP_SUIT", "HAND_SIZE", "TOTAL_POINTS", "CARD_POINTS", "TRICK_POINTS",
           "LAST_TRICK_BONUS", "card_points"]

GAME = "65"
DECK = make_deck("3456789TJQKA")
TRUMP_SUIT = 0  # spades
HAND_SIZE = 12
TOTAL_POINTS = 65
CARD_POINTS = {14: 4, 13: 3, 12: 2, 11: 1}  # by rank
TRICK_POINTS = 2
LAST_TRICK_BONUS = 1


def card_points(card: Card) -> int:
    """A 4, K 3, Q 2, J 1, every other card 0."""
    return CARD_POINTS.get(card.rank, 0)
