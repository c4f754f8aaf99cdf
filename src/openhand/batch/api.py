"""``solve_many``: solve many states at once, on local threads or a Dask
cluster, and get numpy arrays (:mod:`.arrays`) besides the structured
results.

>>> from openhand import load_game
>>> from openhand.batch import solve_many
>>> g = load_game("66")
>>> states = [g.new_state(seed=s) for s in (1, 2, 1)]        # the third is the first again
>>> r = solve_many(g, states, what="moves", workers=2)
>>> r.values.tolist() == [x.value for x in r.results], r.unique
(True, 2)
>>> r.results[0].value == g.solver().solve(states[0]).value
True
>>> col = r.columns.index("close")
>>> bool(r.move_values[0, col] == r.results[0].moves["close"])
True
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional

from ..errors import OpenhandError, PositionError, is_list

__all__ = ["solve_many", "BatchResult"]


@dataclass
class BatchResult:
    """The answers of :func:`solve_many`, one per given state, in order.

    ``keys`` the states' texts; ``results`` the structured answers
    (:class:`~openhand.result.SolveResult` for value and moves, a dict
    ``{"game", "at_least": {"T": bool}}`` for reach, a
    :class:`~openhand.eightythree.feasibility.BidTable` dict for bids;
    None where refused); ``errors`` index -> message; ``unique`` how many
    distinct states were answered (solved, or read from the store); ``arrays`` every array of
    :mod:`openhand.batch.arrays`, also reachable as attributes
    (``values``, ``move_values``, ``nodes``, ...)."""

    question: object
    keys: List[str]
    results: List[object]
    errors: Dict[int, str]
    unique: int
    arrays: Dict[str, object] = field(repr=False, default_factory=dict)
    records: List[Optional[dict]] = field(repr=False, default_factory=list)

    def __getattr__(self, name):
        arrays = self.__dict__.get("arrays", {})
        if name in arrays:
            return arrays[name]
        raise AttributeError(name)


def _structured(question, record):
    if record is None or record.get("status") not in ("done", "limit"):
        return None
    if question.what in ("value", "moves"):
        from ..result import SolveResult
        return SolveResult.from_dict(record["result"])
    return record["result"]


def solve_many(game, states, what: str = "value", targets=None, workers: Optional[int] = None,
               client=None, table_mb=None, progress=None, store=None, limit=None, **options) -> BatchResult:
    """Solve every state of ``states`` (States of ``game``, or their texts).

    ``what``: ``'value'``, ``'moves'``, ``'reach'`` (``targets``: the
    thresholds, default the game's) or Eighty-Three's ``'bids'`` (option
    ``mode='fast'`` for the heuristic table); ``options``: the game's
    solve options (Sixty-Six ``objective``).  ``workers`` local threads
    (default: one per core), or ``client`` a ``dask.distributed.Client``
    to run on its cluster.  States that are equal are solved once.
    ``progress``, if given, is called as ``progress(done, total)`` as
    states are settled.  ``store``, the path of a result store
    (:mod:`.store`) of the same question: each answer is written to it as
    it completes and states it already holds are not solved again (an
    interrupted call, called again, goes on).  A state the solver refuses
    is reported in ``errors`` (its row empty), the others are solved.
    ``limit``, an :class:`openhand.limits.Limit`, bounds each search of a
    state (reach: each threshold); a state it stopped has a cut answer
    (``SolveResult.cut``; reach: the settled thresholds and
    ``"unsettled"``), its record's status ``'limit'``, and nothing in
    the arrays (``solved`` False); called again with the same store, it
    is solved again."""
    from ..game import load_game
    from .inputs import BadLine, Item
    from .question import Question
    from .runner import DaskPool, LocalPool, run
    from .arrays import arrays_of, need_numpy
    need_numpy()
    g = load_game(game)
    from ..limits import check_limit
    limit = check_limit(limit)
    question = Question.make(g, what, targets, table_mb, limit and limit.nodes, limit and limit.seconds,
                             **options)
    if not is_list(states):
        raise PositionError(f"states must be a list of {g.title} states or their texts, not {states!r}")
    parts = g.batch_parts
    entries = []
    for i, s in enumerate(states):
        try:
            state = g.from_text(s) if isinstance(s, str) else s
            if getattr(state, "game", None) != g.id or not hasattr(state, "to_text"):
                raise PositionError(f"not a {g.title} state: {s!r}")
            parts.check_state(state, question.what)
            entries.append(Item("states", i, state.to_text()))
        except OpenhandError as e:
            entries.append(BadLine("states", i, str(s), str(e)))
    records: List[Optional[dict]] = [None] * len(entries)
    errors: Dict[int, str] = {}
    unique = 0
    done = 0

    def note(entry, record, how):
        nonlocal unique, done
        done += 1
        if how in ("bad", "error"):
            errors[entry.line] = entry.message if how == "bad" else record["message"]
        else:
            records[entry.line] = record
            unique += how in ("solved", "stored")
        if progress is not None:
            progress(done, len(entries))

    from .store import Store
    opened = Store.open(store, question) if store is not None else None
    try:
        pool = DaskPool(client) if client is not None else LocalPool(workers)
        run(question, entries, pool, opened, on_entry=note)
    finally:
        if opened is not None:
            opened.close()
    return BatchResult(question, [e.key if isinstance(e, Item) else None for e in entries],
                       [_structured(question, r) for r in records], errors, unique,
                       arrays_of(question, records), records)
