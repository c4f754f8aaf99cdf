"""Statistics of a result store (``openhand stats``): what every game
shares (counts, the distribution of values, threshold shares with their
95% intervals, nodes and time) and the pieces the games' own summaries
are built from (:func:`histogram`, :func:`share`, :func:`mean`); each
game adds its own (``BatchParts.summary``: 65's victory-point bands,
Sixty-Six's closing and going out, Eighty-Three's bids by seat and trump).

A summary is plain JSON: ``{"histograms": [{"name", "title", "xlabel",
"counts": {x: n}}], "shares": [{"name", "count", "of", "share", "low",
"high"}], "means": [{"name", "mean", "low", "high", "n"}], "tables":
[{"name", "title", "rows": [{...}]}]}``; intervals are 95% (Wilson's for
shares, the normal approximation for means).

>>> share("reaches 33", 40, 100)
{'name': 'reaches 33', 'count': 40, 'of': 100, 'share': 0.4, 'low': 0.3094, 'high': 0.498}
>>> histogram("v", "values", "value", [1, 3, 1])["counts"]
{'1': 2, '2': 0, '3': 1}
>>> print(format_summary({"histograms": [], "shares": [share("wins", 3, 4)], "means": [], "tables": []}))
wins: 3 of 4 = 75.0% (95% interval 30.1% .. 95.4%)
"""
from __future__ import annotations

import math
from collections import Counter
from typing import Dict, List, Optional, Sequence

__all__ = ["generic_summary", "histogram", "share", "mean", "mean_interval", "format_summary", "Z95"]

Z95 = 1.959964


def mean(values: Sequence[float]) -> float:
    values = list(values)
    return sum(values) / len(values) if values else float("nan")


def mean_interval(name: str, values: Sequence[float]) -> dict:
    """The mean of ``values`` with its 95% interval (normal approximation)."""
    values = list(values)
    n = len(values)
    m = mean(values)
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n) if n else 0.0
    return {"name": name, "mean": round(m, 4), "low": round(m - half, 4), "high": round(m + half, 4), "n": n}


def share(name: str, count: int, of: int) -> dict:
    """``count`` of ``of`` as a share with its 95% Wilson interval."""
    if of == 0:
        return {"name": name, "count": 0, "of": 0, "share": None, "low": None, "high": None}
    p = count / of
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * of)) / (1 + z2 / of)
    half = Z95 * math.sqrt(p * (1 - p) / of + z2 / (4 * of * of)) / (1 + z2 / of)
    return {"name": name, "count": count, "of": of, "share": round(p, 4),
            "low": float(f"{max(0.0, centre - half):.4f}"), "high": float(f"{min(1.0, centre + half):.4f}")}


def histogram(name: str, title: str, xlabel: str, values, order: Optional[Sequence] = None) -> dict:
    """Counts of ``values``: in ``order`` if given, else every whole number
    from the least to the greatest (empty bins included)."""
    counts = Counter(values)
    if order is None:
        keys = list(range(min(counts), max(counts) + 1)) if counts else []
    else:
        keys = list(order)
    return {"name": name, "title": title, "xlabel": xlabel, "counts": {str(k): counts.get(k, 0) for k in keys}}


def _value_label(rows, game) -> str:
    res = rows[0]["result"]
    if res.get("basis", "rest") == "rest":
        return f"whole-deal {res.get('units', 'points')} of {res.get('side', '')}"
    return f"{res.get('units', 'points')} of the player to move minus the opponent's"


def generic_summary(rows: List[dict], question, game) -> dict:
    """What every game's summary holds: the distribution of deal values
    (value, moves), the share reaching each threshold (reach), mean nodes
    and CPU seconds."""
    out: Dict[str, list] = {"histograms": [], "shares": [], "means": [], "tables": []}
    if not rows:
        return out
    if question.what in ("value", "moves"):
        label = _value_label(rows, game)
        values = [r["deal_value"] for r in rows]
        out["histograms"].append(histogram("deal_value", label, label, values))
        out["means"].append(mean_interval(label, values))
    if question.what == "reach":
        for t in question.targets:
            hits = sum(1 for r in rows if r["result"]["at_least"][str(t)])
            out["shares"].append(share(f"reaches {t}", hits, len(rows)))
    nodes = [r["nodes"] for r in rows if r["nodes"] is not None]
    if nodes:
        out["means"].append(mean_interval("nodes per item", nodes))
    seconds = [r["seconds"] for r in rows if r["seconds"] is not None]
    if seconds:
        out["means"].append(mean_interval("CPU seconds per item", seconds))
    return out


def format_summary(summary: dict) -> str:
    """A summary as text: means, shares, tables, then histograms."""
    lines = []
    for m in summary["means"]:
        lines.append(f"{m['name']}: mean {m['mean']:g} (95% interval {m['low']:g} .. {m['high']:g}, "
                     f"n={m['n']})")
    for s in summary["shares"]:
        if s["of"]:
            lines.append(f"{s['name']}: {s['count']} of {s['of']} = {100 * s['share']:.1f}% "
                         f"(95% interval {100 * s['low']:.1f}% .. {100 * s['high']:.1f}%)")
        else:
            lines.append(f"{s['name']}: none")
    for t in summary["tables"]:
        lines.append(f"{t['title']}:")
        if t["rows"]:
            keys = list(t["rows"][0])
            cells = [[("-" if r[k] is None else str(r[k])) for k in keys] for r in t["rows"]]
            widths = [max(len(k), *(len(c[i]) for c in cells)) for i, k in enumerate(keys)]
            lines.append("  " + "  ".join(k.rjust(w) for k, w in zip(keys, widths)))
            lines += ["  " + "  ".join(c.rjust(w) for c, w in zip(row, widths)) for row in cells]
    for h in summary["histograms"]:
        total = sum(h["counts"].values()) or 1
        lines.append(f"{h['title']}:")
        width = max(len(k) for k in h["counts"]) if h["counts"] else 1
        sparse = len(h["counts"]) > 20           # a long range: its empty bins left out of the text
        for k, n in h["counts"].items():
            if sparse and not n:
                continue
            lines.append(f"  {k:>{width}}  {n:>7}  {100 * n / total:5.1f}%  {'#' * round(40 * n / total)}")
    return "\n".join(lines)
