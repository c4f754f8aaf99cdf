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
>>> can_make(pos, 59), can_make(pos, 60)
(True, False)
>>> pos.play("AH"); solve(pos).moves   # E to move: 5C (a trump) or 2H
{'2H': 39, '5C': 34}
"""
from __future__ import annotations

from typing import Dict, Tuple

from ..result import SolveResult
from ..seats import side_of
from .rules import Position, legal_cards, trick_points

_INF = 10 ** 6


class _Search:
    def __init__(self, trump: int, bidder_side: int) -> None:
        self.trump = trump
        self.side = bidder_side
        self.table: Dict[Tuple, Tuple[int, int]] = {}
        self.nodes = 0

    def value(self, hands: tuple, leader: int, trick: tuple, alpha: int, beta: int) -> int:
        """Bidder-side points in the remaining tricks (fail-soft in alpha..beta)."""
        self.nodes += 1
        seat = (leader + len(trick)) % 4
        key = None
        if not trick:
            if not hands[leader]:
                return 0
            key = (hands, leader)
            lo, hi = self.table.get(key, (-_INF, _INF))
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            alpha, beta = max(alpha, lo), min(beta, hi)
        maximizing = side_of(seat) == self.side
        best = -_INF if maximizing else _INF
        a, b = alpha, beta
        for card in legal_cards(hands[seat], trick, self.trump):
            v = self.child(hands, leader, trick, seat, card, a, b)
            if maximizing:
                best = max(best, v)
                a = max(a, v)
            else:
                best = min(best, v)
                b = min(b, v)
            if a >= b:
                break
        if key is not None:
            lo, hi = self.table.get(key, (-_INF, _INF))
            if best <= alpha:
                hi = min(hi, best)
            elif best >= beta:
                lo = max(lo, best)
            else:
                lo = hi = best
            self.table[key] = (lo, hi)
        return best

    def child(self, hands, leader, trick, seat, card, alpha, beta) -> int:
        """Value after ``seat`` plays ``card``."""
        new_hands = tuple(h - {card} if s == seat else h for s, h in enumerate(hands))
        new_trick = trick + (card,)
        if len(new_trick) < 4:
            return self.value(new_hands, leader, new_trick, alpha, beta)
        winner, pts = trick_points(new_trick, leader, self.trump)
        mine = pts if side_of(winner) == self.side else 0
        return mine + self.value(new_hands, winner, (), alpha - mine, beta - mine)


def _start(position: Position):
    hands = tuple(frozenset(h) for h in position.hands)
    return _Search(position.trump, position.bidder_side), hands, position.leader, tuple(position.trick)


def perspective(position: Position) -> str:
    side = ("N-S", "E-W")[position.bidder_side]
    return f"points of the bidder's side ({side}) in the remaining tricks"


def solve(position: Position, moves: bool = True) -> SolveResult:
    """Exact points of the bidder's side in the remaining tricks, and (with
    ``moves``) the value of every legal card of the player to move."""
    search, hands, leader, trick = _start(position)
    value = search.value(hands, leader, trick, -_INF, _INF) if not position.is_over() else 0
    per_move = {}
    if moves:
        seat = position.to_move_index
        for card in position.legal_moves:
            per_move[str(card)] = search.child(hands, leader, trick, seat, card, -_INF, _INF)
    maximizing = side_of(position.to_move_index) == position.bidder_side
    return SolveResult(value, per_move, search.nodes, perspective(position), maximizing)


def can_make(position: Position, target: int) -> bool:
    """Can the bidder's side end the deal with at least ``target`` points
    (those already collected, when the position knows them, plus the
    remaining tricks) against best defence?"""
    search, hands, leader, trick = _start(position)
    have = (position.deal_score() or (0, 0))[position.bidder_side]
    need = target - have
    if position.is_over():
        return need <= 0
    return search.value(hands, leader, trick, need - 1, need) >= need
