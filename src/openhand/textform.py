"""The text form of a state: one line of ``key=value`` fields.

Every game writes its states the same way (``State.to_text``): fields
separated by ``;``, each a key, ``=`` and a value, the game first, the
moves played since the start last, separated by commas::

    game=65; dealer=W; deal=N:AK... E:... S:... W:...; moves=AS, 3S, KS

Keys are the game's (see its ``Game.FIELDS``); a value holds no ``;``.
Spaces around keys and values are ignored, so people can type a state.
The JSON form (``State.to_dict``) holds the same fields, the moves as a
list.

>>> f = parse_fields("game=65; leader = N ; moves=AS, 3S", ("game", "leader", "moves"))
>>> f
{'game': '65', 'leader': 'N', 'moves': 'AS, 3S'}
>>> format_fields(list(f.items()))
'game=65; leader=N; moves=AS, 3S'
>>> split_moves(f["moves"]), split_moves("AS 3S KS"), split_moves("")
(['AS', '3S'], ['AS', '3S', 'KS'], [])
>>> parse_fields("game=65; colour=red", ("game", "leader"))
Traceback (most recent call last):
...
openhand.errors.PositionError: unknown field 'colour' (the fields are game, leader)
"""
from __future__ import annotations

import json
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from .errors import OpenhandError, PositionError

__all__ = ["parse_fields", "format_fields", "split_moves", "join_moves", "fields_to_dict",
           "fields_from_dict", "require_field", "read_json"]


def parse_fields(text, keys: Optional[Sequence[str]]) -> Dict[str, str]:
    """The fields of a state text, by key (``keys``: the allowed ones, in
    any order; None allows any).  :class:`PositionError` names a field
    without ``=``, an unknown or repeated key."""
    if not isinstance(text, str):
        raise PositionError(f"a state text must be a string, not {type(text).__name__}")
    out: Dict[str, str] = {}
    for part in text.split(";"):
        if not part.strip():
            continue
        if "=" not in part:
            raise PositionError(f"field {part.strip()!r} has no '=': write key=value, like leader=N")
        key, value = part.split("=", 1)
        key = key.strip().lower()
        if keys is not None and key not in keys:
            raise PositionError(f"unknown field {key!r} (the fields are {', '.join(keys)})")
        if key in out:
            raise PositionError(f"field {key!r} is given twice")
        out[key] = value.strip()
    if not out:
        raise PositionError("the state text is empty")
    return out


def read_json(text, what: str):
    """The value of a JSON text, or :class:`PositionError` saying it is not
    a JSON ``what`` (and why)."""
    try:
        return json.loads(text)
    except (TypeError, ValueError) as e:
        raise PositionError(f"not a JSON {what}: {e}") from None


def require_field(fields: Dict[str, str], key: str, what: str) -> str:
    """The value of a field a state text must have, else
    :class:`PositionError` saying what belongs there."""
    if not fields.get(key):
        raise PositionError(f"the state text needs the field {key!r}: {what}")
    return fields[key]


def format_fields(pairs: Sequence[Tuple[str, str]]) -> str:
    """The text of (key, value) pairs, leaving out empty values."""
    return "; ".join(f"{k}={v}" for k, v in pairs if v is not None and v != "")


def split_moves(text: str, parse: Optional[Callable] = None) -> List[str]:
    """The moves of a ``moves`` field: comma-separated, or (no comma)
    separated by spaces (cards typed as ``AS 3S KS``).  A field without a
    comma that is, taken whole, one move (``parse``, the game's Move
    class, reads it) is that one move: a state whose only move is
    ``marriage KH`` or ``83 doubled`` writes ``moves=83 doubled``, which is
    not the two bids ``83`` and ``doubled``.

    >>> from openhand.eightythree import Move
    >>> split_moves("83 doubled", Move), split_moves("83 doubled, pass", Move), split_moves("30 pass", Move)
    (['83 doubled'], ['83 doubled', 'pass'], ['30', 'pass'])
    """
    if "," not in text and parse is not None and len(text.split()) > 1:
        try:
            parse(text.strip())
            return [text.strip()]
        except OpenhandError:
            pass
    parts = text.split(",") if "," in text else text.split()
    return [m.strip() for m in parts if m.strip()]


def join_moves(moves) -> str:
    return ", ".join(str(m) for m in moves)


def fields_to_dict(pairs: Sequence[Tuple[str, str]]) -> dict:
    """The JSON-ready dict of (key, value) pairs: the moves as a list (a
    value given as a list is kept as it is: a state passes its moves so,
    since a lone move of several words would not split back)."""
    out = {}
    for k, v in pairs:
        if v is None or v == "" or v == []:
            continue
        out[k] = list(v) if isinstance(v, (list, tuple)) else split_moves(v) if k == "moves" else v
    return out


def fields_from_dict(data, keys: Sequence[str]) -> Dict[str, str]:
    """The fields of a dict written by :func:`fields_to_dict` (values may
    also be whole numbers)."""
    if not isinstance(data, dict):
        raise PositionError(f"a state is a JSON object, not {type(data).__name__}")
    out: Dict[str, str] = {}
    for k, v in data.items():
        if k not in keys:
            raise PositionError(f"unknown field {k!r} (the fields are {', '.join(keys)})")
        if k == "moves":
            if not isinstance(v, list) or not all(isinstance(m, str) for m in v):
                raise PositionError(f"moves must be a list of move texts, got {v!r}")
            out[k] = join_moves(v)
        elif isinstance(v, str) or (isinstance(v, int) and not isinstance(v, bool)):
            out[k] = str(v).strip()
        else:
            raise PositionError(f"field {k!r} must be text, got {v!r}")
    return out
