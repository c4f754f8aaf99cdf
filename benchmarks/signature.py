"""The search's signature: node counts (and times) of a fixed seeded set.

A refactoring of the C++ core that is meant to change no search must
leave every node count here exactly as it was (and the times within
noise).  The set runs in some 20 s a pass, a fresh solver per question (as
the bench_*.py scripts do), the C++ core only:

- 65: the value, then every card's value (each with a fresh solver), of 10
  seeded 6-trick and 10 9-trick positions, and the value of 3 easy seeded
  full deals;
- 66: the value and every action's value of 30 seeded full deals (seed i,
  dealer i % 2), game objective;
- 83: "can the bidders make 50?", the value and every card's value of 50
  seeded 6-trick positions, and the exact bid table of 2 seeded deals
  (its nodes: those of every play-solver call it made; its values: the
  16 rows).

Nodes are read from what every core call returns (the last item of its
result), so the same script measures the core before and after a change
of the binding's call signatures.  Times are the CPU time of the solving
thread (common.timed), the least of two passes over the set (``--passes``;
the passes must agree on every node count).

    PYTHONPATH=src python benchmarks/signature.py              # writes results/signature.json
    PYTHONPATH=src python benchmarks/signature.py --compare    # runs, compares with it
    python benchmarks/signature.py --compare OLD*.json --against NEW*.json   # no run

``--compare`` prints "identical" when every node count and value equals
the baseline's, else each difference (and exits 1); then the times per
group, before and after.  Times on a shared machine are best compared
from runs of the two builds taken in turn, each file one ``--passes 1``
run (see benchmarks/README.md, "The search's signature").
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Dict

sys.path.insert(0, os.path.dirname(__file__))
from common import ResultFile, progress, timed  # noqa: E402


RESULTS = os.path.join(os.path.dirname(__file__), "results")
BASELINE = os.path.join(RESULTS, "signature.json")

SIXTYFIVE_ENDGAMES = {6: 10, 9: 10}   # tricks left: positions
SIXTYFIVE_EASY_DEALS = (23, 25, 24)   # full deals solved in under a second each
SIXTYSIX_DEALS = 30
EIGHTYTHREE_POSITIONS = 50
EIGHTYTHREE_BID_DEALS = (5, 19)


class _Counting:
    """A core solver whose calls add up the nodes they report (the last
    item of each result); attributes pass through (``progress`` too)."""

    def __init__(self, core):
        object.__setattr__(self, "_core", core)
        object.__setattr__(self, "nodes", 0)

    def __getattr__(self, name):
        attr = getattr(self._core, name)
        if not callable(attr):
            return attr

        def call(*args, **kwargs):
            out = attr(*args, **kwargs)
            object.__setattr__(self, "nodes", self.nodes + out[-1])
            return out
        return call

    def __setattr__(self, name, value):
        setattr(self._core, name, value)


def _counted(solver):
    solver._core = _Counting(solver._core)
    return solver


class Recorder:
    def __init__(self):
        self.items: Dict[str, dict] = {}

    def run(self, name: str, group: str, make_solver, question):
        """Ask ``question(solver)`` of a fresh counted solver: record its
        nodes, CPU time and answer under ``name``.  Asked again (another
        pass), it keeps the least time and checks that the search repeats
        itself exactly."""
        solver = _counted(make_solver())
        answer, seconds = timed(question, solver)
        item = {"group": group, "nodes": solver._core.nodes, "seconds": seconds,
                "value": json.loads(json.dumps(answer))}
        old = self.items.get(name)
        if old is not None:
            if (old["nodes"], old["value"]) != (item["nodes"], item["value"]):
                raise AssertionError(f"{name}: not deterministic: {old} then {item}")
            item["seconds"] = min(seconds, old["seconds"])
        self.items[name] = item
        return answer


def _sixtyfive(rec: Recorder):
    from openhand import sixtyfive
    make = lambda: sixtyfive.Solver(implementation="cpp")  # noqa: E731
    for tricks, count in SIXTYFIVE_ENDGAMES.items():
        for i in range(count):
            pos = sixtyfive.random_position(seed=10_000 * tricks + i, tricks_left=tricks)
            rec.run(f"65 {tricks}t #{i} value", f"65 {tricks}-trick value", make,
                    lambda s: s.solve(pos, moves=False).value)
            rec.run(f"65 {tricks}t #{i} cards", f"65 {tricks}-trick every card", make,
                    lambda s: sorted(s.solve(pos).moves.items()))
        progress(f"65: {count} {tricks}-trick positions")
    for seed in SIXTYFIVE_EASY_DEALS:
        pos = sixtyfive.random_position(seed=seed)
        rec.run(f"65 deal {seed} value", "65 full-deal value", make,
                lambda s: s.solve(pos, moves=False).value)
        progress(f"65: deal {seed}")


def _sixtysix(rec: Recorder):
    from openhand import sixtysix
    make = lambda: sixtysix.Solver(implementation="cpp")  # noqa: E731
    for seed in range(SIXTYSIX_DEALS):
        pos = sixtysix.Position.deal(seed=seed, dealer=seed % 2)
        rec.run(f"66 deal {seed} value", "66 full-deal value", make,
                lambda s: s.solve(pos, moves=False).value)
        rec.run(f"66 deal {seed} actions", "66 full-deal every action", make,
                lambda s: sorted(s.solve(pos).moves.items()))
    progress(f"66: {SIXTYSIX_DEALS} deals")


def _eightythree(rec: Recorder):
    from openhand.cards import mask_of
    from openhand.eightythree import solver as eightythree
    from openhand.eightythree.deal import Deal
    from openhand.eightythree.feasibility import bid_table
    from openhand.eightythree.deal import random_play_position
    make = lambda: eightythree.Solver(implementation="cpp")  # noqa: E731
    for i in range(EIGHTYTHREE_POSITIONS):
        pos = random_play_position(seed=i, tricks_left=6)
        hands = [mask_of(h) for h in pos.hands]
        rec.run(f"83 6t #{i} make 50", "83 6-trick make 50?", make,
                lambda s: s.at_least_of(hands, pos.trump, pos.bidder, 50, pos.leader))
        rec.run(f"83 6t #{i} value", "83 6-trick value", make,
                lambda s: s.solve(pos, moves=False).value)
        rec.run(f"83 6t #{i} cards", "83 6-trick every card", make,
                lambda s: sorted(s.solve(pos).moves.items()))
    progress(f"83: {EIGHTYTHREE_POSITIONS} positions")
    for seed in EIGHTYTHREE_BID_DEALS:
        text = Deal.random(seed).pbn()
        rec.run(f"83 bid table {seed}", "83 exact bid table", make,
                lambda s: [r.value for r in bid_table(text, mode="exact", solver=s).rows])
        progress(f"83: bid table {seed}")


def load(paths) -> dict:
    """Saved runs of the same build as one: each question's least time
    (their node counts and values must agree)."""
    items: Dict[str, dict] = {}
    for path in paths:
        with open(path) as f:
            for name, item in json.load(f)["items"].items():
                old = items.setdefault(name, item)
                if (old["nodes"], old["value"]) != (item["nodes"], item["value"]):
                    raise SystemExit(f"{path}: {name} differs from the other runs of its build")
                old["seconds"] = min(old["seconds"], item["seconds"])
    return {"items": items}


def groups(items: Dict[str, dict]) -> Dict[str, dict]:
    out: Dict[str, dict] = {}
    for item in items.values():
        g = out.setdefault(item["group"], {"questions": 0, "nodes": 0, "seconds": 0.0})
        g["questions"] += 1
        g["nodes"] += item["nodes"]
        g["seconds"] += item["seconds"]
    return out


def compare(old: dict, new: dict) -> bool:
    """Print the differences of node counts and values (or "identical")
    and the times per group; True if identical."""
    diffs = []
    for name in sorted(set(old["items"]) | set(new["items"])):
        a, b = old["items"].get(name), new["items"].get(name)
        if a is None or b is None:
            diffs.append(f"  {name}: only in the {'new run' if a is None else 'baseline'}")
            continue
        for field in ("nodes", "value"):
            if a[field] != b[field]:
                diffs.append(f"  {name}: {field} {a[field]} -> {b[field]}")
    print("node counts and values: " + ("identical" if not diffs else f"{len(diffs)} differences"))
    for line in diffs:
        print(line)
    og, ng = groups(old["items"]), groups(new["items"])
    print(f"{'group':<28}{'questions':>10}{'nodes before':>15}{'nodes after':>15}"
          f"{'s before':>10}{'s after':>10}{'ratio':>7}")
    for name in og:
        a, b = og[name], ng.get(name, {"questions": 0, "nodes": 0, "seconds": 0.0})
        ratio = b["seconds"] / a["seconds"] if a["seconds"] else float("nan")
        print(f"{name:<28}{a['questions']:>10}{a['nodes']:>15}{b['nodes']:>15}"
              f"{a['seconds']:>10.3f}{b['seconds']:>10.3f}{ratio:>7.2f}")
    ta = sum(g["seconds"] for g in og.values())
    tb = sum(g["seconds"] for g in ng.values())
    print(f"{'all':<28}{'':>40}{ta:>10.3f}{tb:>10.3f}{tb / ta:>7.2f}")
    return not diffs


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--compare", nargs="*", default=None, metavar="BASELINE",
                    help=f"compare with these saved runs of the baseline (default "
                         f"{os.path.relpath(BASELINE)}; several: each question's least time)")
    ap.add_argument("--against", nargs="+", default=None, metavar="RUN",
                    help="with --compare: compare these saved runs instead of running")
    ap.add_argument("--passes", type=int, default=2,
                    help="run the set this many times, keeping each question's least time (default 2)")
    ap.add_argument("--out", default=None,
                    help="where to write the run (default results/signature.json, or with "
                         "--compare results/signature_latest.json)")
    args = ap.parse_args(argv)
    if args.compare == []:
        args.compare = [BASELINE]
    if args.against:
        if not args.compare:
            ap.error("--against needs --compare")
        return 0 if compare(load(args.compare), load(args.against)) else 1
    out = args.out or (os.path.join(RESULTS, "signature_latest.json") if args.compare else BASELINE)
    import openhand
    progress(f"openhand from {os.path.dirname(openhand.__file__)}")
    rec = Recorder()
    for k in range(args.passes):
        progress(f"pass {k + 1}/{args.passes}")
        for part in (_sixtyfive, _sixtysix, _eightythree):
            part(rec)
    # as it reads back from the file (tuples as lists), to compare alike
    run = json.loads(json.dumps({"items": rec.items, "groups": groups(rec.items)}))
    ResultFile(out).update(**run)
    print(f"{'group':<28}{'questions':>10}{'nodes':>15}{'seconds':>10}")
    for name, g in run["groups"].items():
        print(f"{name:<28}{g['questions']:>10}{g['nodes']:>15}{g['seconds']:>10.3f}")
    print(f"written {out}")
    if args.compare:
        return 0 if compare(load(args.compare), run) else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
