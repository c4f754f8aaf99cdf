"""Eighty-Three: a game to 200, and seeded random play positions.

Each deal is a :class:`~openhand.eightythree.auction.Deal`; the deal passes
left.  The first side to reach the target (default 200) wins; if both sides
reach it on the same deal, the bidders win.  Scores may go negative.

>>> import random
>>> g = Game(seed=5)
>>> rng = random.Random(5)
>>> while not g.is_over():
...     d = g.new_deal()
...     while d.phase != "over":
...         _ = random_action(d, rng)
...     _ = g.finish_deal(d)
>>> g.winner in ("N-S", "E-W"), max(g.scores) >= 200, all(sum(d.won) == 83 for d in g.deals)
(True, True, True)
"""
from __future__ import annotations

import random
from typing import List, Optional, Tuple

from ..errors import IllegalMoveError, PositionError, require_int
from ..seats import SIDES, left_of, seat_index, side_of
from .auction import Deal, random_action
from .rules import HAND_SIZE, Position

TARGET = 200


class Game:
    """A game of Eighty-Three to ``target`` points (default 200).

    ``penalty`` is the failed-bid option (``'bid'``: lose the bid, the
    default; ``'won'``: lose what was won).  ``scores`` are (N-S, E-W).
    """

    def __init__(self, seed=None, dealer=None, target: int = TARGET, penalty: str = "bid"):
        if require_int(target, "the target") < 1:
            raise PositionError(f"the target must be a positive number of points, got {target!r}")
        if penalty not in ("bid", "won"):
            raise PositionError(f"unknown penalty option {penalty!r}: expected 'bid' or 'won'")
        self.rng = random.Random(seed)
        self.target = target
        self.penalty = penalty
        self.dealer = self.rng.randrange(4) if dealer is None else seat_index(dealer)
        self.scores = (0, 0)
        self.deals: List[Deal] = []
        self.history: List[Tuple[int, int]] = []
        self.winner: Optional[str] = None

    def new_deal(self) -> Deal:
        """Shuffle and deal the next hand (the dealer passes left after each)."""
        if self.is_over():
            raise IllegalMoveError("the game is over")
        if self.deals and self.deals[-1].phase != "over" or len(self.deals) > len(self.history):
            raise IllegalMoveError("finish and score the current deal first")
        deal = Deal.random(self.rng.random(), self.dealer, self.penalty)
        self.deals.append(deal)
        return deal

    def finish_deal(self, deal: Deal) -> Tuple[int, int]:
        """Score a finished deal, pass the deal left, return its scores."""
        if not self.deals or deal is not self.deals[-1] or len(self.history) == len(self.deals):
            raise IllegalMoveError("only the current deal can be scored, once")
        pts = deal.score()
        self.history.append(pts)
        self.scores = (self.scores[0] + pts[0], self.scores[1] + pts[1])
        self.dealer = left_of(self.dealer)
        reached = [s >= self.target for s in self.scores]
        if all(reached):
            self.winner = SIDES[side_of(seat_index(deal.bidder))]
        elif any(reached):
            self.winner = SIDES[reached.index(True)]
        return pts

    def is_over(self) -> bool:
        return self.winner is not None


def random_deal_to_play(seed=None, dealer=None) -> Deal:
    """A seeded random deal taken by random legal actions to the start of play."""
    rng = random.Random(seed)
    deal = Deal.random(rng.random(), dealer)
    while deal.phase != "playing":
        random_action(deal, rng)
    return deal


def random_play_position(seed=None, tricks_left: int = HAND_SIZE, trick_cards: int = 0) -> Position:
    """A seeded random legal play position: a random deal, a random legal
    auction, passes and discards, then random legal cards until
    ``tricks_left`` tricks remain (the current one included) with
    ``trick_cards`` cards already played to it.  Points won so far are known.

    >>> p = random_play_position(3, tricks_left=2, trick_cards=1)
    >>> p.tricks_left, len(p.trick), sum(p.points) + p.points_in_play()
    (2, 1, 83)
    """
    if not 1 <= require_int(tricks_left, "tricks_left") <= HAND_SIZE \
            or not 0 <= require_int(trick_cards, "trick_cards") <= 3:
        raise PositionError(f"tricks_left must be 1..{HAND_SIZE} and trick_cards 0..3, got {tricks_left}, {trick_cards}")
    rng = random.Random(seed)
    deal = random_deal_to_play(rng.random())
    for _ in range(4 * (HAND_SIZE - tricks_left) + trick_cards):
        random_action(deal, rng)
    return deal.position.copy()
