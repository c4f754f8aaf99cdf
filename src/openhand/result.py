"""The result every solver returns, whatever the game, and its one JSON
schema (the API, the command line's ``--json`` and stored files).

A result names its game and the side its values are for.  ``value`` and
``moves`` keep each game's own measure: in 65 and Eighty-Three the points
the side takes in the REMAINING tricks (``basis`` ``'rest'``); in
Sixty-Six the deal's outcome for the player to move, own minus the
opponent's (``basis`` ``'deal'``: game points are not a sum over tricks).
``so_far`` is what the side has already collected, and ``deal_value`` /
``deal_moves`` the whole-deal scores, ``so_far`` + the rest (in Sixty-Six
``so_far`` is 0: its value already covers the deal).

JSON (``to_json``)::

    {"game": "65", "side": "N-S", "units": "points", "basis": "rest",
     "value": 13, "moves": {"AS": 12, "KH": 13},
     "so_far": 12, "deal_value": 25, "deal_moves": {"AS": 24, "KH": 25},
     "best_moves": ["KH"], "nodes": 1234, "maximizing": true}

``moves`` maps each legal move's text to its value (empty when only the
value was asked); ``maximizing`` tells whether the player to move wants
the value high (false when the player to move is on the other side);
``best_moves`` lists the moves that keep the optimal value.
``deal_value``, ``deal_moves`` and ``best_moves`` are derived: readers may
ignore them (``from_json`` does).  ``cut`` is false for a finished solve.

A finished solve has ``lower`` = ``upper`` = ``value`` and ``best_move``
the first of ``best_moves`` (None without moves); these are written to JSON
only for a cut solve.  A solve given a limit
(:class:`openhand.limits.Limit`) that stopped it is ``cut``: ``value``
(and ``deal_value``) null, ``lower`` / ``upper`` true
bounds on the value proved so far, ``best_move`` the best move found
(``best_move_proved``: shown to hold ``lower`` when the player to move
maximises, ``upper`` otherwise), ``moves`` only the moves whose values were
finished and ``move_bounds`` [lo, hi] of every legal move whose bounds are
known::

    {"game": "65", "side": "N-S", "units": "points", "basis": "rest",
     "value": null, "moves": {"AS": 12}, "so_far": 12, "deal_value": null,
     "deal_moves": {"AS": 24}, "best_moves": [], "nodes": 20000,
     "maximizing": true, "cut": true, "lower": 12, "upper": 15,
     "best_move": "KH", "best_move_proved": false,
     "move_bounds": {"AS": [12, 12], "KH": [12, 15]}}

Eighty-Three's bid feasibility table (``BidTable.to_json``, ``openhand bids
83 --json``) is the other result, one row per (bidder, trump suit)::

    {"game": "83", "deal": "N:... kitty", "mode": "exact", "solver": "cpp",
     "seconds": 2.9, "rows": [{"seat": "N", "trump": "S", "value": 49,
     "highest_bid": 49, "doubled_ok": false}, ...]}

``value`` is what the bidder's side secures with every choice open,
``highest_bid`` the largest makeable bid (null under 30), ``doubled_ok``
whether 83 doubled is makeable.

>>> r = SolveResult(game="65", side="N-S", value=13, moves={"AS": 12, "KH": 13}, so_far=12, nodes=1234)
>>> r.best_moves, r.deal_value, r.deal_moves
(['KH'], 25, {'AS': 24, 'KH': 25})
>>> r.perspective
'points N-S take in the remaining tricks'
>>> SolveResult.from_json(r.to_json()) == r
True
>>> print(r.table())
value: 13 (points N-S take in the remaining tricks); whole deal 25 (12 so far)
move  rest  deal  cost
KH      13    25     0
AS      12    24     1
nodes: 1234
>>> c = SolveResult(game="65", side="N-S", value=None, moves={"AS": 12}, so_far=12, nodes=20000,
...                 cut=True, lower=12, upper=15, best_move="KH", move_bounds={"AS": (12, 12), "KH": (12, 15)})
>>> SolveResult.from_json(c.to_json()) == c, c.deal_value, c.best_moves
(True, None, [])
>>> print(c.table())
not finished (limit reached): value 12..15 (points N-S take in the remaining tricks); whole deal 24..27 (12 so far)
best move found: KH (not proved)
move  rest lo  rest hi
AS         12       12
KH         12       15
nodes: 20000
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

from .errors import PositionError

__all__ = ["SolveResult"]

@dataclass
class SolveResult:
    """An exact solve (see the module notes for every field)."""

    game: str
    side: str
    value: Optional[int]
    moves: Dict[str, int] = field(default_factory=dict)
    so_far: int = 0
    nodes: int = 0
    maximizing: bool = True
    units: str = "points"
    basis: str = "rest"
    # a solve stopped by its limit (see the module notes)
    cut: bool = False
    lower: Optional[int] = None
    upper: Optional[int] = None
    best_move: Optional[str] = None
    best_move_proved: bool = False
    move_bounds: Dict[str, Tuple[int, int]] = field(default_factory=dict)

    def __post_init__(self):
        if not self.cut:   # finished: the bounds are the value, the best move the first best one
            self.lower = self.upper = self.value
            best = self.best_moves
            self.best_move = best[0] if best else None
            self.best_move_proved = bool(best)
        self.move_bounds = {m: (int(b[0]), int(b[1])) for m, b in self.move_bounds.items()}

    @property
    def best_moves(self) -> List[str]:
        """The legal moves that keep the optimal value (none while cut)."""
        if self.cut:
            return []
        return [m for m, v in self.moves.items() if v == self.value]

    @property
    def deal_value(self) -> Optional[int]:
        """The whole deal's value for the side: what it has so far plus the
        rest (None while cut)."""
        return None if self.value is None else self.so_far + self.value

    @property
    def deal_moves(self) -> Dict[str, int]:
        """Each move's whole-deal value (so far plus the rest)."""
        return {m: self.so_far + v for m, v in self.moves.items()}

    @property
    def perspective(self) -> str:
        """What the value counts, in words."""
        if self.basis == "rest":
            return f"{self.units} {self.side} take in the remaining tricks"
        return f"{self.units} of {self.side} minus the opponent's, for the whole deal"

    def to_dict(self) -> dict:
        """Every field as plain JSON types (read back by :meth:`from_dict`)."""
        out = {"game": self.game, "side": self.side, "units": self.units, "basis": self.basis,
               "value": self.value, "moves": dict(self.moves),
               "so_far": self.so_far, "deal_value": self.deal_value, "deal_moves": self.deal_moves,
               "best_moves": self.best_moves, "nodes": self.nodes, "maximizing": self.maximizing,
               "cut": self.cut}
        if self.cut:
            out.update(lower=self.lower, upper=self.upper, best_move=self.best_move,
                       best_move_proved=self.best_move_proved,
                       move_bounds={m: list(b) for m, b in self.move_bounds.items()})
        return out

    @classmethod
    def from_dict(cls, data: dict) -> "SolveResult":
        """The result :meth:`to_dict` wrote (a stored result read back)."""
        try:
            cut = bool(data.get("cut", False))
            return cls(game=data["game"], side=data["side"], value=data["value"],
                       moves=dict(data.get("moves", {})), so_far=data.get("so_far", 0),
                       nodes=data.get("nodes", 0), maximizing=data.get("maximizing", True),
                       units=data.get("units", "points"), basis=data.get("basis", "rest"),
                       cut=cut, lower=data["lower"] if cut else None, upper=data["upper"] if cut else None,
                       best_move=data.get("best_move"), best_move_proved=bool(data.get("best_move_proved", False)),
                       move_bounds=dict(data.get("move_bounds", {})))
        except (KeyError, TypeError, ValueError, IndexError) as e:
            raise PositionError(f"not a stored solve result: {e!r}") from None

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str) -> "SolveResult":
        from .textform import read_json
        return cls.from_dict(read_json(text, "solve result"))

    def table(self) -> str:
        """A readable table of every move's value and its cost."""
        if self.cut:
            return self._cut_table()
        rest = self.basis == "rest"
        head = f"value: {self.value} ({self.perspective})"
        if rest:
            head += f"; whole deal {self.deal_value} ({self.so_far} so far)"
        if not self.moves:
            return head + f"\nnodes: {self.nodes}"
        width = max(4, max(len(m) for m in self.moves))
        lines = [head, f"{'move':<{width}}  rest  deal  cost" if rest else f"{'move':<{width}}  value  cost"]
        sign = 1 if self.maximizing else -1
        for move, v in sorted(self.moves.items(), key=lambda kv: -sign * kv[1]):
            cost = sign * (self.value - v)
            if rest:
                lines.append(f"{move:<{width}}  {v:>4}  {self.so_far + v:>4}  {cost:>4}")
            else:
                lines.append(f"{move:<{width}}  {v:>5}  {cost:>4}")
        lines.append(f"nodes: {self.nodes}")
        return "\n".join(lines)

    def _cut_table(self) -> str:
        rest = self.basis == "rest"
        head = f"not finished (limit reached): value {self.lower}..{self.upper} ({self.perspective})"
        if rest:
            head += f"; whole deal {self.so_far + self.lower}..{self.so_far + self.upper} ({self.so_far} so far)"
        lines = [head]
        if self.best_move is not None:
            lines.append(f"best move found: {self.best_move} ({'proved' if self.best_move_proved else 'not proved'})")
        if self.move_bounds:
            width = max(4, max(len(m) for m in self.move_bounds))
            label = "rest" if rest else "value"
            lines.append(f"{'move':<{width}}  {label + ' lo':>7}  {label + ' hi':>7}")
            for move, (lo, hi) in self.move_bounds.items():
                lines.append(f"{move:<{width}}  {lo:>7}  {hi:>7}")
        lines.append(f"nodes: {self.nodes}")
        return "\n".join(lines)
