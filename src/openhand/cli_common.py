"""What every game's command line shares, written once against the game
interface (:mod:`openhand.game`): the ``solve`` command, reading a
position, threshold questions, records, and the output.

A game's ``cli.py`` subclasses :class:`SolveCommand` for what is special
to it (its own position form with its options, its random example, what
its thresholds count) and gets the rest from here, so the commands of all
games read and print alike.  Help texts are plain text.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import List, Optional, Tuple

from .analysis import analyse
from .errors import PositionError
from .files import read_text_file

__all__ = ["SolveCommand", "ProgressLine", "parser", "add_table_mb", "add_position", "add_record",
           "refuse_options", "read_text_file", "record_moves", "run_analysis", "run_solve", "show_position",
           "state_of", "takes", "timed"]


def takes(text: str):
    """Mark a command function with what it takes, in one line (shown by
    ``openhand COMMAND --help``)."""
    def mark(fn):
        fn.takes = text
        return fn
    return mark


def parser(prog: str, description: str, epilog: str = "") -> argparse.ArgumentParser:
    """A command's parser with the options every command has (``--random``
    and ``--seed``); ``description`` and ``epilog`` are plain text, printed
    as written."""
    p = argparse.ArgumentParser(prog=prog, description=description, epilog=epilog or None,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--random", action="store_true", help="a seeded random example instead of a given position")
    p.add_argument("--seed", type=int, default=None, help="seed for --random")
    return p


def seeded_parser(prog: str, description: str, epilog: str = "", seed_help: str = "seed") -> argparse.ArgumentParser:
    """A command's parser with only ``--seed`` (the commands that are
    random by nature: deal, arena, play); plain-text help."""
    p = argparse.ArgumentParser(prog=prog, description=description, epilog=epilog or None,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seed", type=int, default=None, help=seed_help)
    return p


def add_table_mb(p: argparse.ArgumentParser, default_mb) -> None:
    p.add_argument("--table-mb", type=float, default=None, metavar="MB",
                   help=f"transposition table memory cap in MiB (default {default_mb:g})")


def threads_of(p, args) -> int:
    """``--threads``: as given, else every core; below 1 it is refused
    through ``p`` (exit status 2)."""
    threads = args.threads if args.threads is not None else (os.cpu_count() or 1)
    if threads < 1:
        p.error(f"--threads must be at least 1, got {threads}")
    return threads


def add_position(p: argparse.ArgumentParser, help: str, metavar: str = "POSITION") -> None:
    """The position argument.  Its words are joined, so that a PBN deal
    typed without quotes (``N:A.K.. 3.A.. K.3.. Q.Q..``) still reads as
    one."""
    p.add_argument("position", nargs="*", metavar=metavar, help=help)


def refuse_options(p: argparse.ArgumentParser, args, dests, applies_to: str, given: str) -> None:
    """A usage error for the first option of ``dests`` that was set (not
    None, empty or False): it applies to ``applies_to``, not to ``given``."""
    for dest in dests:
        if getattr(args, dest, None) not in (None, "", False, []):
            p.error(f"--{dest.replace('_', '-')} applies to {applies_to}, not to {given}")


# ------------------------------------------------------------------ reading positions
def read_stdin(what: str = "position") -> str:
    try:
        return sys.stdin.read()
    except UnicodeDecodeError:
        raise PositionError(f"standard input is not text (not UTF-8); give the {what} as text") from None


def is_inline(text: str) -> bool:
    """Is a position argument the text itself (JSON, or a state text with
    ``key=value`` fields) rather than a file name?"""
    s = text.strip()
    return s[:1] in ("{", "[") or "=" in s or "\n" in s


def position_source(arg: str, own_form: Optional[str], example: str) -> str:
    """The position text an argument stands for: ``-`` reads standard
    input, a JSON or state text is itself, an existing path is read
    (:func:`read_text_file`); otherwise, when the game has a form of its
    own (``own_form``, e.g. ``'a PBN deal'``), a text that cannot be a file
    name (it holds ``:`` or a space) is taken as that form, and anything
    else is a file that is not found."""
    if arg == "-":
        return read_stdin()
    if is_inline(arg):
        return arg
    if os.path.exists(arg):
        return read_text_file(arg)
    s = arg.strip()
    if own_form and (":" in s or any(ch.isspace() for ch in s)):
        return arg
    forms = f"a state text like {example!r}, " + (f"{own_form}, " if own_form else "") + "a file or '-'"
    raise PositionError(f"position file not found: {arg!r} (give {forms})")


def text_kind(text: str) -> str:
    """``'json'`` (it starts with ``{`` or ``[``), ``'text'`` (a state
    text: ``key=value`` fields) or ``'own'`` (the game's own form)."""
    s = text.strip()
    return "json" if s[:1] in ("{", "[") else "text" if "=" in s else "own"


def state_of(game, text: str, own_state):
    """The state of a position text: JSON (:meth:`Game.from_json`), a
    state text (:meth:`Game.from_text`; a file may hold its fields on lines
    of their own), or else ``own_state(text)``, the game's own form."""
    s = text.strip()
    if not s:
        raise PositionError("the position is empty")
    kind = text_kind(s)
    if kind == "json":
        return game.from_json(s)
    if kind == "text":
        return game.from_text("; ".join(line for line in s.splitlines() if line.strip()))
    return own_state(s)


# ------------------------------------------------------------------ records
def add_record(p: argparse.ArgumentParser) -> None:
    """``--record``: analyse a played game from the position instead of
    solving it (see :func:`run_analysis`)."""
    p.add_argument("--record", metavar="MOVES",
                   help="analyse the moves played from this position instead: each one's value, the best "
                        "and what it cost.  Moves are separated by commas, new lines or spaces (a move of "
                        "several words, like 'marriage KH', is read as one); @FILE reads them from a file")


def record_text(value: str) -> str:
    """The text of a ``--record`` value: ``@FILE`` is the file's text."""
    if value.startswith("@"):
        return read_stdin("record") if value == "@-" else read_text_file(value[1:], "record")
    return value


def record_moves(text: str, start) -> List[str]:
    """The moves of a record text, read against the game from ``start``:
    commas and new lines separate moves; within a piece, words are grouped
    greedily, the longest run of words that is a legal move at that point
    of the game first (``marriage KH AH`` is ``marriage KH``, then ``AH``).
    Once a move is not legal, the rest is grouped by what the game reads as
    one move (the analysis then names the illegal move).

    >>> from openhand.game import load_game
    >>> s = load_game("66").from_text("game=66; hands=J.KQ.K9.T A9.AJ.T.J; stock=9C AC 9H KS QD JD KC TH; "
    ...                               "trump=H; leader=0; points=27 0; tricks=2 0; closed_by=0")
    >>> record_moves("marriage KH AH", s), record_moves("marriage KH, AH\\nmarriage H out", s)
    (['marriage KH', 'AH'], ['marriage KH', 'AH', 'marriage H out'])
    >>> record_moves("KD AH QH", s)      # KD is legal; AH is not (player 0 holds no AH)
    ['KD', 'AH', 'QH']
    """
    from .records.moves import longest_move_text, next_move
    state = start.copy()
    game = state.get_game()
    moves: List[str] = []
    for piece in text.replace("\n", ",").split(","):
        words = piece.split()
        i = 0
        while i < len(words):
            move, n = next_move(words[i:], state)
            if move is None:
                state = None               # off the legal line: group by what reads as a move
                move, n = longest_move_text(game, words[i:])
            else:
                state.play(move)
            moves.append(move)
            i += n
    return moves


# ------------------------------------------------------------------ progress
class ProgressLine:
    """A solver ``progress`` callback that keeps one status line on a
    terminal ("searching: 52.4M nodes, 8.1 s") once a solve has run for a
    second; ``clear()`` wipes it.  ``ProgressLine.for_stderr()`` is None
    when stderr is no terminal (a pipe or a log gets no status lines).
    ``show(text)`` writes any status (e.g. rows of a table done), with the
    same delay and rate.

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
        self.width = 0

    @classmethod
    def for_stderr(cls):
        return cls(sys.stderr) if sys.stderr.isatty() else None

    def __call__(self, nodes: int) -> None:
        self.show(f"searching: {nodes / 1e6:.1f}M nodes")

    def show(self, text: str) -> None:
        now = time.perf_counter()
        if now - self.start < self.delay or now - self.shown < self.every:
            return
        self.shown = now
        line = f"\r{text}, {now - self.start:.1f} s "
        self.width = max(self.width, len(line))
        self.stream.write(line)
        self.stream.flush()

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * self.width + "\r")
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


# ------------------------------------------------------------------ running
def show_position(state) -> None:
    """The position, printed (and flushed) before a search starts: the
    hand diagram, who is to move and the position's text (which ``solve``
    reads back)."""
    game = state.get_game()
    mover = state.to_move
    if mover is None:
        who = "nobody: the deal is over"
    else:
        who = game.player_name(mover)
        if len(game.side_players[game.side_of(mover)]) > 1:
            who += f" ({game.side_names[game.side_of(mover)]})"
    print(str(state))
    print(f"to move: {who}")
    print(f"state:   {state.to_text()}", flush=True)


def run_analysis(start, moves: List[str], solve_position, args, progress: ProgressLine = None) -> int:
    """Analyse ``moves`` from ``start`` with ``solve_position(pos)``
    (:func:`openhand.analysis.analyse`, as ``openhand analyse`` does for a
    record file).  As a table each move's line is printed as soon as it is
    solved (an interrupted analysis keeps what it printed), then each
    player's total cost; ``--json`` prints ``{"steps": [step, ...]}`` at
    the end, each step as :class:`openhand.analysis.Step` (``player``,
    ``move``, ``best_value``, ``best_moves``, ``value``, ``cost`` and the
    rest)."""
    def show(i, step):
        if not args.json:
            if progress is not None:
                progress.clear()
            print(step, flush=True)

    analysis, elapsed = timed(lambda: analyse(start, moves, solve_position, show), progress)
    if args.json:
        print(json.dumps({"steps": [s.to_dict() for s in analysis]}))
        return 0
    for units, totals in analysis.totals().items():
        print("total cost: " + ", ".join(f"{player} {cost}" for player, cost in totals["players"].items()))
    print(f"time: {elapsed * 1000:.1f} ms")
    return 0


def run_solve(solve, args, progress: ProgressLine = None) -> int:
    """Time ``solve()`` and print its SolveResult as a table or as JSON
    (exactly :meth:`~openhand.result.SolveResult.to_json`)."""
    result, elapsed = timed(solve, progress)
    if args.json:
        print(result.to_json())
    else:
        print(result.table())
        print(f"time: {elapsed * 1000:.1f} ms")
    return 0


AT_LEAST_JSON = '{"game": "65", "side": "N-S", "at_least": {"33": true, "41": false}}'


def run_at_least(game, side: str, meaning: str, ask, targets, args, progress: ProgressLine = None) -> int:
    """Answer each threshold of ``targets`` with ``ask(target)`` and print
    the answers, or as JSON one object ``{"game", "side", "at_least":
    {"T": true|false, ...}}`` (:data:`AT_LEAST_JSON`; null for a question
    that a --time or --nodes limit left unsettled)."""
    from .errors import LimitReached

    def answer(t):
        try:
            return ask(t)
        except LimitReached as e:   # --time / --nodes: not settled
            return e.result

    answers, elapsed = timed(lambda: {t: answer(t) for t in targets}, progress)
    if args.json:
        print(json.dumps({"game": game.id, "side": side, "at_least": {
            str(t): ok if isinstance(ok, bool) else None for t, ok in answers.items()}}))
        return 0
    print(f"thresholds: {meaning}")
    for t, ok in answers.items():
        if isinstance(ok, bool):
            print(f"{side} can reach {t}: {'yes' if ok else 'no'}")
        else:
            print(f"{side} can reach {t}: unknown (limit reached; the rest is worth {ok.lower}..{ok.upper})")
    print(f"time: {elapsed * 1000:.1f} ms")
    return 0


def at_least_of(solver, game):
    """``solver.at_least``, or a clear error if this game's solver does
    not answer threshold questions (yet)."""
    from .solver_base import SolverBase
    if getattr(type(solver), "at_least", SolverBase.at_least) is SolverBase.at_least:
        raise PositionError(f"the {game.title} solver does not answer threshold questions (--at-least) yet")
    return solver.at_least


# ------------------------------------------------------------------ the solve command
class SolveCommand:
    """``openhand solve GAME``: one command for every game, over its
    :class:`~openhand.game.Game`.  A game's ``cli.py`` subclasses it, sets
    the class attributes and overrides the hooks below for what is special
    to it.

    The position is a state in the library's text form (what
    ``State.to_text()`` writes) or JSON (``State.to_dict()``), given as a
    file name, ``-`` (standard input) or the text itself; or the game's own
    form (``own_form``, read by :meth:`own_state`, the only form that takes
    the options ``own_options``); or ``--random`` (the only one that takes
    ``random_options``).  The position is printed first, then every legal
    move is solved (``Solver.solve``), or ``--at-least T`` questions are
    answered (``Solver.at_least``: T within :meth:`target_range`), or
    ``--record`` is analysed.
    """

    game_id = ""
    takes = ""              # one line for `openhand solve --help`
    description = ""        # plain text, the top of the help
    epilog = ""             # plain text, the end of the help (examples)
    own_form = None         # the game's own position form in words, with an example, or None
    own_name = ""           # its short name ('a PBN deal'), for messages
    own_options: Tuple[str, ...] = ()     # dests of the options only that form takes
    random_options: Tuple[str, ...] = ()  # dests of the options only --random takes
    position_example = ""   # a state text, for messages

    # ------------------------------------------------------------ hooks
    def add_arguments(self, p: argparse.ArgumentParser) -> None:
        """The game's own options."""

    def own_state(self, p, args, text: str):
        """The state of a position in the game's own form."""
        raise PositionError(f"not a {self.game.title} position: give a state text like "
                            f"{self.position_example!r} or JSON")

    def random_state(self, args):
        return self.game.new_state(seed=args.seed)

    def solve_options(self, args) -> dict:
        """Extra keyword arguments of the solver's ``solve`` and ``at_least``."""
        return {}

    def target_range(self, args) -> Tuple[int, int]:
        """The thresholds the game can reach, lowest and highest."""
        raise NotImplementedError

    def target_meaning(self, args) -> str:
        """What a threshold counts, in words ('whole-deal points of N-S')."""
        raise NotImplementedError

    def side(self, state) -> str:
        """The side the values and thresholds are for."""
        raise NotImplementedError

    # ------------------------------------------------------------ the command
    @property
    def game(self):
        from .game import load_game
        return load_game(self.game_id)

    def position_help(self) -> str:
        own = f", or {self.own_form}" if self.own_form else ""
        return (f"a state text (game={self.game_id}; ..., what State.to_text() writes) or JSON{own}; "
                "a file name, '-' (standard input) or the text itself")

    def threshold_help(self) -> str:
        """What --at-least counts and its range, for the help."""
        return ""

    def make_parser(self, prog: str) -> argparse.ArgumentParser:
        game = self.game
        p = parser(prog, self.description, self.epilog)
        add_position(p, self.position_help())
        p.add_argument("--json", action="store_true",
                       help="print the result as JSON: the SolveResult schema (see the README); with "
                            f"--at-least one object like {AT_LEAST_JSON}; with --record the analysis steps")
        p.add_argument("--value-only", action="store_true", help="only the value, not every move's")
        add_table_mb(p, game.Solver.DEFAULT_TABLE_MB)
        p.add_argument("--at-least", type=int, action="append", metavar="T", dest="at_least",
                       help=f"only ask whether T is reached: {self.threshold_help()}; one null-window "
                            "search each, far cheaper than the value (repeatable)")
        p.add_argument("--time", type=float, metavar="SECONDS", default=None,
                       help="stop after SECONDS: the answer then says it was not finished and gives the bounds "
                            "proved so far and the best move found (--at-least: 'unknown')")
        p.add_argument("--nodes", type=int, metavar="N", default=None,
                       help="stop after N search nodes, as --time does")
        p.add_argument("--threads", type=int, metavar="K", default=None,
                       help="threads for every move's value (default: all cores, "
                            f"here {os.cpu_count() or 1}); each has its own table of --table-mb")
        add_record(p)
        self.add_arguments(p)
        return p

    def read_state(self, p, args, text: str):
        """The state the position argument stands for."""
        source = position_source(text, self.own_form, self.position_example)
        if text_kind(source) != "own":
            refuse_options(p, args, self.own_options, self.own_name, "a state text or JSON (its fields say it)")
        return state_of(self.game, source, lambda s: self.own_state(p, args, s))

    def __call__(self, argv, prog: str = None) -> int:
        game = self.game
        p = self.make_parser(prog or f"openhand solve {self.game_id}")
        args = p.parse_args(argv)
        text = " ".join(args.position)
        if args.random == bool(text.strip()):
            p.error("give either a position or --random")
        if args.random:
            refuse_options(p, args, self.own_options, self.own_name, "--random")
        else:
            refuse_options(p, args, self.random_options, "--random", "a given position")
        if args.record is not None:
            if args.value_only:
                p.error("--value-only does not apply to --record")
            if not args.record.strip():
                p.error("--record is empty: give the moves played, e.g. --record 'AS, 3S', or --record @FILE")
        if args.at_least:
            if args.record is not None or args.value_only:
                p.error(f"--{'value-only' if args.value_only else 'record'} does not apply to --at-least")
            lo, hi = self.target_range(args)
            for t in args.at_least:
                if not lo <= t <= hi:
                    p.error(f"the threshold {t} is out of range: {game.title} thresholds "
                            f"({self.target_meaning(args)}) go from {lo} to {hi}")
        limit = None
        if args.time is not None or args.nodes is not None:
            if args.record is not None:
                p.error("--time and --nodes do not apply to --record")
            from .limits import Limit
            try:
                limit = Limit(nodes=args.nodes, seconds=args.time)
            except PositionError as e:
                p.error(str(e))
        state = self.random_state(args) if args.random else self.read_state(p, args, text)
        moves = None
        if args.record is not None:
            moves = record_moves(record_text(args.record), state)
            if not moves:
                p.error(f"the record {args.record!r} holds no moves")

        progress = ProgressLine.for_stderr()
        threads = threads_of(p, args)
        solver = game.solver(table_mb=args.table_mb, progress=progress, threads=threads)
        ask = at_least_of(solver, game) if args.at_least else None
        if not args.json:
            show_position(state)
        options = self.solve_options(args)
        if limit is not None:
            options["limit"] = limit
        if args.at_least:
            return run_at_least(game, self.side(state), self.target_meaning(args),
                                lambda t: ask(state, t, **options), args.at_least, args, progress)
        if moves is not None:
            return run_analysis(state, moves, lambda pos: solver.solve(pos, **options), args, progress)
        return run_solve(lambda: solver.solve(state, moves=not args.value_only, **options), args, progress)
