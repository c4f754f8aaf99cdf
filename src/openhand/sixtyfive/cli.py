"""``openhand solve 65``: solve a 65 position from the command line.

The deal is a PBN string, hands clockwise from the named seat; hands of k
cards mean a k-trick endgame (the last of them is trick 12).  Every value is
the points N-S take in the remaining tricks, last-trick bonus included.
"""
from __future__ import annotations

import argparse
import json
import sys
import time

from .rules import Position
from .solver import DEFAULT_TABLE_MB, Solver


def solve_command(argv, prog="openhand solve 65") -> int:
    parser = argparse.ArgumentParser(prog=prog, description=__doc__)
    parser.add_argument("deal", nargs="?", help='PBN deal, e.g. "N:AKQ.JT9.876.543 E:... S:... W:..."')
    parser.add_argument("--leader", help="seat leading the current trick: N, E, S or W")
    parser.add_argument("--trick", default="", help='cards already played to the current trick, e.g. "AS 3S"')
    parser.add_argument("--random", action="store_true", help="solve a seeded random full deal")
    parser.add_argument("--seed", type=int, default=None, help="seed for --random")
    parser.add_argument("--json", action="store_true", help='print {"value": V, "moves": {...}}')
    parser.add_argument("--value-only", action="store_true", help="only the value, not every card's")
    parser.add_argument("--table-mb", type=float, default=DEFAULT_TABLE_MB,
                        help=f"transposition table memory cap in MiB (default {DEFAULT_TABLE_MB})")
    args = parser.parse_args(argv)
    if args.random == bool(args.deal):
        parser.error("give either a deal or --random")
    if args.random:
        pos = Position.random(seed=args.seed)
    else:
        if not args.leader:
            parser.error("--leader is required with a deal")
        pos = Position.from_deal(args.deal, args.leader, trick=args.trick)
    solver = Solver(table_mb=args.table_mb)
    start = time.perf_counter()
    result = solver.solve(pos, moves=not args.value_only)
    elapsed = time.perf_counter() - start
    if args.json:
        print(json.dumps({"value": result.value, "moves": result.moves}))
    else:
        print(f"deal:   {pos.deal()}")
        print(f"to move: {pos.to_move} (leader {'NESW'[pos.leader]}"
              + (f", trick {' '.join(map(str, pos.trick))})" if pos.trick else ")"))
        print(result.table())
        print(f"time: {elapsed * 1000:.1f} ms", file=sys.stderr)
    return 0


COMMANDS = {"solve": solve_command}
