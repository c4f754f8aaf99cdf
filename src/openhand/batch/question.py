"""What a batch run asks of every item: a :class:`Question` (the game, what
to solve, thresholds, the game's solve options), checked once, as plain
values that travel to threads, processes and Dask workers alike.

``what`` is one of:

``value``  the exact value (``Solver.solve(state, moves=False)``)
``moves``  the value and every legal move's (``Solver.solve(state)``)
``reach``  threshold questions, one null-window search each
           (``Solver.at_least(state, T)`` for every T of ``targets``;
           default: the game's own lines, 65: 33 and 41)
``bids``   Eighty-Three only: the bid feasibility table of a deal
           before its auction (``bid_table``; option ``mode``)

A store holds the answers to one question (:meth:`Question.identity`);
``table_mb`` is not part of it (the table's size changes no answer), nor
are ``nodes`` and ``seconds``, the limit of each search of an item (the
one solve of value and moves, each threshold of reach;
:class:`openhand.limits.Limit`): a limit changes whether an answer is
finished, not what it is.  An item a limit stopped is stored as a
``'limit'`` row with the bounds proved, and a later run (with a larger
limit or none) solves it again.  Bid tables take no limit (their passes
and discards are walked in Python: issue 14).

>>> q = Question.make("65", "reach")
>>> q.targets, q.identity()
((33, 41), {'game': '65', 'what': 'reach', 'targets': [33, 41], 'options': {}})
>>> Question.from_dict(q.to_dict()) == q
True
>>> Question.make("66", "moves", objective="points").options
(('objective', 'points'),)
>>> Question.make("65", "value", nodes=10**6).limit()
Limit(nodes=1000000, seconds=None)
>>> Question.make("65", "value", seconds=0).limit()
Traceback (most recent call last):
...
openhand.errors.PositionError: a time limit must be a positive number of seconds, got 0
>>> Question.make("65", "bids")
Traceback (most recent call last):
...
openhand.errors.PositionError: 65 batch runs answer value, moves or reach, not 'bids'
>>> Question.make("65", "reach", targets=[70])
Traceback (most recent call last):
...
openhand.errors.PositionError: the threshold 70 is out of range: 65 thresholds go from 0 to 65
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Tuple

from ..errors import PositionError, is_list, require_int

__all__ = ["Question", "WHATS"]

WHATS = ("value", "moves", "reach", "bids")


@dataclass(frozen=True)
class Question:
    """One batch question (build it with :meth:`make`, which checks it)."""

    game: str
    what: str = "value"
    targets: Tuple[int, ...] = ()
    options: Tuple[Tuple[str, object], ...] = ()
    table_mb: Optional[float] = None
    nodes: Optional[int] = None
    seconds: Optional[float] = None

    @classmethod
    def make(cls, game, what: str = "value", targets=None, table_mb=None, nodes=None, seconds=None,
             **options) -> "Question":
        """The checked question: ``game`` an id, name or Game; ``what``
        (see the module notes); ``targets`` for ``reach`` (default the
        game's); ``nodes`` / ``seconds`` the limit of each search (see the
        module notes); ``options`` the game's solve options (Sixty-Six
        ``objective``, Eighty-Three's bids ``mode``)."""
        from ..game import load_game
        g = load_game(game)
        parts = g.batch_parts
        if not isinstance(what, str) or what not in parts.WHATS:
            raise PositionError(f"{g.title} batch runs answer {', '.join(parts.WHATS[:-1])} or "
                                f"{parts.WHATS[-1]}, not {what!r}")
        opts = parts.check_options(what, dict(options))
        if what == "reach":
            if targets is None:
                targets = parts.reach_targets(opts)
            given = targets
            targets = list(targets) if is_list(targets) else []
            if not targets:
                raise PositionError(f"give the thresholds of --what reach as a list of whole numbers, "
                                    f"not {given!r}")
            lo, hi = parts.target_range(opts)
            checked = []
            for t in targets:
                t = require_int(t, "a threshold")
                if not lo <= t <= hi:
                    raise PositionError(f"the threshold {t} is out of range: {g.title} thresholds go "
                                        f"from {lo} to {hi}")
                if t not in checked:
                    checked.append(t)
            targets = tuple(sorted(checked))
        elif targets:
            raise PositionError(f"thresholds apply to --what reach, not to {what!r}")
        if table_mb is not None and (isinstance(table_mb, bool) or not isinstance(table_mb, (int, float))
                                     or not table_mb > 0):
            raise PositionError(f"table_mb must be a positive number, got {table_mb!r}")
        if nodes is not None or seconds is not None:
            from ..limits import Limit
            Limit(nodes=nodes, seconds=seconds)          # checked: PositionError naming the bad one
            if what == "bids":
                raise PositionError("bid tables take no node or time limit yet (issue 14)")
        return cls(g.id, what, tuple(targets or ()), tuple(sorted(opts.items())), table_mb, nodes, seconds)

    def identity(self) -> dict:
        """What the answers depend on (a store's question): all but
        ``table_mb`` and the limit."""
        return {"game": self.game, "what": self.what, "targets": list(self.targets),
                "options": dict(self.options)}

    def to_dict(self) -> dict:
        return {**self.identity(), "table_mb": self.table_mb, "nodes": self.nodes, "seconds": self.seconds}

    @classmethod
    def from_dict(cls, data: dict) -> "Question":
        return cls.make(data["game"], data["what"], data.get("targets") or None, data.get("table_mb"),
                        data.get("nodes"), data.get("seconds"), **data.get("options", {}))

    def limit(self):
        """The :class:`~openhand.limits.Limit` of each search, or None."""
        if self.nodes is None and self.seconds is None:
            return None
        from ..limits import Limit
        return Limit(nodes=self.nodes, seconds=self.seconds)

    def option(self, name: str, default=None):
        return dict(self.options).get(name, default)

    def describe(self) -> str:
        """The question in a few words, for messages."""
        extra = "".join(f", {k}={v}" for k, v in self.options)
        targets = f" {', '.join(map(str, self.targets))}" if self.targets else ""
        return f"game {self.game}, {self.what}{targets}{extra}"
