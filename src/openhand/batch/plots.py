"""Histograms of a store's statistics as PNG files (``openhand stats
--plot DIR``), drawn by matplotlib (the ``plot`` extra) without a display.
Each histogram of the summary (:mod:`.stats`) becomes ``DIR/NAME.png``."""
from __future__ import annotations

import os
import textwrap
from typing import List

__all__ = ["draw"]


def draw(summary: dict, directory: str, title: str = "") -> List[str]:
    """Draw every histogram of ``summary`` into ``directory`` (made if
    needed); returns the paths written."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ImportError("plots need matplotlib: pip install 'openhand[plot]'") from None
    os.makedirs(directory, exist_ok=True)
    paths = []
    for h in summary["histograms"]:
        labels, counts = list(h["counts"]), list(h["counts"].values())
        total = sum(counts) or 1
        fig, ax = plt.subplots(figsize=(max(5.0, 0.18 * len(labels) + 2), 3.6), dpi=100)
        ax.bar(range(len(labels)), [c / total for c in counts], color="#3b6ea5")
        step = max(1, len(labels) // 20)
        ax.set_xticks(range(0, len(labels), step))
        ax.set_xticklabels(labels[::step], rotation=0 if max(map(len, labels or [""])) < 4 else 30,
                           ha="center" if max(map(len, labels or [""])) < 4 else "right")
        ax.set_xlabel(h["xlabel"])
        ax.set_ylabel(f"share of {total} items")
        ax.set_title(textwrap.fill(f"{title}: {h['title']}" if title else h["title"], 60), fontsize=10)
        fig.tight_layout()
        path = os.path.join(directory, f"{h['name']}.png")
        fig.savefig(path)
        plt.close(fig)
        paths.append(path)
    return paths
