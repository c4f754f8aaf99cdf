"""Batch runs (openhand.batch): solve_many's answers and arrays against the
solvers and the pure-Python reference, duplicates, the fixed move
encodings, reach bounds, the store (resume, refusals), statistics and
exports.  The runs of the command line (workers, Dask, SIGKILL, Ctrl-C on
a terminal) are in test_batch_cli.py."""
import json
import math
import sqlite3

import pytest

np = pytest.importorskip("numpy", reason="numpy is the batch extra: pip install '.[batch]'")

from openhand import load_game
from openhand.batch import Question, Store, solve_many
from openhand.batch.inputs import random_entries
from openhand.batch.runner import LocalPool, run
from openhand.errors import PositionError, StoreError
from openhand.sixtyfive.rules import random_position

# Full deals by the dozen: the pure-Python reference would take hours.
pytestmark = pytest.mark.skipif(load_game("65").Solver.CORE is None or load_game("66").Solver.CORE is None,
                                reason="batch runs of full deals need the C++ core (not built, or "
                                       "OPENHAND_IMPLEMENTATION=python)")


def reference_solver(game_id):
    return load_game(game_id).solver(implementation="python")


# ---------------------------------------------------------------- solve_many
def test_values_and_move_arrays_agree_with_the_reference_solver():
    g = load_game("65")
    states = [random_position(seed=s, tricks_left=3) for s in range(8)]
    r = solve_many(g, states, what="moves", workers=2)
    ref = reference_solver("65")
    cols = r.columns
    assert cols == g.batch_parts.MOVE_COLUMNS and len(cols) == 48 and len(set(cols)) == 48
    for i, state in enumerate(states):
        want = ref.solve(state)
        assert r.results[i].value == want.value and r.results[i].moves == want.moves
        assert r.values[i] == want.value and r.deal_values[i] == want.deal_value
        legal = {cols[j]: float(v) for j, v in enumerate(r.move_values[i]) if not math.isnan(v)}
        assert legal == {m: float(v) for m, v in want.moves.items()}
        assert r.nodes[i] > 0
    assert r.solved.all() and not r.errors


def test_every_legal_move_has_its_column_in_every_game():
    for gid, make in (("66", lambda s: load_game("66").new_state(seed=s)),
                      ("83", lambda s: load_game("83").batch_parts.random_state(s, "value", {"tricks": 2}))):
        cols = set(load_game(gid).batch_parts.MOVE_COLUMNS)
        for s in range(20):
            state = make(s)
            assert {str(m) for m in state.legal_moves} <= cols, (gid, s)


def test_duplicates_are_solved_once_and_refused_states_reported():
    g = load_game("66")
    a, b = g.new_state(seed=1), g.new_state(seed=2)
    r = solve_many(g, [a, b, a.to_text(), "game=66; hands=A.A..", a], what="value", workers=2)
    assert r.unique == 2
    assert list(r.errors) == [3] and "hands must be two PBN hands" in r.errors[3]
    assert r.results[0] == r.results[2] == r.results[4] and r.results[3] is None
    assert r.solved.tolist() == [True, True, True, False, True]
    assert math.isnan(r.values[3]) and r.nodes[3] == -1
    assert r.values[1] == g.solver().solve(b, moves=False).value


def test_reach_answers_and_bounds_agree_with_the_values():
    g = load_game("65")
    states = [random_position(seed=s, tricks_left=5) for s in range(10)]
    values = solve_many(g, states, what="value", workers=2)
    reach = solve_many(g, states, what="reach", targets=[20, 33, 41], workers=2)
    for i in range(len(states)):
        v = values.deal_values[i]
        assert reach.reached[i].tolist() == [bool(v >= t) for t in (20, 33, 41)]
        assert (math.isnan(reach.lower[i]) or reach.lower[i] <= v) and \
               (math.isnan(reach.upper[i]) or v <= reach.upper[i])
        assert values.lower[i] == values.upper[i] == v


