"""65's trick-taking skeleton against DDS, the bridge solver, on the same
seeded full deals in one run.

The skeleton is 65 with card points zero and no last-trick bonus
(``objective="tricks"``): spades trumps, follow suit, the value the tricks
N-S take, which is exactly what DDS computes for 12-card hands with spades
as trumps.  Each deal is solved by DDS (through the ``endplay`` package, a
benchmark-only dependency: ``pip install endplay``; ``SolveBoard``, one
thread, the best score of the side on lead) and by this core (a fresh
Solver per deal, the exact value only); both answers must agree.  Printed:
each side's nodes and CPU time, and per deal the ratios core / DDS, as
median and 90th percentile.

What a node is differs: DDS counts one node per trick reached (its
``trickNodes``: each position after a completed trick, the last trick's
start included), this core's node count has every card played.  So the
core's trick starts are counted too (``CoreSolver.trick_starts``: the
positions after a completed trick that its search and its endgame solvers
reached), and the like-for-like ratio is theirs to DDS's nodes.  Figures
go to results/dds_skeleton.json as they are measured.

    python benchmarks/bench_dds_skeleton.py [--deals 50] [--first-seed 0] [--table-mb 512]

The goal is measured on seeds 0-49; other seeds (``--first-seed 50
--deals 200``) check that a change is not fitted to those 50.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from common import ResultFile, progress, summary, timed  # noqa: E402

from openhand.sixtyfive import Solver, random_position  # noqa: E402


def dds_solver():
    """A function deal-PBN, leader seat -> (tricks of the leader's side,
    nodes), or SystemExit naming the missing package."""
    try:
        import endplay._dds as dds
        from endplay.types import Deal, Denom, Player
    except ImportError:
        raise SystemExit("this benchmark needs DDS through the endplay package: pip install endplay")

    def solve(pbn: str, leader: int):
        deal = Deal(pbn)
        deal.first = [Player.north, Player.east, Player.south, Player.west][leader]
        deal.trump = Denom.spades
        fut = dds.futureTricks()
        # target -1, solutions 1: the best score; mode 1: always search;
        # thread index 0.
        dds.SolveBoard(deal._data, -1, 1, 1, fut, 0)
        return fut.score[0], fut.nodes
    return solve


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--first-seed", type=int, default=0,
                    help="seed of the first deal (deals are seeds FIRST.. FIRST+DEALS-1; default 0)")
    ap.add_argument("--table-mb", type=int, default=512)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "results", "dds_skeleton.json"))
    args = ap.parse_args()
    dds = dds_solver()
    dds(random_position(seed=10 ** 6).deal(), 0)   # DDS allocates its tables on its first call
    results = ResultFile(args.out)
    rows = []
    for i in range(args.first_seed, args.first_seed + args.deals):
        pos = random_position(seed=i, tricks_left=12)
        (lead_tricks, dnodes), dt = timed(dds, pos.deal(), pos.leader)
        dds_ns = lead_tricks if pos.leader % 2 == 0 else 12 - lead_tricks
        solver = Solver(table_mb=args.table_mb, implementation="cpp")
        r, ct = timed(solver.solve, pos, moves=False, objective="tricks")
        starts = solver._core.trick_starts
        del solver
        if r.value != dds_ns:
            raise SystemExit(f"deal {i}: this core says N-S take {r.value} tricks, DDS {dds_ns}")
        rows.append(dict(deal=i, tricks=r.value, dds_nodes=dnodes, dds_s=dt, core_nodes=r.nodes,
                         core_trick_starts=starts, core_s=ct))
        progress(f"  deal {i}: N-S {r.value} tricks; DDS {dnodes} nodes {dt * 1000:.1f} ms, "
                 f"core {r.nodes} nodes ({starts} trick starts) {ct * 1000:.1f} ms "
                 f"({starts / max(dnodes, 1):.1f}x trick nodes, {ct / max(dt, 1e-6):.1f}x time)")
        results.update(deals=rows, table_mb=args.table_mb)
    cols = {"DDS nodes": [r["dds_nodes"] for r in rows],
            "core trick starts": [r["core_trick_starts"] for r in rows],
            "core nodes": [r["core_nodes"] for r in rows],
            "DDS ms": [1000 * r["dds_s"] for r in rows], "core ms": [1000 * r["core_s"] for r in rows],
            "trick nodes ratio": [r["core_trick_starts"] / max(r["dds_nodes"], 1) for r in rows],
            "all nodes ratio": [r["core_nodes"] / max(r["dds_nodes"], 1) for r in rows],
            "time ratio": [r["core_s"] / max(r["dds_s"], 1e-6) for r in rows]}
    summaries = {k: summary(v) for k, v in cols.items()}
    results.update(deals=rows, table_mb=args.table_mb, summary=summaries)
    print(f"{len(rows)} seeded full deals, skeleton of 65 (tricks, spades trumps), values identical")
    print(f"{'':>18} {'median':>12} {'p90':>12} {'max':>12}")
    for k, s in summaries.items():
        print(f"{k:>18} {s['median']:>12.4g} {s['p90']:>12.4g} {s['max']:>12.4g}")
    print("trick nodes ratio: the core's trick starts / DDS's nodes (both one per trick reached); "
          "all nodes ratio: every card the core played / DDS's nodes")


if __name__ == "__main__":
    main()
