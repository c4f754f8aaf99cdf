"""The card model shared by every game: cards, suits, hands and deal strings.

A card is a small integer (``suit * 16 + rank``, ranks 2..14 with A = 14) so
that a hand is naturally a 64-bit mask, exactly as the C++ core sees it.  The
joker of Eighty-Three is card 15 (a free slot: no suit owns it).

Cards print as rank then suit: ``AS``, ``TH`` (T is ten), ``3C``, ``JK``.
Hands print PBN style, suits spades.hearts.diamonds.clubs, ranks high to low,
and a hand holding the joker ends with ``+JK``:

>>> Card("TH")
Card('TH')
>>> Card("TH").rank, Card("TH").suit
(10, <Suit.HEARTS: 1>)
>>> h = parse_hand("AKQ.JT9..43")
>>> format_hand(h)
'AKQ.JT9..43'
>>> format_hand(parse_hand("5.2.3.+JK"))
'5.2.3.+JK'
>>> sort_cards(parse_deal("N:AK... Q.J.. ..2.3 .4..5")["N"])
[Card('AS'), Card('KS')]
"""
from __future__ import annotations

import enum
from typing import Dict, Iterable, List, Optional, Sequence

from .errors import CardError, DealError, is_list

__all__ = ["Card", "Suit", "JOKER", "RANK_CHARS", "SUIT_CHARS", "make_card", "make_deck", "cards_from_mask",
           "mask_of", "sort_cards", "parse_cards", "parse_hand", "format_hand", "parse_deal", "format_deal"]

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "SHDC"
JOKER_ID = 15
SEATS = ("N", "E", "S", "W")


class Suit(enum.IntEnum):
    """The four suits, in PBN order (spades first); a suit prints as its
    letter.

    >>> Suit.HEARTS, str(Suit.HEARTS), Suit.HEARTS == 1
    (<Suit.HEARTS: 1>, 'H', True)
    """

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        return SUIT_CHARS[self]

    def __str__(self) -> str:
        return SUIT_CHARS[self]

    def __format__(self, spec: str) -> str:
        return format(SUIT_CHARS[self], spec)


