"""Eighty-Three C++ play solver: cross-checks against the Python reference.

Every check compares the value AND every legal card's value.  One shared
Solver serves all positions (whatever the trump suit, bidder or leader), so
the cross-check also tests that its transposition table stays sound across
solves.
"""
import doctest
import random

import pytest

pytest.importorskip("openhand.eightythree._core")

from openhand.cards import SUIT_CHARS, mask_of  # noqa: E402
from openhand.errors import DealError, PositionError  # noqa: E402
from openhand.eightythree import Position, random_play_position, reference  # noqa: E402
from openhand.eightythree import solver as solver_module  # noqa: E402
from openhand.eightythree.rules import random_hands  # noqa: E402
from openhand.eightythree.solver import Solver, check_hands  # noqa: E402
from openhand.seats import SEATS  # noqa: E402

if solver_module._core is None:  # OPENHAND_IMPLEMENTATION=python
    pytest.skip("the C++ core is switched off", allow_module_level=True)


@pytest.fixture(scope="module")
def cpp():
    return Solver(table_mb=8, implementation="cpp")


def _same(cpp_solver, pos):
    want = reference.solve(pos)
    got = cpp_solver.solve(pos)
    assert (got.value, got.moves, got.maximizing) == (want.value, want.moves, want.maximizing), repr(pos)
    assert got.perspective == want.perspective
    return want


def test_doctests():
    result = doctest.testmod(solver_module)
    assert result.attempted > 0 and result.failed == 0


def test_cross_check_seeded_play_positions(cpp):
    """>= 500 seeded positions from random legal deals: tricks left 1..5,
    0..3 cards already in the trick, many trump suits, bidders, leaders."""
    seen = set()
    count = 0
    for k in (1, 2, 3, 4):
        for seed in range(38):
            for j in range(4):
                pos = random_play_position(1000 * k + seed, tricks_left=k, trick_cards=j)
                _same(cpp, pos)
                seen.add((pos.trump, pos.bidder, pos.leader))
                count += 1
    for seed in range(12):
        for j in range(4):
            pos = random_play_position(5000 + seed, tricks_left=5, trick_cards=j)
            _same(cpp, pos)
            count += 1
    assert count >= 600
    assert len({t for t, _, _ in seen}) == 4 and len({b for _, b, _ in seen}) == 4
    assert len({le for _, _, le in seen}) == 4


def test_every_trump_bidder_and_leader(cpp):
    """Trick-start positions re-solved under every trump suit, bidder and
    leader (the trump remap and the seat rotation are the risky parts)."""
    rng = random.Random(83)
    for i in range(10):
        hands, _ = random_hands(rng.random())
        k = 2 + i % 3
        small = {s: sorted(h)[:k] if i % 2 else rng.sample(sorted(h), k) for s, h in hands.items()}
        for trump in range(4):
            for bidder in SEATS:
                for leader in SEATS:
                    _same(cpp, Position(small, SUIT_CHARS[trump], bidder, leader))


def test_hand_checked_positions(cpp):
    pos = Position.from_deal("N:K.A.. .2..5 9.3.. Q..4.", trump="S", bidder="N")
    assert _same(cpp, pos).moves == {"KS": 59, "AH": 34}
    pos.play("AH")
    assert _same(cpp, pos).moves == {"2H": 39, "5C": 34}
    pos = Position.from_deal("N:..9.A ...4+JK 3...2 4...3", trump="D", bidder="N")
    assert _same(cpp, pos).moves == {"9D": 24, "AC": 9}
    # The same deal with E-W bidding: the value is the other side's share.
    pos = Position.from_deal("N:..9.A ...4+JK 3...2 4...3", trump="D", bidder="E", leader="N")
    r = _same(cpp, pos)
    assert r.value == 24 - 24 and r.moves == {"9D": 0, "AC": 15}


def test_can_make_matches_reference(cpp):
    for seed in range(40):
        pos = random_play_position(seed, tricks_left=1 + seed % 4, trick_cards=seed % 4)
        have = pos.points[pos.bidder_side]
        value = reference.solve(pos, moves=False).value
        for target in (have + value - 1, have + value, have + value + 1, 0, 84, have):
            assert cpp.at_least(pos, target) == reference.at_least(pos, target), (repr(pos), target)


def test_fresh_table_agrees_with_shared_table(cpp):
    for seed in range(30):
        pos = random_play_position(seed, tricks_left=4, trick_cards=seed % 4)
        a = Solver(table_mb=1).solve(pos)
        b = cpp.solve(pos)
        assert (a.value, a.moves) == (b.value, b.moves)


def test_six_trick_positions_agree_with_each_other(cpp):
    # Reference on 6 tricks is slow; check the C++ value against its own
    # per-card values and against the null-window answers instead.
    for seed in range(6):
        pos = random_play_position(seed, tricks_left=6)
        r = cpp.solve(pos)
        best = max(r.moves.values()) if r.maximizing else min(r.moves.values())
        assert best == r.value
        assert cpp.at_least(pos, r.value) and not cpp.at_least(pos, r.value + 1)


def test_python_and_cpp_solvers_are_twins(cpp):
    py = Solver(implementation="python")
    for seed in range(20):
        pos = random_play_position(seed, tricks_left=2 + seed % 2, trick_cards=seed % 4)
        a, b = py.solve(pos), cpp.solve(pos)
        assert (a.value, a.moves, a.maximizing) == (b.value, b.moves, b.maximizing)
        assert py.solve(pos, moves=False).value == cpp.solve(pos, moves=False).value
    over = random_play_position(1, tricks_left=1, trick_cards=0)
    for c in list(over.legal_moves)[:1]:
        over.play(c)
    while not over.is_over():
        over.play(over.legal_moves[0])
    assert cpp.solve(over).value == py.solve(over).value == 0
    assert cpp.at_least(over, 0) == py.at_least(over, 0)


