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


# ---------------------------------------------------------------- positions
DEAL65 = "N:A.K.. 3.A.. K.3.. Q.Q.."
TEXT65 = f"game=65; deal={DEAL65}; leader=N"
TEXT83 = "game=83; deal=N:K.A.. .2..5 9.3.. Q..4.; trump=S; bidder=N"
# a Sixty-Six state whose player to move may show a marriage ("marriage KH")
TEXT66 = ("game=66; dealer=1; hands=QJ.Q.AK.T T9.J.T.QJ; stock=9D AH KH AS 9C AC 9H KS QD JD KC TH; "
          "trump=H; leader=0; moves=QS, QC, AD, TS, close")


def solved(capsys, *argv):
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize("game, text, own", [
    ("65", TEXT65, [DEAL65, "--leader", "N"]),
    ("83", TEXT83, ["N:K.A.. .2..5 9.3.. Q..4.", "--trump", "S", "--bidder", "N"]),
    ("66", TEXT66, None),
])
def test_every_game_reads_a_state_text_inline_from_a_file_and_from_stdin(capsys, tmp_path, monkeypatch,
                                                                          game, text, own):
    import io
    from openhand.game import load_game
    expected = load_game(game).solver().solve(load_game(game).from_text(text)).to_dict()
    for key in ("nodes",):
        expected.pop(key)

    def same(got):
        got.pop("nodes")
        assert got == expected

    same(solved(capsys, "solve", game, text))
    path = tmp_path / "state.txt"
    path.write_text(text + "\n")
    same(solved(capsys, "solve", game, str(path)))
    path.write_text("\n".join(field.strip() for field in text.split(";")) + "\n")   # a field a line
    same(solved(capsys, "solve", game, str(path)))
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    same(solved(capsys, "solve", game, "-"))
    # the JSON form of the state (State.to_dict) reads too
    same(solved(capsys, "solve", game, load_game(game).from_text(text).to_json()))
    if own:                                           # the game's own form: the same position
        same(solved(capsys, "solve", game, *own))


def test_a_state_text_takes_no_options_of_the_own_form(capsys):
    code, _, err = run(capsys, "solve", "65", TEXT65, "--leader", "S")
    assert code == 2 and "--leader applies to a PBN deal, not to a state text" in err
    code, _, err = run(capsys, "solve", "83", TEXT83, "--trump", "H")
    assert code == 2 and "--trump applies to a PBN deal, not to a state text" in err
    code, _, err = run(capsys, "solve", "65", TEXT83)            # another game's state
    assert code == 2 and "not of 65" in err
    code, _, err = run(capsys, "solve", "66", TEXT65)
    assert code == 2 and "not of Sixty-Six" in err


def test_position_arguments_that_are_no_position_get_clear_errors(capsys, tmp_path):
    code, _, err = run(capsys, "solve", "66", str(tmp_path))               # a directory
    assert code == 2 and "is a directory, not a position file" in err
    binary = tmp_path / "core.bin"
    binary.write_bytes(bytes(range(256)))
    code, _, err = run(capsys, "solve", "66", str(binary))                 # not text
    assert code == 2 and "is not a text file" in err
    code, _, err = run(capsys, "solve", "66", "[1,2]")                    # JSON, but no position object
    assert code == 2 and "JSON object, not list" in err and "file" not in err
    for game in ("65", "66", "83"):
        code, _, err = run(capsys, "solve", game, "missing.json")         # a missing file
        assert code == 2 and "position file not found: 'missing.json'" in err
    code, _, err = run(capsys, "solve", "66", " ")
    assert code == 2 and "give either a position or --random" in err
    empty = tmp_path / "empty.txt"
    empty.write_text("\n")
    code, _, err = run(capsys, "solve", "65", str(empty))
    assert code == 2 and "the position is empty" in err


