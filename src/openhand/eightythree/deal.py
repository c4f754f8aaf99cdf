"""Eighty-Three: one whole deal from the shuffle to the score, every
decision a move (the game's State).

Phases, in order (``Deal.phase``); the moves of each are in
:mod:`.notation`:

``bidding``
    From the dealer's left, clockwise among the players who have not passed:
    bid higher than the standing bid (30..83, then ``DOUBLED``, "83 doubled")
    or pass; a pass is final.  The auction ends when three have passed and a
    bid stands.  If the first three all pass, the dealer may not pass and
    must bid (30 or more); the auction then ends at once.
``trumps``
    The bidder has taken the 5-card kitty (no move: it happens as the
    auction ends) and names the trump suit.
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
    :meth:`Deal.returns` gives the deal scores.

The seeded deal shuffles the 53 cards, deals 3 at a time to each player
clockwise from the dealer's left for four rounds, then the last 5 cards to
the kitty.

>>> d = Deal.from_deal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. "
...                    "...AKQJT98765432 ...+JK", dealer="W")
Traceback (most recent call last):
...
openhand.errors.DealError: a deal holds 12 cards per player and 5 in the kitty, found N 13, E 13, S 13, W 13, kitty 1
>>> d = Deal.random(seed=7, dealer="N")
>>> d.phase, d.to_move, d.legal_moves[:3]
('bidding', 1, [Move('pass'), Move('30'), Move('31')])
>>> d.replay(["30", "pass", "35", "pass", "pass"])
>>> d.phase, d.bidder, d.high_bid, len(d.hands[3])
('trumps', 3, 35, 17)
>>> [describe(p, m) for p, m in d.history][:3]
['E bids 30', 'S passes', 'W bids 35']
"""
from __future__ import annotations

import itertools
import random
from typing import Dict, Iterable, List, Optional, Tuple

from ..cards import SUIT_CHARS, Card, Suit, format_deal, parse_cards, parse_deal, sort_cards
from ..errors import DealError, IllegalMoveError, PositionError, is_list, require_seed
from ..game import LegalMoves, State
from ..seats import SEATS, left_of, partner_of, seat_index
from ..textform import join_moves
from ..trickplay import check_spot
from .notation import BID, DISCARD, PASS_KIND, PLAY, TRUMPS_KIND, Move
from .rules import (DEALT, DECK, DOUBLED, GAME, HAND_SIZE, KITTY_SIZE, MIN_BID, PASS, PENALTIES, Position,
                    bid_text, is_scoring_trump, is_trump, parse_bid, score_deal, suit_index)

__all__ = ["Deal", "PHASES", "deal_cards", "describe", "random_action", "random_pass", "random_discard",
           "random_deal_to_play", "random_play_position"]

PHASES = ("bidding", "trumps", "passing", "discarding", "playing", "over")
_SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
_PHASE_KIND = {"bidding": BID, "trumps": TRUMPS_KIND, "passing": PASS_KIND, "discarding": DISCARD,
               "playing": PLAY}
_PHASE_HINT = {"bidding": "bid 30..83 or '83 doubled', or pass", "trumps": "name trumps, like 'trumps H'",
               "passing": "pass the trumps over 6 to the partner, like 'pass 5H 6H'",
               "discarding": "discard down to 6, like 'discard 4C 7D'", "playing": "play a card, like 'AS'"}


def describe(player: int, move: Move) -> str:
    """A move in words, as a record line: ``'E bids 30'``, ``'S passes'``...

    >>> describe(1, Move("45")), describe(0, Move("pass 5H 6H")), describe(3, Move("trumps D"))
    ('E bids 45', 'N passes 6H 5H to S', 'W names diamonds')
    """
    seat = SEATS[player]
    cards = " ".join(map(str, move.cards))
    if move.kind == BID:
        return f"{seat} passes" if move.bid == PASS else f"{seat} bids {bid_text(move.bid)}"
    if move.kind == TRUMPS_KIND:
        return f"{seat} names {_SUIT_NAMES[move.suit]}"
    if move.kind == PASS_KIND:
        return f"{seat} passes {cards} to {SEATS[partner_of(player)]}"
    if move.kind == DISCARD:
        return f"{seat} discards {cards}"
    return f"{seat} plays {cards}"


