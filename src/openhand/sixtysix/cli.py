"""``openhand solve 66``: what is special to Sixty-Six in the command line
(the shared solve command: :class:`openhand.cli_common.SolveCommand`):
``--objective game|points``, ``--random --dealer``, and what thresholds
count (-3..3 game points, or the card-point margin).  Positions come as a
state text or JSON (:mod:`openhand.sixtysix.position_format`).  The help
text is :data:`DESCRIPTION`.
"""
from __future__ import annotations

from ..cli_common import SolveCommand
from .deck import LAST_TRICK_BONUS, TOTAL_CARD_POINTS
from .position import Position

__all__ = ["COMMANDS", "Solve"]

DESCRIPTION = """\
Solve a Sixty-Six position exactly (both hands and the stock order open):
the value of every legal move (a card, 'marriage KH', 'marriage H out',
'exchange', 'close' or 'out'), or only threshold questions (--at-least).

Values are for the player to move and cover the whole deal: the game points
they win minus the opponent's (-3..3), or with --objective points their
card points (marriages and the last trick included) minus the opponent's;
"cost" is what a move loses against the best.

The position is a state text (what State.to_text() writes: game=66;
hands=...; stock=...; trump=...; leader=...; ...) or its JSON (the
position format of openhand.sixtysix.position_format); or --random, a
seeded deal solved from its first lead."""

EXAMPLES = """\
examples:
  openhand solve 66 "game=66; hands=A.A.. T.T..; trump=S; leader=0; points=48 30; tricks=5 5"
  openhand solve 66 position.json --objective points
  openhand solve 66 --random --seed 5 --record "JC QS close out"
  openhand solve 66 --random --seed 7 --value-only --json"""

# The widest card-point margin: every card point, the last trick and every
# marriage (40 in trumps, 20 in each other suit) to one player.
MAX_MARGIN = TOTAL_CARD_POINTS + LAST_TRICK_BONUS + 40 + 3 * 20


class Solve(SolveCommand):
    game_id = "66"
    takes = "a state text or JSON, or --random [--dealer 0|1]; --objective game|points"
    description = DESCRIPTION
    epilog = EXAMPLES
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