# ---------------------------------------------------------------- output
@pytest.mark.parametrize("argv", [
    ["65", DEAL65, "--leader", "N"], ["65", "--random", "--seed", "3", "--tricks", "2"],
    ["83", TEXT83], ["83", "--random", "--seed", "1"],
    ["66", TEXT66], ["66", "--random", "--seed", "7", "--value-only"],
])
def test_the_position_is_printed_first_as_the_hand_diagram(capsys, monkeypatch, argv):
    from openhand.game import load_game
    game = load_game(argv[0])
    seen = {}
    real = game.Solver.solve

    def solve(self, state, *a, **k):                  # the search starts: the position is out already
        seen["before"] = capsys.readouterr().out
        seen["state"] = state
        return real(self, state, *a, **k)
    monkeypatch.setattr(game.Solver, "solve", solve)
    code, out, _ = run(capsys, "solve", *argv)
    assert code == 0
    before, state = seen["before"], seen["state"]
    assert before.startswith(str(state) + "\n")
    assert f"to move: {game.player_name(state.to_move)}" in before
    assert game.from_text(before.split("state:", 1)[1].strip()) == state     # the text reads back
    assert out.startswith("value: ")                 # then the result


def test_the_printed_state_text_keeps_what_was_collected(capsys):
    # 2 tricks from a start whose points are unknown: the one played is counted in the whole deal
    text = TEXT65 + "; moves=AS, 3S, KS, QS"
    code, out, _ = run(capsys, "solve", "65", text)
    assert code == 0 and "whole deal 12 (5 so far)" in out
    printed = out.split("state:", 1)[1].splitlines()[0].strip()
    code, again, _ = run(capsys, "solve", "65", printed)
    assert code == 0 and "whole deal 12 (5 so far)" in again


def test_json_is_exactly_the_solve_result(capsys):
    from openhand.game import load_game
    for game, text in (("65", TEXT65), ("83", TEXT83), ("66", TEXT66)):
        g = load_game(game)
        # (--threads 1: the command's default is every core, whose node
        # counts differ from one thread's; the values do not)
        code, out, _ = run(capsys, "solve", game, text, "--json", "--threads", "1")
        assert code == 0 and out == g.solver().solve(g.from_text(text)).to_json() + "\n"
        code, out, _ = run(capsys, "solve", game, text, "--json", "--value-only")
        assert code == 0 and out == g.solver().solve(g.from_text(text), moves=False).to_json() + "\n"
        code, out, _ = run(capsys, "solve", game, text, "--json", "--threads", "2")
        many, one = json.loads(out), g.solver().solve(g.from_text(text)).to_dict()
        assert code == 0 and {**many, "nodes": 0} == {**one, "nodes": 0}


def test_value_only_prints_no_table_and_the_66_table_aligns(capsys):
    code, out, _ = run(capsys, "solve", "65", TEXT65, "--value-only")
    assert code == 0
    result = out[out.index("value: "):].splitlines()
    assert result[0].startswith("value: 13 (points N-S take in the remaining tricks)")
    assert [line.split(":")[0] for line in result[1:]] == ["nodes", "time"]
    code, out, _ = run(capsys, "solve", "66", TEXT66)
    table = out[out.index("value: "):].splitlines()
    assert "game points of player 0 minus the opponent's" in table[0]
    head, rows = table[1], table[2:-2]
    assert head.split() == ["move", "value", "cost"] and any(r.startswith("marriage KH ") for r in rows)
    for row in rows:                                  # the numbers stand under their headings
        assert len(row) == len(head) and row[len("marriage H out")] == " "


@pytest.mark.parametrize("game, default", [("65", "512"), ("66", "64"), ("83", "8")])
def test_each_game_states_its_own_table_default(capsys, game, default):
    code, out, _ = run(capsys, "solve", game, "--help")
    assert code == 0
    assert f"(default {default})" in " ".join(out.split())


# ---------------------------------------------------------------- thresholds
@pytest.mark.parametrize("game, argv", [
    ("65", ["--random", "--seed", "11", "--tricks", "6"]),
    ("65", [TEXT65]),
    ("83", ["--random", "--seed", "3"]),
    ("83", [TEXT83]),
])
def test_at_least_agrees_with_the_whole_deal_value(capsys, game, argv):
    total = solved(capsys, "solve", game, *argv, "--value-only")["deal_value"]
    got = solved(capsys, "solve", game, *argv, "--at-least", str(total), "--at-least", str(total + 1))
    assert got == {"game": game, "side": "N-S", "at_least": {str(total): True, str(total + 1): False}}
    code, out, _ = run(capsys, "solve", game, *argv, "--at-least", str(total))
    assert code == 0
    assert "thresholds: whole-deal points of" in out and f"N-S can reach {total}: yes" in out
    if game == "65":                                   # --reach: the same question
        assert solved(capsys, "solve", game, *argv, "--reach", str(total + 1))["at_least"] == {
            str(total + 1): False}


