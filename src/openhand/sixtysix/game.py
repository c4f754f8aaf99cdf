"""Sixty-Six behind the game interface (:mod:`openhand.game`): the game,
its state text (see :mod:`.position_format`) and its match to 7 game
points.

>>> g = SixtySix()
>>> s = g.new_state(seed=2, dealer=1)
>>> s.to_move, g.player_name(s.to_move), g.side_names
(0, 'player 0', ('player 0', 'player 1'))
>>> s.play("close"); g.from_text(s.to_text()) == s
True
"""
from __future__ import annotations

import random
from typing import Dict, Optional

from ..game import Game, Match as MatchBase, Option
from ..errors import require_seed
from .notation import Move
from .position import Position

__all__ = ["SixtySix", "Match"]


class SixtySix(Game):
    """Sixty-Six: two players; a match (a "game") to ``target`` game points."""

    id = "66"
    name = "sixty-six"
    title = "Sixty-Six"
    num_players = 2
    players = ("player 0", "player 1")
    side_names = players
    side_players = ((0,), (1,))
    units = "game points"
    match_units = "game points"
    OPTIONS = {"target": Option(7, "game points that win the match", minimum=1)}
    Move = Move
    SOLVER = "openhand.sixtysix.solver:Solver"
    ANALYST = "openhand.sixtysix.analysis:Analyst"
    BATCH = "openhand.sixtysix.batch:Parts"
    WORLDS = "openhand.sixtysix.observation:world_sampler"
    STRATEGY = "openhand.sixtysix.strategy:Strategy"

    @property
    def FIELDS(self):
        from .position_format import TEXT_KEYS
        return TEXT_KEYS[1:]

    def new_state(self, seed=None, dealer=None) -> Position:
        if dealer is None:
            dealer = random.Random(require_seed(seed)).randrange(2)
        return Position.deal(seed, self.player_index(dealer))

    def record_line(self, state):
        """A record's line per trick, numbered, from the leader's first
        action (an exchange or a closing stays on the trick's line; see
        :meth:`openhand.game.Game.record_line`)."""
        if state.card_in_play is not None:
            return None
        history = state.history
        if history and history[-1][1].kind in ("exchange", "close"):
            return None
        return f"{sum(state.tricks) + 1}."

    def deal_layout(self):
        """The two hands by player number, then the stock (in drawing
        order, the trump card last)."""
        from ..dealing import DealLayout
        from .deck import DECK, HAND_SIZE, STOCK_SIZE, card_points
        return DealLayout((("0", HAND_SIZE), ("1", HAND_SIZE), ("stock", STOCK_SIZE)), DECK, card_points, ("stock",))

    def format_hand(self, cards) -> str:
        """A hand's text in Sixty-Six's rank order, A T K Q J 9."""
        from .deck import format_hand
        return format_hand(cards)

    def state_from_fields(self, fields: Dict[str, str]) -> Position:
        from .position_format import from_fields
        return from_fields(fields)

    def from_dict(self, data: dict) -> Position:
        from .position_format import from_dict
        return from_dict(data)


class Match(MatchBase):
    """A Sixty-Six match to ``target`` game points (default 7), the deal
    alternating (see :class:`openhand.game.Match`)."""

    def __init__(self, seed=None, dealer=None, target: Optional[int] = None) -> None:
        super().__init__(SixtySix(), seed, dealer, target)
