"""65 (Sixty-Five): the pure-Python rules engine, the readable spec.

Rules (the full text: docs/rules.md, section 65):
- 48 cards, 3 (low) .. A (high) in four suits; spades are always trumps.
- Four players, N-S against E-W, 12 cards each.  The player left of the
  dealer leads trick 1; the winner of a trick leads the next.
- Follow suit if able, else play any card (no duty to trump or to beat).
- The highest spade wins, else the highest card of the suit led.
- Collection: the winning side takes only the winner's PARTNER's card; the
  other three cards (the winner's own included) go to the losing side.
- Deal score: 2 per trick won, +1 for the last trick (trick 12), plus card
  points A 4, K 3, Q 2, J 1 of every card a side collected: 65 in all.
- Victory points: 33..40 scores 1 VP, 41+ scores 2 VP; first to 5 VP wins.

Design choices: a position may start mid-deal (hands of k < 12 cards, a
trick in progress) or be the end of the deal (four empty hands, so a
finished deal copies).  The last of the remaining tricks is always trick 12.
Points and tricks already collected are optional; when given they must be
consistent with the cards already played (65 in all).

>>> pos = Position.from_deal("N:A... K... Q... J...", leader="N")
>>> pos.play("AS"); pos.play("KS"); pos.play("QS"); pos.play("JS")
>>> pos.is_over(), pos.winners, pos.returns()
(True, (0,), (5, 8))
>>> pos.gained   # N won: 2 + 1 (last trick) + partner S's Q (2); E-W get A, K, J
(5, 8)
"""
from __future__ import annotations

import random
from typing import Dict, Iterable, List, Sequence, Tuple

from ..cards import Card, sort_cards
from ..errors import PositionError, require_int, require_seed
from ..seats import SEATS, left_of, seat_index, side_of
from ..trickplay import TrickPosition, check_spot
from .deck import (CARD_POINTS, DECK, GAME, HAND_SIZE, LAST_TRICK_BONUS, TOTAL_POINTS, TRICK_POINTS,  # noqa: F401
                   TRUMP_SUIT, card_points)
from .notation import Move

__all__ = ["Position", "legal_cards", "trick_winner_index", "trick_points", "trick_count", "random_deal",
           "random_position", "play_down_to", "victory_points", "DECK", "TOTAL_POINTS", "OBJECTIVES"]

# What a solver may count: the deal's points (the game), or only the tricks
# (its trick-taking skeleton: card points zero, no last-trick bonus).
OBJECTIVES = ("points", "tricks")


