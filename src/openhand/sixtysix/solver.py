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

from ..errors import PositionError, require_int
from ..limits import Limit, check_limit, raise_cut
from ..result import SolveResult
from ..solver_base import SolverBase
from . import reference
from .notation import (CLOSE_MOVE, EXCHANGE_MOVE, MARRIAGE_MOVE, MARRIAGE_OUT_MOVE, OUT_MOVE,
                       PLAY_MOVE)
from .position import Position
from .reference import OBJECTIVES, result_of
from .rules import Snapshot, deal_result, final_points, is_over, legal_actions, to_move

__all__ = ["Solver", "solve", "at_least", "DEFAULT_TABLE_MB", "OBJECTIVES"]

DEFAULT_TABLE_MB = 64
# Every value lies in -_VALUE_LIMIT.._VALUE_LIMIT (points: a margin of at most
# 120 card points, 100 in marriages and 10 for the last trick): a target
# beyond it is answered without a search.
_VALUE_LIMIT = 250
_OBJECTIVE_CODE = {"game": 0, "points": 1}

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


class Solver(SolverBase, game="66", title="Sixty-Six", core="openhand.sixtysix._core", table_mb=DEFAULT_TABLE_MB,
             states=(Position,)):
    """An exact Sixty-Six open-hand solver."""

    def solve(self, state: Position, moves: bool = True, objective: str = "game",
              limit: Limit = None) -> SolveResult:
        """The exact value of ``state`` for the player to move, and with
        ``moves`` the value of every legal move (same perspective), keyed
        by move text.  A finished deal has the value of its result for its
        leader (the claimer, or the winner of the last trick) and no
        moves.  ``limit``: see :mod:`openhand.limits` (the result may then
        be ``cut``)."""
        code = _check_objective(objective)
        s = checked_snapshot(self._check(state))
        limit = check_limit(limit)
        if self._core is None:
            return self._reference_limited(
                limit, lambda progress: reference.solve(state, moves, objective, progress),
                lambda nodes: self._reference_cut(s, objective, nodes))
        if is_over(s):
            tot = final_points(s) if code else deal_result(s)
            return result_of(s, objective, tot[s.leader] - tot[1 - s.leader], {}, 1)
        return self._limited(limit, self._core_solve, s, code, objective, moves, limit)

    def _core_solve(self, s: Snapshot, code: int, objective: str, moves: bool, limit) -> SolveResult:
        sign = 1 if to_move(s) == 0 else -1
        spec = (tuple(s), code)
        if not moves:
            value, nodes = self._core.value(spec)
            per_code = {}
        elif limit is None:
            value, per_code, nodes = self._core.move_values(spec)
            per_code = {a: (v, v) for a, v in per_code.items()}
        else:
            value, per_code, nodes = self._core.move_bounds(spec)
        cut, lo, hi, move, proved = self._core.last
        # player 1's view of player 0's bounds [lo, hi] is [-hi, -lo]
        view = (lambda b: (b[0], b[1])) if sign == 1 else (lambda b: (-b[1], -b[0]))
        bounds = {_MOVE_TEXT[a]: view(b) for a, b in per_code.items()}
        # the reference's order (legal_actions), which the core mirrors
        order = [str(a) for a in legal_actions(s) if str(a) in bounds]
        if len(order) != len(bounds):
            raise AssertionError("the C++ core and the rules disagree on the legal moves")
        bounds = {m: bounds[m] for m in order}
        best = _MOVE_TEXT[move] if move >= 0 else None
        if not cut:
            return result_of(s, objective, sign * value, {m: b[0] for m, b in bounds.items()}, nodes,
                             best_move=best, best_move_proved=proved)
        lower, upper = view((lo, hi))
        return result_of(s, objective, None, {m: b[0] for m, b in bounds.items() if b[0] == b[1]}, nodes,
                         cut=True, lower=lower, upper=upper, best_move=best, best_move_proved=proved,
                         move_bounds=bounds)

    def _reference_cut(self, s: Snapshot, objective: str, nodes: int) -> SolveResult:
        """A reference solve stopped by its limit: the trivial bounds and
        the first legal action."""
        limit = 3 if objective == "game" else _VALUE_LIMIT
        legal = legal_actions(s)
        return result_of(s, objective, None, {}, nodes, cut=True, lower=-limit, upper=limit,
                         best_move=str(legal[0]) if legal else None)

    def at_least(self, state: Position, target: int, objective: str = "game", limit: Limit = None) -> bool:
        """Can the player to move make at least ``target`` in ``objective``
        (``"game"``: net game points, own minus the opponent's, -3..3;
        ``"points"``: the final card-point margin)?  Exactly
        ``solve(state, objective=objective).value >= target``, by one
        null-window search (cheaper than the value when one threshold
        matters, e.g. "does the player to move win?" is ``at_least(p, 1)``).
        ``limit``: see :mod:`openhand.limits` (reached:
        :class:`~openhand.errors.LimitReached`)."""
        code = _check_objective(objective)
        s = checked_snapshot(self._check(state))
        target = require_int(target, "target")
        limit = check_limit(limit)
        if self._core is None:
            return self._reference_limited(
                limit, lambda progress: reference.at_least(state, target, objective, progress),
                lambda nodes: raise_cut(self._reference_cut(s, objective, nodes)))
        if is_over(s):
            return self.solve(state, moves=False, objective=objective).value >= target
        if not -_VALUE_LIMIT < target <= _VALUE_LIMIT:
            return target <= -_VALUE_LIMIT
        # The core answers for player 0: for player 1 (value v1 = -v0),
        # v1 >= t  <=>  v0 <= -t  <=>  not (v0 >= 1 - t).
        mine = to_move(s) == 0
        yes, nodes = self._limited(limit, self._core.at_least, (tuple(s), code), target if mine else 1 - target)
        cut, lo, hi, move, proved = self._core.last
        if cut:
            lower, upper = (lo, hi) if mine else (-hi, -lo)
            raise_cut(result_of(s, objective, None, {}, nodes, cut=True, lower=lower, upper=upper,
                                best_move=_MOVE_TEXT[move] if move >= 0 else None, best_move_proved=proved))
        return yes if mine else not yes


def solve(position, moves: bool = True, objective: str = "game", limit: Limit = None) -> SolveResult:
    """Solve with this thread's default :class:`Solver` (see
    :meth:`Solver.solve`)."""
    return Solver.default().solve(position, moves, objective, limit)


def at_least(position, target: int, objective: str = "game", limit: Limit = None) -> bool:
    """Threshold question with this thread's default :class:`Solver` (see
    :meth:`Solver.at_least`)."""
    return Solver.default().at_least(position, target, objective, limit)


_core = Solver.CORE   # the compiled module, or None (the Python reference)
