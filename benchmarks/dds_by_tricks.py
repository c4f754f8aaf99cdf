"""65's skeleton against DDS by tricks left: for each K given, 40 seeded
positions of K-card hands (``random_position(seed=1000 + i, tricks_left=K)``),
each solved by DDS (as bench_dds_skeleton.py calls it) and by this core (a
fresh Solver, the exact value, tricks objective); the answers must agree.
Printed per K: the core's trick starts over DDS's nodes (both one per trick
reached), median and p90, and the core's every-card nodes over DDS's.
Needs ``pip install ".[bench]"`` (endplay).

    PYTHONPATH=src python benchmarks/dds_by_tricks.py 4 6 8 10
"""
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(__file__))
from bench_dds_skeleton import dds_solver  # noqa: E402

from openhand.sixtyfive import Solver, random_position  # noqa: E402

POSITIONS = 40


def main():
    dds = dds_solver()
    dds(random_position(seed=10 ** 6).deal(), 0)   # DDS allocates its tables on its first call
    for k in [int(x) for x in sys.argv[1:]] or [4, 6, 8, 10]:
        starts, nodes = [], []
        for i in range(POSITIONS):
            pos = random_position(seed=1000 + i, tricks_left=k)
            lead_tricks, dnodes = dds(pos.deal(), pos.leader)
            solver = Solver(implementation="cpp")
            r = solver.solve(pos, moves=False, objective="tricks")
            ns = lead_tricks if pos.leader % 2 == 0 else k - lead_tricks
            if r.value != ns:
                raise SystemExit(f"{k} tricks, seed {1000 + i}: this core says {r.value}, DDS {ns}")
            starts.append(solver._core.trick_starts / max(dnodes, 1))
            nodes.append(r.nodes / max(dnodes, 1))
        starts.sort()
        print(f"{k:>2} tricks: trick starts / DDS nodes median {statistics.median(starts):.2f} "
              f"p90 {starts[int(0.9 * POSITIONS) - 1]:.2f}; every-card nodes / DDS median "
              f"{statistics.median(nodes):.2f}", flush=True)


if __name__ == "__main__":
    main()
