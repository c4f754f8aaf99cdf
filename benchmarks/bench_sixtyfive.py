"""65 benchmark: C++ core vs the Python reference, and full-deal solve times.

Part 1 solves the same seeded endgames (4, 5 and 6 tricks) with both
implementations and prints the speed-up ratio.  Part 2 solves seeded random
full 12-card deals with the C++ core, single-threaded: the exact value, then
every legal card's value, with time and node counts (median, p90, max) and
the peak memory of the process; with --thresholds also the questions "can
N-S reach 33?" and "41?" (one null-window search each).  Figures go to results/sixtyfive.json as
they are measured (an interrupted run keeps them).

    python benchmarks/bench_sixtyfive.py               # the recorded run
    python benchmarks/bench_sixtyfive.py --deals 5 --endgames 3   # quick
    python benchmarks/bench_sixtyfive.py --endgames 0 --moves-deals 10   # values of 50
                                             # deals, every card's value of 10
    python benchmarks/bench_sixtyfive.py --endgames 0 --no-moves --thresholds \
        --out benchmarks/results/sixtyfive_thresholds.json
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from common import ResultFile, peak_memory_mib, progress, summary, timed  # noqa: E402

from openhand.sixtyfive import Solver, random_position, reference  # noqa: E402


def endgame_ratio(tricks: int, count: int, table_mb: int):
    ref_times, cpp_times, cpp_nodes = [], [], []
    for i in range(count):
        pos = random_position(seed=10_000 * tricks + i, tricks_left=tricks)
        ref, t_ref = timed(reference.solve, pos, moves=True)
        cpp, t_cpp = timed(Solver(table_mb=table_mb, implementation="cpp").solve, pos, moves=True)
        assert (ref.value, ref.moves) == (cpp.value, cpp.moves), repr(pos)
        ref_times.append(t_ref)
        cpp_times.append(t_cpp)
        cpp_nodes.append(cpp.nodes)
        progress(f"  {tricks} tricks #{i}: reference {t_ref:.3f} s, C++ {t_cpp * 1000:.2f} ms")
    return {"positions": count, "reference_s": sum(ref_times), "cpp_s": sum(cpp_times),
            "ratio": sum(ref_times) / sum(cpp_times), "cpp_nodes_per_s": sum(cpp_nodes) / sum(cpp_times)}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=50, help="deals to solve in part 2 (default 50)")
    ap.add_argument("--tricks", type=int, default=12,
                    help="part 2 solves seeded random positions with this many tricks left "
                         "(default 12: full deals)")
    ap.add_argument("--endgames", type=int, default=10, help="endgames per size for the ratio (default 10)")
    ap.add_argument("--table-mb", type=int, default=64, help="transposition table cap (default 64 MiB)")
    ap.add_argument("--no-moves", action="store_true", help="skip the per-card values of full deals")
    ap.add_argument("--moves-deals", type=int, default=None,
                    help="per-card values for the first N deals only (default: every deal)")
    ap.add_argument("--thresholds", action="store_true",
                    help="also time the threshold questions 'can N-S reach 33?' and '41?' (the victory-point "
                         "lines) per deal, each with a fresh solver")
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "results", "sixtyfive.json"))
    args = ap.parse_args()
    results = ResultFile(args.out, keep=True)
    results.update(table_mb=args.table_mb)

    print("Part 1: same seeded endgames, reference vs C++ (value and every card's value)")
    print(f"{'tricks':>6} {'n':>3} {'reference s':>12} {'C++ s':>9} {'ratio':>9} {'C++ nodes/s':>12}")
    for tricks in (4, 5, 6) if args.endgames > 0 else ():
        r = endgame_ratio(tricks, args.endgames, args.table_mb)
        results.update(**{f"endgame_{tricks}": r})
        print(f"{tricks:>6} {r['positions']:>3} {r['reference_s']:>12.2f} {r['cpp_s']:>9.4f} "
              f"{r['ratio']:>8.0f}x {r['cpp_nodes_per_s']:>12.3g}", flush=True)

    print(f"\nPart 2: {args.deals} seeded random deals at {args.tricks} tricks, C++, single thread, "
          f"table {args.table_mb} MiB")
    value_t, value_n, moves_t, moves_n = [], [], [], []
    thresholds = {33: [], 41: []}
    for i in range(args.deals):
        pos = random_position(seed=i, tricks_left=args.tricks)
        solver = Solver(table_mb=args.table_mb, implementation="cpp")
        r, t = timed(solver.solve, pos, moves=False)
        value_t.append(t)
        value_n.append(r.nodes)
        line = f"  deal {i}: value {r.value} in {t:.3f} s, {r.nodes} nodes"
        if not args.no_moves and (args.moves_deals is None or i < args.moves_deals):
            solver = Solver(table_mb=args.table_mb, implementation="cpp")
            rm, tm = timed(solver.solve, pos, moves=True)
            assert rm.value == r.value
            moves_t.append(tm)
            moves_n.append(rm.nodes)
            line += f"; all cards in {tm:.3f} s, {rm.nodes} nodes"
        del solver  # one solver's table at a time: the peak memory is one solve's
        for target, times in thresholds.items() if args.thresholds else ():
            reach, tt = timed(Solver(table_mb=args.table_mb, implementation="cpp").at_least, pos, target)
            assert reach == (r.value + (pos.points or (0, 0))[0] >= target), (i, target)
            times.append(tt)
            line += f"; reach {target}? {'yes' if reach else 'no'} in {tt:.4f} s"
        progress(line)
        results.update(**{f"tricks_{args.tricks}": dict(
            value_time_s=summary(value_t), value_nodes=summary(value_n),
            moves_time_s=summary(moves_t), moves_nodes=summary(moves_n),
            **{f"reach_{t}_time_s": summary(v) for t, v in thresholds.items() if v},
            peak_memory_mib=peak_memory_mib())})
    print(f"{'':>24} {'median':>10} {'p90':>10} {'max':>10}")
    for name, vals, unit in (("exact value time", value_t, "s"), ("exact value nodes", value_n, ""),
                             ("all cards time", moves_t, "s"), ("all cards nodes", moves_n, ""),
                             ("reach 33? time", thresholds[33], "s"), ("reach 41? time", thresholds[41], "s")):
        if vals:
            s = summary(vals)
            print(f"{name:>24} {s['median']:>10.4g} {s['p90']:>10.4g} {s['max']:>10.4g} {unit}")
    print(f"peak memory: {peak_memory_mib():.0f} MiB")


if __name__ == "__main__":
    main()
