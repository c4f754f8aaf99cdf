"""Progress reports of long searches, alike in both implementations.

A search given a ``progress`` callback calls it each time the nodes it has
searched (in that solve call) reach a multiple of :data:`POLL_NODES`, with
that count: 65536, 131072, ...  Whatever the callback raises stops the
search and is raised by the solve call.  The C++ core polls at the same
count (``kPollNodes`` in ``csrc/search.hpp``, through
``_solver_owner.pxi``); the pure-Python reference searches count their
nodes with :class:`NodeCounter`.

>>> seen = []
>>> c = NodeCounter(seen.append)
>>> for _ in range(2 * POLL_NODES + 5):
...     c.count_node()
>>> c.nodes, seen
(131077, [65536, 131072])
"""
from __future__ import annotations

from typing import Callable, Optional

__all__ = ["NodeCounter", "POLL_NODES"]

# Nodes between two progress calls: the C++ side's kPollNodes (2^16).
POLL_NODES = 1 << 16


class NodeCounter:
    """The node count of one reference search (``nodes``) and its
    ``progress`` callback (None, or a callable taking the count).

    A search calls :meth:`count_node` once per node, before it stores
    anything for that node; an exception from ``progress`` therefore
    unwinds the search with no result of an unfinished node stored."""

    def __init__(self, progress: Optional[Callable[[int], object]] = None) -> None:
        self.nodes = 0
        self.progress = progress

    def count_node(self) -> None:
        """One more node; every :data:`POLL_NODES` nodes, ``progress(nodes)``."""
        self.nodes += 1
        if self.progress is not None and self.nodes % POLL_NODES == 0:
            self.progress(self.nodes)
