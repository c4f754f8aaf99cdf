"""The value of a deal after every move, mistakes marked: a PNG drawn with
matplotlib (the ``plot`` extra: ``pip install 'openhand[plot]'``).

One panel per deal and per unit (Eighty-Three: the auction's score margin,
then the play's points): the whole-deal value seen by the side the
analysis names (:meth:`openhand.analysis.Analysis.timeline`) before the
first move and after each one, as a step line; each mistake is a red dot
at the move that made it, labelled with its cost.  The page of
:mod:`.html` draws the same picture as inline SVG and needs no
matplotlib.
"""
from __future__ import annotations

from ..errors import ConfigurationError

__all__ = ["save_plot", "require_matplotlib", "panels"]


def require_matplotlib():
    """matplotlib's pyplot on the Agg backend, or a clear error saying how
    to install it."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ConfigurationError("--plot needs matplotlib: pip install 'openhand[plot]' "
                                 "(or pip install matplotlib)") from None
    return plt


def panels(analyses):
    """(title, side, units, timeline, mistakes as (number, value, cost),
    lines as (value, label)) of each panel to draw."""
    out = []
    for d, a in enumerate(analyses, 1):
        for units in a.units():
            line = a.timeline(units)
            mistakes = [(s.number, a.seen(s, s.deal_after), s.cost) for s in a.steps
                        if s.units == units and s.cost > 0]
            title = f"deal {d}: {a.game.title}" + (f", {a.tags['Event']}" if "Event" in a.tags else "")
            marks = [tuple(m) for m in a.summary.get("lines", {}).get(units, [])]
            out.append((title, a.side_for(units), units, line, mistakes, marks))
    return out


def save_plot(analyses, path: str) -> None:
    """Draw every panel of ``analyses`` into the PNG file ``path``."""
    plt = require_matplotlib()
    todo = panels(analyses)
    if not todo:
        raise ConfigurationError("nothing to plot: no move was analysed")
    fig, axes = plt.subplots(len(todo), 1, figsize=(9, 2.8 * len(todo)), squeeze=False)
    from matplotlib.ticker import MaxNLocator
    for ax, (title, side, units, line, mistakes, marks) in zip(axes[:, 0], todo):
        xs, ys = [x for x, _ in line], [y for _, y in line]
        for value, label in marks:
            ax.axhline(value, color="#888", linestyle="--", linewidth=0.8)
            ax.annotate(label, (xs[0], value), textcoords="offset points", xytext=(2, 2), color="#666", fontsize=7)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.step(xs, ys, where="post", color="#1f5fa8", linewidth=1.6)
        ax.plot(xs, ys, "o", color="#1f5fa8", markersize=2.5)
        for n, v, cost in mistakes:
            ax.plot([n], [v], "o", color="#c0392b", markersize=7, zorder=3)
            ax.annotate(f"-{cost}", (n, v), textcoords="offset points", xytext=(4, 6), color="#c0392b",
                        fontsize=8)
        ax.set_title(title, fontsize=10, loc="left")
        ax.set_xlabel("move")
        ax.set_ylabel(f"{units}\n({side})", fontsize=8)
        ax.grid(True, alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
