"""The command line of every game, and card-by-card analysis."""
import json

import pytest

from openhand.result import SolveResult

from openhand import cli
from openhand.analysis import analyse
from openhand.errors import IllegalMoveError
from openhand import sixtysix, sixtyfive


def run(capsys, *argv):
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_solve_66_json_matches_the_api(capsys, tmp_path):
    text = ('{"hands": ["A.A..", "T.T.."], "stock": [], "trump": "S", "leader": 0, '
            '"points": [48, 30], "tricks": [5, 5]}')
    path = tmp_path / "p.json"
    path.write_text(text)
    code, out, _ = run(capsys, "solve", "66", str(path), "--json")
    assert code == 0
    expected = sixtysix.solve(sixtysix.Position.from_json(text))
    got = SolveResult.from_json(out)
    assert (got.game, got.side, got.value, got.moves) == ("66", expected.side, expected.value, expected.moves)
    code, out, _ = run(capsys, "solve", "66", text, "--objective", "points")
    assert code == 0 and "70" in out


def test_solve_66_errors(capsys):
    code, _, err = run(capsys, "solve", "66", "missing.json")
    assert code == 2 and "position file not found: 'missing.json'" in err
    code, _, err = run(capsys, "solve", "66", '{"hands": ["A.A..", "T.T.."], "stock": ["AS"], "leader": 0}')
    assert code == 2 and "error" in err


def test_solve_83_json_matches_the_api(capsys):
    deal = "N:K.A.. .2..5 9.3.. Q..4."
    code, out, _ = run(capsys, "solve", "83", deal, "--trump", "S", "--bidder", "N", "--json")
    assert code == 0
    got = json.loads(out)
    assert (got["game"], got["side"], got["value"], got["moves"]) == ("83", "N-S", 59, {"KS": 59, "AH": 34})
    code, _, err = run(capsys, "solve", "83", deal, "--trump", "X", "--bidder", "N")
    assert code == 2 and "error" in err


def test_bids_83_fast_json(capsys):
    code, out, _ = run(capsys, "bids", "83", "--random", "--seed", "2", "--fast", "--json")
    assert code == 0
    table = json.loads(out)
    assert table["mode"] == "fast" and len(table["rows"]) == 16
    assert {(r["seat"], r["trump"]) for r in table["rows"]} == {(s, t) for s in "NESW" for t in "SHDC"}
    for r in table["rows"]:
        assert r["highest_bid"] == (r["value"] if r["value"] >= 30 else None)
        assert r["doubled_ok"] == (r["value"] == 83)
    code, _, err = run(capsys, "bids", "83", "N:AK... ... ... ... ...")
    assert code == 2 and "error" in err


def test_unknown_game_and_command(capsys):
    assert run(capsys, "solve", "99")[0] == 2
    assert run(capsys, "bids", "65", "x")[0] == 2
    assert run(capsys, "--help")[0] == 0


def test_analysis_costs_are_solver_differences():
    start = sixtyfive.random_position(seed=4, tricks_left=3)
    pos = start.copy()
    record = []
    while not pos.is_over():      # a deliberately poor line: always the first card
        move = pos.legal_moves[0]
        record.append(str(move))
        pos.play(move)
    steps = analyse(start, record, sixtyfive.solve)
    assert len(steps) == len(record)
    for step in steps:
        assert step.cost >= 0 and (step.cost == 0) == (step.move in step.best_moves)
    # the costs add up to how far the line fell short of the first value, for N-S
    ns_costs = sum(s.cost for s in steps if s.player in "NS") - sum(s.cost for s in steps if s.player in "EW")
    final = pos.points[0] - start.points[0]
    assert steps[0].best_value - final == ns_costs
    with pytest.raises(IllegalMoveError, match="not legal"):
        analyse(start, ["ZZ"], sixtyfive.solve)


@pytest.mark.parametrize("game", ["65", "83", "66"])
def test_analysis_record_past_the_end_or_not_a_list(game):
    from openhand import eightythree
    start, solve = {
        "65": (sixtyfive.random_position(seed=2, tricks_left=2, trick_cards=1), sixtyfive.solve),
        "83": (eightythree.random_play_position(seed=2, tricks_left=2, trick_cards=1), eightythree.solve),
        "66": (sixtysix.random_position(seed=2, max_stock=0), sixtysix.solve),
    }[game]
    before = repr(start)
    pos, record = start.copy(), []
    while not pos.is_over():
        record.append(str(pos.legal_moves[-1]))
        pos.play(record[-1])
    assert len(analyse(start, record, solve)) == len(record)
    # one move too many: an IllegalMoveError naming its place, in every game
    with pytest.raises(IllegalMoveError, match=f"move {len(record) + 1} of the record, .* after the end"):
        analyse(start, record + [record[0]], solve)
    # a record given as one text (or not at all) is refused, not read letter by letter
    for bad in (" ".join(record), None, 5):
        with pytest.raises(IllegalMoveError, match="list of moves"):
            analyse(start, bad, solve)
    assert repr(start) == before


def test_cli_record_analyses_a_game_as_the_api_does(capsys):
    start = sixtyfive.Position.from_deal("N:A.K.. 3.A.. K.3.. Q.Q..", leader="N")
    moves = ["AS", "3S", "KS", "QS", "KH", "AH"]
    expected = analyse(start, moves, sixtyfive.solve)
    deal = ["solve", "65", "N:A.K.. 3.A.. K.3.. Q.Q..", "--leader", "N"]
    code, out, _ = run(capsys, *deal, "--record", " ".join(moves))
    assert code == 0
    lines = out.splitlines()
    first = lines.index(str(expected[0]))                 # after the position
    assert lines[first:first + 6] == [str(s) for s in expected]       # one line per move
    assert lines[first + 6] == "total cost: N 1, E 0, S 0, W 0"   # N's AS cost 1 point
    code, out, _ = run(capsys, *deal, "--record", "AS, 3S", "--json")
    assert code == 0
    assert json.loads(out) == {"steps": [vars(s) for s in expected[:2]]}
    # An illegal move: the moves before it are printed, then the error.
    code, out, err = run(capsys, *deal, "--record", "AS 3S QS")
    assert code == 2 and str(expected[1]) in out and "move 3 of the record, 'QS'" in err
    code, _, err = run(capsys, *deal, "--record", "AS", "--value-only")
    assert code == 2 and "--value-only does not apply to --record" in err


def test_cli_record_of_sixty_six_actions(capsys):
    # Sixty-Six actions may hold spaces ("marriage KH"): the record is comma-separated.
    pos = sixtysix.Position.deal(seed=5)
    moves = ["JC", "QS", "close", "out"]
    expected = analyse(pos, moves, sixtysix.solve)
    code, out, _ = run(capsys, "solve", "66", pos.to_json(), "--record", ", ".join(moves))
    assert code == 0
    assert [line for line in out.splitlines() if ": best" in line] == [str(s) for s in expected]
    total = {"player 0": 0, "player 1": 0}
    for s in expected:
        total[s.player] += s.cost
    assert f"player 1 {total['player 1']}" in out and f"player 0 {total['player 0']}" in out
