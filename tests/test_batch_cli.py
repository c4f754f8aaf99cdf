"""``openhand batch``, ``stats`` and ``export`` as a user runs them:
identical stores with 1 and 2 workers and a Dask LocalCluster, a run
killed with SIGKILL and resumed, malformed lines reported by number, and
the progress bar and Ctrl-C on a pseudo-terminal."""
import json
import os
import re
import select
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

import openhand
from openhand import cli, load_game
from openhand.batch.inputs import random_entries

# Full deals by the dozen: the pure-Python reference would take hours.
pytestmark = pytest.mark.skipif(load_game("65").Solver.CORE is None or load_game("66").Solver.CORE is None,
                                reason="batch runs of full deals need the C++ core (not built, or "
                                       "OPENHAND_IMPLEMENTATION=python)")

SRC = os.path.dirname(os.path.dirname(openhand.__file__))
COMPARED = "key, status, value, deal_value, lower, upper, nodes, result"


def env():
    e = dict(os.environ)
    e["PYTHONPATH"] = SRC + os.pathsep + e.get("PYTHONPATH", "")
    return e


def command(*argv):
    return [sys.executable, "-m", "openhand", *argv]


def rows(path):
    conn = sqlite3.connect(path)
    try:
        return conn.execute(f"SELECT {COMPARED} FROM items ORDER BY key").fetchall()
    finally:
        conn.close()


