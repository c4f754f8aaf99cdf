"""Sixty-Six states as JSON and as text: the start of the deal (any moment
of one) and the moves played since, round-tripping.

A state is one JSON object.  Players are ``0`` and ``1``; hands are PBN
(``spades.hearts.diamonds.clubs``, ranks A T K Q J 9 high to low)::

    {
      "game": "66",                        optional; if given, this text
                                           ("sixty-six" is read too)
      "dealer": 1,                         optional: the player who dealt
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
      "out": null,                         the player who went out (the deal
                                           is then over), or null
      "moves": ["AC", "JD", "close"]       optional: the moves played since
    }

Only ``hands``, ``stock`` and ``leader`` are required (plus ``trump`` when
the stock is empty); the others default as shown.  :func:`to_json` writes
every key except ``trump_card``.  The player to move is the leader, or the
follower while a card is in play.  Unknown keys and positions no deal can
reach raise :class:`PositionError` or :class:`DealError`; the position must
account for all 24 cards: hands, stock and card in play hold the cards still
in play, and ``points`` must add up to the card points of the others (two
cards per trick in ``tricks``).

The text form (``Position.to_text``) has the same keys as ``key=value``
fields; it leaves out what is at its default and writes the hands as two
PBN hands, the stock as cards and pairs as two numbers::

    game=66; dealer=0; hands=.QJ.AT.T9 T9.A.KJ.Q; stock=...; trump=D; leader=1; moves=close

>>> from openhand.sixtysix import Position
>>> p = Position.deal(seed=3, dealer=0)
>>> p.play("close")
>>> text = p.to_json()
>>> text[:63]
'{"game": "66", "dealer": 0, "hands": [".QJ.AT.T9", "T9.A.KJ.Q"]'
>>> q = Position.from_json(text)
>>> q == p, q.closed_by, q.legal_moves[:2], q.history
(True, 1, [Move('TS'), Move('9S')], ((1, Move('close')),))
>>> Position.from_json('{"hands": ["A.....", ""], "stock": [], "leader": 0}')
Traceback (most recent call last):
...
openhand.errors.DealError: hand 'A.....' must have 4 suits separated by '.' (spades.hearts.diamonds.clubs), found 6
"""
from __future__ import annotations

import json
from typing import Dict, List, Tuple

from ..cards import SUIT_CHARS, Card
from ..errors import DealError, PositionError
from ..textform import join_moves, read_json, require_field, split_moves
from .deck import GAME, format_hand
from .notation import Move
from .position import Position
from .rules import Snapshot

__all__ = ["to_dict", "to_json", "from_dict", "from_json", "snapshot_dict", "text_fields", "from_fields",
           "KEYS"]

KEYS = ("game", "dealer", "hands", "stock", "trump", "trump_card", "leader", "trick", "points", "tricks",
        "marriages", "closed_by", "closed_opponent_won", "out", "moves")
TEXT_KEYS = tuple(k for k in KEYS if k != "trump_card")
REQUIRED = ("hands", "stock", "leader")
GAME_NAMES = (GAME, "sixty-six")


def snapshot_dict(s: Snapshot) -> dict:
    """The JSON-ready dict of one moment (a :class:`~.rules.Snapshot`)."""
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


def to_dict(pos: Position) -> dict:
    """The JSON-ready dict of a :class:`Position`: its start and its moves."""
    out = snapshot_dict(pos._start)
    if pos.dealer is not None:
        out = {"game": out.pop("game"), "dealer": pos.dealer, **out}
    if pos.history:
        out["moves"] = [str(m) for _, m in pos.history]
    return out


