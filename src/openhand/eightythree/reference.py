"""Eighty-Three: the pure-Python reference play solver (the oracle).

The value of a play position is the number of card points the BIDDER'S SIDE
takes in the remaining tricks (the trick in progress included, with the
points of the cards already on it) when all four hands are open and both
sides play optimally: the bidder's side maximises it, the defenders
minimise it.  It ranges over 0 .. ``position.points_in_play()``.  Per-card
values are keyed by card text (``'AS'``, ``'JK'``) and mean the value after
the player to move plays that card.

Plain fail-soft alpha-beta with one transposition table at trick
boundaries, keyed by (hands, leader).  Sound because the points still to
come depend only on the hands, the leader, and the trump suit and bidder,
which are fixed for the whole search; so a bound learnt once holds on every
path.  Cards are tried in ascending card id (``suit * 16 + rank``, joker 15);
there is no move ordering and no equivalent-card reduction: it is meant to be
read and trusted, not to be fast (a full 6-card deal takes several seconds).

>>> from openhand.eightythree import Position
>>> pos = Position.from_deal("N:K.A.. .2..5 9.3.. Q..4.", trump="S", bidder="N")
>>> r = solve(pos)      # KS drags E's off-five 5C, S's 9S and W's QS: 59
>>> r.value, r.moves
(59, {'KS': 59, 'AH': 34})
>>> at_least(pos, 59), at_least(pos, 60)
(True, False)
>>> pos.play("AH"); solve(pos).moves   # E to move: 5C (a trump) or 2H
{'2H': 39, '5C': 34}
"""
from __future__ import annotations

from ..result import SolveResult
from ..trickplay import ReferenceSearch, trick_result
from .rules import Position

__all__ = ["solve", "at_least"]


def solve(position: Position, moves: bool = True, progress=None) -> SolveResult:
    """Exact points of the bidder's side in the remaining tricks, and (with
    ``moves``) the value of every legal card of the player to move.
    ``progress``: None, or called with the nodes searched so far every 2^16
    nodes (whatever it raises stops the search; see
    :mod:`openhand.progress`)."""
    search = ReferenceSearch(position, position.bidder_side, progress)
    value, per_move, maxing = search.solve(moves)
    return trick_result(position, position.bidder_side, value, per_move, search.nodes, maxing)


def at_least(position: Position, target: int, progress=None) -> bool:
    """Can the bidder's side end the deal with at least ``target`` points
    (those already collected, when the position knows them, plus the
    remaining tricks) against best defence?  (``progress`` as for
    :func:`solve`.)"""
    need = target - position.score()[position.bidder_side]
    return ReferenceSearch(position, position.bidder_side, progress).at_least(need)
