"""Sixty-Six open-hand solver: C++ core against the pure-Python reference.

1. Ratio: both solvers on the same seeded random positions (stock of at
   most 4 cards), value and every action's value, game objective; they
   must agree.
2. Full deals: for seeded random deals (seed i, dealer i % 2), the exact
   game-point value from the first lead, single-threaded, with a fresh
   Solver per deal: value only, then value plus every action's value.
   Median / 90th percentile / max of time (CPU time of the solving thread)
   and nodes.

Prints a table; the figures go to benchmarks/results/sixtysix.json as they
are measured (an interrupted run keeps them), progress to standard error.

    PYTHONPATH=src python benchmarks/bench_sixtysix.py [--deals 100] [--positions 40]
"""
from __future__ import annotations

import argparse
import os
import platform
import sys

sys.path.insert(0, os.path.dirname(__file__))
from common import ResultFile, progress, summary, timed  # noqa: E402

from openhand.sixtysix import Position, random_position, reference  # noqa: E402
from openhand.sixtysix.solver import Solver  # noqa: E402

TABLE_MB = 64


def ratio(n_positions):
    ps = [random_position(seed, max_stock=4) for seed in range(n_positions)]
    ps = [p for p in ps if len(p.stock) <= 4]
    cpp = Solver(TABLE_MB, implementation="cpp")
    t_ref = t_cpp = 0.0
    for p in ps:
        r, t = timed(reference.solve, p)
        t_ref += t
        c, t = timed(cpp.solve, p)
        t_cpp += t
        if (r.value, r.moves) != (c.value, c.moves):
            raise AssertionError(f"C++ and reference disagree on {p.to_json()}")
    return {"positions": len(ps), "reference_s": t_ref, "cpp_s": t_cpp, "ratio": t_ref / t_cpp}


def full_deals(n_deals, moves, results, key):
    times, nodes, values = [], [], []
    for seed in range(n_deals):
        p = Position.deal(seed=seed, dealer=seed % 2)
        solver = Solver(TABLE_MB, implementation="cpp")   # fresh table: no help from earlier deals
        r, t = timed(solver.solve, p, moves=moves)
        times.append(t)
        nodes.append(r.nodes)
        values.append(r.value)
        progress(f"  deal {seed}: value {r.value} in {t * 1e3:.1f} ms, {r.nodes} nodes")
        results.update(**{key: {"deals": seed + 1, "time_s": summary(times), "nodes": summary(nodes),
                                "value_histogram": {str(v): values.count(v) for v in range(-3, 4)}}})
    return results.data[key]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "results", "sixtysix.json"))
    args = ap.parse_args(argv)
    results = ResultFile(args.out)
    results.update(machine=platform.processor() or platform.machine(), python=sys.version.split()[0],
                   table_mb=TABLE_MB)
    r = ratio(args.positions)
    results.update(ratio=r)
    print(f"Sixty-Six open-hand solver ({platform.machine()}, Python {results.data['python']})")
    print(f"ratio on {r['positions']} random positions (stock <= 4, value + all actions, game objective):")
    print(f"  reference {r['reference_s']:.2f} s   C++ {r['cpp_s']:.4f} s   C++ is {r['ratio']:.0f}x faster",
          flush=True)
    rows = [("value only", full_deals(args.deals, False, results, "full_deal_value")),
            ("all actions", full_deals(args.deals, True, results, "full_deal_all_actions"))]
    print(f"full deals from the first lead ({args.deals} seeded deals, single-threaded, fresh table):")
    print(f"  {'':<14}{'median':>10}{'p90':>10}{'max':>10}{'median nodes':>14}{'p90 nodes':>12}{'max nodes':>12}")
    for name, s in rows:
        t, n = s["time_s"], s["nodes"]
        print(f"  {name:<14}{t['median'] * 1e3:>8.1f}ms{t['p90'] * 1e3:>8.1f}ms{t['max'] * 1e3:>8.1f}ms"
              f"{n['median']:>14.0f}{n['p90']:>12}{n['max']:>12}")
    print(f"  values (player on turn): {rows[0][1]['value_histogram']}")
    print(f"written {args.out}")


if __name__ == "__main__":
    main()
