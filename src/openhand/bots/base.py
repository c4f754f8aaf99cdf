"""The player interface: what every computer (or outside) player speaks.

A player is told the game and its seat once a deal starts
(:meth:`Player.start`) and then, each time it is to move, receives an
:class:`~openhand.observation.Observation` (plain values: nothing hidden
can be reached through it) and answers one of ``observation.legal_moves``
as text (:meth:`Player.choose`).  It never sees the state: the arena and
``openhand play`` hand it observations only.  The one exception is
marked: a player class with ``sees_state = True`` (the clairvoyant, an
upper bound and a calibration check) is given the true state as well.

>>> from openhand import load_game
>>> from openhand.bots import make_player
>>> game = load_game("66")
>>> state = game.new_state(seed=1)
>>> p = make_player("random", game, seed=3)
>>> p.start(game, state.to_move)
>>> p.choose(state.observation(state.to_move)) in state.legal_moves
True
"""
from __future__ import annotations

import random
from typing import Optional

__all__ = ["Player"]


class Player:
    """A player of any game.  Subclasses implement :meth:`choose`; ``name``
    names it in reports.  ``seed`` seeds its own randomness (a player is
    reproducible from its seed and its fixed work budgets)."""

    name = "player"
    sees_state = False

    def __init__(self, seed=None) -> None:
        self.rng = random.Random(seed)
        self.game = None
        self.player: Optional[int] = None

    def start(self, game, player: int) -> None:
        """A new deal begins: ``game`` (a :class:`~openhand.game.Game`), and
        the seat this player holds in it."""
        self.game, self.player = game, player

    def choose(self, observation, state=None) -> str:
        """The move to make, one of ``observation.legal_moves`` (``state``
        is given only to a player with ``sees_state``)."""
        raise NotImplementedError

    def close(self) -> None:
        """Release what the player holds (a program, a table)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"
