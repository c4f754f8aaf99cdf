"""`openhand analyse FILE`: the readable table, --json, --csv, --plot,
--html, a deal of a match, errors naming the line, and Ctrl-C keeping
what is done."""
import csv
import io
import json
import pathlib
import re

import pytest

from openhand import cli
from openhand.analysis import analyse_records
from openhand.records import load_records

EXAMPLES = pathlib.Path(__file__).resolve().parent.parent / "examples"
ENDING = str(EXAMPLES / "65-ending.txt")


def run(capsys, *argv):
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_table_shows_every_move_the_totals_and_the_result(capsys):
    code, out, err = run(capsys, "analyse", ENDING)
    assert code == 0, err
    expected = analyse_records(load_records(ENDING))[0]
    lines = out.splitlines()
    assert lines[0].startswith("Deal 1: 65") and "values: whole-deal points of N-S" in lines[1]
    rows = [line.split() for line in lines[3:3 + len(expected)]]
    assert [(int(r[0]), r[1], r[2]) for r in rows] == [(s.number, s.player, s.move) for s in expected]
    for line, s in zip(lines[3:], expected):     # before, after and cost, as the analysis says
        assert re.search(rf"\s{s.deal_before}\s+{s.deal_after}\s+{s.cost}(\s|$)", line), line
    total = sum(s.cost for s in expected)
    assert f"costs (points): N {sum(s.cost for s in expected if s.player == 'N')}" in out and total > 0
    assert "result: N-S 43, E-W 22" in out


def test_json_and_csv_are_the_analysis(capsys):
    expected = analyse_records(load_records(ENDING))[0]
    code, out, _ = run(capsys, "analyse", ENDING, "--json")
    assert code == 0
    deal = json.loads(out)["deals"][0]
    assert deal["complete"] and deal["result"] == [43, 22]
    assert [s["cost"] for s in deal["steps"]] == [s.cost for s in expected]
    assert deal["totals"]["points"]["sides"] == expected.totals()["points"]["sides"]
    assert deal["timelines"]["points"]["values"][0] == [0, expected[0].deal_before]
    code, out, _ = run(capsys, "analyse", ENDING, "--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(r["move"], int(r["cost"])) for r in rows] == [(s.move, s.cost) for s in expected]
    code, _, err = run(capsys, "analyse", ENDING, "--csv", "--json")
    assert code == 2 and "not allowed with" in err


def test_a_match_deal_by_deal_and_one_deal_of_it(capsys):
    path = str(EXAMPLES / "66-match.txt")
    n = len(load_records(path))
    code, out, _ = run(capsys, "analyse", path, "--json")
    assert code == 0 and len(json.loads(out)["deals"]) == n > 1
    code, out, _ = run(capsys, "analyse", path, "--deal", "2")
    assert code == 0 and out.count("Deal 1: Sixty-Six") == 1 and "Round 2" in out
    code, _, err = run(capsys, "analyse", path, "--deal", str(n + 1))
    assert code == 2 and f"the file holds {n} deal(s)" in err


def test_bad_files_are_named(capsys, tmp_path):
    code, _, err = run(capsys, "analyse", str(tmp_path / "none.txt"))
    assert code == 2 and "record file not found" in err
    bad = tmp_path / "bad.txt"
    bad.write_text('[Game "65"]\n[Deal "N:A.K.. 3.A.. K.3.. Q.Q.."]\n[Leader "N"]\n\nAS 3S AH\n')
    code, _, err = run(capsys, "analyse", str(bad))
    assert code == 2 and "line 5: move 3, 'AH': S may not play AH" in err
    code, out, err = run(capsys, "analyze", "--help")
    assert code == 0 and "usage: openhand analyse" in out


def test_plot_and_html_are_written(capsys, tmp_path):
    pytest.importorskip("matplotlib", reason="--plot needs matplotlib (the 'plot' extra)")
    png, page = tmp_path / "v.png", tmp_path / "r.html"
    code, _, err = run(capsys, "analyse", ENDING, "--plot", str(png), "--html", str(page))
    assert code == 0, err
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and page.read_text().startswith("<!DOCTYPE html>")


def test_ctrl_c_keeps_what_is_done(capsys, monkeypatch, tmp_path):
    from openhand import analysis
    real = analysis.Analyst.judge
    calls = []

    def judge(self, state, move, number):
        if number == 4:
            raise KeyboardInterrupt
        calls.append(number)
        return real(self, state, move, number)
    monkeypatch.setattr(analysis.Analyst, "judge", judge)
    page = tmp_path / "r.html"
    code, out, err = run(capsys, "analyse", ENDING, "--html", str(page))
    assert code == 130 and "interrupted" in err
    assert "interrupted after 3 moves" in out and calls == [1, 2, 3]
    assert page.exists() and "analysis interrupted" in page.read_text()
    code, out, _ = run(capsys, "analyse", ENDING, "--json")
    assert code == 130 and json.loads(out)["deals"][0]["complete"] is False
