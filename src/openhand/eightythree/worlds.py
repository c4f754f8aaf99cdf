"""Eighty-Three: dealing the cards a player cannot see (:func:`world_sampler`).

What a player knows (:mod:`.observation`) places the hidden cards:

* In the auction: the other hands (12 each) and the kitty (5) are
  unknown.  Once the auction is over the kitty lies in the bidder's hand
  (17 cards; the bidder himself knows it).
* Passes: the giver and the receiver know the cards, everybody knows how
  many.  A player who passed held exactly 6 + n trumps at his turn and
  6 after it; a player whose turn went by without a pass held at most 6.
  With the trumps received from the partner before or after that turn,
  each player's trumps at the end of the passing lie in a known range.
* Discards: everybody knows how many, only the discarder which.  A
  player with more than 6 trumps discards every plain card and only
  non-scoring trumps; otherwise plain cards only.  So no scoring trump is
  ever in a discard pile, and a player who kept 6 trumps or more holds
  trumps only.
* The play: a player who plays neither the suit led nor a trump to a
  plain lead has no card of that suit; one who plays no trump to a trump
  lead has no trump.  (With no card of the suit led a player may play any
  card, a trump or another plain one, so a plain card on a plain lead
  says nothing about trumps.)

Each player's trumps at the end of the passing, within its range, makes
one case; a case splits the player's hand (and discard pile) into a trump
part and a plain part of exact sizes, so every case is a
:class:`~openhand.dealing.Placement` and all of them a
:class:`~openhand.dealing.Union`: exact and uniform over the placements of
the hidden cards now.  (Which of a receiver's trumps came from an
opponent's pass is not resolved: it changes nothing from here on.)

A pass must leave the receiver able to keep every scoring trump, so the
passes a player is offered tell him about his partner, once the partner's
own passing turn is over: a pass holding k scoring trumps is legal when
the partner holds at most 6 - k.  If every pass of the right size is
legal, the partner holds at most 6 - (the most scoring trumps a pass could
hold); if some are refused, exactly 6 - (the most a legal one holds).  At
his own passing turn the partner's trumps split into scoring ones, in that
range, and the others: more cases of the union, so the worlds are those in
which he is offered the same passes.  (What the passes of the others,
earlier, said to them is not used.)

Worlds are, by phase: in the auction and the naming of trumps a whole
:class:`~.deal.Deal` from the shuffle with the bids replayed (a bidder's
kitty, when the observer is not the bidder, is 5 of his 17 cards at
random); while passing and discarding a :class:`~.deal.DealMoment` (the
hands now, no history); in the play a play :class:`~.rules.Position`.

>>> from openhand.eightythree import Deal
>>> d = Deal.random(seed=7, dealer="N")
>>> d.replay(["30", "pass", "35", "pass", "pass"])
>>> w = world_sampler(d.observation("W"))       # the bidder, who knows the kitty
>>> world = w.sample(random.Random(1))
>>> world.phase, world.kitty == d.kitty, world.hands[3] == d.hands[3]
('trumps', True, True)
"""
from __future__ import annotations

import itertools
import random  # noqa: F401 (doctest)
from typing import Dict, List, Optional, Tuple

from ..cards import SUIT_CHARS, Card
from ..dealing import Placement, Union, WorldSampler
from ..seats import SEATS, partner_of
from .notation import PLAY, Move
from .rules import DECK, HAND_SIZE, TRUMPS, Position, effective_suit, is_scoring_trump, is_trump, parse_bid

__all__ = ["world_sampler"]


def world_sampler(obs) -> WorldSampler:
    """The worlds consistent with an Eighty-Three observation (of a whole
    deal, or of a play position)."""
    if "phase" not in obs.fields():
        return _play_position_sampler(obs)
    if obs.phase in ("bidding", "trumps"):
        return _auction_sampler(obs)
    return _after_trumps_sampler(obs)


# ------------------------------------------------------------------ auction
def _bid_moves(obs) -> List[str]:
    return [text for _, text in obs.bids]


def _auction_sampler(obs) -> WorldSampler:
    from .deal import Deal
    me = obs.player
    mine = [Card(c) for c in obs.hand]
    kitty = [Card(c) for c in obs.kitty] if obs.kitty is not None else None
    others = [q for q in range(4) if q != me]
    places = {SEATS[q]: obs.hand_sizes[q] for q in others}
    if obs.phase == "bidding":
        places["kitty"] = 5
    hidden = sorted(DECK - set(mine))
    allowed = {c: list(places) for c in hidden}

    def build(placed, rng):
        hands = {SEATS[q]: list(placed[SEATS[q]]) for q in others}
        hands[SEATS[me]] = list(mine)
        if obs.phase == "bidding":
            pot = placed["kitty"]
        elif kitty is not None:                  # the bidder: his kitty is known
            pot = kitty
        else:                                    # 5 of the bidder's 17, at random
            pot = rng.sample(hands[SEATS[obs.bidder]], 5)
        b = SEATS[obs.bidder] if obs.phase != "bidding" else None
        if b is not None:
            hands[b] = [c for c in hands[b] if c not in set(pot)]
        deal = Deal(hands, pot, obs.dealer, obs.penalty)
        deal.replay(_bid_moves(obs))
        return deal

    return WorldSampler(obs, Placement(places, allowed), build)


