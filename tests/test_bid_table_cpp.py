"""Eighty-Three's exact bid table with its choice tree in C++
(csrc/eightythree/choice_tree.hpp through openhand.eightythree.choice_core)
against its pure-Python twin (openhand.eightythree.choice_tree), which
test_eightythree_feasibility.py checks against brute force over every
engine-legal pass and discard.

Both trees ask their play leaves of the same C++ play solver, so a
difference is the choice tree's.  Every row of whole seeded tables, every
phase (passes, discards, excess trumps) and the checks at the core's door.
"""
import _thread
import doctest
import random
import threading
import time

import pytest

from openhand.eightythree import choice_core, feasibility
from openhand.eightythree import solver as solver_module
from openhand.eightythree.choice_tree import ChoiceTree
from openhand.eightythree.choices import DISCARD, LEAF, PASS
from openhand.eightythree.deal import Deal, random_action, random_discard
from openhand.eightythree.feasibility import _read_deal, bid_table, deal_value
from openhand.eightythree.play_oracle import PlayOracle
from openhand.eightythree.solver import Solver
from openhand.errors import PositionError

from test_interrupt import python_handles_ctrl_c

if solver_module._core is None:  # OPENHAND_IMPLEMENTATION=python, or no build
    pytest.skip("the C++ core is switched off or not built: the C++ choice tree needs it",
                allow_module_level=True)


def rows(table):
    return [(r.seat, r.trump, r.value, r.highest_bid, r.doubled_ok) for r in table.rows]


def test_doctests():
    result = doctest.testmod(choice_core)
    assert result.attempted > 0 and result.failed == 0


def test_the_default_tree_follows_the_play_solver():
    assert choice_core.tree_of(Solver(implementation="cpp")) == "cpp"
    assert choice_core.tree_of(Solver(implementation="python")) == "python"
    assert choice_core.tree_of(None) == "python"


# Three of the benchmark's seeds whose Python tables are the quickest
# (1.3 s each on an idle core; the median is some 3 s).
@pytest.mark.parametrize("seed", [0, 25, 28])
def test_whole_seeded_tables_equal_the_python_tree(seed):
    text = Deal.random(seed).pbn()
    cpp = bid_table(text, solver=Solver())
    assert cpp.solver == "cpp"
    py = bid_table(text, solver=Solver(), tree="python")
    assert rows(cpp) == rows(py)
    assert len(cpp.rows) == 16


def test_seeded_pairs_equal_the_python_tree():
    # One pair of each of ten more deals (bidder and trump drawn by seed).
    rng = random.Random(83)
    for seed in range(50, 60):
        hands, kitty = _read_deal(Deal.random(seed))
        bidder, trump = rng.randrange(4), rng.randrange(4)
        oracle = PlayOracle(Solver())
        got = feasibility.pair_value(hands, kitty, bidder, trump, oracle=oracle, tree="cpp")
        want = feasibility.pair_value(hands, kitty, bidder, trump, oracle=oracle, tree="python")
        assert got == want, (seed, bidder, trump)


def engine_states(n, phase, seed0=1):
    """Seeded engine deals in ``phase`` ('passing' or 'discarding'), with
    random discards made part-way for the discarding ones."""
    out, seed = [], seed0
    while len(out) < n:
        seed += 1
        rng = random.Random(seed)
        deal = Deal.random(rng.random())
        while deal.phase not in (phase, "playing"):
            random_action(deal, rng)
        if deal.phase != phase:
            continue
        if phase == "discarding":
            for _ in range(rng.randrange(3)):
                if deal.phase == "discarding":
                    deal.play(random_discard(deal, rng))
            if deal.phase != "discarding":
                continue
        out.append(deal)
    return out


def state_of(deal):
    from openhand.cards import mask_of
    hands = tuple(mask_of(h) for h in deal.hands)
    phase = PASS if deal.phase == "passing" else DISCARD
    return (hands, phase, tuple(deal._queue)), int(deal.trump), deal._bidder


@pytest.mark.parametrize("phase", ["passing", "discarding"])
def test_engine_states_equal_the_python_tree(phase):
    solver = Solver()
    for deal in engine_states(4, phase):
        state, trump, bidder = state_of(deal)
        want = ChoiceTree(trump, bidder, PlayOracle(solver)).exact(state)
        assert choice_core.exact_value(solver, state, trump, bidder) == want
        # the guess only orders the questions
        for guess in (0, want, 83):
            assert choice_core.exact_value(solver, state, trump, bidder, guess=guess) == want
        assert deal_value(deal) == want


