"""Export a result store's finished items: CSV, Parquet (pyarrow, the
``parquet`` extra) or ``.npy`` (a numpy structured array).

Every format has a row per item, in order of completion, with the store's
columns (``key``, ``status``, ``value``, ``deal_value``, ``lower``,
``upper``, ``nodes``, ``seconds``, ``source``, ``line``, ``solved_at``;
see :mod:`.store`) and the question's own:

* moves: ``move:M`` for every move M of the game's fixed move encoding
  (empty / NaN where M is not legal);
* reach: ``at_least:T`` for every threshold (true/false);
* bids: ``bid:SEAT:TRUMP`` (the value) and ``highest:SEAT:TRUMP`` (the
  highest makeable bid, empty under 30).

CSV and Parquet also carry ``result`` (the answer's JSON).  The ``.npy``
array has the numeric columns as fields, the per-move values as one field
``move_values`` of shape (moves,) (its order: the encoding, in the
``columns`` of :mod:`.arrays`), ``reached`` and ``bids`` likewise; it
loads with ``numpy.load(path)`` (no pickle).
"""
from __future__ import annotations

import csv
from typing import Iterator, List, Tuple

__all__ = ["export", "FORMATS", "columns_of", "flat_rows"]

FORMATS = ("csv", "parquet", "npy")
BASE = ("key", "status", "value", "deal_value", "lower", "upper", "nodes", "seconds", "source", "line",
        "solved_at")


def columns_of(question) -> List[str]:
    """The flat columns of a question's rows (CSV and Parquet)."""
    from ..game import load_game
    cols = list(BASE)
    if question.what == "moves":
        cols += [f"move:{m}" for m in load_game(question.game).batch_parts.MOVE_COLUMNS]
    if question.what == "reach":
        cols += [f"at_least:{t}" for t in question.targets]
    if question.what == "bids":
        cols += [f"{kind}:{s}:{t}" for kind in ("bid", "highest") for s in "NESW" for t in "SHDC"]
    return cols + ["result"]


def flat_rows(store) -> Iterator[dict]:
    """The store's finished rows as flat dicts of :func:`columns_of`."""
    import json
    q = store.question
    for r in store.rows():
        out = {c: r[c] for c in BASE}
        res = r["result"]
        if q.what == "moves":
            out.update({f"move:{m}": v for m, v in res["moves"].items()})
        if q.what == "reach":
            out.update({f"at_least:{t}": ok for t, ok in res["at_least"].items()})
        if q.what == "bids":
            for row in res["rows"]:
                out[f"bid:{row['seat']}:{row['trump']}"] = row["value"]
                out[f"highest:{row['seat']}:{row['trump']}"] = row["highest_bid"]
        out["result"] = json.dumps(res)
        yield out


def export(store, path: str, fmt: str) -> int:
    """Write the store's finished items to ``path`` as ``fmt``; returns how many."""
    cols = columns_of(store.question)
    if fmt == "csv":
        n = 0
        with open(path, "w", newline="", encoding="utf-8") as f:
            w = csv.DictWriter(f, cols, extrasaction="ignore")
            w.writeheader()
            for row in flat_rows(store):
                w.writerow(row)
                n += 1
        return n
    if fmt == "parquet":
        try:
            import pyarrow
            import pyarrow.parquet
        except ImportError:
            raise ImportError("Parquet export needs pyarrow: pip install 'openhand[parquet]'") from None
        rows = list(flat_rows(store))
        table = pyarrow.table({c: [r.get(c) for r in rows] for c in cols})
        pyarrow.parquet.write_table(table, path)
        return len(rows)
    if fmt == "npy":
        arr = structured(store)
        import numpy
        with open(path, "wb") as f:
            numpy.save(f, arr, allow_pickle=False)
        return len(arr)
    raise ValueError(f"unknown format {fmt!r}")


def structured(store):
    """The store's finished items as one numpy structured array."""
    from .arrays import arrays_of, need_numpy
    np = need_numpy()
    records = list(store.rows())
    a = arrays_of(store.question, records)
    width = max([len(r["key"]) for r in records] + [1])
    fields: List[Tuple] = [("key", f"U{width}"), ("value", "f4"), ("deal_value", "f4"), ("lower", "f4"),
                           ("upper", "f4"), ("nodes", "i8"), ("seconds", "f4")]
    extra = {"move_values": "f4", "reached": "?", "bids": "f4", "highest_bids": "f4"}
    for name, dtype in extra.items():
        if name in a:
            fields.append((name, dtype, a[name].shape[1:]))
    out = np.zeros(len(records), dtype=fields)
    out["key"] = [r["key"] for r in records]
    for name, src in (("value", "values"), ("deal_value", "deal_values"), ("lower", "lower"),
                      ("upper", "upper"), ("nodes", "nodes"), ("seconds", "seconds")):
        out[name] = a[src]
    for name in extra:
        if name in a:
            out[name] = a[name]
    return out