def deal_cards(seed=None, dealer=0) -> Dict[str, frozenset]:
    """Shuffle (seeded) and deal 3 at a time from the dealer's left: seat ->
    12 cards, and ``'kitty'`` -> the last 5 cards."""
    deck = sorted(DECK)
    random.Random(require_seed(seed)).shuffle(deck)
    hands: Dict[str, list] = {s: [] for s in SEATS}
    first = left_of(seat_index(dealer))
    for packet in range(16):
        seat = SEATS[(first + packet) % 4]
        hands[seat].extend(deck[3 * packet:3 * packet + 3])
    out = {s: frozenset(h) for s, h in hands.items()}
    out["kitty"] = frozenset(deck[48:])
    return out


def _card_list(cards, what: str) -> List[Card]:
    if isinstance(cards, Move) and cards.kind in (PASS_KIND, DISCARD):
        return list(cards.cards)
    if isinstance(cards, str):
        return parse_cards(cards)
    if not is_list(cards):
        raise IllegalMoveError(f"{what} is a list of cards like ['5H', '6H'] or '5H 6H', not {cards!r}")
    return [Card(c) for c in cards]


def _text(cards: Iterable[Card]) -> str:
    return " ".join(map(str, sort_cards(cards)))


class Deal(State):
    """One deal of Eighty-Three: auction, kitty, trumps, passes, discards,
    play and score, every decision a :class:`~.notation.Move` of the player
    to move (``legal_moves``, ``play``, ``undo``).  ``bid``,
    ``name_trumps``, ``pass_trumps`` and ``discard`` are the same moves
    spelt as methods; each takes an optional ``seat`` that must be the seat
    to move.  ``penalty`` is the scoring option for a failed bid (``'bid'``
    or ``'won'``).  Seats are 0..3 (N E S W) in every view.
    """

    game = GAME

    def __init__(self, hands, kitty, dealer, penalty: str = "bid"):
        self._hands: List[set] = [set(), set(), set(), set()]
        try:
            by_seat = dict(hands)
        except (TypeError, ValueError):
            raise DealError(f"hands must map seats to cards, like {{'N': [...], ...}}, got {hands!r}") from None
        for seat, cards in by_seat.items():
            self._hands[seat_index(seat)] = {Card(c) for c in _card_list(cards, f"{seat!r}'s hand")}
        self._kitty = frozenset(_card_list(kitty, "the kitty"))
        self._dealer = seat_index(dealer)
        if penalty not in PENALTIES:
            raise PositionError(f"unknown penalty option {penalty!r}: expected 'bid' or 'won'")
        self._penalty = penalty
        sizes = [len(h) for h in self._hands]
        if sizes != [DEALT] * 4 or len(self._kitty) != KITTY_SIZE:
            desc = ", ".join(f"{SEATS[s]} {sizes[s]}" for s in range(4))
            raise DealError(f"a deal holds 12 cards per player and 5 in the kitty, found {desc}, "
                            f"kitty {len(self._kitty)}")
        everything = set(self._kitty).union(*self._hands)
        if len(everything) != len(DECK):
            missing = sort_cards(DECK - everything)
            raise DealError(f"a deal uses all 53 cards; missing {_text(missing)}")
        self._original = {SEATS[s]: frozenset(self._hands[s]) for s in range(4)}
        self._phase = "bidding"
        self._high_bid = PASS
        self._bidder: Optional[int] = None
        self._passed: set = set()
        self._turn = left_of(self._dealer)
        self._queue: List[int] = []
        self._trump: Optional[int] = None
        self._discards: Dict[int, tuple] = {}
        self._passes: Dict[int, tuple] = {}
        self._position: Optional[Position] = None
        self._moves: list = []
        self._undo: list = []

    @classmethod
    def from_deal(cls, deal: str, dealer, penalty: str = "bid") -> "Deal":
        """A deal from ``"N:hand hand hand hand kitty"`` (PBN, ``+JK`` for the joker)."""
        hands = parse_deal(deal, deck=DECK, extra_hands=1, equal_sizes=False)
        kitty = hands.pop("X1")
        return cls(hands, kitty, dealer, penalty)

    @classmethod
    def random(cls, seed=None, dealer=None, penalty: str = "bid") -> "Deal":
        """A seeded random deal; the dealer is seeded random unless given."""
        rng = random.Random(require_seed(seed))
        dealer = rng.randrange(4) if dealer is None else seat_index(dealer)
        cards = deal_cards(rng.random(), dealer)
        kitty = cards.pop("kitty")
        return cls(cards, kitty, dealer, penalty)

    # ------------------------------------------------------------ views
    @property
    def phase(self) -> str:
        """``'bidding'``, ``'trumps'``, ``'passing'``, ``'discarding'``,
        ``'playing'`` or ``'over'``."""
        return self._phase

    @property
    def hands(self) -> Tuple[frozenset, ...]:
        """The four hands now (N, E, S, W), read-only."""
        return tuple(frozenset(h) for h in self._hands)

    @property
    def original(self) -> Dict[str, frozenset]:
        """The hands as dealt (seat letter -> 12 cards)."""
        return dict(self._original)

    @property
    def kitty(self) -> frozenset:
        return self._kitty

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def penalty(self) -> str:
        return self._penalty

    @property
    def bidder(self) -> Optional[int]:
        """The seat holding the standing bid (the bidder once the auction is over)."""
        return self._bidder

    @property
    def high_bid(self) -> int:
        """The standing bid (0 while nobody has bid; 84 is 83 doubled)."""
        return self._high_bid

    @property
    def trump(self) -> Optional[Suit]:
        """The trump suit once named (a Suit, printed as its letter)."""
        return None if self._trump is None else Suit(self._trump)

    @property
    def discards(self) -> Dict[int, tuple]:
        """Seat -> the cards it discarded."""
        return dict(self._discards)

    @property
    def passes(self) -> Dict[int, tuple]:
        """Seat -> the trumps it passed to its partner."""
        return dict(self._passes)

    @property
    def position(self) -> Optional[Position]:
        """A copy of the play (a Position from its start), once it has begun."""
        return None if self._position is None else self._position.copy()

    @property
    def to_move(self) -> Optional[int]:
        if self._phase == "bidding":
            return self._turn
        if self._phase == "trumps":
            return self._bidder
        if self._phase in ("passing", "discarding"):
            return self._queue[0]
        if self._phase == "playing":
            return self._position.to_move
        return None

    @property
    def dealer_must_bid(self) -> bool:
        """True when the first three passed and the dealer must bid."""
        return self._phase == "bidding" and len(self._passed) == 3

    @property
    def legal_bids(self) -> List[int]:
        """The bids open to the player to move: ``PASS`` (0) unless the dealer
        is forced, then every bid above the standing one."""
        if self._phase != "bidding":
            return []
        bids = list(range(max(MIN_BID, self._high_bid + 1), DOUBLED + 1))
        return bids if self.dealer_must_bid else [PASS] + bids

    def trumps_held(self, seat) -> List[Card]:
        """The trumps ``seat`` holds now (trumps must be named)."""
        if self._trump is None:
            raise IllegalMoveError("no trump suit has been named yet")
        return sort_cards(c for c in self._hands[seat_index(seat)] if is_trump(c, self._trump))

    def pbn(self) -> str:
        """The current hands (and the kitty while it is untaken), PBN style."""
        hands = {SEATS[s]: self._hands[s] for s in range(4)}
        if self._phase == "bidding":
            hands["kitty"] = self._kitty
        return format_deal(hands)

    def is_over(self) -> bool:
        return self._phase == "over"

    def score(self) -> Tuple[int, int]:
        """Points (N-S, E-W) taken in play so far (0-0 before the play)."""
        return (0, 0) if self._position is None else self._position.score()

    won = property(score, doc="Points (N-S, E-W) taken in play so far.")

    def returns(self) -> Tuple[int, int]:
        """Deal scores (N-S, E-W) of the finished deal."""
        if self._phase != "over":
            raise PositionError(f"the deal is not over (phase {self._phase})")
        return score_deal(self._high_bid, self._bidder, self.score(), self._penalty)

    def get_game(self):
        from .game import EightyThree
        return EightyThree(penalty=self._penalty)

    # ------------------------------------------------------------ moves
    @property
    def legal_moves(self) -> LegalMoves:
        """Every legal move of the player to move; a discard's choices may
        number thousands (they are listed only when asked)."""
        phase = self._phase
        if phase == "bidding":
            return LegalMoves([Move.of_bid(b) for b in self.legal_bids], Move)
        if phase == "trumps":
            return LegalMoves([Move(f"trumps {s}") for s in SUIT_CHARS], Move)
        if phase == "passing":
            return LegalMoves(self._pass_options, Move, lambda m: m.kind == PASS_KIND and not self._pass_error(m.cards))
        if phase == "discarding":
            return LegalMoves(self._discard_options, Move,
                              lambda m: m.kind == DISCARD and not self._discard_error(m.cards))
        if phase == "playing":
            return self._position.legal_moves
        return LegalMoves([], Move)

    def why_illegal(self, move: Move) -> str:
        phase = self._phase
        if move.kind != _PHASE_KIND.get(phase):
            return f"the deal is in the {phase} phase: {_PHASE_HINT.get(phase, 'it is over')}"
        if phase == "bidding":
            if move.bid == PASS:
                return (f"the first three players passed: the dealer {SEATS[self._dealer]} may not pass "
                        f"and must bid at least {MIN_BID}")
            return f"bid {move} does not beat the standing bid of {bid_text(self._high_bid)} by {SEATS[self._bidder]}"
        if phase == "passing":
            return self._pass_error(move.cards) or "it is not legal now"
        if phase == "discarding":
            return self._discard_error(move.cards) or "it is not legal now"
        return self._position.why_illegal(move)

    def _doing(self, move: Move) -> str:
        if move.kind == BID:
            return "pass" if move.bid == PASS else f"bid {move}"
        if move.kind == TRUMPS_KIND:
            return f"name {move}"
        return str(move) if move.kind in (PASS_KIND, DISCARD) else f"play {move}"

    def _snapshot(self):
        return ([set(h) for h in self._hands], self._phase, self._high_bid, self._bidder, set(self._passed),
                self._turn, list(self._queue), self._trump, dict(self._discards), dict(self._passes),
                self._position)

    def _apply(self, move: Move) -> None:
        actor = self.to_move
        if move.kind == PLAY:
            self._position.play(move)
            self._hands[actor].discard(move.card)
            if self._position.is_over():
                self._phase = "over"
            return
        self._undo.append(self._snapshot())
        if move.kind == BID:
            self._apply_bid(actor, move.bid)
        elif move.kind == TRUMPS_KIND:
            self._trump = move.suit
            self._phase = "passing"
            self._queue = [(actor + k) % 4 for k in range(4)]
            self._advance_passing()
        elif move.kind == PASS_KIND:
            self._hands[actor] -= set(move.cards)
            self._hands[partner_of(actor)] |= set(move.cards)
            self._passes[actor] = move.cards
            self._queue.pop(0)
            self._advance_passing()
        else:
            self._hands[actor] -= set(move.cards)
            self._discards[actor] = move.cards
            self._queue.pop(0)
            self._advance_discarding()

    def _take_back(self, player: int, move: Move) -> None:
        if move.kind == PLAY:
            self._position.undo()
            self._hands[player].add(move.card)
            self._phase = "playing"
            return
        (self._hands, self._phase, self._high_bid, self._bidder, self._passed, self._turn, self._queue,
         self._trump, self._discards, self._passes, self._position) = self._undo.pop()

    # ------------------------------------------------------------ bidding
    def _apply_bid(self, actor: int, b: int) -> None:
        if b == PASS:
            self._passed.add(actor)
        else:
            self._high_bid, self._bidder = b, actor
        if len(self._passed) == 3 and self._high_bid != PASS:
            self._hands[self._bidder] |= self._kitty      # the bidder takes the kitty
            self._phase = "trumps"
            return
        nxt = left_of(actor)
        while nxt in self._passed:
            nxt = left_of(nxt)
        self._turn = nxt

    def _require_seat(self, seat) -> None:
        if seat is not None and seat_index(seat) != self.to_move:
            who = "nobody" if self.to_move is None else SEATS[self.to_move]
            raise IllegalMoveError(f"it is {who}'s turn, not {SEATS[seat_index(seat)]}'s")

    def bid(self, value, seat=None) -> None:
        """Bid ``value`` (30..83, ``'83 doubled'``) or pass (``'pass'``, 0)."""
        self._require_seat(seat)
        self.play(Move.of_bid(parse_bid(value)))

    def name_trumps(self, suit, seat=None) -> None:
        """The bidder names the trump suit (``'S'``, ``'H'``, ``'D'``, ``'C'``)."""
        self._require_seat(seat)
        try:
            letter = SUIT_CHARS[suit_index(suit)]
        except PositionError:
            raise IllegalMoveError(f"unknown trump suit {suit!r}: expected one of S, H, D, C") from None
        self.play(Move(f"trumps {letter}"))

    def pass_trumps(self, cards, seat=None) -> None:
        """Pass ``cards`` (the trumps over 6) to the partner."""
        self._require_seat(seat)
        self.play(Move.of_cards(PASS_KIND, _distinct(_card_list(cards, "a pass"), "pass")))

    def discard(self, cards, seat=None) -> None:
        """Discard ``cards`` to bring the hand down to 6."""
        self._require_seat(seat)
        self.play(Move.of_cards(DISCARD, _distinct(_card_list(cards, "a discard"), "discard")))

    # ------------------------------------------------------------ passing
    def _advance_passing(self) -> None:
        while self._queue and len(self.trumps_held(self._queue[0])) <= HAND_SIZE:
            self._queue.pop(0)
        if not self._queue:
            self._phase = "discarding"
            self._queue = [(self._bidder + k) % 4 for k in range(4)]
            self._advance_discarding()

    def pass_size(self) -> int:
        """How many trumps the player to move must pass now."""
        self._require_phase("passing", "pass trumps")
        return len(self.trumps_held(self._queue[0])) - HAND_SIZE

    def _require_phase(self, phase: str, what: str) -> None:
        if self._phase != phase:
            raise IllegalMoveError(f"cannot {what} now: the deal is in the {self._phase} phase")

    def _pass_error(self, cards) -> Optional[str]:
        """Why passing ``cards`` is not legal for the player to move (None: it is)."""
        actor = self._queue[0]
        hand, trumps, name = self._hands[actor], self.trumps_held(actor), SEATS[actor]
        for c in cards:
            if c not in hand:
                return f"{name} does not hold {c}"
            if not is_trump(c, self._trump):
                return f"{c} is not a trump: only the trumps over 6 are passed"
        need = len(trumps) - HAND_SIZE
        if len(cards) != need:
            return (f"{name} holds {len(trumps)} trumps, keeps 6 and must pass exactly {need} to the partner, "
                    f"not {len(cards)}")
        partner = partner_of(actor)
        if partner not in self._queue[1:]:
            held = [c for c in self._hands[partner] if is_scoring_trump(c, self._trump)]
            passed = [c for c in cards if is_scoring_trump(c, self._trump)]
            if len(held) + len(passed) > HAND_SIZE:
                return (f"passing {_text(cards)} would leave {SEATS[partner]} with {len(held) + len(passed)} "
                        f"scoring trumps, more than the 6 trumps {SEATS[partner]} may keep; keep more scoring trumps")
        return None

    def check_pass(self, cards) -> List[Card]:
        """Raise :class:`IllegalMoveError` unless passing ``cards`` is legal
        for the player to move; return the cards."""
        self._require_phase("passing", "pass trumps")
        cards = _distinct(_card_list(cards, "a pass"), "pass")
        reason = self._pass_error(cards)
        if reason:
            raise IllegalMoveError(reason)
        return cards

    def _pass_options(self) -> Iterable[Move]:
        trumps = self.trumps_held(self._queue[0])
        for combo in itertools.combinations(trumps, len(trumps) - HAND_SIZE):
            if not self._pass_error(combo):
                yield Move.of_cards(PASS_KIND, combo)

    # ------------------------------------------------------------ discarding
    def _advance_discarding(self) -> None:
        while self._queue and len(self._hands[self._queue[0]]) <= HAND_SIZE:
            self._queue.pop(0)
        if not self._queue:
            self._phase = "playing"
            self._position = Position({SEATS[s]: self._hands[s] for s in range(4)}, self._trump,
                                      self._bidder, points=(0, 0))

    def _discard_error(self, cards) -> Optional[str]:
        """Why discarding ``cards`` is not legal for the player to move (None: it is)."""
        actor = self._queue[0]
        hand, name = self._hands[actor], SEATS[actor]
        for c in cards:
            if c not in hand:
                return f"{name} does not hold {c}"
        need = len(hand) - HAND_SIZE
        if len(cards) != need:
            return f"{name} holds {len(hand)} cards and must discard exactly {need}, not {len(cards)}"
        for c in cards:
            if is_scoring_trump(c, self._trump):
                return f"{c} is a scoring trump and may never be discarded"
        excess = max(0, len(self.trumps_held(actor)) - HAND_SIZE)
        thrown = [c for c in cards if is_trump(c, self._trump)]
        if len(thrown) > excess:
            if excess == 0:
                return f"{thrown[0]} is a trump: trumps may not be discarded by a player holding 6 or fewer"
            return (f"{name} holds {excess + HAND_SIZE} trumps and may discard only the {excess} over 6, "
                    f"not {len(thrown)} ({_text(thrown)})")
        return None

    def check_discard(self, cards) -> List[Card]:
        """Raise :class:`IllegalMoveError` unless discarding ``cards`` is
        legal for the player to move; return the cards."""
        self._require_phase("discarding", "discard")
        cards = _distinct(_card_list(cards, "a discard"), "discard")
        reason = self._discard_error(cards)
        if reason:
            raise IllegalMoveError(reason)
        return cards

    def _discard_options(self) -> Iterable[Move]:
        """Every legal discard: the excess non-scoring trumps with every
        plain card (a player over 6 trumps), else any plain cards."""
        actor = self._queue[0]
        hand = sort_cards(self._hands[actor])
        trumps = [c for c in hand if is_trump(c, self._trump)]
        plain = [c for c in hand if not is_trump(c, self._trump)]
        excess = max(0, len(trumps) - HAND_SIZE)
        if excess:
            spare = [c for c in trumps if not is_scoring_trump(c, self._trump)]
            for combo in itertools.combinations(spare, excess):
                yield Move.of_cards(DISCARD, plain + list(combo))
        else:
            for combo in itertools.combinations(plain, len(hand) - HAND_SIZE):
                yield Move.of_cards(DISCARD, combo)

    # ------------------------------------------------------------ text
    def fields(self):
        deal = format_deal({**self._original, "kitty": self._kitty})
        return [("dealer", SEATS[self._dealer]), ("deal", deal),
                ("penalty", "" if self._penalty == "bid" else self._penalty),
                ("moves", join_moves(m for _, m in self._moves))]

    def observation(self, player):
        """What ``player`` (a seat) may know (see :mod:`.observation`)."""
        from .observation import observe_deal
        return observe_deal(self, seat_index(player))

    def __str__(self) -> str:
        from .observation import deal_diagram
        return deal_diagram(self)


