"""Sixty-Six: the deck, card points and strengths, and the card tables the
mask code uses (the rules themselves: :mod:`.rules`)."""
from __future__ import annotations

from typing import List

from ..cards import Card, make_deck, parse_hand  # noqa: F401 (parse_hand: doctest)

__all__ = ["GAME", "DECK", "HAND_SIZE", "STOCK_SIZE", "TOTAL_CARD_POINTS", "GOAL", "LAST_TRICK_BONUS",
           "TARGET", "RANK_ORDER", "CARD_POINTS", "card_points", "follower_wins", "format_hand", "cards_of"]


GAME = "66"
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
