"""The result store of batch runs: one SQLite file (WAL journal), one row
per finished item, each written in its own transaction as it completes.

A store holds the answers to one :class:`~.question.Question`; a run
asking another question of it is refused (:class:`StoreError`).  Re-running
the same command resumes: items whose key has a finished row are not
solved again.  SQLite commits atomically, so a run stopped by Ctrl-C or
killed (SIGKILL) keeps every row it reported finished and leaves a store
that opens as it was; the WAL journal with ``synchronous=NORMAL`` survives
the death of the process (a power cut may lose the last commits, never
the file's consistency).

Schema, version 1 (``meta.schema_version``)::

    meta(key TEXT PRIMARY KEY, value TEXT)
        schema_version  '1'
        question        the question's identity as JSON: {"game", "what",
                        "targets", "options"} (Question.identity())
        openhand        the library's version that created the store
        created         when (UTC, ISO 8601)
    items(id INTEGER PRIMARY KEY,       -- in order of completion
          key TEXT UNIQUE NOT NULL,     -- the item's state text (State.to_text())
          status TEXT NOT NULL,         -- 'done', or 'limit': a node or time
                                        -- limit stopped it (its bounds kept)
          value INTEGER,                -- SolveResult.value (value, moves)
          deal_value INTEGER,           -- SolveResult.deal_value (value, moves)
          lower INTEGER, upper INTEGER, -- bounds on the deal value: equal to it
                                        -- when solved; from the thresholds
                                        -- (reach); NULL: unbounded or n/a
          nodes INTEGER,                -- NULL when the solver does not say
          seconds REAL,                 -- CPU time of the solving thread
          result TEXT NOT NULL,         -- the answer as JSON: SolveResult.to_dict()
                                        -- (value, moves); {"game", "at_least":
                                        -- {"T": bool}} (reach); BidTable.to_dict()
                                        -- without seconds (bids)
          source TEXT, line INTEGER,    -- where the item was first read
          solved_at TEXT NOT NULL)      -- when (UTC, ISO 8601)
    errors(source TEXT, line INTEGER, text TEXT, message TEXT,
           PRIMARY KEY (source, line))  -- malformed or refused input lines
                                        -- of the latest run over each source

A ``'limit'`` row is an item that the question's node or time limit
stopped (``openhand batch --time/--nodes``, :class:`~.question.Question`'s
``nodes`` / ``seconds``): ``value`` and ``deal_value`` are NULL, ``lower``
and ``upper`` the bounds proved, ``result`` the cut answer.  It is not
finished: a later run (with a larger limit, or none) solves it again and
replaces it; a ``'done'`` row is never replaced.

>>> import os, tempfile
>>> from openhand.batch.question import Question
>>> path = os.path.join(tempfile.mkdtemp(), "r.sqlite")
>>> q = Question.make("65", "value")
>>> with Store.open(path, q) as st:
...     st.put({"key": "game=65; ...", "status": "done", "value": 13, "deal_value": 13, "lower": 13,
...             "upper": 13, "nodes": 5, "seconds": 0.01, "result": {"value": 13}}, "deals.txt", 1)
...     st.get("game=65; ...")["value"], st.counts()
(13, {'done': 1, 'limit': 0, 'errors': 0})
>>> Store.open(path, Question.make("65", "moves"))
Traceback (most recent call last):
...
openhand.errors.StoreError: ... holds the answers to game 65, value, not to game 65, moves: write to another --out
"""
from __future__ import annotations

import datetime
import json
import os
import sqlite3
from typing import Iterator, Optional

from ..errors import StoreError

__all__ = ["Store", "SCHEMA_VERSION", "SCHEMA"]

