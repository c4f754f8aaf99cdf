"""Eighty-Three: one deal from the shuffle to the score, every action recorded.

Phases, in order (``Deal.phase``):

``bidding``
    From the dealer's left, clockwise among the players who have not passed:
    bid higher than the standing bid (30..83, then ``DOUBLED``, "83 doubled")
    or pass; a pass is final.  The auction ends when three have passed and a
    bid stands.  If the first three all pass, the dealer may not pass and
    must bid (30 or more); the auction then ends at once.
``trumps``
    The bidder has taken the 5-card kitty (recorded as ``kitty``) and names
    the trump suit.
``passing``
    In turn from the bidder, each player gets one turn; a player who, when
    that turn comes, holds more than 6 trumps keeps 6 and passes all the rest
    to the partner (players holding 6 or fewer are skipped).  The pass must
    leave the partnership able to keep every scoring trump.  Design choice
    making this exact: if the partner still has a passing turn to come, any
    pass qualifies (the partner can always pass back enough, since a side
    holds at most 10 scoring trumps); if the partner's turn is over, the
    partner must end up with at most 6 scoring trumps.
``discarding``
    In turn from the bidder, each player holding more than 6 cards discards
    down to 6 (a player holding exactly 6 is skipped).  A player holding at
    most 6 trumps discards no trump; a player still holding more than 6
    trumps discards every non-trump and exactly the excess trumps, none of
    them a scoring trump.  So all ten scoring trumps stay in play.
``playing``
    Six tricks on a :class:`~openhand.eightythree.rules.Position`, the bidder
    leading.
``over``
    :meth:`Deal.score` gives the deal scores.

The seeded deal shuffles the 53 cards, deals 3 at a time to each player
clockwise from the dealer's left for four rounds, then the last 5 cards to
the kitty.

>>> d = Deal.from_deal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. "
...                    "...AKQJT98765432 ...+JK", dealer="W")
Traceback (most recent call last):
...
openhand.errors.DealError: a deal holds 12 cards per player and 5 in the kitty, found N 13, E 13, S 13, W 13, kitty 1
>>> d = Deal.random(seed=7, dealer="N")
>>> d.phase, d.to_act, d.legal_bids[:3]
('bidding', 'E', [0, 30, 31])
>>> d.bid(30); d.bid("pass"); d.bid(35); d.bid("pass"); d.bid("pass")
>>> d.phase, d.bidder, d.high_bid, len(d.hands[seat_index("W")])
('trumps', 'W', 35, 17)
>>> [str(a) for a in d.record][:3]
['E bids 30', 'S passes', 'W bids 35']
"""
from __future__ import annotations

import random
from typing import Dict, Iterable, List, NamedTuple, Optional

from ..cards import SUIT_CHARS, Card, format_deal, parse_cards, parse_deal, sort_cards
from ..errors import DealError, IllegalMoveError, PositionError
from ..seats import SEATS, left_of, partner_of, seat_index
from .rules import (DEALT, DECK, DOUBLED, HAND_SIZE, KITTY_SIZE, MIN_BID, PASS, Position, bid_text,
                    is_scoring_trump, is_trump, parse_bid, score_deal, suit_index)

PHASES = ("bidding", "trumps", "passing", "discarding", "playing", "over")
_SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")


class Action(NamedTuple):
    """One recorded action: ``kind`` is ``bid`` (value: the bid, 0 = pass),
    ``kitty`` (the cards taken), ``trumps`` (the suit letter), ``pass``
    (the trumps passed to the partner), ``discard`` (the cards) or ``play``
    (the card)."""

    seat: str
    kind: str
    value: object

    def __str__(self) -> str:
        v = self.value
        cards = " ".join(map(str, v)) if isinstance(v, tuple) else str(v)
        if self.kind == "bid":
            return f"{self.seat} passes" if v == PASS else f"{self.seat} bids {bid_text(v)}"
        if self.kind == "kitty":
            return f"{self.seat} takes the kitty {cards}"
        if self.kind == "trumps":
            return f"{self.seat} names {_SUIT_NAMES[SUIT_CHARS.index(v)]}"
        if self.kind == "pass":
            return f"{self.seat} passes {cards} to {SEATS[partner_of(seat_index(self.seat))]}"
        if self.kind == "discard":
            return f"{self.seat} discards {cards}"
        return f"{self.seat} plays {cards}"


