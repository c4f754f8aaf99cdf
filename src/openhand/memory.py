"""The C++ cores' table memory kept between solvers.

A solver's transposition table is mapped once at its cap and the system
zeroes each page the first time it is written.  When a solver is freed
its table's memory is kept (at most two tables a game) and the next
solver of the same cap takes it, zeroing only what was used: on this
project's hosts that saved a tenth of a full 65 deal's time (see
benchmarks/README.md, twentieth session), as DDS keeps its memory between
boards.  :func:`release_memory` hands that memory back to the system, for
a long-running process that is done solving for a while.

>>> from openhand import release_memory
>>> release_memory() >= 0
True
"""
from __future__ import annotations

import sys

__all__ = ["release_memory"]

_CORES = ("openhand.sixtyfive._core", "openhand.sixtysix._core", "openhand.eightythree._core")


def release_memory() -> int:
    """Unmap the table memory every loaded C++ core keeps for its next
    solver; returns the bytes those tables had used (0 if none was kept,
    or with the pure-Python implementation, which keeps nothing)."""
    released = 0
    for name in _CORES:
        core = sys.modules.get(name)   # a core not loaded keeps nothing
        if core is not None:
            released += core.release_kept_tables()
    return released