def test_sixty_six_objective_and_eighty_three_fast_bids():
    g66 = load_game("66")
    state = g66.new_state(seed=4)
    r = solve_many(g66, [state], what="value", objective="points", workers=1)
    assert r.values[0] == g66.solver().solve(state, moves=False, objective="points").value
    from openhand.eightythree.deal import Deal
    from openhand.eightythree.feasibility import bid_table
    deal = Deal.random(7, "N")
    b = solve_many("83", [deal], what="bids", mode="fast", workers=1)
    table = bid_table(deal, mode="fast")
    for row in table.rows:
        s, t = "NESW".index(row.seat), "SHDC".index(row.trump)
        assert b.bids[0, s, t] == row.value
        assert (math.isnan(b.highest_bids[0, s, t]) if row.highest_bid is None
                else b.highest_bids[0, s, t] == row.highest_bid)


def test_bad_questions_are_refused_by_name():
    with pytest.raises(PositionError, match="answer value, moves or reach, not 'bids'"):
        solve_many("66", [], what="bids")
    with pytest.raises(PositionError, match="unknown objective"):
        solve_many("66", [], objective="tricks")
    with pytest.raises(PositionError, match="mode .* applies to --what bids"):
        solve_many("83", [], mode="fast")
    assert Question.make("65", "reach", targets=(t for t in (41, 33, 33))).targets == (33, 41)
    for bad in ([], "33", [True], [33.5]):
        with pytest.raises(PositionError):
            Question.make("65", "reach", targets=bad)
    with pytest.raises(PositionError, match="workers must be"):
        solve_many("66", [load_game("66").new_state(seed=1)], workers=0)
    r = solve_many("83", [load_game("83").new_state(seed=1)])         # a deal in its auction
    assert list(r.errors) == [0] and "auction has no open-hand value" in r.errors[0]


def test_where_constraints_deal_the_random_stream():
    from openhand.dealing import InfeasibleDeal
    g = load_game("65")
    items = list(random_entries(g, 20, 4, "value", {}, where=["N: spades>=6, AS", "S|W: KH"]))
    assert [e.line for e in items] == list(range(1, 21)) and len({e.key for e in items}) == 20
    for e in items:
        hands = [set(map(str, h)) for h in g.from_text(e.key).hands]
        assert "AS" in hands[0] and sum(c.endswith("S") for c in hands[0]) >= 6
        assert "KH" in hands[2] | hands[3]
    again = list(random_entries(g, 20, 4, "value", {}, where="N: spades>=6, AS; S|W: KH"))
    assert [e.key for e in again] == [e.key for e in items]                   # seeded
    played = list(random_entries(g, 3, 4, "value", {"tricks": 5}, where="N: spades>=6, AS"))
    assert all(g.from_text(e.key).tricks_left == 5 for e in played)
    six = list(random_entries(load_game("66"), 5, 1, "value", {}, where="0: AS, TS; stock: points>=40"))
    for e in six:
        s = load_game("66").from_text(e.key)
        assert {"AS", "TS"} <= set(map(str, s.hands[0]))
    bids = list(random_entries(load_game("83"), 3, 1, "bids", {}, where="kitty: JK"))
    assert all("JK" in map(str, load_game("83").from_text(e.key).kitty) for e in bids)
    # refused at once, before any item: malformed, unmeetable, the wrong question
    for where, error, what in [("N has 4 spades", PositionError, "expected PLACES: TERMS"),
                               ("N: spades>=13; S: AS", InfeasibleDeal, "N: spades>=13")]:
        with pytest.raises(error, match=what):
            random_entries(g, 3, 1, "value", {}, where=where)
    with pytest.raises(PositionError, match="go with --what bids"):
        random_entries(load_game("83"), 3, 1, "value", {}, where="kitty: JK")


def test_random_streams_extend_their_prefix():
    g = load_game("66")
    short = [e.key for e in random_entries(g, 5, 9, "value", {})]
    long = [e.key for e in random_entries(g, 8, 9, "value", {})]
    assert long[:5] == short and len(set(long)) == 8


