"""Pieces every game's command line shares: common options and output.

A game's ``cli.py`` builds its own parser for what is special to it (a deal
string, a JSON position, trumps...) and uses these for the rest, so the
commands of all games look and print alike.
"""
from __future__ import annotations

import argparse
import json
import time


def parser(prog: str, doc: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=prog, description=doc,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--random", action="store_true", help="solve a seeded random example")
    p.add_argument("--seed", type=int, default=None, help="seed for --random")
    p.add_argument("--json", action="store_true", help='print {"value": V, "moves": {...}}')
    p.add_argument("--value-only", action="store_true", help="only the value, not every move's")
    p.add_argument("--table-mb", type=float, default=None,
                   help="transposition table memory cap in MiB (default: the game's solver's, 65: 512)")
    return p


def run_solve(solve, header, args) -> int:
    """Time ``solve()`` and print its SolveResult as a table or as JSON."""
    start = time.perf_counter()
    result = solve()
    elapsed = time.perf_counter() - start
    if args.json:
        print(json.dumps({"value": result.value, "moves": result.moves}))
    else:
        for line in header:
            print(line)
        print(result.table())
        print(f"time: {elapsed * 1000:.1f} ms")
    return 0
