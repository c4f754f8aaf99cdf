"""Sixty-Six: what the analysis of a record adds (:mod:`openhand.analysis`):
each decision's cost in game points and in card points, and its kind.

Game points (the solver's default objective) are what a deal is played
for; card points (``objective='points'``: the deal played to its last card,
no claims) show what a move gave away when the game points do not move.
Each step's ``kind`` is its move's (``play``, ``marriage``, ``marriage
out``, ``exchange``, ``close``, ``out``), and ``facts`` gives the card
points (``points_best``, ``points_value``, ``points_cost``, for moves that
are not claims) and, when the move or the best one was an exchange, a
marriage, a closing or going out, ``decision`` (the kind of move made
and the kinds of the best moves).  One solver serves both objectives.
"""
from __future__ import annotations

from ..analysis import Analyst as BaseAnalyst

__all__ = ["Analyst", "DECISIONS"]

DECISIONS = ("exchange", "close", "out", "marriage", "marriage out")


def _kind(move: str) -> str:
    from .notation import Move
    return Move(move).kind


class Analyst(BaseAnalyst):
    """Sixty-Six's analyst: game points, card points and the decisions."""

    def annotate(self, step, state) -> None:
        if self.options.get("points", True) and self._solve is None:
            r = self.solver.solve(state, objective="points")
            if step.move in r.moves:
                step.facts.update(points_best=r.value, points_value=r.moves[step.move],
                                  points_cost=r.value - r.moves[step.move])
        chosen = _kind(step.move)
        best_kinds = sorted({_kind(m) for m in step.best_moves})
        missed = step.cost and any(k in DECISIONS for k in best_kinds)
        if chosen in DECISIONS or missed:
            step.facts["decision"] = {"made": chosen, "best": best_kinds}
            if step.cost:
                step.note = f"{chosen} instead of {' or '.join(best_kinds)}"
        elif step.cost and "points_cost" in step.facts:
            step.note = f"gives away {step.facts['points_cost']} card points"

    def other_side(self, units: str, value: int) -> int:
        return -value

    def perspective(self, start):
        return {"game points": 0}
