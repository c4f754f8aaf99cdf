"""``openhand solve 65``: what is special to 65 in the command line (the
shared solve command: :class:`openhand.cli_common.SolveCommand`): a PBN
deal with ``--leader`` and ``--trick``, ``--random --tricks N``, ``--reach``
(the same as ``--at-least``), ``--objective points|tricks``, and what
thresholds count (N-S's whole-deal points, 0..65, or tricks, 0..12).  The help text is :data:`DESCRIPTION`.
"""
from __future__ import annotations

from ..cli_common import SolveCommand
from .rules import HAND_SIZE, OBJECTIVES, TOTAL_POINTS, Position, random_position

__all__ = ["COMMANDS", "Solve"]

DESCRIPTION = """\
Solve a 65 position exactly: the value of every legal card, or only
threshold questions (--at-least).

Values are the points N-S take: "rest" in the remaining tricks (last-trick
bonus included), "deal" in the whole deal (what they collected so far plus
the rest); "cost" is what a card loses against the best, for the player to
move.  --at-least 33 asks only whether N-S end the deal with 33 points (33
and 41 score victory points): one null-window search, on a full deal a
small fraction of the time the exact value takes.  --objective tricks
counts N-S's tricks instead (card points zero, no last-trick bonus: the
trick-taking skeleton of 65, as a bridge solver would count it).

The position is a state text (what State.to_text() writes: game=65;
deal=...; leader=...; ...), its JSON, or a PBN deal with --leader: hands
clockwise from the named seat, hands of k cards a k-trick endgame (the last
of them is trick 12); or --random."""

EXAMPLES = """\
examples:
  openhand solve 65 "N:A.Q.. 3.A.T. K.3..J Q..4.5" --leader N --trick 4S
  openhand solve 65 "game=65; deal=N:A.K.. 3.A.. K.3.. Q.Q..; leader=N" --record "AS 3S KS QS"
  openhand solve 65 --random --seed 7 --at-least 33 --at-least 41
  openhand solve 65 --random --seed 7 --tricks 3 --json
  openhand solve 65 --random --seed 7 --tricks 5 --objective tricks"""


class Solve(SolveCommand):
    game_id = "65"
    takes = "a state text or JSON, a PBN deal with --leader [--trick], or --random [--tricks N]"
    description = DESCRIPTION
    epilog = EXAMPLES
    own_form = "a PBN deal (with --leader), e.g. \"N:AKQ.JT9.876.543 E:... S:... W:...\""
    own_name = "a PBN deal"
    own_options = ("leader", "trick")
    random_options = ("tricks",)
    position_example = "game=65; deal=N:A.K.. 3.A.. K.3.. Q.Q..; leader=N"

    def add_arguments(self, p) -> None:
        p.add_argument("--leader", help="seat leading the current trick: N, E, S or W")
        p.add_argument("--trick", default="", help='cards already played to the current trick, e.g. "AS 3S"')
        p.add_argument("--tricks", type=int, default=None,
                       help="with --random: play seeded random cards until this many tricks are left "
                            "(default 12, the full deal)")
        p.add_argument("--reach", type=int, action="append", metavar="POINTS", dest="at_least",
                       help="the same as --at-least")
        p.add_argument("--objective", choices=OBJECTIVES, default="points",
                       help="points (default: the deal's points) or tricks (N-S's tricks: card points "
                            "zero, no last-trick bonus)")

    def own_state(self, p, args, text):
        if not args.leader:
            p.error("--leader is required with a PBN deal")
        return Position.from_deal(text, args.leader, trick=args.trick)

    def random_state(self, args):
        return random_position(seed=args.seed, tricks_left=12 if args.tricks is None else args.tricks)

    def solve_options(self, args) -> dict:
        return {"objective": args.objective}

    def target_range(self, args):
        return (0, TOTAL_POINTS) if args.objective == "points" else (0, HAND_SIZE)

    def target_meaning(self, args):
        if args.objective == "tricks":
            return "whole-deal tricks of N-S: won so far plus the remaining tricks"
        return "whole-deal points of N-S: collected so far plus the remaining tricks"

    def threshold_help(self):
        return (f"N-S's whole-deal points (so far plus the remaining tricks), 0..{TOTAL_POINTS}; "
                f"33 and 41 score victory points; with --objective tricks their tricks, 0..{HAND_SIZE}")

    def side(self, state):
        return "N-S"


COMMANDS = {"solve": Solve()}
