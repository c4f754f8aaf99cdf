"""The C++ cores' table memory kept between solvers.

A solver's transposition table is mapped once at its cap and the system
zeroes each page the first time it is written.  When a solver is freed
its table's memory is kept (the two most recently freed tables) and the
next solver of the same cap takes it, zeroing only what it comes to use:
on this project's hosts that saved a tenth of a full 65 deal's time (see
benchmarks/README.md, twentieth session), as DDS keeps its memory between
boards.  A table that grows into memory never touched first hands the
kept ones back, so kept memory never adds to what live solvers use;
:func:`release_memory` hands it back at once, for a long-running process
that is done solving for a while.

>>> from openhand import release_memory
>>> _ = release_memory()
>>> release_memory()          # nothing is kept once released
0
"""
from __future__ import annotations

__all__ = ["release_memory"]


def _loaded_cores() -> list:
    """The compiled modules of the game solvers defined so far (a game whose
    solver was never imported has no core loaded, so keeps nothing)."""
    from .solver_base import SolverBase
    cores, classes = [], [SolverBase]
    while classes:
        cls = classes.pop()
        classes.extend(cls.__subclasses__())
        if cls.CORE is not None and cls.CORE not in cores:
            cores.append(cls.CORE)
    return cores


def release_memory() -> int:
    """Unmap the table memory every loaded C++ core keeps for its next
    solver; returns the bytes those tables had used (0 if none was kept,
    or with the pure-Python implementation, which keeps nothing)."""
    return sum(core.release_kept_tables() for core in _loaded_cores())
