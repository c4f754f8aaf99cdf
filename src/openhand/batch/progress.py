"""The progress bar of batch runs: items settled, their rate and the time
left, on standard error, by tqdm (the ``batch`` extra) when it is
installed, else a plain status line; nothing when standard error is no
terminal unless asked.  Messages (a malformed line) are written above
the bar.

>>> import io
>>> bar = Bar(total=4, stream=io.StringIO(), enabled=False)
>>> bar.update(2); bar.write("deals.txt:3: error: ..."); bar.close()
>>> bar.n
2
"""
from __future__ import annotations

import os
import sys
import time
from typing import Optional

__all__ = ["Bar"]


class Bar:
    """``total`` items (None: unknown); ``enabled``: draw the bar (default:
    when ``stream`` is a terminal)."""

    def __init__(self, total: Optional[int], stream=None, enabled: Optional[bool] = None, desc: str = "solving",
                 unit: str = "item"):
        self.stream = sys.stderr if stream is None else stream
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.n, self.total, self._tqdm, self._line, self.unit, self.note = 0, total, None, None, unit, ""
        if not self.enabled:
            return
        try:
            from tqdm import tqdm
        except ImportError:
            from ..cli_common import ProgressLine
            self._line = ProgressLine(self.stream, delay=0.0)
            self._start = time.perf_counter()
            return
        # A terminal that reports no size (0 columns) would get an empty bar.
        try:
            sized = os.get_terminal_size(self.stream.fileno()).columns > 0
        except (AttributeError, OSError, ValueError):
            sized = False
        self._tqdm = tqdm(total=total, file=self.stream, unit=unit, desc=desc, dynamic_ncols=sized,
                          ncols=None if sized else 80, smoothing=0.05)

    def update(self, k: int = 1) -> None:
        self.n += k
        if self._tqdm is not None:
            self._tqdm.update(k)
        elif self._line is not None:
            rate = self.n / max(1e-9, time.perf_counter() - self._start)
            of = f" of {self.total}" if self.total else ""
            left = f", {(self.total - self.n) / rate:.0f} s left" if self.total and rate else ""
            note = f"; {self.note}" if self.note else ""
            self._line.show(f"{self.n}{of} {self.unit}s, {rate:.1f}/s{left}{note}")

    def describe(self, text: str) -> None:
        """A note after the bar (the arena's margin so far), shown at the next update."""
        self.note = text
        if self._tqdm is not None:
            self._tqdm.set_postfix_str(text, refresh=False)

    def write(self, text: str) -> None:
        if self._tqdm is not None:
            self._tqdm.write(text, file=self.stream)
            return
        if self._line is not None:
            self._line.clear()
        print(text, file=self.stream, flush=True)

    def close(self) -> None:
        if self._tqdm is not None:
            self._tqdm.close()
        elif self._line is not None:
            self._line.clear()
