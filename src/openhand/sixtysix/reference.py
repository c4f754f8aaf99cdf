"""Sixty-Six: the pure-Python reference solver (the oracle and the baseline).

Open hand: both hands and the order of the stock are known, so the deal is a
two-player game of perfect information.  Plain fail-soft negamax alpha-beta
over :class:`~.rules.Snapshot`, with one transposition dict of (lower, upper)
bounds.  Every action is one node (``exchange`` and ``close`` keep the same
player to move, so their children are not negated).

Objectives, always for the player to move (``perspective``):

- ``"game"`` (default): the game points the player to move wins in this
  deal minus those the opponent wins, -3..+3 (only one player scores, or
  nobody after equal totals).  Every legal action is searched, wrong claims
  included.  Values lie in -3..3, so the root is searched with the window
  (-3, 3): a fail-soft result on either edge is still exact.
- ``"points"``: card-point analysis.  The deal is always played to the last
  card: claims (``out``, ``marriage X out``) are not offered, and the value
  is the player's final counted points minus the opponent's (tricks, plus
  marriages once that player has won a trick, plus 10 for the last trick
  when the stock was not closed).

A finished position has no moves; its value is the result for its leader
(the claimer, or the winner of the last trick), who counts as to move.

The transposition key holds everything that matters for the future: hands,
stock (order, trump card last), leader, card in play, points, whether each
player has won a trick, the marriages shown, and the closing state.  Scores
are part of the key because the game-point outcome is not additive (it
depends on thresholds 33 and 66); trick counts beyond "won one or not" are
not.  Values are absolute outcomes of the deal, never "points from here", so
a bound stored once holds on every path to the same key.

>>> from openhand.sixtysix import Position
>>> p = Position(["A.A..", "T.T.."], [], trump="S", leader=0,
...              points=[48, 30], tricks=[5, 5])
>>> r = solve(p)   # both tricks are his (follow and beat): 90, the opponent 30
>>> r.value, r.moves   # going out now with 48 is a wrong claim
(2, {'out': -2, 'AS': 2, 'AH': 2})
>>> solve(p, objective="points").value   # 48 + 21 + 21 + 10 against 30
70
"""
from __future__ import annotations

from typing import Dict, Tuple

from ..bound_table import INF as _INF, BoundTable
from ..errors import PositionError, require_int
from ..progress import NodeCounter
from ..result import SolveResult
from .notation import MARRIAGE_OUT, OUT
from .rules import Snapshot, deal_result, final_points, is_over, legal_actions, step, to_move

__all__ = ["solve", "at_least", "OBJECTIVES", "result_of"]

OBJECTIVES = ("game", "points")
UNITS = {"game": "game points", "points": "card points"}
_GAME_WINDOW = (-3, 3)


def result_of(s: Snapshot, objective: str, value: int, moves: Dict[str, int], nodes: int, **extra) -> SolveResult:
    """The SolveResult of a Sixty-Six solve: values for the player to move
    (the leader once the deal is over), own minus the opponent's, for the
    whole deal.  ``extra``: the fields of an answer cut by a limit."""
    player = to_move(s)
    return SolveResult(game="66", side=f"player {player}", value=value, moves=moves, nodes=nodes,
                       maximizing=True, units=UNITS[objective], basis="deal", **extra)


def _key(s: Snapshot) -> Tuple:
    return (s.hands, s.stock, s.leader, s.trick, s.points, s.tricks[0] > 0, s.tricks[1] > 0,
            s.marriages, s.closed_by, s.closed_opp_won)


class _Search(NodeCounter):
    """One search (one solve call) with its own table.  ``progress`` is
    called every 2^16 nodes (:mod:`openhand.progress`); what it raises
    unwinds the search and the table goes with it, and a node stores its
    bound only after all its children have returned, so nothing half-done
    is ever kept."""

    def __init__(self, objective: str, progress=None) -> None:
        if objective not in OBJECTIVES:
            raise PositionError(f"unknown objective {objective!r}: expected one of {OBJECTIVES}")
        super().__init__(progress)
        self.points = objective == "points"
        self.table = BoundTable()

    def leaf(self, s: Snapshot) -> int:
        """The value of a finished deal for its leader."""
        p = s.leader
        if self.points:
            tot = final_points(s)
        else:
            tot = deal_result(s)
        return tot[p] - tot[1 - p]

    def actions(self, s: Snapshot):
        acts = legal_actions(s)
        if self.points:
            acts = [a for a in acts if a.kind is not OUT and a.kind is not MARRIAGE_OUT]
        return acts

    def value(self, s: Snapshot, alpha: int, beta: int) -> int:
        """Value of ``s`` for the player to move (fail-soft within alpha..beta)."""
        self.count_node()
        if is_over(s):
            return self.leaf(s)
        key = _key(s)
        known, alpha, beta = self.table.probe(key, alpha, beta)
        if known is not None:
            return known
        p = to_move(s)
        best = -_INF
        a = alpha
        for act in self.actions(s):
            v = self.child(s, p, act, a, beta)
            if v > best:
                best = v
                if v > a:
                    a = v
                    if a >= beta:
                        break
        self.table.store(key, best, alpha, beta)
        return best

    def child(self, s: Snapshot, p: int, act, alpha: int, beta: int) -> int:
        """Value for player ``p`` (to move in ``s``) after ``act``."""
        c = step(s, act)
        if to_move(c) == p:
            return self.value(c, alpha, beta)
        return -self.value(c, -beta, -alpha)


def solve(position, moves: bool = True, objective: str = "game", progress=None) -> SolveResult:
    """The exact value of ``position`` (a :class:`~.position.Position`)
    for the player to move, and with ``moves`` the value of
    every legal action (same perspective), keyed by action text.
    ``progress``: None, or called with the nodes searched so far every 2^16
    nodes (whatever it raises stops the search; see
    :mod:`openhand.progress`)."""
    s = position._snap
    search = _Search(objective, progress)
    window = _GAME_WINDOW if not search.points else (-_INF, _INF)
    value = search.value(s, *window)
    per_move: Dict[str, int] = {}
    if moves and not is_over(s):
        p = to_move(s)
        for act in search.actions(s):
            per_move[str(act)] = search.child(s, p, act, *window)
    return result_of(s, objective, value, per_move, search.nodes)


def at_least(position, target: int, objective: str = "game", progress=None) -> bool:
    """Can the player to move make at least ``target`` in ``objective``
    (``"game"``: net game points, own minus the opponent's, -3..3;
    ``"points"``: the final card-point margin)?  Exactly
    ``solve(position, objective=objective).value >= target``, by one
    null-window search: fail-soft alpha-beta in the window
    (target - 1, target) returns at least ``target`` exactly when the value
    is at least ``target`` (else a value below it).  ``progress`` as for
    :func:`solve`.

    >>> from openhand.sixtysix import Position
    >>> p = Position(["A.A..", "T.T.."], [], trump="S", leader=0,
    ...              points=[48, 30], tricks=[5, 5])
    >>> at_least(p, 2), at_least(p, 3), at_least(p, 70, "points")
    (True, False, True)
    """
    s = position._snap
    target = require_int(target, "target")
    return _Search(objective, progress).value(s, target - 1, target) >= target
