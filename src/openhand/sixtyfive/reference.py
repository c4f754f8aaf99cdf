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
"""
from __future__ import annotations

from ..result import SolveResult
from ..trickplay import ReferenceSearch, trick_result
from .rules import Position

__all__ = ["solve", "at_least"]


def solve(position: Position, moves: bool = True, progress=None) -> SolveResult:
    """Exact N-S points in the remaining tricks, and (with ``moves``) the
    value of every legal card of the player to move.  ``progress``: None,
    or called with the nodes searched so far every 2^16 nodes (whatever it
    raises stops the search; see :mod:`openhand.progress`)."""
    search = ReferenceSearch(position, side=0, progress=progress)
    value, per_move, maxing = search.solve(moves)
    return trick_result(position, 0, value, per_move, search.nodes, maxing)


def at_least(position: Position, target: int, progress=None) -> bool:
    """Can N-S end the deal with ``target`` points (those already
    collected, when the position knows them, plus the remaining tricks)
    against best defence?  (``progress`` as for :func:`solve`.)"""
    need = target - position.score()[0]
    return ReferenceSearch(position, side=0, progress=progress).at_least(need)
