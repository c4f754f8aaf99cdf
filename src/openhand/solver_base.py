"""What every game's public Solver shares: choosing the C++ core or the
Python reference, the table memory cap, one default solver per thread,
and the check that a state is one of the solver's game.

The solver contract, the same in every game: ``Solver(table_mb=...,
implementation=..., progress=...)``; ``solve(state, moves=True)`` returns
a :class:`~openhand.result.SolveResult` (the value and, with ``moves``,
every legal move's value); ``at_least(state, target)`` answers one
threshold question with a null-window search (far cheaper than the
value).  A game's ``solver.py`` subclasses :class:`SolverBase` naming its
game in the class statement, ``class Solver(SolverBase, game="65",
title="65", core="openhand.sixtyfive._core", table_mb=512,
states=(Position,))`` (the compiled module is loaded with
:func:`openhand._impl.load_core`, so ``OPENHAND_IMPLEMENTATION``
applies; ``core_class=`` names the module's solver class when the game
adds entries to the shared ``CoreSolver``, as Eighty-Three's
``ChoiceCoreSolver`` does), and implements the two methods.  Both take ``limit=``: an
:class:`openhand.limits.Limit` of nodes or seconds; a solve it stops is
``cut`` (bounds and the best move found), an at_least it stops raises
:class:`openhand.errors.LimitReached`.  ``threads=K`` spreads the moves'
values over K threads (:class:`SolverBase` below).
"""
from __future__ import annotations

import threading

from .errors import PositionError, require_threads

__all__ = ["SolverBase", "table_bytes", "MAX_TABLE_BYTES"]

# The largest table cap handed to a C++ core, in bytes (4 EiB, beyond any
# address space: the core maps what it can).  A larger cap would overflow
# the core's size arithmetic (2^63 bytes made it loop forever) or size_t.
MAX_TABLE_BYTES = 2 ** 62


