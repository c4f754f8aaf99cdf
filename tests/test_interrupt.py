"""Long C++ searches can be watched and stopped (csrc/search.hpp, Poll;
src/openhand/_solver_owner.pxi): Ctrl-C stops a search within
milliseconds, an exception from the ``progress`` callback stops it and is
raised by the call, and the solver gives the same answers afterwards (its
table keeps only finished results)."""
import _thread
import threading
import time

import pytest

from openhand import eightythree, sixtyfive, sixtysix
from openhand.eightythree.game import random_play_position

pytestmark = pytest.mark.skipif(sixtyfive.solver._core is None, reason="C++ core not built")


class Enough(Exception):
    pass


def stop_at_call(k, seen):
    def progress(nodes):
        seen.append(nodes)
        if len(seen) == k:
            raise Enough(nodes)
    return progress


def test_ctrl_c_stops_a_long_65_search_at_once():
    # Seed 3's full deal takes over a minute to solve here.
    solver = sixtyfive.Solver()
    timer = threading.Timer(0.5, _thread.interrupt_main)
    start = time.perf_counter()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        solver.solve(sixtyfive.random_position(seed=3), moves=False)
    assert time.perf_counter() - start < 5
    # The interrupted solver still answers exactly.
    end = sixtyfive.random_position(seed=5, tricks_left=6)
    assert solver.solve(end).moves == sixtyfive.reference.solve(end).moves


# One position per game whose search takes well over 2^16 nodes, solved by
# a solver that is stopped part-way and then by the same solver again.
CASES = {
    "65": (sixtyfive.Solver, lambda: sixtyfive.random_position(seed=1, tricks_left=9), {}),
    "66": (sixtysix.Solver, lambda: sixtysix.Position.deal(seed=4), {}),
    "83": (eightythree.Solver, lambda: random_play_position(seed=10), {}),
}


@pytest.mark.parametrize("game", sorted(CASES))
def test_progress_reports_nodes_and_its_exception_stops_the_search(game):
    make, position, kwargs = CASES[game]
    expected = make().solve(position(), **kwargs)
    seen = []
    solver = make(progress=stop_at_call(3, seen))
    with pytest.raises(Enough):
        solver.solve(position(), **kwargs)
    assert seen == [65536, 131072, 196608]
    solver.progress = None
    again = solver.solve(position(), **kwargs)
    assert (again.value, again.moves) == (expected.value, expected.moves)
    # Reported, not stopped: the same answer as an unwatched solver.
    seen = []
    watched = make(progress=seen.append).solve(position(), **kwargs)
    assert (watched.value, watched.moves) == (expected.value, expected.moves)
    assert seen[:2] == [65536, 131072]


def test_progress_must_be_callable():
    with pytest.raises(TypeError, match="progress must be None or a callable"):
        sixtyfive.Solver(progress=42)


def test_a_solver_on_another_thread_is_not_polled_without_progress():
    # Off the main thread no signal can reach it, so the search runs unpolled
    # (and never takes the GIL); it still answers exactly.
    end = sixtyfive.random_position(seed=8, tricks_left=5)
    out = {}
    worker = threading.Thread(target=lambda: out.update(r=sixtyfive.Solver().solve(end)))
    worker.start()
    worker.join()
    assert out["r"].moves == sixtyfive.reference.solve(end).moves
