"""Eighty-Three's exact bid table with its pairs searched on several
threads sharing the play solver's table (csrc/eightythree/choice_tree.hpp:
choice_values, csrc/solver.hpp: parallel_items): the rows of one thread,
and every way out (Ctrl-C, the play solver's progress callback) stops
every thread and leaves the solver usable.
"""
import _thread
import threading
import time

import pytest

from openhand.eightythree import choice_core
from openhand.eightythree import solver as solver_module
from openhand.eightythree.deal import Deal
from openhand.eightythree.feasibility import _read_deal, _start_state, bid_table
from openhand.eightythree.solver import Solver
from openhand.errors import PositionError

from test_interrupt import python_handles_ctrl_c

needs_core = pytest.mark.skipif(solver_module._core is None,
                                reason="the C++ core is switched off or not built: threads need the C++ tree")


def rows(table):
    return [(r.seat, r.trump, r.value, r.highest_bid, r.doubled_ok) for r in table.rows]


class Enough(Exception):
    pass


@needs_core
@pytest.mark.parametrize("seed", [0, 4, 7])
def test_two_threads_give_the_rows_of_one(seed):
    text = Deal.random(seed).pbn()
    one = bid_table(text)
    two = bid_table(text, threads=2)
    assert rows(two) == rows(one) and len(two.rows) == 16


@needs_core
def test_a_solver_with_threads_spreads_its_table_and_keeps_its_setting():
    text = Deal.random(2).pbn()
    solver = Solver(threads=3)
    assert rows(bid_table(text, solver=solver, seats="EW")) == rows(bid_table(text, seats="EW"))
    assert solver._core.threads == 3
    # more threads than pairs, and one pair: the same rows
    assert rows(bid_table(text, seats="E", trumps="HS", threads=8)) == rows(bid_table(text, seats="E", trumps="HS"))
    assert rows(bid_table(text, seats="S", trumps="C", threads=2)) == rows(bid_table(text, seats="S", trumps="C"))


@needs_core
def test_the_values_follow_each_state_and_guess():
    hands, kitty = _read_deal(Deal.random(6).pbn())
    items = [(_start_state(hands, kitty, b), t, b, g) for b, t, g in [(0, 1, 40), (1, 0, None), (2, 3, 0)]]
    solver = Solver()
    alone = [choice_core.exact_value(Solver(), *item) for item in items]
    assert choice_core.exact_values(solver, items, threads=2) == alone
    bad = (items[0][0], 4, 0, None)                      # no such trump suit: checked before the core
    with pytest.raises(PositionError):
        choice_core.exact_values(solver, [items[0], bad], threads=2)


@needs_core
def test_progress_counts_every_row():
    seen = []
    bid_table(Deal.random(5).pbn(), threads=2, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(k, 16) for k in range(1, 17)]


@needs_core
@pytest.mark.parametrize("threads, seed, seats, stop_at", [(1, 1, "N", 3), (2, 3, "NESW", 2)])
def test_the_solvers_progress_stops_a_table_and_the_solver_answers_the_same_after(threads, seed, seats, stop_at):
    text = Deal.random(seed).pbn()
    calls = []

    def progress(nodes):
        calls.append(nodes)
        if len(calls) == stop_at:
            raise Enough

    solver = Solver(progress=progress)
    with pytest.raises(Enough):
        bid_table(text, solver=solver, seats=seats, threads=threads)
    # stopped at once (every thread), each report a real count, the solver's setting put back
    assert len(calls) == stop_at and all(n > 0 for n in calls) and solver._core.threads == 1
    solver.progress = None
    assert rows(bid_table(text, solver=solver, seats=seats[-1], threads=threads)) == rows(bid_table(text, seats=seats[-1]))


def _pairs_of(*seeds):
    """Every pair's start state of these deals' bid tables, as items."""
    items = []
    for seed in seeds:
        hands, kitty = _read_deal(Deal.random(seed).pbn())
        items += [(_start_state(hands, kitty, b), t, b, None) for b in range(4) for t in range(4)]
    return items


@needs_core
def test_ctrl_c_stops_threaded_pairs_at_once():
    items = _pairs_of(3, 6, 8, 10, 11)   # some 4 s of search on two threads
    solver = Solver()
    timer = threading.Timer(0.2, _thread.interrupt_main)
    start = time.perf_counter()
    with python_handles_ctrl_c(), pytest.raises(KeyboardInterrupt):
        timer.start()
        choice_core.exact_values(solver, items, threads=2)
    assert time.perf_counter() - start < 1
    assert solver._core.threads == 1                    # put back on the way out
    assert choice_core.exact_values(solver, items[:2], threads=2) == \
        [choice_core.exact_value(Solver(), *item) for item in items[:2]]


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "2"])
def test_bad_thread_counts_are_refused(bad):
    with pytest.raises(PositionError, match="threads must be a positive integer"):
        bid_table(Deal.random(0).pbn(), mode="fast", threads=bad)
