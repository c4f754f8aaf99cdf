"""The random player: a uniformly random legal move (the floor every
other player is measured from)."""
from __future__ import annotations

from .base import Player

__all__ = ["RandomPlayer"]


class RandomPlayer(Player):
    """Each move drawn uniformly from the legal moves, by its own seed.

    >>> from openhand import load_game
    >>> game = load_game("65"); s = game.new_state(seed=2)
    >>> p = RandomPlayer(seed=1); p.start(game, s.to_move)
    >>> p.choose(s.observation(s.to_move)) in s.legal_moves
    True
    """

    name = "random"

    def choose(self, observation, state=None) -> str:
        return self.rng.choice(list(observation.legal_moves))
