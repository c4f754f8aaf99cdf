"""Dealing the hidden cards: exact, uniform, count-based sampling of the
ways to place cards into places (hands, a stock, a kitty, discard piles)
of given sizes, each card allowed in some of the places.

A :class:`Placement` is the problem: the places with their sizes, and for
each card the places it may be in (a void shown, a card known to be in a
hand, a scoring trump that can never have been discarded...).  Cards
with the same allowed places form a *class*; a placement is then, class
by class, how many of its cards go to each place, times the ways to pick
which ones.  A dynamic programme over the classes, its state the sizes
still open in each place, counts the consistent placements exactly
(:meth:`Placement.count`, a Python int), and :meth:`Placement.sample`
draws one uniformly: class by class it picks the split with probability
(its ways x the count of the rest) / (the count here), then shuffles the
class's cards into it.  No rejection, so no stalling however tight the
constraints; an inconsistent problem raises :class:`InfeasibleDeal`.

Constraints of counts (a player who passed held exactly 6 trumps) are
made into classes by splitting a place into sub-places (``'W trumps'``
of size 6, ``'W plain'``); a choice between disjoint cases is a
:class:`Union` of placements, sampled in proportion to their counts, so
it stays exact and uniform over the union.  Richer constraints (suit
lengths, point ranges) go through :mod:`openhand.constrained` (CP-SAT).

Each game's ``observation.py`` turns an :class:`~openhand.observation.Observation`
into a placement and the placement into a State (:func:`worlds`); each
game's :meth:`~openhand.game.Game.deal_layout` names the places of a fresh
deal (:class:`DealLayout`).

>>> p = Placement({"E": 2, "W": 2}, {"AS": "EW", "KS": "EW", "QS": "E", "JS": "EW"})
>>> p.count()          # QS is in E; E's other card is one of 3
3
>>> sorted(p.sample(random.Random(1))["E"])
['JS', 'QS']
>>> Placement({"E": 1}, {"AS": "W"})
Traceback (most recent call last):
...
openhand.errors.DealError: card AS may only be in W, which is no place of this deal (places: E)
>>> Placement({"E": 1, "W": 1}, {"AS": "E", "KS": "E"}).count()
Traceback (most recent call last):
...
openhand.dealing.InfeasibleDeal: no deal is consistent: E holds 1 card but 2 cards can only be there (AS, KS)
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from math import factorial
from typing import Callable, Dict, Hashable, Iterable, Iterator, List, Optional, Sequence, Tuple

from .errors import DealError

__all__ = ["Placement", "Union", "InfeasibleDeal", "WorldSampler", "worlds", "DealLayout"]


class InfeasibleDeal(DealError):
    """No placement of the hidden cards meets every constraint; the
    message names the constraints that cannot all hold."""


def _multinomial(n: int, parts: Sequence[int]) -> int:
    out = factorial(n)
    for k in parts:
        out //= factorial(k)
    return out


class _Counter:
    """The counting table of one independent part of a placement: its
    places' sizes and its classes (allowed places, number of cards).  It
    depends on the numbers only, not on which cards, so parts alike (the
    plain cards of many cases of a Union) share one table."""

    def __init__(self, sizes: Tuple[int, ...], classes: Tuple[Tuple[Tuple[int, ...], int], ...]) -> None:
        self.sizes, self.classes = sizes, classes
        self.memo: Dict[Tuple[int, Tuple[int, ...]], int] = {}

    def splits(self, k: int, caps: Tuple[int, ...]) -> Iterator[Tuple[int, ...]]:
        """Every way to split class ``k``'s cards over its places within
        ``caps``: the counts, as a full-length tuple."""
        where, n = self.classes[k]
        out = [0] * len(caps)
        last = len(where) - 1

        def rec(i: int, left: int):
            w = where[i]
            if i == last:
                if left <= caps[w]:
                    out[w] = left
                    yield tuple(out)
                    out[w] = 0
                return
            room_after = 0
            for x in where[i + 1:]:
                room_after += caps[x]
            for take in range(max(0, left - room_after), min(left, caps[w]) + 1):
                out[w] = take
                yield from rec(i + 1, left - take)
            out[w] = 0

        if not where:
            if n == 0:
                yield tuple(out)
            return
        yield from rec(0, n)

    def count(self, k: int, caps: Tuple[int, ...]) -> int:
        """Placements of classes ``k``.. into the open sizes ``caps``."""
        if k == len(self.classes):
            return 0 if any(caps) else 1
        key = (k, caps)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        n = self.classes[k][1]
        total = 0
        if k == len(self.classes) - 1:            # the last class takes what is left
            where = self.classes[k][0]
            if sum(caps) == n and all(caps[i] == 0 for i in range(len(caps)) if i not in where):
                total = _multinomial(n, [caps[i] for i in where if caps[i]])
        else:
            for split in self.splits(k, caps):
                rest = tuple(c - x for c, x in zip(caps, split))
                sub = self.count(k + 1, rest)
                if sub:
                    total += _multinomial(n, [x for x in split if x]) * sub
        self.memo[key] = total
        return total


_COUNTERS: Dict[tuple, _Counter] = {}


def _counter(sizes, classes) -> _Counter:
    key = (sizes, classes)
    c = _COUNTERS.get(key)
    if c is None:
        if len(_COUNTERS) > 20000:
            _COUNTERS.clear()
        c = _COUNTERS[key] = _Counter(sizes, classes)
    return c


class Placement:
    """Cards into places of fixed sizes, each card allowed in some places.

    ``places`` maps a place's name to its size (in order); ``allowed``
    maps each card to the places it may be in (any iterable of names; a
    string of one-letter names reads letter by letter).  Cards are any
    hashable values and are handed back as given.  Every card must go
    somewhere and the sizes must add up to the number of cards.

    Places that no class links (trumps only ever in trump places, plain
    cards in plain ones) form independent parts, counted apart and
    multiplied: the tables stay small.
    """

    def __init__(self, places: Dict[str, int], allowed: Dict[Hashable, Iterable[str]]) -> None:
        self.places: Tuple[str, ...] = tuple(places)
        self.sizes: Tuple[int, ...] = tuple(int(places[p]) for p in self.places)
        index = {p: i for i, p in enumerate(self.places)}
        for p, n in zip(self.places, self.sizes):
            if n < 0:
                raise DealError(f"place {p} has a negative size {n}")
        by_set: Dict[Tuple[int, ...], List[Hashable]] = {}
        for card, where in allowed.items():
            where = list(where)
            for w in where:
                if w not in index:
                    raise DealError(f"card {card} may only be in {w}, which is no place of this deal "
                                    f"(places: {', '.join(self.places)})")
            # a place of size 0 takes no card: leaving it out of the
            # allowed sets keeps the classes few and their splits short
            key = tuple(sorted({index[w] for w in where if self.sizes[index[w]]}))
            by_set.setdefault(key, []).append(card)
        self.classes = list(by_set.items())
        self.ncards = sum(len(c) for _, c in self.classes)
        self._parts = self._split_parts()
        self._total = None

    def _split_parts(self):
        """The independent parts: (place indices, classes as (local allowed
        indices, cards)), the most constrained classes first (the last,
        the freest, is then placed by what is left)."""
        parent = list(range(len(self.places)))

        def find(i):
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        for where, _ in self.classes:
            for w in where[1:]:
                parent[find(w)] = find(where[0])
        groups: Dict[int, List[int]] = {}
        for i in range(len(self.places)):
            groups.setdefault(find(i), []).append(i)
        parts = []
        for root, members in groups.items():
            local = {g: j for j, g in enumerate(members)}
            cls = [(tuple(local[w] for w in where), cards) for where, cards in self.classes
                   if where and find(where[0]) == root]
            cls.sort(key=lambda kv: (len(kv[0]), -len(kv[1]), kv[0]))
            parts.append((members, cls))
        self._orphans = [cards for where, cards in self.classes if not where]
        return parts

    # ------------------------------------------------------------ counting
    def _part_counter(self, part) -> _Counter:
        members, cls = part
        return _counter(tuple(self.sizes[i] for i in members), tuple((w, len(c)) for w, c in cls))

    def count(self) -> int:
        """The number of consistent placements (cards distinguishable);
        :class:`InfeasibleDeal` naming the problem if there is none."""
        if self._total is None:
            total = 0
            if self.ncards == sum(self.sizes) and not any(self._orphans):
                total = 1
                for part in self._parts:
                    c = self._part_counter(part)
                    total *= c.count(0, c.sizes)
                    if not total:
                        break
            self._total = total
            if not total:
                raise InfeasibleDeal(f"no deal is consistent: {self._why()}")
        return self._total

    def _why(self) -> str:
        """The first simple reason no placement exists."""
        for cards in self._orphans:
            if cards:
                return f"card {cards[0]} can be in no place"
        if self.ncards != sum(self.sizes):
            return (f"{self.ncards} hidden cards for places holding {sum(self.sizes)} "
                    f"({', '.join(f'{p} {n}' for p, n in zip(self.places, self.sizes))})")
        for i, (p, n) in enumerate(zip(self.places, self.sizes)):
            only = [c for where, cards in self.classes if where == (i,) for c in cards]
            if len(only) > n:
                return (f"{p} holds {n} card{'s' if n != 1 else ''} but {len(only)} cards can only be there "
                        f"({', '.join(map(str, only))})")
            may = sum(len(cards) for where, cards in self.classes if i in where)
            if may < n:
                return f"{p} holds {n} cards but only {may} cards may be there"
        return "the places' sizes and the cards' allowed places admit no assignment"

    # ------------------------------------------------------------ sampling
    def sample(self, rng: random.Random) -> Dict[str, List[Hashable]]:
        """One placement drawn uniformly: place name -> its cards (each
        independent part drawn on its own, class by class)."""
        self.count()
        out: Dict[str, List[Hashable]] = {p: [] for p in self.places}
        for part in self._parts:
            members, cls = part
            counter = self._part_counter(part)
            caps = counter.sizes
            for k, (where, cards) in enumerate(cls):
                n = len(cards)
                r = rng.randrange(counter.count(k, caps))
                chosen = None
                for split in counter.splits(k, caps):
                    rest = tuple(c - x for c, x in zip(caps, split))
                    w = counter.count(k + 1, rest)
                    if not w:
                        continue
                    w *= _multinomial(n, [x for x in split if x])
                    if r < w:
                        chosen, caps = split, rest
                        break
                    r -= w
                shuffled = list(cards)
                rng.shuffle(shuffled)
                at = 0
                for j in where:
                    out[self.places[members[j]]].extend(shuffled[at:at + chosen[j]])
                    at += chosen[j]
        return out

    def __repr__(self) -> str:
        return (f"Placement({dict(zip(self.places, self.sizes))}, {len(self.classes)} classes, "
                f"{self.ncards} cards)")


class Union:
    """A choice between disjoint cases, each a :class:`Placement` (or a
    Union): counted as their sum and sampled uniformly over all of them
    (a case with probability its count / the total).  Cases with no
    consistent placement are dropped; none left is :class:`InfeasibleDeal`.

    >>> a = Placement({"E": 1, "W": 1}, {"AS": "E", "KS": "W"})
    >>> b = Placement({"E": 1, "W": 1}, {"AS": "W", "KS": "E"})
    >>> Union([a, b]).count()
    2
    """

    def __init__(self, cases: Iterable, why: str = "") -> None:
        self.cases = []
        reasons = []
        for case in cases:
            try:
                if case.count():
                    self.cases.append(case)
            except InfeasibleDeal as e:
                reasons.append(str(e))
        self.why = why or (reasons[0] if reasons else "no case is possible")
        self._total = sum(c.count() for c in self.cases)

    def count(self) -> int:
        if not self._total:
            raise InfeasibleDeal(self.why if self.why.startswith("no deal") else f"no deal is consistent: {self.why}")
        return self._total

    def sample(self, rng: random.Random):
        r = rng.randrange(self.count())
        for case in self.cases:
            if r < case.count():
                return case.sample(rng)
            r -= case.count()
        raise AssertionError("unreachable")


# ------------------------------------------------------------------ fresh deals
@dataclass(frozen=True)
class DealLayout:
    """The places of a fresh deal, as a game's dealer fills them (its
    :meth:`~openhand.game.Game.deal_layout`): ``places`` the names and
    sizes, in order (the hands, then a stock or a kitty), ``deck`` the
    cards, ``points`` what a card counts for a constraint on ``points``
    (None: the honour count A 4, K 3, Q 2, J 1, for a game whose card
    points depend on what the deal decides), ``ordered`` the places whose
    order is part of the deal (a stock, drawn from the top: shuffled once
    its cards are placed).

    >>> from openhand import load_game
    >>> layout = load_game("66").deal_layout()
    >>> layout.places, len(layout.deck), layout.ordered
    ((('0', 6), ('1', 6), ('stock', 12)), 24, ('stock',))
    """

    places: Tuple[Tuple[str, int], ...]
    deck: frozenset
    points: Optional[Callable] = None
    ordered: Tuple[str, ...] = ()


# ------------------------------------------------------------------ worlds
class WorldSampler:
    """The worlds (complete states) consistent with one observation, as its
    game deals them: ``count()`` the consistent placements of the hidden
    cards, ``sample(rng)`` one world drawn uniformly (a State of the
    observation's game at the same moment), ``samples(n, seed)`` n of them.

    ``placement`` is a :class:`Placement` or :class:`Union`; ``build``
    turns one of its samples into a State; ``aliases`` maps other names
    a dealing constraint may give a place (Sixty-Six's player number for
    the place ``'opponent'``) to the places they stand for.
    """

    def __init__(self, observation, placement, build, aliases: Optional[Dict[str, Tuple[str, ...]]] = None) -> None:
        self.observation = observation
        self.placement = placement
        self.build = build
        self.aliases = dict(aliases or {})

    def count(self) -> int:
        return self.placement.count()

    def sample(self, rng: random.Random):
        return self.build(self.placement.sample(rng), rng)

    def samples(self, n: int, seed=None) -> List:
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        return [self.sample(rng) for _ in range(n)]


def worlds(observation) -> WorldSampler:
    """The :class:`WorldSampler` of an observation, from its game's
    package (``Game.WORLDS``: ``observation.py``'s ``world_sampler``).

    >>> from openhand import load_game
    >>> s = load_game("65").new_state(seed=3)
    >>> w = worlds(s.observation(0))
    >>> w.count() == factorial(36) // factorial(12) ** 3
    True
    >>> world = w.sample(random.Random(0))
    >>> world.hands[0] == s.hands[0], world.hands[1] == s.hands[1]
    (True, False)
    """
    from .game import _import, load_game
    from .observation import Observation
    if not isinstance(observation, Observation):
        raise DealError(f"worlds are dealt from an Observation (state.observation(player)), "
                        f"not {type(observation).__name__}")
    game = load_game(observation.game)
    if not getattr(game, "WORLDS", ""):
        raise DealError(f"{game.title} cannot deal hidden cards (it has no world sampler)")
    return _import(game.WORLDS)(observation)