class DealMoment(Deal):
    """A deal known only from one moment of its passing or discarding
    phase (a world dealt for a player, :mod:`.worlds`): the hands now,
    the contract and the turns still to come, but not how the deal got
    here, so it has no start to write: ``to_text`` is refused.  It plays,
    undoes its own moves and solves like any Deal."""

    @classmethod
    def at(cls, hands, kitty, dealer, penalty, high_bid, bidder, trump, phase, queue, passes, discards):
        d = cls.__new__(cls)
        d._hands = [set(h) for h in hands]
        d._kitty = frozenset(kitty)
        d._dealer, d._penalty = dealer, penalty
        d._original = {SEATS[s]: frozenset(d._hands[s]) for s in range(4)}
        d._phase, d._high_bid, d._bidder = phase, high_bid, bidder
        d._passed = {s for s in range(4) if s != bidder}
        d._turn = bidder
        d._queue = list(queue)
        d._trump = trump
        d._discards, d._passes = dict(discards), dict(passes)
        d._position = None
        d._moves, d._undo = [], []
        return d

    def fields(self):
        raise PositionError("a deal dealt from one moment of its passing or discarding phase has no "
                            "start to write (its history is unknown)")


def _distinct(cards: List[Card], what: str) -> List[Card]:
    for i, c in enumerate(cards):
        if c in cards[:i]:
            raise IllegalMoveError(f"{c} is listed twice in the {what}")
    return cards


