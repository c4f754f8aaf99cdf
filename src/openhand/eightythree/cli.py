"""``openhand solve 83`` and ``openhand bids 83``: what is special to
Eighty-Three in the command line.  ``solve`` (the shared solve command,
:class:`openhand.cli_common.SolveCommand`) also takes a PBN play position
with ``--trump``, ``--bidder``, ``--leader`` and ``--trick``; ``bids``
prints the bid feasibility table of a deal before the auction
(:func:`openhand.eightythree.feasibility.bid_table`).  Their help texts are
:data:`SOLVE_DESCRIPTION` and :data:`BIDS_DESCRIPTION`.
"""
from __future__ import annotations

from ..cli_common import (ProgressLine, SolveCommand, add_position, parser, position_source, state_of, takes,
                          threads_of, timed)
from .deal import random_play_position
from ..seats import SIDES, side_of
from .rules import TOTAL_POINTS, Position

__all__ = ["COMMANDS", "Solve", "bids_command"]

SOLVE_DESCRIPTION = """\
Solve an Eighty-Three play position exactly: the value of every legal
card, or only threshold questions (--at-least).

Values are the points the bidder's side takes: "rest" in the remaining
tricks, "deal" in the whole deal (what it collected so far plus the rest);
"cost" is what a card loses against the best, for the player to move.

The position is a state text (what State.to_text() writes: a play position
game=83; deal=...; trump=...; bidder=...; ..., or a whole deal past its
auction, whose passes and discards are then solved exactly too), its JSON,
or a PBN deal of four equal hands (the joker holder's hand ends with +JK)
with --trump and --bidder; or --random."""

SOLVE_EXAMPLES = """\
examples:
  openhand solve 83 "N:K.A.. .2..5 9.3.. Q..4." --trump S --bidder N --leader E
  openhand solve 83 "game=83; deal=N:K.A.. .2..5 9.3.. Q..4.; trump=S; bidder=N" --at-least 59
  openhand solve 83 --random --seed 3 --json"""

BIDS_DESCRIPTION = """\
The bid feasibility table of an Eighty-Three deal before the auction: for
every seat as bidder and every trump suit, the points the bidder's side
secures with all hands open (passes, discards and play chosen optimally by
both sides; with --fast by the heuristic policy), the highest bid it makes
and whether 83 doubled is makeable.  An exact table takes seconds; on a
terminal a progress line (rows done, time) shows on standard error.

The deal is a PBN deal with the kitty as a fifth hand ("N:h1 h2 h3 h4
kitty": 12, 12, 12, 12 and 5 cards), a state text of a deal (game=83;
dealer=...; deal=...), or --random."""

BIDS_EXAMPLES = """\
examples:
  openhand bids 83 "N:74.T.KQ8653.72+JK K963.AQ764.J9.Q AQ52.K952.A.JT8 JT.J.T7.AK96543 8.83.42." --fast
  openhand bids 83 --random --seed 7 --json"""


class Solve(SolveCommand):
    game_id = "83"
    takes = "a state text or JSON, a PBN play position with --trump --bidder [--leader --trick], or --random"
    description = SOLVE_DESCRIPTION
    epilog = SOLVE_EXAMPLES
    own_form = "a PBN play position (with --trump and --bidder), e.g. \"N:AK5.Q.2.3+JK E:... S:... W:...\""
    own_name = "a PBN deal"
    own_options = ("trump", "bidder", "leader", "trick")
    position_example = "game=83; deal=N:K.A.. .2..5 9.3.. Q..4.; trump=S; bidder=N"

    def add_arguments(self, p) -> None:
        p.add_argument("--trump", help="trump suit: S, H, D or C")
        p.add_argument("--bidder", help="the bidder's seat")
        p.add_argument("--leader", help="seat leading the current trick (default: the bidder)")
        p.add_argument("--trick", default="", help="cards already played to the current trick")

    def own_state(self, p, args, text):
        if not args.trump or not args.bidder:
            p.error("--trump and --bidder are required with a PBN deal")
        return Position.from_deal(text, trump=args.trump, bidder=args.bidder, leader=args.leader,
                                  trick=args.trick)

    def random_state(self, args):
        return random_play_position(seed=args.seed)

    def target_range(self, args):
        return 0, TOTAL_POINTS

    def target_meaning(self, args):
        return "whole-deal points of the bidder's side: collected so far plus the remaining tricks"

    def threshold_help(self):
        return f"the bidder's side's whole-deal points (so far plus the remaining tricks), 0..{TOTAL_POINTS}"

    def side(self, state):
        return SIDES[side_of(state.bidder)]


@takes("a deal's state text, a PBN deal with the kitty as a fifth hand, or --random; --fast")
def bids_command(argv, prog="openhand bids 83") -> int:
    from .deal import Deal
    from .feasibility import bid_table
    from ..game import load_game

    p = parser(prog, BIDS_DESCRIPTION, BIDS_EXAMPLES)
    add_position(p, metavar="DEAL",
                 help='"N:h1 h2 h3 h4 kitty" (12, 12, 12, 12 and 5 cards), or a state text of a deal '
                      "(game=83; dealer=...; deal=...); a file name, '-' or the text")
    p.add_argument("--json", action="store_true", help="print the table as JSON (BidTable.to_json())")
    p.add_argument("--fast", action="store_true", help="heuristic passes and discards (fast mode)")
    p.add_argument("--threads", type=int, metavar="K", default=None,
                   help="the exact table's pairs searched on K threads sharing one table (default: all cores)")
    args = p.parse_args(argv)
    threads = threads_of(p, args)
    text = " ".join(args.position)
    if args.random == bool(text.strip()):
        p.error("give either a deal or --random")
    if args.random:
        deal = Deal.random(seed=args.seed)
    else:
        source = position_source(text, "a PBN deal with the kitty", "game=83; dealer=W; deal=N:h1 h2 h3 h4 kitty")
        deal = state_of(load_game("83"), source, lambda s: s)
    line = ProgressLine.for_stderr()      # on a terminal: rows done, time

    def progress(done, total):
        line.show(f"bid table: {done} of {total} rows done")
    table, _ = timed(lambda: bid_table(deal, mode="fast" if args.fast else "exact", threads=threads,
                                       progress=progress if line else None), line)
    print(table.to_json() if args.json else table.table())
    return 0


COMMANDS = {"solve": Solve(), "bids": bids_command}
