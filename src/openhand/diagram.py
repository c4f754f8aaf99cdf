"""Hand diagrams: the readable picture of a four-player deal (65 and
Eighty-Three) that ``str(state)`` prints, North at the top.

>>> from openhand.sixtyfive import Position
>>> print(Position.from_deal("N:A.Q.. 3.A.T. K.3..J Q..4.5", leader="N", trick="4S"))
65: N led, E to play
              N
              S A
              H Q
              D -
              C -
W                           E
S Q                         S 3
H -                         H A
D 4                         D T
C 5                         C -
              S
              S K
              H 3
              D -
              C J
trick: N 4S
score: N-S 0, E-W 0
"""
from __future__ import annotations

from typing import List

from .cards import RANK_CHARS, SUIT_CHARS
from .seats import SEATS, SIDES

__all__ = ["hand_lines", "compass", "trick_diagram"]


def hand_lines(cards, rank_order: str = RANK_CHARS[::-1]) -> List[str]:
    """One line a suit (``S AKQ``, ``H -``), ranks high to low in
    ``rank_order``; the joker, if held, ends the last line (``+JK``)."""
    lines = []
    for s, letter in enumerate(SUIT_CHARS):
        ranks = sorted((c.rank for c in cards if not c.is_joker and c.suit == s),
                       key=lambda r: rank_order.index(RANK_CHARS[r - 2]))
        lines.append(f"{letter} {''.join(RANK_CHARS[r - 2] for r in ranks) or '-'}")
    if any(c.is_joker for c in cards):
        lines[-1] += " +JK"
    return lines


def compass(hands) -> List[str]:
    """Four hands (N, E, S, W) laid out North at the top, West left."""
    lines = [hand_lines(h) for h in hands]
    pad, width = " " * 14, 28
    out = [pad + "N"] + [pad + line for line in lines[0]]
    out.append(f"{'W':<{width}}E")
    out += [f"{w:<{width}}{e}" for w, e in zip(lines[3], lines[1])]
    return out + [pad + "S"] + [pad + line for line in lines[2]]


def trick_diagram(pos, title: str, extra: List[str] = ()) -> str:
    """The diagram of a partnership position ``pos`` (a TrickPosition):
    a header (who led, who is to play), the four hands, the trick, the
    score, then ``extra`` lines."""
    if pos.is_over():
        head = f"{title}: the deal is over"
    elif pos.trick:
        head = f"{title}: {SEATS[pos.leader]} led, {SEATS[pos.to_move]} to play"
    else:
        head = f"{title}: {SEATS[pos.leader]} to lead"
    out = [head] + compass(pos.hands)
    if pos.trick:
        out.append("trick: " + ", ".join(f"{SEATS[(pos.leader + i) % 4]} {c}" for i, c in enumerate(pos.trick)))
    score = pos.score()
    out.append(f"score: {SIDES[0]} {score[0]}, {SIDES[1]} {score[1]}")
    out += list(extra)
    return "\n".join(out)