# ---------------------------------------------------------------- the store
def store_path(tmp_path, name="r.sqlite"):
    return str(tmp_path / name)


def test_the_store_resumes_and_never_solves_a_stored_item_again(tmp_path):
    g = load_game("66")
    q = Question.make(g, "moves")
    hows = []
    with Store.open(store_path(tmp_path), q) as st:
        run(q, list(random_entries(g, 6, 1, "moves", {})), LocalPool(2), st,
            lambda e, rec, how: hows.append(how))
    assert hows.count("solved") == 6
    hows.clear()
    with Store.open(store_path(tmp_path), q) as st:
        run(q, list(random_entries(g, 9, 1, "moves", {})), LocalPool(2), st,
            lambda e, rec, how: hows.append(how))
        assert sorted(hows) == ["solved"] * 3 + ["stored"] * 6
        rows = list(st.rows())
    assert len(rows) == 9 and len({r["key"] for r in rows}) == 9
    solver = g.solver()
    for r in rows:
        want = solver.solve(g.from_text(r["key"]))
        assert r["value"] == want.value and r["result"]["moves"] == want.moves


def test_the_store_refuses_another_question_a_foreign_file_and_another_schema(tmp_path):
    path = store_path(tmp_path)
    Store.open(path, Question.make("65", "reach")).close()
    with pytest.raises(StoreError, match="holds the answers to game 65, reach 33, 41"):
        Store.open(path, Question.make("65", "reach", targets=[33]))
    Store.open(path, Question.make("65", "reach"), ).close()        # the same question: fine
    text = tmp_path / "notes.txt"
    text.write_text("not a database at all, but long enough to look like a file header" * 20)
    with pytest.raises(StoreError, match="not a result store"):
        Store.open(str(text), Question.make("65"))
    other = store_path(tmp_path, "other.sqlite")
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.commit()
    with pytest.raises(StoreError, match="SQLite file but not an openhand result store"):
        Store.open(other, Question.make("65"))
    conn = sqlite3.connect(path)
    conn.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="schema version '99'"):
        Store.open(path)
    with pytest.raises(StoreError, match="no result store"):
        Store.open(store_path(tmp_path, "missing.sqlite"))


def test_a_limit_row_is_replaced_a_finished_one_never(tmp_path):
    q = Question.make("65")
    rec = {"key": "k", "status": "limit", "value": None, "deal_value": None, "lower": 20, "upper": 40,
           "nodes": 10, "seconds": 1.0, "result": {}}
    with Store.open(store_path(tmp_path), q) as st:
        st.put(rec)
        assert st.get("k") is None and st.counts()["limit"] == 1
        st.put({**rec, "status": "done", "value": 30, "deal_value": 30, "lower": 30, "upper": 30})
        st.put({**rec, "status": "done", "value": 31, "deal_value": 31, "lower": 31, "upper": 31})
        assert st.get("k")["value"] == 30 and st.counts() == {"done": 1, "limit": 0, "errors": 0}


# ---------------------------------------------------------------- statistics and export
def filled_store(tmp_path, game_id, what, n, **options):
    g = load_game(game_id)
    q = Question.make(g, what, **options)
    path = store_path(tmp_path, f"{game_id}-{what}.sqlite")
    inputs = {"tricks": 6} if game_id == "65" else {}
    with Store.open(path, q) as st:
        run(q, random_entries(g, n, 3, what, inputs), LocalPool(2), st)
    return path


def test_sixty_five_statistics_count_the_victory_point_bands(tmp_path):
    from openhand.batch.cli import store_summary
    from openhand.sixtyfive.batch import vp_band
    path = filled_store(tmp_path, "65", "value", 12)
    with Store.open(path) as st:
        out = store_summary(st)
        values = [r["deal_value"] for r in st.rows()]
    assert out["items"] == 12
    hists = {h["name"]: h["counts"] for h in out["summary"]["histograms"]}
    assert sum(hists["deal_value"].values()) == 12
    assert hists["vp_bands"] == {b: sum(vp_band(v) == b for v in values) for b in hists["vp_bands"]}
    mean = out["summary"]["means"][0]
    assert mean["low"] <= sum(values) / 12 <= mean["high"]


