"""The choices before play in Eighty-Three: passes and discards, up to
interchangeable cards.

A state is ``(hands, phase, queue)``: the four hand masks, the phase
(:data:`PASS`, :data:`DISCARD` or :data:`LEAF`, the start of play) and the
seats still to choose in it, in turn order.  :class:`Choices` holds one
(bidder, trump) pair's card tables and gives, for a state, the legal passes
and one representative discard per class of interchangeable ones (runs of
one hand's cards), and settles the players who have nothing to choose.  The
exact search (:mod:`.choice_tree`) and the fast mode's policy
(:mod:`.discard_policy`) both choose among these options; the method is
explained in :mod:`openhand.eightythree.feasibility`.
"""
from __future__ import annotations

import functools
import itertools
from typing import Dict, List

from ..seats import partner_of
from .rules import DECK, HAND_SIZE, TRUMPS, card_key, points

__all__ = ["Choices", "PASS", "DISCARD", "LEAF", "bits", "popcount", "count_vectors"]

PASS, DISCARD, LEAF = 0, 1, 2


class Choices:
    """The pass and discard options of one (bidder, trump) pair."""

    def __init__(self, trump: int, bidder: int):
        self.trump, self.bidder = trump, bidder
        self.pts = {}
        self.trump_mask = self.scoring_mask = 0
        # cards of each effective suit, strongest first
        self.order: List[List[int]] = [[] for _ in range(5)]
        for c in sorted(DECK, key=lambda c: -card_key(c, trump)[1]):
            eff, _ = card_key(c, trump)
            self.order[eff].append(int(c))
            self.pts[int(c)] = points(c, trump)
            if eff == TRUMPS:
                self.trump_mask |= 1 << int(c)
                if self.pts[int(c)]:
                    self.scoring_mask |= 1 << int(c)
        # per effective suit, its cards' bits (strongest first) and their union
        self.order_bits = [[(c, 1 << c) for c in cs] for cs in self.order]
        self.eff_mask = [sum(1 << c for c in cs) for cs in self.order]
        self.groups_of: Dict[tuple, tuple] = {}

    # ---------------------------------------------------------- states
    def settle(self, hands: tuple, phase: int, queue: tuple):
        """Skip players with nothing to choose (or one class of choices);
        return the normalised state."""
        while True:
            if phase == PASS:
                while queue and popcount(hands[queue[0]] & self.trump_mask) <= HAND_SIZE:
                    queue = queue[1:]
                if queue:
                    return hands, phase, queue
                phase, queue = DISCARD, tuple((self.bidder + k) % 4 for k in range(4))
            while queue and popcount(hands[queue[0]]) <= HAND_SIZE:
                queue = queue[1:]
            if not queue:
                return hands, LEAF, ()
            seat = queue[0]
            fixed, keep, groups = self.discard_groups(hands, seat)
            total = sum(len(g) for g in groups)
            if keep not in (0, total) and len(groups) > 1:
                return hands, phase, queue
            m = fixed                                   # forced: one class only
            for g in groups:
                for c in g[:keep]:
                    m |= 1 << c
                keep -= min(keep, len(g))
            hands = tuple(m if s == seat else hands[s] for s in range(4))
            queue = queue[1:]

    def runs(self, hands, effs=range(5)):
        """Per effective suit in ``effs``: list of (holder, [cards strongest
        first]), a run being a maximal block of one hand's cards among all
        cards still in the four hands."""
        owner = [-1] * 64
        for s in range(4):
            for c in bits(hands[s]):
                owner[c] = s
        out = []
        for eff in effs:
            suit_runs = []
            last = -1
            for c in self.order[eff]:
                h = owner[c]
                if h < 0:
                    continue
                if h == last:
                    suit_runs[-1][1].append(c)
                else:
                    suit_runs.append((h, [c]))
                    last = h
            out.append(suit_runs)
        return out

    # ---------------------------------------------------------- choices
    def seat_runs(self, hands, seat, effs):
        """The runs (see :meth:`runs`) of ``seat``'s hand in the effective
        suits ``effs``, strongest first: the same lists as ``runs`` gives
        for that holder, by bit tests (this is the choice tree's hot path)."""
        held = hands[0] | hands[1] | hands[2] | hands[3]
        mine = hands[seat]
        out = []
        for eff in effs:
            in_play = held & self.eff_mask[eff]
            if not mine & in_play:
                continue
            cur = None
            for c, b in self.order_bits[eff]:
                if not in_play & b:
                    continue
                if mine & b:
                    if cur is None:
                        cur = [c]
                        out.append(cur)
                    else:
                        cur.append(c)
                else:
                    cur = None
        return out

    def discard_groups(self, hands, seat):
        """(cards kept for sure, how many more to keep, the groups of
        interchangeable candidates, strongest first).  Memoised per
        (hands, seat): settle() and discard_options() ask for the same
        state's groups, and the groups depend on nothing else."""
        memo_key = (hands, seat)
        got = self.groups_of.get(memo_key)
        if got is not None:
            return got
        hand = hands[seat]
        trumps = hand & self.trump_mask
        n_trumps = popcount(trumps)
        if n_trumps <= HAND_SIZE:
            got = trumps, HAND_SIZE - n_trumps, self.seat_runs(hands, seat, range(4))
        else:
            fixed = hand & self.scoring_mask
            pts = self.pts
            groups = [[c for c in cs if not pts[c]] for cs in self.seat_runs(hands, seat, (TRUMPS,))]
            got = fixed, HAND_SIZE - popcount(fixed), [g for g in groups if g]
        self.groups_of[memo_key] = got
        return got

    def discard_options(self, hands, seat) -> List[tuple]:
        """One representative new ``hands`` per class of legal discards."""
        fixed, keep, groups = self.discard_groups(hands, seat)
        prefixes = []                   # prefixes[i][n]: the first n cards of group i
        for g in groups:
            acc, p = 0, [0]
            for c in g:
                acc |= 1 << c
                p.append(acc)
            prefixes.append(p)
        head, tail = hands[:seat], hands[seat + 1:]
        out = []
        for counts in count_vectors(tuple(len(g) for g in groups), keep):
            m = fixed
            for p, n in zip(prefixes, counts):
                m |= p[n]
            out.append(head + (m,) + tail)
        return out

    def pass_options(self, hands, seat, queue) -> List[tuple]:
        """Every legal pass of ``seat`` (all but 6 of its trumps, to the
        partner), as the new ``hands``."""
        trumps = [c for c in bits(hands[seat] & self.trump_mask)]
        need = len(trumps) - HAND_SIZE
        partner = partner_of(seat)
        check = partner not in queue[1:]
        held = bin(hands[partner] & self.scoring_mask).count("1")
        out = []
        for combo in itertools.combinations(trumps, need):
            m = sum(1 << c for c in combo)
            if check and held + bin(m & self.scoring_mask).count("1") > HAND_SIZE:
                continue
            new = list(hands)
            new[seat] &= ~m
            new[partner] |= m
            out.append(tuple(new))
        return out


def popcount(m: int) -> int:
    return bin(m).count("1")


def bits(m: int):
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


@functools.lru_cache(maxsize=None)
def count_vectors(sizes: tuple, total: int) -> tuple:
    return tuple(_count_vectors_gen(sizes, total))


def _count_vectors_gen(sizes, total: int):
    """Every vector n with 0 <= n[i] <= sizes[i] and sum total; larger
    counts on earlier (stronger) groups first."""
    if not sizes:
        if total == 0:
            yield ()
        return
    rest = sum(sizes[1:])
    for n in range(min(sizes[0], total), max(0, total - rest) - 1, -1):
        for tail in _count_vectors_gen(sizes[1:], total - n):
            yield (n,) + tail