# ------------------------------------------------------------------ after trumps
def _seat_facts(obs):
    """Per seat: cards passed (count), received (count, and how many after
    its own passing turn), passing turn over, discard count (None: not yet)."""
    bidder, trump = obs.bidder, SUIT_CHARS.index(obs.trump)
    order = [(bidder + k) % 4 for k in range(4)]
    turn = {q: order.index(q) for q in range(4)}
    passed = {q: 0 for q in range(4)}
    for who, n, _ in obs.passes:
        passed[who] = n
    if obs.phase == "passing":
        done = {q: turn[q] < turn[obs.to_move] for q in range(4)}
    else:
        done = {q: True for q in range(4)}
    recv_before = {q: passed[partner_of(q)] if turn[partner_of(q)] < turn[q] else 0 for q in range(4)}
    recv_after = {q: passed[partner_of(q)] if turn[partner_of(q)] > turn[q] else 0 for q in range(4)}
    discards: Dict[int, Optional[int]] = {q: None for q in range(4)}
    for who, text in obs.moves:
        if text.startswith("discard"):
            discards[who] = len(Move(text).cards) if "(" not in text else int(text.split("(")[1].split()[0])
    if obs.phase in ("playing", "over"):
        discards = {q: (0 if n is None else n) for q, n in discards.items()}
    return trump, passed, done, recv_before, recv_after, discards


def _trump_range(q, passed, done, recv_before, recv_after, hand_size) -> Tuple[int, int]:
    """The trumps ``q`` holds at the end of the passing (or now, while it
    goes on), lowest and highest."""
    if not done[q]:
        return recv_before[q], hand_size           # received trumps are in his hand
    if passed[q]:
        return HAND_SIZE + recv_after[q], HAND_SIZE + recv_after[q]
    return recv_before[q] + recv_after[q], HAND_SIZE + recv_after[q]


def _after_trumps_sampler(obs) -> WorldSampler:
    me = obs.player
    trump, passed, done, recv_before, recv_after, discards = _seat_facts(obs)
    playing = obs.phase in ("playing", "over")
    mine = [Card(c) for c in obs.hand]
    plays = [(who, Card(t)) for who, t in obs.moves if "(" not in t and Move(t).kind == PLAY] if playing else []
    played = {c for _, c in plays}
    my_passed = {Card(c) for who, _, cards in obs.passes if who == me and cards for c in cards}
    seen = set(mine) | {Card(c) for c in obs.my_discards} | played
    hidden = sorted(DECK - seen)
    others = [q for q in range(4) if q != me]
    partner = partner_of(me)
    void_suits = _voids(plays, trump)
    played_trumps = {q: sum(1 for who, c in plays if who == q and is_trump(c, trump)) for q in range(4)}
    # each other seat's cases: (trumps in hand now, trumps in its discard pile, scoring
    # trumps among those in hand if counted apart)
    scoring_range = _partner_scoring_range(obs, mine, trump, done, partner)
    per_seat = []
    for q in others:
        h, d = obs.hand_sizes[q], discards[q]
        if playing:
            size_then = h + sum(1 for who, _ in plays if who == q)
        else:
            size_then = h + (d or 0)
        lo, hi = _trump_range(q, passed, done, recv_before, recv_after, size_then)
        cases = []
        for t in range(lo, hi + 1):
            if d is None:                              # not discarded yet
                a, b = t, 0
            else:
                a, b = min(t, HAND_SIZE), max(0, t - HAND_SIZE)
                a -= played_trumps[q]
            if not (0 <= a <= h and 0 <= b <= (d or 0)):
                continue
            if q == partner and scoring_range is not None:
                cases.extend((a, b, k) for k in range(scoring_range[0], min(a, scoring_range[1]) + 1))
            else:
                cases.append((a, b, None))
        per_seat.append((q, h, d or 0, sorted(set(cases))))

    def placement(choice) -> Placement:
        places: Dict[str, int] = {}
        split = {}                                     # seat -> its scoring trumps, if counted apart
        for (q, h, d, _), (a, b, k) in zip(per_seat, choice):
            places[f"{SEATS[q]} trumps"], places[f"{SEATS[q]} plain"] = a, h - a
            if k is not None:
                places[f"{SEATS[q]} trumps"], places[f"{SEATS[q]} scoring trumps"] = a - k, k
                split[q] = k
            if d:
                places[f"{SEATS[q]} discard trumps"], places[f"{SEATS[q]} discard plain"] = b, d - b
        allowed = {}
        for c in hidden:
            tr = is_trump(c, trump)
            suit = TRUMPS if tr else effective_suit(c, trump)
            where = []
            for q, h, d, _ in per_seat:
                if c in my_passed and q != partner:
                    continue                           # what I passed is my partner's
                if suit not in void_suits[q]:
                    scoring = tr and q in split and is_scoring_trump(c, trump)
                    where.append(f"{SEATS[q]} {'scoring trumps' if scoring else 'trumps' if tr else 'plain'}")
                if d and not (tr and is_scoring_trump(c, trump)):
                    where.append(f"{SEATS[q]} discard {'trumps' if tr else 'plain'}")
            allowed[c] = where
        return Placement(places, allowed)

    union = Union(placement(choice) for choice in itertools.product(*(cases for *_, cases in per_seat)))

    def build(placed, rng):
        hands = {SEATS[me]: mine}
        piles = {me: tuple(Card(c) for c in obs.my_discards)}
        for q, h, d, _ in per_seat:
            hands[SEATS[q]] = placed[f"{SEATS[q]} trumps"] + placed.get(f"{SEATS[q]} scoring trumps", []) \
                + placed[f"{SEATS[q]} plain"]
            if d:
                piles[q] = tuple(placed[f"{SEATS[q]} discard trumps"] + placed[f"{SEATS[q]} discard plain"])
        if playing:
            return Position(hands, trump, obs.bidder, obs.leader, [Card(c) for c in obs.trick], obs.score)
        from .deal import DealMoment
        order = [(obs.bidder + k) % 4 for k in range(4)]
        queue = order[order.index(obs.to_move):]
        pass_cards = {who: tuple(Card(c) for c in cards) if cards else () for who, _, cards in obs.passes}
        return DealMoment.at([hands[s] for s in SEATS], (), obs.dealer, obs.penalty, parse_bid(obs.high_bid),
                             obs.bidder, trump, obs.phase, queue, pass_cards,
                             {q: pile for q, pile in piles.items() if pile})

    return WorldSampler(obs, union, build)


