"""Sixty-Six C++ open-hand solver against the pure-Python reference (the
spec): the value and every action's value, both objectives, over seeded
random positions whose stock holds at most 4 cards and over strict-phase
positions (stock closed or exhausted); bad input raises a Python exception
before anything reaches the C++ core."""
import pytest

pytest.importorskip("openhand.sixtysix._core")

from openhand.errors import PositionError  # noqa: E402
from openhand.sixtysix import Position, random_position, reference  # noqa: E402
from openhand.sixtysix.position import deal_state  # noqa: E402
from openhand.sixtysix.rules import Snapshot, to_move  # noqa: E402
from openhand.sixtysix.solver import Solver, solve  # noqa: E402

N_RANDOM = 300


def _stock_limit(seed):
    # mostly cheap positions, so the reference keeps the suite fast
    return 4 if seed % 10 == 0 else 2 if seed % 10 < 4 else 0


def _random_positions():
    # random_position may stop early at a closed stock: keep stock <= 4 only
    out, seed = [], 0
    while len(out) < N_RANDOM:
        p = random_position(seed, max_stock=_stock_limit(seed))
        if len(p.stock) <= 4:
            out.append(p)
        seed += 1
    return out


def _strict_positions():
    out = []
    for seed in range(40):
        p = random_position(10_000 + seed, max_stock=4 if seed % 4 == 0 else 2, extra=0)
        if "close" in p.legal_moves:
            p.play("close")
            out.append(p)
            if seed % 2:   # a few actions into the closed stock
                p = p.copy()
                for _ in range(seed % 3 + 1):
                    if p.is_over():
                        break
                    p.play(p.legal_moves[(seed * 7) % len(p.legal_moves)])
                if not p.is_over():
                    out.append(p)
    return out


@pytest.fixture(scope="module")
def cpp():
    return Solver(table_mb=16, implementation="cpp")


def _agree(cpp, positions, objective):
    for i, p in enumerate(positions):
        ref = reference.solve(p, objective=objective)
        got = cpp.solve(p, objective=objective)
        assert (got.value, got.moves) == (ref.value, ref.moves), (i, objective, p.to_json())
        assert list(got.moves) == list(ref.moves)   # same actions, same order
        assert cpp.solve(p, moves=False, objective=objective).value == ref.value


def test_random_positions_game():
    ps = _random_positions()
    assert len(ps) >= 300 and all(len(p.stock) <= 4 for p in ps)
    _agree(Solver(table_mb=16, implementation="cpp"), ps, "game")


def test_random_positions_points():
    _agree(Solver(table_mb=16, implementation="cpp"), _random_positions(), "points")


@pytest.mark.parametrize("objective", ["game", "points"])
def test_strict_phase(cpp, objective):
    ps = _strict_positions()
    assert len(ps) >= 20 and all(p.is_strict() for p in ps)
    _agree(cpp, ps, objective)


def test_hand_checked_and_terminal(cpp):
    p = Position(["A.A..", "T.T.."], [], trump="S", leader=0, points=[48, 30], tricks=[5, 5])
    r = cpp.solve(p)
    assert (r.value, r.moves) == (2, {"out": -2, "AS": 2, "AH": 2})
    assert cpp.solve(p, objective="points").value == 70
    q = Position.deal(seed=7, dealer=1)
    q.play("marriage D out")
    assert cpp.solve(q).value == -3 and cpp.solve(q).moves == {}
    end = Position(["", ""], [], trump="S", leader=1, points=[60, 60], tricks=[6, 6])
    assert cpp.solve(end).value == 1 and cpp.solve(end, objective="points").value == 10


def test_full_deal_value_matches_its_actions(cpp):
    # A full deal from the first lead (too big for the reference): the value
    # is the best action's value, and playing a best action keeps it.
    p = Position.deal(seed=1, dealer=1)
    r = cpp.solve(p)
    assert -3 <= r.value <= 3 and r.value == max(r.moves.values())
    assert cpp.solve(p, moves=False).value == r.value


def test_table_reuse_across_deals():
    s = Solver(table_mb=1, implementation="cpp")   # small: replacement at work
    for seed in range(20):
        p = random_position(seed, max_stock=2)
        for objective in ("game", "points"):
            assert s.solve(p, objective=objective).value == \
                reference.solve(p, moves=False, objective=objective).value