@pytest.mark.parametrize("game, extra, bad, lo, hi", [
    ("65", [TEXT65], ["999", "-1", "66"], 0, 65),
    ("83", [TEXT83], ["84", "-1"], 0, 83),
    ("66", [TEXT66], ["4", "-4"], -3, 3),
    ("66", [TEXT66, "--objective", "points"], ["231", "-231"], -230, 230),
])
def test_thresholds_the_game_cannot_reach_are_usage_errors(capsys, game, extra, bad, lo, hi):
    for t in bad:
        code, out, err = run(capsys, "solve", game, *extra, f"--at-least={t}")
        assert code == 2 and out == ""
        assert f"threshold {t} is out of range" in err and f"go from {lo} to {hi}" in err
    if game == "65":
        code, _, err = run(capsys, "solve", game, *extra, "--reach", "999")
        assert code == 2 and "threshold 999 is out of range" in err


def test_at_least_is_no_record_and_no_value_only(capsys):
    code, _, err = run(capsys, "solve", "65", TEXT65, "--at-least", "13", "--record", "AS")
    assert code == 2 and "--record does not apply to --at-least" in err
    code, _, err = run(capsys, "solve", "65", TEXT65, "--at-least", "13", "--value-only")
    assert code == 2 and "--value-only does not apply to --at-least" in err


# ---------------------------------------------------------------- records
def test_a_record_of_moves_with_spaces_reads_move_by_move(capsys):
    from openhand import sixtysix
    from openhand.analysis import analyse
    from openhand.game import load_game
    start = load_game("66").from_text(TEXT66)
    expected = [str(s) for s in analyse(start, ["marriage KH", "AH"], sixtysix.solve)]
    assert expected[0].startswith("player 0 marriage KH: ")
    code, out, err = run(capsys, "solve", "66", TEXT66, "--record", "marriage KH AH")
    assert code == 0, err
    assert [line for line in out.splitlines() if ": best" in line] == expected


@pytest.mark.parametrize("game", ["65", "66", "83"])
def test_record_moves_reads_back_any_line_of_play_joined_by_spaces(game):
    from openhand.cli_common import record_moves
    from openhand.game import load_game
    for seed in range(6):
        start = load_game(game).new_state(seed=seed)
        state, line = start.copy(), []
        while not state.is_over() and len(line) < 40:
            legal = list(state.legal_moves)
            move = max(legal, key=lambda m: (len(m.split()), m))       # prefer moves of several words
            line.append(str(move))
            state.play(move)
        assert record_moves(" ".join(line), start) == line
        assert record_moves(", ".join(line), start) == line
        assert record_moves("\n".join(line) + "\n", start) == line


def test_a_record_from_a_file(capsys, tmp_path):
    deal = ["solve", "65", DEAL65, "--leader", "N"]
    code, out, _ = run(capsys, *deal, "--record", "AS 3S KS QS KH AH")
    expected = [line for line in out.splitlines() if ": best" in line]
    assert code == 0 and len(expected) == 6
    for text in ("AS\n3S\nKS\nQS\nKH\nAH\n", "AS, 3S, KS,\nQS, KH, AH"):
        path = tmp_path / "moves.txt"
        path.write_text(text)
        code, out, _ = run(capsys, *deal, "--record", f"@{path}")
        assert code == 0 and [line for line in out.splitlines() if ": best" in line] == expected
    code, _, err = run(capsys, *deal, "--record", "@" + str(tmp_path / "none.txt"))
    assert code == 2 and "record file not found" in err


def test_an_empty_record_is_a_usage_error(capsys, tmp_path):
    deal = ["solve", "65", DEAL65, "--leader", "N"]
    for record in ("", "  "):
        code, out, err = run(capsys, *deal, "--record", record)
        assert code == 2 and out == "" and "--record is empty" in err
    code, out, err = run(capsys, *deal, "--record", " , ")
    assert code == 2 and out == "" and "holds no moves" in err
    empty = tmp_path / "empty.txt"
    empty.write_text("\n")
    code, out, err = run(capsys, *deal, "--record", f"@{empty}")
    assert code == 2 and out == "" and "holds no moves" in err


# ---------------------------------------------------------------- help texts
def help_of(capsys, *argv):
    code, out, err = run(capsys, *argv, "--help")
    assert code == 0 and err == ""
    return out


