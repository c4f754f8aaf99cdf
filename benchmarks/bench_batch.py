"""Batch runs at scale (openhand.batch.solve_many): items per second on
local worker threads (1 and 2) and on a Dask LocalCluster (2 worker
processes of one thread), on the same seeded work in one run.

Workloads: Sixty-Six full deals from the first lead (value, game
objective) and 65 positions of 9 tricks (value).  Each round runs every
configuration once on the same items, in a rotated order (drift from other
work on the machine falls on every configuration alike); the ratios
(2 workers / 1, Dask / 2 local workers) are taken per round and reported
as their median with the range and a 95% t-interval over rounds, beside
the cores each run kept busy (CPU seconds over wall seconds: a ratio can
only reach 2 when the machine gives the run two cores) and the items per
busy core-second (equal for 1 and 2 workers when the threads cost each
other nothing: the GIL released, no shared state).  Every
configuration must store the same values.  Times are wall-clock (the
point is throughput), so other load on the machine counts: the load
average is recorded at the start and the end.

Prints a table; the figures go to benchmarks/results/batch.json as they
are measured, progress to standard error.

    PYTHONPATH=src python benchmarks/bench_batch.py [--deals 200] [--ends 60] [--rounds 5] [--no-dask]
"""
from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from common import ResultFile, progress  # noqa: E402

from openhand import load_game  # noqa: E402
from openhand.batch import solve_many  # noqa: E402
from openhand.sixtyfive.rules import random_position  # noqa: E402

T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26}


def interval(xs):
    """Mean and 95% t-interval half-width of xs."""
    m = statistics.mean(xs)
    if len(xs) < 2:
        return m, float("nan")
    return m, T95.get(len(xs) - 1, 1.96) * statistics.stdev(xs) / math.sqrt(len(xs))


def cpu_seconds(client=None) -> float:
    """CPU seconds used so far by this process, or by the Dask workers'
    processes and this one (the client's share of the work): busy cores =
    their growth over a run's wall time (the cores the machine gave the
    run)."""
    if client is None:
        return time.process_time()
    return time.process_time() + sum(client.run(time.process_time).values())


def workloads(deals: int, ends: int):
    g66 = load_game("66")
    return {"66 full deals": ("66", [g66.new_state(seed=s) for s in range(deals)]),
            "65 9-trick positions": ("65", [random_position(seed=s, tricks_left=9) for s in range(ends)])}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=200, help="Sixty-Six deals (default 200)")
    ap.add_argument("--ends", type=int, default=60, help="65 positions of 9 tricks (default 60)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--no-dask", action="store_true", help="local workers only")
    args = ap.parse_args()
    out = ResultFile(os.path.join(os.path.dirname(__file__), "results", "batch.json"))
    out.update(command=" ".join(sys.argv), load_start=os.getloadavg(), cpus=os.cpu_count())
    client = cluster = None
    configs = ["workers=1", "workers=2"]
    if not args.no_dask:
        import distributed
        start = time.perf_counter()
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                           dashboard_address=None)
        client = distributed.Client(cluster)
        out.update(dask_startup_s=round(time.perf_counter() - start, 2))
        configs.append("dask local 2")
    table = {}
    try:
        for name, (gid, states) in workloads(args.deals, args.ends).items():
            rates = {c: [] for c in configs}
            used = {c: [] for c in configs}
            values = {}
            for r in range(args.rounds):
                order = configs[r % len(configs):] + configs[:r % len(configs)]
                for c in order:
                    kw = {"client": client} if c.startswith("dask") else {"workers": int(c[-1])}
                    cpu0 = cpu_seconds(client if c.startswith("dask") else None)
                    start = time.perf_counter()
                    res = solve_many(gid, states, **kw)
                    wall = time.perf_counter() - start
                    cores = (cpu_seconds(client if c.startswith("dask") else None) - cpu0) / wall
                    rate = len(states) / wall
                    rates[c].append(rate)
                    used[c].append(cores)
                    values.setdefault(c, res.values.tolist())
                    progress(f"{name}, round {r + 1}: {c} {rate:.2f} items/s, {cores:.2f} cores busy")
            assert all(v == values["workers=1"] for v in values.values()), "configurations disagree"
            entry = {c: {"items_per_s": [round(x, 3) for x in xs], "median": round(statistics.median(xs), 3),
                         "cores_busy": [round(x, 2) for x in used[c]],
                         "items_per_core_s": round(statistics.median(x / u for x, u in zip(xs, used[c])), 3)}
                     for c, xs in rates.items()}
            pairs = [("workers=2", "workers=1")] + ([("dask local 2", "workers=2")] if client else [])
            for a, b in pairs:
                ratios = [x / y for x, y in zip(rates[a], rates[b])]
                m, half = interval(ratios)
                entry[f"{a} / {b}"] = {"median": round(statistics.median(ratios), 3), "min": round(min(ratios), 3),
                                       "max": round(max(ratios), 3), "mean": round(m, 3),
                                       "ci95": round(half, 3), "per_round": [round(x, 3) for x in ratios]}
            table[name] = entry
            out.update(**{name: entry, "items": {"66 full deals": args.deals, "65 9-trick positions": args.ends}})
    finally:
        if client is not None:
            client.close()
            cluster.close()
    out.update(load_end=os.getloadavg())
    print(f"{'workload':<22} {'config':<14} {'items/s (median)':>17} {'cores busy (median)':>20} "
          f"{'items per core-second':>22}")
    for name, entry in table.items():
        for c in configs:
            print(f"{name:<22} {c:<14} {entry[c]['median']:>17.2f} "
                  f"{statistics.median(entry[c]['cores_busy']):>20.2f} {entry[c]['items_per_core_s']:>22.2f}")
        for key, v in entry.items():
            if "/" in key:
                print(f"{name:<22} {key:<28} ratio median {v['median']:.2f} (range {v['min']:.2f}..{v['max']:.2f}; "
                      f"mean {v['mean']:.2f} +- {v['ci95']:.2f}, 95%)")
    print(f"load average: start {out.data['load_start']}, end {out.data['load_end']}")


if __name__ == "__main__":
    main()