def to_json(pos: Position, indent=None) -> str:
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
    if "game" in data and data["game"] not in GAME_NAMES:
        raise PositionError(f"game {data['game']!r} is not Sixty-Six ({GAME!r})")
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
    moves = data.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise PositionError(f"moves must be a list of move texts like ['QH', 'close'], got {moves!r}")
    pos = Position(hands, stock, data.get("trump"), data["leader"], data.get("trick"),
                   data.get("points", [0, 0]), data.get("tricks", [0, 0]), marriages,
                   data.get("closed_by"), data.get("closed_opponent_won", False), data.get("out"),
                   data.get("dealer"))
    trump_card = data.get("trump_card")
    if trump_card is not None:
        if not stock or Card(trump_card) != Card(stock[-1]):
            last = stock[-1] if stock else "nothing (the stock is empty)"
            raise PositionError(f"trump card {Card(trump_card)} is not the last card of the stock, "
                                f"which is {last}")
    pos.replay(moves)
    return pos


def from_json(text: str) -> Position:
    return from_dict(read_json(text, "position"))


# ------------------------------------------------------------------ text
def _pair(pair) -> str:
    return "" if list(pair) == [0, 0] else f"{pair[0]} {pair[1]}"


def text_fields(pos: Position) -> List[Tuple[str, str]]:
    """The (key, text) fields of a Position's text form."""
    d = to_dict(pos)
    mar = d["marriages"]
    return [("dealer", "" if d.get("dealer") is None else str(d["dealer"])),
            ("hands", " ".join(h or "..." for h in d["hands"])),
            ("stock", " ".join(d["stock"])),
            ("trump", d["trump"]),
            ("leader", str(d["leader"])),
            ("trick", d["trick"] or ""),
            ("points", _pair(d["points"])),
            ("tricks", _pair(d["tricks"])),
            ("marriages", "" if not any(mar) else " ".join("".join(m) or "-" for m in mar)),
            ("closed_by", "" if d["closed_by"] is None else str(d["closed_by"])),
            ("closed_opponent_won", "yes" if d["closed_by"] is not None and d["closed_opponent_won"] else ""),
            ("out", "" if d["out"] is None else str(d["out"])),
            ("moves", join_moves(d.get("moves", [])))]


def _number(text: str, key: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise PositionError(f"{key} must be a whole number, got {text!r}")
    return int(text)


def _numbers(text: str, key: str) -> List[int]:
    parts = text.split()
    if len(parts) != 2:
        raise PositionError(f"{key} must be two whole numbers (player 0, player 1), like '21 9', got {text!r}")
    return [_number(p, key) for p in parts]


def from_fields(fields: Dict[str, str]) -> Position:
    """A Position from the fields of its text form."""
    hands = require_field(fields, "hands", "the two hands, like hands=TK9.AQ..J 9.T.KQ.AJ").split()
    if len(hands) != 2:
        raise DealError(f"hands must be two PBN hands (player 0's, player 1's), got {fields['hands']!r}")
    data = {"hands": ["" if h == "..." else h for h in hands],
            "stock": fields.get("stock", "").split(),
            "leader": _number(require_field(fields, "leader", "the player leading the trick, 0 or 1"), "leader"),
            "moves": split_moves(fields.get("moves", ""), Move)}
    for key in ("trump", "trick"):
        if fields.get(key):
            data[key] = fields[key]
    for key in ("points", "tricks"):
        if fields.get(key):
            data[key] = _numbers(fields[key], key)
    for key in ("dealer", "closed_by", "out"):
        if fields.get(key):
            data[key] = _number(fields[key], key)
    if fields.get("marriages"):
        parts = fields["marriages"].split()
        if len(parts) != 2:
            raise PositionError(f"marriages must be two groups of suit letters, '-' for none, like 'H -', "
                                f"got {fields['marriages']!r}")
        data["marriages"] = [[] if p == "-" else list(p) for p in parts]
    flag = fields.get("closed_opponent_won", "").lower()
    if flag not in ("", "yes", "no"):
        raise PositionError(f"closed_opponent_won must be yes or no, got {fields['closed_opponent_won']!r}")
    if flag:
        data["closed_opponent_won"] = flag == "yes"
    return from_dict(data)
