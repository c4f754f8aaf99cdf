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


from ..cli_common import ProgressLine, takes, add_deal, add_record, chosen_deal, parser, run_analysis, run_solve
from .deal import random_play_position
from .rules import Position
from .solver import Solver


@takes("a PBN play position with --trump and --bidder [--leader --trick], or --random")
def solve_command(argv, prog="openhand solve 83") -> int:
    p = parser(prog, __doc__)
    add_deal(p, 'PBN deal of the four hands, e.g. "N:AK5.Q.2.3+JK E:..."')
    p.add_argument("--trump", help="trump suit: S, H, D or C")
    p.add_argument("--bidder", help="the bidder's seat")
    p.add_argument("--leader", help="seat leading the current trick (default: the bidder)")
    p.add_argument("--trick", default="", help="cards already played to the current trick")
    add_record(p)
    args = p.parse_args(argv)
    deal = chosen_deal(p, args, random_only=("trump", "bidder", "leader", "trick"))
    if deal is None:
        pos = random_play_position(seed=args.seed)
    else:
        if not args.trump or not args.bidder:
            p.error("--trump and --bidder are required with a deal")
        pos = Position.from_deal(deal, trump=args.trump, bidder=args.bidder,
                                 leader=args.leader, trick=args.trick)
    header = [f"deal:    {pos.deal()}", f"position: {pos!r}"]
    progress = ProgressLine.for_stderr()
    solver = Solver(table_mb=args.table_mb, progress=progress)
    if args.record:
        return run_analysis(pos, solver.solve, header, args, progress)
    return run_solve(lambda: solver.solve(pos, moves=not args.value_only), header, args, progress)


@takes("a PBN deal with the kitty as a fifth hand, or --random; --fast")
def bids_command(argv, prog="openhand bids 83") -> int:
    from .deal import Deal
    from .feasibility import bid_table

    p = parser(prog, __doc__)
    add_deal(p, '"N:h1 h2 h3 h4 kitty" (12, 12, 12, 12 and 5 cards)')
    p.add_argument("--fast", action="store_true", help="heuristic passes and discards (fast mode)")
    args = p.parse_args(argv)
    deal = chosen_deal(p, args)
    if deal is None:
        deal = Deal.random(seed=args.seed)
    table = bid_table(deal, mode="fast" if args.fast else "exact")
    print(table.to_json() if args.json else table.table())
    return 0


COMMANDS = {"solve": solve_command, "bids": bids_command}
