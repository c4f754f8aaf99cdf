"""Sixty-Six positions: checking a position given in readable form, seeded
deals, :class:`Position` (a moment of a deal with its record), seeded
random positions for cross-checks and :class:`Game` (a game to 7)."""
from __future__ import annotations

import random
from typing import Dict, Iterable, List, Optional, Tuple

from ..cards import SUIT_CHARS, Card, Suit, mask_of, parse_cards, parse_hand
from ..errors import DealError, IllegalMoveError, PositionError, is_list, require_fraction, require_int
from .deck import (DECK, DISPLAY_IDS, GAME, HAND_SIZE, PLAYERS, STOCK_SIZE, TARGET, TOTAL_CARD_POINTS, card_points,
                   cards_of, format_hand)
from .actions import Action, CLOSE_ACTION, MARRIAGE_OUT, OUT
from .rules import (State, counted, deal_result, final_points, is_over, is_strict, legal_actions, marriage_points,
                    require_over, step, to_move, why_illegal)


# ------------------------------------------------------------------ positions
def _two(value) -> Optional[list]:
    """``value`` as a list of two items (player 0's, player 1's), or None if
    it is not a collection of exactly two."""
    if isinstance(value, (str, bytes)):
        return None
    try:
        items = list(value)
    except TypeError:
        return None
    return items if len(items) == 2 else None


def _parse_cards(value, what: str) -> List[Card]:
    if isinstance(value, str):
        text = value.strip()
        cards = list(parse_hand(text)) if "." in text else parse_cards(text)
    elif isinstance(value, dict) or not is_list(value):
        raise DealError(f"{what} must be a hand text or a list of cards, got {value!r}")
    else:
        cards = [Card(c) for c in value]
    for c in cards:
        if c not in DECK:
            raise DealError(f"card {c} in {what} is not in the Sixty-Six deck (A T K Q J 9 of each suit)")
    return cards


