"""Card-by-card analysis of a played game: what each play cost.

For every move of a record, the position before it is solved exactly; the
move's cost is how much worse its value is than the best move's, from the
point of view of the player who made it (0 for an optimal move).  It works
for every game's states (:mod:`openhand.game`) with the game's
``solve(state)`` returning a :class:`~openhand.result.SolveResult`.

>>> from openhand.sixtyfive import Position, solve
>>> start = Position.from_deal("N:A.K.. 3.A.. K.3.. Q.Q..", leader="N")
>>> for step in analyse(start, ["AS", "3S", "KS", "QS", "KH", "AH"], solve):
...     print(step)       # 65 values: N-S points in the remaining tricks
N AS: best 13 (KH), played 12, cost 1
E 3S: best 12 (3S), played 12, cost 0
S KS: best 12 (KS), played 12, cost 0
W QS: best 12 (QS), played 12, cost 0
N KH: best 7 (KH), played 7, cost 0
E AH: best 7 (AH), played 7, cost 0
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, List

from .errors import IllegalMoveError, is_list

__all__ = ["Step", "analyse"]


@dataclass
class Step:
    """One analysed move: who made it, the best value and move(s), the
    value of the move made and its cost (>= 0)."""

    player: str
    move: str
    best_value: int
    best_moves: List[str]
    value: int
    cost: int

    def __str__(self) -> str:
        return (f"{self.player} {self.move}: best {self.best_value} ({', '.join(self.best_moves)}), "
                f"played {self.value}, cost {self.cost}")


def analyse(start, moves: Iterable, solve: Callable, progress: Callable = None) -> List[Step]:
    """Solve before each of ``moves`` (played from a copy of ``start``) and
    return one :class:`Step` per move.  ``progress(i, step)``, if given, is
    called after each move (long games show progress this way).  A move
    that is not legal, or comes after the end of the deal, raises
    :class:`IllegalMoveError` naming its place (1 = first) in the record."""
    if not is_list(moves):
        raise IllegalMoveError(f"give the record as a list of moves, like ['AS', '3S'], not {moves!r}")
    pos = start.copy()
    steps: List[Step] = []
    for i, move in enumerate(moves):
        text = str(move).strip()
        if pos.is_over():
            raise IllegalMoveError(f"move {i + 1} of the record, {text!r}, comes after the end of the deal")
        result = solve(pos)
        key = next((m for m in result.moves if m.lower() == text.lower()), None)
        if key is None:
            raise IllegalMoveError(f"move {i + 1} of the record, {text!r}, is not legal here; "
                                   f"legal: {', '.join(result.moves)}")
        value = result.moves[key]
        sign = 1 if result.maximizing else -1
        step = Step(pos.get_game().player_name(pos.to_move), key, result.value, result.best_moves, value,
                    sign * (result.value - value))
        steps.append(step)
        if progress:
            progress(i, step)
        pos.play(key)
    return steps
