"""What one PIMC world costs in 65's early tricks, by the way it is valued
(the choice benchmarks/README.md discusses): an exact solve of every
move, the victory-point threshold questions per move (33, then 41 or 25),
and the same questions under node caps (the share of worlds a cap leaves
out); with ``--bounds``, the same caps as limits that return the bounds
proved (:class:`openhand.limits.Limit`): how many cards' VP classes the
bounds still decide (a player could value a capped world by them
instead of leaving it out).  Seeded positions from seeded deals played by the heuristic, one
world each dealt from the player to move's view; CPU time of the solving
thread.  Results: results/pimc65.json (appended as each row finishes).

    python benchmarks/bench_pimc65.py [--positions 8] [--tricks 12 11 10 9 8]
    python benchmarks/bench_pimc65.py --bounds --tricks 12 11 10   # results/pimc65_bounds.json
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, os.pardir, "src"))

from openhand import load_game  # noqa: E402
from openhand.bots import HeuristicPlayer  # noqa: E402
from openhand.bots.objectives import Capped, capped  # noqa: E402
from openhand.dealing import worlds  # noqa: E402
from openhand.errors import LimitReached  # noqa: E402
from openhand.limits import Limit  # noqa: E402
from common import summary  # noqa: E402

CAPS = (65536, 262144, 1048576)
EXACT_CAP = 8_000_000            # an exact solve left out past this (the row says how many)


def positions(n, tricks_left, seed=0):
    game = load_game("65")
    out = []
    for i in range(n):
        s = game.new_state(seed=seed * 1000 + i)
        players = [HeuristicPlayer() for _ in range(4)]
        for k, p in enumerate(players):
            p.start(game, k)
        rng = random.Random(i)
        stop = 4 * (12 - tricks_left) + rng.randrange(4)
        while len(s.history) < stop:
            s.play(players[s.to_move].choose(s.observation(s.to_move)))
        out.append(s)
    return out


def thresholds(solver, w):
    for m in w.legal_moves:
        x = w.copy()
        x.play(m)
        if solver.at_least(x, 33):
            solver.at_least(x, 41)
        else:
            solver.at_least(x, 25)


_FLOORS = (25, 33, 41)                  # the VP classes' least N-S deal points (below 25: the lowest)


def bounded_classes(solver, w, cap):
    """Each card's possible VP classes (0..3, by N-S deal points) from its
    threshold questions, each limited to ``cap`` nodes: a question cut by
    the limit leaves the classes its proved bounds allow."""
    out = []
    for m in w.legal_moves:
        x = w.copy()
        x.play(m)
        lo, hi = 0, 65                  # N-S deal points known so far
        for t in (33, 41, 25):
            if not lo < t <= hi:        # already decided by what is known
                continue
            try:
                if solver.at_least(x, t, limit=Limit(nodes=cap)):
                    lo = t
                else:
                    hi = t - 1
            except LimitReached as e:
                r = e.result
                lo, hi = max(lo, r.so_far + r.lower), min(hi, r.so_far + r.upper)
                break                   # a cut question: the rest would cost as much
        out.append({sum(lo >= f for f in _FLOORS), sum(hi >= f for f in _FLOORS)})
    return out


def bounds_main(args):
    out_path = os.path.join(HERE, "results", "pimc65_bounds.json")
    game = load_game("65")
    for tl in args.tricks:
        row = {"tricks_left": tl, "positions": args.positions}
        for c in CAPS:
            cards = decided = worlds_decided = 0
            spans, times = [], []
            for pos in positions(args.positions, tl):
                w = worlds(pos.observation(pos.to_move)).sample(random.Random(1))
                solver = game.solver(table_mb=64)
                t = time.thread_time()
                classes = bounded_classes(solver, w, c)
                times.append(time.thread_time() - t)
                cards += len(classes)
                decided += sum(len(k) == 1 for k in classes)
                worlds_decided += all(len(k) == 1 for k in classes)
                spans += [max(k) - min(k) + 1 for k in classes]
            row[str(c)] = {"cards_decided": decided / cards, "worlds_all_decided": worlds_decided / args.positions,
                           "mean_classes_open": sum(spans) / len(spans), "time": summary(times)}
        with open(out_path, "a") as f:
            f.write(json.dumps(row) + "\n")
        print(json.dumps(row), flush=True)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--positions", type=int, default=8)
    p.add_argument("--tricks", type=int, nargs="*", default=[12, 11, 10, 9, 8])
    p.add_argument("--bounds", action="store_true", help="the caps as limits returning bounds (see above)")
    args = p.parse_args(argv)
    if args.bounds:
        return bounds_main(args)
    out_path = os.path.join(HERE, "results", "pimc65.json")
    game = load_game("65")
    for tl in args.tricks:
        row = {"tricks_left": tl, "positions": args.positions}
        rows = {"exact": [], "thresholds": []}
        left_out = {"exact": 0}
        capped_share = {c: 0 for c in CAPS}
        capped_time = {c: [] for c in CAPS}
        for pos in positions(args.positions, tl):
            w = worlds(pos.observation(pos.to_move)).sample(random.Random(1))
            for name, fn, cap in (("exact", lambda s, w=w: s.solve(w, moves=True), EXACT_CAP),
                                  ("thresholds", lambda s, w=w: thresholds(s, w), None)):
                solver = capped(game.solver(table_mb=64), cap)
                t = time.thread_time()
                try:
                    fn(solver)
                    rows[name].append(time.thread_time() - t)
                except Capped:
                    left_out["exact"] += 1
            for c in CAPS:
                solver = capped(game.solver(table_mb=64), c)
                t = time.thread_time()
                try:
                    thresholds(solver, w)
                except Capped:
                    capped_share[c] += 1
                capped_time[c].append(time.thread_time() - t)
        row["exact_all_moves"] = summary(rows["exact"])
        row["exact_left_out_past_cap"] = left_out["exact"]
        row["thresholds_no_cap"] = summary(rows["thresholds"])
        row["capped"] = {str(c): {"share_left_out": capped_share[c] / args.positions,
                                  "time": summary(capped_time[c])} for c in CAPS}
        with open(out_path, "a") as f:
            f.write(json.dumps(row) + "\n")
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
