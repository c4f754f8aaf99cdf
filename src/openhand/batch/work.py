"""One item's work, the same function wherever it runs (a local thread, a
process or a Dask worker): :func:`solve_text` takes the question as plain
values and the item's state text and returns a plain record, so nothing
but text and numbers crosses a thread, process or network boundary.

Every item gets a fresh solver: its table starts empty, so an item's
answer and node count do not depend on which items ran before it on the
same worker, and runs with 1, 2 or 20 workers store identical rows.

>>> from openhand.batch.question import Question
>>> q = Question.make("65", "moves").to_dict()
>>> r = solve_text(q, "game=65; deal=N:A.K.. 3.A.. K.3.. Q.Q..; leader=N")
>>> r["status"], r["value"], r["result"]["moves"]
('done', 13, {'AS': 12, 'KH': 13})
>>> solve_text(q, "game=65; deal=N:A.K.. 3.A.. K.3..; leader=N")["status"]
'error'
"""
from __future__ import annotations

import time

from ..errors import OpenhandError

__all__ = ["solve_text", "solve_texts", "Stopped"]


class Stopped(Exception):
    """A search stopped because the run was asked to stop (Ctrl-C)."""


def _stopper(stop):
    if stop is None:
        return None

    def progress(nodes):
        if stop.is_set():
            raise Stopped()
    return progress


def solve_text(question: dict, text: str, stop=None) -> dict:
    """Solve one item: ``question`` is :meth:`Question.to_dict`, ``text``
    the item's state text (its key).  Returns ``{"key", "status": "done",
    "value", "deal_value", "lower", "upper", "nodes", "seconds", "result"}``
    (``"status": "limit"``: the question's limit stopped a search, the
    bounds proved kept; see :meth:`.parts.BatchParts.answer`)
    or, when the library refuses the item, ``{"key", "status": "error",
    "message"}``.  ``stop``, a ``threading.Event``, stops the search
    within some 10 ms of being set (:class:`Stopped`)."""
    from ..game import load_game
    from .question import Question
    q = Question.from_dict(question)
    game = load_game(q.game)
    parts = game.batch_parts
    start = time.thread_time()
    try:
        state = game.from_text(text)
        parts.check_state(state, q.what)
        solver = game.solver(table_mb=q.table_mb, progress=_stopper(stop))
        record = parts.answer(solver, state, q)
    except OpenhandError as e:
        return {"key": text, "status": "error", "message": str(e)}
    record.setdefault("status", "done")   # or 'limit': the question's limit stopped a search
    record.update(key=text, seconds=round(time.thread_time() - start, 6))
    return record


def solve_texts(question: dict, texts, stop=None) -> list:
    """:func:`solve_text` of each text, in order: one task for several
    items, where a task's round trip costs more than a small item (Dask)."""
    return [solve_text(question, text, stop) for text in texts]
