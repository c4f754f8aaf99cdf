"""The exact pass/discard search of the bid feasibility table.

:class:`ChoiceTree` answers "can the bidder's side secure at least t?"
over the tree of :mod:`.choices` (the bidder's side maximising, the
defenders minimising), with bounds learnt per state and kept across
questions, quick sound bounds from the top trumps, and the last discard's
play positions sent to the play oracle in one batch; :meth:`ChoiceTree.exact`
bisects t to the exact value.  Why this is sound and fast enough is
explained in :mod:`openhand.eightythree.feasibility`.
"""
from __future__ import annotations

from typing import Dict, Optional, Tuple

from ..seats import side_of
from .choices import DISCARD, LEAF, PASS, Choices
from .play_oracle import PlayOracle
from .rules import TOTAL_POINTS, TRUMPS

__all__ = ["ChoiceTree"]


class ChoiceTree(Choices):
    """The exact pass/discard game of one (bidder, trump) pair."""

    def __init__(self, trump: int, bidder: int, oracle: PlayOracle):
        super().__init__(trump, bidder)
        self.oracle = oracle
        self.side = side_of(bidder)
        self.bounds: Dict[tuple, Tuple[int, int]] = {}
        self.children_of: Dict[tuple, list] = {}
        self.nodes = 0
        self.quick_memo: Dict[tuple, Tuple[int, int]] = {}

    # ---------------------------------------------------------- the tree
    def children(self, state) -> list:
        hands, phase, queue = state
        seat = queue[0]
        bounds = self.bounds
        if phase == DISCARD and len(queue) == 1:
            # The last discard: each option is a play position (settle has
            # nothing left to skip) and distinct options are distinct hands.
            out = []
            for h in self.discard_options(hands, seat):
                child = (h, LEAF, ())
                out.append((child, child))
                if child not in bounds:
                    bounds[child] = self.quick_bounds(h)
            return out
        if phase == PASS:
            raw = [(h, PASS, queue[1:]) for h in self.pass_options(hands, seat, queue)]
        else:
            raw = [(h, DISCARD, queue[1:]) for h in self.discard_options(hands, seat)]
        out, seen = [], set()
        for h, ph, q in raw:
            child = self.settle(h, ph, q)
            if child not in seen:
                seen.add(child)
                out.append((child, child))
                if child not in self.bounds:
                    self.bounds[child] = self.quick_bounds(child[0])
        return out

    # ---------------------------------------------------------- bounds
    def quick_bounds(self, hands) -> Tuple[int, int]:
        """The top trumps held by one side with no opposing trump above
        them are never captured: their points are that side's for sure.
        (Memoised on the two sides' trumps, all it reads: plain discards
        leave it unchanged.)"""
        t = self.trump_mask
        side_masks = ((hands[0] | hands[2]) & t, (hands[1] | hands[3]) & t)
        got = self.quick_memo.get(side_masks)
        if got is None:
            got = self.quick_memo[side_masks] = self._quick_bounds(side_masks)
        return got

    def _quick_bounds(self, side_masks) -> Tuple[int, int]:
        lead_side, sure = None, 0
        for c in self.order[TRUMPS]:
            bit = 1 << c
            if side_masks[0] & bit:
                s = 0
            elif side_masks[1] & bit:
                s = 1
            else:
                continue
            if lead_side is None:
                lead_side = s
            elif s != lead_side:
                break
            sure += self.pts[c]
        if lead_side == self.side:
            return sure, TOTAL_POINTS
        return 0, TOTAL_POINTS - sure

    def get_bounds(self, key, state) -> Tuple[int, int]:
        b = self.bounds.get(key)
        if b is None:
            b = self.quick_bounds(state[0])
            self.bounds[key] = b
        return b

    # ---------------------------------------------------------- exact
    def at_least(self, key, state, target: int) -> bool:
        """Can the bidder's side secure ``target`` from this state?"""
        lo, hi = self.get_bounds(key, state)
        if lo >= target:
            return True
        if hi < target:
            return False
        self.nodes += 1
        hands, phase, queue = state
        if phase == LEAF:
            # a null-window question to the play solver (cheaper than a value)
            ok = self.oracle.at_least(hands, self.trump, self.bidder, target)
            self.bounds[key] = (max(lo, target), hi) if ok else (lo, min(hi, target - 1))
            return ok
        entry = self.children_of.get(key)
        if entry is None:
            kids = self.children(state)
            entry = (kids, all(k[1] == LEAF for k, _ in kids))
            self.children_of[key] = entry
        kids, leaves = entry
        maxing = side_of(queue[0]) == self.side
        # best-known first: what earlier questions learnt orders the choices
        bounds = self.bounds
        cb = [bounds[k] for k, _ in kids]
        sign = -1 if maxing else 1
        order = sorted(range(len(kids)), key=lambda i: sign * (cb[i][0] + cb[i][1]))
        if leaves:
            ok = self._leaves_at_least(kids, order, cb, target, maxing)
        else:
            ok = not maxing
            for i in order:
                k, child = kids[i]
                if self.at_least(k, child, target) == maxing:
                    ok = maxing
                    break
        cb = [bounds[k] for k, _ in kids]      # children() set every child's bounds
        if maxing:
            lo, hi = max(lo, max(b[0] for b in cb)), min(hi, max(b[1] for b in cb))
        else:
            lo, hi = max(lo, min(b[0] for b in cb)), min(hi, min(b[1] for b in cb))
        self.bounds[key] = (lo, hi)
        return ok

    def _leaves_at_least(self, kids, order, cb, target: int, maxing: bool) -> bool:
        """The or (maxing) / and (not maxing) of "at least ``target``?" over
        children that are all play positions, as the child loop computes
        it: children their bounds decide need no search; the rest go to the
        play solver in one batch, in the same order, stopping at the first
        answer that decides the node (the answers after it cannot change
        an or/and).  Each answer is a fail-soft bound on the leaf's value
        (often tighter than the target) and is recorded as such."""
        pending, pend_bounds = [], []
        for i in order:
            lo, hi = cb[i]
            if lo >= target or hi < target:
                if (lo >= target) == maxing:
                    return maxing
                continue
            pending.append(kids[i][0])
            pend_bounds.append((lo, hi))
        if not pending:
            return not maxing
        answers = self.oracle.at_least_until([k[0] for k in pending], self.trump, self.bidder,
                                             target, maxing)
        bounds = self.bounds
        for k, (lo, hi), v in zip(pending, pend_bounds, answers):
            self.nodes += 1
            bounds[k] = (max(lo, v), hi) if v >= target else (lo, min(hi, v))
        return maxing if (answers[-1] >= target) == maxing else not maxing

    def exact(self, state, guess: Optional[int] = None) -> int:
        """The exact value: yes/no questions, first at ``guess`` and one
        above it (the heuristic's value is usually right), then bisection."""
        state = self.settle(*state)
        key = state
        probes = [] if guess is None else [guess, guess + 1]
        while True:
            lo, hi = self.get_bounds(key, state)
            if lo >= hi:
                return lo
            probes = [p for p in probes if lo < p <= hi]
            self.at_least(key, state, probes.pop(0) if probes else (lo + hi + 1) // 2)
