"""Eighty-Three: the open-hand auction (the "par" of a deal, as bridge
players say), from its bid feasibility table (:mod:`.feasibility`).

With every hand open, once the auction ends with bidder ``b`` and bid
``x`` the rest of the deal is worth ``V(b)`` points to the bidder's side:
the best row of ``b`` in the bid table (the bidder names the suit whose
value is highest).  The deal's score margin, N-S minus E-W, is then
``score_deal(x, b, ...)`` with the bidders taking ``V(b)`` and the
defenders the rest.  That margin is a non-decreasing function of the
points the bidders take, for every bid and either penalty, so the play's
optimal points (which the table's values are) are also its optimal margin:
a minimax over the auction on these leaves is the exact open-hand value of
the auction, with N-S maximising the margin and E-W minimising it.  The
auction follows the game's rules exactly (each bid above the last, a pass
is final, the dealer forced to bid after three passes).

>>> from openhand.eightythree.feasibility import BidTable, BidRow
>>> rows = [BidRow(s, t, 45 if (s, t) == ("N", "S") else 20, None, False) for s in "NESW" for t in "SHDC"]
>>> par = Auction(BidTable("", "exact", rows), dealer=3)
>>> par.move_values(par.start())["30"]   # N buys it at 30: N-S 45, E-W 38
7
>>> par.value(par.start()), par.line(par.start())   # better: the dealer W must bid and fails
(93, ['pass', 'pass', 'pass', '30'])
"""
from __future__ import annotations

from functools import lru_cache
from typing import Dict, List, Tuple

from ..cards import SUIT_CHARS
from ..seats import SEATS, left_of, side_of
from .rules import DOUBLED, MIN_BID, PASS, TOTAL_POINTS, bid_text, score_deal

__all__ = ["Auction"]


class Auction:
    """The open-hand auction of one deal: states are ``(turn, high bid,
    bidder or -1, passed seats as a bit mask)``."""

    def __init__(self, table, dealer: int, penalty: str = "bid") -> None:
        self.dealer, self.penalty = dealer, penalty
        self.best: Dict[int, Tuple[int, str]] = {}
        for seat in range(4):
            rows = [r for r in table.rows if r.seat == SEATS[seat]]
            top = max(rows, key=lambda r: (r.value, -SUIT_CHARS.index(r.trump)))
            self.best[seat] = (top.value, top.trump)
        self.value = lru_cache(maxsize=None)(self._value)

    def start(self) -> tuple:
        return (left_of(self.dealer), PASS, -1, 0)

    @staticmethod
    def of_deal(deal) -> tuple:
        """The state of a Deal in its bidding phase."""
        passed = sum(1 << s for s in deal._passed)
        return (deal._turn, deal._high_bid, -1 if deal._bidder is None else deal._bidder, passed)

    def leaf(self, bid: int, bidder: int) -> int:
        """The margin (N-S minus E-W) once the auction ends so."""
        v = self.best[bidder][0]
        won = (v, TOTAL_POINTS - v) if side_of(bidder) == 0 else (TOTAL_POINTS - v, v)
        ns, ew = score_deal(bid, bidder, won, self.penalty)
        return ns - ew

    def children(self, state) -> List[Tuple[int, object]]:
        """(bid, next state or the final margin as an int) of each legal bid."""
        turn, high, bidder, passed = state
        forced = bin(passed).count("1") == 3
        bids = ([] if forced else [PASS]) + list(range(max(MIN_BID, high + 1), DOUBLED + 1))
        out = []
        for b in bids:
            if b == PASS:
                p2, h2, b2 = passed | 1 << turn, high, bidder
            else:
                p2, h2, b2 = passed, b, turn
            if bin(p2).count("1") == 3 and h2 != PASS:
                out.append((b, self.leaf(h2, b2)))
                continue
            nxt = left_of(turn)
            while p2 >> nxt & 1:
                nxt = left_of(nxt)
            out.append((b, (nxt, h2, b2, p2)))
        return out

    def move_values(self, state) -> Dict[str, int]:
        """Each legal bid's margin under best bidding after it."""
        return {bid_text(b): (c if isinstance(c, int) else self.value(c)) for b, c in self.children(state)}

    def _value(self, state) -> int:
        values = self.move_values(state).values()
        return max(values) if side_of(state[0]) == 0 else min(values)

    def line(self, state) -> List[str]:
        """An optimal auction from ``state`` (the lowest best bid each turn)."""
        out = []
        while True:
            values = self.move_values(state)
            best = self.value(state)
            bid = next(b for b, v in values.items() if v == best)
            out.append(bid)
            child = dict((bid_text(b), c) for b, c in self.children(state))[bid]
            if isinstance(child, int):
                return out
            state = child