class SolverBase:
    """An exact solver whose transposition table (at most ``table_mb`` MiB)
    is kept across calls: its entries depend on the position alone, so what
    it learns about one position holds for every later one.  The search
    releases the GIL, so separate Solvers run in parallel on separate
    threads.  One C++ Solver runs one search at a time: a call made while
    it searches (from another thread, or from its own ``progress``) raises
    :class:`openhand.errors.SolverBusyError` at once rather than share the
    search's table; use one Solver per thread (the module-level ``solve``
    functions use one per thread).  The Python reference keeps no state
    between calls (each search has its own table), so a Python Solver may
    serve several threads at once.

    ``implementation`` is ``'cpp'`` or ``'python'`` (default: the C++ core
    when built, unless ``OPENHAND_IMPLEMENTATION`` says otherwise).

    ``threads`` (C++ core): every move's value (``solve(moves=True)``) is
    spread over this many threads, the position's value the best of them,
    each thread with its own table of at most ``table_mb`` (so up to
    ``threads`` times the memory); the values are those of one thread, the
    node counts are not.  The Python reference runs on one thread whatever
    it says.

    Long searches can be watched and stopped.  Ctrl-C stops a C++ search
    within milliseconds (KeyboardInterrupt), as it does the Python
    reference.  ``progress``, if given, is called with the nodes searched
    so far in the solve call each time they reach a multiple of 65536
    (:data:`openhand.progress.POLL_NODES`): 65536, 131072, ...  Both
    implementations call it alike: about every 10 ms in the C++ core,
    every few tenths of a second in the Python reference.  Whatever it
    raises stops the search and is raised by the solve call, e.g. a time
    limit.  Only finished results are kept (in the C++ table; the Python
    reference keeps nothing between calls), so the solver stays usable.
    (Sixty-Six's C++ core counts here the nodes of its main search only,
    not those of its strict-endgame solver, which its results include.)
    """

    CORE = None             # the game's compiled module, or None
    CORE_NAME = ""          # its import name, for messages
    CORE_CLASS = "CoreSolver"   # the compiled module's solver class (a game's may add entries)
    DEFAULT_TABLE_MB = 64
    GAME = ""               # the game's id
    TITLE = ""              # its name in messages
    STATES: tuple = ()      # the state classes it solves

    def __init_subclass__(cls, game: str = "", title: str = "", core: str = "", table_mb: float = 64,
                          states: tuple = (), core_class: str = "CoreSolver", **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        from ._impl import load_core
        cls.GAME, cls.TITLE, cls.STATES, cls.DEFAULT_TABLE_MB = game, title, states, table_mb
        cls.CORE_CLASS = core_class
        cls.CORE_NAME, cls.CORE = core, load_core(core) if core else None
        cls.__doc__ = (cls.__doc__ or f"An exact {title} solver.").strip() + "\n\n" + SolverBase.__doc__

    def __init__(self, table_mb: float = None, implementation: str = None, progress=None, threads: int = 1):
        from ._impl import implementation as forced
        forced()          # a bad OPENHAND_IMPLEMENTATION is refused here, naming it
        if table_mb is None:
            table_mb = self.DEFAULT_TABLE_MB
        if isinstance(table_mb, bool) or not isinstance(table_mb, (int, float)) or not table_mb > 0:
            raise PositionError(f"table_mb must be a positive number, got {table_mb!r}")
        impl = ("cpp" if self.CORE is not None else "python") if implementation is None else implementation
        if impl not in ("cpp", "python"):
            raise PositionError(f"implementation must be 'cpp' or 'python', got {impl!r}")
        if impl == "cpp" and self.CORE is None:
            raise ImportError(f"the C++ core {self.CORE_NAME} is not available")
        self.implementation = impl
        self._core = None
        if impl == "cpp":
            try:
                self._core = getattr(self.CORE, self.CORE_CLASS)(table_bytes(table_mb))
            except ValueError as e:   # std::invalid_argument: the cap is too small
                raise PositionError(f"table_mb={table_mb!r}: {e}") from None
        self.threads = require_threads(threads)
        if self._core is not None:
            self._core.threads = threads
        self.progress = progress

    @property
    def progress(self):
        """None, or a callable taking the nodes searched so far (see above)."""
        return self._progress

    @progress.setter
    def progress(self, fn):
        if fn is not None and not callable(fn):
            raise TypeError(f"progress must be None or a callable taking a node count, got {fn!r}")
        self._progress = fn
        if self._core is not None:
            self._core.progress = fn

    def _limited(self, limit, call, *args):
        """``call(*args)`` on the C++ core with ``limit`` (a checked
        :class:`~openhand.limits.Limit` or None) set for this call only."""
        if limit is None:
            return call(*args)
        self._core.set_limit(limit.nodes or 0, float(limit.seconds or 0))
        try:
            return call(*args)
        finally:
            self._core.set_limit(0, 0.0)

    def _reference_limited(self, limit, work, on_cut):
        """``work(progress)`` on the Python reference, within ``limit``:
        ``on_cut(nodes)`` once it is spent (see :mod:`openhand.limits`)."""
        from .limits import ReferenceBudget
        if limit is None:
            return work(self.progress)
        return ReferenceBudget(limit, self.progress).run(work, on_cut)

    def _check(self, state):
        """``state`` if it is a state of this solver's game, else
        :class:`PositionError` saying what it is."""
        if isinstance(state, self.STATES):
            return state
        game = getattr(state, "game", None)
        what = type(state).__name__
        if isinstance(game, str) and game != self.GAME:
            what = f"a {what} of game {game}"
        raise PositionError(f"a {self.TITLE} solver solves {self.TITLE} states "
                            f"({', '.join(c.__name__ for c in self.STATES)}), not {what}")

    def solve(self, state, moves: bool = True):
        """The exact value of ``state`` and, with ``moves``, of every
        legal move: a :class:`~openhand.result.SolveResult`."""
        raise NotImplementedError

    def at_least(self, state, target: int) -> bool:
        """Can the side the values are for reach ``target`` (see the
        game's solver)?"""
        raise NotImplementedError

    @classmethod
    def default(cls) -> "SolverBase":
        """This thread's default solver of this class."""
        solvers = _local.__dict__.setdefault("solvers", {})
        if cls not in solvers:
            solvers[cls] = cls()
        return solvers[cls]


def table_bytes(table_mb) -> int:
    """The byte cap of a positive ``table_mb``, at most
    :data:`MAX_TABLE_BYTES` (``float('inf')`` included).

    >>> table_bytes(1), table_bytes(10 ** 30) == table_bytes(float("inf")) == MAX_TABLE_BYTES
    (1048576, True)
    """
    return MAX_TABLE_BYTES if table_mb * 2 ** 20 >= MAX_TABLE_BYTES else int(table_mb * 2 ** 20)


_local = threading.local()
