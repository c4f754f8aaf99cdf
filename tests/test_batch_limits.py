"""Batch runs under a node or time limit (``openhand batch --nodes/--time``,
``solve_many(limit=...)``): the items a limit stops are stored as 'limit'
rows whose bounds hold the exact value, the others as finished rows with
the exact answer, and a later run without the limit finishes the stopped
ones and leaves the finished ones as they were."""
import json

import pytest

pytest.importorskip("numpy", reason="numpy is the batch extra: pip install '.[batch]'")

from openhand import cli, load_game
from openhand.batch import Store, solve_many
from openhand.limits import Limit

pytestmark = pytest.mark.skipif(any(load_game(g).Solver.CORE is None for g in ("65", "66", "83")),
                                reason="batch runs of 7-trick positions and full deals need the C++ core "
                                       "(not built, or OPENHAND_IMPLEMENTATION=python)")

# Seeded items (exact searches of 27 to 2.9M nodes): a 2,000-node limit
# stops every 65 and 83 value, five of Sixty-Six's six, and some of every
# game's threshold questions.
ITEMS = {"65": {"tricks": 7}, "66": {"dealer": 0}, "83": {"tricks": 6}}
LIMIT = Limit(nodes=2000)


def states_of(gid, what):
    parts = load_game(gid).batch_parts
    return [parts.random_state(seed, what, ITEMS[gid]) for seed in range(6)]


def exact(gid, states):
    g = load_game(gid)
    return {s.to_text(): g.solver(table_mb=16).solve(s, moves=False).deal_value for s in states}


def rows(path, status):
    with Store.open(path) as st:
        return {r["key"]: r for r in st.rows(status)}


@pytest.mark.parametrize("gid", sorted(ITEMS))
@pytest.mark.parametrize("what", ["value", "reach"])
def test_limit_rows_carry_true_bounds_and_a_later_run_finishes_them(tmp_path, gid, what):
    g = load_game(gid)
    states = states_of(gid, what)
    want = exact(gid, states)
    targets = g.batch_parts.reach_targets(g.batch_parts.check_options(what, {})) if what == "reach" else ()
    path = str(tmp_path / "r.sqlite")
    first = solve_many(g, states, what=what, workers=2, store=path, limit=LIMIT)
    stopped, done = rows(path, "limit"), rows(path, "done")
    assert stopped and len(stopped) + len(done) == len(states)       # the limit stopped some, not all
    for key, r in stopped.items():
        assert r["value"] is None and r["deal_value"] is None
        assert r["lower"] <= want[key] <= r["upper"], (key, r["lower"], r["upper"], want[key])
        if what == "value":
            assert r["result"]["cut"] is True and r["nodes"] >= LIMIT.nodes
        else:                                 # what was settled is right, the rest is open
            settled = r["result"]["at_least"]
            assert all(ok == (want[key] >= int(t)) for t, ok in settled.items())
            assert r["result"]["unsettled"] and set(r["result"]["unsettled"]) | set(map(int, settled)) \
                == set(targets)
    for key, r in done.items():
        if what == "value":
            assert r["value"] is not None and r["deal_value"] == r["lower"] == r["upper"] == want[key]
        else:
            assert r["result"]["at_least"] == {str(t): want[key] >= t for t in targets}
    cut = [res for res, st in zip(first.results, states) if st.to_text() in stopped]
    if what == "value":                       # solve_many hands back the cut answers, not in the arrays
        assert all(res.cut and res.value is None for res in cut)
        assert not first.solved[[i for i, st in enumerate(states) if st.to_text() in stopped]].any()

    again = solve_many(g, states, what=what, workers=2, store=path)
    assert rows(path, "limit") == {}
    finished = rows(path, "done")
    assert {k: r for k, r in finished.items() if k in done} == done     # finished rows were kept as they were
    for key, r in finished.items():
        if what == "value":
            assert r["deal_value"] == want[key]
        else:
            assert r["result"]["at_least"] == {str(t): want[key] >= t for t in targets}
    assert all(res is not None and not getattr(res, "cut", False) for res in again.results)


def run(capsys, *argv):
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_command_stores_limit_rows_and_solves_them_again(tmp_path, capsys):
    path = str(tmp_path / "ends.sqlite")
    code, out, _ = run(capsys, "batch", "65", "--random", "6", "--tricks", "7", "--nodes", "2000",
                       "--workers", "1", "--out", path, "--no-progress")
    stopped = len(rows(path, "limit"))
    assert code == 0 and stopped and f"and {stopped} stopped by a limit" in out
    code, out, _ = run(capsys, "stats", path, "--json")
    assert code == 0 and json.loads(out)["limit"] == stopped
    code, out, _ = run(capsys, "batch", "65", "--random", "6", "--tricks", "7", "--workers", "1",
                       "--out", path, "--no-progress")
    assert code == 0 and f"{stopped} solved" in out and "holds 6 finished items" in out
    assert "stopped by a limit" not in out and rows(path, "limit") == {}


def test_a_limit_never_reached_changes_nothing(tmp_path):
    g = load_game("66")
    states = states_of("66", "value")
    a = solve_many(g, states, what="moves", workers=1, store=str(tmp_path / "a.sqlite"),
                   limit=Limit(seconds=600))
    b = solve_many(g, states, what="moves", workers=1, store=str(tmp_path / "b.sqlite"))
    assert [r.to_dict() for r in a.results] == [r.to_dict() for r in b.results]
    assert rows(str(tmp_path / "a.sqlite"), "limit") == {}


@pytest.mark.parametrize("argv, message", [
    (["65", "--random", "1", "--nodes", "0"], "a node limit must be a positive integer, got 0"),
    (["65", "--random", "1", "--time", "-1"], "a time limit must be a positive number of seconds, got -1.0"),
    (["83", "--random", "1", "--what", "bids", "--time", "5"], "bid tables take no node or time limit yet"),
])
def test_bad_limits_are_refused_before_anything_is_solved(tmp_path, capsys, argv, message):
    path = tmp_path / "r.sqlite"
    code, out, err = run(capsys, "batch", *argv, "--out", str(path), "--no-progress")
    assert code == 2 and message in err and "Traceback" not in err
    assert not path.exists()
