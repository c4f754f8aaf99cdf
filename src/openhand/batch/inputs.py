"""The items of a batch run: the lines of a file, or a seeded random
stream.  Each item is read into a state in the main process and named by
its key, the state's text (``State.to_text()``): two lines that describe
the same state are one item, solved once.

A line holds a state text (``game=65; deal=...``, what ``State.to_text()``
writes), its JSON, or the game's own form (65: a PBN deal with
``--leader``; Eighty-Three: a PBN deal with the kitty for ``bids``, a PBN
play position with ``--trump --bidder`` otherwise).  Blank lines and lines
starting with ``#`` are skipped.  A line that cannot be read becomes a
:class:`BadLine` naming its number; the others are read on.

A random stream of ``n`` items from ``seed`` takes item i's seed as the
i-th 63-bit number of ``random.Random(seed)``, so the first 100 items of
``--random 1000`` are those of ``--random 100`` (a run can be extended).
With dealing constraints (``--where``, the language of
:mod:`openhand.constrained`) the stream is of deals meeting them
(:func:`openhand.constrained.dealt_states`), seeded the same way.

>>> from openhand.game import load_game
>>> g = load_game("65")
>>> lines = ["game=65; deal=N:A.K.. 3.A.. K.3.. Q.Q..; leader=N", "",
...          "N:A.K.. 3.A.. K.3.. Q.Q..", "N:A.K.. 3.A.. K.3.."]
>>> for e in line_entries(g, lines, "value", {"leader": "N"}, "deals.txt"):
...     print(e)
deals.txt:1: game=65; deal=N:A.K.. 3.A.. K.3.. Q.Q..; leader=N
deals.txt:3: game=65; deal=N:A.K.. 3.A.. K.3.. Q.Q..; leader=N
deals.txt:4: error: deal 'N:A.K.. 3.A.. K.3..' has 3 hands, expected 4
>>> [e.line for e in random_entries(g, 3, seed=5, what="value", inputs={})]
[1, 2, 3]
"""
from __future__ import annotations

import os
import random
import sys
from dataclasses import dataclass
from typing import Iterable, Iterator, Optional, Union

from ..errors import OpenhandError, PositionError

__all__ = ["Item", "BadLine", "line_entries", "file_entries", "random_entries", "count_lines", "read_state",
           "random_seeds"]


@dataclass(frozen=True)
class Item:
    """One item to solve: where it was read and its key (a state text)."""

    source: str
    line: int
    key: str

    def __str__(self) -> str:
        return f"{self.source}:{self.line}: {self.key}"


@dataclass(frozen=True)
class BadLine:
    """An input line that cannot be solved, and why."""

    source: str
    line: int
    text: str
    message: str

    def __str__(self) -> str:
        return f"{self.source}:{self.line}: error: {self.message}"


Entry = Union[Item, BadLine]


def read_state(game, text: str, what: str, inputs: dict):
    """The state of one line (a state text, JSON or the game's own form),
    checked for the question's ``what``."""
    from ..cli_common import state_of
    parts = game.batch_parts
    state = state_of(game, text, lambda s: parts.own_state(s, what, inputs))
    parts.check_state(state, what)
    return state


def line_entries(game, lines: Iterable[str], what: str, inputs: dict, source: str) -> Iterator[Entry]:
    """The entries of ``lines`` (numbered from 1; blank and ``#`` lines skipped)."""
    for number, raw in enumerate(lines, 1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        try:
            yield Item(source, number, read_state(game, text, what, inputs).to_text())
        except OpenhandError as e:
            yield BadLine(source, number, text, str(e))


def _open(path: str):
    if path == "-":
        return sys.stdin
    if os.path.isdir(path):
        raise PositionError(f"{path!r} is a directory, not a batch input file")
    try:
        return open(path, encoding="utf-8")
    except FileNotFoundError:
        raise PositionError(f"batch input file not found: {path!r}") from None
    except OSError as e:
        raise PositionError(f"cannot read the batch input file {path!r}: {e.strerror}") from None


def file_entries(game, path: str, what: str, inputs: dict) -> Iterator[Entry]:
    """The entries of a file (``-``: standard input), read line by line."""
    f = _open(path)
    source = "<stdin>" if path == "-" else path
    try:
        try:
            yield from line_entries(game, f, what, inputs, source)
        except UnicodeDecodeError:
            raise PositionError(f"{source!r} is not a text file (not UTF-8); a batch input holds "
                                "one state text a line") from None
    finally:
        if f is not sys.stdin:
            f.close()


def count_lines(path: str) -> Optional[int]:
    """The number of item lines of a file (None for standard input)."""
    if path == "-":
        return None
    f = _open(path)
    try:
        return sum(1 for raw in f if raw.strip() and not raw.lstrip().startswith("#"))
    except UnicodeDecodeError:
        raise PositionError(f"{path!r} is not a text file (not UTF-8); a batch input holds "
                            "one state text a line") from None
    finally:
        f.close()


def random_seeds(n: int, seed: int) -> Iterator[int]:
    """The seeds of a random stream's items."""
    rng = random.Random(seed)
    for _ in range(n):
        yield rng.getrandbits(63)


def random_entries(game, n: int, seed: int, what: str, inputs: dict, where=None) -> Iterator[Entry]:
    """``n`` seeded random items (source ``random:seed=S``, lines 1..n);
    ``where``: dealing constraints (a text, or several that must all
    hold), checked at once: a malformed or unmeetable one is refused here,
    before any item."""
    source = f"random:seed={seed}"
    if where:
        from ..constrained import dealt_states
        text = where if isinstance(where, str) else "; ".join(where)
        states = dealt_states(game, n, seed, what, inputs, text)
        return (Item(source, i, state.to_text()) for i, state in enumerate(states, 1))
    parts = game.batch_parts
    return (Item(source, i, parts.random_state(s, what, inputs).to_text())
            for i, s in enumerate(random_seeds(n, seed), 1))