def deal_cards(seed=None, dealer=0) -> Dict[str, frozenset]:
    """Shuffle (seeded) and deal 3 at a time from the dealer's left: seat ->
    12 cards, and ``'kitty'`` -> the last 5 cards."""
    deck = sorted(DECK)
    random.Random(seed).shuffle(deck)
    hands: Dict[str, list] = {s: [] for s in SEATS}
    first = left_of(seat_index(dealer))
    for packet in range(16):
        seat = SEATS[(first + packet) % 4]
        hands[seat].extend(deck[3 * packet:3 * packet + 3])
    out = {s: frozenset(h) for s, h in hands.items()}
    out["kitty"] = frozenset(deck[48:])
    return out


def _card_list(cards) -> List[Card]:
    return parse_cards(cards) if isinstance(cards, str) else [Card(c) for c in cards]


def _text(cards: Iterable[Card]) -> str:
    return " ".join(map(str, sort_cards(cards)))


class Deal:
    """One deal of Eighty-Three: auction, kitty, trumps, passes, discards,
    play and score.  Actions are methods acting for the seat to act
    (:attr:`to_act`); each takes an optional ``seat`` that must be that seat.
    ``penalty`` is the scoring option for a failed bid (``'bid'`` or ``'won'``).
    """

    def __init__(self, hands, kitty, dealer, penalty: str = "bid"):
        self.hands: List[set] = [set(), set(), set(), set()]
        for seat, cards in dict(hands).items():
            self.hands[seat_index(seat)] = {Card(c) for c in cards}
        self.kitty = frozenset(Card(c) for c in kitty)
        self.dealer = seat_index(dealer)
        if penalty not in ("bid", "won"):
            raise PositionError(f"unknown penalty option {penalty!r}: expected 'bid' or 'won'")
        self.penalty = penalty
        sizes = [len(h) for h in self.hands]
        if sizes != [DEALT] * 4 or len(self.kitty) != KITTY_SIZE:
            desc = ", ".join(f"{SEATS[s]} {sizes[s]}" for s in range(4))
            raise DealError(f"a deal holds 12 cards per player and 5 in the kitty, found {desc}, "
                            f"kitty {len(self.kitty)}")
        everything = set(self.kitty).union(*self.hands)
        if len(everything) != len(DECK):
            missing = sort_cards(DECK - everything)
            raise DealError(f"a deal uses all 53 cards; missing {_text(missing)}")
        self.original = {SEATS[s]: frozenset(self.hands[s]) for s in range(4)}
        self.phase = "bidding"
        self.record: List[Action] = []
        self.high_bid = PASS
        self._bidder: Optional[int] = None
        self._passed: set = set()
        self._turn = left_of(self.dealer)
        self._queue: List[int] = []
        self.trump: Optional[int] = None
        self.discards: Dict[str, tuple] = {}
        self.position: Optional[Position] = None

    @classmethod
    def from_deal(cls, deal: str, dealer, penalty: str = "bid") -> "Deal":
        """A deal from ``"N:hand hand hand hand kitty"`` (PBN, ``+JK`` for the joker)."""
        hands = parse_deal(deal, deck=DECK, extra_hands=1, equal_sizes=False)
        kitty = hands.pop("X1")
        return cls(hands, kitty, dealer, penalty)

    @classmethod
    def random(cls, seed=None, dealer=None, penalty: str = "bid") -> "Deal":
        """A seeded random deal; the dealer is seeded random unless given."""
        rng = random.Random(seed)
        dealer = rng.randrange(4) if dealer is None else seat_index(dealer)
        cards = deal_cards(rng.random(), dealer)
        kitty = cards.pop("kitty")
        return cls(cards, kitty, dealer, penalty)

    # ------------------------------------------------------------ queries
    @property
    def bidder(self) -> Optional[str]:
        return None if self._bidder is None else SEATS[self._bidder]

    @property
    def to_act_index(self) -> Optional[int]:
        if self.phase == "bidding":
            return self._turn
        if self.phase == "trumps":
            return self._bidder
        if self.phase in ("passing", "discarding"):
            return self._queue[0]
        if self.phase == "playing":
            return self.position.to_move_index
        return None

    @property
    def to_act(self) -> Optional[str]:
        i = self.to_act_index
        return None if i is None else SEATS[i]

    @property
    def dealer_must_bid(self) -> bool:
        """True when the first three passed and the dealer must bid."""
        return self.phase == "bidding" and len(self._passed) == 3

    @property
    def legal_bids(self) -> List[int]:
        """The bids open to the player to act: ``PASS`` (0) unless the dealer
        is forced, then every bid above the standing one."""
        if self.phase != "bidding":
            return []
        bids = list(range(max(MIN_BID, self.high_bid + 1), DOUBLED + 1))
        return bids if self.dealer_must_bid else [PASS] + bids

    def trumps_held(self, seat) -> List[Card]:
        """The trumps ``seat`` holds now (trumps must be named)."""
        if self.trump is None:
            raise IllegalMoveError("no trump suit has been named yet")
        return sort_cards(c for c in self.hands[seat_index(seat)] if is_trump(c, self.trump))

    def pbn(self) -> str:
        """The current hands (and the kitty while it is untaken), PBN style."""
        hands = {SEATS[s]: self.hands[s] for s in range(4)}
        if self.phase == "bidding":
            hands["kitty"] = self.kitty
        return format_deal(hands)

    def __repr__(self) -> str:
        deal = format_deal({**self.original, "kitty": self.kitty})
        penalty = f", penalty={self.penalty!r}" if self.penalty != "bid" else ""
        return f"Deal.from_deal({deal!r}, dealer={SEATS[self.dealer]!r}{penalty})  # {self.phase}"

    def _check(self, phase: str, seat, what: str) -> int:
        if self.phase != phase:
            raise IllegalMoveError(f"cannot {what} now: the deal is in the {self.phase} phase")
        actor = self.to_act_index
        if seat is not None and seat_index(seat) != actor:
            raise IllegalMoveError(f"it is {SEATS[actor]}'s turn, not {SEATS[seat_index(seat)]}'s")
        return actor

    # ------------------------------------------------------------ bidding
    def bid(self, value, seat=None) -> None:
        """Bid ``value`` (30..83, ``'83 doubled'``) or pass (``'pass'``, 0)."""
        actor = self._check("bidding", seat, "bid")
        b = parse_bid(value)
        if b == PASS:
            if self.dealer_must_bid:
                raise IllegalMoveError(f"the first three players passed: the dealer {SEATS[actor]} "
                                       f"may not pass and must bid at least {MIN_BID}")
            self._passed.add(actor)
        else:
            if b <= self.high_bid:
                raise IllegalMoveError(f"bid {bid_text(b)} does not beat the standing bid of "
                                       f"{bid_text(self.high_bid)} by {self.bidder}")
            self.high_bid, self._bidder = b, actor
        self.record.append(Action(SEATS[actor], "bid", b))
        if len(self._passed) == 3 and self.high_bid != PASS:
            self._take_kitty()
            return
        nxt = left_of(actor)
        while nxt in self._passed:
            nxt = left_of(nxt)
        self._turn = nxt

    def _take_kitty(self) -> None:
        self.hands[self._bidder] |= self.kitty
        self.record.append(Action(self.bidder, "kitty", tuple(sort_cards(self.kitty))))
        self.phase = "trumps"

    # ------------------------------------------------------------ trumps
    def name_trumps(self, suit, seat=None) -> None:
        """The bidder names the trump suit (``'S'``, ``'H'``, ``'D'``, ``'C'``)."""
        actor = self._check("trumps", seat, "name trumps")
        try:
            self.trump = suit_index(suit)
        except PositionError:
            raise IllegalMoveError(f"unknown trump suit {suit!r}: expected one of S, H, D, C") from None
        self.record.append(Action(SEATS[actor], "trumps", SUIT_CHARS[self.trump]))
        self.phase = "passing"
        self._queue = [(actor + k) % 4 for k in range(4)]
        self._advance_passing()

    # ------------------------------------------------------------ passing
    def _advance_passing(self) -> None:
        while self._queue and len(self.trumps_held(self._queue[0])) <= HAND_SIZE:
            self._queue.pop(0)
        if not self._queue:
            self.phase = "discarding"
            self._queue = [(self._bidder + k) % 4 for k in range(4)]
            self._advance_discarding()

    def pass_size(self, seat=None) -> int:
        """How many trumps the player to act must pass now."""
        actor = self._check("passing", seat, "pass trumps")
        return len(self.trumps_held(actor)) - HAND_SIZE

    def check_pass(self, cards, seat=None) -> List[Card]:
        """Raise :class:`IllegalMoveError` unless passing ``cards`` is legal
        for the player to act; return the cards."""
        actor = self._check("passing", seat, "pass trumps")
        cards = _card_list(cards)
        hand, trumps = self.hands[actor], self.trumps_held(actor)
        name = SEATS[actor]
        for i, c in enumerate(cards):
            if c in cards[:i]:
                raise IllegalMoveError(f"{c} is listed twice in the pass")
            if c not in hand:
                raise IllegalMoveError(f"{name} does not hold {c}")
            if not is_trump(c, self.trump):
                raise IllegalMoveError(f"{c} is not a trump: only the trumps over 6 are passed")
        need = len(trumps) - HAND_SIZE
        if len(cards) != need:
            raise IllegalMoveError(f"{name} holds {len(trumps)} trumps, keeps 6 and must pass exactly "
                                   f"{need} to the partner, not {len(cards)}")
        partner = partner_of(actor)
        if partner not in self._queue[1:]:
            held = [c for c in self.hands[partner] if is_scoring_trump(c, self.trump)]
            passed = [c for c in cards if is_scoring_trump(c, self.trump)]
            if len(held) + len(passed) > HAND_SIZE:
                raise IllegalMoveError(
                    f"passing {_text(cards)} would leave {SEATS[partner]} with "
                    f"{len(held) + len(passed)} scoring trumps, more than the 6 trumps "
                    f"{SEATS[partner]} may keep; keep more scoring trumps")
        return cards

    def pass_trumps(self, cards, seat=None) -> None:
        """Pass ``cards`` (the trumps over 6) to the partner."""
        cards = self.check_pass(cards, seat)
        actor = self._queue[0]
        self.hands[actor] -= set(cards)
        self.hands[partner_of(actor)] |= set(cards)
        self.record.append(Action(SEATS[actor], "pass", tuple(sort_cards(cards))))
        self._queue.pop(0)
        self._advance_passing()

    # ------------------------------------------------------------ discarding
    def _advance_discarding(self) -> None:
        while self._queue and len(self.hands[self._queue[0]]) <= HAND_SIZE:
            self._queue.pop(0)
        if not self._queue:
            self.phase = "playing"
            self.position = Position({SEATS[s]: self.hands[s] for s in range(4)}, self.trump,
                                     self._bidder, points=(0, 0))

    def check_discard(self, cards, seat=None) -> List[Card]:
        """Raise :class:`IllegalMoveError` unless discarding ``cards`` is
        legal for the player to act; return the cards."""
        actor = self._check("discarding", seat, "discard")
        cards = _card_list(cards)
        hand, name = self.hands[actor], SEATS[actor]
        for i, c in enumerate(cards):
            if c in cards[:i]:
                raise IllegalMoveError(f"{c} is listed twice in the discard")
            if c not in hand:
                raise IllegalMoveError(f"{name} does not hold {c}")
        need = len(hand) - HAND_SIZE
        if len(cards) != need:
            raise IllegalMoveError(f"{name} holds {len(hand)} cards and must discard exactly {need}, "
                                   f"not {len(cards)}")
        for c in cards:
            if is_scoring_trump(c, self.trump):
                raise IllegalMoveError(f"{c} is a scoring trump and may never be discarded")
        excess = max(0, len(self.trumps_held(actor)) - HAND_SIZE)
        thrown = [c for c in cards if is_trump(c, self.trump)]
        if len(thrown) > excess:
            if excess == 0:
                raise IllegalMoveError(f"{thrown[0]} is a trump: trumps may not be discarded by a "
                                       f"player holding 6 or fewer")
            raise IllegalMoveError(f"{name} holds {excess + HAND_SIZE} trumps and may discard only the "
                                   f"{excess} over 6, not {len(thrown)} ({_text(thrown)})")
        return cards

    def discard(self, cards, seat=None) -> None:
        """Discard ``cards`` to bring the hand down to 6."""
        cards = self.check_discard(cards, seat)
        actor = self._queue[0]
        self.hands[actor] -= set(cards)
        self.discards[SEATS[actor]] = tuple(sort_cards(cards))
        self.record.append(Action(SEATS[actor], "discard", tuple(sort_cards(cards))))
        self._queue.pop(0)
        self._advance_discarding()

    # ------------------------------------------------------------ play
    def play(self, card, seat=None) -> None:
        """Play ``card`` for the player to act."""
        actor = self._check("playing", seat, "play a card")
        card = Card(card)
        self.position.play(card)
        self.hands[actor].discard(card)
        self.record.append(Action(SEATS[actor], "play", card))
        if self.position.is_over():
            self.phase = "over"

    @property
    def won(self):
        """Points (N-S, E-W) taken in play so far (``None`` before the play)."""
        return None if self.position is None else self.position.deal_score()

    def score(self):
        """Deal scores (N-S, E-W) of a finished deal."""
        if self.phase != "over":
            raise IllegalMoveError(f"the deal is not over (phase {self.phase})")
        return score_deal(self.high_bid, self._bidder, self.won, self.penalty)


