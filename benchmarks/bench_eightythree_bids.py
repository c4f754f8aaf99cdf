"""Eighty-Three bid feasibility: time of the exact and the fast bid table.

For N seeded deals (``Deal.random(seed)``, seeds 0..N-1) computes the full
16-row table (4 bidders x 4 trump suits) in both modes and prints the
median and max time per deal of each, and the gap fast - exact over all
rows (the fast mode is a heuristic estimate, so the gap has both signs).
Goal: exact under 10 s median, fast under 100 ms.  Times are the CPU time
of the calling thread (see common.timed).  Ctrl-C stops early and still
reports the deals done.  Writes benchmarks/results/eightythree_bids.json.

    PYTHONPATH=src python benchmarks/bench_eightythree_bids.py [--deals 50]
"""
import argparse
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(__file__))
from common import timed  # noqa: E402

from openhand.eightythree.deal import Deal  # noqa: E402
from openhand.eightythree.feasibility import bid_table  # noqa: E402
from openhand.eightythree.solver import Solver  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "results",
                                                  "eightythree_bids.json"))
    args = ap.parse_args(argv)
    solver = Solver()
    print(f"play solver: {solver.implementation}", flush=True)
    per_deal = []
    try:
        for seed in range(args.deals):
            text = Deal.random(seed).pbn()
            fast, fast_s = timed(bid_table, text, mode="fast", solver=Solver())
            exact, exact_s = timed(bid_table, text, mode="exact", solver=Solver())
            gaps = [f.value - e.value for f, e in zip(fast.rows, exact.rows)]
            per_deal.append({"seed": seed, "deal": text, "fast_s": fast_s,
                             "exact_s": exact_s, "gaps": gaps,
                             "exact": [r.value for r in exact.rows],
                             "fast": [r.value for r in fast.rows]})
            print(f"deal {seed + 1}/{args.deals}: exact {exact_s:7.2f} s  "
                  f"fast {fast_s * 1e3:7.1f} ms  rows differing {sum(g != 0 for g in gaps)}",
                  flush=True)
    except KeyboardInterrupt:
        print("interrupted: reporting the deals done", flush=True)
    if not per_deal:
        return 1
    ex = [d["exact_s"] for d in per_deal]
    fa = [d["fast_s"] for d in per_deal]
    gaps = [g for d in per_deal for g in d["gaps"]]
    summary = {
        "solver": solver.implementation, "deals": len(per_deal),
        "exact_median_s": statistics.median(ex), "exact_max_s": max(ex),
        "fast_median_s": statistics.median(fa), "fast_max_s": max(fa),
        "rows": len(gaps), "rows_equal": sum(g == 0 for g in gaps),
        "rows_fast_above": sum(g > 0 for g in gaps), "rows_fast_below": sum(g < 0 for g in gaps),
        "mean_abs_gap": statistics.mean(abs(g) for g in gaps),
        "max_gap_above": max(gaps), "max_gap_below": min(gaps),
        "bid_changed_rows": sum((f >= 30) != (e >= 30) or (f >= 30 and f != e)
                                for d in per_deal for f, e in zip(d["fast"], d["exact"])),
    }
    print(f"exact table: median {summary['exact_median_s']:.2f} s, max {summary['exact_max_s']:.2f} s")
    print(f"fast table:  median {summary['fast_median_s'] * 1e3:.1f} ms, "
          f"max {summary['fast_max_s'] * 1e3:.1f} ms")
    print(f"gap fast - exact over {len(gaps)} rows: equal {summary['rows_equal']}, "
          f"fast above {summary['rows_fast_above']} (max +{summary['max_gap_above']}), "
          f"fast below {summary['rows_fast_below']} (max {summary['max_gap_below']}), "
          f"mean |gap| {summary['mean_abs_gap']:.2f}")
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as f:
        json.dump({"summary": summary, "deals": per_deal}, f, indent=1)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
