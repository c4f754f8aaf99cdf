"""The ``openhand`` command line: ``openhand COMMAND GAME [options]``.

Each game module brings its own commands (``openhand/<game>/cli.py`` with a
``COMMANDS`` dict of name -> function(argv) -> exit code); this file only
dispatches, so a new game is a new module, not an edit of every command.

    openhand solve 65 "N:AKQ.JT9.876.543 E:... S:... W:..." --leader W
    openhand solve 65 --random --seed 7 --json
"""
from __future__ import annotations

import importlib
import sys
from typing import List, Optional

from .errors import OpenhandError

GAMES = {
    "65": "openhand.sixtyfive.cli",
    "66": "openhand.sixtysix.cli",
    "83": "openhand.eightythree.cli",
}
USAGE = """usage: openhand COMMAND GAME [options]

commands:  solve GAME ...   solve a position exactly (65, 66, 83)
           bids 83 DEAL     bid feasibility table of an Eighty-Three deal
Run `openhand COMMAND GAME --help` for the options of one game."""


def main(argv: Optional[List[str]] = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if argv else 2
    if argv[0] in ("-V", "--version"):
        from . import __version__
        print(__version__)
        return 0
    if len(argv) < 2:
        print(USAGE, file=sys.stderr)
        return 2
    command, game, rest = argv[0], argv[1], argv[2:]
    if game not in GAMES:
        print(f"openhand: unknown game {game!r}; choose one of {', '.join(GAMES)}", file=sys.stderr)
        return 2
    try:
        module = importlib.import_module(GAMES[game])
    except ImportError:
        print(f"openhand: the game {game} is not available in this build", file=sys.stderr)
        return 2
    if command not in module.COMMANDS:
        print(f"openhand: {game} has no command {command!r}; it has: "
              f"{', '.join(module.COMMANDS)}", file=sys.stderr)
        return 2
    try:
        return module.COMMANDS[command](rest, prog=f"openhand {command} {game}")
    except OpenhandError as exc:
        print(f"openhand: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("openhand: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:   # output piped into `head` and the like
        sys.stderr.close()
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
