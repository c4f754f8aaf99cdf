"""Every move's value spread over threads (Solver(threads=K), C++ core):
the same values as one thread in every game, a progress callback or a
limit still stops every thread (and the solver stays exact afterwards)."""
import pytest

from openhand import eightythree, sixtyfive, sixtysix
from openhand.errors import PositionError
from openhand.limits import Limit

pytestmark = pytest.mark.skipif(sixtyfive.solver._core is None, reason="C++ core not built")


def cases():
    yield sixtyfive.Solver, [sixtyfive.random_position(seed=50_000 + i, tricks_left=8, trick_cards=i % 2)
                             for i in range(3)]
    yield sixtysix.Solver, [sixtysix.Position.deal(seed=51_000 + i, dealer=i % 2) for i in range(4)]
    yield eightythree.Solver, [eightythree.random_play_position(seed=52_000 + i, tricks_left=6) for i in range(4)]


@pytest.mark.parametrize("Solver,positions", list(cases()), ids=["65", "66", "83"])
def test_threads_give_the_values_of_one_thread(Solver, positions):
    one = Solver(table_mb=16, implementation="cpp")
    many = [Solver(table_mb=16, implementation="cpp", threads=k) for k in (2, 3)]
    for pos in positions:
        want = one.solve(pos)
        for solver in many:
            got = solver.solve(pos)
            assert (got.value, got.moves, got.cut) == (want.value, want.moves, False), pos.to_text()
        assert many[0].solve(pos, moves=False).value == want.value


def test_progress_stops_every_thread():
    pos = sixtyfive.random_position(seed=0)

    class Enough(Exception):
        pass

    def stop(nodes):
        if nodes >= 2 ** 18:
            raise Enough

    solver = sixtyfive.Solver(table_mb=64, implementation="cpp", threads=2, progress=stop)
    with pytest.raises(Enough):
        solver.solve(pos)
    solver.progress = None
    small = sixtyfive.random_position(seed=53_000, tricks_left=6)
    assert solver.solve(small).moves == sixtyfive.Solver(implementation="cpp").solve(small).moves


def test_limit_with_threads_gives_true_bounds():
    pos = sixtyfive.random_position(seed=54_000, tricks_left=8)
    exact = sixtyfive.Solver(implementation="cpp").solve(pos)
    solver = sixtyfive.Solver(table_mb=16, implementation="cpp", threads=2)
    r = solver.solve(pos, limit=Limit(nodes=exact.nodes // 2))
    calls = 1
    while r.cut:
        assert r.lower <= exact.value <= r.upper
        for move, (lo, hi) in r.move_bounds.items():
            assert lo <= exact.moves[move] <= hi
        r = solver.solve(pos, limit=Limit(nodes=exact.nodes // 2))
        calls += 1
        assert calls < 100
    assert (r.value, r.moves) == (exact.value, exact.moves)


def test_bad_thread_counts_are_refused():
    for bad in (0, -1, 1.5, True, "2"):
        with pytest.raises(PositionError, match="threads must be a positive integer"):
            sixtyfive.Solver(threads=bad)


def test_threads_grow_a_shared_table_together_and_stay_exact():
    """10-trick searches start with a table of 2^17 entries (about 4 MiB);
    two threads sharing it grow it together (each moving a part of the
    buckets' entries), and every card's value is still one thread's (whose
    table a 4 MiB cap keeps from growing)."""
    one = sixtyfive.Solver(table_mb=4, implementation="cpp")
    two = sixtyfive.Solver(table_mb=128, implementation="cpp", threads=2)
    for seed in (20_000, 20_001):
        pos = sixtyfive.random_position(seed=seed, tricks_left=10)
        want, got = one.solve(pos), two.solve(pos)
        assert (got.value, got.moves) == (want.value, want.moves), seed
    # The capped table holds 2^16 entries; the shared one starts at 2^17
    # and grew at least once.
    one_bytes = one._core.table_bytes
    assert one_bytes <= 4 << 20 < 2 * one_bytes
    assert two._core.table_bytes >= 4 * one_bytes
