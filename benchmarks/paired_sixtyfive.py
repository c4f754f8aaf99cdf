"""The 65 benchmark of two builds side by side: a base revision against
the working tree (uncommitted changes included), each built in a checkout
of its own and run on one core while the other runs on the other.

A change of a few percent in time is decided this way, in the package's
own build: two runs of one build agree to about 1% per deal, while the
scratch driver (nodes_sixtyfive.cpp) has measured gains the package did
not show (benchmarks/README.md, "The search's signature", twenty-fourth
session).  Each build's bench_sixtyfive.py prints one line a deal; this
script pairs them, checks that every value agrees, and prints per measure
both medians, the per-deal ratio (this / base: median, p10, p90, with a
bootstrap 90% interval for the median) and the ratio of the sums:

    python benchmarks/paired_sixtyfive.py HEAD --deals 20             # exact values
    python benchmarks/paired_sixtyfive.py 33a4de9 --deals 50 --thresholds --no-moves
"""
from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from typing import Dict, List

LINE = re.compile(r"\s*deal (\d+): value (-?\d+) in ([\d.]+) s, (\d+) nodes(.*)")
MEASURES = {"t": "exact value, s", "n": "exact value, nodes", "at": "every first card, s",
            "an": "every first card, nodes", "q33": "33 question, s", "q41": "41 question, s"}


def parse(lines: List[str]) -> Dict[int, Dict[str, float]]:
    """Each deal's figures from bench_sixtyfive.py's progress lines.

    >>> rows = parse(["  deal 3: value 30 in 0.500 s, 1000 nodes; all cards in 1.250 s, 3000 nodes;"
    ...               " reach 33? no in 0.070 s; reach 41? no in 0.010 s"])
    >>> rows[3]["v"], rows[3]["n"], rows[3]["an"], rows[3]["q33"]
    (30, 1000, 3000, 0.07)
    """
    deals = {}
    for line in lines:
        m = LINE.match(line)
        if not m:
            continue
        row = {"v": int(m[2]), "t": float(m[3]), "n": int(m[4])}
        every = re.search(r"all cards in ([\d.]+) s, (\d+) nodes", m[5])
        if every:
            row["at"], row["an"] = float(every[1]), int(every[2])
        for target, seconds in re.findall(r"reach (\d+)\? \w+ in ([\d.]+) s", m[5]):
            row["q" + target] = float(seconds)
        deals[int(m[1])] = row
    return deals


def ratio_summary(base: List[float], this: List[float], draws: int = 2000) -> Dict[str, float]:
    """Per-pair ratios this / base: median, p10, p90, a bootstrap 90%
    interval of the median (seeded: the same data, the same interval) and
    the ratio of the sums.  Pairs whose base is under 2 ms are left out of
    the ratios (a timer's noise).

    >>> s = ratio_summary([1.0, 2.0, 4.0], [0.5, 1.0, 2.0])
    >>> s["median"], s["low"], s["high"], s["sum"]
    (0.5, 0.5, 0.5, 0.5)
    """
    ratios = sorted(b / a for a, b in zip(base, this) if a >= 0.002)
    rng = random.Random(0)
    medians = sorted(statistics.median(rng.choices(ratios, k=len(ratios))) for _ in range(draws))
    at = lambda q: ratios[min(len(ratios) - 1, int(q * len(ratios)))]  # noqa: E731
    return {"median": statistics.median(ratios), "p10": at(0.1), "p90": at(0.9),
            "low": medians[int(0.05 * draws)], "high": medians[int(0.95 * draws) - 1],
            "sum": sum(this) / sum(base), "pairs": len(ratios)}


def checkout(revision: str, where: str) -> None:
    """A detached worktree of `revision` at `where`, its core built."""
    for command, cwd in ((["git", "worktree", "add", "--detach", "-f", where, revision], None),
                         ([sys.executable, "setup.py", "build_ext", "--inplace", "-q"], where)):
        done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
        if done.returncode:
            sys.exit(f"{' '.join(command)} failed in {cwd or os.getcwd()}:\n{done.stderr[-2000:]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("base", help="the base revision (a commit, tag or branch)")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--no-moves", action="store_true", help="no every-first-card values (bench_sixtyfive.py)")
    parser.add_argument("--thresholds", action="store_true", help="also the 33 and 41 questions")
    parser.add_argument("--table-mb", type=int, default=512)
    args = parser.parse_args()
    root = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True,
                          check=True).stdout.strip()
    os.chdir(root)
    # The working tree's tracked files as a commit (nothing changes in it;
    # new files must be added first): HEAD if nothing changed.
    this = subprocess.run(["git", "stash", "create"], capture_output=True, text=True, check=True).stdout.strip()
    this = this or "HEAD"
    scratch = tempfile.mkdtemp(prefix="openhand-paired-")
    dirs = {"base": os.path.join(scratch, "base"), "this": os.path.join(scratch, "this")}
    bench = ["benchmarks/bench_sixtyfive.py", "--endgames", "0", "--deals", str(args.deals),
             "--table-mb", str(args.table_mb)]
    bench += ["--no-moves"] if args.no_moves else []
    bench += ["--thresholds"] if args.thresholds else []
    try:
        for name, revision in (("base", args.base), ("this", this)):
            print(f"building {name} ({revision[:12]}) in {dirs[name]}", flush=True)
            checkout(revision, dirs[name])
        print(f"running both ({' '.join(bench[1:])}), one a core", flush=True)
        runs = {name: subprocess.Popen([sys.executable] + bench + ["--out", os.path.join(d, "out.json")], cwd=d,
                                       env=dict(os.environ, PYTHONPATH=os.path.join(d, "src")),
                                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
                for name, d in dirs.items()}
        output = {name: run.communicate()[0] for name, run in runs.items()}
        for name, run in runs.items():
            if run.returncode:
                sys.exit(f"the {name} run failed:\n{output[name][-2000:]}")
    finally:
        for d in dirs.values():
            subprocess.run(["git", "worktree", "remove", "--force", d], stderr=subprocess.DEVNULL)
        subprocess.run(["git", "worktree", "prune"])
        shutil.rmtree(scratch, ignore_errors=True)
    base, mine = (parse(output[n].splitlines()) for n in ("base", "this"))
    deals = sorted(set(base) & set(mine))
    differ = [d for d in deals if base[d]["v"] != mine[d]["v"]]
    if differ:
        sys.exit(f"values differ on deals {differ}")
    print(f"{len(deals)} deals, every value identical; this / base per deal:")
    print(f"{'':>22} {'base':>10} {'this':>10} {'median':>7} {'90% interval':>15} {'p10':>6} {'p90':>6} {'in all':>7}")
    for key, name in MEASURES.items():
        if not deals or key not in base[deals[0]]:
            continue
        a, b = [base[d][key] for d in deals], [mine[d][key] for d in deals]
        s = ratio_summary(a, b)
        print(f"{name:>22} {statistics.median(a):>10.4g} {statistics.median(b):>10.4g} {s['median']:>7.3f} "
              f"{s['low']:>7.3f}-{s['high']:<7.3f} {s['p10']:>6.3f} {s['p90']:>6.3f} {s['sum']:>7.3f}")


if __name__ == "__main__":
    main()
