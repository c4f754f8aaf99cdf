"""Compare two runs of nodes_sixtyfive.cpp on the same positions file.

Each run is the driver's output ("TRICKS VALUE NODES SECONDS TRICK_STARTS"
per position, then a "total" line).  The script checks that every value
is the same, then prints the nodes and trick starts in all and the
per-position ratios (after / before: median, p90, max, as the bench_*.py
scripts summarise).  With ``--dds`` (a bench_dds_skeleton.py results file
of the same deals, in the same order) it also prints the after run's
trick starts / DDS's nodes per deal, the skeleton benchmark's ratio:

    ./nodes65 p12.txt 1 > before.txt       # one build, then the other
    ./nodes65 p12.txt 1 > after.txt
    python benchmarks/compare_nodes.py before.txt after.txt --dds benchmarks/results/dds_skeleton_s15.json
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from typing import List, Tuple

sys.path.insert(0, os.path.dirname(__file__))
from common import summary  # noqa: E402


def read_run(path: str) -> List[Tuple[int, int, int]]:
    """(value, nodes, trick starts) per position of a nodes65 output.

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
    ...     _ = f.write("12 7 1000 0.010 400\\ntotal 1000 0.010\\n")
    >>> read_run(f.name)
    [(7, 1000, 400)]
    """
    rows = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            fields = line.split()
            if not fields or fields[0] == "total":
                continue
            if len(fields) != 5:
                raise SystemExit(f"{path}, line {number}: expected 5 fields, got {len(fields)}")
            rows.append((int(fields[1]), int(fields[2]), int(fields[4])))
    return rows


def text(s: dict, digits: int = 3) -> str:
    return f"median {s['median']:.{digits}f}, p90 {s['p90']:.{digits}f}, max {s['max']:.{digits}f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--dds", help="a bench_dds_skeleton.py results file of the same deals")
    args = ap.parse_args()
    before, after = read_run(args.before), read_run(args.after)
    if len(before) != len(after):
        raise SystemExit(f"{len(before)} positions against {len(after)}")
    differ = [i for i, (b, a) in enumerate(zip(before, after)) if b[0] != a[0]]
    if differ:
        raise SystemExit(f"values differ at positions {differ}")
    print(f"values identical ({len(after)} positions)")
    for name, k in (("nodes", 1), ("trick starts", 2)):
        total_b, total_a = sum(r[k] for r in before), sum(r[k] for r in after)
        ratios = summary([a[k] / b[k] for b, a in zip(before, after) if b[k]])
        print(f"{name}: {total_b:,} -> {total_a:,}; per position after / before: {text(ratios)}")
    if args.dds:
        with open(args.dds) as f:
            deals = json.load(f)["deals"]
        if len(deals) != len(after):
            raise SystemExit(f"{args.dds}: {len(deals)} deals against {len(after)} positions")
        ratios = summary([a[2] / d["dds_nodes"] for a, d in zip(after, deals)])
        print(f"after's trick starts / DDS nodes per deal: {text(ratios, 2)}")


if __name__ == "__main__":
    main()
