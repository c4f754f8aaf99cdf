"""Sixty-Six: the actions a player can take (play a card, show a marriage,
exchange the trump 9, close, go out) and their text form."""
from __future__ import annotations

from typing import Dict, Optional

from ..cards import SUIT_CHARS, Card
from ..errors import CardError, IllegalMoveError
from .deck import DECK


# ------------------------------------------------------------------ actions
PLAY = "play"
MARRIAGE = "marriage"
MARRIAGE_OUT = "marriage out"
EXCHANGE = "exchange"
CLOSE = "close"
OUT = "out"
_ACTIONS: Dict[str, "Action"] = {}
_ACTION_HELP = ("expected a card ('QH'), 'marriage KH', 'marriage H out', "
                "'exchange', 'close' or 'out'")


class Action(str):
    """An action: an immutable string in canonical text form, usable as a
    dict key and compared with plain strings; ``kind``, ``card`` and ``suit``
    describe it.  Parsing is case-insensitive and accepts ``10`` for ``T``.

    >>> a = Action("marriage kh")
    >>> a, a.kind, a.card, a.suit, a == "marriage KH"
    (Action('marriage KH'), 'marriage', Card('KH'), 1, True)
    >>> Action("10s").kind, Action("Marriage D Out").suit, Action("CLOSE")
    ('play', 2, Action('close'))
    >>> Action("8H")
    Traceback (most recent call last):
    ...
    openhand.errors.CardError: card 8H is not in the Sixty-Six deck (A T K Q J 9 of each suit), in action '8H'
    >>> Action("pass")
    Traceback (most recent call last):
    ...
    openhand.errors.IllegalMoveError: unknown action 'pass': expected a card ('QH'), 'marriage KH', 'marriage H out', 'exchange', 'close' or 'out'
    """

    kind: str
    card: Optional[Card]
    suit: Optional[int]

    def __new__(cls, text) -> "Action":
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise IllegalMoveError(f"an action is a string like 'QH' or 'close', not {text!r}")
        found = _ACTIONS.get(text)
        return found if found is not None else _parse_action(text)

    def __repr__(self) -> str:
        return f"Action('{self}')"

    def __reduce__(self):
        return (Action, (str(self),))


def _new_action(text: str, kind: str, card: Optional[int] = None, suit: Optional[int] = None) -> Action:
    action = str.__new__(Action, text)
    action.kind = kind
    action.card = None if card is None else Card(card)
    action.cid = 0 if card is None else int(card)   # plain int for the hot paths
    action.suit = suit
    _ACTIONS[text] = action
    return action


PLAY_ACTION = {int(c): _new_action(str(c), PLAY, c) for c in DECK}
MARRIAGE_ACTION = {int(c): _new_action(f"marriage {c}", MARRIAGE, c, int(c.suit))
                   for c in DECK if c.rank in (12, 13)}
MARRIAGE_OUT_ACTION = [_new_action(f"marriage {SUIT_CHARS[s]} out", MARRIAGE_OUT, None, s)
                       for s in range(4)]
EXCHANGE_ACTION = _new_action(EXCHANGE, EXCHANGE)
CLOSE_ACTION = _new_action(CLOSE, CLOSE)
OUT_ACTION = _new_action(OUT, OUT)


def _deck_card(token: str, text: str) -> Card:
    card = Card(token)
    if card not in DECK:
        raise CardError(f"card {card} is not in the Sixty-Six deck (A T K Q J 9 of each suit), "
                        f"in action {text!r}")
    return card


def _parse_action(text: str) -> Action:
    words = text.split()
    low = [w.lower() for w in words]
    if len(words) == 1 and low[0] in (OUT, EXCHANGE, CLOSE):
        return _ACTIONS[low[0]]
    if len(words) == 1 and len(words[0]) in (2, 3) and words[0][-1].upper() in SUIT_CHARS:
        return PLAY_ACTION[int(_deck_card(words[0], text))]   # a card token, or a CardError
    if len(words) == 2 and low[0] == MARRIAGE:
        card = _deck_card(words[1], text)
        if card.rank not in (12, 13):
            raise IllegalMoveError(f"action {text!r}: a marriage is shown by leading its king or "
                                   f"queen, not {card}")
        return MARRIAGE_ACTION[int(card)]
    if len(words) == 3 and low[0] == MARRIAGE and low[2] == OUT:
        if words[1].upper() not in SUIT_CHARS or len(words[1]) != 1:
            raise IllegalMoveError(f"action {text!r}: {words[1]!r} is not a suit (one of S H D C)")
        return MARRIAGE_OUT_ACTION[SUIT_CHARS.index(words[1].upper())]
    raise IllegalMoveError(f"unknown action {text!r}: {_ACTION_HELP}")