# ------------------------------------------------------------------ random play
def random_pass(deal: Deal, rng: random.Random) -> List[Card]:
    """A random legal pass for the player to act."""
    trumps = deal.trumps_held(deal.to_act)
    need = len(trumps) - HAND_SIZE
    for _ in range(20):
        cards = rng.sample(trumps, need)
        try:
            return deal.check_pass(cards)
        except IllegalMoveError:
            pass
    # keep as many scoring trumps as possible: always legal
    keep_first = sorted(trumps, key=lambda c: (not is_scoring_trump(c, deal.trump), rng.random()))
    return deal.check_pass(keep_first[HAND_SIZE:])


def random_discard(deal: Deal, rng: random.Random) -> List[Card]:
    """A random legal discard for the player to act."""
    seat = deal.to_act_index
    hand = sort_cards(deal.hands[seat])
    trumps = [c for c in hand if is_trump(c, deal.trump)]
    plain = [c for c in hand if not is_trump(c, deal.trump)]
    excess = max(0, len(trumps) - HAND_SIZE)
    if excess:
        spare = [c for c in trumps if not is_scoring_trump(c, deal.trump)]
        return deal.check_discard(plain + rng.sample(spare, excess))
    return deal.check_discard(rng.sample(plain, len(hand) - HAND_SIZE))


def random_action(deal: Deal, rng: random.Random, pass_rate: float = 0.6) -> Action:
    """Take one random legal action for whoever is to act; return it.
    Bids are mostly passes and small raises so that auctions look natural."""
    if deal.phase == "bidding":
        bids = deal.legal_bids
        if bids[0] == PASS and rng.random() < pass_rate:
            deal.bid(PASS)
        else:
            raises = [b for b in bids if b != PASS]
            deal.bid(raises[min(len(raises) - 1, int(rng.expovariate(0.3)))])
    elif deal.phase == "trumps":
        deal.name_trumps(rng.randrange(4))
    elif deal.phase == "passing":
        deal.pass_trumps(random_pass(deal, rng))
    elif deal.phase == "discarding":
        deal.discard(random_discard(deal, rng))
    elif deal.phase == "playing":
        deal.play(rng.choice(deal.position.legal_moves))
    else:
        raise IllegalMoveError("the deal is over")
    return deal.record[-1]


__all__ = ["Deal", "Action", "deal_cards", "random_action", "random_pass", "random_discard",
           "PHASES"]
