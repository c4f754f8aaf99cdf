"""Kept table memory: reuse without stale entries, and no extra peak.

A freed solver's table memory is kept for the next solver of the same cap
(csrc/ttable.hpp, KeptTable).  This script solves one hard seeded full 65
deal (seed 3, whose table grows to the 512 MiB cap) three times, each
with a fresh Solver: the second made while the first still lives (the
pattern of a loop that rebinds `solver = Solver(...)`, which once held a
kept table beside a growing one: 1043 MiB in the every-card benchmark),
the third after the others are gone, so it runs on kept memory.  Printed:
each solve's value, nodes and CPU time, and the process's peak memory,
which must stay that of one table (the node counts must agree: a stale
entry would change them).

    PYTHONPATH=src python benchmarks/bench_kept_memory.py    # about a minute
"""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from common import peak_memory_mib, timed  # noqa: E402

from openhand.sixtyfive import Solver, random_position  # noqa: E402


def main():
    pos = random_position(seed=3, tricks_left=12)
    runs = []
    solver = Solver(table_mb=512, implementation="cpp")
    runs.append(timed(solver.solve, pos, moves=False))
    solver = Solver(table_mb=512, implementation="cpp")   # made while the first lives
    runs.append(timed(solver.solve, pos, moves=False))
    del solver
    runs.append(timed(Solver(table_mb=512, implementation="cpp").solve, pos, moves=False))
    for name, (r, t) in zip(("first", "second, made while the first lived", "third, on kept memory"), runs):
        print(f"{name:>36}: value {r.value}, {r.nodes} nodes, {t:.2f} s")
    assert len({(r.value, r.nodes) for r, _ in runs}) == 1, "solves on kept memory searched differently"
    print(f"peak memory: {peak_memory_mib():.0f} MiB")


if __name__ == "__main__":
    main()
