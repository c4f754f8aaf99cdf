"""What a searching player maximises in each game: the value of every
legal move in one world (a complete state), in the game's real objective,
with the card-point margin to break ties.  The one game-specific part of
the searching players besides the world sampler.

* 65: victory points (own minus the opponents': -2, -1, 1 or 2).  With at
  most :data:`EXACT_TRICKS_65` tricks left an exact solve of every move
  gives the points (and the margin); with :data:`SEARCH_TRICKS_65` left
  each move asks the threshold questions (can N-S reach 33? then 41, or
  else 25: two null-window searches) and the margin is the middle of the
  interval they leave; with more tricks left a world costs from half a
  second to many seconds, a node cap that fits a decision into a second
  leaves out most or all of the worlds (and keeps the easy ones), so the
  player plays its heuristic's card there (:func:`searched`; the measured
  costs: benchmarks/README.md, "65's early tricks").
* Sixty-Six: game points (own minus the opponent's, -3..3), ties by the
  final card-point margin (a second solve, objective ``points``, which
  plays every deal out; a claim's margin is the counted points now).
* Eighty-Three: the deal score of the bid (own side's score minus the
  other's), ties by the card-point margin.

A search stopped by its node cap raises :class:`~.budget.Capped`; the
player leaves that world out.  The time budget of a decision (worlds
dealt and valued until it is spent) is :mod:`.budget`'s; its
:class:`~.budget.Capped` and :func:`~.budget.capped` are importable from
here as well.
"""
from __future__ import annotations

from typing import Dict, List, Tuple

from .budget import Capped, capped

__all__ = ["evaluate", "optimal_moves", "searched", "Capped", "capped", "EXACT_TRICKS_65", "SEARCH_TRICKS_65"]

EXACT_TRICKS_65 = 9
SEARCH_TRICKS_65 = 10


def searched(observation) -> bool:
    """Does a searching player solve worlds at this moment?  Always, but
    in 65's first tricks (more than :data:`SEARCH_TRICKS_65` left)."""
    if observation.game == "65":
        return max(observation.hand_sizes) <= SEARCH_TRICKS_65
    return True


def evaluate(world, solver, context) -> Dict[str, Tuple[float, float]]:
    """Move text -> (objective, margin) for the player to move in
    ``world``; ``context`` is the observation (what the bid is, ...)."""
    return {"65": _sixtyfive, "66": _sixtysix, "83": _eightythree}[world.game](world, solver, context)


def optimal_moves(world, solver, context, prefer=None) -> List[str]:
    """The moves of the best (objective, margin) in ``world``, as
    :func:`evaluate` ranks them: what a player that sees the state (one
    world) chooses among.  If ``prefer`` is one of them the answer may be
    ``[prefer]`` alone.  65 with more than :data:`EXACT_TRICKS_65` tricks
    left asks only what the choice needs (the position's VP class, then
    whether each move keeps it: one null-window search a move, ``prefer``
    first) instead of every move's class; elsewhere it ranks
    :func:`evaluate`'s values.

    >>> from openhand import load_game
    >>> from openhand.sixtyfive.rules import random_position
    >>> s = random_position(seed=3, tricks_left=10); solver = load_game("65").solver()
    >>> values = evaluate(s, solver, None); top = max(values.values())
    >>> sorted(optimal_moves(s, solver, None)) == sorted(m for m, v in values.items() if v == top)
    True
    """
    if world.game == "65" and not (world.tricks_left <= EXACT_TRICKS_65 and world.points is not None):
        return _sixtyfive_optimal(world, solver, prefer)
    values = evaluate(world, solver, context)
    key = {m: (round(v[0], 9), round(v[1], 9)) for m, v in values.items()}
    top = max(key.values())
    return [m for m, k in key.items() if k == top]


# ------------------------------------------------------------------ 65
_INTERVAL_MID = {2: 53.0, 1: 36.5, -1: 28.5, -2: 12.0}     # N-S points implied by its VP margin


def _vp_margin(ns: int) -> int:
    """N-S victory points minus E-W's for N-S's deal points."""
    return 2 if ns >= 41 else 1 if ns >= 33 else -1 if ns >= 25 else -2


def _sixtyfive(world, solver, context):
    sign = 1 if world.to_move % 2 == 0 else -1
    if world.tricks_left <= EXACT_TRICKS_65 and world.points is not None:
        r = solver.solve(world, moves=True)
        return {m: (sign * _vp_margin(v), sign * (2 * v - 65)) for m, v in r.deal_moves.items()}
    out = {}
    for m in world.legal_moves:
        w = world.copy()
        w.play(m)
        if solver.at_least(w, 33):
            vp = 2 if solver.at_least(w, 41) else 1
        else:
            vp = -1 if solver.at_least(w, 25) else -2
        out[str(m)] = (sign * vp, sign * (2 * _INTERVAL_MID[vp] - 65))
    return out


_CLASS_FLOOR = {2: 41, 1: 33, -1: 25, -2: None}    # the least N-S points of each VP class
_CLASS_CEILING = {2: None, 1: 41, -1: 33, -2: 25}  # the least N-S points above it


def _sixtyfive_optimal(world, solver, prefer):
    """The moves keeping the position's VP class (the threshold path of
    :func:`_sixtyfive`: within a class its margins are equal)."""
    if solver.at_least(world, 33):
        cls = 2 if solver.at_least(world, 41) else 1
    else:
        cls = -1 if solver.at_least(world, 25) else -2
    north_south = world.to_move % 2 == 0
    # N-S's moves are worth at most the position, E-W's at least: a move
    # keeps the class if it stays above its floor (N-S) or below its ceiling
    bound = _CLASS_FLOOR[cls] if north_south else _CLASS_CEILING[cls]
    legal = [str(m) for m in world.legal_moves]
    if bound is None:
        return legal

    def keeps(m) -> bool:
        w = world.copy()
        w.play(m)
        return solver.at_least(w, bound) == north_south
    if prefer in legal and keeps(prefer):
        return [prefer]
    return [m for m in legal if m != prefer and keeps(m)]


# ------------------------------------------------------------------ Sixty-Six
def _sixtysix(world, solver, context):
    game = solver.solve(world, moves=True, objective="game").moves
    points = solver.solve(world, moves=True, objective="points").moves
    me = world.to_move
    now = world.score()[me] - world.score()[1 - me]      # a claim ends the deal: the points it stands on
    return {m: (game[m], points.get(m, now)) for m in game}


# ------------------------------------------------------------------ Eighty-Three
def _eightythree(world, solver, context):
    from ..eightythree.rules import TOTAL_POINTS, parse_bid, score_deal
    r = solver.solve(world, moves=True)
    bidder_side = world.bidder % 2
    mine = context.player % 2
    bid = parse_bid(context.high_bid) if "high_bid" in context.fields() else None
    out = {}
    for m, total in r.deal_moves.items():
        won = [0, 0]
        won[bidder_side], won[1 - bidder_side] = total, TOTAL_POINTS - total
        margin = won[mine] - won[1 - mine]
        if bid:
            score = score_deal(bid, world.bidder, tuple(won), context.penalty)
            out[m] = (score[mine] - score[1 - mine], margin)
        else:
            out[m] = (margin, margin)
    return out
