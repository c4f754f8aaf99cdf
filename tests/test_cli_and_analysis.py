"""The command line of every game, and card-by-card analysis."""
import json

import pytest

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
    assert json.loads(out) == {"value": expected.value, "moves": expected.moves}
    code, out, _ = run(capsys, "solve", "66", text, "--objective", "points")
    assert code == 0 and "70" in out


def test_solve_66_errors(capsys):
    code, _, err = run(capsys, "solve", "66", "missing.json")
    assert code == 2 and "no such position file" in err
    code, _, err = run(capsys, "solve", "66", '{"hands": ["A.A..", "T.T.."], "stock": ["AS"], "leader": 0}')
    assert code == 2 and "error" in err


def test_solve_83_json_matches_the_api(capsys):
    deal = "N:K.A.. .2..5 9.3.. Q..4."
    code, out, _ = run(capsys, "solve", "83", deal, "--trump", "S", "--bidder", "N", "--json")
    assert code == 0
    assert json.loads(out) == {"value": 59, "moves": {"KS": 59, "AH": 34}}
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
    final = pos.deal_score()[0] - start.deal_score()[0]
    assert steps[0].best_value - final == ns_costs
    with pytest.raises(IllegalMoveError, match="not legal"):
        analyse(start, ["ZZ"], sixtyfive.solve)
