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

A search stopped by its node cap raises :class:`Capped`; the player
leaves that world out.  :class:`WorldClock` keeps a decision within its
time budget.
"""
from __future__ import annotations

import time
from typing import Dict, Optional, Tuple

__all__ = ["evaluate", "searched", "Capped", "capped", "WorldClock", "EXACT_TRICKS_65", "SEARCH_TRICKS_65"]

EXACT_TRICKS_65 = 9
SEARCH_TRICKS_65 = 10


def searched(observation) -> bool:
    """Does a searching player solve worlds at this moment?  Always, but
    in 65's first tricks (more than :data:`SEARCH_TRICKS_65` left)."""
    if observation.game == "65":
        return max(observation.hand_sizes) <= SEARCH_TRICKS_65
    return True


class WorldClock:
    """A decision's time budget, ``seconds`` of this thread's CPU (None: no
    limit), spent world by world: :meth:`another` says whether one more
    world fits: the first always does; a later one when it would end
    within the budget if it cost as much as the dearest world so far.
    :attr:`deadline` is when a world's search is stopped (and the world
    left out): a decision keeps within its budget, give or take one poll
    of the search (65536 nodes, a few milliseconds).

    >>> clock = WorldClock(None)
    >>> clock.another(), clock.tick() is None, clock.another()
    (True, True, True)
    """

    def __init__(self, seconds: Optional[float]) -> None:
        self.seconds, self.worlds, self.dearest = seconds, 0, 0.0
        self.start = self._last = time.thread_time()

    @property
    def deadline(self) -> Optional[float]:
        """The budget's end (None: no budget)."""
        return None if self.seconds is None else self.start + self.seconds

    def another(self) -> bool:
        if self.seconds is None or not self.worlds:
            return True
        return time.thread_time() - self.start + self.dearest <= self.seconds

    def tick(self) -> None:
        """One more world was solved (or tried)."""
        now = time.thread_time()
        self.worlds, self.dearest, self._last = self.worlds + 1, max(self.dearest, now - self._last), now


class Capped(Exception):
    """A search reached its node cap: this world is left out."""


def capped(solver, nodes, deadline: Optional[float] = None):
    """Make ``solver`` stop (raising :class:`Capped`) once a search passes
    ``nodes`` nodes or this thread's CPU clock (``time.thread_time()``)
    passes ``deadline`` (both checked every 65536 nodes); None: no cap."""
    if nodes is None and deadline is None:
        solver.progress = None
        return solver

    def stop(n):
        if (nodes is not None and n >= nodes) or (deadline is not None and time.thread_time() > deadline):
            raise Capped(n)
    solver.progress = stop
    return solver


def evaluate(world, solver, context) -> Dict[str, Tuple[float, float]]:
    """Move text -> (objective, margin) for the player to move in
    ``world``; ``context`` is the observation (what the bid is, ...)."""
    return {"65": _sixtyfive, "66": _sixtysix, "83": _eightythree}[world.game](world, solver, context)


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
