"""65: where in the deal the exact search spends its nodes.

Solves the seeded full deals of bench_sixtyfive.py (the same seeds) with a
build of the C++ core that counts the nodes at each number of tricks left
(csrc/search.hpp, -DOPENHAND_TRACE; the counting costs a little speed),
and prints for each deal and as medians the nodes searched with at least
k tricks left (k = 7, 8, 9), with what they cost at the run's median rate.
That is the tree above the last k - 1 tricks: a search of the same shape
visits it even if every position further down were answered for free, so
it shows how much of a solve's time no better endgame play could save.
It also prints how often a cutoff came from the first move tried (how good
the move ordering is).
Needs a C++17 compiler ($CXX, default c++); the figures go to
results/sixtyfive_levels.json deal by deal.

    python benchmarks/levels_sixtyfive.py [--deals 50] [--table-mb 512]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from common import ResultFile, progress, summary  # noqa: E402

from openhand.sixtyfive import random_position  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
LEVEL = re.compile(r"tricks\s+(\d+): inner\s+(\d+) starts\s+(\d+)")
CUTS = re.compile(r"storable=(\d) cuts at move 0\.\.3\+: (\d+) (\d+) (\d+) (\d+), no cut: (\d+)")
DEPTHS = (7, 8, 9)


def build(workdir: str) -> str:
    exe = os.path.join(workdir, "levels_sixtyfive")
    cmd = [os.environ.get("CXX", "c++"), "-O3", "-std=c++17", "-mpopcnt", "-DOPENHAND_TRACE",
           "-I", os.path.join(HERE, "..", "csrc"), os.path.join(HERE, "levels_sixtyfive.cpp"), "-o", exe]
    subprocess.run(cmd, check=True)
    return exe


def solve(exe: str, seed: int, table_mb: int):
    pos = random_position(seed=seed, tricks_left=12)
    masks = [str(sum(1 << int(c) for c in h)) for h in pos.hands]
    run = subprocess.run([exe, *masks, str(pos.leader), str(table_mb)], check=True,
                         capture_output=True, text=True)
    value, nodes, seconds = run.stdout.split()
    by_tricks = {int(m[1]): int(m[2]) + int(m[3]) for m in LEVEL.finditer(run.stderr)}
    # Cutoffs by the move that made them, at trick starts and inside tricks.
    cuts = {("starts" if m[1] == "1" else "inner"): [int(x) for x in m.groups()[1:5]]
            for m in CUTS.finditer(run.stderr)}
    return int(value), int(nodes), float(seconds), by_tricks, cuts


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--table-mb", type=int, default=512)
    ap.add_argument("--out", default=os.path.join(HERE, "results", "sixtyfive_levels.json"))
    args = ap.parse_args()
    results = ResultFile(args.out)
    deals = []
    with tempfile.TemporaryDirectory() as workdir:
        exe = build(workdir)
        for seed in range(args.deals):
            value, nodes, seconds, by_tricks, cuts = solve(exe, seed, args.table_mb)
            above = {k: sum(n for t, n in by_tricks.items() if t >= k) for k in DEPTHS}
            deals.append(dict(seed=seed, value=value, nodes=nodes, seconds=seconds, nodes_from=above,
                              cuts_by_move=cuts))
            progress(f"  deal {seed}: value {value}, {nodes} nodes in {seconds:.2f} s; with 7+ tricks "
                     f"left {above[7]}, 8+ {above[8]}, 9+ {above[9]}")
            results.update(deals=deals, table_mb=args.table_mb)
    rate = summary([d["nodes"] / d["seconds"] for d in deals])["median"]
    print(f"{len(deals)} deals, exact value: median {summary([d['seconds'] for d in deals])['median']:.2f} s, "
          f"{summary([d['nodes'] for d in deals])['median'] / 1e6:.1f}M nodes, {rate / 1e6:.1f}M nodes/s")
    print(f"{'tricks left':>12} {'nodes, median':>14} {'share':>7} {'at the median rate':>19}")
    for k in DEPTHS:
        nodes = summary([d["nodes_from"][k] for d in deals])["median"]
        share = summary([d["nodes_from"][k] / d["nodes"] for d in deals])["median"]
        print(f"{str(k) + ' or more':>12} {nodes / 1e6:>13.2f}M {share:>7.1%} {nodes / rate * 1000:>16.0f} ms")
    for where in ("starts", "inner"):
        by_move = [sum(d["cuts_by_move"][where][i] for d in deals) for i in range(4)]
        print(f"cutoffs {'at trick starts' if where == 'starts' else 'inside tricks'}: "
              f"{by_move[0] / sum(by_move):.1%} by the first move tried (all deals)")


if __name__ == "__main__":
    main()
