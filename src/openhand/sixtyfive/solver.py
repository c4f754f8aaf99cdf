"""65: the public solver, C++ core first, the Python reference as its twin.

Values are the points N-S take in the remaining tricks (last-trick bonus
included); results also give the whole deal's (``deal_value``: what N-S
collected so far plus the rest).  ``at_least(pos, 33)`` asks only whether
N-S can end the deal with 33 points (the victory-point lines are 33 and
41): one null-window search, far cheaper than the value.

>>> from openhand.sixtyfive import Position, solve, at_least
>>> pos = Position.from_deal("N:A.K.. 3.A.. K.3.. Q.Q..", leader="N")
>>> r = solve(pos)
>>> r.value, r.moves, r.side
(13, {'AS': 12, 'KH': 13}, 'N-S')
>>> at_least(pos, 13), at_least(pos, 14)
(True, False)

``objective="tricks"`` counts tricks instead (card points zero, no
last-trick bonus: the trick-taking skeleton of 65, which bridge solvers
also answer), values and thresholds in N-S's tricks:

>>> r = solve(pos, objective="tricks")
>>> r.value, r.moves, r.units, at_least(pos, 1, objective="tricks")
(1, {'AS': 1, 'KH': 1}, 'tricks', True)
"""
from __future__ import annotations

from ..errors import require_int
from ..result import SolveResult
from ..seats import side_of
from ..solver_base import SolverBase
from ..cards import Card
from ..limits import Limit, check_limit, raise_cut
from ..trickplay import core_hands, core_trick_result, reference_cut, trick_result, tricks_so_far
from . import reference
from .deck import LAST_TRICK_BONUS, TRICK_POINTS
from .reference import check_objective
from .rules import HAND_SIZE, OBJECTIVES, TOTAL_POINTS, Position

__all__ = ["Solver", "solve", "at_least", "DEFAULT_TABLE_MB", "OBJECTIVES"]

# Full deals outgrow smaller tables (a hard deal searched 6x the nodes with
# 64 MiB); the table starts sized to the problem and grows as it fills, up
# to this cap, so an endgame or an easy deal touches little of it.
DEFAULT_TABLE_MB = 512


class Solver(SolverBase, game="65", title="65", core="openhand.sixtyfive._core", table_mb=DEFAULT_TABLE_MB,
             states=(Position,)):
    """An exact 65 solver."""

    def solve(self, state: Position, moves: bool = True, objective: str = "points",
              limit: Limit = None) -> SolveResult:
        """Exact N-S points (``objective="tricks"``: tricks) in the
        remaining tricks and, with ``moves``, the value of every legal card
        (last-trick bonus included).  A finished deal is worth 0, with no
        cards (as in every game).  ``limit``: see :mod:`openhand.limits`
        (the result may then be ``cut``)."""
        pos = self._check(state)
        check_objective(objective)
        limit = check_limit(limit)
        if self._core is None or pos.is_over():  # the core only sees a deal in play
            return self._reference_limited(
                limit, lambda progress: reference.solve(pos, moves, progress, objective),
                lambda nodes: reference_cut(pos, 0, nodes, side_of(pos.to_move) == 0, _rest_max(pos, objective),
                                            objective))
        return self._limited(limit, core_trick_result, pos, 0, self._core, _spec(pos, objective), moves, limit,
                             side_of(pos.to_move) == 0, objective)

    def at_least(self, state: Position, target: int, objective: str = "points", limit: Limit = None) -> bool:
        """Can N-S end the deal with ``target`` points (or tricks: already
        collected, when the position knows them, plus the remaining
        tricks)?  ``limit``: see :mod:`openhand.limits` (reached:
        :class:`~openhand.errors.LimitReached`, with the bounds proved)."""
        pos = self._check(state)
        check_objective(objective)
        target = require_int(target, "target")
        limit = check_limit(limit)
        if self._core is None or pos.is_over():
            return self._reference_limited(
                limit, lambda progress: reference.at_least(pos, target, progress, objective),
                lambda nodes: raise_cut(reference_cut(pos, 0, nodes, side_of(pos.to_move) == 0,
                                                      _rest_max(pos, objective), objective)))
        need = target - (pos.score()[0] if objective == "points" else tricks_so_far(pos)[0])
        if need <= 0 or need > (TOTAL_POINTS if objective == "points" else HAND_SIZE):  # settled without a search
            return need <= 0
        yes, nodes = self._limited(limit, self._core.at_least, _spec(pos, objective), need)
        cut, lo, hi, move, proved = self._core.last
        if cut:
            raise_cut(trick_result(pos, 0, None, {}, nodes, side_of(pos.to_move) == 0, objective, cut=True,
                                   lower=lo, upper=hi, best_move=str(Card(move)) if move >= 0 else None,
                                   best_move_proved=proved))
        return yes


def _rest_max(pos: Position, objective: str) -> int:
    """The most N-S can take in the rest: every trick and card point."""
    if objective == "tricks":
        return pos.tricks_left
    return TRICK_POINTS * pos.tricks_left + LAST_TRICK_BONUS + pos.points_in_play()


def _spec(pos: Position, objective: str) -> tuple:
    """The core's spec of a position in play, checked at its door."""
    hands, leader, trick = core_hands(pos)
    return hands, leader, trick, OBJECTIVES.index(objective)


def solve(position: Position, moves: bool = True, objective: str = "points", limit: Limit = None) -> SolveResult:
    """Solve with this thread's default :class:`Solver`."""
    return Solver.default().solve(position, moves, objective, limit)


def at_least(position: Position, target: int, objective: str = "points", limit: Limit = None) -> bool:
    """Threshold question with this thread's default :class:`Solver`."""
    return Solver.default().at_least(position, target, objective, limit)


_core = Solver.CORE   # the compiled module, or None (the Python reference)
