"""Reading the moves of a record against the game: words grouped into
moves, the longest run of words that is a legal move first.

Shared by the record files (:mod:`openhand.records.text`) and the command
line's ``--record MOVES`` (:func:`openhand.cli_common.record_moves`): a
move may be several words (``marriage KH``, ``pass 5H 6H``, ``83
doubled``), so a record written with spaces only is read move by move
from the state it starts at.

>>> from openhand.game import load_game
>>> s = load_game("83").new_state(seed=7, dealer="N")
>>> next_move(["83", "doubled", "pass"], s)
('83 doubled', 2)
>>> next_move(["pass", "30"], s)
('pass', 1)
"""
from __future__ import annotations

from typing import Optional, Sequence, Tuple

from ..errors import OpenhandError

__all__ = ["next_move", "reads_as_move"]


def next_move(words: Sequence[str], state) -> Tuple[Optional[str], int]:
    """The first move of ``words`` at ``state``: the longest run of words
    that is a legal move there, and how many words it took; ``(None, 0)``
    when no run is legal (or the deal is over)."""
    if state is None or state.is_over():
        return None, 0
    legal = state.legal_moves
    for j in range(len(words), 0, -1):
        run = " ".join(words[:j])
        if run in legal:
            return run, j
    return None, 0


def reads_as_move(game, text: str) -> bool:
    """Does the game read ``text`` as a move (legal or not)?"""
    try:
        game.parse_move(text)
        return True
    except OpenhandError:
        return False


def longest_move_text(game, words: Sequence[str]) -> Tuple[str, int]:
    """The longest run of ``words`` the game reads as a move (else the
    first word), and its length: what an illegal move is reported as."""
    for j in range(len(words), 0, -1):
        run = " ".join(words[:j])
        if reads_as_move(game, run):
            return run, j
    return words[0], 1
