"""Shared helpers of the benchmark scripts: timing (CPU time of the solving
thread), summaries, result files.

Results are appended to a JSON file as each item finishes, so an
interrupted run keeps what it measured.
"""
from __future__ import annotations

import json
import os
import resource
import statistics
import sys
import time
from typing import Callable, Dict, List


def timed(fn: Callable, *args, **kwargs):
    """fn's result and the CPU seconds the calling thread spent in it.  Every
    solve is single-threaded and runs in the calling thread (the C++ core
    releases the GIL but not the thread), so this is its time on an idle
    core, whatever else the machine runs meanwhile (wall time would count
    the waits for a core as the solver's)."""
    start = time.thread_time()
    out = fn(*args, **kwargs)
    return out, time.thread_time() - start


def summary(values: List[float]) -> Dict[str, float]:
    """median, 90th percentile and max of a list of numbers."""
    if not values:
        return {"median": None, "p90": None, "max": None, "n": 0}
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(round(0.9 * (len(ordered) - 1))))]
    return {"median": statistics.median(ordered), "p90": p90, "max": ordered[-1], "n": len(ordered)}


def peak_memory_mib() -> float:
    """Peak resident memory of this process so far, in MiB."""
    kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return kib / 1024 if sys.platform != "darwin" else kib / 2 ** 20


def progress(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


class ResultFile:
    """A JSON results file rewritten after every update."""

    def __init__(self, path: str, keep: bool = False):
        """``keep``: start from the file's current figures (a run that
        measures one part updates that part only)."""
        self.path = path
        os.makedirs(os.path.dirname(path), exist_ok=True)
        self.data: Dict = {}
        if keep and os.path.exists(path):
            with open(path) as f:
                self.data = json.load(f)

    def update(self, **items) -> None:
        self.data.update(items)
        tmp = self.path + ".tmp"
        with open(tmp, "w") as f:
            json.dump(self.data, f, indent=2, sort_keys=True)
        os.replace(tmp, self.path)