def test_sixty_six_statistics_count_closing_where_it_is_legal(tmp_path):
    from openhand.batch.cli import store_summary
    path = filled_store(tmp_path, "66", "moves", 10)
    with Store.open(path) as st:
        out = store_summary(st)
        rows = list(st.rows())
    shares = {s["name"]: s for s in out["summary"]["shares"]}
    close = shares["close best, where legal"]
    assert close["of"] == sum("close" in r["result"]["moves"] for r in rows)
    assert close["count"] == sum("close" in r["result"]["best_moves"] for r in rows)


def test_exports_hold_every_finished_row(tmp_path):
    pytest.importorskip("pyarrow", reason="Parquet export needs pyarrow (the parquet extra)")
    import csv
    import pyarrow.parquet as pq
    from openhand.batch.export import export
    path = filled_store(tmp_path, "66", "moves", 5)
    with Store.open(path) as st:
        rows = list(st.rows())
        for fmt in ("csv", "parquet", "npy"):
            assert export(st, str(tmp_path / f"out.{fmt}"), fmt) == 5
    with open(tmp_path / "out.csv", newline="") as f:
        table = list(csv.DictReader(f))
    assert [t["key"] for t in table] == [r["key"] for r in rows]
    assert [int(t["value"]) for t in table] == [r["value"] for r in rows]
    assert table[0]["move:close"] == str(rows[0]["result"]["moves"].get("close", ""))
    arr = np.load(tmp_path / "out.npy", allow_pickle=False)
    assert arr["key"].tolist() == [r["key"] for r in rows]
    cols = load_game("66").batch_parts.MOVE_COLUMNS
    for i, r in enumerate(rows):
        for m, v in r["result"]["moves"].items():
            assert arr["move_values"][i, cols.index(m)] == v
    t = pq.read_table(tmp_path / "out.parquet").to_pydict()
    assert t["value"] == [r["value"] for r in rows] and json.loads(t["result"][0]) == rows[0]["result"]


def test_two_threads_search_at_the_same_time():
    # The premise of local workers: a search releases the GIL, so another
    # thread's search runs meanwhile (on one core, time-sliced; on two, in
    # parallel).  Were the GIL held, the second search could only start
    # once the first had ended, and their progress polls (every 2^16 nodes)
    # could not interleave.
    import threading
    import time
    g = load_game("65")
    polls = []
    state = random_position(seed=1, tricks_left=9)         # some 10^6 nodes

    def work(name):
        solver = g.solver(progress=lambda nodes: polls.append((name, time.perf_counter())))
        solver.solve(state, moves=True)
    threads = [threading.Thread(target=work, args=(n,)) for n in "AB"]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    names = [n for n, _ in polls]
    assert names.count("A") >= 3 and names.count("B") >= 3
    first_a, last_a = names.index("A"), len(names) - 1 - names[::-1].index("A")
    assert "B" in names[first_a:last_a], "B's search made no progress while A's ran"


def test_solve_many_with_a_store_goes_on_where_it_stopped(tmp_path):
    g = load_game("66")
    states = [g.new_state(seed=s) for s in range(6)]
    path = store_path(tmp_path)
    first = solve_many(g, states[:4], what="moves", workers=2, store=path)
    with Store.open(path) as st:
        assert st.counts()["done"] == 4
    solved = []
    again = solve_many(g, states, what="moves", workers=2, store=path,
                       progress=lambda done, total: solved.append(done))
    assert solved[-1] == 6 and again.unique == 6
    assert [r.moves for r in again.results[:4]] == [r.moves for r in first.results]
    assert again.values.tolist() == [g.solver().solve(s, moves=False).value for s in states]
    with pytest.raises(StoreError, match="holds the answers to game 66, moves"):
        solve_many(g, states, what="value", store=path)
