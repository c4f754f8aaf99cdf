"""65: the pure-Python reference solver (the oracle and the speed baseline).

Plain fail-soft alpha-beta over the points N-S take in the remaining tricks,
with one transposition table at trick boundaries: the search shared by the
partnership games (:class:`openhand.trickplay.ReferenceSearch`), read with
65's rules.  No move ordering and no equivalent-card reduction: it is meant
to be read and trusted, not to be fast.

>>> from openhand.sixtyfive import Position
>>> pos = Position.from_deal("N:A.K.. 3.A.. K.3.. Q.Q..", leader="N")
>>> r = solve(pos)
>>> r.value, r.moves
(13, {'AS': 12, 'KH': 13})
>>> at_least(pos, 13), at_least(pos, 14)
(True, False)
>>> r = solve(pos, objective="tricks")      # the trick-taking skeleton
>>> r.value, r.moves, r.units
(1, {'AS': 1, 'KH': 1}, 'tricks')
"""
from __future__ import annotations

from ..result import SolveResult
from ..trickplay import ReferenceSearch, trick_result
from ..trickplay import tricks_so_far
from ..errors import PositionError
from .rules import OBJECTIVES, Position, trick_count

__all__ = ["solve", "at_least", "check_objective"]


def check_objective(objective) -> str:
    """``objective`` if it is one of :data:`~.rules.OBJECTIVES`, else
    :class:`PositionError` naming it."""
    if not isinstance(objective, str) or objective not in OBJECTIVES:
        raise PositionError(f"unknown objective {objective!r}: expected one of {OBJECTIVES}")
    return objective


def _search(position: Position, progress, objective: str) -> ReferenceSearch:
    score = trick_count if check_objective(objective) == "tricks" else None
    return ReferenceSearch(position, side=0, progress=progress, score=score)


def solve(position: Position, moves: bool = True, progress=None, objective: str = "points") -> SolveResult:
    """Exact N-S points (``objective="tricks"``: tricks) in the remaining
    tricks, and (with ``moves``) the value of every legal card of the
    player to move.  ``progress``: None, or called with the nodes searched
    so far every 2^16 nodes (whatever it raises stops the search; see
    :mod:`openhand.progress`)."""
    search = _search(position, progress, objective)
    value, per_move, maxing = search.solve(moves)
    return trick_result(position, 0, value, per_move, search.nodes, maxing, units=objective)


def at_least(position: Position, target: int, progress=None, objective: str = "points") -> bool:
    """Can N-S end the deal with ``target`` points (or tricks: those
    already collected, when the position knows them, plus the remaining
    tricks) against best defence?  (``progress`` as for :func:`solve`.)"""
    search = _search(position, progress, objective)
    so_far = position.score()[0] if objective == "points" else tricks_so_far(position)[0]
    return search.at_least(target - so_far)