def batch(capsys, *argv):
    code = cli.main(["batch", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


# ---------------------------------------------------------------- workers and Dask
@pytest.mark.parametrize("game, extra", [("65", ["--tricks", "6"]), ("66", [])])
def test_workers_1_2_and_a_dask_local_cluster_store_identical_rows(tmp_path, capsys, game, extra):
    pytest.importorskip("distributed", reason="the Dask path needs dask.distributed (the dask extra)")
    stores = []
    for how in (["--workers", "1"], ["--workers", "2"], ["--dask", "local", "--workers", "2"]):
        path = str(tmp_path / f"{game}-{len(stores)}.sqlite")
        code, out, err = batch(capsys, game, "--random", "12", "--seed", "4", "--what", "moves", "--out", path,
                               *extra, *how)
        assert code == 0, err
        assert "12 solved" in out
        stores.append(rows(path))
    assert len(stores[0]) == 12
    assert stores[0] == stores[1] == stores[2]
    solver = load_game(game).solver()
    for key, _, value, *_ in stores[0][:4]:
        assert value == solver.solve(load_game(game).from_text(key), moves=False).value


# ---------------------------------------------------------------- a killed run
def test_a_run_killed_midway_and_resumed_has_one_correct_row_per_item(tmp_path):
    path = str(tmp_path / "killed.sqlite")
    argv = command("batch", "66", "--random", "80", "--seed", "11", "--out", path, "--workers", "2",
                   "--no-progress")
    proc = subprocess.Popen(argv, env=env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.time() + 120
    before = []
    try:
        while time.time() < deadline:
            time.sleep(0.05)
            if os.path.exists(path):
                try:
                    before = rows(path)
                except sqlite3.OperationalError:      # not made yet
                    continue
                if len(before) >= 8:
                    break
        assert proc.poll() is None, "the run ended before it could be killed"
        proc.kill()                                   # SIGKILL
    finally:
        proc.wait()
    assert proc.returncode == -signal.SIGKILL
    assert len(before) >= 8
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    killed = rows(path)
    assert set(before) <= set(killed) and len(killed) < 80
    done = subprocess.run(argv, env=env(), capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert f"{80 - len(killed)} solved, {len(killed)} already stored" in done.stdout
    after = rows(path)
    g = load_game("66")
    keys = {e.key for e in random_entries(g, 80, 11, "value", {})}
    assert len(after) == 80 and {r[0] for r in after} == keys
    assert set(killed) <= set(after)
    solver = g.solver()
    for key, status, value, *_ in after:
        assert status == "done" and value == solver.solve(g.from_text(key), moves=False).value


# ---------------------------------------------------------------- malformed lines
def test_a_malformed_line_is_reported_with_its_number_and_the_rest_solved(tmp_path, capsys):
    g = load_game("65")
    good = [e.key for e in random_entries(g, 3, 2, "value", {"tricks": 4})]
    lines = [good[0], "# a comment", "game=65; deal=N:2S.K.. 3.A.. K.3.. Q.Q..; leader=N", good[1],
             "game=83; deal=N:K.A.. .2..5 9.3.. Q..4.; trump=S; bidder=N", "", good[0],
             "N:A.K.. 3.A.. K.3.. Q.Q..", good[2]]
    src = tmp_path / "items.txt"
    src.write_text("\n".join(lines) + "\n")
    path = str(tmp_path / "r.sqlite")
    code, out, err = batch(capsys, "65", str(src), "--out", path, "--workers", "2")
    assert code == 1
    reported = sorted(int(n) for n in re.findall(re.escape(str(src)) + r":(\d+): error", err))
    assert reported == [3, 5, 8]
    assert "2S" in err and "game '83'" in err and "--leader" in err
    assert "4 solved" not in out and "3 solved" in out and "1 duplicates" in out and "3 malformed" in out
    assert sorted(r[0] for r in rows(path)) == sorted(good)
    conn = sqlite3.connect(path)
    assert [r[0] for r in conn.execute("SELECT line FROM errors ORDER BY line")] == [3, 5, 8]
    conn.close()
    # The file fixed (the PBN line given its leader): the errors go, nothing is solved twice.
    code, out, err = batch(capsys, "65", str(src), "--out", path, "--leader", "N")
    assert code == 1 and "1 solved, 4 already stored" in out     # line 7 (line 1 again) too
    assert sorted(int(n) for n in re.findall(r":(\d+): error", err)) == [3, 5]


def test_usage_errors_name_the_problem(tmp_path, capsys):
    out = str(tmp_path / "r.sqlite")
    for argv, message in [(["65", "--out", out], "either a FILE or --random"),
                          (["65", "--random", "3", "--out", out, "--what", "bids"], "invalid choice"),
                          (["65", "--random", "3", "--out", out, "--targets", "33"], "apply to --what reach"),
                          (["65", "--random", "3", "--out", out, "--what", "reach", "--targets", "x"],
                           "whole numbers"),
                          (["65", str(tmp_path / "none.txt"), "--out", out], "not found"),
                          (["65", "--random", "3", "--out", out, "--where", "S:5+"], "unknown constraint"),
                          (["65", "--random", "3", "--out", out, "--tricks", "13"], "1 to 12 tricks")]:
        code, _, err = batch(capsys, *argv)
        assert code == 2 and message in err, (argv, err)
        assert "Traceback" not in err


# ---------------------------------------------------------------- stats and export
def test_stats_json_and_plots(tmp_path, capsys):
    pytest.importorskip("matplotlib", reason="--plot needs matplotlib (the plot extra)")
    path = str(tmp_path / "r.sqlite")
    code, _, _ = batch(capsys, "65", "--random", "6", "--seed", "1", "--tricks", "5", "--what", "reach",
                       "--out", path)
    assert code == 0
    assert cli.main(["stats", path, "--json", "--plot", str(tmp_path / "plots")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["items"] == 6 and out["question"]["targets"] == [33, 41]
    shares = {s["name"]: s for s in out["summary"]["shares"]}
    assert shares["reaches 33"]["of"] == 6
    assert cli.main(["stats", path]) == 0
    text = capsys.readouterr().out
    assert "items: 6 finished" in text and "reaches 41" in text
    path2 = str(tmp_path / "v.sqlite")
    batch(capsys, "66", "--random", "5", "--seed", "1", "--out", path2)
    assert cli.main(["stats", path2, "--plot", str(tmp_path / "plots")]) == 0
    pngs = sorted(os.listdir(tmp_path / "plots"))
    assert pngs == ["deal_value.png"]
    with open(tmp_path / "plots" / "deal_value.png", "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"
    assert cli.main(["export", path2, str(tmp_path / "o.csv")]) == 0
    assert "5 items written" in capsys.readouterr().out
    assert cli.main(["stats", str(tmp_path / "missing.sqlite")]) == 2
    assert "no result store" in capsys.readouterr().err
    assert cli.main(["export", path2, str(tmp_path / "o.xlsx")]) == 2


# ---------------------------------------------------------------- a terminal
def run_on_a_terminal(argv, until, timeout=120):
    """Start ``argv`` on a new pseudo-terminal; read its screen until
    ``until(text)`` holds; return (pid, master fd, text so far)."""
    import pty
    pid, fd = pty.fork()
    if pid == 0:                                  # the child: the terminal's program
        os.environ.update(env())
        # Ctrl-C as on a user's terminal, even when these tests were started
        # with SIGINT ignored (nohup, a background job): that would be inherited
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.execv(sys.executable, argv)
    import fcntl
    import struct
    import termios
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))    # a 100-column screen
    text = read_screen(fd, lambda t: until(t), timeout)
    return pid, fd, text


def read_screen(fd, until, timeout):
    text, deadline = "", time.time() + timeout
    while time.time() < deadline and not until(text):
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:                       # the program has ended
                break
            if not chunk:
                break
            text += chunk.decode("utf-8", "replace")
    return text


def finish(pid, fd, timeout):
    text = read_screen(fd, lambda t: False, timeout)
    deadline = time.time() + timeout
    while time.time() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            os.close(fd)
            return os.waitstatus_to_exitcode(status), text
        time.sleep(0.05)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    os.close(fd)
    raise AssertionError(f"the run did not end within {timeout} s after Ctrl-C:\n{text}")


@pytest.mark.parametrize("pool", [["--workers", "2"], ["--dask", "local", "--workers", "2"]], ids=["threads", "dask"])
def test_the_progress_bar_and_ctrl_c_on_a_terminal(tmp_path, pool):
    pytest.importorskip("tqdm", reason="the progress bar is tqdm's (the batch extra)")
    if "--dask" in pool:
        pytest.importorskip("distributed", reason="the Dask path needs dask.distributed (the dask extra)")
    path = str(tmp_path / "r.sqlite")
    argv = command("batch", "66", "--random", "3000", "--seed", "5", "--out", path, *pool)
    shown = re.compile(r"(\d+)/3000 \[[0-9:]+<[0-9:?]+, +[0-9.]+item/s\]")  # done/total [elapsed<left, rate]
    pid, fd, text = run_on_a_terminal(argv, lambda t: any(int(n) >= 5 for n in shown.findall(t)))
    assert any(int(n) >= 5 for n in shown.findall(text)), text
    os.write(fd, b"\x03")                         # Ctrl-C, as typed
    start = time.time()
    code, rest = finish(pid, fd, 30)
    assert code == 130 and time.time() - start < 10
    assert "Traceback" not in rest and "WARNING" not in rest, rest      # the workers too stop quietly
    saved = int(re.search(r"interrupted: (\d+) items solved in this run are stored", rest).group(1))
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert conn.execute("SELECT COUNT(*) FROM items").fetchone()[0] == saved >= 5
    conn.close()


def test_ctrl_c_stops_a_long_search_at_once(tmp_path):
    from openhand.sixtyfive.rules import random_position
    src = tmp_path / "hard.txt"
    src.write_text(random_position(seed=3).to_text() + "\n")   # a full deal of some 20 s
    path = str(tmp_path / "r.sqlite")
    pid, fd, text = run_on_a_terminal(command("batch", "65", str(src), "--out", path, "--workers", "1"),
                                      lambda t: "0/1" in t)
    time.sleep(1.0)
    os.write(fd, b"\x03")
    start = time.time()
    code, rest = finish(pid, fd, 30)
    assert code == 130 and time.time() - start < 5, rest
    assert "interrupted: 0 items solved" in rest


def test_the_readme_command_lines_of_solving_at_scale_run(tmp_path, monkeypatch, capsys):
    pytest.importorskip("matplotlib", reason="the section draws plots (the plot extra)")
    import shlex
    readme = os.path.join(os.path.dirname(__file__), os.pardir, "README.md")
    text = open(readme, encoding="utf-8").read()
    section = text.split("## Solving at scale\n", 1)[1].split("\n## ", 1)[0]
    lines = [line.strip() for line in section.splitlines() if line.startswith("    openhand ")]
    assert len(lines) >= 6
    monkeypatch.chdir(tmp_path)
    printed = {}
    for line in lines:
        code = cli.main(shlex.split(line)[1:])
        out = capsys.readouterr()
        assert code == 0 and out.out, (line, out.err)
        printed[line] = out.out
    answers = [json.loads(out) for line, out in printed.items() if "--json" in line]
    assert answers and all(a["items"] > 0 for a in answers)
    assert os.path.exists("plots/deal_value.png") and os.path.exists("deals66.csv")
