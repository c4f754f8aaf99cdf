"""65: dealing the cards a player cannot see (:func:`world_sampler`).

What a 65 player knows (``Position.observation``): his own hand, every
card played and by whom, the trick, the score.  From the plays he also
knows the voids shown: a player who did not follow suit holds no card of
the suit led.  The hidden cards are the others' hands (their sizes are
known) and, for a position that started in mid-deal, the cards played
before its start ("out", unseen).  Each hidden card may be in the hand
of every other player not void in its suit, or out: a
:class:`~openhand.dealing.Placement`, counted and sampled exactly.

>>> from openhand.sixtyfive import Position
>>> p = Position.random(seed=11)
>>> p.replay(["AS", "5S", "QS", "QH"])      # W did not follow: W is void in spades
>>> voids(p.observation(0))[3]
{0}
>>> w = world_sampler(p.observation(0))
>>> worlds = w.samples(200, seed=1)
>>> any(c.suit == 0 for world in worlds for c in world.hands[3]), worlds[0].trick == p.trick
(False, True)

In a position given in mid-deal, the cards played before its start are
unseen: they may be anywhere but in the hands.

>>> p = Position.from_deal("N:A.K.. .A3.. K.4.. Q..Q.", leader="N")
>>> world_sampler(p.observation(0)).placement.places
('E', 'S', 'W', 'out')
"""
from __future__ import annotations

import random  # noqa: F401 (doctest)
from typing import Dict, List, Set

from ..cards import Card
from ..dealing import Placement, WorldSampler
from ..seats import SEATS
from .deck import DECK
from .rules import Position, trick_winner_index

__all__ = ["world_sampler", "voids"]


def voids(obs) -> Dict[int, Set[int]]:
    """Seat -> the suits it has shown to be void in (did not follow)."""
    out: Dict[int, Set[int]] = {s: set() for s in range(4)}
    trick = [Card(c) for c in obs.start_trick]
    leader = obs.start_leader
    for seat, text in obs.plays:
        card = Card(text)
        if trick and card.suit != trick[0].suit:
            out[seat].add(int(trick[0].suit))
        trick.append(card)
        if len(trick) == 4:
            leader = (leader + trick_winner_index(trick)) % 4
            trick = []
    return out


def world_sampler(obs) -> WorldSampler:
    """The worlds consistent with a 65 observation: Positions at the same
    moment (no history), the other hands dealt uniformly."""
    me = obs.player
    seen = {Card(c) for c in obs.hand} | {Card(c) for _, c in obs.plays} | {Card(c) for c in obs.start_trick}
    others = [q for q in range(4) if q != me]
    hidden = sorted(DECK - seen)
    out = len(hidden) - sum(obs.hand_sizes[q] for q in others)
    void = voids(obs)
    places = {SEATS[q]: obs.hand_sizes[q] for q in others}
    if out:
        places["out"] = out
    allowed: Dict[Card, List[str]] = {}
    for c in hidden:
        allowed[c] = [SEATS[q] for q in others if int(c.suit) not in void[q]] + (["out"] if out else [])
    mine = [Card(c) for c in obs.hand]

    def build(placed, rng) -> Position:
        hands = {SEATS[q]: placed[SEATS[q]] for q in others}
        hands[SEATS[me]] = mine
        return Position(hands, obs.leader, [Card(c) for c in obs.trick], obs.points, obs.tricks, obs.dealer)

    return WorldSampler(obs, Placement(places, allowed), build)
