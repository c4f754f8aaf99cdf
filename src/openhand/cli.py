"""The ``openhand`` command line: ``openhand COMMAND GAME [options]``.

Each game brings its own commands (``openhand/<game>/cli.py`` with a
``COMMANDS`` dict of name -> command; a command is called with its
arguments and its program name and returns the exit status, and its
``takes`` attribute says in one line what it takes).  This file only
dispatches over the registered games (:func:`openhand.game.games`), so a
new game is a new package, not an edit of every command.

    openhand solve 65 "N:AKQ.JT9.876.543 E:... S:... W:..." --leader W
    openhand solve 65 --random --seed 7 --json
    openhand arena 66 --players pimc,heuristic --boards 100 --seed 1

Commands written once for every game (``deal``, ``arena``, ``play``) are
listed in :data:`GENERIC`.
"""
from __future__ import annotations

import importlib
import sys
from typing import Dict, List, Optional

from .errors import OpenhandError

__all__ = ["main", "usage"]

# What each command does, for `openhand --help` (the games that have it
# come from their cli modules).
SUMMARIES = {
    "solve": "solve a position exactly: every legal move's value, threshold questions\n"
             "(--at-least) or the analysis of a played game (--record)",
    "bids": "the bid feasibility table of a deal before the auction",
    "analyse": "analyse every decision of a game record file (any game): a table, --json,\n"
               "--csv, --plot out.png, --html report.html",
    "batch": "solve every item of a file or a seeded random stream into an SQLite\n"
             "result store, on all cores or a Dask cluster; resumable",
    "stats": "the statistics of a batch result store (--json, --plot DIR)",
    "export": "a batch result store as CSV, Parquet or .npy",
    "deal": "deal hidden cards: complete deals meeting constraints (--where), or\n"
            "consistent with what one player of a state knows",
    "arena": "a duplicate match between two players (random, heuristic, pimc,\n"
             "clairvoyant, package.module:Class, exec:COMMAND)",
    "play": "play a deal against the computer in the terminal",
}

# Commands of no one game: name -> ('module:function', what they take);
# the function is called with the arguments and the program name, like a
# game's command.
GENERAL = {"analyse": ("openhand.reports.cli:main", "FILE"),
           "stats": ("openhand.batch.cli:stats_command", "STORE"),
           "export": ("openhand.batch.cli:export_command", "STORE")}
ALIASES = {"analyze": "analyse"}

# Commands written once for every game (module:function, called as
# function(game_id, argv, prog)).
GENERIC = {
    "deal": ("openhand.deal_cli:deal_command", "a deal to complete; --where constraints, --state for a player's view"),
    "arena": ("openhand.bots.cli:arena_command", "two players; --boards N --seed S [--workers K] [--json]"),
    "play": ("openhand.bots.cli:play_command", "your seat against computer opponents"),
}


class GenericCommand:
    """A command of every game, imported when it runs."""

    def __init__(self, path: str, game_id: str, takes: str) -> None:
        self.path, self.game_id, self.takes = path, game_id, takes

    def __call__(self, argv, prog: str = None) -> int:
        module, name = self.path.split(":")
        return getattr(importlib.import_module(module), name)(self.game_id, argv, prog)


def _game_ids() -> List[str]:
    from .game import games
    return [g.id for g in games()]


def _cli_module(game_id: str):
    """The cli module of a game (``openhand.<package>.cli``), or None when
    it cannot be imported in this build."""
    from .game import load_game
    package = type(load_game(game_id)).__module__.rsplit(".", 1)[0]
    try:
        return importlib.import_module(package + ".cli")
    except ImportError:
        return None


def _commands() -> Dict[str, Dict[str, object]]:
    """command name -> {game id: command}, over every game that can be
    loaded, and the commands written once for every game (``batch`` and
    :data:`GENERIC`)."""
    from .batch.cli import batch_commands
    out: Dict[str, Dict[str, object]] = {}
    for gid in _game_ids():
        module = _cli_module(gid)
        for name, command in (module.COMMANDS.items() if module else ()):
            out.setdefault(name, {})[gid] = command
    out["batch"] = batch_commands()
    for gid in _game_ids():
        for name, (path, takes) in GENERIC.items():
            out.setdefault(name, {})[gid] = GenericCommand(path, gid, takes)
    return out


