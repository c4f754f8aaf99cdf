"""65's tricks objective on a fixed seeded set, for comparing two builds of
the core: the value, every card's value and the nodes of 40 positions of 6
tricks, 30 of 8 and 12 of 10 (seeds 7600+i, 7800+i, 8000+i, i % 4 cards on
the table), and the value, nodes and CPU time of full deals (seeds 0..N-1),
a fresh solver each.  Run it with each build's package on the path, then
compare the two files (values must be identical; node ratios per group):

    PYTHONPATH=/old/src python benchmarks/tricks_values.py --out /tmp/old.json --full 20
    PYTHONPATH=src python benchmarks/tricks_values.py --out /tmp/new.json --full 20
    python benchmarks/tricks_values.py --compare /tmp/old.json /tmp/new.json
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(__file__))
from common import timed  # noqa: E402

ENDGAMES = ((6, 40), (8, 30), (10, 12))   # tricks left, positions


def run(full: int) -> list:
    from openhand.sixtyfive import random_position
    from openhand.sixtyfive.solver import Solver
    rows = []
    for tricks, n in ENDGAMES:
        for i in range(n):
            p = random_position(seed=7000 + 100 * tricks + i, tricks_left=tricks, trick_cards=i % 4)
            r = Solver(table_mb=64, implementation="cpp").solve(p, objective="tricks")
            rows.append(dict(group=f"{tricks} tricks", value=r.value, moves={str(k): v for k, v in r.moves.items()},
                             nodes=r.nodes))
    for i in range(full):
        solver = Solver(table_mb=256, implementation="cpp")
        r, seconds = timed(solver.solve, random_position(seed=i), moves=False, objective="tricks")
        rows.append(dict(group="full deals", value=r.value, nodes=r.nodes, seconds=seconds))
    return rows


def compare(old: list, new: list) -> bool:
    same = all(a["value"] == b["value"] and a.get("moves") == b.get("moves") for a, b in zip(old, new))
    print(f"values: {'identical' if same and len(old) == len(new) else 'DIFFERENT'} ({len(old)} questions)")
    for group in dict.fromkeys(r["group"] for r in old):
        pairs = [(a["nodes"], b["nodes"]) for a, b in zip(old, new) if a["group"] == group]
        before, after = [a for a, _ in pairs], [b for _, b in pairs]
        print(f"{group:>12}: nodes median {statistics.median(before):,.0f} -> {statistics.median(after):,.0f}, "
              f"in all {sum(before) / sum(after):.2f}x fewer")
    return same and len(old) == len(new)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out")
    p.add_argument("--full", type=int, default=20, help="full deals (seeds 0..N-1)")
    p.add_argument("--compare", nargs=2, metavar=("OLD", "NEW"))
    args = p.parse_args(argv)
    if args.compare:
        old, new = (json.load(open(f)) for f in args.compare)
        return 0 if compare(old, new) else 1
    if not args.out:
        p.error("--out or --compare is required")
    with open(args.out, "w") as f:
        json.dump(run(args.full), f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
