"""65 behind the game interface (:mod:`openhand.game`): the game, its
state text and its match to 5 victory points.

A 65 state's text (``Position.to_text``; fields in this order)::

    game=65; dealer=W; deal=N:... E:... S:... W:...; leader=N; trick=AS 3S;
    points=12 10; tricks=2 1; moves=KS, QS

``deal`` holds the hands at the state's start, ``leader`` and ``trick``
the trick then in progress, ``points`` and ``tricks`` what N-S and E-W
had collected (optional; 0-0 at a deal's start), ``dealer`` the dealer
(optional; with it ``leader`` may be left out at a deal's start), and
``moves`` the cards played since.

>>> g = SixtyFive()
>>> s = g.new_state(seed=4)
>>> g.player_name(s.to_move), g.side_names, g.options
('S', ('N-S', 'E-W'), {'target': 5})
>>> s.play(s.legal_moves[0]); g.from_text(s.to_text()) == s
True
"""
from __future__ import annotations

from typing import Dict, Optional

from ..game import Match as MatchBase, Option
from ..seats import SEATS, left_of, seat_index
from ..textform import require_field, split_moves
from ..trickplay import PartnershipGame, parse_pair
from .notation import Move
from .rules import Position

__all__ = ["SixtyFive", "Match"]


class SixtyFive(PartnershipGame):
    """65: four players, N-S against E-W; a match to ``target`` victory points."""

    id = "65"
    name = "sixty-five"
    title = "65"
    match_units = "victory points"
    OPTIONS = {"target": Option(5, "victory points that win the match", minimum=1)}
    Move = Move
    SOLVER = "openhand.sixtyfive.solver:Solver"
    ANALYST = "openhand.sixtyfive.analysis:Analyst"
    BATCH = "openhand.sixtyfive.batch:Parts"
    WORLDS = "openhand.sixtyfive.observation:world_sampler"
    STRATEGY = "openhand.sixtyfive.strategy:Strategy"
    FIELDS = ("dealer", "deal", "leader", "trick", "points", "tricks", "moves")

    def new_state(self, seed=None, dealer=None) -> Position:
        return Position.random(seed, dealer)

    def state_from_fields(self, fields: Dict[str, str]) -> Position:
        deal = require_field(fields, "deal", "the hands, like deal=N:AKQ.JT9.876.543 E:... S:... W:...")
        dealer = fields.get("dealer") or None
        leader = fields.get("leader") or (SEATS[left_of(seat_index(dealer))] if dealer else None)
        if leader is None:
            require_field(fields, "leader", "the seat leading the current trick, like leader=N (or give the dealer)")
        points = parse_pair(fields["points"], "points") if fields.get("points") else None
        tricks = parse_pair(fields["tricks"], "tricks") if fields.get("tricks") else None
        pos = Position.from_deal(deal, leader, fields.get("trick", ""), points, tricks, dealer)
        pos.replay(split_moves(fields.get("moves", ""), Move))
        return pos

    def match_points(self, state: Position):
        return state.victory_points()

    def deal_layout(self):
        from ..dealing import DealLayout
        from .deck import DECK, HAND_SIZE, card_points
        return DealLayout(tuple((s, HAND_SIZE) for s in SEATS), DECK, card_points)


class Match(MatchBase):
    """A 65 match to ``target`` victory points (default 5), the deal
    passing left (see :class:`openhand.game.Match`)."""

    def __init__(self, seed=None, dealer=None, target: Optional[int] = None) -> None:
        super().__init__(SixtyFive(), seed, dealer, target)
