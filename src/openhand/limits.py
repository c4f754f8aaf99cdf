"""Answers within a limit: :class:`Limit` (a node count, a time, or both),
what every game's ``Solver.solve`` and ``Solver.at_least`` accept as
``limit=``, and the machinery shared by the solvers to honour it.

A solve cut by its limit still returns a
:class:`~openhand.result.SolveResult`, with ``cut`` true, ``value`` None,
the bounds proved so far (``lower`` .. ``upper``, true bounds on the value)
and the best move found (``best_move``, never None while a move is legal);
``at_least`` cut by its limit raises :class:`~openhand.errors.LimitReached`
carrying that result.  The C++ solver keeps every finished result in its
table, so asking the same Solver again goes on from where the cut call
stopped.  The Python reference keeps nothing between calls; a cut reference
solve reports the position's trivial bounds and its first legal move.

The C++ core counts nodes exactly and reads the clock every 2^16 nodes
(some 10 ms); the Python reference checks both every 2^16 nodes
(:data:`openhand.progress.POLL_NODES`), so its node limits round up to that.
The nodes limited are the main search's: Sixty-Six's strict-endgame solver
counts its own (the result's ``nodes`` adds them), and with
``Solver(threads=K)`` each thread may spend the limit.  Eighty-Three's
deals before the play (passes and discards) take no limit yet.

>>> from openhand.sixtyfive import Solver, random_position
>>> solver = Solver(table_mb=16)
>>> pos = random_position(seed=3, tricks_left=8)
>>> r = solver.solve(pos, moves=False, limit=Limit(nodes=20000))
>>> r.cut, r.value, r.lower <= 30 <= r.upper, r.best_move in pos.legal_moves
(True, None, True, True)
>>> while r.cut:                       # each call goes on from the table
...     r = solver.solve(pos, moves=False, limit=Limit(nodes=20000))
>>> r.value
30
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Optional

from .errors import LimitReached, PositionError

__all__ = ["Limit", "check_limit", "ReferenceBudget", "raise_cut"]


@dataclass(frozen=True)
class Limit:
    """At most ``nodes`` search nodes and / or ``seconds`` of time for one
    solve or at_least call (None: no limit of that kind)."""

    nodes: Optional[int] = None
    seconds: Optional[float] = None

    def __post_init__(self):
        if self.nodes is not None and (isinstance(self.nodes, bool) or not isinstance(self.nodes, int)
                                       or self.nodes < 1):
            raise PositionError(f"a node limit must be a positive integer, got {self.nodes!r}")
        if self.seconds is not None and (isinstance(self.seconds, bool)
                                         or not isinstance(self.seconds, (int, float))
                                         or not self.seconds > 0 or math.isinf(self.seconds)):
            raise PositionError(f"a time limit must be a positive number of seconds, got {self.seconds!r}")


def check_limit(limit) -> Optional[Limit]:
    """``limit`` if it is None or a :class:`Limit`, else
    :class:`PositionError` naming it."""
    if limit is None or isinstance(limit, Limit):
        return limit
    raise PositionError(f"limit must be an openhand.limits.Limit (nodes=..., seconds=...), got {limit!r}")


class _Spent(Exception):
    """Raised through a reference search whose budget is spent."""


class ReferenceBudget:
    """A progress hook for the Python reference that also enforces a
    limit: called every 2^16 nodes, it calls the caller's ``progress``
    and raises :class:`_Spent` (caught by :meth:`run`) once the node count
    or the time is spent."""

    def __init__(self, limit: Optional[Limit], progress=None):
        self.limit = limit
        self.progress = progress
        self.start = time.monotonic()

    def __call__(self, nodes: int) -> None:
        if self.progress is not None:
            self.progress(nodes)
        lim = self.limit
        if lim is not None and ((lim.nodes is not None and nodes >= lim.nodes)
                                or (lim.seconds is not None and time.monotonic() - self.start >= lim.seconds)):
            raise _Spent(nodes)

    def run(self, work, on_cut):
        """``work(progress)``, or ``on_cut(nodes)`` if the limit stopped it."""
        try:
            return work(self)
        except _Spent as e:
            return on_cut(e.args[0])


def raise_cut(result):
    """Raise :class:`LimitReached` for an at_least cut by its limit."""
    raise LimitReached(f"the limit was reached before the question was settled: the value lies in "
                       f"{result.lower}..{result.upper} ({result.perspective})", result)
