"""The heuristic player: each game's basic strategy as a few fixed rules,
a fair sparring partner (not a straw man), from the observation alone.

The rules are the game's: its package's ``strategy.py`` states them in
its docstring and plays them (:meth:`.strategy.Strategy.heuristic`):
:mod:`openhand.sixtyfive.strategy`, :mod:`openhand.sixtysix.strategy`,
:mod:`openhand.eightythree.strategy`.  A lone legal move is played
without asking.

>>> from openhand import load_game
>>> game = load_game("66"); s = game.new_state(seed=4)
>>> p = HeuristicPlayer(); p.start(game, s.to_move)
>>> o = s.observation(s.to_move)
>>> o.hand, o.trump, p.choose(o)       # the cheapest plain card leads
('T.J9.K.K9', 'C', '9H')
"""
from __future__ import annotations

from .base import Player
from .strategy import strategy_of

__all__ = ["HeuristicPlayer"]


class HeuristicPlayer(Player):
    """The documented rule-based player of every game (see the module)."""

    name = "heuristic"

    def choose(self, observation, state=None) -> str:
        legal = list(observation.legal_moves)
        if len(legal) == 1:
            return legal[0]
        return strategy_of(observation.game).heuristic(observation, legal)
