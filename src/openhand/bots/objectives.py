"""What a searching player maximises: the value of every legal move in
one world (a complete state), in the game's real objective, with the
card-point margin to break ties.  Each game states and computes its own
(:meth:`.strategy.Strategy.evaluate`, in its package's ``strategy.py``);
these functions find the game's and ask it.  The one game-specific part
of the searching players besides the world sampler.

A search stopped by its node cap raises :class:`~.budget.Capped`; the
player leaves that world out.  The time budget of a decision (worlds
dealt and valued until it is spent) is :mod:`.budget`'s; its
:class:`~.budget.Capped` and :func:`~.budget.capped` are importable from
here as well.
"""
from __future__ import annotations

from typing import Dict, List, Tuple

from .budget import Capped, capped
from .strategy import strategy_of

__all__ = ["evaluate", "optimal_moves", "searched", "Capped", "capped"]


def searched(observation) -> bool:
    """Does a searching player solve worlds at this moment?  Always, but
    where the game says a world costs too much (65's first tricks:
    :meth:`.strategy.Strategy.searched`)."""
    return strategy_of(observation.game).searched(observation)


def evaluate(world, solver, context) -> Dict[str, Tuple[float, float]]:
    """Move text -> (objective, margin) for the player to move in
    ``world``; ``context`` is the observation (what the bid is, ...)."""
    return strategy_of(world.game).evaluate(world, solver, context)


def optimal_moves(world, solver, context, prefer=None) -> List[str]:
    """The moves of the best (objective, margin) in ``world``, as
    :func:`evaluate` ranks them: what a player that sees the state (one
    world) chooses among.  If ``prefer`` is one of them the answer may be
    ``[prefer]`` alone (a game may ask only what the choice needs: 65
    before its exact tricks, :meth:`openhand.sixtyfive.strategy.Strategy.optimal_moves`).

    >>> from openhand import load_game
    >>> s = load_game("sixty-six").new_state(seed=4); o = s.observation(s.to_move)
    >>> solver = s.get_game().solver(table_mb=8)
    >>> values = evaluate(s, solver, o)         # game points, then the card-point margin
    >>> sorted(values) == sorted(s.legal_moves), values["TS"], values["close"], optimal_moves(s, solver, o)
    (True, (-1, -24), (-3, -15), ['TS'])
    """
    return strategy_of(world.game).optimal_moves(world, solver, context, prefer)