# ------------------------------------------------------------------ random play
def random_pass(deal: Deal, rng: random.Random) -> Move:
    """A random legal pass for the player to move."""
    trumps = deal.trumps_held(deal.to_move)
    need = len(trumps) - HAND_SIZE
    for _ in range(20):
        cards = rng.sample(trumps, need)
        if not deal._pass_error(cards):
            return Move.of_cards(PASS_KIND, cards)
    # keep as many scoring trumps as possible: always legal
    keep_first = sorted(trumps, key=lambda c: (not is_scoring_trump(c, deal.trump), rng.random()))
    return Move.of_cards(PASS_KIND, deal.check_pass(keep_first[HAND_SIZE:]))


def random_discard(deal: Deal, rng: random.Random) -> Move:
    """A random legal discard for the player to move."""
    hand = sort_cards(deal.hands[deal.to_move])
    trumps = [c for c in hand if is_trump(c, deal.trump)]
    plain = [c for c in hand if not is_trump(c, deal.trump)]
    excess = max(0, len(trumps) - HAND_SIZE)
    if excess:
        spare = [c for c in trumps if not is_scoring_trump(c, deal.trump)]
        return Move.of_cards(DISCARD, deal.check_discard(plain + rng.sample(spare, excess)))
    return Move.of_cards(DISCARD, deal.check_discard(rng.sample(plain, len(hand) - HAND_SIZE)))


