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
"""
from __future__ import annotations

from ..errors import require_int
from ..result import SolveResult
from ..seats import side_of
from ..solver_base import SolverBase
from ..trickplay import core_hands, trick_result
from . import reference
from .rules import TOTAL_POINTS, Position

__all__ = ["Solver", "solve", "at_least", "DEFAULT_TABLE_MB"]

# Full deals outgrow smaller tables (a hard deal searched 6x the nodes with
# 64 MiB); the table starts sized to the problem and grows as it fills, up
# to this cap, so an endgame or an easy deal touches little of it.
DEFAULT_TABLE_MB = 512


class Solver(SolverBase, game="65", title="65", core="openhand.sixtyfive._core", table_mb=DEFAULT_TABLE_MB,
             states=(Position,)):
    """An exact 65 solver."""

    def solve(self, state: Position, moves: bool = True) -> SolveResult:
        """Exact N-S points in the remaining tricks and, with ``moves``, the
        value of every legal card (last-trick bonus included).  A finished
        deal is worth 0, with no cards (as in every game)."""
        pos = self._check(state)
        if self._core is None or pos.is_over():  # the core only sees a deal in play
            return reference.solve(pos, moves, self.progress)
        spec = core_hands(pos)
        maxing = side_of(pos.to_move) == 0
        if not moves:
            value, nodes = self._core.value(spec)
            return trick_result(pos, 0, value, {}, nodes, maxing)
        value, per_card, nodes = self._core.move_values(spec)
        per_move = {str(c): per_card[int(c)] for c in pos.legal_cards_now()}
        return trick_result(pos, 0, value, per_move, nodes, maxing)

    def at_least(self, state: Position, target: int) -> bool:
        """Can N-S end the deal with ``target`` points (already collected,
        when the position knows them, plus the remaining tricks)?"""
        pos = self._check(state)
        target = require_int(target, "target")
        if self._core is None or pos.is_over():
            return reference.at_least(pos, target, self.progress)
        need = target - pos.score()[0]
        if need <= 0 or need > TOTAL_POINTS:  # settled without a search
            return need <= 0
        return self._core.at_least(core_hands(pos), need)[0]


def solve(position: Position, moves: bool = True) -> SolveResult:
    """Solve with this thread's default :class:`Solver`."""
    return Solver.default().solve(position, moves)


def at_least(position: Position, target: int) -> bool:
    """Threshold question with this thread's default :class:`Solver`."""
    return Solver.default().at_least(position, target)


_core = Solver.CORE   # the compiled module, or None (the Python reference)