def usage() -> str:
    commands = _commands()
    lines = ["usage: openhand COMMAND GAME [options]",
             "       openhand COMMAND --help        the games of a command and what each takes",
             "       openhand COMMAND GAME --help   the options of one game",
             "",
             "Exact open-hand solvers for 65, Sixty-Six and Eighty-Three.",
             "",
             "commands:"]
    for name, by_game in commands.items():
        summary = SUMMARIES.get(name, "").splitlines() + [f"games: {', '.join(by_game)}"]
        lines += [f"  {name + ' GAME' if i == 0 else '':<13} {text}" for i, text in enumerate(summary)]
    for name, (_, takes) in GENERAL.items():
        summary = SUMMARIES.get(name, "").splitlines()
        lines += [f"  {name + ' ' + takes if i == 0 else '':<13} {text}" for i, text in enumerate(summary)]
    lines += ["",
              "options:",
              "  -h, --help     show this help and exit",
              "  -V, --version  print the version and exit",
              "",
              "`python -m openhand` is the same command."]
    return "\n".join(lines)


def command_help(name: str, by_game: Dict[str, object]) -> str:
    """``openhand COMMAND --help``: the games of a command and what each takes."""
    summary = SUMMARIES.get(name, name)
    given = ("Items come from a file, one a line ('-': standard input), or from --random N." if name == "batch"
             else "A position or deal is given as a file name, '-' (standard input) or the text itself.")
    lines = [f"usage: openhand {name} GAME [options]", "", f"{summary[0].upper()}{summary[1:]}.", given, "",
             "games:"]
    for gid, command in by_game.items():
        lines.append(f"  {gid:<4} {getattr(command, 'takes', '')}")
    lines += ["", f"Run `openhand {name} GAME --help` for the options of one game."]
    return "\n".join(lines)


def main(argv: Optional[List[str]] = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(usage(), file=sys.stdout if argv else sys.stderr)
        return 0 if argv else 2
    if argv[0] in ("-V", "--version"):
        from . import __version__
        print(__version__)
        return 0
    commands = _commands()
    name = ALIASES.get(argv[0], argv[0])
    if name in GENERAL:
        from .game import _import
        return _run(lambda: _import(GENERAL[name][0])(argv[1:], prog=f"openhand {name}"))
    if name not in commands:
        print(f"openhand: unknown command {name!r}; the commands are {', '.join(list(commands) + list(GENERAL))} "
              f"(openhand --help)", file=sys.stderr)
        return 2
    by_game = commands[name]
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(command_help(name, by_game), file=sys.stdout if len(argv) > 1 else sys.stderr)
        return 0 if len(argv) > 1 else 2
    game, rest = argv[1], argv[2:]
    from .game import load_game
    try:
        game = load_game(game).id          # 'sixty-six' reads as 66
    except OpenhandError:
        print(f"openhand: unknown game {game!r} for {name}; choose one of {', '.join(by_game)}",
              file=sys.stderr)
        return 2
    if game not in by_game:
        have = [n for n, g in commands.items() if game in g]
        print(f"openhand: {game} has no command {name!r}; {name} is for {', '.join(by_game)}, and {game} "
              f"has: {', '.join(have) or 'none in this build'}", file=sys.stderr)
        return 2
    return _run(lambda: by_game[game](rest, prog=f"openhand {name} {game}"))


def _run(command) -> int:
    """Run a command: its exit status, the library's errors as messages."""
    try:
        return command()
    except SystemExit as exc:      # argparse: --help (0) or a usage error (2), already printed
        return exc.code if isinstance(exc.code, int) else 2
    except OpenhandError as exc:
        print(f"openhand: error: {exc}", file=sys.stderr)
        return 2
    except ImportError as exc:     # an extra that is not installed (its message names it)
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
