"""``openhand solve 65``: solve a 65 position from the command line.

The deal is a PBN string, hands clockwise from the named seat; hands of k
cards mean a k-trick endgame (the last of them is trick 12).  Every value is
the points N-S take in the remaining tricks, last-trick bonus included.
"""
from __future__ import annotations

from ..cli_common import ProgressLine, add_deal, chosen_deal, parser, run_solve
from .rules import Position, random_position
from .solver import Solver


def solve_command(argv, prog="openhand solve 65") -> int:
    p = parser(prog, __doc__)
    add_deal(p, 'PBN deal, e.g. "N:AKQ.JT9.876.543 E:... S:... W:..."')
    p.add_argument("--leader", help="seat leading the current trick: N, E, S or W")
    p.add_argument("--trick", default="", help='cards already played to the current trick, e.g. "AS 3S"')
    p.add_argument("--tricks", type=int, default=12,
                   help="with --random: play seeded random cards until this many tricks are left "
                        "(default 12, the full deal)")
    args = p.parse_args(argv)
    deal = chosen_deal(p, args, random_only=("leader", "trick"))
    if deal is None:
        pos = random_position(seed=args.seed, tricks_left=args.tricks)
    else:
        if not args.leader:
            p.error("--leader is required with a deal")
        pos = Position.from_deal(deal, args.leader, trick=args.trick)
    header = [f"deal:    {pos.deal()}",
              f"to move: {pos.to_move} (leader {'NESW'[pos.leader]}"
              + (f", trick {' '.join(map(str, pos.trick))})" if pos.trick else ")")]
    progress = ProgressLine.for_stderr()
    solver = Solver(table_mb=args.table_mb, progress=progress)
    return run_solve(lambda: solver.solve(pos, moves=not args.value_only), header, args, progress)


COMMANDS = {"solve": solve_command}
