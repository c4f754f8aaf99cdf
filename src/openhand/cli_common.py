"""Pieces every game's command line shares: common options and output.

A game's ``cli.py`` builds its own parser for what is special to it (a deal
string, a JSON position, trumps...) and uses these for the rest, so the
commands of all games look and print alike.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import asdict

from .analysis import analyse


def takes(text: str):
    """Mark a command function with what it takes, in one line (shown by
    ``openhand COMMAND --help``)."""
    def mark(fn):
        fn.takes = text
        return fn
    return mark


def parser(prog: str, doc: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=prog, description=doc,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--random", action="store_true", help="solve a seeded random example")
    p.add_argument("--seed", type=int, default=None, help="seed for --random")
    p.add_argument("--json", action="store_true", help='print {"value": V, "moves": {...}}')
    p.add_argument("--value-only", action="store_true", help="only the value, not every move's")
    p.add_argument("--table-mb", type=float, default=None,
                   help="transposition table memory cap in MiB (default: the game's solver's, 65: 512)")
    return p


def add_deal(p: argparse.ArgumentParser, help: str) -> None:
    """The deal argument.  Its hands may come as separate words, so that a
    deal typed without quotes (``N:A.K.. 3.A.. K.3.. Q.Q..``) still reads
    as one."""
    p.add_argument("deal", nargs="*", help=help)


def chosen_deal(p: argparse.ArgumentParser, args, random_only=()):
    """The deal text the command line gave, or None with ``--random``;
    exits with a usage error unless exactly one of them was given, or if
    an option of ``random_only`` (dests whose options only make sense with
    a given deal, e.g. ``"trick"``) was set with ``--random``.

    >>> p = parser("prog", "")
    >>> add_deal(p, "a deal")
    >>> _ = p.add_argument("--trick", default="")
    >>> chosen_deal(p, p.parse_args(["N:A.K..", "3.A..", "K.3..", "Q.Q.."]))
    'N:A.K.. 3.A.. K.3.. Q.Q..'
    >>> chosen_deal(p, p.parse_args(["--random"])) is None
    True
    """
    deal = " ".join(args.deal) or None
    if args.random == bool(deal):
        p.error("give either a deal or --random")
    for dest in random_only:
        if args.random and getattr(args, dest):
            p.error(f"--{dest.replace('_', '-')} applies to a given deal, not to --random")
    return deal


def add_record(p: argparse.ArgumentParser) -> None:
    """``--record``: analyse a played game from the position instead of
    solving it (see :func:`run_analysis`)."""
    p.add_argument("--record", metavar="MOVES",
                   help="analyse the moves played from this position instead: each one's value, the best "
                        "and what it cost; moves separated by commas (cards may be separated by spaces)")


def record_moves(text: str) -> list:
    """The moves of a ``--record`` text: comma-separated, or for a record
    without commas whitespace-separated.

    >>> record_moves("AS 3S, KS"), record_moves("QH, marriage KH, close")
    (['AS 3S', 'KS'], ['QH', 'marriage KH', 'close'])
    >>> record_moves("AS 3S KS")
    ['AS', '3S', 'KS']
    """
    parts = text.split(",") if "," in text else text.split()
    return [m.strip() for m in parts if m.strip()]


class ProgressLine:
    """A solver ``progress`` callback that keeps one status line on a
    terminal ("searching: 52.4M nodes, 8.1 s") once a solve has run for a
    second; ``clear()`` wipes it.  ``ProgressLine.for_stderr()`` is None
    when stderr is no terminal (a pipe or a log gets no status lines).

    >>> import io
    >>> line = ProgressLine(io.StringIO(), delay=0.0)
    >>> line(52_400_000)
    >>> line.stream.getvalue().startswith("\\rsearching: 52.4M nodes")
    True
    """

    def __init__(self, stream, delay: float = 1.0, every: float = 0.25):
        self.stream, self.delay, self.every = stream, delay, every
        self.start = time.perf_counter()
        self.shown = 0.0   # when the line was last written (0: never)

    @classmethod
    def for_stderr(cls):
        return cls(sys.stderr) if sys.stderr.isatty() else None

    def __call__(self, nodes: int) -> None:
        now = time.perf_counter()
        if now - self.start < self.delay or now - self.shown < self.every:
            return
        self.shown = now
        self.stream.write(f"\rsearching: {nodes / 1e6:.1f}M nodes, {now - self.start:.1f} s ")
        self.stream.flush()

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * 40 + "\r")
            self.stream.flush()
            self.shown = 0.0


def timed(work, progress: ProgressLine = None):
    """``work()`` and the seconds it took (``progress``: the solver's
    status line, wiped before anything is printed)."""
    start = time.perf_counter()
    try:
        result = work()
    finally:
        if progress is not None:
            progress.clear()
    return result, time.perf_counter() - start


def run_analysis(start, solve_position, header, args, progress: ProgressLine = None) -> int:
    """Analyse ``args.record`` from ``start`` with ``solve_position(pos)``
    (:func:`openhand.analysis.analyse`).  As a table each move's line is
    printed as soon as it is solved (an interrupted analysis keeps what it
    printed), then each player's total cost; ``--json`` prints
    ``{"steps": [{"player", "move", "best_value", "best_moves", "value",
    "cost"}, ...]}`` at the end."""
    if args.value_only:
        print("openhand: error: --value-only does not apply to --record", file=sys.stderr)
        return 2
    if not args.json:
        for line in header:
            print(line, flush=True)

    def show(i, step):
        if not args.json:
            if progress is not None:
                progress.clear()
            print(step, flush=True)

    steps, elapsed = timed(lambda: analyse(start, record_moves(args.record), solve_position, show), progress)
    if args.json:
        print(json.dumps({"steps": [asdict(s) for s in steps]}))
        return 0
    costs = {}
    for s in steps:
        costs[s.player] = costs.get(s.player, 0) + s.cost
    print("total cost: " + ", ".join(f"{player} {cost}" for player, cost in costs.items()))
    print(f"time: {elapsed * 1000:.1f} ms")
    return 0


def run_solve(solve, header, args, progress: ProgressLine = None) -> int:
    """Time ``solve()`` and print its SolveResult as a table or as JSON."""
    result, elapsed = timed(solve, progress)
    if args.json:
        print(result.to_json())
    else:
        for line in header:
            print(line)
        print(result.table())
        print(f"time: {elapsed * 1000:.1f} ms")
    return 0
