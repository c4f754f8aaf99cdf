"""65: the pure-Python reference solver (the oracle and the speed baseline).

Plain fail-soft alpha-beta over the points N-S take in the remaining tricks,
with one transposition table at trick boundaries.  It is sound because the
points still to come depend only on the hands and the leader, never on how
the position was reached, so a bound learnt once holds for every path.
No move ordering and no equivalent-card reduction: it is meant to be read
and trusted, not to be fast.

>>> from openhand.sixtyfive import Position
>>> pos = Position.from_deal("N:A.K.. 3.A.. K.3.. Q.Q..", leader="N")
>>> r = solve(pos)
>>> r.value, r.moves
(13, {'AS': 12, 'KH': 13})
>>> can_reach(pos, 13), can_reach(pos, 14)
(True, False)
"""
from __future__ import annotations

from typing import Dict, Tuple

from ..result import SolveResult
from ..seats import side_of
from .rules import Position, legal_cards, trick_points

PERSPECTIVE = "N-S points in the remaining tricks"
_INF = 10 ** 6


class _Search:
    def __init__(self) -> None:
        self.table: Dict[Tuple, Tuple[int, int]] = {}
        self.nodes = 0

    def value(self, hands: tuple, leader: int, trick: tuple, alpha: int, beta: int) -> int:
        """N-S points in the remaining tricks (fail-soft within alpha..beta)."""
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
        maximizing = side_of(seat) == 0
        best = -_INF if maximizing else _INF
        a, b = alpha, beta
        for card in legal_cards(hands[seat], trick):
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
        winner, (ns, _) = trick_points(new_trick, leader, last=not any(new_hands))
        return ns + self.value(new_hands, winner, (), alpha - ns, beta - ns)


def _start(position: Position):
    hands = tuple(frozenset(h) for h in position.hands)
    return hands, position.leader, tuple(position.trick)


def solve(position: Position, moves: bool = True) -> SolveResult:
    """Exact N-S points in the remaining tricks, and (with ``moves``) the
    value of every legal card of the player to move."""
    search = _Search()
    hands, leader, trick = _start(position)
    value = search.value(hands, leader, trick, -_INF, _INF)
    per_move = {}
    if moves:
        seat = (leader + len(trick)) % 4
        for card in position.legal_moves:
            per_move[str(card)] = search.child(hands, leader, trick, seat, card, -_INF, _INF)
    return SolveResult(value, per_move, search.nodes, PERSPECTIVE, side_of(position.to_move_index) == 0)


def can_reach(position: Position, target: int) -> bool:
    """Can N-S reach ``target`` deal points (those already collected, when the
    position knows them, plus the remaining tricks) against best defence?"""
    search = _Search()
    hands, leader, trick = _start(position)
    have = (position.deal_score() or (0, 0))[0]
    need = target - have
    return search.value(hands, leader, trick, need - 1, need) >= need
