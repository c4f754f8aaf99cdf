"""Eighty-Three's play search on a fixed set, for comparing builds: the
play nodes and CPU time of the exact bid tables of the given seeds and
every card's value of 50 seeded 6-trick positions (seeds 0..49), with a
digest of the answers (values must not change between builds).  The
script behind benchmarks/README.md's five-table figures (seeds 1 2 5 6 19):

    PYTHONPATH=src python benchmarks/eightythree_nodes.py 1 2 5 6 19
"""
import hashlib
import os
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from signature import _counted  # noqa: E402

from openhand.eightythree import solver as eightythree  # noqa: E402
from openhand.eightythree.deal import Deal, random_play_position  # noqa: E402
from openhand.eightythree.feasibility import bid_table  # noqa: E402


def digest(x) -> str:
    return hashlib.md5(str(x).encode()).hexdigest()[:8]


def main(seeds):
    t0, nodes, values = time.process_time(), 0, []
    for i in range(50):
        r = eightythree.Solver(implementation="cpp").solve(random_play_position(seed=i, tricks_left=6), moves=True)
        nodes += r.nodes
        values.append(sorted(r.moves.items()))
    print(f"6-trick every card: {nodes} nodes, {time.process_time() - t0:.2f} s, answers {digest(values)}")
    for seed in seeds:
        s = _counted(eightythree.Solver(implementation="cpp"))
        t = time.process_time()
        rows = bid_table(Deal.random(seed).pbn(), mode="exact", solver=s).rows
        print(f"bid table {seed}: {s._core.nodes} play nodes, {time.process_time() - t:.2f} s, "
              f"answers {digest([r.value for r in rows])}")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]])