def _voids(plays, trump: int, trick=()) -> Dict[int, set]:
    """Seat -> the suits it has shown to lack (``TRUMPS`` for the trumps:
    no trump to a trump lead; a plain suit: neither it nor a trump to its
    lead), from ``plays`` ((seat, card) in order) after ``trick`` (the
    cards already in the trick they start in)."""
    void_suits: Dict[int, set] = {q: set() for q in range(4)}
    trick = list(trick)
    for who, card in plays:
        if trick:
            led, suit = effective_suit(trick[0], trump), effective_suit(card, trump)
            if led == TRUMPS and suit != TRUMPS:
                void_suits[who].add(TRUMPS)
            elif led != TRUMPS and suit not in (led, TRUMPS):
                void_suits[who].add(led)
        trick.append(card)
        if len(trick) == 4:
            trick = []
    return void_suits


def _partner_scoring_range(obs, mine, trump, done, partner) -> Optional[Tuple[int, int]]:
    """The scoring trumps the partner may hold, as the passes offered to
    the observer tell (see the module notes): None when they tell nothing
    (not the observer's passing turn, or the partner's turn to come)."""
    if obs.phase != "passing" or obs.to_move != obs.player or not done[partner] or not obs.legal_moves:
        return None
    trumps = [c for c in mine if is_trump(c, trump)]
    size = len(trumps) - HAND_SIZE
    scoring = sum(1 for c in trumps if is_scoring_trump(c, trump))
    most = min(size, scoring)                     # the most scoring trumps a pass could hold
    offered = max(sum(1 for c in Move(m).cards if is_scoring_trump(Card(c), trump)) for m in obs.legal_moves)
    if offered == most:
        return 0, HAND_SIZE - most
    return HAND_SIZE - offered, HAND_SIZE - offered


# ------------------------------------------------------------------ a play position
def _play_position_sampler(obs) -> WorldSampler:
    """A play position's observation: the other hands, voids from the
    plays, and (for a position given in mid-play) the unseen cards played
    or discarded before its start ("out"; no scoring trump among them
    unless the position started after some had been played)."""
    me, trump = obs.player, SUIT_CHARS.index(obs.trump)
    mine = [Card(c) for c in obs.hand]
    seen = set(mine) | {Card(c) for _, c in obs.plays} | {Card(c) for c in obs.start_trick}
    hidden = sorted(DECK - seen)
    others = [q for q in range(4) if q != me]
    out = len(hidden) - sum(obs.hand_sizes[q] for q in others)
    void_suits = _voids([(who, Card(text)) for who, text in obs.plays], trump, [Card(c) for c in obs.start_trick])
    places = {SEATS[q]: obs.hand_sizes[q] for q in others}
    if out:
        places["out"] = out
    allowed = {c: [SEATS[q] for q in others if effective_suit(c, trump) not in void_suits[q]] + (["out"] if out else [])
               for c in hidden}

    def build(placed, rng):
        hands = {SEATS[q]: placed[SEATS[q]] for q in others}
        hands[SEATS[me]] = mine
        return Position(hands, trump, obs.bidder, obs.leader, [Card(c) for c in obs.trick], obs.points)

    return WorldSampler(obs, Placement(places, allowed), build)
