"""``openhand solve 65``: solve a 65 position from the command line.

The deal is a PBN string, hands clockwise from the named seat; hands of k
cards mean a k-trick endgame (the last of them is trick 12).  Every value is
the points N-S take in the remaining tricks, last-trick bonus included.
``--reach 33`` asks only whether N-S can reach 33 deal points (what they
already collected, which only ``--random`` positions know, plus the
remaining tricks): one null-window search, on a full deal mostly a small
fraction of the time the exact value takes.
"""
from __future__ import annotations

import json

from ..cli_common import (ProgressLine, takes, add_deal, add_record, chosen_deal, parser, run_analysis, run_solve,
                          timed)
from .rules import Position, random_position
from .solver import Solver


@takes("a PBN deal with --leader [--trick], or --random [--tricks N]; --reach POINTS")
def solve_command(argv, prog="openhand solve 65") -> int:
    p = parser(prog, __doc__)
    add_deal(p, 'PBN deal, e.g. "N:AKQ.JT9.876.543 E:... S:... W:..."')
    p.add_argument("--leader", help="seat leading the current trick: N, E, S or W")
    p.add_argument("--trick", default="", help='cards already played to the current trick, e.g. "AS 3S"')
    p.add_argument("--tricks", type=int, default=12,
                   help="with --random: play seeded random cards until this many tricks are left "
                        "(default 12, the full deal)")
    p.add_argument("--reach", type=int, action="append", metavar="POINTS",
                   help="only ask whether N-S can reach POINTS deal points "
                        "(repeatable: --reach 33 --reach 41)")
    add_record(p)
    args = p.parse_args(argv)
    deal = chosen_deal(p, args, random_only=("leader", "trick"))
    if deal is None:
        pos = random_position(seed=args.seed, tricks_left=args.tricks)
    else:
        if not args.leader:
            p.error("--leader is required with a deal")
        pos = Position.from_deal(deal, args.leader, trick=args.trick)
    header = [f"deal:    {pos.deal()}",
              f"to move: {'NESW'[pos.to_move]} (leader {'NESW'[pos.leader]}"
              + (f", trick {' '.join(map(str, pos.trick))})" if pos.trick else ")")]
    progress = ProgressLine.for_stderr()
    solver = Solver(table_mb=args.table_mb, progress=progress)
    if args.reach:
        return _print_reach(solver, pos, args, header, progress)
    if args.record:
        return run_analysis(pos, solver.solve, header, args, progress)
    return run_solve(lambda: solver.solve(pos, moves=not args.value_only), header, args, progress)


def _print_reach(solver, pos, args, header, progress) -> int:
    """Answer each --reach threshold (see the top of the file)."""
    answers, elapsed = timed(lambda: {t: solver.at_least(pos, t) for t in args.reach}, progress)
    if args.json:
        print(json.dumps({"reach": {str(t): ok for t, ok in answers.items()}}))
        return 0
    for line in header:
        print(line)
    for t, ok in answers.items():
        print(f"N-S can reach {t}: {'yes' if ok else 'no'}")
    print(f"time: {elapsed * 1000:.1f} ms")
    return 0


COMMANDS = {"solve": solve_command}
