"""Eighty-Three behind the game interface (:mod:`openhand.game`): the game,
its state text, and its match to 200 points.

A state of the game is a whole deal (:class:`~.deal.Deal`, from the first
bid to the score)::

    game=83; dealer=W; deal=N:h1 h2 h3 h4 kitty; penalty=won; moves=30, pass, ...

``deal`` holds the hands as dealt and the kitty (PBN, ``+JK`` for the
joker), ``penalty`` the failed-bid option when it is not the default, and
``moves`` every move since the shuffle.  A position of the card play alone
(:class:`~.rules.Position`, for solving a play problem) has the fields
``deal`` (its hands at its start), ``trump``, ``bidder``, ``leader``,
``trick``, ``points`` and ``moves``; the ``trump`` field tells the two
apart.

>>> g = EightyThree()
>>> d = g.new_state(seed=5, dealer="N")
>>> d.phase, g.player_name(d.to_move), g.options
('bidding', 'E', {'target': 200, 'penalty': 'bid'})
>>> d.play("pass"); g.from_text(d.to_text()) == d
True
"""
from __future__ import annotations

from typing import Dict, Optional, Sequence

from ..game import Match as MatchBase, Option
from ..seats import side_of
from ..textform import require_field, split_moves
from ..trickplay import PartnershipGame, parse_pair
from .deal import Deal
from .notation import Move
from .rules import PENALTIES, Position

__all__ = ["EightyThree", "Match"]


class EightyThree(PartnershipGame):
    """Eighty-Three: four players, N-S against E-W, bidding for the kitty
    and trumps; a match to ``target`` points, a failed bid losing the bid
    (``penalty='bid'``) or what the bidders took (``'won'``)."""

    id = "83"
    name = "eighty-three"
    title = "Eighty-Three"
    match_units = "points"
    OPTIONS = {"target": Option(200, "points that win the match", minimum=1),
               "penalty": Option("bid", "what a failed bid loses: the bid, or what was won", choices=PENALTIES)}
    Move = Move
    SOLVER = "openhand.eightythree.solver:Solver"
    ANALYST = "openhand.eightythree.analysis:Analyst"
    BATCH = "openhand.eightythree.batch:Parts"
    WORLDS = "openhand.eightythree.worlds:world_sampler"
    STRATEGY = "openhand.eightythree.strategy:Strategy"
    FIELDS = ("dealer", "deal", "penalty", "trump", "bidder", "leader", "trick", "points", "moves")

    def new_state(self, seed=None, dealer=None) -> Deal:
        return Deal.random(seed, dealer, self.option("penalty"))

    def state_from_fields(self, fields: Dict[str, str]):
        deal = require_field(fields, "deal", "the hands, like deal=N:h1 h2 h3 h4 kitty")
        if fields.get("trump") or fields.get("bidder"):
            return self._position(fields, deal)
        for key in ("trump", "bidder", "leader", "trick", "points"):
            if fields.get(key):
                raise_field(key)
        dealer = require_field(fields, "dealer", "the seat that dealt, like dealer=W")
        penalty = fields.get("penalty") or self.option("penalty")
        state = Deal.from_deal(deal, dealer, penalty)
        state.replay(split_moves(fields.get("moves", ""), Move))
        return state

    def _position(self, fields, deal) -> Position:
        for key in ("dealer", "penalty"):
            if fields.get(key):
                raise_field(key, "a play position")
        trump = require_field(fields, "trump", "the trump suit, like trump=H")
        bidder = require_field(fields, "bidder", "the bidder's seat, like bidder=N")
        points = parse_pair(fields["points"], "points") if fields.get("points") else None
        pos = Position.from_deal(deal, trump, bidder, fields.get("leader") or None, fields.get("trick", ""), points)
        pos.replay(split_moves(fields.get("moves", ""), Move))
        return pos

    def record_line(self, state):
        """A record's lines: the auction, the naming of trumps, each pass
        and each discard, then a line per trick (see
        :meth:`openhand.game.Game.record_line`)."""
        if isinstance(state, Deal):
            if state.phase == "playing":
                return super().record_line(state._position)
            if state.phase == "bidding":
                return "" if not state.history else None
            return ""
        return super().record_line(state)

    def deal_layout(self):
        """The four hands of 12 and the kitty of 5; a card's points depend
        on the trumps the auction names, so a constraint on ``points``
        counts the honours (A 4, K 3, Q 2, J 1)."""
        from ..dealing import DealLayout
        from ..seats import SEATS
        from .rules import DEALT, DECK, KITTY_SIZE
        return DealLayout(tuple((s, DEALT) for s in SEATS) + (("kitty", KITTY_SIZE),), DECK)

    def match_winner(self, scores: Sequence[int], target: int, state: Deal) -> Optional[int]:
        """The first side to reach the target; if both reach it on the same
        deal, the bidders."""
        reached = [s >= target for s in scores]
        if all(reached):
            return side_of(state.bidder)
        return reached.index(True) if any(reached) else None


def raise_field(key: str, what: str = "a whole deal") -> None:
    from ..errors import PositionError
    raise PositionError(f"the field {key!r} does not belong to {what} (a deal from the shuffle has dealer, "
                        f"deal, penalty and moves; a play position has deal, trump, bidder, leader, trick, "
                        f"points and moves)")


class Match(MatchBase):
    """An Eighty-Three match to ``target`` points (default 200), the deal
    passing left; ``penalty`` as for :class:`EightyThree`."""

    def __init__(self, seed=None, dealer=None, target: Optional[int] = None, penalty: str = "bid") -> None:
        super().__init__(EightyThree(penalty=penalty), seed, dealer, target)
