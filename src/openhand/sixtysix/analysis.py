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
and the kinds of the best moves).  A step's ``note`` says what its move
cost: a decision missed or mistaken (``close instead of play``), else the
game points (``costs 1 game point``), with the card points given away
where there are some (``... and 14 card points``; ``gives away 20 card
points`` when the game points do not move).  One solver serves both
objectives.
"""
from __future__ import annotations

from ..analysis import Analyst as BaseAnalyst

__all__ = ["Analyst", "DECISIONS"]

DECISIONS = ("exchange", "close", "out", "marriage", "marriage out")


def _cost_note(game_points: int, card_points: int) -> str:
    """What a move costs, in game points (what the deal is played for),
    and in card points where it gives some away.

    >>> _cost_note(1, 0), _cost_note(2, 14), _cost_note(0, 20), _cost_note(0, 0)
    ('costs 1 game point', 'costs 2 game points and 14 card points', 'gives away 20 card points', '')
    """
    cards = f"{card_points} card points" if card_points > 0 else ""
    if not game_points:
        return f"gives away {cards}" if cards else ""
    note = f"costs {game_points} game point{'' if game_points == 1 else 's'}"
    return f"{note} and {cards}" if cards else note


def _kind(move: str) -> str:
    from .notation import Move
    return Move(move).kind


class Analyst(BaseAnalyst):
    """Sixty-Six's analyst: game points, card points and the decisions."""

    def _points(self, state):
        """The card-point value of a position (value only), kept for the
        next step, whose position before is this step's after."""
        key = state.to_text()
        cache = self.__dict__.setdefault("_cache", {})
        if key not in cache:
            if len(cache) > 2:
                cache.clear()
            cache[key] = self.solver.solve(state, moves=False, objective="points")
        return cache[key]

    def annotate(self, step, state) -> None:
        if self.options.get("points", True) and self._solve is None and _kind(step.move) not in ("out",
                                                                                                 "marriage out"):
            # the move's card points are those of the position it leads to
            # (seen by the mover): one value-only solve per position
            before = self._points(state)
            after_state = state.copy()
            after_state.play(step.move)
            after = self._points(after_state)
            value = after.value if after.side == before.side else -after.value
            step.facts.update(points_best=before.value, points_value=value, points_cost=before.value - value)
        chosen = _kind(step.move)
        best_kinds = sorted({_kind(m) for m in step.best_moves})
        missed = step.cost and any(k in DECISIONS for k in best_kinds)
        if chosen in DECISIONS or missed:
            step.facts["decision"] = {"made": chosen, "best": best_kinds}
            if step.cost:
                step.note = f"{chosen} instead of {' or '.join(best_kinds)}"
        else:
            step.note = _cost_note(step.cost, step.facts.get("points_cost", 0))

    def other_side(self, units: str, value: int) -> int:
        return -value

    def perspective(self, start):
        return {"game points": 0}
