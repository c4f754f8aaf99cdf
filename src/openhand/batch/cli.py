"""The commands of batch runs, written once for every game:

    openhand batch GAME (FILE | --random N --seed S [--where ...]) --out results.sqlite
                   [--what value|moves|reach|bids] [--targets T,...] [--workers K]
                   [--dask ADDRESS|local] [--time SECONDS] [--nodes N] [game options]
    openhand stats results.sqlite [--json] [--plot DIR]
    openhand export results.sqlite OUT.csv|OUT.parquet|OUT.npy

``batch`` solves every item into the store (:mod:`.store`), showing a
progress bar on a terminal; re-running the same command resumes (and
solves again the items a --time or --nodes limit stopped).  Exit
status: 0 when every line was solved, 1 when some lines were malformed or
refused (each reported with its number; the others solved), 2 for a usage
error, 130 when interrupted (what finished is kept).
"""
from __future__ import annotations

import argparse
import json
import os
import sys

from ..errors import PositionError

__all__ = ["batch_command", "stats_command", "export_command"]

BATCH_DESCRIPTION = """\
Solve every deal or position of a file (one a line: a state text as
State.to_text() writes it, its JSON, or the game's own form) or of a seeded
random stream, into an SQLite result store, on all local cores (--workers)
or a Dask cluster (--dask).  Each result is written as it completes;
running the same command again resumes (what is stored is not solved
again).  A malformed line is reported with its number and the others are
solved; lines describing the same state are solved once.  On a terminal a
progress bar shows items done, their rate and the time left; Ctrl-C stops
(what finished is kept).

--what: value (the exact value), moves (every legal move's value), reach
(--targets T,...: "at least T?" each, default the game's lines), bids
(Eighty-Three: the bid feasibility table of a deal before its auction)."""

BATCH_EXAMPLES = """\
examples:
  openhand batch 66 --random 1000 --seed 1 --out deals66.sqlite --what moves
  openhand batch 65 --random 200 --seed 7 --tricks 9 --out ends.sqlite --workers 2
  openhand batch 65 positions.txt --out reach.sqlite --what reach --targets 33,41
  openhand batch 83 --random 50 --seed 3 --what bids --fast --out bids.sqlite --dask local
  openhand stats deals66.sqlite --plot plots/"""


def _targets(text: str):
    try:
        return [int(t) for t in text.replace(",", " ").split()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"thresholds are whole numbers separated by commas, not {text!r}")


