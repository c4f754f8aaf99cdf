"""Game records: files of played deals that people write and share, for
every game, as text (PGN/PBN-like tags and moves, :mod:`.text`) or JSON
(:mod:`.jsonform`).  A file holds one deal or many (a match).

:func:`read_records` reads every deal of a file, :func:`read_record`
exactly one; both validate every deal against the rules engine and name
the first malformed or illegal line (:class:`~openhand.errors.RecordError`).
:func:`write_record` writes one record or many, as text or JSON.  Any state
the library plays saves as a record and reads back identically
(:meth:`Record.from_state`, :meth:`Record.from_match`).

>>> import openhand
>>> state = openhand.load_game("83").new_state(seed=7, dealer="N")
>>> state.replay(["30", "pass", "35", "pass", "pass"])
>>> text = write_record(Record.from_state(state, Event="Club night"))
>>> print(text)
[Game "83"]
[Event "Club night"]
[Dealer "N"]
[Deal "N:43.865.K84.A732 AQJ97.Q2.T73.T5 KT52.J7.J6.QJ9+JK 86.AKT943.AQ2.4 ..95.K86"]
[Result "*"]
<BLANKLINE>
E: 30 pass 35 pass pass
<BLANKLINE>
>>> back = read_record(text)
>>> back.final() == state, back.tags
(True, {'Event': 'Club night'})
>>> read_record(write_record(back, format="json")) == back
True
>>> read_record(text.replace("35 pass pass", "35 pass 31"))
Traceback (most recent call last):
...
openhand.errors.RecordError: line 7: move 5, '31': E may not bid 31: bid 31 does not beat the standing bid of 35 by W
"""
from __future__ import annotations

import json
import os
import re
from typing import List, Union

from ..errors import RecordError
from ..files import read_text_file
from .jsonform import read_json_records, records_dict
from .record import Record
from .text import read_text, write_text

__all__ = ["Record", "read_records", "read_record", "write_record", "load_records", "save_records",
           "FORMATS"]

FORMATS = ("text", "json")


def _source_text(source) -> str:
    if isinstance(source, os.PathLike):
        return _read_file(os.fspath(source))
    if hasattr(source, "read"):
        return source.read()
    if isinstance(source, bytes):
        try:
            return source.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("the record is not text (not UTF-8)") from None
    if not isinstance(source, str):
        raise RecordError(f"a record is text, a path or a file, not {type(source).__name__}")
    return source


def _looks_like_json(text: str) -> bool:
    """A JSON object (``{"deals": ...}`` or one deal), not a text record
    (which starts with a tag ``[Name "value"]`` or a ``{comment}``)."""
    s = text.lstrip()
    return s[:1] == "{" and s[1:].lstrip()[:1] in ('"', "}")


def read_records(source) -> List[Record]:
    """Every deal of a record: ``source`` is its text (a ``str``; JSON
    when it is a JSON object), a path (``pathlib.Path``) or an open file."""
    text = _source_text(source)
    if _looks_like_json(text):
        try:
            data = json.loads(text)
        except ValueError:
            data = None
        if data is not None or not re.search(r'^\s*\[\s*[A-Za-z]\w*\s+"', text, re.M):
            return read_json_records(text if data is None else data)
    return read_text(text)


def read_record(source) -> Record:
    """The one deal of a record (:func:`read_records`); a file of several
    deals is refused (read those with :func:`read_records`)."""
    records = read_records(source)
    if len(records) != 1:
        raise RecordError(f"the record holds {len(records)} deals; read a match with read_records")
    return records[0]


def write_record(records: Union[Record, List[Record]], format: str = "text") -> str:
    """The text (``format='text'``) or JSON (``'json'``) of one record or
    a list of them (a match)."""
    if isinstance(records, Record):
        records = [records]
    records = list(records)
    if not records or not all(isinstance(r, Record) for r in records):
        raise RecordError("write_record takes a Record or a non-empty list of Records")
    if format == "text":
        return write_text(records)
    if format == "json":
        return json.dumps(records_dict(records), indent=1) + "\n"
    raise RecordError(f"unknown record format {format!r}: expected 'text' or 'json'")


def _read_file(path: str) -> str:
    return read_text_file(path, "record", RecordError)


def load_records(path) -> List[Record]:
    """Every deal of a record file."""
    return read_records(_read_file(os.fspath(path)))


def save_records(records, path, format: str = None) -> None:
    """Write records to a file (JSON when ``format`` says so or the name
    ends in ``.json``)."""
    path = os.fspath(path)
    if format is None:
        format = "json" if path.lower().endswith(".json") else "text"
    text = write_record(records, format)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
