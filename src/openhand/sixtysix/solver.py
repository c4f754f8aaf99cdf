"""Sixty-Six: the public open-hand solver, C++ core first, the Python
reference (:mod:`.reference`) as its twin with the same contract.

Both hands and the stock order are known.  ``objective="game"`` (default):
the game points the player to move wins in this deal minus the opponent's,
-3..+3, and the same for every legal action (card, marriage, exchange,
close, going out).  ``objective="points"``: final card points of the player
to move minus the opponent's, the deal played to the end (no claims).

>>> from openhand.sixtysix import Position, solve
>>> p = Position(["A.A..", "T.T.."], [], trump="S", leader=0,
...              points=[48, 30], tricks=[5, 5])
>>> r = solve(p)
>>> r.value, r.moves, r.side
(2, {'out': -2, 'AS': 2, 'AH': 2}, 'player 0')
>>> solve(p, objective="points").value
70
"""
from __future__ import annotations

from .._impl import load_core
from ..errors import PositionError
from ..result import SolveResult
from ..solver_base import SolverBase
from . import reference
from .notation import (CLOSE_MOVE, EXCHANGE_MOVE, MARRIAGE_MOVE, MARRIAGE_OUT_MOVE, OUT_MOVE,
                       PLAY_MOVE)
from .position import Position
from .reference import OBJECTIVES, result_of
from .rules import Snapshot, deal_result, final_points, is_over, legal_actions, to_move

__all__ = ["Solver", "solve", "DEFAULT_TABLE_MB", "OBJECTIVES"]

DEFAULT_TABLE_MB = 64
_OBJECTIVE_CODE = {"game": 0, "points": 1}
_core = load_core("openhand.sixtysix._core")

# Move codes of the C++ core (csrc/sixtysix.hpp) and their texts.
_MOVE_TEXT = {c: str(a) for c, a in PLAY_MOVE.items()}
for _c, _a in MARRIAGE_MOVE.items():
    _MOVE_TEXT[64 + 2 * (_c >> 4) + (1 if _c & 15 == 13 else 0)] = str(_a)
for _s, _a in enumerate(MARRIAGE_OUT_MOVE):
    _MOVE_TEXT[72 + _s] = str(_a)
_MOVE_TEXT[76] = str(EXCHANGE_MOVE)
_MOVE_TEXT[77] = str(CLOSE_MOVE)
_MOVE_TEXT[78] = str(OUT_MOVE)


def checked_snapshot(pos: Position) -> Snapshot:
    """The position's Snapshot, checked again at the core's door by
    rebuilding it through the position format: nothing unchecked reaches
    the C++ core, even if the position was changed behind the library's
    back."""
    from .position_format import from_dict, snapshot_dict
    s = pos._snap
    if not isinstance(s, Snapshot):
        raise PositionError(f"the position's state is a {type(s).__name__}, not a Snapshot")
    try:
        checked = from_dict(snapshot_dict(s))._snap
    except PositionError:
        raise
    except Exception as e:   # a malformed Snapshot (wrong types, bad card ids, ...)
        raise PositionError(f"not a valid Sixty-Six position: {e}") from None
    if checked != s:
        raise PositionError("not a valid Sixty-Six position: it does not round-trip "
                            f"through the position format ({s!r})")
    return s


def _check_objective(objective) -> int:
    if not isinstance(objective, str) or objective not in _OBJECTIVE_CODE:
        raise PositionError(f"unknown objective {objective!r}: expected one of {OBJECTIVES}")
    return _OBJECTIVE_CODE[objective]


class Solver(SolverBase):
    __doc__ = "An exact Sixty-Six open-hand solver. " + SolverBase.__doc__
    CORE = _core
    CORE_NAME = "openhand.sixtysix._core"
    DEFAULT_TABLE_MB = DEFAULT_TABLE_MB
    GAME, TITLE, STATES = "66", "Sixty-Six", (Position,)

    def solve(self, state: Position, moves: bool = True, objective: str = "game") -> SolveResult:
        """The exact value of ``state`` for the player to move, and with
        ``moves`` the value of every legal move (same perspective), keyed
        by move text.  A finished deal has the value of its result for its
        leader (the claimer, or the winner of the last trick) and no
        moves."""
        code = _check_objective(objective)
        s = checked_snapshot(self._check(state))
        if self._core is None:
            return reference.solve(state, moves, objective, self.progress)
        if is_over(s):
            tot = final_points(s) if code else deal_result(s)
            return result_of(s, objective, tot[s.leader] - tot[1 - s.leader], {}, 1)
        sign = 1 if to_move(s) == 0 else -1
        if not moves:
            value, nodes = self._core.value(tuple(s), code)
            return result_of(s, objective, sign * value, {}, nodes)
        value, per_code, nodes = self._core.move_values(tuple(s), code)
        per_move = {_MOVE_TEXT[a]: sign * v for a, v in per_code.items()}
        # the reference's order (legal_actions), which the core mirrors
        order = [str(a) for a in legal_actions(s) if str(a) in per_move]
        if len(order) != len(per_move):
            raise AssertionError("the C++ core and the rules disagree on the legal moves")
        return result_of(s, objective, sign * value, {m: per_move[m] for m in order}, nodes)


def solve(position, moves: bool = True, objective: str = "game") -> SolveResult:
    """Solve with this thread's default :class:`Solver` (see
    :meth:`Solver.solve`)."""
    return Solver.default().solve(position, moves, objective)
