"""Running a batch: the items go to a pool of workers, a bounded window of
them at a time (a stream of millions never sits in memory), and each
answer comes back to the calling thread, which stores it and reports it
as it completes.

Two pools speak the same three verbs (``submit`` a list of keys, ``wait``,
``close``) and say how many keys make one task (``chunk``):

* :class:`LocalPool`: threads of this process (default: one per core).
  The C++ searches release the GIL, so the threads search in parallel;
  each item has its own solver (:mod:`.work`).  Ctrl-C stops every running
  search within some 10 ms (a stop flag polled by the solvers).
* :class:`DaskPool`: a ``dask.distributed`` client (an existing cluster,
  or a ``LocalCluster``); the same function runs on its workers and the
  answers stream back here, 8 items a task by default (a task's round trip
  costs some 5 ms of CPU, a Sixty-Six deal some 40 ms).  No networking of
  our own.

:func:`run` drives either: duplicates (one key) are solved once, items
already in the store are not solved again, and ``on_entry`` hears of
every entry as it is settled.

>>> from openhand.batch.question import Question
>>> from openhand.batch.inputs import Item
>>> seen = []
>>> items = [Item("x", i, "game=65; deal=N:A.K.. 3.A.. K.3.. Q.Q..; leader=N") for i in (1, 2)]
>>> run(Question.make("65"), items, LocalPool(2), on_entry=lambda e, rec, how: seen.append((e.line, how)))
>>> sorted(seen)
[(1, 'solved'), (2, 'duplicate')]
"""
from __future__ import annotations

import concurrent.futures
import os
import threading
from typing import Callable, Iterable, Optional

from .inputs import BadLine
from .work import Stopped, solve_texts

__all__ = ["LocalPool", "DaskPool", "run", "local_cores"]


def local_cores() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


class LocalPool:
    """``workers`` threads of this process (default: one per core)."""

    def __init__(self, workers: Optional[int] = None) -> None:
        from ..errors import PositionError
        workers = local_cores() if workers is None else workers
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise PositionError(f"workers must be a whole number of at least 1, got {workers!r}")
        self.width, self.chunk = workers, 1
        self.stop = threading.Event()
        self._ex = concurrent.futures.ThreadPoolExecutor(workers, thread_name_prefix="openhand-batch")

    def submit(self, question: dict, keys):
        return self._ex.submit(solve_texts, question, keys, self.stop)

    def wait(self, futures, timeout: float):
        return concurrent.futures.wait(futures, timeout, concurrent.futures.FIRST_COMPLETED)[0]

    def close(self, cancel: bool = False) -> None:
        if cancel:
            self.stop.set()
        self._ex.shutdown(wait=True, cancel_futures=cancel)


class DaskPool:
    """A ``dask.distributed.Client``'s workers.  ``close(cancel=True)``
    cancels the items not yet finished (a remote worker finishes the
    search it is in)."""

    def __init__(self, client, chunk: int = 8) -> None:
        self.client = client
        self.width = max(1, sum(client.nthreads().values()))
        self.chunk = chunk
        self._futures = set()

    def submit(self, question: dict, keys):
        f = self.client.submit(solve_texts, question, keys, pure=False)
        self._futures.add(f)
        return f

    def wait(self, futures, timeout: float):
        import asyncio
        import distributed
        try:
            distributed.wait(list(futures), timeout=timeout, return_when="FIRST_COMPLETED")
        except (TimeoutError, asyncio.TimeoutError):     # (one class from Python 3.11 on)
            pass
        done = {f for f in futures if f.done()}
        self._futures -= done
        return done

    def close(self, cancel: bool = False) -> None:
        if cancel and self._futures:
            self.client.cancel(list(self._futures))
        self._futures.clear()


def _result(future):
    """A finished future's records, or None if its searches were stopped."""
    try:
        return future.result()
    except (Stopped, concurrent.futures.CancelledError):
        return None


def run(question, entries: Iterable, pool, store=None,
        on_entry: Optional[Callable] = None, window: Optional[int] = None) -> None:
    """Solve every entry (:class:`~.inputs.Item` or :class:`~.inputs.BadLine`)
    on ``pool``; each finished record is written to ``store`` (if any) in
    its own transaction before ``on_entry(entry, record, how)`` hears of
    it, ``how`` being ``'solved'``, ``'duplicate'`` (its key was solved in
    this run), ``'stored'`` (already in the store), ``'error'`` (the solver
    refused it: ``record["message"]``) or ``'bad'`` (a :class:`BadLine`;
    record None).  Bad lines and refused items are recorded in the store's
    errors.  Without a store a key solved earlier in the run is not solved
    again either.  An exception (Ctrl-C) stops the running searches; what
    finished was stored."""
    q = question.to_dict()
    window = window or 2 * pool.width + 2
    pending = {}          # future -> its keys
    waiting = {}          # key -> entries waiting for it
    finished = {}         # key -> record (without a store)
    note = on_entry or (lambda entry, record, how: None)
    it = iter(entries)
    more = True

    def settle(key, record):
        first, *rest = waiting.pop(key)
        if record["status"] == "error":
            for e in (first, *rest):
                if store is not None:
                    store.put_error(e.source, e.line, key, record["message"])
                note(e, record, "error")
            return
        if store is not None:
            store.put(record, first.source, first.line)
        else:
            finished[key] = record
        note(first, record, "solved")
        for e in rest:
            note(e, record, "duplicate")

    def submit(keys):
        pending[pool.submit(q, keys)] = keys

    try:
        while True:
            batch = []
            while more and len(pending) < window:
                e = next(it, None)
                if e is None:
                    more = False
                    break
                if isinstance(e, BadLine):
                    if store is not None:
                        store.put_error(e.source, e.line, e.text, e.message)
                    note(e, None, "bad")
                    continue
                if e.key in waiting:
                    waiting[e.key].append(e)
                    continue
                done = finished.get(e.key) if store is None else store.get(e.key)
                if done is not None:
                    note(e, done, "duplicate" if store is None else "stored")
                    continue
                waiting[e.key] = [e]
                batch.append(e.key)
                if len(batch) == pool.chunk:
                    submit(batch)
                    batch = []
            if batch:
                submit(batch)
            if not pending:
                break
            for f in pool.wait(list(pending), 0.25):
                keys = pending.pop(f)
                records = _result(f)
                for key, record in zip(keys, records or ()):
                    settle(key, record)
    except BaseException:
        pool.close(cancel=True)
        for f, keys in pending.items():     # finished while we stopped: keep them
            if f.done() and not f.cancelled() and f.exception() is None and f.result() is not None:
                for key, record in zip(keys, f.result()):
                    settle(key, record)
        raise
    pool.close()
