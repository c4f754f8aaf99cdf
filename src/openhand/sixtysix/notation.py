"""Sixty-Six: the moves a player can make (play a card, show a marriage,
exchange the trump 9, close, go out) and their text form."""
from __future__ import annotations

from typing import Dict, Optional

from ..cards import SUIT_CHARS, Card
from ..errors import CardError, IllegalMoveError
from ..game import Move as BaseMove
from .deck import DECK

__all__ = ["Move", "PLAY", "MARRIAGE", "MARRIAGE_OUT", "EXCHANGE", "CLOSE", "OUT"]


# ------------------------------------------------------------------ moves
PLAY = "play"
MARRIAGE = "marriage"
MARRIAGE_OUT = "marriage out"
EXCHANGE = "exchange"
CLOSE = "close"
OUT = "out"
_MOVES: Dict[str, "Move"] = {}
_MOVE_HELP = ("expected a card ('QH'), 'marriage KH', 'marriage H out', "
                "'exchange', 'close' or 'out'")


class Move(BaseMove):
    """A move: an immutable string in canonical text form, usable as a
    dict key and compared with plain strings; ``kind``, ``card`` and ``suit``
    describe it.  Parsing is case-insensitive and accepts ``10`` for ``T``.

    >>> a = Move("marriage kh")
    >>> a, a.kind, a.card, a.suit, a == "marriage KH"
    (Move('marriage KH'), 'marriage', Card('KH'), 1, True)
    >>> Move("10s").kind, Move("Marriage D Out").suit, Move("CLOSE")
    ('play', 2, Move('close'))
    >>> Move("8H")
    Traceback (most recent call last):
    ...
    openhand.errors.CardError: card 8H is not in the Sixty-Six deck (A T K Q J 9 of each suit), in move '8H'
    >>> Move("pass")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    openhand.errors.IllegalMoveError: unknown move 'pass': expected a card ('QH'), 'marriage KH', 'marriage H out',
    'exchange', 'close' or 'out'
    """

    kind: str
    card: Optional[Card]
    suit: Optional[int]

    def __new__(cls, text) -> "Move":
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise IllegalMoveError(f"a Sixty-Six move is a string like 'QH' or 'close', not {text!r}")
        found = _MOVES.get(text)
        return found if found is not None else _parse_move(text)


def _new_move(text: str, kind: str, card: Optional[int] = None, suit: Optional[int] = None) -> "Move":
    move = str.__new__(Move, text)
    move.kind = kind
    move.card = None if card is None else Card(card)
    move.cid = 0 if card is None else int(card)   # plain int for the hot paths
    move.suit = suit
    _MOVES[text] = move
    return move


PLAY_MOVE = {int(c): _new_move(str(c), PLAY, c) for c in DECK}
MARRIAGE_MOVE = {int(c): _new_move(f"marriage {c}", MARRIAGE, c, int(c.suit))
                   for c in DECK if c.rank in (12, 13)}
MARRIAGE_OUT_MOVE = [_new_move(f"marriage {SUIT_CHARS[s]} out", MARRIAGE_OUT, None, s)
                       for s in range(4)]
EXCHANGE_MOVE = _new_move(EXCHANGE, EXCHANGE)
CLOSE_MOVE = _new_move(CLOSE, CLOSE)
OUT_MOVE = _new_move(OUT, OUT)


def _deck_card(token: str, text: str) -> Card:
    card = Card(token)
    if card not in DECK:
        raise CardError(f"card {card} is not in the Sixty-Six deck (A T K Q J 9 of each suit), "
                        f"in move {text!r}")
    return card


def _parse_move(text: str) -> Move:
    words = text.split()
    low = [w.lower() for w in words]
    if len(words) == 1 and low[0] in (OUT, EXCHANGE, CLOSE):
        return _MOVES[low[0]]
    if len(words) == 1 and len(words[0]) in (2, 3) and words[0][-1].upper() in SUIT_CHARS:
        return PLAY_MOVE[int(_deck_card(words[0], text))]   # a card token, or a CardError
    if len(words) == 2 and low[0] == MARRIAGE:
        card = _deck_card(words[1], text)
        if card.rank not in (12, 13):
            raise IllegalMoveError(f"move {text!r}: a marriage is shown by leading its king or "
                                   f"queen, not {card}")
        return MARRIAGE_MOVE[int(card)]
    if len(words) == 3 and low[0] == MARRIAGE and low[2] == OUT:
        if words[1].upper() not in SUIT_CHARS or len(words[1]) != 1:
            raise IllegalMoveError(f"move {text!r}: {words[1]!r} is not a suit (one of S H D C)")
        return MARRIAGE_OUT_MOVE[SUIT_CHARS.index(words[1].upper())]
    raise IllegalMoveError(f"unknown move {text!r}: {_MOVE_HELP}")