def _player(value, what: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
        return int(value)
    raise PositionError(f"{what} must be player 0 or 1, got {value!r}")


def _suit(value, what: str) -> int:
    if isinstance(value, str) and len(value.strip()) == 1 and value.strip().upper() in SUIT_CHARS:
        return SUIT_CHARS.index(value.strip().upper())
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 4:
        return int(value)
    raise PositionError(f"{what} must be a suit letter S, H, D or C, got {value!r}")


def make_state(hands, stock, trump=None, leader=0, trick=None, points=(0, 0), tricks=(0, 0),
               marriages=((), ()), closed_by=None, closed_opponent_won=None, out=None) -> State:
    """Check a position given in readable form and build its :class:`State`.

    Raises :class:`DealError` for unknown or duplicated cards and
    :class:`PositionError` for anything a deal cannot reach (see
    :class:`Position`)."""
    two_hands = _two(hands)
    if two_hands is None:
        raise DealError(f"hands must be a list of the two players' hands, got {hands!r}")
    hand_cards = [_parse_cards(h, f"player {i}'s hand") for i, h in enumerate(two_hands)]
    stock_cards = _parse_cards(stock, "the stock")
    trick_card = None
    if trick is not None and trick != "":
        trick_card = Card(trick)
        if trick_card not in DECK:
            raise DealError(f"card {trick_card} in play is not in the Sixty-Six deck")
    seen: Dict[Card, str] = {}
    places = [(f"player {i}'s hand", h) for i, h in enumerate(hand_cards)]
    places += [("the stock", stock_cards), ("play", [trick_card] if trick_card else [])]
    for where, cards in places:
        for c in cards:
            if c in seen:
                where_first = seen[c]
                both = f"twice in {where}" if where_first == where else f"in {where_first} and in {where}"
                raise DealError(f"card {c} appears {both}")
            seen[c] = where
    if len(stock_cards) % 2 or len(stock_cards) > STOCK_SIZE:
        raise PositionError(f"the stock holds {len(stock_cards)} cards; a Sixty-Six stock holds an "
                            f"even number of cards, 0 to {STOCK_SIZE} (trump card included)")
    if trump is None:
        if not stock_cards:
            raise PositionError("the trump suit must be given once the stock is exhausted")
        trump_suit = int(stock_cards[-1].suit)
    else:
        trump_suit = _suit(trump, "trump")
    if stock_cards and stock_cards[-1].suit != trump_suit:
        raise PositionError(f"the trump card must be the last card of the stock: its last card "
                            f"{stock_cards[-1]} is not a {Suit(trump_suit).name.lower()[:-1]}")
    leader = _player(leader, "leader")
    closed = -1 if closed_by is None else _player(closed_by, "closed_by")
    out_p = -1 if out is None else _player(out, "out")
    pairs = {}
    for name, pair in (("points", points), ("tricks", tricks)):
        two = _two(pair)
        if two is None or any(not isinstance(x, int) or isinstance(x, bool) or x < 0 for x in two):
            raise PositionError(f"{name} must be two non-negative integers (player 0, player 1), got {pair!r}")
        pairs[name] = (int(two[0]), int(two[1]))
    points, tricks = pairs["points"], pairs["tricks"]
    n_lead, n_follow = len(hand_cards[leader]), len(hand_cards[1 - leader])
    in_play = 1 if trick_card else 0
    if n_follow != n_lead + in_play or n_follow > HAND_SIZE:
        raise PositionError(f"hand sizes {len(hand_cards[0])} and {len(hand_cards[1])} do not fit player "
                            f"{leader} leading with {in_play} card in play (at most {HAND_SIZE} each; "
                            f"the leader holds one fewer while his card is in play)")
    if stock_cards and closed < 0 and n_follow != HAND_SIZE:
        raise PositionError(f"with the stock open both players hold {HAND_SIZE} cards between tricks, "
                            f"found {n_lead} and {n_follow}")
    remaining = n_lead + n_follow + len(stock_cards) + in_play
    if sum(tricks) * 2 + remaining != len(DECK):
        raise PositionError(f"tricks {tricks} do not fit: {len(DECK) - remaining} cards have been "
                            f"played, so {(len(DECK) - remaining) // 2} tricks")
    out_of_play = TOTAL_CARD_POINTS - sum(card_points(c) for c in seen)
    if sum(points) != out_of_play:
        raise PositionError(f"points {points} must add up to {out_of_play}, the card points of the "
                            f"cards no longer in play")
    for p in PLAYERS:
        if points[p] and not tricks[p]:
            raise PositionError(f"player {p} has {points[p]} points but no trick")
    two_marriages = _two(marriages)
    if two_marriages is None or any(not (isinstance(m, str) or is_list(m)) for m in two_marriages):
        raise PositionError(f"marriages must be two lists of suits (player 0, player 1), got {marriages!r}")
    mar = [0, 0]
    for p in PLAYERS:
        for su in two_marriages[p]:
            bit = 1 << _suit(su, f"a marriage of player {p}")
            if (mar[0] | mar[1]) & bit:
                raise PositionError(f"the marriage in {SUIT_CHARS[bit.bit_length() - 1]} is shown twice")
            mar[p] |= bit
    if closed >= 0:
        if not stock_cards:
            raise PositionError("a closed stock keeps its cards (closing needs 2 or more), but the stock is empty")
        if n_follow == HAND_SIZE and closed != leader:
            raise PositionError(f"player {closed} cannot have closed: no trick has been played since, "
                                f"so he must be the leader")
        opp_won = (tricks[1 - closed] > 0) if closed_opponent_won is None else closed_opponent_won
        if not isinstance(opp_won, bool):
            raise PositionError(f"closed_opponent_won must be true or false, got {opp_won!r}")
        if opp_won and not tricks[1 - closed]:
            raise PositionError(f"player {1 - closed} had won a trick at the closing but has none now")
    else:
        if closed_opponent_won:
            raise PositionError("closed_opponent_won is set but the stock is not closed")
        opp_won = False
    if out_p >= 0 and (out_p != leader or trick_card):
        raise PositionError(f"player {out_p} can only have gone out on lead, before leading")
    return State((mask_of(hand_cards[0]), mask_of(hand_cards[1])), tuple(int(c) for c in stock_cards),
                 trump_suit, leader, int(trick_card) if trick_card else 0, points, tricks,
                 (mar[0], mar[1]), closed, opp_won, out_p)


def deal_state(seed=None, dealer: int = 0) -> State:
    """A seeded random deal (see the module notes for the dealing order)."""
    dealer = _player(dealer, "dealer")
    deck = [int(c) for c in DISPLAY_IDS]
    random.Random(seed).shuffle(deck)
    hands = [0, 0]
    hands[1 - dealer] = mask_of(deck[0:6])
    hands[dealer] = mask_of(deck[6:12])
    stock = tuple(deck[13:]) + (deck[12],)
    return State((hands[0], hands[1]), stock, deck[12] >> 4, 1 - dealer)


class Position:
    """A moment of a Sixty-Six deal, with a record of the actions applied.

    ``hands``: the two hands (PBN ``'AT.K9..QJ'``, a card list, or a
    space-separated string).  ``stock``: cards in drawing order, the trump
    card last.  ``trump``: suit letter (needed only once the stock is empty).
    ``leader``: the player who leads (or led) the current trick; ``trick``:
    his card in play, if any.  ``points``: card points in the tricks each
    player won; ``tricks``: tricks won.  ``marriages``: the suits of the
    marriages each player showed.  ``closed_by``: the closer;
    ``closed_opponent_won``: whether the closer's opponent had won a trick
    when the stock was closed (default: whether he has one now).  ``out``:
    the player who went out, for a finished deal.

    >>> p = Position(["AK.KQ..TJ", "TQ9.A..AK"], "9D JS TH 9H JD QD", leader=0,
    ...              points=[21, 9], tricks=[2, 1])
    >>> p.trump_card, p.to_move, p.score(0)
    (Card('QD'), 0, 21)
    >>> p.legal_actions()
    [Action('out'), Action('marriage H out'), Action('close'), Action('marriage KH'), Action('marriage QH'), Action('AS'), Action('KS'), Action('KH'), Action('QH'), Action('TC'), Action('JC')]
    >>> p.apply("marriage KH"); p.score(0)   # 20 counts at once: he has a trick
    41
    >>> p.apply("AH"); p.points, p.to_move, p.stock   # player 1 wins, draws 9D
    ((21, 24), 1, [Card('TH'), Card('9H'), Card('JD'), Card('QD')])
    >>> p.legal_actions()
    [Action('out'), Action('exchange'), Action('close'), Action('TS'), Action('QS'), Action('9S'), Action('9D'), Action('AC'), Action('KC')]
    >>> p.replay(["exchange", "close", "AC"]); p.hand_text(1), p.stock[-1]
    ('TQ9..Q.K', Card('9D'))
    >>> p.legal_actions()   # strict play: follow clubs (AC cannot be beaten)
    [Action('TC'), Action('JC')]
    >>> p.apply("QH")
    Traceback (most recent call last):
    ...
    openhand.errors.IllegalMoveError: QH is illegal: QH is not legal in strict play: follow clubs and beat AC if able, else trump if able
    """

    game = GAME

    def __init__(self, hands, stock, trump=None, leader=0, trick=None, points=(0, 0), tricks=(0, 0),
                 marriages=((), ()), closed_by=None, closed_opponent_won=None, out=None):
        self._set(make_state(hands, stock, trump, leader, trick, points, tricks, marriages,
                             closed_by, closed_opponent_won, out))

    def _set(self, state: State) -> None:
        self.state = state
        self.record: List[Tuple[int, Action]] = []
        self._history: List[State] = []

    @classmethod
    def from_state(cls, state: State) -> "Position":
        pos = cls.__new__(cls)
        pos._set(state)
        return pos

    @classmethod
    def deal(cls, seed=None, dealer: int = 0) -> "Position":
        """A fresh seeded deal; the non-dealer (``1 - dealer``) leads."""
        return cls.from_state(deal_state(seed, dealer))

    @classmethod
    def from_json(cls, text: str) -> "Position":
        from .position_format import from_json
        return from_json(text)

    @classmethod
    def from_dict(cls, data: dict) -> "Position":
        from .position_format import from_dict
        return from_dict(data)

    def to_json(self, indent=None) -> str:
        from .position_format import to_json
        return to_json(self, indent)

    def to_dict(self) -> dict:
        from .position_format import to_dict
        return to_dict(self)

    def copy(self) -> "Position":
        """The same moment, without the record."""
        return Position.from_state(self.state)

    def __repr__(self) -> str:
        return f"Position.from_json({self.to_json()!r})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Position) and other.state == self.state

    __hash__ = None

    # ------------------------------------------------------------ queries
    @property
    def hands(self) -> Tuple[frozenset, frozenset]:
        return tuple(frozenset(cards_of(m)) for m in self.state.hands)

    def hand_text(self, player: int) -> str:
        return format_hand(self.state.hands[_player(player, "player")])

    @property
    def stock(self) -> List[Card]:
        """The stock, next card to be drawn first, the trump card last."""
        return [Card(c) for c in self.state.stock]

    @property
    def trump(self) -> Suit:
        return Suit(self.state.trump)

    @property
    def trump_card(self) -> Optional[Card]:
        """The face-up trump card while it lies in the stock."""
        return Card(self.state.stock[-1]) if self.state.stock else None

    @property
    def leader(self) -> int:
        return self.state.leader

    @property
    def to_move(self) -> int:
        return to_move(self.state)

    @property
    def card_in_play(self) -> Optional[Card]:
        return Card(self.state.trick) if self.state.trick else None

    @property
    def points(self) -> Tuple[int, int]:
        """Card points in the tricks each player won (no marriages)."""
        return self.state.points

    @property
    def tricks(self) -> Tuple[int, int]:
        return self.state.tricks

    @property
    def marriages(self) -> Tuple[str, str]:
        """The suits of the marriages each player showed, like ``('HS', '')``."""
        return tuple("".join(SUIT_CHARS[s] for s in range(4) if m >> s & 1) for m in self.state.marriages)

    def pending(self, player: int) -> int:
        """Marriage points shown by ``player`` that do not count yet (no trick)."""
        s, player = self.state, _player(player, "player")
        return 0 if s.tricks[player] else marriage_points(s.marriages[player], s.trump)

    def score(self, player: int) -> int:
        """Counted points: tricks plus marriages (once a trick is won)."""
        return counted(self.state, _player(player, "player"))

    @property
    def closed_by(self) -> Optional[int]:
        return None if self.state.closed_by < 0 else self.state.closed_by

    @property
    def closed_opponent_won(self) -> bool:
        return self.state.closed_opp_won

    @property
    def out(self) -> Optional[int]:
        return None if self.state.out < 0 else self.state.out

    def is_strict(self) -> bool:
        return is_strict(self.state)

    def is_over(self) -> bool:
        return is_over(self.state)

    def result(self) -> Tuple[int, int]:
        """Game points (player 0, player 1) of the finished deal."""
        return deal_result(self.state)[:2]

    def result_reason(self) -> str:
        return deal_result(self.state)[2]

    def final_points(self) -> Tuple[int, int]:
        """Counted points (player 0, player 1) at the end of the deal, with
        the last-trick bonus when it was played out without closing (the
        card-points objective); :class:`PositionError` before the deal is
        over, as :meth:`result` (the counted points so far:
        :meth:`score`)."""
        require_over(self.state)
        return final_points(self.state)

    # ------------------------------------------------------------ actions
    @staticmethod
    def parse_action(text) -> Action:
        """The :class:`Action` of a text like ``'QH'`` or ``'marriage KH'``."""
        return Action(text)

    def legal_actions(self) -> List[Action]:
        return legal_actions(self.state)

    @property
    def legal_moves(self) -> List[Action]:
        return legal_actions(self.state)

    def apply(self, action) -> None:
        """Apply ``action`` (text or :class:`Action`) for the player to move."""
        a = Action(action)
        reason = why_illegal(self.state, a)
        if reason is not None:
            raise IllegalMoveError(f"{a!s} is illegal: {reason}")
        self._history.append(self.state)
        self.record.append((to_move(self.state), a))
        self.state = step(self.state, a)

    play = apply

    def replay(self, actions: Iterable) -> None:
        """Apply a record: a list of actions (texts or :class:`Action`).  An
        illegal one raises :class:`IllegalMoveError` naming its place (1 =
        first) in the record; the actions before it stay applied."""
        if not is_list(actions):
            raise IllegalMoveError(f"give the record as a list of actions, like ['QH', 'close'], "
                                   f"not {actions!r}")
        for i, action in enumerate(actions, 1):
            try:
                self.apply(action)
            except IllegalMoveError as e:
                raise IllegalMoveError(f"action {i} of the record: {e}") from None

    def undo(self) -> Action:
        """Take back the last action and return it."""
        if not self._history:
            raise IllegalMoveError("nothing to undo")
        self.state = self._history.pop()
        return self.record.pop()[1]


def random_position(seed=None, max_stock: int = 4, extra: Optional[int] = None,
                    dealer: Optional[int] = None, close_rate: float = 0.05) -> Position:
    """A seeded random position for cross-checks: from a seeded deal, random
    legal actions (never a claim; ``close``, when legal, is a candidate only
    with probability ``close_rate``) until the stock holds at most
    ``max_stock`` cards or is closed, then ``extra`` more (default: 0..2 at
    random) while the deal goes on.  Positions are never over.
    ``max_stock`` and ``extra`` are whole numbers of at least 0 and
    ``close_rate`` a number from 0 to 1, else :class:`PositionError`.

    >>> p = random_position(5, max_stock=2)
    >>> len(p.stock) <= 2 or p.closed_by is not None, p.is_over()
    (True, False)
    """
    if require_int(max_stock, "max_stock") < 0:
        raise PositionError(f"max_stock must be at least 0 (a number of stock cards), got {max_stock!r}")
    if extra is not None and require_int(extra, "extra") < 0:
        raise PositionError(f"extra must be at least 0 (a number of actions), got {extra!r}")
    close_rate = require_fraction(close_rate, "close_rate")
    rng = random.Random(seed)
    if dealer is None:
        dealer = rng.randrange(2)
    s = deal_state(rng.randrange(2 ** 32), dealer)
    if extra is None:
        extra = rng.randrange(3)

    def advance(state):
        acts = [a for a in legal_actions(state) if a.kind not in (OUT, MARRIAGE_OUT)]
        if CLOSE_ACTION in acts and rng.random() >= close_rate:
            acts.remove(CLOSE_ACTION)
        nxt = step(state, acts[rng.randrange(len(acts))])
        return None if is_over(nxt) else nxt

    while len(s.stock) > max_stock and s.closed_by < 0:
        s = advance(s)
        if s is None:   # cannot happen before the stock is exhausted or closed
            raise AssertionError("deal over too early")
    for _ in range(extra):
        nxt = advance(s)
        if nxt is None:
            break
        s = nxt
    return Position.from_state(s)


class Game:
    """A game to ``target`` game points (default 7); the deal alternates.

    >>> g = Game(seed=11)
    >>> while not g.is_over():
    ...     pos = g.new_deal()
    ...     while not pos.is_over():
    ...         pos.apply(pos.legal_actions()[-1])
    ...     _ = g.finish_deal(pos)
    >>> max(g.scores) >= 7, g.winner in (0, 1), len(g.deals) >= 3
    (True, True, True)
    """

    def __init__(self, seed=None, target: int = TARGET, dealer: Optional[int] = None):
        if require_int(target, "the target") < 1:
            raise PositionError(f"the target must be at least 1 game point, got {target!r}")
        self.rng = random.Random(seed)
        self.target = target
        self.dealer = self.rng.randrange(2) if dealer is None else _player(dealer, "dealer")
        self.scores = [0, 0]
        self.deals: List[Position] = []

    def new_deal(self) -> Position:
        """Deal the next hand: the non-dealer leads."""
        if self.is_over():
            raise IllegalMoveError("the game is over")
        if self.deals and not self.deals[-1].is_over():
            raise IllegalMoveError("finish the current deal first")
        pos = Position.deal(self.rng.randrange(2 ** 32), self.dealer)
        self.deals.append(pos)
        return pos

    def finish_deal(self, pos: Position) -> Tuple[int, int]:
        """Score the finished deal, pass the deal, return the game points."""
        if not self.deals or pos is not self.deals[-1] or not pos.is_over():
            raise IllegalMoveError("finish the current deal before scoring it")
        if getattr(pos, "_scored", False):
            raise IllegalMoveError("this deal was already scored")
        gp = pos.result()
        pos._scored = True
        self.scores = [self.scores[0] + gp[0], self.scores[1] + gp[1]]
        self.dealer = 1 - self.dealer
        return gp

    def is_over(self) -> bool:
        return max(self.scores) >= self.target

    @property
    def winner(self) -> Optional[int]:
        if not self.is_over():
            return None
        return 0 if self.scores[0] >= self.target else 1
