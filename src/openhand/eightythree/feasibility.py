"""Eighty-Three bid feasibility: what each seat could make as bidder in each suit.

For a full deal before the auction (four 12-card hands and the 5-card kitty)
and every (bidder, trump suit) pair, the *value* is the number of points the
bidder's side secures with all hands open when both sides choose their
passes and discards optimally and then play optimally.  From it: the highest
makeable bid (the largest bid 30..83 not above the value, ``None`` under 30)
and whether "83 doubled" is makeable (value 83).

Decision order (RULINGS.md, Eighty-Three; the auction engine's rules)
----------------------------------------------------------------------
The bidder takes the kitty (17 cards) and names trumps.  Then:

1. Passing, one turn each in order bidder, left, partner, right: a player
   holding more than 6 trumps when the turn comes keeps 6 and passes the
   rest to the partner (a player with 6 or fewer is skipped).  If the
   partner's turn is already over, the partner must end with at most 6
   scoring trumps.
2. Discarding, one turn each in the same order: a player with at most 6
   trumps keeps every trump and chooses which plain cards to keep; a player
   with more than 6 trumps discards every plain card and chooses which
   non-scoring trumps to keep (all scoring trumps are kept).
3. Play: the optimal play value (the play solver), the bidder leading.

Every choice is made with all hands open, one after another, so the exact
value is a max/min over that sequence (the bidder's side maximises, the
defenders minimise) of the play value.  The bidding itself is not part of
the value: the table answers "if this seat bid and named this suit".

How the exact mode stays feasible (and why each step is sound)
--------------------------------------------------------------
* Only comparisons between cards of DIFFERENT hands ever matter: one trick
  holds one card from each hand.  So two cards of one hand, of the same
  effective suit and the same points, with no card of another hand ranked
  between them (a "run" of that hand among all cards still in the four
  hands), are interchangeable: swapping them preserves every cross-hand
  comparison, now and after any later discard (which only removes cards).
  A discard choice is therefore just *how many* cards to keep from each run
  (runs recomputed at every decision among the cards still held).
* A player whose choices form one class (keep all, keep none, or one run)
  is skipped.  Passes are enumerated in full (a passed card changes hands,
  so runs do not apply); children reaching the same state are tried once.
* The search asks yes/no questions ("can the bidder's side secure at least
  t?") over the choice tree, with short-circuit and/or, and a driver binary
  searches t.  Bounds (lo, hi) learnt per state and per play position are
  kept across questions (per exact state).  Quick sound bounds: the top trumps held by one
  side without an opponent's trump above them always score for that side.
* Leaves use the play solver's null-window question (C++ when built), its
  transposition table shared across the whole table.  A node whose children
  are all play positions (the last discard) sends the children its bounds
  leave open to the solver in one call, in the same order, stopping at the
  first answer that settles the node (an or/and needs no more); each
  answer comes back as the search's fail-soft bound, usually tighter than
  the target, and is kept as the leaf's bound.

Fast mode
---------
A fixed heuristic policy for all four players, then one exact play solve:
passes keep the scoring trumps (most points first) then the highest trumps
and pass the lowest (the first legal such pass); a player with 6 or fewer
trumps keeps them all and the highest plain cards (ties: the longer suit,
then suit order); a player over 6 trumps keeps the scoring trumps and the
highest others.  It is an estimate: the heuristic defenders may discard
worse than optimal, so the fast value can exceed the exact one as well as
fall below it (the benchmark reports the measured gap).

>>> deal = ("N:AT32.3.K32.QJT5 87.T76.JT6.9863 Q9.A5.AQ85.AK2+JK "
...         "K654.QJ82.74.74 J.K94.9.")           # N, E, S, W, then the kitty
>>> t = bid_table(deal, seats="N", trumps="SD")
>>> [(r.seat, r.trump, r.value, r.highest_bid, r.doubled_ok) for r in t.rows]
[('N', 'S', 49, 49, False), ('N', 'D', 83, 83, True)]
>>> print(t.table().splitlines()[2])
bidder  trumps  value  highest bid  83 doubled
"""
from __future__ import annotations

import contextlib
import functools
import gc
import itertools
import json
import time
from dataclasses import dataclass, asdict
from typing import Dict, List, Optional, Sequence, Tuple

from ..cards import SUIT_CHARS, Card, cards_from_mask, format_deal, mask_of, parse_deal
from ..errors import DealError, PositionError, is_list, require_int
from ..seats import SEATS, partner_of, seat_index, side_of
from .rules import (DECK, HAND_SIZE, MIN_BID, TOTAL_POINTS, TRUMPS, card_key, points,
                    suit_index)