def _masks(pos):
    return [mask_of(h) for h in pos.hands]


def test_mask_entry_points(cpp):
    py = Solver(implementation="python")
    deals = []
    for seed in range(25):
        pos = random_play_position(seed, tricks_left=3)
        want = reference.solve(pos, moves=False).value
        h = _masks(pos)
        assert cpp.value_of(h, pos.trump, pos.bidder, pos.leader) == want
        assert py.value_of(h, SUIT_CHARS[pos.trump], SEATS[pos.bidder], SEATS[pos.leader]) == want
        assert cpp.at_least_of(h, pos.trump, pos.bidder, want, pos.leader)
        assert not cpp.at_least_of(h, pos.trump, pos.bidder, want + 1, pos.leader)
        assert not py.at_least_of(h, pos.trump, pos.bidder, want + 1, pos.leader)
        deals.append((h, pos))
    # batch: one trump, bidder and leader for all
    hs = [h for h, _ in deals]
    for trump, bidder, leader in ((0, 0, 0), (1, 3, 2), (3, 1, 1)):
        want = [reference.solve(Position({SEATS[s]: _cards(h[s]) for s in range(4)}, trump, bidder, leader),
                                moves=False).value for h in hs]
        assert cpp.values_of(hs, trump, bidder, leader) == want
        assert py.values_of(hs[:5], trump, bidder, leader) == want[:5]
        assert cpp.values_of(hs, trump, bidder, leader, target=30) == [w >= 30 for w in want]
        assert cpp._values_of_trusted(hs, trump, bidder, leader) == want
    assert cpp.values_of([], 0, 0) == []


def _cards(mask):
    from openhand.cards import cards_from_mask
    return cards_from_mask(mask)


def test_mask_validation():
    s = Solver(implementation="cpp")
    good = [1 << 14, 1 << 13, 1 << 12, 1 << 15]
    assert check_hands(good, "S", "N") == (good, 0, 0, 0)
    bad = [
        ([1 << 14, 1 << 14, 1 << 12, 1 << 15], DealError),           # overlap
        ([1 << 14, 1 << 13, 1 << 12], DealError),                    # three hands
        ([1 << 14, 1 << 13, 1 << 12, 1 << 1], DealError),            # not a card
        ([1 << 14, 1 << 13, 1 << 12, 1 << 64], DealError),           # beyond 64 bits
        ([1 << 14, 1 << 13, 1 << 12, -1], DealError),                # negative
        ([1 << 14, 1 << 13, 1 << 12, True], DealError),              # a bool
        ([1 << 14, 1 << 13, 1 << 12, 0], DealError),                 # unequal sizes
        ([0, 0, 0, 0], DealError),                                   # empty
        ([1 << 14, 1 << 13, 1 << 12, 1.0], DealError),               # a float
        (12, DealError),
    ]
    for hands, err in bad:
        with pytest.raises(err):
            s.value_of(hands, 0, 0)
        with pytest.raises(err):
            s.values_of([good, hands], 0, 0)
    seven = [sum(1 << (16 * s + r) for r in range(2, 9)) for s in range(4)]
    with pytest.raises(DealError):
        s.value_of(seven, 0, 0)
    for trump, bidder, leader in (("X", 0, 0), (4, 0, 0), (0, "Q", 0), (0, 0, 7), (0, True, 0)):
        with pytest.raises(PositionError):
            s.value_of(good, trump, bidder, leader)
    with pytest.raises(PositionError):
        s.at_least_of(good, 0, 0, "30")
    with pytest.raises(PositionError):
        Solver(implementation="fortran")
    with pytest.raises(PositionError):
        s.solve("N:A... K... Q... J...")
    assert s.at_least_of(good, 0, 0, 0) and not s.at_least_of(good, 0, 0, 84)
    assert s.at_least_of(good, 0, 0, 10 ** 30) is False


def test_a_cap_beyond_any_address_space_is_clamped():
    # 10**30 MiB and inf overflowed size_t (OverflowError); 2**43 MiB (2**63
    # bytes) sent the core's table sizing into an endless loop
    pos = random_play_position(3, tricks_left=3)
    want = reference.solve(pos, moves=False).value
    for table_mb in (2 ** 43, 10 ** 30, float("inf")):
        assert Solver(table_mb=table_mb, implementation="cpp").solve(pos, moves=False).value == want
    with pytest.raises(PositionError, match="table_mb must be a positive number"):
        Solver(table_mb=float("nan"))


@pytest.mark.parametrize("implementation", ["cpp", "python"])
def test_values_of_checks_its_shared_arguments_and_its_deals(implementation):
    s = Solver(implementation=implementation)
    good = [1 << 14, 1 << 13, 1 << 12, 1 << 15]
    assert s.values_of([good], "S", "N") == [s.value_of(good, "S", "N")]
    # with no deals these were answered [] without a look at the rest
    with pytest.raises(PositionError, match="unknown trump suit 'X'"):
        s.values_of([], "X", "N")
    with pytest.raises(PositionError, match="unknown seat 9"):
        s.values_of([], "S", "N", leader=9)
    with pytest.raises(PositionError, match="target must be an integer, got 59.5"):
        s.values_of([], "S", "N", target=59.5)
    for deals in (None, 5, "KS AH"):      # None and 5 raised TypeError
        with pytest.raises(DealError, match="deals must be a list of hand-mask lists"):
            s.values_of(deals, "S", "N")
