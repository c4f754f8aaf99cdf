"""Eighty-Three play solver benchmark: C++ core vs the Python reference, and
6-trick solve times.

Part 1 solves the same seeded play positions (``random_play_position``;
trick starts and mid-trick, 3..6 tricks left) with both implementations,
value and every legal card's value, checks they agree, and prints the
speed-up ratio and the C++ nodes per second.  6 tricks use few positions:
the reference takes seconds each.

Part 2 times the C++ core alone on seeded 6-trick trick-start positions,
single thread, one Solver (its table kept across solves, as the bid
feasibility code uses it): the exact value (``value_of``), a null-window
bid question (``at_least_of``, target 50), and the value with every card's
value (``solve``); median, p90 and max per solve, and nodes.  Figures go to
results/eightythree_play.json as they are measured.

    PYTHONPATH=src python benchmarks/bench_eightythree_play.py            # recorded run
    PYTHONPATH=src python benchmarks/bench_eightythree_play.py --quick    # a smoke run
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from common import ResultFile, peak_memory_mib, progress, summary, timed  # noqa: E402

from openhand.cards import mask_of  # noqa: E402
from openhand.eightythree import random_play_position, reference  # noqa: E402
from openhand.eightythree.solver import Solver  # noqa: E402


def ratio(tricks: int, count: int, table_mb: float):
    ref_t, cpp_t, cpp_nodes = [], [], []
    solver = Solver(table_mb=table_mb, implementation="cpp")
    solver.solve(random_play_position(seed=1, tricks_left=2))  # warm-up: one-off lookup tables
    for i in range(count):
        pos = random_play_position(seed=7_000 * tricks + i, tricks_left=tricks, trick_cards=i % 4)
        ref, t_ref = timed(reference.solve, pos, moves=True)
        cpp, t_cpp = timed(solver.solve, pos, moves=True)
        assert (ref.value, ref.moves) == (cpp.value, cpp.moves), repr(pos)
        ref_t.append(t_ref)
        cpp_t.append(t_cpp)
        cpp_nodes.append(cpp.nodes)
        progress(f"  {tricks} tricks #{i}: reference {t_ref:.3f} s, C++ {t_cpp * 1e3:.2f} ms")
    return {"positions": count, "reference_s": sum(ref_t), "cpp_s": sum(cpp_t),
            "ratio": sum(ref_t) / sum(cpp_t), "cpp_nodes_per_s": sum(cpp_nodes) / sum(cpp_t)}


def six_tricks(count: int, table_mb: float):
    solver = Solver(table_mb=table_mb, implementation="cpp")
    core = solver._core
    out = {"value": ([], []), "can_make_50": ([], []), "solve_all_cards": ([], [])}
    for i in range(count):
        pos = random_play_position(seed=i, tricks_left=6)
        hands = [mask_of(h) for h in pos.hands]
        spec = (hands, pos.trump, pos.bidder, pos.leader, ())
        # the bid question first: after the value, the table would answer it at once
        (_, n), t = timed(core.at_least, spec, 50)
        out["can_make_50"][0].append(t)
        out["can_make_50"][1].append(n)
        (v, n), t = timed(core.value, spec)
        out["value"][0].append(t)
        out["value"][1].append(n)
        r, t = timed(solver.solve, pos)
        assert r.value == v
        out["solve_all_cards"][0].append(t)
        out["solve_all_cards"][1].append(r.nodes)
    # validated public entry, for the Python overhead
    _, t_checked = timed(lambda: [solver.value_of([mask_of(h) for h in pos.hands], pos.trump, pos.bidder)
                                  for _ in range(200)])
    return out, t_checked / 200


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=20, help="positions per size for the ratio (default 20)")
    ap.add_argument("--six", type=int, default=3, help="6-trick positions for the ratio (default 3)")
    ap.add_argument("--deals", type=int, default=300, help="6-trick positions timed in part 2 (default 300)")
    ap.add_argument("--table-mb", type=float, default=8, help="transposition table cap (default 8 MiB)")
    ap.add_argument("--quick", action="store_true", help="a smoke run: few positions")
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "results", "eightythree_play.json"))
    args = ap.parse_args()
    if args.quick:
        args.positions, args.six, args.deals = 4, 0, 20
    results = ResultFile(args.out)
    results.update(table_mb=args.table_mb)

    print("Part 1: same seeded play positions, reference vs C++ (value and every card's value)")
    print(f"{'tricks':>6} {'n':>3} {'reference s':>12} {'C++ s':>9} {'ratio':>9} {'C++ nodes/s':>12}")
    for tricks, count in ((3, args.positions), (4, args.positions), (5, args.positions), (6, args.six)):
        if not count:
            continue
        r = ratio(tricks, count, args.table_mb)
        results.update(**{f"ratio_{tricks}_tricks": r})
        print(f"{tricks:>6} {r['positions']:>3} {r['reference_s']:>12.2f} {r['cpp_s']:>9.4f} "
              f"{r['ratio']:>8.0f}x {r['cpp_nodes_per_s']:>12.3g}", flush=True)

    print(f"\nPart 2: {args.deals} seeded 6-trick positions, C++, one Solver, table {args.table_mb} MiB")
    out, t_checked = six_tricks(args.deals, args.table_mb)
    print(f"{'per solve':>22} {'median':>10} {'p90':>10} {'max':>10} {'mean':>10} {'nodes med':>10} {'nodes/s':>10}")
    for name, (times, nodes) in out.items():
        s, sn = summary(times), summary(nodes)
        mean = sum(times) / len(times)
        rate = sum(nodes) / sum(times)
        results.update(**{f"six_{name}": {"time_s": s, "mean_s": mean, "nodes": sn, "nodes_per_s": rate}})
        print(f"{name:>22} {s['median'] * 1e3:>8.3f}ms {s['p90'] * 1e3:>8.2f}ms {s['max'] * 1e3:>8.1f}ms "
              f"{mean * 1e3:>8.2f}ms {sn['median']:>10.0f} {rate:>10.3g}")
    results.update(value_of_validated_s=t_checked, peak_memory_mib=peak_memory_mib())
    print(f"value_of (validated, repeated position): {t_checked * 1e6:.1f} us per call")
    print(f"peak memory: {peak_memory_mib():.0f} MiB")


if __name__ == "__main__":
    main()
