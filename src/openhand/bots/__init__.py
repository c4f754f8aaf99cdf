"""Computer players behind one interface (:class:`Player`): they see
observations only, and answer a legal move.

Players by name (:func:`make_player`), with options after colons::

    random                     a uniformly random legal move
    heuristic                  each game's documented basic strategy
    pimc                       deal worlds, solve each, best mean (pimc:worlds=32:nodes=200000:seconds=1)
    clairvoyant                the exact solver on the true deal (sees the state)
    package.module:Class       a class of yours (options as keywords: package.module:Class:depth=3)
    exec:COMMAND               a program speaking the JSON-lines protocol (openhand.bots.external)

>>> p = make_player("pimc:worlds=8:nodes=131072:seconds=none", seed=1)
>>> p.worlds, p.nodes, p.seconds
(8, 131072, None)
>>> make_player("minimax")  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
openhand.errors.PositionError: unknown player 'minimax': the players are random, heuristic, pimc, clairvoyant,
package.module:Class or exec:COMMAND
"""
from __future__ import annotations

from .base import Player
from .external import ExternalPlayer, import_player
from .heuristic import HeuristicPlayer
from .pimc import ClairvoyantPlayer, PIMCPlayer
from .simple import RandomPlayer

__all__ = ["Player", "RandomPlayer", "HeuristicPlayer", "PIMCPlayer", "ClairvoyantPlayer", "ExternalPlayer",
           "import_player", "make_player", "PLAYERS"]

PLAYERS = {"random": RandomPlayer, "heuristic": HeuristicPlayer, "pimc": PIMCPlayer,
           "clairvoyant": ClairvoyantPlayer}


def _value(text: str):
    low = text.strip().lower()
    if low in ("none", "off"):
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    if low in ("true", "false"):
        return low == "true"
    return text


def make_player(spec: str, game=None, seed=None) -> Player:
    """The player a spec names (see the module); ``seed`` seeds it."""
    from ..errors import PositionError
    if not isinstance(spec, str) or not spec.strip():
        raise PositionError(f"a player is named by text like 'pimc' or 'package.module:Class', not {spec!r}")
    spec = spec.strip()
    if spec.startswith("exec:"):
        return ExternalPlayer(spec[5:], seed=seed)
    parts = spec.split(":")
    if "." in parts[0]:
        path, opts = ":".join(parts[:2]), parts[2:]
    else:
        path, opts = parts[0], parts[1:]
    options = {}
    for opt in opts:
        key, eq, value = opt.partition("=")
        if not eq or not key.strip():
            raise PositionError(f"player option {opt!r} in {spec!r}: expected key=value")
        options[key.strip()] = _value(value)
    if "." in path:
        return import_player(path, **options)
    cls = PLAYERS.get(path.lower())
    if cls is None:
        raise PositionError(f"unknown player {path!r}: the players are {', '.join(PLAYERS)}, "
                            f"package.module:Class or exec:COMMAND")
    try:
        return cls(seed=seed, **options)
    except TypeError as e:
        raise PositionError(f"player {spec!r}: {e}") from None
