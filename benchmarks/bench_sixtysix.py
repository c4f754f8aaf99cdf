"""Sixty-Six open-hand solver: C++ core against the pure-Python reference.

1. Ratio: both solvers on the same seeded random positions (stock of at
   most 4 cards), value and every action's value, game objective.
2. Full deals: for seeded random deals (seed i, dealer i % 2), the exact
   game-point value from the first lead, single-threaded, with a fresh
   Solver per deal: value only, then value plus every action's value.
   Median / 90th percentile / max of time and nodes.

Prints a table and writes the same figures to benchmarks/results/sixtysix.json.

    PYTHONPATH=src python benchmarks/bench_sixtysix.py [--deals 100] [--positions 40]
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time

from openhand.sixtysix import Position, random_position, reference
from openhand.sixtysix.solver import Solver

TABLE_MB = 64


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def summary(times, nodes):
    return {"median_ms": round(statistics.median(times) * 1e3, 2), "p90_ms": round(pct(times, 0.9) * 1e3, 2),
            "max_ms": round(max(times) * 1e3, 2), "median_nodes": int(statistics.median(nodes)),
            "p90_nodes": int(pct(nodes, 0.9)), "max_nodes": int(max(nodes))}


def ratio(n_positions):
    ps = [random_position(seed, max_stock=4) for seed in range(n_positions)]
    ps = [p for p in ps if len(p.stock) <= 4]
    cpp = Solver(TABLE_MB, implementation="cpp")
    t_ref = t_cpp = 0.0
    for p in ps:
        t = time.perf_counter()
        r = reference.solve(p)
        t_ref += time.perf_counter() - t
        t = time.perf_counter()
        c = cpp.solve(p)
        t_cpp += time.perf_counter() - t
        if (r.value, r.moves) != (c.value, c.moves):
            raise AssertionError(f"C++ and reference disagree on {p.to_json()}")
    return {"positions": len(ps), "reference_s": round(t_ref, 3), "cpp_s": round(t_cpp, 4),
            "ratio": round(t_ref / t_cpp, 1)}


def full_deals(n_deals, moves):
    times, nodes, values = [], [], []
    for seed in range(n_deals):
        p = Position.deal(seed=seed, dealer=seed % 2)
        solver = Solver(TABLE_MB, implementation="cpp")   # fresh table: no help from earlier deals
        t = time.perf_counter()
        r = solver.solve(p, moves=moves)
        times.append(time.perf_counter() - t)
        nodes.append(r.nodes)
        values.append(r.value)
    out = summary(times, nodes)
    out["deals"] = n_deals
    out["value_histogram"] = {str(v): values.count(v) for v in range(-3, 4)}
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "results", "sixtysix.json"))
    args = ap.parse_args(argv)
    res = {"machine": platform.processor() or platform.machine(), "python": sys.version.split()[0],
           "table_mb": TABLE_MB}
    res["ratio"] = ratio(args.positions)
    res["full_deal_value"] = full_deals(args.deals, moves=False)
    res["full_deal_all_actions"] = full_deals(args.deals, moves=True)

    r = res["ratio"]
    print(f"Sixty-Six open-hand solver ({platform.machine()}, Python {res['python']})")
    print(f"ratio on {r['positions']} random positions (stock <= 4, value + all actions, game objective):")
    print(f"  reference {r['reference_s']:.2f} s   C++ {r['cpp_s']:.4f} s   C++ is {r['ratio']}x faster")
    print(f"full deals from the first lead ({args.deals} seeded deals, single-threaded, fresh table):")
    print(f"  {'':<14}{'median':>10}{'p90':>10}{'max':>10}{'median nodes':>14}{'p90 nodes':>12}{'max nodes':>12}")
    for name, key in (("value only", "full_deal_value"), ("all actions", "full_deal_all_actions")):
        s = res[key]
        print(f"  {name:<14}{s['median_ms']:>8.1f}ms{s['p90_ms']:>8.1f}ms{s['max_ms']:>8.1f}ms"
              f"{s['median_nodes']:>14}{s['p90_nodes']:>12}{s['max_nodes']:>12}")
    print(f"  values (player on turn): {res['full_deal_value']['value_histogram']}")
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as f:
        json.dump(res, f, indent=2)
        f.write("\n")
    print(f"written {args.out}")


if __name__ == "__main__":
    main()
