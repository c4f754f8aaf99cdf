"""The fast mode's policy: heuristic passes and discards for all four players.

From a state of :mod:`.choices` to the start of play, each player in turn
chooses by a fixed rule (documented under "Fast mode" in
:mod:`openhand.eightythree.feasibility`): a pass keeps the scoring trumps
(most points first), then the highest trumps; a player with 6 or fewer
trumps keeps them all and the highest plain cards (ties: the longer suit,
then suit order); a player with more keeps the scoring trumps and the
highest others.  No search: one play solve of the resulting hands gives the
fast value, and it seeds the exact search's first question.
"""
from __future__ import annotations

import functools

from ..cards import Card
from .choices import DISCARD, LEAF, PASS, Choices, bits
from .rules import HAND_SIZE, card_key

__all__ = ["heuristic_hands"]


def heuristic_hands(choices: Choices, state) -> tuple:
    """Play the documented heuristic policy from ``state`` to the start of
    play: the four hand masks then."""
    hands, phase, queue = state
    while True:
        hands, phase, queue = _settle_plain(choices, hands, phase, queue)
        if phase == LEAF:
            return hands
        seat = queue[0]
        if phase == PASS:
            hands = _heuristic_pass(choices, hands, seat, queue)
        else:
            hands = _heuristic_discard(choices, hands, seat)
        queue = queue[1:]


def _settle_plain(choices: Choices, hands, phase, queue):
    """Skip the players with nothing to choose (unlike
    :meth:`Choices.settle`, a player with one class of choices still
    chooses by the policy)."""
    if phase == PASS:
        while queue and bin(hands[queue[0]] & choices.trump_mask).count("1") <= HAND_SIZE:
            queue = queue[1:]
        if queue:
            return hands, phase, queue
        phase, queue = DISCARD, tuple((choices.bidder + k) % 4 for k in range(4))
    while queue and bin(hands[queue[0]]).count("1") <= HAND_SIZE:
        queue = queue[1:]
    return (hands, phase, queue) if queue else (hands, LEAF, ())


def _trump_pref(choices: Choices, c):
    return (-choices.pts[c], -card_key(Card(c), choices.trump)[1])


def _heuristic_pass(choices: Choices, hands, seat, queue):
    trumps = sorted(bits(hands[seat] & choices.trump_mask),
                    key=functools.partial(_trump_pref, choices))
    options = choices.pass_options(hands, seat, queue)
    preferred = sum(1 << c for c in trumps[HAND_SIZE:])
    for h in options:
        if hands[seat] & ~h[seat] == preferred:
            return h
    # the cheapest legal pass in points (always exists: keep scoring trumps first)
    return min(options, key=lambda h: (sum(choices.pts[c] for c in bits(hands[seat] & ~h[seat])),
                                       sorted(bits(h[seat]))))


def _heuristic_discard(choices: Choices, hands, seat):
    hand = hands[seat]
    trumps = hand & choices.trump_mask
    n = bin(trumps).count("1")
    if n > HAND_SIZE:
        ordered = sorted(bits(trumps), key=functools.partial(_trump_pref, choices))
        keep = sum(1 << c for c in ordered[:HAND_SIZE])
    else:
        plain = list(bits(hand & ~trumps))
        length = {}
        for c in plain:
            length[c // 16] = length.get(c // 16, 0) + 1
        plain.sort(key=lambda c: (-(c % 16), -length[c // 16], c // 16))
        keep = trumps | sum(1 << c for c in plain[:HAND_SIZE - n])
    return tuple(keep if s == seat else hands[s] for s in range(4))
