"""The JSON form of game records: the same tags, moves and comments as the
text form (:mod:`.text`), for programs.

A file is one object holding its deals in order::

    {"format": "openhand-record", "version": 1,
     "deals": [{"tags": {"Game": "65", "Dealer": "W", "Deal": "N:...",
                         "Result": "N-S 41, E-W 24", "Event": "..."},
                "moves": ["7H", "AH", "KH", "5S", ...],
                "comments": {"0": ["before the first move"], "4": ["after move 4"]}}]}

``tags`` are the text form's tags (:mod:`.record`), ``moves`` the moves'
texts in order, ``comments`` (optional) the comments by the number of
moves before them.  A single deal object (with ``tags``) is read too.
Errors name the deal (1 = the first) and the move.

>>> from openhand.game import load_game
>>> s = load_game("65").new_state(seed=2)
>>> s.replay(list(map(str, [s.legal_moves[0]])))
>>> from .record import Record
>>> d = record_dict(Record.from_state(s, Event="test"))
>>> d["tags"]["Game"], d["tags"]["Event"], d["moves"]
('65', 'test', ['JS'])
>>> [r.moves for r in read_json_records({"format": "openhand-record", "version": 1, "deals": [d]})]
[[Move('JS')]]
"""
from __future__ import annotations

import json
from typing import List

from ..errors import OpenhandError, RecordError
from .record import Record, TagProblem, build, format_result

__all__ = ["record_dict", "records_dict", "read_json_records", "FORMAT", "VERSION"]

FORMAT, VERSION = "openhand-record", 1


def record_dict(record: Record) -> dict:
    """One deal as a JSON-ready dict."""
    out = {"tags": dict(record.all_tags()), "moves": [str(m) for m in record.moves]}
    if record.comments:
        out["comments"] = {str(k): list(v) for k, v in sorted(record.comments.items())}
    return out


def records_dict(records) -> dict:
    """A whole file (one or more deals) as a JSON-ready dict."""
    return {"format": FORMAT, "version": VERSION, "deals": [record_dict(r) for r in records]}


def read_json_records(data) -> List[Record]:
    """The records of a JSON value (a file object, or one deal), checked
    against the rules."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except ValueError as e:
            raise RecordError(f"not a JSON record: {e.msg} (column {e.colno})", e.lineno) from None
    if isinstance(data, dict) and "tags" in data:
        deals = [data]
    elif isinstance(data, dict) and "deals" in data:
        if data.get("format", FORMAT) != FORMAT:
            raise RecordError(f"the JSON is a {data.get('format')!r} file, not an {FORMAT!r} record")
        if not isinstance(data.get("version", VERSION), int) or data.get("version", VERSION) > VERSION:
            raise RecordError(f"record version {data.get('version')!r}: this library reads version {VERSION}")
        deals = data["deals"]
        if not isinstance(deals, list) or not deals:
            raise RecordError("'deals' must be a non-empty list of deals")
    else:
        raise RecordError('a JSON record is an object with "deals" (or one deal with "tags" and "moves")')
    records: List[Record] = []
    for number, deal in enumerate(deals, 1):
        records.append(_read_deal(deal, records[-1].game if records else None, number))
    return records


def _read_deal(deal, previous_game, number: int) -> Record:
    where = f"deal {number}"
    if not isinstance(deal, dict):
        raise RecordError(f"{where} must be an object with tags and moves, not {type(deal).__name__}", deal=number)
    unknown = [k for k in deal if k not in ("tags", "moves", "comments")]
    if unknown:
        raise RecordError(f"{where}: unknown key {unknown[0]!r} (the keys are tags, moves, comments)", deal=number)
    tags, moves, comments = deal.get("tags", {}), deal.get("moves", []), deal.get("comments", {})
    if not isinstance(tags, dict) or not all(isinstance(v, (str, int)) and not isinstance(v, bool)
                                             for v in tags.values()):
        raise RecordError(f"{where}: tags must be an object of texts, like {{\"Game\": \"65\"}}", deal=number)
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise RecordError(f"{where}: moves must be a list of move texts, like [\"AS\", \"3S\"]", deal=number)
    if not isinstance(comments, dict) or not all(
            isinstance(k, str) and k.isdigit() and isinstance(v, list) and all(isinstance(c, str) for c in v)
            for k, v in comments.items()):
        raise RecordError(f"{where}: comments must map a move count to a list of texts, like "
                          f"{{\"0\": [\"a comment\"]}}", deal=number)
    pairs = [(k, str(v)) for k, v in tags.items()]
    try:
        game, start, descriptive, seed, (ri, result) = build(pairs, previous_game)
    except TagProblem as p:
        tag = f", tag {pairs[p.index][0]!r}" if p.index is not None else ""
        raise RecordError(f"{where}{tag}: {p.error}", deal=number) from None
    state = start.copy()
    for i, move in enumerate(moves, 1):
        try:
            state.play(move)
        except OpenhandError as e:
            raise RecordError(f"{where}, move {i} ({move!r}): {e}", deal=number) from None
    bad = [k for k in comments if int(k) > len(moves)]
    if bad:
        raise RecordError(f"{where}: a comment after move {bad[0]}, but the deal has {len(moves)} moves", deal=number)
    if result is not None and (not state.is_over() or tuple(state.returns()) != result):
        got = format_result(game, state.returns()) if state.is_over() else "a deal that is not over"
        raise RecordError(f"{where}: the Result tag says {format_result(game, result)}, but the moves give {got}",
                          deal=number)
    return Record(game, start, [m for _, m in state.history], descriptive,
                  {int(k): v for k, v in comments.items()}, seed)
