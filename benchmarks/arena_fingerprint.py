"""A behaviour fingerprint of the computer players: seeded duplicate
boards of every game and pairing (fixed work budgets, no time limits)
and scripted ``openhand play`` sessions, written as one JSON file of
every board's records (each table's game record with its moves, returns,
match points, forfeits; no times) and every session's whole output.

Run it before and after a change that must not alter how the players
play, and compare the files: they must be identical.

    PYTHONPATH=src python benchmarks/arena_fingerprint.py /tmp/before.json
    ... change the code ...
    PYTHONPATH=src python benchmarks/arena_fingerprint.py /tmp/after.json
    cmp /tmp/before.json /tmp/after.json

``--only 66`` limits it to some games (a comma-separated list); ``--workers``
(default 2) changes nothing in the output (a board's deal and players are
seeded from the board; the forfeiting player is registered by name in
this process, so the workers are forked, not spawned).  About 25 s on the
shared machine with 2 workers.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, os.pardir, "src"))

from openhand.bots import PLAYERS, HeuristicPlayer  # noqa: E402
from openhand.bots.arena import run_arena  # noqa: E402


class Cheat(HeuristicPlayer):
    """The heuristic until its fourth decision, then a move that is no
    move: its table is forfeited part way through the deal."""

    name = "cheat"

    def choose(self, observation, state=None) -> str:
        self.decisions = getattr(self, "decisions", 0) + 1
        return "ZZ" if self.decisions == 4 else super().choose(observation, state)


PLAYERS["cheat"] = Cheat        # by name, in this process and its forked workers

# (game, A, B, boards): heuristic against random, PIMC with fixed
# budgets and the clairvoyant against the heuristic
PAIRINGS = [
    ("65", "heuristic", "random", 6),
    ("66", "heuristic", "random", 6),
    ("83", "heuristic", "random", 6),
    ("65", "pimc:worlds=2:nodes=65536:seconds=none", "heuristic", 4),
    ("66", "pimc:worlds=4:seconds=none", "heuristic", 4),
    ("83", "pimc:worlds=4:seconds=none", "heuristic", 4),
    ("65", "clairvoyant", "heuristic", 2),
    ("66", "clairvoyant", "heuristic", 4),
    ("83", "clairvoyant", "heuristic", 4),
    ("65", "cheat", "heuristic", 2),
    ("66", "cheat", "heuristic", 2),
    ("83", "cheat", "heuristic", 2),
]

# (game, opponents, seed, which legal move the person answers)
SESSIONS = [(g, opp, seed, pick) for g in ("65", "66", "83")
            for opp, seed, pick in (("heuristic", 3, "first"), ("random", 8, "last"))]


class _Texts(list):
    """Collects the game records run_arena writes (one table a write)."""

    write = list.append

    def flush(self) -> None:
        pass


def _board_table(text: str):
    return tuple(int(re.search(rf'\[{tag} "(\d+)"\]', text).group(1)) for tag in ("Board", "Table"))


def arena_records(game, a, b, boards, workers):
    texts = _Texts()
    r = run_arena(game, [a, b], boards=boards, seed=11, workers=workers, records=texts)
    recs = []
    for rec in r.records:
        rec = json.loads(json.dumps(rec))
        for t in rec["tables"]:
            t.pop("times")
        recs.append(rec)
    # the workers finish boards in any order: the records in board order
    return {"records": recs, "game_records": sorted(texts, key=_board_table), "matches": r.matches()}


class _Person:
    """Stands for stdin and stdout of ``openhand play``: records what is
    written and answers each prompt with a legal move of the last list
    shown (an unknown word first, to see the refusal)."""

    def __init__(self, pick: str) -> None:
        self.out, self.pick, self.legal, self.asked = [], pick, [], 0

    def write(self, text: str) -> None:
        self.out.append(text)
        for line in text.splitlines():
            if line.startswith("legal: "):
                self.legal = [m for m in line[len("legal: "):].split(", ") if not m.startswith("...")]

    def flush(self) -> None:
        pass

    def readline(self) -> str:
        self.asked += 1
        if self.asked == 1:
            return "ZZ\n"
        if self.asked == 2:
            return "moves\n"
        return (self.legal[0] if self.pick == "first" else self.legal[-1]) + "\n"


def session(game, opponents, seed, pick):
    from openhand.bots.cli import play_command
    person = _Person(pick)
    saved = sys.stdin, sys.stdout
    sys.stdin = sys.stdout = person
    try:
        code = play_command(game, ["--opponents", opponents, "--seed", str(seed)])
    finally:
        sys.stdin, sys.stdout = saved
    return {"code": code, "output": "".join(person.out)}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("out", help="the JSON file to write")
    p.add_argument("--only", default="65,66,83", help="games (default 65,66,83)")
    p.add_argument("--workers", type=int, default=2)
    args = p.parse_args(argv)
    only = args.only.split(",")
    result = {"arena": {}, "play": {}}
    for game, a, b, boards in PAIRINGS:
        if game in only:
            start = time.perf_counter()
            result["arena"][f"{game} {a} vs {b}"] = arena_records(game, a, b, boards, args.workers)
            print(f"{game} {a} vs {b}: {boards} boards, {time.perf_counter() - start:.1f} s", file=sys.stderr)
    for game, opp, seed, pick in SESSIONS:
        if game in only:
            start = time.perf_counter()
            result["play"][f"{game} {opp} seed {seed} {pick}"] = session(game, opp, seed, pick)
            print(f"play {game} {opp} {pick}: {time.perf_counter() - start:.1f} s", file=sys.stderr)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(result, f, indent=1, sort_keys=True)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