def _parser(game, prog: str) -> argparse.ArgumentParser:
    from .question import WHATS
    parts = game.batch_parts
    p = argparse.ArgumentParser(prog=prog, description=BATCH_DESCRIPTION, epilog=BATCH_EXAMPLES,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    own = f"; or {parts.own_form}" if parts.own_form else ""
    p.add_argument("file", nargs="?", metavar="FILE",
                   help=f"the items, one a line: state texts or JSON{own}; '-' reads standard input")
    p.add_argument("--random", type=int, metavar="N", help="N seeded random items instead of a file")
    p.add_argument("--seed", type=int, default=0, help="the seed of --random (default 0)")
    p.add_argument("--where", action="append", metavar="CONSTRAINT",
                   help="dealing constraints of --random, as openhand deal takes them "
                        "(\"N: spades>=5, AS; S: points>=10\"; repeatable: all hold)")
    p.add_argument("--out", required=True, metavar="STORE", help="the SQLite result store (made if new)")
    p.add_argument("--what", choices=[w for w in WHATS if w in parts.WHATS], default="value",
                   help="what to solve (default value)")
    p.add_argument("--targets", type=_targets, metavar="T,...", help="the thresholds of --what reach")
    p.add_argument("--workers", type=int, metavar="K",
                   help="local worker threads (default: one per core); with --dask local its processes")
    p.add_argument("--dask", metavar="ADDRESS",
                   help="run on the Dask cluster at ADDRESS (tcp://host:8786), or 'local' for a LocalCluster")
    p.add_argument("--table-mb", type=float, metavar="MB", help="each solver's table cap in MiB")
    p.add_argument("--time", type=float, metavar="SECONDS",
                   help="stop each search of an item after SECONDS (reach: each threshold); the item is "
                        "stored as stopped by a limit, with the bounds proved, and solved again by a later run")
    p.add_argument("--nodes", type=int, metavar="N", help="stop each search of an item after N nodes, as --time")
    bar = p.add_mutually_exclusive_group()
    bar.add_argument("--progress", action="store_true", default=None, help="draw the progress bar even "
                     "when standard error is no terminal")
    bar.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")
    parts.add_arguments(p)
    return p


def _client(address: str, workers):
    """A dask.distributed Client: of a new LocalCluster for 'local'."""
    try:
        import distributed
    except ImportError:
        raise PositionError("--dask needs dask.distributed: pip install 'openhand[dask]'") from None
    if address == "local":
        import logging
        import signal
        from .runner import local_cores
        # Ctrl-C on a terminal reaches every process of its group: the
        # workers start with SIGINT ignored (this process stops them), and
        # their logs (of cancelled tasks, of a heartbeat to a scheduler
        # already closed) stay quiet: what fails reaches us as task errors.
        import threading
        main = threading.current_thread() is threading.main_thread()
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
        try:
            cluster = distributed.LocalCluster(n_workers=workers or local_cores(), threads_per_worker=1,
                                               processes=True, dashboard_address=None,
                                               silence_logs=logging.CRITICAL)
        finally:
            if main:
                signal.signal(signal.SIGINT, previous)
        return distributed.Client(cluster), cluster
    try:
        return distributed.Client(address, timeout="20s"), None
    except (OSError, TimeoutError, ValueError) as e:
        raise PositionError(f"cannot reach the Dask scheduler at {address!r}: {e}") from None


def batch_command(argv, prog: str = "openhand batch", game_id: str = None) -> int:
    from ..game import load_game
    from .inputs import count_lines, file_entries, random_entries
    from .progress import Bar
    from .question import Question
    from .runner import DaskPool, LocalPool, run
    from .store import Store
    game = load_game(game_id)
    parts = game.batch_parts
    p = _parser(game, prog)
    args = p.parse_args(argv)
    if (args.file is None) == (args.random is None):
        p.error("give either a FILE or --random N")
    if args.random is not None and args.random < 0:
        p.error("--random N needs N >= 0")
    if args.where and args.random is None:
        p.error("--where applies to --random")
    if args.workers is not None and args.workers < 1:
        p.error("--workers must be at least 1")
    if args.dask and args.dask != "local" and args.workers is not None:
        p.error("--workers applies to local threads or --dask local, not to an existing cluster")
    question = Question.make(game, args.what, args.targets, args.table_mb, args.nodes, args.time,
                             **parts.question_options(args))
    inputs = parts.input_options(args)
    if args.random is not None:
        entries, total, source = (random_entries(game, args.random, args.seed, args.what, inputs, args.where),
                                  args.random, f"random:seed={args.seed}")
    else:
        total = count_lines(args.file)
        entries, source = file_entries(game, args.file, args.what, inputs), \
            ("<stdin>" if args.file == "-" else args.file)
    counts = {"solved": 0, "stored": 0, "duplicate": 0, "error": 0, "bad": 0}

    def note(entry, record, how):
        counts[how] += 1
        if how == "bad":
            bar.write(str(entry))
        elif how == "error":
            bar.write(f"{entry.source}:{entry.line}: error: {record['message']}")
        bar.update(1)

    cluster = client = bar = None
    try:
        if args.dask:                      # reach the cluster before touching the store
            client, cluster = _client(args.dask, args.workers)
        with Store.open(args.out, question) as store:
            pool = DaskPool(client) if client is not None else LocalPool(args.workers)
            store.forget_errors(source)
            before = store.counts()
            bar = Bar(total, enabled=args.progress)
            try:
                run(question, entries, pool, store, note)
            except KeyboardInterrupt:
                bar.close()
                now = store.counts()        # what is stored, even a result stored as Ctrl-C came
                solved = sum(now[k] - before[k] for k in ("done", "limit"))
                print(f"openhand: interrupted: {solved} items solved in this run are stored in "
                      f"{args.out}; run the same command again to go on", file=sys.stderr)
                return 130
            stored = store.counts()
    finally:
        if bar is not None:
            bar.close()
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()
    bad = counts["bad"] + counts["error"]
    print(f"{sum(counts.values())} lines: {counts['solved']} solved, {counts['stored']} already stored, "
          f"{counts['duplicate']} duplicates, {bad} malformed or refused; {args.out} holds {stored['done']} "
          f"finished items" + (f" and {stored['limit']} stopped by a limit (a later run solves them again)"
                               if stored["limit"] else ""))
    return 1 if bad else 0


def batch_commands():
    """``batch`` for every registered game (game id -> command)."""
    from ..cli_common import takes
    from ..game import games
    out = {}
    for g in games():
        def command(argv, prog=f"openhand batch {g.id}", _gid=g.id):
            return batch_command(argv, prog, _gid)
        out[g.id] = takes(f"a file of state texts{' or ' + g.batch_parts.own_form if g.batch_parts.own_form else ''}, "
                          f"or --random N; --what {'|'.join(g.batch_parts.WHATS)}")(command)
    return out


# ------------------------------------------------------------------ stats and export
def _open_store(path: str):
    from .store import Store
    return Store.open(path, create=False)


def store_summary(store) -> dict:
    """The statistics of a store: ``items`` (finished), ``limit`` (stopped
    by a limit), ``errors`` (input lines), the question, and the game's
    summary (:mod:`.stats`)."""
    from ..game import load_game
    counts = store.counts()
    q = store.question
    rows = list(store.rows())
    return {"items": counts["done"], "limit": counts["limit"], "errors": counts["errors"],
            "question": q.identity(), "summary": load_game(q.game).batch_parts.summary(rows, q)}


def stats_command(argv, prog: str = "openhand stats") -> int:
    from .stats import format_summary
    p = argparse.ArgumentParser(prog=prog, description="The statistics of a batch result store: counts, "
                                "the distribution of values, each game's own (65: victory-point bands; "
                                "Sixty-Six: how often closing, exchanging and going out are best; "
                                "Eighty-Three: the highest makeable bid by seat and trump).")
    p.add_argument("store", metavar="STORE", help="the SQLite result store of openhand batch")
    p.add_argument("--json", action="store_true", help="print one JSON object (at least 'items': the "
                                                       "count of finished items)")
    p.add_argument("--plot", metavar="DIR", help="draw each histogram as a PNG in DIR (needs matplotlib: "
                                                 "pip install 'openhand[plot]')")
    args = p.parse_args(argv)
    with _open_store(args.store) as store:
        out = store_summary(store)
    if args.plot:
        from .plots import draw
        out["plots"] = draw(out["summary"], args.plot, f"game {out['question']['game']}")
    if args.json:
        print(json.dumps(out))
        return 0
    q = out["question"]
    print(f"{args.store}: game {q['game']}, {q['what']}"
          + (f" {', '.join(map(str, q['targets']))}" if q["targets"] else "")
          + "".join(f", {k}={v}" for k, v in q["options"].items()))
    print(f"items: {out['items']} finished, {out['limit']} stopped by a limit, {out['errors']} input errors")
    text = format_summary(out["summary"])
    if text:
        print(text)
    for path in out.get("plots", []):
        print(f"plot: {path}")
    return 0


def export_command(argv, prog: str = "openhand export") -> int:
    from .export import FORMATS, export
    p = argparse.ArgumentParser(prog=prog, description="Export a batch result store's finished items: CSV "
                                "(a row per item), Parquet (needs pyarrow: pip install 'openhand[parquet]') "
                                "or .npy (a numpy structured array; needs numpy).")
    p.add_argument("store", metavar="STORE")
    p.add_argument("out", metavar="OUT", help="the file to write: .csv, .parquet or .npy")
    p.add_argument("--format", choices=FORMATS, help="the format (default: from OUT's extension)")
    args = p.parse_args(argv)
    fmt = args.format or os.path.splitext(args.out)[1].lstrip(".").lower()
    if fmt not in FORMATS:
        p.error(f"cannot tell the format of {args.out!r}: name it .csv, .parquet or .npy, or give --format")
    with _open_store(args.store) as store:
        n = export(store, args.out, fmt)
    print(f"{n} items written to {args.out}")
    return 0

