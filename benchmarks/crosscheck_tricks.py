"""crosscheck_tricks.py: 65's tricks objective, the C++ core against the
Python reference on many random endgames, with the trumps dealt so that
the trump bounds (bounds.hpp: the masters and crossruff floors) come into
play: every value and every card's value, from a fresh solver and from
one shared small table (classes reused and evicted).  Not a test (it
takes minutes at 6 tricks); a search change to the tricks objective's
bounds is checked with it before it is kept.

    PYTHONPATH=src python benchmarks/crosscheck_tricks.py --tricks 5 --count 300 --kind heavy --seed 1

Kinds: ``seeded`` (``random_position``), ``heavy`` (5-10 trumps dealt at
random among the hands), ``onesided`` (one side holds every trump, or all
but one or two, mostly the lowest).  Prints each mismatch and a summary;
exit status 1 if any.
"""
import argparse
import random
import sys
import time

from openhand.sixtyfive import random_position, reference
from openhand.sixtyfive.rules import Position
from openhand.sixtyfive.solver import Solver

RANKS = "3456789TJQKA"


def pbn(hands) -> str:
    """The deal string of four hands of (suit, rank index) cards, N first.

    >>> pbn([[(0, 11)], [(1, 0)], [(2, 9)], [(3, 8)]])
    'N:A... .3.. ..Q. ...J'
    """
    def one(h):
        return ".".join("".join(RANKS[r] for r in sorted((r for s2, r in h if s2 == s), reverse=True))
                        for s in range(4))
    return "N:" + " ".join(one(h) for h in hands)


def dealt(rng: random.Random, tricks: int, kind: str) -> Position:
    """A random position of `kind` with `tricks` cards in each hand."""
    if kind == "seeded":
        return random_position(seed=rng.randrange(10 ** 9), tricks_left=tricks, trick_cards=0)
    while True:
        n_trumps = rng.randint(5, min(10, 4 * tricks - 2)) if kind == "heavy" else rng.randint(3, min(9, 2 * tricks))
        trumps = sorted(rng.sample(range(12), n_trumps))
        hands = [[] for _ in range(4)]
        if kind == "heavy":
            for r in trumps:
                hands[rng.randrange(4)].append((0, r))
        else:
            few = rng.choice([0, 0, 1, 2])
            theirs = trumps[:few] if rng.random() < 0.7 else rng.sample(trumps, few)
            side = rng.randrange(2)
            for r in trumps:
                seats = (1 - side, 3 - side) if r in theirs else (side, side + 2)
                hands[rng.choice(seats)].append((0, r))
        if any(len(h) > tricks for h in hands):
            continue
        rest = rng.sample([(s, r) for s in range(1, 4) for r in range(12)], 4 * tricks - n_trumps)
        for h in hands:
            while len(h) < tricks:
                h.append(rest.pop())
        return Position.from_deal(pbn(hands), leader="NESW"[rng.randrange(4)])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tricks", type=int, default=5)
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--kind", choices=["seeded", "heavy", "onesided"], default="heavy")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    shared = Solver(table_mb=2, implementation="cpp")
    bad, t0 = 0, time.time()
    for _ in range(args.count):
        p = dealt(rng, args.tricks, args.kind)
        want = reference.solve(p, objective="tricks")
        for solver in (Solver(table_mb=2, implementation="cpp"), shared):
            got = solver.solve(p, objective="tricks")
            if (got.value, got.moves) != (want.value, want.moves):
                bad += 1
                print("MISMATCH", p.to_text(), want.value, got.value, flush=True)
    print(f"{args.tricks} tricks, {args.kind}: {args.count} positions, {bad} mismatches, "
          f"{time.time() - t0:.0f} s")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
