"""``openhand solve 66``: solve a Sixty-Six position from the command line.

The position is JSON (see :mod:`openhand.sixtysix.position_format`): a file
name, ``-`` for standard input, or the JSON text itself.  ``--random``
deals a seeded random deal, solved from the first lead.  Values are game
points (-3..+3) for the player to move, or with ``--objective points`` own
card points minus the opponent's.
"""
from __future__ import annotations

import os
import sys

from ..cli_common import ProgressLine, takes, add_record, parser, run_analysis, run_solve
from ..errors import PositionError
from .position import Position
from .solver import Solver


def _read(source: str) -> str:
    if source == "-":
        return sys.stdin.read()
    if source.lstrip().startswith("{"):
        return source
    if not os.path.exists(source):
        raise PositionError(f"no such position file: {source!r} (give a file, '-' or JSON text)")
    with open(source) as f:
        return f.read()


@takes("a JSON position (a file, - or the text), or --random; --objective game|points")
def solve_command(argv, prog="openhand solve 66") -> int:
    p = parser(prog, __doc__)
    p.add_argument("position", nargs="?", help="position JSON: a file, '-' or the text")
    p.add_argument("--objective", choices=("game", "points"), default="game",
                   help="game points (default) or card-point difference")
    p.add_argument("--dealer", type=int, choices=(0, 1), default=0, help="dealer for --random")
    add_record(p)
    args = p.parse_args(argv)
    if args.random == bool(args.position):
        p.error("give either a position or --random")
    pos = Position.deal(seed=args.seed, dealer=args.dealer) if args.random else \
        Position.from_json(_read(args.position))
    header = [f"position: {pos.to_json()}", f"to move:  player {pos.to_move}"]
    progress = ProgressLine.for_stderr()
    solver = Solver(table_mb=args.table_mb, progress=progress)
    if args.record:
        return run_analysis(pos, lambda p: solver.solve(p, objective=args.objective), header, args, progress)
    return run_solve(lambda: solver.solve(pos, moves=not args.value_only, objective=args.objective),
                     header, args, progress)


COMMANDS = {"solve": solve_command}