def legal_cards(hand: Iterable[Card], trick: Sequence[Card]) -> List[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (cards so far)."""
    hand = list(hand)
    if trick:
        led = trick[0].suit
        follow = [c for c in hand if c.suit == led]
        if follow:
            return follow
    return hand


def trick_winner_index(trick: Sequence[Card]) -> int:
    """Index (0 = leader) of the card that wins a complete trick."""
    best = 0
    for i in range(1, len(trick)):
        c, b = trick[i], trick[best]
        if c.suit == b.suit:
            if c.rank > b.rank:
                best = i
        elif c.suit == TRUMP_SUIT:
            best = i
    return best


def trick_points(trick: Sequence[Card], leader: int, last: bool) -> Tuple[int, Tuple[int, int]]:
    """(winner seat, (N-S points, E-W points)) of a complete trick.

    The winning side scores the trick (2, +1 if ``last``) and the card points
    of the winner's partner's card; the losing side scores the card points of
    the other three cards.
    """
    w = trick_winner_index(trick)
    winner = (leader + w) % 4
    partner_card = trick[(w + 2) % 4]
    win = TRICK_POINTS + (LAST_TRICK_BONUS if last else 0) + card_points(partner_card)
    lose = sum(card_points(c) for c in trick) - card_points(partner_card)
    points = [0, 0]
    points[side_of(winner)] += win
    points[1 - side_of(winner)] += lose
    return winner, (points[0], points[1])


def trick_count(trick: Sequence[Card], leader: int, last: bool) -> Tuple[int, Tuple[int, int]]:
    """(winner seat, (N-S, E-W)) of a complete trick under the tricks
    objective: one trick to the winner's side, nothing for cards.

    >>> from openhand.cards import parse_cards
    >>> trick_count(parse_cards("AH 3S KH QH"), 0, True)   # E trumps
    (1, (0, 1))
    """
    winner = (leader + trick_winner_index(trick)) % 4
    return winner, ((1, 0) if side_of(winner) == 0 else (0, 1))


def random_deal(seed=None) -> Dict[str, frozenset]:
    """A seeded random deal: seat -> 12 cards."""
    deck = sort_cards(DECK)
    random.Random(require_seed(seed)).shuffle(deck)
    return {s: frozenset(deck[12 * i:12 * i + 12]) for i, s in enumerate(SEATS)}


class Position(TrickPosition):
    """A moment of a 65 deal: hands, the trick in progress, and the score.

    ``hands`` maps seats (``'N'`` or 0..3) to cards; ``leader`` is the seat
    that led (or is to lead) the current trick; ``trick`` lists the cards
    already played to it, in order from the leader.  ``points`` and
    ``tricks`` are what N-S and E-W already collected, if known (at the
    start of a deal they are 0-0); ``dealer`` (optional) is the seat that
    dealt.  Seats are 0..3 (N E S W) in every view: ``to_move``,
    ``leader``, ``winners``.

    >>> p = Position.random(seed=1)
    >>> p.to_move, len(p.legal_moves), p.points, p.dealer
    (2, 12, (0, 0), 1)
    >>> p.play("AD")
    Traceback (most recent call last):
    ...
    openhand.errors.IllegalMoveError: S may not play AD: S does not hold AD
    """

    game = GAME
    DECK = DECK
    HAND_SIZE = HAND_SIZE
    TITLE = "65"
    MOVE = Move

    def __init__(self, hands, leader, trick: Iterable = (), points=None, tricks=None, dealer=None):
        self._setup(hands, leader, trick, points, tricks)
        if self._tricks0 is None and self._points0 == (0, 0) and self.tricks_left == HAND_SIZE:
            self._tricks0 = (0, 0)
        self._validate_score(self._points0, self._tricks0)
        self._dealer = None if dealer is None else seat_index(dealer)
        if self._dealer is not None and self.tricks_left == HAND_SIZE and not self._trick \
                and self._leader != left_of(self._dealer):
            raise PositionError(f"with {SEATS[self._dealer]} dealing, {SEATS[left_of(self._dealer)]} "
                                f"leads the first trick, not {SEATS[self._leader]}")

    @classmethod
    def from_deal(cls, deal: str, leader, trick="", points=None, tricks=None, dealer=None) -> "Position":
        """A position from a PBN deal string; ``trick`` lists cards already
        played to the current trick (``"AS 3S"``), which must not be in the
        hands."""
        hands, trick_cards = cls._parse(deal, trick)
        return cls(hands, leader, trick_cards, points, tricks, dealer)

    @classmethod
    def random(cls, seed=None, dealer=None) -> "Position":
        """A full random deal; the player left of ``dealer`` (default: a
        seeded random dealer) leads."""
        rng = random.Random(require_seed(seed))
        dealer = rng.randrange(4) if dealer is None else seat_index(dealer)
        return cls(random_deal(rng.random()), left_of(dealer), dealer=dealer)

    @property
    def dealer(self):
        """The seat that dealt (0..3), when known."""
        return self._dealer

    # the three rules TrickPosition asks of a game
    def legal_cards(self, hand, trick):
        return legal_cards(hand, trick)

    def score_trick(self, trick, leader, last):
        return trick_points(trick, leader, last)

    def illegal_reason(self, card) -> str:
        return f"must follow {self._trick[0].suit.name.lower()}"

    def _validate_score(self, points, tricks) -> None:
        done = HAND_SIZE - self.tricks_left
        if tricks is not None and sum(tricks) != done:
            raise PositionError(f"tricks {tuple(tricks)} must add up to the {done} tricks already played")
        if points is not None:
            in_play = sum(card_points(c) for h in self._hands for c in h) + sum(card_points(c) for c in self._trick)
            bonus = LAST_TRICK_BONUS if self.is_over() else 0
            expected_total = TRICK_POINTS * done + bonus + (40 - in_play)
            if sum(points) != expected_total:
                raise PositionError(
                    f"points {tuple(points)} must add up to {expected_total}: 2 per trick played"
                    f"{' (+1 for the last)' if bonus else ''} plus the card points of the cards "
                    f"no longer in play")
            if tricks is not None and any(p < TRICK_POINTS * t for p, t in zip(points, tricks)):
                raise PositionError(f"points {tuple(points)} are fewer than 2 per trick won {tuple(tricks)}")

    # ------------------------------------------------------------ queries
    def points_in_play(self) -> int:
        """Points still to be won: 2 per trick left, +1, card points in play."""
        if self.is_over():
            return 0
        cards = [c for h in self._hands for c in h] + self._trick
        return TRICK_POINTS * self.tricks_left + LAST_TRICK_BONUS + sum(card_points(c) for c in cards)

    def returns(self) -> Tuple[int, int]:
        """The deal points (N-S, E-W) of the finished deal: 65 in all."""
        if not self.is_over():
            raise PositionError("the deal is not over")
        return self.score()

    def victory_points(self) -> Tuple[int, int]:
        """VPs of (N-S, E-W) for a finished deal (33..40: 1, 41+: 2)."""
        score = self.points
        if score is None or not self.is_over():
            raise PositionError("victory points need a finished deal with known points")
        return tuple(victory_points(p) for p in score)

    def without_history(self) -> "Position":
        """The same moment as a new start (nothing to undo)."""
        return Position({SEATS[s]: self._hands[s] for s in range(4)}, self._leader, self._trick,
                        self.points, self._tricks_now())

    # ------------------------------------------------------------ text
    def fields(self):
        out = [("dealer", "" if self._dealer is None else SEATS[self._dealer])] + self._start_fields()
        from ..textform import join_moves
        return out + [("moves", join_moves(m for _, m in self._moves))]

    def observation(self, player):
        """What ``player`` (a seat) may know: own hand, every card played
        and by whom, the trick, the score (see
        :class:`~openhand.observation.Observation`)."""
        from ..observation import Observation
        facts = self._observed(player)
        facts["dealer"] = self._dealer
        facts["points"] = self.points
        facts["tricks"] = self._tricks_now()
        return Observation(self.game, facts)

    def __str__(self) -> str:
        from ..diagram import trick_diagram
        return trick_diagram(self, "65")


def random_position(seed=None, tricks_left: int = 12, trick_cards: int = 0) -> Position:
    """A seeded random position: a random deal played at random until
    ``tricks_left`` tricks remain (the current one included) with
    ``trick_cards`` cards (0..3) already played to the current trick.
    The position keeps its history from the deal's start (``undo`` goes
    back there; :meth:`Position.without_history` drops it).

    >>> p = random_position(seed=5, tricks_left=3, trick_cards=2)
    >>> p.tricks_left, len(p.trick), sum(p.points) + p.points_in_play(), len(p.history)
    (3, 2, 65, 38)
    """
    check_spot(tricks_left, trick_cards, HAND_SIZE)
    rng = random.Random(require_seed(seed))
    pos = Position.random(seed=rng.random()) if (tricks_left, trick_cards) != (HAND_SIZE, 0) \
        else Position.random(seed=seed)
    return play_down_to(pos, tricks_left, rng, trick_cards)


def play_down_to(pos: Position, tricks_left: int, rng: random.Random, trick_cards: int = 0) -> Position:
    """Play ``pos`` on at random (each card drawn by ``rng`` among the
    legal ones) until ``tricks_left`` tricks remain with ``trick_cards``
    cards played to the current one; ``pos`` itself, for chaining.

    >>> p = play_down_to(Position.random(seed=1), 10, random.Random(2), trick_cards=1)
    >>> p.tricks_left, len(p.trick), len(p.history)
    (10, 1, 9)
    """
    while pos.tricks_left > tricks_left or (pos.tricks_left == tricks_left and len(pos.trick) < trick_cards):
        pos.play(rng.choice(pos.legal_cards_now()))
    return pos


def victory_points(score: int) -> int:
    """VPs for one side's deal score (0..65): 33..40 -> 1, 41 or more -> 2.

    >>> [victory_points(s) for s in (32, 33, 40, 41, 65)]
    [0, 1, 1, 2, 2]
    >>> victory_points(66)
    Traceback (most recent call last):
    ...
    openhand.errors.PositionError: a deal score lies in 0..65, got 66
    """
    if require_int(score, "a deal score") < 0 or score > TOTAL_POINTS:
        raise PositionError(f"a deal score lies in 0..{TOTAL_POINTS}, got {score}")
    return 2 if score >= 41 else 1 if score >= 33 else 0
