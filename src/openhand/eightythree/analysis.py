"""Eighty-Three: what the analysis of a record adds (:mod:`openhand.analysis`):
the auction against the deal's bid feasibility, the trumps, passes and
discards against the optimal ones, and the contract.

The auction is judged on the deal's bid table (``bids='exact'``, the
default, or ``'fast'``, the heuristic estimate; ``'none'`` leaves the
auction unjudged): what each seat can make as bidder, in its best suit.
Every bid is valued by the open-hand auction (:mod:`.par`) in the deal's
score margin (N-S minus E-W, units ``'score margin'``), so a bid's cost is
what it lost against the best bid there; its facts say what the bidder
could make (``can_make``, ``suit``) and its note whether the bid was
makeable.  The summary holds the table, what each side could make, the
par line and the contract.

From the naming of trumps on, values are the points the bidder's side
secures (units ``'points'``): the trumps, passes and discards by the exact
feasibility search (each legal move's value; the trumps straight from the
bid table's rows), the play by the play solver.  A step whose move crosses
the bid says so (``note``; ``facts['made_before']``, ``['made_after']``).
"""
from __future__ import annotations

from ..analysis import Analyst as BaseAnalyst, Step
from ..cards import SUIT_CHARS
from ..errors import PositionError
from ..result import SolveResult
from ..seats import SEATS, SIDES, partner_of, side_of
from .deal import Deal
from .par import Auction
from .rules import DOUBLED, TOTAL_POINTS, bid_text

__all__ = ["Analyst", "BID_MODES"]

BID_MODES = ("exact", "fast", "none")
MARGIN = "score margin"


def _made(points: int, bid: int) -> bool:
    return points >= (TOTAL_POINTS if bid == DOUBLED else bid)


class Analyst(BaseAnalyst):
    """Eighty-Three's analyst (see the module notes)."""

    def __init__(self, game, solver=None, solve=None, bids: str = "exact", **options) -> None:
        if bids not in BID_MODES:
            raise PositionError(f"bids={bids!r}: expected one of {', '.join(BID_MODES)}")
        super().__init__(game, solver, solve, **options)
        self.bids = bids
        self.table = self.auction = None

    def begin(self, start, moves) -> dict:
        self.table = self.auction = None
        if not isinstance(start, Deal) or self.bids == "none" or not moves:
            return {}
        from .feasibility import bid_table
        report = self.options.get("table_progress")
        self.table = bid_table(start, mode=self.bids, solver=self.solver if self._solve is None else None,
                               progress=report)
        self.auction = Auction(self.table, start.dealer, start.penalty)
        sides = {}
        for side in (0, 1):
            seat = max((s for s in range(4) if side_of(s) == side), key=lambda s: self.auction.best[s][0])
            value, suit = self.auction.best[seat]
            sides[SIDES[side]] = {"seat": SEATS[seat], "trump": suit, "value": value}
        par = self.auction.start()
        return {"bid_table": self.table.to_dict(), "can_make": sides,
                "par": {"margin": self.auction.value(par), "auction": self.auction.line(par)}}

    def judge(self, state, move: str, number: int) -> Step:
        if isinstance(state, Deal) and state.phase == "bidding":
            return self._judge_bid(state, move, number)
        if isinstance(state, Deal) and state.phase == "trumps" and self.table is not None \
                and self.table.mode == "exact":
            seat = SEATS[state.bidder]
            per = {f"trumps {t}": self.table.row(seat, t).value for t in SUIT_CHARS}
            result = SolveResult(game="83", side=SIDES[side_of(state.bidder)], value=max(per.values()),
                                 moves=per, maximizing=True)
            from ..analysis import step_of
            return step_of(self.game, state, move, number, result)
        return super().judge(state, move, number)

    def _judge_bid(self, deal, move: str, number: int) -> Step:
        seat = deal.to_move
        player = SEATS[seat]
        if self.auction is None:
            return Step(player, move, 0, [], 0, 0, number=number, kind="bid", note="auction not analysed")
        values = self.auction.move_values(Auction.of_deal(deal))
        maxing = side_of(seat) == 0
        best = max(values.values()) if maxing else min(values.values())
        sign = 1 if maxing else -1
        can, suit = self.auction.best[seat]
        partner = self.auction.best[partner_of(seat)]
        step = Step(player, move, best, [m for m, v in values.items() if v == best], values[move],
                    sign * (best - values[move]), number=number, side="N-S", units=MARGIN, kind="bid",
                    deal_before=best, deal_after=values[move], values=values,
                    facts={"can_make": can, "suit": suit, "partner_can_make": partner[0],
                           "partner_suit": partner[1]})
        bid = self.game.parse_move(move).bid
        if bid == 0:
            step.note = f"{player} could make {can} as bidder ({suit})" if can >= 30 else ""
        elif _made(can, bid):
            step.note = f"makeable: {player} makes {can} as bidder ({suit})"
        else:
            step.note = f"not makeable: {player} makes at most {can} as bidder ({suit}), {bid_text(bid)} fails"
        return step

    def annotate(self, step, state) -> None:
        if step.units != "points" or not isinstance(state, Deal) or state.phase == "bidding":
            return
        bid = state.high_bid
        before, after = _made(step.deal_before, bid), _made(step.deal_after, bid)
        step.facts.update(bid=bid_text(bid), made_before=before, made_after=after)
        if before != after:
            step.note = f"the bid of {bid_text(bid)}: {'made' if before else 'down'} -> {'made' if after else 'down'}"

    def lines(self, analysis):
        bids = {s.facts["bid"] for s in analysis if "bid" in s.facts}
        if len(bids) == 1:
            bid = bids.pop()
            return {"points": [(TOTAL_POINTS if bid == "83 doubled" else int(bid), f"bid {bid}")]}
        return {}

    def other_side(self, units: str, value: int) -> int:
        return -value if units == MARGIN else TOTAL_POINTS - value

    def perspective(self, start):
        bidder = getattr(start, "bidder", None)
        if isinstance(start, Deal):
            return {MARGIN: 0}     # the play's side is known once the auction is over
        return {"points": side_of(bidder) if bidder is not None else 0}