def test_bad_input_raises_in_python(cpp):
    p = random_position(3, max_stock=2)
    with pytest.raises(PositionError, match="unknown objective"):
        cpp.solve(p, objective="tricks")
    with pytest.raises(PositionError, match="Sixty-Six solver solves Sixty-Six states"):
        cpp.solve("not a position")
    with pytest.raises(PositionError):
        cpp.solve(tampered(p, hands=(p.snapshot.hands[0] | 1 << 2, p.snapshot.hands[1])))  # card 2
    with pytest.raises(PositionError):
        cpp.solve(tampered(p, points=(500, 0)))
    with pytest.raises(PositionError):
        cpp.solve(tampered(p, stock=tuple(range(30))))
    with pytest.raises(PositionError):
        cpp.solve(tampered(p, trump=7))
    with pytest.raises(PositionError):
        cpp.solve(Position._from_snapshot(Snapshot(("x", None), (), 0, 0)))
    with pytest.raises(PositionError, match="Sixty-Six solver solves Sixty-Six states"):
        cpp.solve(p.snapshot)          # the compact form is internal: a Position is asked for
    with pytest.raises(PositionError):
        Solver(table_mb=0)
    with pytest.raises(PositionError):
        Solver(implementation="fortran")
    for implementation in ("", 0, False):     # were taken as "the default"
        with pytest.raises(PositionError, match="implementation must be 'cpp' or 'python'"):
            Solver(implementation=implementation)
    assert solve(random_position(4, max_stock=0)).value in range(-3, 4)


def tampered(p, **change):
    """A Position whose compact state was changed behind the library's back
    (the solver must re-check it at the core's door)."""
    return Position._from_snapshot(p.snapshot._replace(**change))


@pytest.mark.parametrize("implementation", ["cpp", "python"])
@pytest.mark.parametrize("objective", [["game"], {}, None, "Game"])
def test_objective_of_the_wrong_type(implementation, objective):
    # a list or dict raised TypeError (unhashable) in both implementations
    p = random_position(3, max_stock=2)
    with pytest.raises(PositionError, match="unknown objective"):
        Solver(implementation=implementation).solve(p, objective=objective)


def test_a_cap_beyond_any_address_space_is_clamped():
    p = random_position(3, max_stock=0)      # was OverflowError for both caps
    want = reference.solve(p, moves=False).value
    for table_mb in (10 ** 30, float("inf")):
        assert Solver(table_mb=table_mb, implementation="cpp").solve(p, moves=False).value == want


# ------------------------------------------------------------ at_least
def _finished(seed):
    """A seeded random position played on at random to the end of the deal."""
    import random
    p = random_position(20_000 + seed, max_stock=0)
    rng = random.Random(seed)
    while not p.is_over():
        p.play(rng.choice(p.legal_moves))
    return p


def _at_least_positions():
    ps = [random_position(30_000 + seed, max_stock=_stock_limit(seed)) for seed in range(40)]
    ps = [p for p in ps if len(p.stock) <= 4]
    return ps + [_finished(seed) for seed in range(8)]


@pytest.mark.parametrize("objective", ["game", "points"])
def test_at_least_is_the_value_compared(objective):
    # C++, the Python reference and the Python Solver all answer exactly
    # "solve(p).value >= target", for every target around the value, with
    # either player to move and on finished deals.
    cpp = Solver(table_mb=16, implementation="cpp")
    python = Solver(implementation="python")
    ps = _at_least_positions()
    assert {to_move(p.snapshot) for p in ps if not p.is_over()} == {0, 1}
    assert sum(p.is_over() for p in ps) == 8
    for i, p in enumerate(ps):
        value = reference.solve(p, moves=False, objective=objective).value
        assert cpp.solve(p, moves=False, objective=objective).value == value
        for target in range(value - 3, value + 4):
            want = value >= target
            got = (cpp.at_least(p, target, objective), reference.at_least(p, target, objective))
            assert got == (want, want), (i, objective, target, value, p.to_json())
        assert python.at_least(p, value, objective) and not python.at_least(p, value + 1, objective)


@pytest.mark.parametrize("objective", ["game", "points"])
def test_at_least_on_full_deals(objective):
    # Full deals from the first lead (too big for the reference): the
    # threshold questions bracket the C++ value, player 0 or 1 to move.
    for seed in range(4):
        p = Position.deal(seed=seed, dealer=seed % 2)
        value = Solver(implementation="cpp").solve(p, moves=False, objective=objective).value
        for target in (value - 1, value, value + 1):
            assert Solver(implementation="cpp").at_least(p, target, objective) == (value >= target)


def test_at_least_targets_beyond_every_value(cpp):
    p = random_position(3, max_stock=2)
    for objective in ("game", "points"):
        assert cpp.at_least(p, -10 ** 9, objective) and not cpp.at_least(p, 10 ** 9, objective)
        assert reference.at_least(p, -251, objective) and not reference.at_least(p, 251, objective)
    with pytest.raises(PositionError, match="target must be an integer"):
        cpp.at_least(p, 1.5)
    with pytest.raises(PositionError, match="target must be an integer"):
        cpp.at_least(p, True)
    with pytest.raises(PositionError, match="unknown objective"):
        cpp.at_least(p, 1, "tricks")
