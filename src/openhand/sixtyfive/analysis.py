"""65: what the analysis of a record adds (:mod:`openhand.analysis`): the
victory-point consequence of each move.

A deal's 65 points split between the sides, so exactly one side scores:
N-S with 41 or more take 2 victory points, with 33..40 one; with 25..32
E-W (33..40) take one, with 24 or fewer E-W take 2.  A move that moves the
deal's whole value across 25, 33 or 41 changes who scores what; the step
says so (``note``) and gives the victory points before and after, signed
for N-S (``facts['vp_before']``, ``facts['vp_after']``: +2, +1, -1, -2).
Only positions that know the points collected before them have whole-deal
values (a deal from its start always does).

>>> vp_line(41), vp_line(40), vp_line(32), vp_line(24)
(2, 1, -1, -2)
>>> vp_text(-1)
'E-W 1 VP'
"""
from __future__ import annotations

from ..analysis import Analyst as BaseAnalyst
from .rules import TOTAL_POINTS

__all__ = ["Analyst", "vp_line", "vp_text", "VP_LINES"]

VP_LINES = (25, 33, 41)


def vp_line(ns_points: int) -> int:
    """The victory points of a deal worth ``ns_points`` to N-S, signed for
    N-S (E-W's are negative)."""
    return 2 if ns_points >= 41 else 1 if ns_points >= 33 else -1 if ns_points >= 25 else -2


def vp_text(vp: int) -> str:
    return f"{'N-S' if vp > 0 else 'E-W'} {abs(vp)} VP"


class Analyst(BaseAnalyst):
    """65's analyst: the default judgement plus the victory points."""

    def annotate(self, step, state) -> None:
        if state.points is None:
            return
        before, after = vp_line(step.deal_before), vp_line(step.deal_after)
        step.facts.update(vp_before=before, vp_after=after)
        if before != after:
            step.note = f"{vp_text(before)} -> {vp_text(after)}"

    def lines(self, analysis):
        if any("vp_before" in s.facts for s in analysis):
            return {"points": [(25, "E-W 1 VP"), (33, "N-S 1 VP"), (41, "N-S 2 VP")]}
        return {}

    def other_side(self, units: str, value: int) -> int:
        return TOTAL_POINTS - value

    def perspective(self, start):
        return {"points": 0}