def random_move(deal: Deal, rng: random.Random, pass_rate: float = 0.6) -> Move:
    """A random legal move for whoever is to move.  Bids are mostly passes
    and small raises so that auctions look natural."""
    phase = deal.phase
    if phase == "bidding":
        bids = deal.legal_bids
        raises = [b for b in bids if b != PASS]
        if not raises or (bids[0] == PASS and rng.random() < pass_rate):
            return Move.of_bid(PASS)            # nothing left to raise to (83 doubled stands): pass
        return Move.of_bid(raises[min(len(raises) - 1, int(rng.expovariate(0.3)))])
    if phase == "trumps":
        return Move(f"trumps {SUIT_CHARS[rng.randrange(4)]}")
    if phase == "passing":
        return random_pass(deal, rng)
    if phase == "discarding":
        return random_discard(deal, rng)
    if phase == "playing":
        return rng.choice(deal.legal_moves)
    raise IllegalMoveError("the deal is over")


def random_action(deal: Deal, rng: random.Random, pass_rate: float = 0.6) -> Move:
    """Play one random legal move (:func:`random_move`) and return it."""
    move = random_move(deal, rng, pass_rate)
    deal.play(move)
    return move


def random_deal_to_play(seed=None, dealer=None) -> Deal:
    """A seeded random deal taken by random legal moves to the start of play."""
    rng = random.Random(require_seed(seed))
    deal = Deal.random(rng.random(), dealer)
    while deal.phase != "playing":
        random_action(deal, rng)
    return deal


def random_play_position(seed=None, tricks_left: int = HAND_SIZE, trick_cards: int = 0) -> Position:
    """A seeded random legal play position: a random deal, a random legal
    auction, passes and discards, then random legal cards until
    ``tricks_left`` tricks remain (the current one included) with
    ``trick_cards`` cards already played to it.  Points won so far are
    known; the position's history starts with the play.

    >>> p = random_play_position(3, tricks_left=2, trick_cards=1)
    >>> p.tricks_left, len(p.trick), sum(p.points) + p.points_in_play()
    (2, 1, 83)
    """
    check_spot(tricks_left, trick_cards, HAND_SIZE)
    rng = random.Random(require_seed(seed))
    deal = random_deal_to_play(rng.random())
    for _ in range(4 * (HAND_SIZE - tricks_left) + trick_cards):
        random_action(deal, rng)
    return deal._position.copy()