SCHEMA_VERSION = 1
SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS items (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL CHECK (status IN ('done', 'limit')),
    value INTEGER, deal_value INTEGER, lower INTEGER, upper INTEGER,
    nodes INTEGER, seconds REAL,
    result TEXT NOT NULL,
    source TEXT, line INTEGER,
    solved_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS errors (
    source TEXT NOT NULL, line INTEGER NOT NULL, text TEXT NOT NULL, message TEXT NOT NULL,
    PRIMARY KEY (source, line));
"""
COLUMNS = ("key", "status", "value", "deal_value", "lower", "upper", "nodes", "seconds", "result",
           "source", "line", "solved_at")


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


class Store:
    """An open result store (use :meth:`open`; a context manager)."""

    def __init__(self, path: str, conn: sqlite3.Connection, question) -> None:
        self.path, self._conn, self.question = path, conn, question

    # ------------------------------------------------------------ opening
    @classmethod
    def open(cls, path: str, question=None, create: bool = True) -> "Store":
        """Open (``create``: or make) the store at ``path``.  With
        ``question``, a store holding another question's answers is
        refused; without it the store must exist and its question is read."""
        from .question import Question
        if os.path.isdir(path):
            raise StoreError(f"{path!r} is a directory, not a result store")
        exists = os.path.exists(path) and os.path.getsize(path) > 0
        if not exists and not (create and question is not None):
            raise StoreError(f"no result store at {path!r}")
        try:
            conn = sqlite3.connect(path, timeout=60, isolation_level=None)
        except sqlite3.Error as e:
            raise StoreError(f"cannot open the result store {path!r}: {e}") from None
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if exists and "meta" not in tables:
                raise StoreError(f"{path!r} is an SQLite file but not an openhand result store")
            if not exists or not tables:
                from .. import __version__
                conn.execute("BEGIN IMMEDIATE")
                for statement in SCHEMA.split(";"):
                    if statement.strip():
                        conn.execute(statement)
                meta = {"schema_version": str(SCHEMA_VERSION), "question": json.dumps(question.identity()),
                        "openhand": __version__, "created": _now()}
                conn.executemany("INSERT OR IGNORE INTO meta VALUES (?, ?)", meta.items())
                conn.execute("COMMIT")
            meta = dict(conn.execute("SELECT key, value FROM meta"))
        except sqlite3.DatabaseError as e:
            conn.close()
            raise StoreError(f"{path!r} is not a result store ({e})") from None
        except BaseException:
            conn.close()
            raise
        if meta.get("schema_version") != str(SCHEMA_VERSION):
            conn.close()
            raise StoreError(f"{path!r} has store schema version {meta.get('schema_version')!r}; this "
                             f"openhand reads version {SCHEMA_VERSION}")
        stored = Question.from_dict(json.loads(meta["question"]))
        if question is not None and stored.identity() != question.identity():
            conn.close()
            raise StoreError(f"{path!r} holds the answers to {stored.describe()}, not to "
                             f"{question.describe()}: write to another --out")
        return cls(path, conn, stored if question is None else question)

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ------------------------------------------------------------ writing
    def put(self, record: dict, source: Optional[str] = None, line: Optional[int] = None) -> None:
        """Write one finished item (a record of :func:`~.work.solve_text`) in
        its own transaction.  A finished row is never replaced; a 'limit'
        row is, by any later record of the item."""
        row = (record["key"], record["status"], record.get("value"), record.get("deal_value"),
               record.get("lower"), record.get("upper"), record.get("nodes"), record.get("seconds"),
               json.dumps(record["result"]), source, line, _now())
        self._conn.execute(
            f"INSERT INTO items ({', '.join(COLUMNS)}) VALUES ({', '.join('?' * len(COLUMNS))}) "
            "ON CONFLICT(key) DO UPDATE SET " + ", ".join(f"{c} = excluded.{c}" for c in COLUMNS[1:])
            + " WHERE items.status != 'done'", row)

    def put_error(self, source: str, line: int, text: str, message: str) -> None:
        """Record a malformed or refused input line."""
        self._conn.execute("INSERT OR REPLACE INTO errors VALUES (?, ?, ?, ?)", (source, line, text, message))

    def forget_errors(self, source: str) -> None:
        """Drop the error lines of ``source`` (a new run reads it again)."""
        self._conn.execute("DELETE FROM errors WHERE source = ?", (source,))

    # ------------------------------------------------------------ reading
    def get(self, key: str) -> Optional[dict]:
        """The finished row of ``key``, or None."""
        cur = self._conn.execute(f"SELECT {', '.join(COLUMNS)} FROM items WHERE key = ? AND status = 'done'",
                                 (key,))
        row = cur.fetchone()
        return None if row is None else self._row(row)

    @staticmethod
    def _row(row) -> dict:
        out = dict(zip(COLUMNS, row))
        out["result"] = json.loads(out["result"])
        return out

    def rows(self, status: str = "done") -> Iterator[dict]:
        """Every row of ``status`` in order of completion, ``result`` read from its JSON."""
        cur = self._conn.execute(f"SELECT {', '.join(COLUMNS)} FROM items WHERE status = ? ORDER BY id",
                                 (status,))
        for row in cur:
            yield self._row(row)

    def errors(self) -> list:
        """The recorded input errors as ``(source, line, text, message)``."""
        return list(self._conn.execute("SELECT source, line, text, message FROM errors ORDER BY source, line"))

    def counts(self) -> dict:
        """Rows by status, and the recorded input errors."""
        out = {"done": 0, "limit": 0}
        out.update(dict(self._conn.execute("SELECT status, COUNT(*) FROM items GROUP BY status")))
        out["errors"] = self._conn.execute("SELECT COUNT(*) FROM errors").fetchone()[0]
        return out

    def meta(self) -> dict:
        return dict(self._conn.execute("SELECT key, value FROM meta"))
