"""The command line (``openhand.cli.main``): help, inputs, output, errors."""
import json

import pytest

from openhand import cli


def run(capsys, *argv):
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


# ---------------------------------------------------------------- help
def test_top_level_help_lists_every_command_and_the_version(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0
    assert "--version" in out and "solve GAME" in out and "bids GAME" in out
    assert "65, 66, 83" in out
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.strip()[0].isdigit()
    code, _, err = run(capsys)                       # nothing at all: the usage, as an error
    assert code == 2 and "usage: openhand" in err


@pytest.mark.parametrize("command, games", [("solve", ["65", "66", "83"]), ("bids", ["83"])])
def test_command_help_names_the_games_and_what_each_takes(capsys, command, games):
    code, out, err = run(capsys, command, "--help")
    assert code == 0 and err == ""
    assert "unknown game" not in out
    listed = [line.split()[0] for line in out.splitlines() if line.startswith("  ")]
    assert listed == games
    code, _, err = run(capsys, command)               # no game: the same help, as a usage error
    assert code == 2 and f"openhand {command} GAME" in err


def test_unknown_command_or_game_or_pairing(capsys):
    code, _, err = run(capsys, "frob", "65")
    assert code == 2 and "unknown command 'frob'" in err and "solve" in err
    code, _, err = run(capsys, "solve", "99")
    assert code == 2 and "unknown game '99'" in err
    code, _, err = run(capsys, "bids", "65", "x")
    assert code == 2 and "65 has no command 'bids'" in err


def test_games_by_name(capsys):
    code, out, _ = run(capsys, "solve", "sixty-five", "N:A.K.. 3.A.. K.3.. Q.Q..", "--leader", "N", "--json")
    assert code == 0 and json.loads(out)["value"] == 13
