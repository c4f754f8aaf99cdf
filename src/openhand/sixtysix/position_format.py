"""Sixty-Six positions as JSON: any moment of a deal, round-tripping.

A position is one JSON object.  Players are ``0`` and ``1``; hands are PBN
(``spades.hearts.diamonds.clubs``, ranks A T K Q J 9 high to low)::

    {
      "game": "sixty-six",                 optional; if given, this text
      "hands": ["AT.K9..QJ", "..."],       player 0's hand, player 1's hand
      "stock": ["QS", "JD", "9H"],         next card drawn first, the face-up
                                           trump card last; 0..12 cards, even
      "trump": "H",                        trump suit (optional while the
                                           stock is not empty)
      "trump_card": "9H",                  optional; if given, must be the
                                           last card of the stock
      "leader": 0,                         leads (or led) the current trick
      "trick": null,                       the leader's card in play, or null
      "points": [0, 0],                    card points in tricks won
      "tricks": [0, 0],                    tricks won
      "marriages": [["H"], []],            suits of the marriages shown (20,
                                           40 in trumps); they count once the
                                           player has won a trick, until then
                                           they are pending
      "closed_by": null,                   the player who closed, or null
      "closed_opponent_won": false,        whether the closer's opponent had
                                           won a trick at the closing
      "out": null                          the player who went out (the deal
                                           is then over), or null
    }

Only ``hands``, ``stock`` and ``leader`` are required (plus ``trump`` when
the stock is empty); the others default as shown.  :func:`to_json` writes
every key except ``trump_card``.  The player to move is the leader, or the
follower while a card is in play.  Unknown keys and positions no deal can
reach raise :class:`PositionError` or :class:`DealError`; the position must
account for all 24 cards: hands, stock and card in play hold the cards still
in play, and ``points`` must add up to the card points of the others (two cards per
trick in ``tricks``).

>>> from openhand.sixtysix import Position
>>> p = Position.deal(seed=3, dealer=0)
>>> p.apply("close")
>>> text = p.to_json()
>>> text[:70]
'{"game": "sixty-six", "hands": [".QJ.AT.T9", "T9.A.KJ.Q"], "stock": ["'
>>> q = Position.from_json(text)
>>> q == p, q.closed_by, q.legal_actions()[:2]
(True, 1, [Action('TS'), Action('9S')])
>>> Position.from_json('{"hands": ["A.....", ""], "stock": [], "leader": 0}')
Traceback (most recent call last):
...
openhand.errors.DealError: hand 'A.....' must have 4 suits separated by '.' (spades.hearts.diamonds.clubs), found 6
"""
from __future__ import annotations

import json

from ..cards import SUIT_CHARS, Card
from ..errors import DealError, PositionError
from .deck import GAME, format_hand
from .position import Position
from .rules import State

KEYS = ("game", "hands", "stock", "trump", "trump_card", "leader", "trick", "points", "tricks",
        "marriages", "closed_by", "closed_opponent_won", "out")
REQUIRED = ("hands", "stock", "leader")


def to_dict(pos) -> dict:
    """The JSON-ready dict of a :class:`Position` (or a :class:`State`)."""
    s: State = pos if isinstance(pos, State) else pos.state
    return {
        "game": GAME,
        "hands": [format_hand(s.hands[0]), format_hand(s.hands[1])],
        "stock": [str(Card(c)) for c in s.stock],
        "trump": SUIT_CHARS[s.trump],
        "leader": s.leader,
        "trick": str(Card(s.trick)) if s.trick else None,
        "points": list(s.points),
        "tricks": list(s.tricks),
        "marriages": [[SUIT_CHARS[su] for su in range(4) if m >> su & 1] for m in s.marriages],
        "closed_by": None if s.closed_by < 0 else s.closed_by,
        "closed_opponent_won": bool(s.closed_opp_won),
        "out": None if s.out < 0 else s.out,
    }


def to_json(pos, indent=None) -> str:
    return json.dumps(to_dict(pos), indent=indent)


def from_dict(data: dict) -> Position:
    """A :class:`Position` from the dict form (see the module notes)."""
    if not isinstance(data, dict):
        raise PositionError(f"a Sixty-Six position is a JSON object, not {type(data).__name__}")
    unknown = [k for k in data if k not in KEYS]
    if unknown:
        raise PositionError(f"unknown key {unknown[0]!r} in a Sixty-Six position (keys: {', '.join(KEYS)})")
    missing = [k for k in REQUIRED if k not in data]
    if missing:
        raise PositionError(f"a Sixty-Six position needs the key {missing[0]!r}")
    if "game" in data and data["game"] != GAME:
        raise PositionError(f"game {data['game']!r} is not {GAME!r}")
    hands = data["hands"]
    if not isinstance(hands, list) or len(hands) != 2 or not all(isinstance(h, str) for h in hands):
        raise DealError(f"hands must be a list of two PBN strings, got {hands!r}")
    stock = data["stock"]
    if not isinstance(stock, list) or not all(isinstance(c, str) for c in stock):
        raise DealError(f"stock must be a list of cards like ['QS', '9H'], got {stock!r}")
    marriages = data.get("marriages", [[], []])
    if (not isinstance(marriages, list) or len(marriages) != 2
            or not all(isinstance(m, list) for m in marriages)):
        raise PositionError(f"marriages must be two lists of suit letters, got {marriages!r}")
    pos = Position(hands, stock, data.get("trump"), data["leader"], data.get("trick"),
                   data.get("points", [0, 0]), data.get("tricks", [0, 0]), marriages,
                   data.get("closed_by"), data.get("closed_opponent_won", False), data.get("out"))
    trump_card = data.get("trump_card")
    if trump_card is not None:
        if not stock or Card(trump_card) != Card(stock[-1]):
            last = stock[-1] if stock else "nothing (the stock is empty)"
            raise PositionError(f"trump card {Card(trump_card)} is not the last card of the stock, "
                                f"which is {last}")
    return pos


def from_json(text: str) -> Position:
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as e:
        raise PositionError(f"not a JSON position: {e}") from None
    return from_dict(data)
