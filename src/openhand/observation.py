"""What one player may know at one moment: an :class:`Observation`.

``State.observation(player)`` builds one from the facts of the deal that
player may see, and nothing else (the rules of what each player sees are
in docs/rules.md).  It holds plain values only (text, numbers, tuples of
them): no reference to the state it came from, so nothing hidden can be
reached through it, and it is what a player program receives (``to_dict``
/ ``to_json``).  Fields are read as attributes; every game has ``game``,
``player``, ``to_move``, ``hand`` (own cards), ``hand_sizes``, ``score``
and ``legal_moves`` (when ``player`` is to move), and adds its own (65:
``plays``, the cards played and by whom, ``trick``; Sixty-Six:
``trump_card``, ``stock_size``...; Eighty-Three: ``bids``, ``kitty``...).

>>> o = Observation("65", {"player": 0, "hand": ("AS", "KH"), "to_move": 0})
>>> o.hand, o.player, o.to_dict()["hand"]
(('AS', 'KH'), 0, ['AS', 'KH'])
>>> o.hand = ()
Traceback (most recent call last):
...
AttributeError: an Observation is read-only
"""
from __future__ import annotations

import json

__all__ = ["Observation"]

_PLAIN = (str, int, float, bool, type(None))


def _freeze(value):
    if isinstance(value, _PLAIN):
        return value
    if isinstance(value, (tuple, list)):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return {str(k): _freeze(v) for k, v in value.items()}
    raise TypeError(f"an observation holds plain values only, not {type(value).__name__}")


def _thaw(value):
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    if isinstance(value, dict):
        return {k: _thaw(v) for k, v in value.items()}
    return value


class Observation:
    """The facts one player may know, as read-only attributes."""

    __slots__ = ("_facts",)

    def __init__(self, game: str, facts: dict) -> None:
        object.__setattr__(self, "_facts", _freeze({"game": game, **facts}))

    def __getattr__(self, name):
        try:
            return object.__getattribute__(self, "_facts")[name]
        except KeyError:
            raise AttributeError(f"an Observation of this game has no field {name!r}") from None

    def __setattr__(self, name, value):
        raise AttributeError("an Observation is read-only")

    def fields(self):
        """The names of its fields, in order."""
        return list(self._facts)

    def to_dict(self) -> dict:
        """Its fields as plain JSON types (tuples become lists)."""
        return _thaw(self._facts)

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    def __eq__(self, other) -> bool:
        return isinstance(other, Observation) and other._facts == self._facts

    __hash__ = None

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self._facts.items())
        return f"Observation({inner})"
