"""``openhand analyse FILE``: analyse every deal of a record file (text or
JSON, :mod:`openhand.records`; ``-`` reads standard input) and print a
readable table (:mod:`.table`), or ``--json`` / ``--csv``; ``--plot
out.png`` draws each deal's value after every move (:mod:`.plot`) and
``--html report.html`` writes one self-contained page (:mod:`.html`).

On a terminal a status line on stderr shows the progress (deal, move,
the solver's nodes); Ctrl-C stops the analysis, and what is done is
printed and written (the exit status is then 130).
"""
from __future__ import annotations

import argparse
import sys
from typing import List

from ..cli_common import ProgressLine, add_table_mb, read_stdin

__all__ = ["main", "DESCRIPTION"]

DESCRIPTION = """\
Analyse a played game: every decision of every deal in a record file, its
open-hand value before it, the best moves and what the move made cost, in
whole-deal terms and in the game's units (65: points, with the victory-point
lines 25/33/41; Sixty-Six: game points and card points; Eighty-Three: the
auction against the deal's bid feasibility, then points in play).  The file
is a record in the library's text or JSON form (see the README's "Game
records"); a file of several deals (a match) is analysed deal by deal."""

EPILOG = """\
examples:
  openhand analyse examples/66.txt
  openhand analyse examples/65-ending.txt --csv
  openhand analyse examples/83.txt --bids fast --html report.html --plot values.png
  openhand analyse examples/66-match.txt --json"""


def make_parser(prog: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=prog, description=DESCRIPTION, epilog=EPILOG,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", metavar="FILE", help="a record file (text or JSON), or '-' for standard input")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help='print {"deals": [analysis, ...]} as JSON')
    out.add_argument("--csv", action="store_true", help="print one CSV row per move")
    p.add_argument("--plot", metavar="PNG", help="draw each deal's value after every move, mistakes marked "
                                                 "(needs matplotlib: pip install 'openhand[plot]')")
    p.add_argument("--html", metavar="HTML", help="write one self-contained report page (no network needed)")
    p.add_argument("--bids", choices=("exact", "fast", "none"), default="exact",
                   help="Eighty-Three: judge the auction on the exact bid table (default), the fast "
                        "heuristic one, or not at all")
    p.add_argument("--deal", type=int, metavar="N", help="analyse only deal N of the file (1 = the first)")
    add_table_mb(p, 64)
    return p


def main(argv: List[str] = None, prog: str = "openhand analyse") -> int:
    from ..analysis import analyse_records
    from ..records import read_records
    from ..records import _read_file
    from .table import csv_text, json_text, text_table
    p = make_parser(prog)
    args = p.parse_args(argv)
    text = read_stdin("record") if args.file == "-" else _read_file(args.file)
    records = read_records(text)
    if args.deal is not None:
        if not 1 <= args.deal <= len(records):
            p.error(f"--deal {args.deal}: the file holds {len(records)} deal(s)")
        records = [records[args.deal - 1]]
    if args.plot:
        from .plot import require_matplotlib
        require_matplotlib()
    line = ProgressLine.for_stderr()
    total = len(records)
    state = {"deal": 0, "move": 0}

    def on_nodes(nodes):
        if line is not None:
            line.show(f"deal {state['deal'] + 1} of {total}, move {state['move'] + 1}: {nodes / 1e6:.1f}M nodes")

    def on_step(d, i, step):
        state["deal"], state["move"] = d, i + 1
        if line is not None:
            line.show(f"deal {d + 1} of {total}: {i + 1} of {len(records[d].moves)} moves")

    def on_rows(done, rows):
        if line is not None:
            line.show(f"deal {state['deal'] + 1} of {total}: bid table, {done} of {rows} rows")

    options = {"bids": args.bids, "table_progress": on_rows} if any(r.game.id == "83" for r in records) else {}
    solvers = {}
    for r in records:
        if r.game.id not in solvers:
            solvers[r.game.id] = r.game.solver(table_mb=args.table_mb, progress=on_nodes)
    analyses = analyse_records(records, progress=on_step, keep_partial=True, solvers=solvers, **options)
    if line is not None:
        line.clear()
    interrupted = not analyses[-1].complete
    if args.json:
        print(json_text(analyses))
    elif args.csv:
        sys.stdout.write(csv_text(analyses))
    else:
        print(text_table(analyses))
    if args.plot:
        from .plot import save_plot
        save_plot(analyses, args.plot)
        print(f"plot written to {args.plot}", file=sys.stderr)
    if args.html:
        from .html import write_html
        write_html(analyses, records[:len(analyses)], args.html)
        print(f"report written to {args.html}", file=sys.stderr)
    if interrupted:
        print("openhand: interrupted: the moves analysed so far are shown", file=sys.stderr)
        return 130
    return 0


main.takes = "a record file (text or JSON) of any game"
