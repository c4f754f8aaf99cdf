"""Analysed records as a readable table, as CSV and as JSON.

The table has a block per deal: its tags, a line per move (its number,
the player, the move, the best moves, the deal's whole value before and
after it, seen by one side, the cost and the game's note), the totals per
player and per side, and the result.  Values are seen by the side each
block names (65: N-S; Sixty-Six: player 0; Eighty-Three: N-S's score
margin in the auction, then the bidder's side's points).

>>> from openhand.analysis import analyse
>>> from openhand.records import read_record
>>> a = analyse(read_record('[Game "65"]\\n[Deal "N:A.K.. 3.A.. K.3.. Q.Q.."]\\n[Leader "N"]\\n'
...                         'AS 3S KS QS KH AH 3H QH'))
>>> print(text_table([a]))
Deal 1: 65
  values: whole-deal points of N-S
  #  player  move  best  before  after  cost  note
  1  N       AS    KH        13     12     1
  2  E       3S    3S        12     12     0
  3  S       KS    KS        12     12     0
  4  W       QS    QS        12     12     0
  5  N       KH    KH        12     12     0
  6  E       AH    AH        12     12     0
  7  S       3H    3H        12     12     0
  8  W       QH    QH        12     12     0
  costs (points): N 1, E 0, S 0, W 0; N-S 1, E-W 0
  result: N-S 12, E-W 11
>>> print(csv_text([a]).splitlines()[1])
1,1,N,N-S,AS,play,points,KH,13,12,13,12,1,
"""
from __future__ import annotations

import csv
import io
import json
from typing import List

__all__ = ["text_table", "csv_text", "json_text", "CSV_COLUMNS", "totals_line"]

CSV_COLUMNS = ("deal", "number", "player", "side", "move", "kind", "units", "best_moves", "best_value", "value",
               "deal_before", "deal_after", "cost", "note")
_NOTES_WIDTH = 60


def _short(moves, width: int = 24) -> str:
    text = ", ".join(moves)
    return text if len(text) <= width else text[:width - 3] + "..."


def totals_line(analysis, units: str) -> str:
    t = analysis.totals()[units]
    players = ", ".join(f"{p} {c}" for p, c in t["players"].items())
    sides = ", ".join(f"{s} {c}" for s, c in t["sides"].items())
    return players if players == sides else f"{players}; {sides}"


def _heading(analysis, number: int) -> str:
    tags = analysis.tags
    title = [f"Deal {number}: {analysis.game.title}"]
    title += [f"{k} {v}" for k, v in tags.items()]
    return ", ".join(title)


def text_table(analyses) -> str:
    """The readable table of analysed deals."""
    from ..records.record import format_result
    out: List[str] = []
    for d, a in enumerate(analyses, 1):
        out.append(_heading(a, d))
        units = None
        rows: List[List[str]] = []

        def flush():
            if rows:
                widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
                for r in rows:
                    cells = [c.rjust(w) if i in (0, 4, 5, 6) else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))]
                    out.append(("  " + "  ".join(cells)).rstrip())
                rows.clear()
        for s in a.steps:
            if s.units != units:
                flush()
                units = s.units
                if units:
                    out.append(f"  values: whole-deal {units} of {a.side_for(units)}"
                               + (" (minus the other side's)" if "margin" in units or "game" in units else ""))
                else:
                    out.append("  not analysed:")
                rows.append(["#", "player", "move", "best", "before", "after", "cost", "note"])
            if s.units:
                rows.append([str(s.number), s.player, s.move, _short(s.best_moves), str(a.seen(s, s.deal_before)),
                             str(a.seen(s, s.deal_after)), str(s.cost), s.note[:_NOTES_WIDTH]])
            else:
                rows.append([str(s.number), s.player, s.move, "", "", "", "", s.note])
        flush()
        for u in a.units():
            out.append(f"  costs ({u}): {totals_line(a, u)}")
        if not a.complete:
            out.append(f"  interrupted after {len(a.steps)} moves")
        elif a.result is not None:
            out.append(f"  result: {format_result(a.game, a.result)}")
        par = a.summary.get("par")
        if par:
            can = "; ".join(f"{side} {c['value']} ({c['seat']} in {c['trump']})"
                            for side, c in a.summary["can_make"].items())
            out.append(f"  bid table ({a.summary['bid_table']['mode']}): each side can make {can}")
            out.append(f"  par: margin {par['margin']} for N-S, auction {', '.join(par['auction'])}")
    return "\n".join(out)


def csv_rows(analyses):
    for d, a in enumerate(analyses, 1):
        for s in a.steps:
            yield [d, s.number, s.player, s.side, s.move, s.kind, s.units, ";".join(s.best_moves), s.best_value,
                   s.value, s.deal_before, s.deal_after, s.cost, s.note]


def csv_text(analyses) -> str:
    """One CSV row per move (:data:`CSV_COLUMNS`), values as the solver
    gives them (for ``side``); best moves joined by ``;``."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for row in csv_rows(analyses):
        w.writerow(row)
    return buf.getvalue()


def json_text(analyses) -> str:
    """``{"deals": [Analysis.to_dict(), ...]}``."""
    return json.dumps({"deals": [a.to_dict() for a in analyses]})