try:   # the C++ play solver when built; its Python twin otherwise
    from .solver import Solver as _PlaySolver
except ImportError:  # pragma: no cover - before the fast solver landed
    _PlaySolver = None

MODES = ("exact", "fast")


# ------------------------------------------------------------------ play oracle
class _Oracle:
    """The play solver behind one interface: value and threshold of a
    trick-start position given as four hand masks, the bidder leading."""

    def __init__(self, solver=None):
        if solver is not None and (_PlaySolver is None or not isinstance(solver, _PlaySolver)):
            raise PositionError(f"solver must be an Eighty-Three play Solver "
                                f"(openhand.eightythree.Solver), got {solver!r}")
        if solver is None and _PlaySolver is not None:
            solver = _PlaySolver()
        self.solver = solver
        self.calls = 0

    @property
    def name(self) -> str:
        if self.solver is None:
            return "reference"
        return getattr(self.solver, "implementation", type(self.solver).__name__)

    def value(self, hands: Sequence[int], trump: int, bidder: int) -> int:
        self.calls += 1
        if self.solver is not None:
            return self.solver._value_of_trusted(list(hands), trump, bidder, bidder)
        from . import reference
        return reference.solve(_position(hands, trump, bidder), moves=False).value

    def at_least(self, hands: Sequence[int], trump: int, bidder: int, target: int) -> bool:
        if target <= 0:
            return True
        if target > TOTAL_POINTS:
            return False
        self.calls += 1
        if self.solver is not None:
            return bool(self.solver._values_of_trusted([list(hands)], trump, bidder, bidder,
                                                       target)[0])
        from . import reference
        return reference.can_make(_position(hands, trump, bidder), target)

    def at_least_until(self, deals, trump: int, bidder: int, target: int, stop: bool) -> List[int]:
        """:meth:`at_least` (target 1..83) for each position in order,
        stopping after the first answer equal to ``stop``: the answers so
        far, as bounds (``>= target``: yes and a lower bound on the value,
        ``< target``: no and an upper bound).  The C++ solver answers them
        all in one call and returns its searches' fail-soft bounds."""
        batch = getattr(self.solver, "_at_least_until_trusted", None)
        if batch is not None:
            out = batch(deals, trump, bidder, bidder, target, stop)
            self.calls += len(out)
            return out
        out = []
        for h in deals:
            ok = self.at_least(h, trump, bidder, target)
            out.append(target if ok else target - 1)
            if ok == stop:
                break
        return out


def _position(hands, trump, bidder):
    from .rules import Position
    return Position({SEATS[s]: cards_from_mask(hands[s]) for s in range(4)}, trump, bidder)


# ------------------------------------------------------------------ the search
_PASS, _DISCARD, _LEAF = 0, 1, 2


