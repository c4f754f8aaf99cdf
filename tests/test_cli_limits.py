"""The command line's --time / --nodes (answers within a limit), --threads
and 65's --objective tricks."""
import json

import pytest

from openhand import cli, sixtyfive

needs_core = pytest.mark.skipif(sixtyfive.solver._core is None, reason="C++ core not built")


def run(capsys, *argv):
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@needs_core
def test_a_solve_cut_by_its_limit_says_so(capsys):
    code, out, _ = run(capsys, "solve", "65", "--random", "--seed", "3", "--nodes", "50000", "--json",
                       "--threads", "1")
    r = json.loads(out)
    assert code == 0 and r["cut"] is True and r["value"] is None and r["nodes"] == 50000
    legal = [str(m) for m in sixtyfive.random_position(seed=3).legal_moves]
    assert 0 <= r["lower"] <= r["upper"] <= 65 and r["best_move"] in legal
    assert set(r["move_bounds"]) <= set(legal)
    code, out, _ = run(capsys, "solve", "65", "--random", "--seed", "3", "--time", "0.1", "--value-only")
    assert code == 0 and "not finished (limit reached): value " in out and "best move found: " in out


@needs_core
def test_an_open_threshold_is_unknown(capsys):
    code, out, _ = run(capsys, "solve", "65", "--random", "--seed", "3", "--nodes", "1000", "--at-least", "33",
                       "--json")
    assert code == 0 and json.loads(out)["at_least"] == {"33": None}
    code, out, _ = run(capsys, "solve", "65", "--random", "--seed", "3", "--nodes", "1000", "--at-least", "33")
    assert "N-S can reach 33: unknown (limit reached; the rest is worth " in out


def test_a_limit_never_reached_changes_nothing(capsys):
    text = "game=65; deal=N:A.K.. 3.A.. K.3.. Q.Q..; leader=N"
    _, plain, _ = run(capsys, "solve", "65", text, "--json")
    _, limited, _ = run(capsys, "solve", "65", text, "--json", "--time", "60", "--nodes", "1000000", "--threads", "2")
    assert json.loads(plain) == json.loads(limited) and json.loads(plain)["cut"] is False


def test_tricks_objective(capsys):
    text = "game=65; deal=N:A.K.. 3.A.. K.3.. Q.Q..; leader=N"
    code, out, _ = run(capsys, "solve", "65", text, "--objective", "tricks", "--json")
    r = json.loads(out)
    assert code == 0 and (r["units"], r["value"], r["moves"]) == ("tricks", 1, {"AS": 1, "KH": 1})
    code, out, _ = run(capsys, "solve", "65", text, "--objective", "tricks", "--at-least", "2", "--json")
    assert json.loads(out)["at_least"] == {"2": False}
    code, _, err = run(capsys, "solve", "65", text, "--objective", "tricks", "--at-least", "13")
    assert code == 2 and "go from 0 to 12" in err


@pytest.mark.parametrize("argv, message", [
    (["--time", "0"], "a time limit must be a positive number of seconds"),
    (["--time", "-1"], "a time limit must be a positive number of seconds"),
    (["--nodes", "0"], "a node limit must be a positive integer"),
    (["--threads", "0"], "--threads must be at least 1"),
    (["--time", "1", "--record", "AS"], "--time and --nodes do not apply to --record"),
])
def test_bad_limits_and_threads_are_usage_errors(capsys, argv, message):
    code, out, err = run(capsys, "solve", "65", "game=65; deal=N:A.K.. 3.A.. K.3.. Q.Q..; leader=N", *argv)
    assert code == 2 and out == "" and message in err
