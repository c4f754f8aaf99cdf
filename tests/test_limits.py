"""Answers within a limit (openhand.limits) in every game: a cut solve
carries true bounds (checked against the exact values of the reference on
small positions), a legal best move (and, when it says so, one proved to
hold the bound), true bounds on every move; the same C++ Solver asked
again goes on from its table until it finishes with the exact answer; a
time limit returns promptly; a cut at_least raises LimitReached."""
import time

import pytest

from openhand import eightythree, sixtyfive, sixtysix
from openhand.errors import LimitReached, PositionError
from openhand.limits import Limit

IMPLS = ["python"] + (["cpp"] if sixtyfive.solver._core is not None else [])
needs_core = pytest.mark.skipif(sixtyfive.solver._core is None, reason="C++ core not built")


def sixtyfive_positions():
    return [sixtyfive.random_position(seed=40_000 + i, tricks_left=5 + i % 2, trick_cards=i % 4) for i in range(4)]


def eightythree_positions():
    return [eightythree.random_play_position(seed=41_000 + i, tricks_left=6, trick_cards=i % 4) for i in range(3)]


def sixtysix_positions():
    return [sixtysix.Position.deal(seed=42_000 + i, dealer=i % 2) for i in range(3)]


CASES = [
    ("65", sixtyfive.Solver, sixtyfive_positions, 400),
    ("83", eightythree.Solver, eightythree_positions, 400),
    ("66", sixtysix.Solver, sixtysix_positions, 3000),
]


def check_cut(r, exact, pos, moves=True):
    """r (a cut or finished result) is true about the exact result."""
    legal = {str(m) for m in pos.legal_moves}
    assert r.best_move in legal if (r.cut or moves) else r.best_move is None
    if not r.cut:
        assert r.value == exact.value and r.moves == (exact.moves if moves else {})
        return
    assert r.value is None and r.deal_value is None and r.best_moves == []
    assert r.lower <= exact.value <= r.upper, (r.lower, exact.value, r.upper)
    for move, (lo, hi) in r.move_bounds.items():
        assert lo <= exact.moves[move] <= hi, (move, lo, exact.moves[move], hi)
    for move, v in r.moves.items():
        assert v == exact.moves[move]
    if r.best_move_proved:   # it holds the side to move's proved bound
        v = exact.moves[r.best_move]
        assert (v >= r.lower) if r.maximizing else (v <= r.upper)


@pytest.mark.parametrize("game,Solver,positions,nodes", CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("impl", IMPLS)
def test_cut_bounds_are_true_and_the_solver_goes_on(game, Solver, positions, nodes, impl):
    if impl == "python":
        nodes = 1                     # the reference stops at its first poll (2^16 nodes)
    cuts = 0
    for pos in positions():
        exact = Solver(implementation=IMPLS[-1]).solve(pos)   # the C++ core is cross-checked elsewhere
        solver = Solver(table_mb=16, implementation=impl)
        for moves in (False, True):
            r = solver.solve(pos, moves=moves, limit=Limit(nodes=nodes))
            cuts += r.cut
            check_cut(r, exact, pos, moves)
        if impl == "cpp":
            calls = 1
            while r.cut:                       # the table keeps what each call finished
                r = solver.solve(pos, limit=Limit(nodes=nodes))
                check_cut(r, exact, pos)
                calls += 1
                assert calls < 2000
            assert (r.value, r.moves) == (exact.value, exact.moves)
    assert cuts > 0   # the limits were small enough to cut something


@pytest.mark.parametrize("impl", IMPLS)
def test_at_least_cut_raises_with_true_bounds(impl):
    pos = sixtyfive.random_position(seed=43_000, tricks_left=7)
    exact = sixtyfive.Solver(implementation="cpp" if "cpp" in IMPLS else "python").solve(pos, moves=False)
    target = exact.deal_value            # the hardest question: the value itself
    with pytest.raises(LimitReached) as info:
        sixtyfive.Solver(implementation=impl).at_least(pos, target, limit=Limit(nodes=1))
    cut = info.value.result
    assert cut.cut and cut.lower <= exact.value <= cut.upper
    assert cut.best_move in {str(m) for m in pos.legal_moves}
    if impl == "cpp":   # (the reference takes seconds to settle it)
        assert sixtyfive.Solver(implementation=impl).at_least(pos, target, limit=Limit(nodes=10 ** 9)) is True


@needs_core
def test_time_limit_returns_promptly_on_a_full_deal():
    """Deal 0 takes seconds to solve; with 0.1 s the answer comes within
    a poll or two (the clock is read every 2^16 nodes, some 10 ms), with
    bounds inside the deal's range and a legal first card.  (Wall time on
    a shared machine: a generous margin.)"""
    pos = sixtyfive.random_position(seed=0)
    for moves in (False, True):
        solver = sixtyfive.Solver(table_mb=64, implementation="cpp")
        start = time.monotonic()
        r = solver.solve(pos, moves=moves, limit=Limit(seconds=0.1))
        assert time.monotonic() - start < 1.5
        assert r.cut and 0 <= r.lower <= r.upper <= 65 and r.best_move in {str(m) for m in pos.legal_moves}
        start = time.monotonic()
        with pytest.raises(LimitReached):
            solver.at_least(pos, 33, limit=Limit(seconds=0.05))
        assert time.monotonic() - start < 1.5


@needs_core
def test_node_limit_is_exact_in_the_core():
    pos = sixtyfive.random_position(seed=3, tricks_left=9)
    r = sixtyfive.Solver(implementation="cpp").solve(pos, moves=False, limit=Limit(nodes=12_345))
    assert r.cut and r.nodes == 12_345


def test_bad_limits_are_refused():
    pos = sixtyfive.random_position(seed=1, tricks_left=2)
    for bad in (dict(nodes=0), dict(nodes=2.5), dict(seconds=0), dict(seconds=float("inf")), dict(nodes=True)):
        with pytest.raises(PositionError, match="limit must be"):
            Limit(**bad)
    for impl in IMPLS:
        with pytest.raises(PositionError, match="openhand.limits.Limit"):
            sixtyfive.Solver(implementation=impl).solve(pos, limit=5)
    import random
    deal, rng = eightythree.Deal.random(seed=1), random.Random(1)
    while deal.phase == "bidding":
        eightythree.random_action(deal, rng)
    with pytest.raises(PositionError, match="limit applies to the card play"):
        eightythree.Solver().at_least(deal, 40, limit=Limit(nodes=10))


def test_unlimited_answers_are_unchanged():
    """limit=None and a limit never reached give the same finished result."""
    pos = sixtyfive.random_position(seed=44_000, tricks_left=4, trick_cards=1)
    for impl in IMPLS:
        a = sixtyfive.Solver(implementation=impl).solve(pos)
        b = sixtyfive.Solver(implementation=impl).solve(pos, limit=Limit(nodes=10 ** 9, seconds=60))
        assert (a.value, a.moves, a.cut) == (b.value, b.moves, False) and b.lower == b.upper == a.value
