"""Long searches can be watched and stopped: Ctrl-C stops a C++ search
within milliseconds (csrc/search.hpp, Poll; src/openhand/_solver_owner.pxi),
and in both implementations (the Python reference: openhand/progress.py)
``progress`` is called every 2^16 nodes, an exception from it stops the
search and is raised by the call, and the solver gives the same answers
afterwards (only finished results are kept)."""
import _thread
import contextlib
import signal
import threading
import time

import pytest

from openhand import eightythree, sixtyfive, sixtysix
from openhand.cards import mask_of
from openhand.eightythree.deal import random_play_position
from openhand.errors import SolverBusyError
from openhand.progress import POLL_NODES

needs_cpp = pytest.mark.skipif(sixtyfive.solver._core is None, reason="C++ core not built")


class Enough(Exception):
    pass


def stop_at_call(k, seen):
    def progress(nodes):
        seen.append(nodes)
        if len(seen) == k:
            raise Enough(nodes)
    return progress


@contextlib.contextmanager
def python_handles_ctrl_c():
    """SIGINT handled by Python's own handler while inside.  A process
    started with SIGINT ignored (``nohup``, a background job of a shell
    without job control, some CI runners) keeps it ignored: Python then
    installs no handler, and ``_thread.interrupt_main()`` does nothing
    (its documentation says so), so a search would never be told to stop.
    That, not the sanitizer, is why the Ctrl-C test was once seen to run
    a whole deal in a sanitizer run started in the background."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@needs_cpp
def test_ctrl_c_stops_a_long_65_search_at_once():
    # Seed 3's full deal: its value alone takes some 5 s here (2026-12-05,
    # the twenty-third session's build; 12 s before it).
    solver = sixtyfive.Solver()
    timer = threading.Timer(0.5, _thread.interrupt_main)
    start = time.perf_counter()
    with python_handles_ctrl_c(), pytest.raises(KeyboardInterrupt):
        timer.start()
        solver.solve(sixtyfive.random_position(seed=3), moves=False)
    assert time.perf_counter() - start < 5
    # The interrupted solver still answers exactly.
    end = sixtyfive.random_position(seed=5, tricks_left=6)
    assert solver.solve(end).moves == sixtyfive.reference.solve(end).moves


# One position per game and implementation whose search takes over 3 * 2^16
# nodes (the Python reference's just over: some 205k, a second), solved by a
# watched solver, by one that is stopped part-way and then by the same
# solver again.
CASES = {
    ("cpp", "65"): (sixtyfive.Solver, lambda: sixtyfive.random_position(seed=1, tricks_left=9), {}),
    ("cpp", "66"): (sixtysix.Solver, lambda: sixtysix.Position.deal(seed=4), {}),
    ("cpp", "83"): (eightythree.Solver, lambda: random_play_position(seed=10), {}),
    ("python", "65"): (sixtyfive.Solver, lambda: sixtyfive.random_position(seed=4, tricks_left=6), {}),
    ("python", "66"): (sixtysix.Solver, lambda: sixtysix.random_position(6, max_stock=6, extra=0), {}),
    ("python", "83"): (eightythree.Solver, lambda: random_play_position(seed=18, tricks_left=6), {}),
}


@pytest.mark.parametrize("impl, game", [pytest.param(*k, marks=needs_cpp) if k[0] == "cpp" else k
                                        for k in sorted(CASES)])
def test_progress_reports_nodes_and_its_exception_stops_the_search(impl, game):
    make, position, kwargs = CASES[impl, game]
    # Reported, not stopped.
    reported = []
    watched = make(implementation=impl, progress=reported.append).solve(position(), **kwargs)
    assert reported[:3] == [65536, 131072, 196608]
    if impl == "python":   # exactly every multiple of 2^16 of its count
        assert reported == list(range(POLL_NODES, watched.nodes + 1, POLL_NODES))
    seen = []
    solver = make(implementation=impl, progress=stop_at_call(3, seen))
    with pytest.raises(Enough):
        solver.solve(position(), **kwargs)
    assert seen == [65536, 131072, 196608]
    # Unwatched and after the stop: the same answer as the fresh watched one.
    solver.progress = None
    again = solver.solve(position(), **kwargs)
    assert (again.value, again.moves) == (watched.value, watched.moves)
    if impl == "python":   # the reference keeps nothing between calls
        assert again.nodes == watched.nodes


def test_eightythree_mask_calls_of_the_reference_report_progress():
    # The hand-mask calls (and the bid feasibility code's play questions,
    # which use the same paths) pass the solver's progress to the reference.
    pos = random_play_position(seed=2, tricks_left=6)    # value 46
    hands, args = [mask_of(h) for h in pos.hands], (pos.trump, pos.bidder, pos.leader)
    solver = eightythree.Solver(implementation="python")
    calls = {
        "value_of": lambda: solver.value_of(hands, *args),
        "at_least_of": lambda: solver.at_least_of(hands, args[0], args[1], 46, args[2]),
        "values_of": lambda: solver.values_of([hands], *args),
        "values_of target": lambda: solver.values_of([hands], *args, target=47),
        "at_least_until": lambda: solver._at_least_until_trusted([hands], *args, 46, True),
    }
    for name, call in calls.items():
        seen = []
        solver.progress = stop_at_call(1, seen)
        with pytest.raises(Enough):
            call()
        assert seen == [65536], name


def test_progress_must_be_callable():
    with pytest.raises(TypeError, match="progress must be None or a callable"):
        sixtyfive.Solver(progress=42)


@needs_cpp
def test_a_solver_on_another_thread_answers_exactly():
    # Off the main thread no signal can reach a search, so without a
    # progress callback the binding does not poll it (it never takes the
    # GIL); the search and its Ctrl-C-free path still answer exactly.
    end = sixtyfive.random_position(seed=8, tricks_left=5)
    out = {}
    worker = threading.Thread(target=lambda: out.update(r=sixtyfive.Solver().solve(end)))
    worker.start()
    worker.join()
    assert out["r"].moves == sixtyfive.reference.solve(end).moves


# Seed 39's 8-trick 65 endgame searches some 1M nodes from a fresh
# solver: its progress is called every 65536 nodes, some 15 times.
def _holding_search():
    """A fresh C++ solver, a thread whose solve of a position is held in its
    first progress call until `release` is set, and what it found."""
    entered, release, calls, out = threading.Event(), threading.Event(), [], {}

    def hold(nodes):
        calls.append(nodes)
        if threading.current_thread() is not threading.main_thread():
            entered.set()
            release.wait(30)

    solver = sixtyfive.Solver(implementation="cpp", progress=hold)
    pos = sixtyfive.random_position(seed=39, tricks_left=8)
    worker = threading.Thread(target=lambda: out.update(r=solver.solve(pos)))
    worker.start()
    assert entered.wait(30)
    return solver, pos, worker, release, calls, out


@needs_cpp
def test_one_solver_refuses_a_second_search_while_it_searches():
    # A C++ Solver's table and poll are not synchronised: a second thread's
    # call used to search the same table at the same time (and disarm the
    # first search's poll on its way out).  Now it is refused at once.
    other = sixtyfive.random_position(seed=8, tricks_left=5)
    # a target that needs a search: the points won so far plus the value
    target = other.points[0] + sixtyfive.Solver(implementation="cpp").solve(other).value
    solver, pos, worker, release, calls, out = _holding_search()
    try:
        with pytest.raises(SolverBusyError, match="this Solver is already searching"):
            solver.solve(other)
        with pytest.raises(SolverBusyError):
            solver.at_least(other, target)
        assert calls == [65536]     # the refused calls did not search
    finally:
        release.set()
        worker.join(60)
    # The held search went on, still polled, and answered exactly; the
    # solver is free again.
    assert len(calls) >= 2 and calls == [65536 * (k + 1) for k in range(len(calls))]
    fresh = sixtyfive.Solver(implementation="cpp")
    assert (out["r"].value, out["r"].moves) == (fresh.solve(pos).value, fresh.solve(pos).moves)
    solver.progress = None
    assert solver.solve(other).moves == sixtyfive.reference.solve(other).moves
    # Its own progress callback asking the same solver is refused too: that
    # stops the search (raised by the call) and leaves the solver usable.
    solver2 = sixtyfive.Solver(implementation="cpp")
    solver2.progress = lambda nodes: solver2.solve(other)
    with pytest.raises(SolverBusyError):
        solver2.solve(pos)
    solver2.progress = None
    assert solver2.solve(pos).moves == out["r"].moves


@needs_cpp
def test_separate_solvers_search_at_once_on_two_threads():
    # While one thread's search is held part-way, another Solver on the
    # main thread searches to the end: both answer exactly.
    other = sixtyfive.random_position(seed=8, tricks_left=5)
    solver, pos, worker, release, calls, out = _holding_search()
    try:
        mine = sixtyfive.Solver(implementation="cpp").solve(other)
        assert calls == [65536]     # the other search is still held
    finally:
        release.set()
        worker.join(60)
    assert mine.moves == sixtyfive.reference.solve(other).moves
    assert out["r"].moves == sixtyfive.Solver(implementation="cpp").solve(pos).moves


def test_python_reference_solver_has_no_busy_guard():
    # The reference keeps nothing between calls: its progress callback may
    # even ask the same Solver (which a C++ Solver refuses).
    other = sixtyfive.random_position(seed=8, tricks_left=3)
    solver = sixtyfive.Solver(implementation="python")
    inner = []
    solver.progress = lambda nodes: inner.append(solver.solve(other).value) if not inner else None
    pos = sixtyfive.random_position(seed=4, tricks_left=6)
    solver.solve(pos, moves=False)
    assert inner == [sixtyfive.reference.solve(other).value]
