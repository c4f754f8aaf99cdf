"""Players from outside the library: a Python class named by its import
path, and a separate program speaking JSON lines over stdin/stdout.

The JSON-lines protocol (version 1), one JSON object per line, UTF-8.  The
library writes to the program's standard input and reads its standard
output; the program may write anything to standard error::

    -> {"type": "hello", "protocol": 1, "game": "66"}
    <- {"type": "hello", "name": "my-engine"}            (any name)
    -> {"type": "start", "game": "66", "player": 0}      (a deal begins; this seat)
    -> {"type": "move", "observation": {...}, "legal_moves": ["AS", "close", ...]}
    <- {"move": "AS"}
    -> {"type": "quit"}                                   (then the program exits)

``observation`` is the observation's ``to_dict()`` (its fields by game:
:mod:`openhand.observation` and each game's observation module).  Only
``move`` requests need an answer (``start`` and ``quit`` do not).  The
answer must be one of ``legal_moves`` as written there (any spelling the
game reads is accepted); anything else, malformed JSON, a closed output or
no answer within ``timeout`` seconds is an illegal move
(:class:`~openhand.errors.IllegalMoveError`, which forfeits the board in
the arena).  Like a UCI chess engine, the program keeps running while its
player lives, deal after deal (the arena starts one for each table).

>>> import sys
>>> engine = ExternalPlayer([sys.executable, "-m", "openhand.bots.example_engine"])
>>> from openhand import load_game
>>> game = load_game("65"); s = game.new_state(seed=1)
>>> engine.start(game, s.to_move)
>>> engine.choose(s.observation(s.to_move)) == s.legal_moves[0]
True
>>> engine.name
'first-legal'
>>> engine.close()
"""
from __future__ import annotations

import importlib
import json
import queue
import shlex
import subprocess
import threading
from typing import List, Optional, Sequence, Union

from ..errors import IllegalMoveError, PositionError
from .base import Player

__all__ = ["ExternalPlayer", "import_player", "PROTOCOL"]

PROTOCOL = 1


def import_player(path: str, **options) -> Player:
    """The player of a ``'package.module:Class'`` path, made with
    ``options``; it must have a ``choose(observation)`` method (a
    :class:`~.base.Player` subclass or any object like one)."""
    module, _, name = path.partition(":")
    if not module or not name:
        raise PositionError(f"a player's import path is 'package.module:Class', not {path!r}")
    try:
        cls = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as e:
        raise PositionError(f"cannot import the player {path!r}: {e}") from None
    player = cls(**options)
    if not callable(getattr(player, "choose", None)):
        raise PositionError(f"{path} is not a player: it has no choose(observation) method")
    for method in ("start", "close"):
        if not callable(getattr(player, method, None)):
            setattr(player, method, (lambda *a: None))
    if not hasattr(player, "name"):
        player.name = path
    return player


class ExternalPlayer(Player):
    """A program speaking the JSON-lines protocol (see the module).
    ``command`` is a list of arguments or one shell-like string;
    ``timeout`` the seconds allowed for each answer."""

    external = True          # its time is wall time (it thinks in another process)

    def __init__(self, command: Union[str, Sequence[str]], timeout: float = 30.0, seed=None) -> None:
        super().__init__(seed)
        self.command: List[str] = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.command:
            raise PositionError("an external player needs a command to run")
        self.timeout = timeout
        self.name = self.command[-1]
        self._proc: Optional[subprocess.Popen] = None
        self._lines: "queue.Queue[Optional[str]]" = queue.Queue()

    def _launch(self, game_id: str) -> None:
        try:
            self._proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          text=True, encoding="utf-8", bufsize=1)
        except OSError as e:
            raise PositionError(f"cannot start the player program {self.command[0]!r}: {e.strerror}") from None
        threading.Thread(target=self._read, daemon=True).start()
        self._send({"type": "hello", "protocol": PROTOCOL, "game": game_id})
        hello = self._answer("hello")
        self.name = str(hello.get("name", self.name))

    def _read(self) -> None:
        for line in self._proc.stdout:
            self._lines.put(line)
        self._lines.put(None)

    def _send(self, message: dict) -> None:
        try:
            self._proc.stdin.write(json.dumps(message) + "\n")
            self._proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise IllegalMoveError(f"the player program {self.name!r} has closed its input") from None

    def _answer(self, what: str) -> dict:
        try:
            line = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            raise IllegalMoveError(f"the player program {self.name!r} gave no {what} answer within "
                                   f"{self.timeout:g} s") from None
        if line is None:
            raise IllegalMoveError(f"the player program {self.name!r} ended without a {what} answer")
        try:
            data = json.loads(line)
        except ValueError:
            raise IllegalMoveError(f"the player program {self.name!r} answered {line.strip()[:80]!r}, "
                                   f"which is not JSON") from None
        if not isinstance(data, dict):
            raise IllegalMoveError(f"the player program {self.name!r} answered {data!r}, not a JSON object")
        return data

    def start(self, game, player: int) -> None:
        super().start(game, player)
        if self._proc is None or self._proc.poll() is not None:
            self._launch(game.id)
        self._send({"type": "start", "game": game.id, "player": player})

    def choose(self, observation, state=None) -> str:
        legal = list(observation.legal_moves)
        self._send({"type": "move", "observation": observation.to_dict(), "legal_moves": legal})
        move = self._answer("move").get("move")
        if not isinstance(move, str):
            raise IllegalMoveError(f"the player program {self.name!r} answered no move text: {move!r}")
        return move

    def close(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            try:
                self._send({"type": "quit"})
                self._proc.stdin.close()
                self._proc.wait(timeout=5)
            except (IllegalMoveError, OSError, subprocess.TimeoutExpired):
                self._proc.kill()
        self._proc = None
