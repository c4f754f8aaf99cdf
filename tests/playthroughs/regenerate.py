"""Write the golden playthroughs: tests/playthroughs/<game id>.txt.

Each file holds whole seeded deals of one game played through the game
interface (Eighty-Three from the first bid to the score): after every
move the state's text, the player to move, the legal moves and that
player's observation.  tests/test_playthroughs.py replays each file's
moves and asserts that every line is reproduced exactly, so any change in
what the library writes, deals, allows or shows is caught.

    PYTHONPATH=src python tests/playthroughs/regenerate.py        # every game
    PYTHONPATH=src python tests/playthroughs/regenerate.py 83     # one game

The moves are chosen here once, by a seeded random policy (a kind of move
at random, then a move of that kind; a move that ends the deal only when
every move does), and stored in the file: the test replays the stored
moves, it does not re-run the policy.  A change to a golden file must be
explained in its commit message: what changed in the library's output and
why that is right.
"""
from __future__ import annotations

import os
import random
import re
import sys
from typing import List, Tuple

from openhand.game import games, load_game

HERE = os.path.dirname(os.path.abspath(__file__))

# The deals of each game's file: (seed, dealer index).  Chosen so that the
# files show the rarer moves too: Sixty-Six's seed 234 has a marriage, an
# exchange and a closing; Eighty-Three's seeds 1 and 10 a pass of trumps.
DEALS = {"65": [(1, 0)], "66": [(234, 0), (2, 1)], "83": [(1, 1), (10, 2)]}
MAX_LISTED = 60       # legal moves listed in full up to this many, else only counted

HEADER = """\
# Golden playthrough: {title} (game {id}).  Written by tests/playthroughs/regenerate.py,
# checked by tests/test_playthroughs.py, which replays the moves below and asserts that
# every line (these comments aside) is reproduced exactly.
#
# A change to this file must be explained in its commit message: what changed in the
# library's output and why that is right.  Regenerate with
#     PYTHONPATH=src python tests/playthroughs/regenerate.py {id}
#
# Format: one 'key: value' a line; '#' starts a comment line; a blank line ends a deal.
#   deal: seed=S dealer=D (name)  a new deal, game.new_state(seed=S, dealer=D)
#   state: ...                    state.to_text(): at the start and after every move
#   to_move: name                 the player to move ('-' once the deal is over)
#   legal: N: m1, m2, ...         the legal moves in the game's order (only N over {max_listed})
#   observation: {{...}}            state.observation(to_move).to_json()
#   move K: name: text            the K-th move of the deal and who made it
#   score: a b                    state.score() at the end, per side ({sides})
#   returns: a b                  state.returns(), the deal's result per side
"""


def _kind(move) -> str:
    first = str(move).split()[0]
    return first if first.isalpha() and len(first) > 2 else "card or bid"


def choose_moves(game, seed: int, dealer: int) -> List[str]:
    """The moves of one deal, chosen by the seeded policy (see the module notes)."""
    rng = random.Random(f"playthrough {game.id}/{seed}")
    state = game.new_state(seed=seed, dealer=dealer)
    while not state.is_over():
        legal = state.legal_moves
        moves = list(legal) if len(legal) <= 200 else [legal[rng.randrange(len(legal))] for _ in range(20)]
        going_on = []
        for m in moves:
            state.play(m)
            if not state.is_over():
                going_on.append(m)
            state.undo()
        moves = going_on or moves
        kind = rng.choice(sorted({_kind(m) for m in moves}))
        state.play(rng.choice([m for m in moves if _kind(m) == kind]))
    return [str(m) for _, m in state.history]


def _describe(game, state) -> List[str]:
    lines = [f"state: {state.to_text()}"]
    if state.is_over():
        lines.append("to_move: -")
        return lines
    legal = state.legal_moves
    listed = f": {', '.join(map(str, legal))}" if len(legal) <= MAX_LISTED else ""
    lines += [f"to_move: {game.player_name(state.to_move)}",
              f"legal: {len(legal)}{listed}",
              f"observation: {state.observation(state.to_move).to_json()}"]
    return lines


def playthrough_lines(game, seed: int, dealer: int, moves: List[str]) -> List[str]:
    """The lines of one deal: its start and, after every move of ``moves``,
    what the library shows (the test compares them with the file's)."""
    state = game.new_state(seed=seed, dealer=dealer)
    lines = [f"deal: seed={seed} dealer={dealer} ({game.player_name(dealer)})"] + _describe(game, state)
    for k, move in enumerate(moves, 1):
        who = game.player_name(state.to_move)
        state.play(move)
        lines.append(f"move {k}: {who}: {state.history[-1][1]}")
        lines += _describe(game, state)
    if state.is_over():
        lines.append("score: " + " ".join(map(str, state.score())))
        lines.append("returns: " + " ".join(map(str, state.returns())))
    return lines


def file_text(game) -> str:
    body = []
    for seed, dealer in DEALS.get(game.id, [(1, 0)]):
        body += playthrough_lines(game, seed, dealer, choose_moves(game, seed, dealer)) + [""]
    header = HEADER.format(title=game.title, id=game.id, max_listed=MAX_LISTED, sides=", ".join(game.side_names))
    return header + "\n" + "\n".join(body)


def path_of(game) -> str:
    return os.path.join(HERE, f"{game.id}.txt")


_DEAL = re.compile(r"deal: seed=(\d+) dealer=(\d+) \(.*\)")
_MOVE = re.compile(r"move (\d+): (.*?): (.*)")


def read(path: str) -> Tuple[str, List[Tuple[int, int, List[str], List[str]]]]:
    """A golden file's game id and its deals: (seed, dealer, moves, lines),
    ``lines`` the deal's lines as written (comments and blank lines left out)."""
    game_id = os.path.basename(path)[:-len(".txt")]
    deals = []
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            head = _DEAL.fullmatch(line)
            if head:
                deals.append((int(head.group(1)), int(head.group(2)), [], []))
            elif not deals:
                raise ValueError(f"{path}: {line!r} comes before the first 'deal:' line")
            move = _MOVE.fullmatch(line)
            if move:
                deals[-1][2].append(move.group(3))
            deals[-1][3].append(line)
    return game_id, deals


def main(argv: List[str]) -> int:
    chosen = [load_game(a) for a in argv] or list(games())
    for game in chosen:
        with open(path_of(game), "w", encoding="utf-8") as f:
            f.write(file_text(game))
        print(f"wrote {os.path.relpath(path_of(game))}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
