"""``openhand solve 66``: solve a Sixty-Six position from the command line.

The position is JSON (see :mod:`openhand.sixtysix.position_format`): a file
name, ``-`` for standard input, or the JSON text itself.  ``--random``
deals a seeded random deal, solved from the first lead.  Values are game
points (-3..+3) for the player to move, or with ``--objective points`` own
card points minus the opponent's.
"""
from __future__ import annotations

from ..cli_common import SolveCommand
from .deck import LAST_TRICK_BONUS, TOTAL_CARD_POINTS
from .position import Position

# The widest card-point margin: every card point, the last trick and every
# marriage (40 in trumps, 20 in each other suit) to one player.
MAX_MARGIN = TOTAL_CARD_POINTS + LAST_TRICK_BONUS + 40 + 3 * 20


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

    def target_range(self, args):
        return (-3, 3) if args.objective == "game" else (-MAX_MARGIN, MAX_MARGIN)

    def target_meaning(self, args):
        if args.objective == "game":
            return "game points of the player to move minus the opponent's (the deal's outcome)"
        return "card points (marriages and the last trick included) of the player to move minus the opponent's"

    def threshold_help(self):
        return (f"the deal's game points of the player to move minus the opponent's, -3..3, or with "
                f"--objective points their card-point margin, -{MAX_MARGIN}..{MAX_MARGIN}")

    def side(self, state):
        player = state.to_move if state.to_move is not None else state.leader
        return self.game.player_name(player)


COMMANDS = {"solve": Solve()}
