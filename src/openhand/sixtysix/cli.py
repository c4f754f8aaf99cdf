"""``openhand solve 66``: solve a Sixty-Six position from the command line.

The position is JSON (see :mod:`openhand.sixtysix.position_format`): a file
name, ``-`` for standard input, or the JSON text itself.  ``--random``
deals a seeded random deal, solved from the first lead.  Values are game
points (-3..+3) for the player to move, or with ``--objective points`` own
card points minus the opponent's.
"""
from __future__ import annotations

from ..cli_common import SolveCommand
from .position import Position


class Solve(SolveCommand):
    game_id = "66"
    takes = "a state text or JSON position (a file, - or the text), or --random; --objective game|points"
    description = __doc__
    random_options = ("dealer",)
    position_example = "game=66; hands=.QJ.AT.T9 T9.A.KJ.Q; stock=KH KC ...; trump=S; leader=1"

    def add_arguments(self, p) -> None:
        p.add_argument("--objective", choices=("game", "points"), default="game",
                       help="game points (default) or card-point difference")
        p.add_argument("--dealer", type=int, choices=(0, 1), default=None, help="dealer for --random (default 0)")

    def random_state(self, args):
        return Position.deal(seed=args.seed, dealer=args.dealer or 0)

    def solve_options(self, args) -> dict:
        return {"objective": args.objective}


COMMANDS = {"solve": Solve()}