@pytest.mark.parametrize("argv", [["solve", "65"], ["solve", "66"], ["solve", "83"], ["bids", "83"]])
def test_help_is_plain_text(capsys, argv):
    out = help_of(capsys, *argv)
    for markup in ("``", ":mod:", ":func:", ":class:", ":meth:", ":data:"):
        assert markup not in out
    assert "examples:" in out


def test_solve_83_and_bids_83_have_their_own_descriptions(capsys):
    solve, bids = help_of(capsys, "solve", "83"), help_of(capsys, "bids", "83")

    def description(text):                     # between the usage and the arguments
        return text.split("\n\n", 1)[1].split("positional arguments:")[0]
    assert description(solve) != description(bids)
    assert description(solve).startswith("Solve an Eighty-Three play position")
    assert description(bids).startswith("The bid feasibility table") and "bid feasibility" not in description(solve)


def test_the_examples_of_every_help_run(capsys):
    import shlex
    for argv in (["solve", "65"], ["solve", "66"], ["solve", "83"], ["bids", "83"]):
        examples = help_of(capsys, *argv).split("examples:\n", 1)[1].splitlines()
        for line in examples:
            words = shlex.split(line)
            assert words[0] == "openhand"
            if "position.json" in words:           # a file of one's own
                continue
            if words[1:3] == ["bids", "83"] and "--fast" not in words:
                words.append("--fast")             # the exact table takes seconds
            code, _, err = run(capsys, *words[1:])
            assert code == 0, (line, err)


# ---------------------------------------------------------------- bids 83
def test_bids_shows_progress_on_a_terminal_only(capsys, monkeypatch):
    import io
    from openhand import cli_common
    code, out, err = run(capsys, "bids", "83", "--random", "--seed", "2", "--fast")
    assert code == 0 and err == ""                     # stderr no terminal: no progress line
    plain = out
    terminal = io.StringIO()
    monkeypatch.setattr(cli_common.ProgressLine, "for_stderr",
                        classmethod(lambda cls: cls(terminal, delay=0.0, every=0.0)))
    code, out, err = run(capsys, "bids", "83", "--random", "--seed", "2", "--fast")
    assert code == 0 and out == plain                  # the table is the same, progress went to "stderr"
    shown = terminal.getvalue()
    assert "\rbid table: 1 of 16 rows done, " in shown and "16 of 16 rows done" in shown
    assert shown.endswith("\r")                        # wiped before the table is printed


def test_bids_json_is_exactly_the_bid_table_and_reads_a_state_text(capsys):
    from openhand.eightythree.deal import Deal
    from openhand.eightythree.feasibility import bid_table
    deal = Deal.random(seed=2)
    code, out, _ = run(capsys, "bids", "83", deal.to_text(), "--fast", "--json")
    assert code == 0
    got, expected = json.loads(out), bid_table(deal, mode="fast").to_dict()
    got.pop("seconds"), expected.pop("seconds")
    assert got == expected and set(json.loads(out)) == {"game", "deal", "mode", "solver", "seconds", "rows"}


def test_bids_threads_give_the_same_table_and_a_bad_count_is_refused(capsys):
    one = run(capsys, "bids", "83", "--random", "--seed", "4", "--json", "--threads", "1")
    two = run(capsys, "bids", "83", "--random", "--seed", "4", "--json", "--threads", "2")
    assert one[0] == two[0] == 0
    assert json.loads(one[1])["rows"] == json.loads(two[1])["rows"]
    code, _, err = run(capsys, "bids", "83", "--random", "--fast", "--threads", "0")
    assert code == 2 and "--threads must be at least 1, got 0" in err


def test_the_readme_command_lines_run(capsys):
    import os
    import shlex
    readme = os.path.join(os.path.dirname(__file__), os.pardir, "README.md")
    text = open(readme, encoding="utf-8").read()
    section = text.split("## Command line\n", 1)[1].split("\n## ", 1)[0]
    lines = [line.strip() for line in section.splitlines() if line.startswith("    openhand ")]
    assert len(lines) >= 8
    for line in lines:
        code, out, err = run(capsys, *shlex.split(line)[1:])
        assert code == 0 and out, (line, err)
    code, out, _ = run(capsys, "solve", "65", "--random", "--seed", "7", "--at-least", "33", "--at-least", "41",
                       "--json")
    assert out.strip() in " ".join(section.split())
