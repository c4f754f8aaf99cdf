"""A searching player's time budget, spent world by world: the clock
(:class:`WorldClock`), the cap that stops a search (:func:`capped`,
:class:`Capped`) and the one loop every sampling decision runs
(:func:`within_budget`: deal and value worlds until the budget is spent,
leaving out a world whose search would end past it).
"""
from __future__ import annotations

import time
from typing import Callable, Iterable, Iterator, Optional, TypeVar

__all__ = ["WorldClock", "Capped", "capped", "within_budget"]

T = TypeVar("T")


class WorldClock:
    """A decision's time budget, ``seconds`` of this thread's CPU (None: no
    limit), spent world by world: :meth:`another` says whether one more
    world fits: the first always does; a later one when it would end
    within the budget if it cost as much as the dearest world so far.
    :attr:`deadline` is when a world's search is stopped (and the world
    left out): a decision keeps within its budget, give or take one poll
    of the search (65536 nodes, a few milliseconds).

    >>> clock = WorldClock(None)
    >>> clock.another(), clock.tick() is None, clock.another()
    (True, True, True)
    """

    def __init__(self, seconds: Optional[float]) -> None:
        self.seconds, self.worlds, self.dearest = seconds, 0, 0.0
        self.start = self._last = time.thread_time()

    @property
    def deadline(self) -> Optional[float]:
        """The budget's end (None: no budget)."""
        return None if self.seconds is None else self.start + self.seconds

    def another(self) -> bool:
        if self.seconds is None or not self.worlds:
            return True
        return time.thread_time() - self.start + self.dearest <= self.seconds

    def tick(self) -> None:
        """One more world was solved (or tried)."""
        now = time.thread_time()
        self.worlds, self.dearest, self._last = self.worlds + 1, max(self.dearest, now - self._last), now


class Capped(Exception):
    """A search reached its node cap: this world is left out."""


def capped(solver, nodes, deadline: Optional[float] = None):
    """Make ``solver`` stop (raising :class:`Capped`) once a search passes
    ``nodes`` nodes or this thread's CPU clock (``time.thread_time()``)
    passes ``deadline`` (both checked every 65536 nodes); None: no cap."""
    if nodes is None and deadline is None:
        solver.progress = None
        return solver

    def stop(n):
        if (nodes is not None and n >= nodes) or (deadline is not None and time.thread_time() > deadline):
            raise Capped(n)
    solver.progress = stop
    return solver


_END = object()


def within_budget(seconds: Optional[float], worlds: Iterable, value: Callable[..., T]) -> Iterator[T]:
    """``value(world, deadline)`` of each world of ``worlds`` while a
    :class:`WorldClock` of ``seconds`` allows another (None: every world).
    ``worlds`` is drawn lazily: the next world is dealt only once it fits.
    ``deadline`` is when the world's search must stop (pass it to
    :func:`capped`); a world whose value raises :class:`Capped` is left
    out (its time counts).  With ``seconds=None`` the work is exactly the
    worlds given (less those capped), so a seeded decision is reproducible.

    >>> list(within_budget(None, range(4), lambda w, deadline: w * w))
    [0, 1, 4, 9]
    >>> def value(w, deadline):
    ...     if w == 1:
    ...         raise Capped(w)
    ...     return w
    >>> list(within_budget(None, range(3), value))
    [0, 2]
    """
    clock = WorldClock(seconds)
    draw = iter(worlds)
    while clock.another():
        world = next(draw, _END)
        if world is _END:
            return
        try:
            result = value(world, clock.deadline)
        except Capped:
            continue
        finally:
            clock.tick()
        yield result