class _Game:
    """The pass/discard game of one (bidder, trump) pair, exact or heuristic."""

    def __init__(self, trump: int, bidder: int, oracle: _Oracle, leaf_cache: dict):
        self.trump, self.bidder, self.oracle = trump, bidder, oracle
        self.side = side_of(bidder)
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
        self.bounds: Dict[tuple, Tuple[int, int]] = {}
        self.children_of: Dict[tuple, list] = {}
        self.leaf_bounds = leaf_cache
        self.nodes = 0
        # per effective suit, its cards' bits (strongest first) and their union
        self.order_bits = [[(c, 1 << c) for c in cs] for cs in self.order]
        self.eff_mask = [sum(1 << c for c in cs) for cs in self.order]
        self.groups_of: Dict[tuple, tuple] = {}
        self.quick_memo: Dict[tuple, Tuple[int, int]] = {}

    # ---------------------------------------------------------- states
    def settle(self, hands: tuple, phase: int, queue: tuple):
        """Skip players with nothing to choose (or one class of choices);
        return the normalised state."""
        while True:
            if phase == _PASS:
                while queue and _popcount(hands[queue[0]] & self.trump_mask) <= HAND_SIZE:
                    queue = queue[1:]
                if queue:
                    return hands, phase, queue
                phase, queue = _DISCARD, tuple((self.bidder + k) % 4 for k in range(4))
            while queue and _popcount(hands[queue[0]]) <= HAND_SIZE:
                queue = queue[1:]
            if not queue:
                return hands, _LEAF, ()
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
            for c in _bits(hands[s]):
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
        n_trumps = _popcount(trumps)
        if n_trumps <= HAND_SIZE:
            got = trumps, HAND_SIZE - n_trumps, self.seat_runs(hands, seat, range(4))
        else:
            fixed = hand & self.scoring_mask
            pts = self.pts
            groups = [[c for c in cs if not pts[c]] for cs in self.seat_runs(hands, seat, (TRUMPS,))]
            got = fixed, HAND_SIZE - _popcount(fixed), [g for g in groups if g]
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
        for counts in _count_vectors(tuple(len(g) for g in groups), keep):
            m = fixed
            for p, n in zip(prefixes, counts):
                m |= p[n]
            out.append(head + (m,) + tail)
        return out

    def pass_options(self, hands, seat, queue) -> List[tuple]:
        trumps = [c for c in _bits(hands[seat] & self.trump_mask)]
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

    def children(self, state) -> list:
        hands, phase, queue = state
        seat = queue[0]
        bounds = self.bounds
        if phase == _DISCARD and len(queue) == 1:
            # The last discard: each option is a play position (settle has
            # nothing left to skip) and distinct options are distinct hands.
            out = []
            for h in self.discard_options(hands, seat):
                child = (h, _LEAF, ())
                out.append((child, child))
                if child not in bounds:
                    bounds[child] = self.quick_bounds(h)
            return out
        if phase == _PASS:
            raw = [(h, _PASS, queue[1:]) for h in self.pass_options(hands, seat, queue)]
        else:
            raw = [(h, _DISCARD, queue[1:]) for h in self.discard_options(hands, seat)]
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
        if phase == _LEAF:
            # a null-window question to the play solver (cheaper than a value)
            ok = self.oracle.at_least(hands, self.trump, self.bidder, target)
            self.bounds[key] = (max(lo, target), hi) if ok else (lo, min(hi, target - 1))
            return ok
        entry = self.children_of.get(key)
        if entry is None:
            kids = self.children(state)
            entry = (kids, all(k[1] == _LEAF for k, _ in kids))
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

    # ---------------------------------------------------------- fast
    def heuristic(self, state) -> tuple:
        """Play the documented heuristic policy to the start of play."""
        hands, phase, queue = state
        while True:
            hands, phase, queue = self._settle_plain(hands, phase, queue)
            if phase == _LEAF:
                return hands
            seat = queue[0]
            if phase == _PASS:
                hands = self._heuristic_pass(hands, seat, queue)
            else:
                hands = self._heuristic_discard(hands, seat)
            queue = queue[1:]

    def _settle_plain(self, hands, phase, queue):
        if phase == _PASS:
            while queue and bin(hands[queue[0]] & self.trump_mask).count("1") <= HAND_SIZE:
                queue = queue[1:]
            if queue:
                return hands, phase, queue
            phase, queue = _DISCARD, tuple((self.bidder + k) % 4 for k in range(4))
        while queue and bin(hands[queue[0]]).count("1") <= HAND_SIZE:
            queue = queue[1:]
        return (hands, phase, queue) if queue else (hands, _LEAF, ())

    def _trump_pref(self, c):
        return (-self.pts[c], -card_key(Card(c), self.trump)[1])

    def _heuristic_pass(self, hands, seat, queue):
        trumps = sorted(_bits(hands[seat] & self.trump_mask), key=self._trump_pref)
        options = self.pass_options(hands, seat, queue)
        preferred = sum(1 << c for c in trumps[HAND_SIZE:])
        for h in options:
            if hands[seat] & ~h[seat] == preferred:
                return h
        # the cheapest legal pass in points (always exists: keep scoring trumps first)
        return min(options, key=lambda h: (sum(self.pts[c] for c in _bits(hands[seat] & ~h[seat])),
                                           sorted(_bits(h[seat]))))

    def _heuristic_discard(self, hands, seat):
        hand = hands[seat]
        trumps = hand & self.trump_mask
        n = bin(trumps).count("1")
        if n > HAND_SIZE:
            ordered = sorted(_bits(trumps), key=self._trump_pref)
            keep = sum(1 << c for c in ordered[:HAND_SIZE])
        else:
            plain = list(_bits(hand & ~trumps))
            length = {}
            for c in plain:
                length[c // 16] = length.get(c // 16, 0) + 1
            plain.sort(key=lambda c: (-(c % 16), -length[c // 16], c // 16))
            keep = trumps | sum(1 << c for c in plain[:HAND_SIZE - n])
        return tuple(keep if s == seat else hands[s] for s in range(4))


def _popcount(m: int) -> int:
    return bin(m).count("1")


def _bits(m: int):
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


@functools.lru_cache(maxsize=None)
def _count_vectors(sizes: tuple, total: int) -> tuple:
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


# ------------------------------------------------------------------ the table
@dataclass(frozen=True)
class BidRow:
    """One (bidder, trump) entry: ``value`` points secured by the bidder's
    side, ``highest_bid`` (30..83 or ``None``), ``doubled_ok`` (83 doubled)."""

    seat: str
    trump: str
    value: int
    highest_bid: Optional[int]
    doubled_ok: bool


@dataclass
class BidTable:
    """The bid feasibility table of one deal (rows in seat, then suit order)."""

    deal: str
    mode: str
    rows: List[BidRow]
    solver: str = ""
    seconds: float = 0.0

    def row(self, seat, trump) -> BidRow:
        s, t = SEATS[seat_index(seat)], SUIT_CHARS[suit_index(trump)]
        for r in self.rows:
            if (r.seat, r.trump) == (s, t):
                return r
        raise PositionError(f"the table has no row for bidder {s} with trumps {t}")

    def to_dict(self) -> dict:
        return {"game": "83", "deal": self.deal, "mode": self.mode, "solver": self.solver,
                "seconds": round(self.seconds, 4), "rows": [asdict(r) for r in self.rows]}

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    def table(self) -> str:
        lines = [f"Eighty-Three bid feasibility ({self.mode}): points the bidder's side secures",
                 f"deal: {self.deal}",
                 "bidder  trumps  value  highest bid  83 doubled"]
        for r in self.rows:
            bid = "-" if r.highest_bid is None else str(r.highest_bid)
            lines.append(f"{r.seat:<7} {r.trump:<7} {r.value:>5}  {bid:>11}  "
                         f"{'yes' if r.doubled_ok else 'no':>10}")
        return "\n".join(lines)


def highest_bid(value: int) -> Optional[int]:
    """The largest bid 30..83 that ``value`` points (0..83) make, ``None``
    under 30.

    >>> highest_bid(57), highest_bid(29)
    (57, None)
    >>> highest_bid(84)
    Traceback (most recent call last):
    ...
    openhand.errors.PositionError: a value lies in 0..83 points, got 84
    """
    if not 0 <= require_int(value, "a value") <= TOTAL_POINTS:
        raise PositionError(f"a value lies in 0..{TOTAL_POINTS} points, got {value!r}")
    return value if value >= MIN_BID else None


def _read_deal(deal) -> Tuple[List[int], int]:
    """Four hand masks (N, E, S, W) and the kitty mask of a full deal."""
    from .deal import Deal
    if isinstance(deal, str):
        hands = parse_deal(deal, deck=DECK, extra_hands=1, equal_sizes=False)
        kitty = hands.pop("X1")
    elif isinstance(deal, Deal):
        hands, kitty = dict(deal.original), deal.kitty
    elif isinstance(deal, dict):
        hands = dict(deal)
        if "kitty" not in hands:
            raise DealError("a deal for the bid table needs the kitty (key 'kitty')")
        kitty = hands.pop("kitty")
    else:
        raise DealError(f"expected a deal string 'N:h1 h2 h3 h4 kitty', a dict or a Deal, "
                        f"got {type(deal).__name__}")
    checked = Deal(hands, kitty, dealer=0)       # sizes, duplicates, all 53 cards
    return [mask_of(checked.hands[s]) for s in range(4)], mask_of(checked.kitty)


def _selection(values, what: str, example: str, index) -> List[int]:
    """The indices (by ``index``) of ``values``, a string of letters or a
    list; :class:`PositionError` for anything else or a repeated entry."""
    if not (isinstance(values, str) or is_list(values)):
        raise PositionError(f"{what} must be letters such as {example!r} or a list, got {values!r}")
    out = []
    for v in values:
        i = index(v)
        if i in out:
            raise PositionError(f"{what} lists {v!r} twice")
        out.append(i)
    return out


def _pairs(seats, trumps):
    seats = range(4) if seats is None else _selection(seats, "seats", "NS", seat_index)
    trumps = range(4) if trumps is None else _selection(trumps, "trumps", "SH", suit_index)
    return [(s, t) for s in seats for t in trumps]


def bid_table(deal, mode: str = "exact", seats=None, trumps=None, solver=None) -> BidTable:
    """The bid feasibility table of a full deal (before bidding).

    ``deal`` is ``"N:h1 h2 h3 h4 kitty"`` (the kitty as a fifth hand, PBN
    style, ``+JK`` for the joker), a dict of the four seats and ``'kitty'``,
    or an :class:`~openhand.eightythree.deal.Deal`.  ``mode`` is
    ``'exact'`` (optimal passes and discards by both sides) or ``'fast'``
    (the documented heuristic policy).  ``seats`` and ``trumps`` restrict
    the rows: letters such as ``'NS'`` or a list, each named once (default:
    all 16 pairs).  ``solver`` is a play
    :class:`~openhand.eightythree.solver.Solver` to reuse.
    """
    if mode not in MODES:
        raise PositionError(f"unknown mode {mode!r}: expected 'exact' or 'fast'")
    hands, kitty = _read_deal(deal)
    oracle = _Oracle(solver)
    leaf_cache: dict = {}
    rows = []
    start = time.perf_counter()
    for bidder, trump in _pairs(seats, trumps):
        value = pair_value(hands, kitty, bidder, trump, mode, oracle, leaf_cache)
        rows.append(BidRow(SEATS[bidder], SUIT_CHARS[trump], value, highest_bid(value),
                           value == TOTAL_POINTS))
    text = format_deal({**{SEATS[s]: cards_from_mask(hands[s]) for s in range(4)},
                        "kitty": cards_from_mask(kitty)})
    return BidTable(text, mode, rows, oracle.name, time.perf_counter() - start)


@contextlib.contextmanager
def _no_gc():
    """The cyclic garbage collector paused (and restored after): the choice
    tree allocates hundreds of thousands of tuples, each allocation counting
    toward a collection that walks every live container (~1 s of an 8 s
    table), and it builds no reference cycles, so pausing frees nothing
    later than reference counting does anyway."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def pair_value(hands, kitty, bidder: int, trump: int, mode: str = "exact",
               oracle: Optional[_Oracle] = None, leaf_cache: Optional[dict] = None) -> int:
    """The value of one (bidder, trump) pair from the dealt hand masks."""
    start = list(hands)
    start[bidder] |= kitty
    state = (tuple(start), _PASS, tuple((bidder + k) % 4 for k in range(4)))
    return _solve_state(state, trump, bidder, mode, oracle, leaf_cache)


def _solve_state(state, trump, bidder, mode, oracle=None, leaf_cache=None) -> int:
    game = _Game(trump, bidder, oracle or _Oracle(), {} if leaf_cache is None else leaf_cache)
    fast = game.oracle.value(game.heuristic(state), trump, bidder)
    if mode == "fast":
        return fast
    with _no_gc():
        value = game.exact(state, guess=fast)
        del game        # freed by reference counting before the collector resumes
    return value


def deal_value(deal, mode: str = "exact", trump=None, solver=None) -> int:
    """The value of an :class:`~openhand.eightythree.deal.Deal` in the
    ``trumps`` (give ``trump``), ``passing`` or ``discarding`` phase: the
    points the bidder's side secures from here.  Once trumps are named the
    deal knows its trump: ``trump`` may then be left out or repeat it; a
    different suit is refused (:class:`PositionError`), not ignored."""
    from .deal import Deal
    if not isinstance(deal, Deal):
        raise DealError(f"deal_value needs an Eighty-Three Deal (openhand.eightythree.Deal) after the "
                        f"bidding, got {type(deal).__name__}: use bid_table for a deal text")
    if mode not in MODES:
        raise PositionError(f"unknown mode {mode!r}: expected 'exact' or 'fast'")
    bidder = deal._bidder
    hands = tuple(mask_of(h) for h in deal.hands)
    if deal.phase == "trumps":
        if trump is None:
            raise PositionError("name the trump suit: the deal is in the trumps phase")
        t = suit_index(trump)
        state = (hands, _PASS, tuple((bidder + k) % 4 for k in range(4)))
    elif deal.phase in ("passing", "discarding"):
        t = deal.trump
        if trump is not None and suit_index(trump) != t:
            raise PositionError(f"trump={trump!r} contradicts the deal, whose trump suit is "
                                f"{SUIT_CHARS[t]} (named in the trumps phase): leave trump out")
        state = (hands, _PASS if deal.phase == "passing" else _DISCARD, tuple(deal._queue))
    else:
        raise PositionError(f"a deal in the {deal.phase} phase has no passes or discards to choose")
    return _solve_state(state, t, bidder, mode, _Oracle(solver))


__all__ = ["BidRow", "BidTable", "bid_table", "deal_value", "pair_value", "highest_bid", "MODES"]
