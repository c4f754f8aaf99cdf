"""``openhand solve 83`` and ``openhand bids 83`` from the command line.

``solve`` takes a play position: four hands of equal size (a joker holder's
hand ends with ``+JK``), the trump suit, the bidder and the leader; values
are the points of the bidder's side in the remaining tricks.  ``bids``
takes a full deal before bidding with the kitty as a fifth hand
(``N:h1 h2 h3 h4 kitty``) and prints, for every seat as bidder and every
trump suit, the points the bidder's side secures, the highest makeable bid
and whether 83 doubled is makeable.
"""
from __future__ import annotations

from ..cli_common import SolveCommand, add_position, parser, position_source, state_of, takes
from .deal import random_play_position
from ..seats import SIDES, side_of
from .rules import TOTAL_POINTS, Position


class Solve(SolveCommand):
    game_id = "83"
    takes = ("a PBN play position with --trump and --bidder [--leader --trick], a state text or file, "
             "or --random")
    description = __doc__
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


@takes("a PBN deal with the kitty as a fifth hand, a state text or file, or --random; --fast")
def bids_command(argv, prog="openhand bids 83") -> int:
    from .deal import Deal
    from .feasibility import bid_table
    from ..game import load_game

    p = parser(prog, __doc__)
    add_position(p, '"N:h1 h2 h3 h4 kitty" (12, 12, 12, 12 and 5 cards), or a state text of a deal '
                    '(game=83; dealer=...; deal=...); a file name, \'-\' or the text')
    p.add_argument("--json", action="store_true", help="print the table as JSON (BidTable.to_json())")
    p.add_argument("--fast", action="store_true", help="heuristic passes and discards (fast mode)")
    args = p.parse_args(argv)
    text = " ".join(args.position)
    if args.random == bool(text.strip()):
        p.error("give either a deal or --random")
    if args.random:
        deal = Deal.random(seed=args.seed)
    else:
        source = position_source(text, "a PBN deal with the kitty", "game=83; dealer=W; deal=N:h1 h2 h3 h4 kitty")
        deal = state_of(load_game("83"), source, lambda s: s)
    table = bid_table(deal, mode="fast" if args.fast else "exact")
    print(table.to_json() if args.json else table.table())
    return 0


COMMANDS = {"solve": Solve(), "bids": bids_command}
