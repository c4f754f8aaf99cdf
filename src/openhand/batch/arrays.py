"""Batch answers as numpy arrays (numpy is the ``batch`` extra), one row
per item in order:

``solved``       bool (n,): the row holds an answer (False: refused input)
``values``       float32 (n,): ``SolveResult.value`` (value, moves), NaN if none
``deal_values``  float32 (n,): ``SolveResult.deal_value``
``lower``, ``upper``  float32 (n,): bounds on the deal value (NaN: none)
``nodes``        int64 (n,): search nodes, -1 where unknown
``seconds``      float32 (n,): CPU seconds of the solving thread
``move_values``  float32 (n, len(columns)) (moves): each move's value in the
                 game's fixed move encoding ``columns`` (the game's
                 ``MOVE_COLUMNS``; see each game's ``batch.py``), NaN for a
                 move that is not legal
``reached``      bool (n, len(targets)) (reach): "at least target?"
``bids``         float32 (n, 4, 4) (Eighty-Three bids): the value of each
                 (bidder N E S W, trump S H D C); ``highest_bids`` the highest
                 makeable bid, NaN under 30

Values are exact whole numbers; float32 holds every one of them exactly
and NaN marks what is missing.

>>> from openhand.batch.question import Question
>>> recs = [{"status": "done", "value": 13, "deal_value": 25, "lower": 25, "upper": 25, "nodes": 9,
...          "seconds": 0.5, "result": {"moves": {"AS": 12, "KH": 13}}}, None]
>>> a = arrays_of(Question.make("65", "moves"), recs)
>>> a["solved"].tolist(), a["values"].tolist()[0], a["move_values"].shape
([True, False], 13.0, (2, 48))
>>> cols = a["columns"]; float(a["move_values"][0, cols.index("KH")]), a["nodes"].tolist()
(13.0, [9, -1])
"""
from __future__ import annotations

from typing import Dict, List, Optional

__all__ = ["arrays_of", "need_numpy"]

SEATS, TRUMPS = "NESW", "SHDC"


def need_numpy():
    """numpy, or an ImportError naming the extra that brings it."""
    try:
        import numpy
    except ImportError:
        raise ImportError("numpy is needed for batch arrays: pip install 'openhand[batch]'") from None
    return numpy


def arrays_of(question, records: List[Optional[dict]]) -> Dict[str, object]:
    """The arrays of the records of ``question`` (None or a record whose
    status is not 'done': no answer)."""
    np = need_numpy()
    from ..game import load_game
    n = len(records)
    ok = [r is not None and r.get("status") == "done" for r in records]

    def column(name, dtype=np.float32, missing=np.nan):
        return np.array([r[name] if good and r.get(name) is not None else missing
                         for r, good in zip(records, ok)], dtype=dtype)

    out: Dict[str, object] = {"solved": np.array(ok, dtype=bool)}
    for name in ("value", "deal_value"):
        out[name + "s"] = column(name)
    out["lower"], out["upper"] = column("lower"), column("upper")
    out["nodes"] = column("nodes", np.int64, -1)
    out["seconds"] = column("seconds")
    if question.what == "moves":
        columns = load_game(question.game).batch_parts.MOVE_COLUMNS
        index = {m: i for i, m in enumerate(columns)}
        mv = np.full((n, len(columns)), np.nan, dtype=np.float32)
        for i, (r, good) in enumerate(zip(records, ok)):
            if good:
                for move, v in r["result"]["moves"].items():
                    if move in index:
                        mv[i, index[move]] = v
        out["move_values"], out["columns"] = mv, columns
    if question.what == "reach":
        reached = np.zeros((n, len(question.targets)), dtype=bool)
        for i, (r, good) in enumerate(zip(records, ok)):
            if good:
                reached[i] = [r["result"]["at_least"][str(t)] for t in question.targets]
        out["reached"], out["targets"] = reached, question.targets
    if question.what == "bids":
        bids = np.full((n, 4, 4), np.nan, dtype=np.float32)
        highest = np.full((n, 4, 4), np.nan, dtype=np.float32)
        for i, (r, good) in enumerate(zip(records, ok)):
            if good:
                for row in r["result"]["rows"]:
                    s, t = SEATS.index(row["seat"]), TRUMPS.index(row["trump"])
                    bids[i, s, t] = row["value"]
                    if row["highest_bid"] is not None:
                        highest[i, s, t] = row["highest_bid"]
        out["bids"], out["highest_bids"] = bids, highest
    return out
