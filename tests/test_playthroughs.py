"""Golden playthroughs (tests/playthroughs/<game id>.txt): whole seeded
deals of every game, replayed move by move; every line the library
writes (the state text after each move, the player to move, the legal
moves, the observation of the player to move, the result) must be
reproduced exactly.  The format and how to regenerate the files are in
each file's header and in tests/playthroughs/regenerate.py; a change to a
golden file must be explained in its commit."""
import importlib.util
import os

import pytest

from openhand.game import games, load_game

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "playthroughs")
_spec = importlib.util.spec_from_file_location("playthroughs_regenerate", os.path.join(HERE, "regenerate.py"))
regenerate = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(regenerate)

GAMES = games()


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_every_game_has_a_golden_playthrough(game):
    path = regenerate.path_of(game)
    assert os.path.exists(path), f"no golden playthrough for game {game.id}: run tests/playthroughs/regenerate.py"
    game_id, deals = regenerate.read(path)
    assert game_id == game.id and deals
    for seed, dealer, moves, lines in deals:
        assert lines[-1].startswith("returns: "), "a golden deal is played to its end"


@pytest.mark.parametrize("name", sorted(f for f in os.listdir(HERE) if f.endswith(".txt")))
def test_golden_playthrough_is_reproduced(name):
    game_id, deals = regenerate.read(os.path.join(HERE, name))
    game = load_game(game_id)
    for seed, dealer, moves, lines in deals:
        again = regenerate.playthrough_lines(game, seed, dealer, moves)
        for k, (want, got) in enumerate(zip(lines, again)):
            assert got == want, (f"{name}, deal seed={seed}: line {k + 1} of the deal differs\n"
                                 f"file:    {want}\nlibrary: {got}")
        assert len(again) == len(lines), f"{name}, deal seed={seed}: {len(lines)} lines in the file, {len(again)} now"


def test_the_header_documents_the_format():
    for game in GAMES:
        with open(regenerate.path_of(game), encoding="utf-8") as f:
            head = f.read(3000)
        assert "must be explained in its commit" in head and "regenerate.py" in head
