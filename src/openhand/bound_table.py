"""The transposition table of the pure-Python reference solvers.

It maps a position's key to bounds (lo, hi) on its value, as learnt by
fail-soft alpha-beta: the readable twin of ``csrc/ttable.hpp``.

Only finished results are ever stored: a search stores a node's bound after
all its children have returned, and each table belongs to one search (one
solve call) and is dropped with it.  So when an exception from the
``progress`` callback (:mod:`openhand.progress`) unwinds a search mid-way,
nothing half-done survives, as in the C++ core.

>>> t = BoundTable()
>>> t.store("p", 5, alpha=0, beta=10)      # 5 inside the window: exact
>>> t.probe("p", 0, 10)
(5, 0, 10)
>>> t.store("q", 3, alpha=3, beta=4)       # failed low: at most 3
>>> t.probe("q", 5, 9), t.probe("q", 0, 9)
((3, 5, 9), (None, 0, 3))
"""
from __future__ import annotations

from typing import Dict, Hashable, Optional, Tuple

__all__ = ["BoundTable", "INF"]

INF = 10 ** 6


class BoundTable(Dict[Hashable, Tuple[int, int]]):
    """Bounds (lo, hi) on the value of positions, by key."""

    def probe(self, key, alpha: int, beta: int) -> Tuple[Optional[int], int, int]:
        """``(value, alpha, beta)``: ``value`` is not None when the stored
        bounds settle the search with window (alpha, beta); otherwise the
        window narrowed by the bounds."""
        lo, hi = self.get(key, (-INF, INF))
        if lo >= beta or lo == hi:
            return lo, alpha, beta
        if hi <= alpha:
            return hi, alpha, beta
        return None, max(alpha, lo), min(beta, hi)

    def store(self, key, best: int, alpha: int, beta: int) -> None:
        """Record a fail-soft result ``best`` of a search with window
        (alpha, beta): an upper bound if it failed low, a lower bound if it
        failed high, else the exact value."""
        lo, hi = self.get(key, (-INF, INF))
        if best <= alpha:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        self[key] = (lo, hi)
