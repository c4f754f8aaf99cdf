"""The result type every solver returns, whatever the game.

>>> r = SolveResult(value=40, moves={"AS": 40, "3S": 38}, nodes=1234,
...                 perspective="N-S points in the remaining tricks")
>>> r.best_moves
['AS']
>>> r.to_json()  # doctest: +NORMALIZE_WHITESPACE
'{"value": 40, "moves": {"AS": 40, "3S": 38}, "nodes": 1234,
  "perspective": "N-S points in the remaining tricks", "maximizing": true}'
>>> SolveResult.from_json(r.to_json()) == r
True
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Dict, List


@dataclass
class SolveResult:
    """An exact solve.

    ``value`` is the optimal value of the position, ``moves`` maps each legal
    move's text (``'AS'``, or an action name) to its optimal value, ``nodes``
    counts the positions searched, and ``perspective`` says whose value it is
    (e.g. N-S points).  ``maximizing`` tells whether the player to move wants
    the value high.
    """

    value: int
    moves: Dict[str, int] = field(default_factory=dict)
    nodes: int = 0
    perspective: str = ""
    maximizing: bool = True

    @property
    def best_moves(self) -> List[str]:
        """The legal moves that keep the optimal value."""
        return [m for m, v in self.moves.items() if v == self.value]

    def to_dict(self) -> dict:
        """Every field, as plain JSON types (read back by :meth:`from_dict`)."""
        return {"value": self.value, "moves": dict(self.moves), "nodes": self.nodes,
                "perspective": self.perspective, "maximizing": self.maximizing}

    @classmethod
    def from_dict(cls, data: dict) -> "SolveResult":
        """The result :meth:`to_dict` wrote (a stored result read back)."""
        return cls(value=data["value"], moves=dict(data.get("moves", {})), nodes=data.get("nodes", 0),
                   perspective=data.get("perspective", ""), maximizing=data.get("maximizing", True))

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str) -> "SolveResult":
        return cls.from_dict(json.loads(text))

    def table(self) -> str:
        """A readable table of every move's value and its cost."""
        lines = [f"value: {self.value} ({self.perspective})", "move  value  cost"]
        sign = 1 if self.maximizing else -1
        for move, v in sorted(self.moves.items(), key=lambda kv: -sign * kv[1]):
            lines.append(f"{move:<5} {v:>5}  {sign * (self.value - v):>4}")
        lines.append(f"nodes: {self.nodes}")
        return "\n".join(lines)
