"""65: the public solver, C++ core first, the Python reference as its twin.

>>> from openhand.sixtyfive import Position, solve, can_reach
>>> pos = Position.from_deal("N:A.K.. 3.A.. K.3.. Q.Q..", leader="N")
>>> r = solve(pos)
>>> r.value, r.moves
(13, {'AS': 12, 'KH': 13})
>>> can_reach(pos, 13), can_reach(pos, 14)
(True, False)
"""
from __future__ import annotations

from .._impl import load_core
from ..errors import PositionError, require_int
from ..result import SolveResult
from ..seats import side_of
from ..solver_base import SolverBase
from . import reference
from .rules import TOTAL_POINTS, Position

# Full deals outgrow smaller tables (a hard deal searched 6x the nodes with
# 64 MiB); the table starts sized to the problem and grows as it fills, up
# to this cap, so an endgame or an easy deal touches little of it.
DEFAULT_TABLE_MB = 512
_core = load_core("openhand.sixtyfive._core")


def _check(position) -> Position:
    if not isinstance(position, Position):
        raise PositionError(f"expected a 65 Position, got {type(position).__name__}")
    return position


class Solver(SolverBase):
    __doc__ = "An exact 65 solver. " + SolverBase.__doc__
    CORE = _core
    CORE_NAME = "openhand.sixtyfive._core"
    DEFAULT_TABLE_MB = DEFAULT_TABLE_MB

    @staticmethod
    def _args(pos: Position):
        hands = [sum(1 << int(c) for c in h) for h in pos.hands]
        return hands, pos.leader, [int(c) for c in pos.trick]

    def solve(self, position: Position, moves: bool = True) -> SolveResult:
        """Exact N-S points in the remaining tricks and, with ``moves``, the
        value of every legal card (last-trick bonus included).  A finished
        deal is worth 0, with no cards (as in every game)."""
        pos = _check(position)
        if self._core is None or pos.is_over():  # the core only sees a deal in play
            return reference.solve(pos, moves, self.progress)
        maxing = side_of(pos.to_move_index) == 0
        if not moves:
            value, nodes = self._core.value(self._args(pos))
            return SolveResult(value, {}, nodes, reference.PERSPECTIVE, maxing)
        value, per_card, nodes = self._core.move_values(self._args(pos))
        per_move = {str(c): per_card[int(c)] for c in pos.legal_moves}
        return SolveResult(value, per_move, nodes, reference.PERSPECTIVE, maxing)

    def can_reach(self, position: Position, target: int) -> bool:
        """Can N-S reach ``target`` deal points (already collected, when the
        position knows them, plus the remaining tricks)?"""
        pos = _check(position)
        target = require_int(target, "target")
        if self._core is None or pos.is_over():
            return reference.can_reach(pos, target, self.progress)
        need = target - (pos.deal_score() or (0, 0))[0]
        if need <= 0 or need > TOTAL_POINTS:  # settled without a search
            return need <= 0
        return self._core.at_least(self._args(pos), need)[0]


def solve(position: Position, moves: bool = True) -> SolveResult:
    """Solve with this thread's default :class:`Solver`."""
    return Solver.default().solve(position, moves)


def can_reach(position: Position, target: int) -> bool:
    """Threshold question with this thread's default :class:`Solver`."""
    return Solver.default().can_reach(position, target)