class Card(int):
    """A playing card; an ``int`` (``suit * 16 + rank``) that prints as ``AS``.

    >>> Card("AS") == 14, Card("3C") == 3 * 16 + 3
    (True, True)
    >>> Card("10d"), Card(Card("KH")), Card("JK").is_joker
    (Card('TD'), Card('KH'), True)
    >>> Card("1S")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    openhand.errors.CardError: unknown card '1S': expected a rank of 23456789TJQKA and a suit of SHDC,
    like 'AS' or 'TH', or 'JK' for the joker
    """

    __slots__ = ()
    _cache: Dict[int, "Card"] = {}

    def __new__(cls, value) -> "Card":
        if isinstance(value, Card):
            return value
        if isinstance(value, str):
            return cls._cache.get(_parse_card_id(value)) or _make(_parse_card_id(value))
        if isinstance(value, int) and not isinstance(value, bool):
            if value == JOKER_ID or (0 <= value < 64 and 2 <= value % 16 <= 14):
                return cls._cache.get(value) or _make(value)
        raise CardError(f"not a card: {value!r}")

    @property
    def rank(self) -> int:
        """Rank 2..14 (14 = ace); 0 for the joker."""
        return 0 if self == JOKER_ID else int(self) % 16

    @property
    def suit(self) -> Optional[Suit]:
        """The printed suit, or ``None`` for the joker."""
        return None if self == JOKER_ID else Suit(int(self) // 16)

    @property
    def is_joker(self) -> bool:
        return int(self) == JOKER_ID

    @property
    def mask(self) -> int:
        return 1 << int(self)

    def __str__(self) -> str:
        if self.is_joker:
            return "JK"
        return RANK_CHARS[self.rank - 2] + SUIT_CHARS[int(self) // 16]

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __reduce__(self):
        return (Card, (int(self),))


def _make(card_id: int) -> Card:
    card = int.__new__(Card, card_id)
    Card._cache[card_id] = card
    return card


def _parse_card_id(text: str) -> int:
    token = text.strip().upper()
    if token == "JK":
        return JOKER_ID
    if token.startswith("10"):
        token = "T" + token[2:]
    if len(token) == 2 and token[0] in RANK_CHARS and token[1] in SUIT_CHARS:
        return SUIT_CHARS.index(token[1]) * 16 + RANK_CHARS.index(token[0]) + 2
    raise CardError(
        f"unknown card {text!r}: expected a rank of {RANK_CHARS} and a suit of "
        f"{SUIT_CHARS}, like 'AS' or 'TH', or 'JK' for the joker")


def make_card(rank: int, suit: int) -> Card:
    """The card of ``rank`` (2..14) in ``suit`` (0..3)."""
    return Card(int(suit) * 16 + int(rank))


JOKER = Card(JOKER_ID)


def make_deck(ranks: str, joker: bool = False) -> frozenset:
    """All cards of the given rank characters in every suit (plus the joker).

    >>> len(make_deck("3456789TJQKA")), len(make_deck(RANK_CHARS, joker=True))
    (48, 53)
    """
    cards = {make_card(RANK_CHARS.index(r) + 2, s) for s in range(4) for r in ranks}
    if joker:
        cards.add(JOKER)
    return frozenset(cards)


def cards_from_mask(mask: int) -> List[Card]:
    """The cards of a 64-bit mask, lowest id first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(Card(low.bit_length() - 1))
        mask ^= low
    return out


def mask_of(cards: Iterable[Card]) -> int:
    """The 64-bit mask of cards (Cards or card ids)."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def sort_cards(cards: Iterable[Card]) -> List[Card]:
    """Cards in display order: by suit S, H, D, C, high rank first; joker last."""
    return sorted(cards, key=lambda c: (4, 0) if c.is_joker else (int(c) // 16, -c.rank))


def parse_cards(text: str) -> List[Card]:
    """A space- or comma-separated list of card tokens.

    >>> parse_cards("AS, TH 3c")
    [Card('AS'), Card('TH'), Card('3C')]
    >>> parse_cards(["AS"])
    Traceback (most recent call last):
    ...
    openhand.errors.CardError: cards are given as text like 'AS TH 3C', not ['AS']
    """
    if not isinstance(text, str):
        raise CardError(f"cards are given as text like 'AS TH 3C', not {text!r}")
    return [Card(t) for t in text.replace(",", " ").split()]


def parse_hand(text: str, deck: Optional[frozenset] = None) -> frozenset:
    """A PBN hand ``spades.hearts.diamonds.clubs`` (``+JK`` for the joker).

    A suit may be empty (``AK..Q.``) or written ``-``.  Raises
    :class:`DealError` naming the problem for bad syntax, a duplicated card or
    a card outside ``deck``.
    """
    if not isinstance(text, str):
        raise DealError(f"a hand is text like 'AKQ.JT9..43', not {text!r}")
    body = text.strip()
    cards: List[Card] = []
    if body.upper().endswith("+JK"):
        body = body[:-3]
        cards.append(JOKER)
    parts = body.split(".")
    if len(parts) != 4:
        raise DealError(f"hand {text!r} must have 4 suits separated by '.' "
                        f"(spades.hearts.diamonds.clubs), found {len(parts)}")
    for suit, ranks in enumerate(parts):
        ranks = ranks.strip().upper().replace("10", "T")
        if ranks == "-":
            continue
        for ch in ranks:
            if ch not in RANK_CHARS:
                raise DealError(f"hand {text!r}: unknown rank {ch!r} in "
                                f"{SUIT_CHARS[suit]} (ranks are {RANK_CHARS})")
            cards.append(make_card(RANK_CHARS.index(ch) + 2, suit))
    seen = set()
    for c in cards:
        if c in seen:
            raise DealError(f"hand {text!r}: card {c} appears twice")
        seen.add(c)
        if deck is not None and c not in deck:
            raise DealError(f"hand {text!r}: card {c} is not in this game's deck")
    return frozenset(cards)


def format_hand(cards: Iterable[Card]) -> str:
    """The PBN text of a hand (inverse of :func:`parse_hand`): a collection
    of Cards or card texts, each once (else :class:`CardError` or
    :class:`DealError`).

    >>> format_hand(["TH", Card("AS"), "3c"]), format_hand([])
    ('A.T..3', '...')
    >>> format_hand(["AS", "as"])
    Traceback (most recent call last):
    ...
    openhand.errors.DealError: card AS appears twice in the hand ['AS', 'as']
    """
    if not is_list(cards):
        raise DealError(f"a hand to format is a collection of cards like ['AS', 'TH'], not {cards!r}")
    hand = [Card(c) for c in cards]
    if len(set(hand)) != len(hand):
        twice = next(c for i, c in enumerate(hand) if c in hand[:i])
        raise DealError(f"card {twice} appears twice in the hand {cards!r}")
    by_suit = [[], [], [], []]
    joker = False
    for c in hand:
        if c.is_joker:
            joker = True
        else:
            by_suit[c.suit].append(c.rank)
    text = ".".join("".join(RANK_CHARS[r - 2] for r in sorted(s, reverse=True))
                    for s in by_suit)
    return text + ("+JK" if joker else "")


def parse_deal(text: str, deck: Optional[frozenset] = None,
               seats: Sequence[str] = SEATS, extra_hands: int = 0,
               equal_sizes: bool = True) -> Dict[str, frozenset]:
    """Parse ``"N:hand hand hand hand"``: hands clockwise from the named seat.

    The hands after the first may carry their seats too, as in
    ``"N:AK... E:Q... S:J... W:T..."``; a label must name the seat whose
    turn it is clockwise.  Returns a dict seat -> frozenset of cards.
    ``extra_hands`` more hands may follow the players' hands (Eighty-Three's
    kitty); they are returned under the keys ``"X1"``, ``"X2"``...  With
    ``equal_sizes`` the players' hands must all hold the same number of
    cards.  ``deck`` (if given) is the set of legal cards.

    >>> d = parse_deal("E:AKQJ... .AKQJ.. ..AKQJ. ...AKQJ")
    >>> format_hand(d["N"])
    '...AKQJ'
    >>> parse_deal("N:AK... Q... J...")
    Traceback (most recent call last):
    ...
    openhand.errors.DealError: deal 'N:AK... Q... J...' has 3 hands, expected 4
    >>> parse_deal("N:AK... Q... J... A...")
    Traceback (most recent call last):
    ...
    openhand.errors.DealError: card AS is in both N's and W's hands
    >>> parse_deal("N:A... E:Q... S:J... W:T...") == parse_deal("N:A... Q... J... T...")
    True
    >>> parse_deal("N:A... S:Q... E:J... W:T...")
    Traceback (most recent call last):
    ...
    openhand.errors.DealError: deal 'N:A... S:Q... E:J... W:T...': hand 2 is labelled S:, but clockwise from N it is E's
    """
    if not isinstance(text, str):
        raise DealError(f"a deal must be a string, not {type(text).__name__}")
    body = text.strip()
    if len(body) < 2 or body[1] != ":" or body[0].upper() not in seats:
        raise DealError(f"deal {text!r} must start with a seat and a colon, "
                        f"one of {', '.join(s + ':' for s in seats)}")
    first = seats.index(body[0].upper())
    tokens = body[2:].split()
    expected = len(seats) + extra_hands
    if len(tokens) != expected:
        raise DealError(f"deal {text!r} has {len(tokens)} hands, expected {expected}")
    hands: Dict[str, frozenset] = {}
    owner: Dict[Card, str] = {}
    for i, token in enumerate(tokens):
        name = seats[(first + i) % len(seats)] if i < len(seats) else f"X{i - len(seats) + 1}"
        if i > 0 and len(token) >= 2 and token[1] == ":":
            if token[0].upper() != name:
                whose = (f"clockwise from {seats[first]} it is {name}'s" if i < len(seats)
                         else f"only {len(seats)} hands belong to seats")
                raise DealError(f"deal {text!r}: hand {i + 1} is labelled {token[:2]}, but {whose}")
            token = token[2:]
        hand = parse_hand(token, deck)
        for c in hand:
            if c in owner:
                a, b = sorted((owner[c], name), key=_seat_order(seats))
                raise DealError(f"card {c} is in both {a}'s and {b}'s hands")
            owner[c] = name
        hands[name] = hand
    if equal_sizes:
        sizes = {s: len(hands[s]) for s in seats}
        if len(set(sizes.values())) > 1:
            desc = ", ".join(f"{s} {n}" for s, n in sizes.items())
            raise DealError(f"hands must be of equal size, found {desc}")
    return {s: hands[s] for s in list(seats) + [k for k in hands if k not in seats]}


def _seat_order(seats):
    return lambda name: (seats.index(name) if name in seats else len(seats), name)


def format_deal(hands: Dict[str, Iterable[Card]], first: str = "N",
                seats: Sequence[str] = SEATS) -> str:
    """The PBN deal string, hands clockwise from ``first`` (extras last)."""
    i = seats.index(first)
    order = [seats[(i + k) % len(seats)] for k in range(len(seats))]
    order += [k for k in hands if k not in seats]
    return f"{first}:" + " ".join(format_hand(hands[s]) for s in order)
