"""What 65's clairvoyant costs a board, with and without each of its two
savings, on boards of the stated run (bench_players.py's
65-clairvoyant-heuristic, seed 4), played side by side in one process:

* ``--saving short``: its short path before the exact tricks (the VP
  class, then one question a card: Strategy.optimal_moves) against every
  card's class ranked (the base Strategy.optimal_moves), each clairvoyant
  with its own solver;
* ``--saving shared``: one solver for a thread's clairvoyants against one
  each (the short path in both).

Prints the CPU seconds of the deciding threads for each board and way and
whether the two ways played the same moves to the same returns.

    python benchmarks/bench_clairvoyant65.py --saving short --boards 0 3
    python benchmarks/bench_clairvoyant65.py --saving shared --boards 3 6
"""
from __future__ import annotations

import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, os.pardir, "src"))

from openhand.bots import pimc  # noqa: E402
from openhand.bots.arena import run_arena  # noqa: E402
from openhand.bots.strategy import Strategy  # noqa: E402
from openhand.sixtyfive import strategy as sixtyfive_strategy  # noqa: E402
from bench_players import RUNS, saved  # noqa: E402

NAME = "65-clairvoyant-heuristic"


def play(first: int, last: int):
    """Boards first..last-1 of the stated run: (CPU of A per board, play)."""
    game, a, b, _, seed = RUNS[NAME]
    with open(saved(NAME)) as f:
        done = [r for r in map(json.loads, f) if r["board"] < first]
    if len(done) < first:
        raise SystemExit(f"boards 0..{first - 1} are not all saved in {saved(NAME)}: start at 0")
    pimc._shared.__dict__.clear()                      # no solver left from the other way
    records = [r for r in run_arena(game, [a, b], last, seed, 1, done=done).records if r["board"] >= first]
    records.sort(key=lambda r: r["board"])
    cpu = [sum(sum(t["times"]["A"]) for t in r["tables"]) for r in records]
    return cpu, [[(t["returns"], t["moves"]) for t in r["tables"]] for r in records]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--saving", choices=("short", "shared"), required=True)
    p.add_argument("--boards", type=int, nargs=2, default=(0, 3), metavar=("FIRST", "END"))
    args = p.parse_args(argv)
    short, shared_start = sixtyfive_strategy.Strategy.optimal_moves, pimc.ClairvoyantPlayer.start
    own_start = pimc._Searching.start
    if args.saving == "short":
        pimc.ClairvoyantPlayer.start = own_start
        ways = {"short path": short, "every card's class": Strategy.optimal_moves}
        runs = {}
        for name, fn in ways.items():
            sixtyfive_strategy.Strategy.optimal_moves = fn
            runs[name] = play(*args.boards)
    else:
        ways = {"one shared solver": shared_start, "a solver each": own_start}
        runs = {}
        for name, fn in ways.items():
            pimc.ClairvoyantPlayer.start = fn
            runs[name] = play(*args.boards)
    (n1, (c1, p1)), (n2, (c2, p2)) = runs.items()
    for i, board in enumerate(range(*args.boards)):
        print(f"board {board}: {n1} {c1[i]:.1f} s, {n2} {c2[i]:.1f} s")
    print(f"all: {n1} {sum(c1):.1f} s, {n2} {sum(c2):.1f} s ({sum(c2) / sum(c1):.2f}x); "
          f"the same play: {p1 == p2}")
    return 0 if p1 == p2 else 1


if __name__ == "__main__":
    sys.exit(main())