def test_a_leaf_state_is_the_play_value():
    deal = engine_states(1, "discarding")[0]
    while deal.phase == "discarding":
        deal.play(random_discard(deal, random.Random(5)))
    from openhand.cards import mask_of
    state = (tuple(mask_of(h) for h in deal.hands), LEAF, ())
    solver = Solver()
    want = solver.solve(deal.position, moves=False).value
    assert choice_core.exact_value(solver, state, int(deal.trump), deal._bidder) == want


def good_state():
    hands, kitty = _read_deal(Deal.random(0))
    start = (hands[0] | kitty, hands[1], hands[2], hands[3])
    return start, kitty


@pytest.mark.parametrize("change, match", [
    (lambda h: ((h[0], h[0], h[2], h[3]), PASS, (0, 1, 2, 3)), "overlap"),
    (lambda h: ((h[0] | 1 << 1, h[1], h[2], h[3]), PASS, (0, 1, 2, 3)), "masks of Eighty-Three cards"),
    (lambda h: ((h[0], h[1], h[2]), PASS, (0, 1, 2, 3)), "four masks"),
    (lambda h: (h, 7, (0, 1, 2, 3)), "phase"),
    (lambda h: (h, PASS, (0, 1, 2)), "turn order"),
    (lambda h: (h, PASS, (0, 2, 1, 3)), "turn order"),
    (lambda h: (h, LEAF, (3,)), "turn order"),
    (lambda h: ((h[0], h[1], h[2], 0), PASS, (0, 1, 2, 3)), "every card"),
    (lambda h: (h, DISCARD, (1, 2, 3)), "has discarded"),
    (lambda h: "nonsense", "four hand masks"),
])
def test_bad_states_are_refused_before_the_core(change, match):
    start, _ = good_state()
    with pytest.raises(PositionError, match=match):
        choice_core.exact_value(Solver(), change(start), trump=0, bidder=0)


def test_bad_arguments():
    start, _ = good_state()
    state = (start, PASS, (0, 1, 2, 3))
    with pytest.raises(PositionError, match="guess"):
        choice_core.exact_value(Solver(), state, 0, 0, guess=84)
    with pytest.raises(PositionError, match="trump and bidder"):
        choice_core.exact_value(Solver(), state, 4, 0)
    with pytest.raises(PositionError, match="tree must be"):
        bid_table(Deal.random(0), mode="fast", tree="fortran")
    with pytest.raises(PositionError, match="needs the C\\+\\+ play solver"):
        bid_table(Deal.random(0), solver=Solver(implementation="python"), tree="cpp")


def test_too_many_scoring_trumps_after_the_passes_are_refused():
    # A seat whose pass turn is over may not hold more than 6 scoring trumps.
    from openhand.cards import mask_of
    from openhand.eightythree.rules import DECK, points
    trump = 0
    scoring = [c for c in DECK if points(c, trump)]
    rest = [c for c in DECK if not points(c, trump)]
    hands = [scoring[:7] + rest[:10], rest[10:22], scoring[7:] + rest[22:31], rest[31:43]]
    state = (tuple(mask_of(h) for h in hands), PASS, (1, 2, 3))
    with pytest.raises(PositionError, match="scoring trumps"):
        choice_core.check_state(state, trump, 0)


def test_more_plain_cards_than_a_seat_can_hold_are_refused():
    # The core's room for a choice is sized by the rules: 17 plain cards.
    from openhand.cards import mask_of
    from openhand.eightythree.rules import DECK, is_trump
    trump = 0
    plain = [c for c in DECK if not is_trump(c, trump)]
    trumps = [c for c in DECK if is_trump(c, trump)]
    hands = [plain[:20] + trumps, plain[20:26], plain[26:32], plain[32:]]
    state = (tuple(mask_of(h) for h in hands), DISCARD, (0,))
    with pytest.raises(PositionError, match="plain cards"):
        choice_core.check_state(state, trump, 1)


def test_ctrl_c_stops_a_table_at_once():
    text = Deal.random(3).pbn()          # seconds for the whole table
    timer = threading.Timer(0.2, _thread.interrupt_main)
    start = time.perf_counter()
    with python_handles_ctrl_c(), pytest.raises(KeyboardInterrupt):
        timer.start()
        bid_table(text, solver=Solver())
    assert time.perf_counter() - start < 3
