"""Eighty-Three bid feasibility: the exact mode against brute force.

The brute force walks EVERY legal pass/discard sequence through the auction
engine itself (every subset of the hand, kept when ``check_pass`` /
``check_discard`` accepts it) and solves each play with the public play
solver: it shares none of the reductions of :mod:`feasibility` and its
search modules (runs, forced-choice skipping, bounds, bisection).
"""
import copy
import doctest
import itertools
import json
import math
import random

import pytest

from openhand.errors import DealError, IllegalMoveError, OpenhandError, PositionError
from openhand.eightythree import feasibility
from openhand.eightythree.deal import Deal, random_action, random_discard, random_pass
from openhand.eightythree.feasibility import bid_table, deal_value, highest_bid
from openhand.eightythree.rules import HAND_SIZE, is_scoring_trump, is_trump
from openhand.eightythree.solver import solve
from openhand.seats import SEATS, side_of

LIMIT = 1500         # most brute-force leaves per case (keeps the file well under 90 s)


def brute(deal: Deal) -> int:
    """Minimax over every engine-legal pass and discard, then the play value."""
    if deal.phase == "playing":
        return solve(deal.position, moves=False).value
    actor = deal.to_move
    maxing = side_of(actor) == side_of(deal._bidder)
    values = []
    if deal.phase == "passing":
        trumps = deal.trumps_held(actor)
        for combo in itertools.combinations(trumps, len(trumps) - HAND_SIZE):
            try:
                deal.check_pass(list(combo))
            except IllegalMoveError:
                continue
            child = copy.deepcopy(deal)
            child.pass_trumps(list(combo))
            values.append(brute(child))
    else:
        hand = sorted(deal.hands[actor])
        for combo in itertools.combinations(hand, len(hand) - HAND_SIZE):
            try:
                deal.check_discard(list(combo))
            except IllegalMoveError:
                continue
            child = copy.deepcopy(deal)
            child.discard(list(combo))
            values.append(brute(child))
    assert values, "the engine always offers a legal choice"
    return max(values) if maxing else min(values)


def discard_count(deal: Deal, seat: int) -> int:
    """Engine-legal discards of ``seat`` (counted by formula, only to size cases)."""
    hand = deal.hands[seat]
    if len(hand) <= HAND_SIZE:
        return 1
    trumps = [c for c in hand if is_trump(c, deal.trump)]
    if len(trumps) <= HAND_SIZE:
        return math.comb(len(hand) - len(trumps), HAND_SIZE - len(trumps))
    spare = [c for c in trumps if not is_scoring_trump(c, deal.trump)]
    return math.comb(len(spare), len(trumps) - HAND_SIZE)


def leaves_left(deal: Deal) -> int:
    return math.prod(discard_count(deal, s) for s in deal._queue)


def to_discarding(seed: int) -> Deal:
    rng = random.Random(seed)
    deal = Deal.random(rng.random())
    while deal.phase not in ("discarding", "playing"):
        random_action(deal, rng)
    return deal, rng


def small_discard_cases(n: int):
    """Seeded engine states in the discarding phase, random discards made
    until at most LIMIT sequences remain, at least two choices left."""
    cases, seed = [], 0
    while len(cases) < n:
        seed += 1
        deal, rng = to_discarding(seed)
        while deal.phase == "discarding" and leaves_left(deal) > LIMIT:
            deal.play(random_discard(deal, rng))
        if deal.phase == "discarding" and leaves_left(deal) >= 2:
            cases.append((seed, deal))
    return cases


def test_doctests():
    result = doctest.testmod(feasibility)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("seed,deal", small_discard_cases(6))
def test_exact_equals_brute_force_discards(seed, deal):
    expected = brute(copy.deepcopy(deal))
    assert deal_value(deal) == expected
    assert deal_value(deal, "fast") <= 83


def over_six_case():
    """A player keeping 6 of more than 6 trumps: the excess is a choice among
    the non-scoring trumps.  That happens when a partner passes trumps back
    after the player's passing turn; seeded search over engine states."""
    for seed in range(1, 300):
        rng = random.Random(seed)
        base = Deal.random(rng.random())
        while base.phase == "bidding":
            random_action(base, rng)
        for trump in "SHDC":
            deal = copy.deepcopy(base)
            deal.name_trumps(trump)
            while deal.phase == "passing":
                deal.play(random_pass(deal, rng))
            while deal.phase == "discarding":
                seat = deal.to_move
                if len(deal.trumps_held(seat)) > HAND_SIZE and discard_count(deal, seat) > 1:
                    return deal
                deal.play(random_discard(deal, rng))
    pytest.skip("no seeded state with a choice among excess trumps")


def one_level(deal: Deal) -> int:
    """Every engine-legal choice of the player to act, each continuation
    valued by the exact mode (or brute force when it is small)."""
    actor = deal.to_move
    maxing = side_of(actor) == side_of(deal._bidder)
    if deal.phase == "passing":
        cards = deal.trumps_held(actor)
        need, check, act = len(cards) - HAND_SIZE, deal.check_pass, "pass_trumps"
    else:
        cards = sorted(deal.hands[actor])
        need, check, act = len(cards) - HAND_SIZE, deal.check_discard, "discard"
    values = []
    for combo in itertools.combinations(cards, need):
        try:
            check(list(combo))
        except IllegalMoveError:
            continue
        child = copy.deepcopy(deal)
        getattr(child, act)(list(combo))
        if child.phase == "playing":
            values.append(solve(child.position, moves=False).value)
        elif child.phase == "discarding" and leaves_left(child) <= LIMIT:
            values.append(brute(child))
        else:
            values.append(deal_value(child))
    return max(values) if maxing else min(values)


def test_exact_equals_enumeration_excess_trumps():
    deal = over_six_case()
    assert deal_value(deal) == one_level(deal)


def passing_case():
    for seed in range(1, 400):
        rng = random.Random(seed)
        deal = Deal.random(rng.random())
        while deal.phase == "bidding":
            random_action(deal, rng)
        for trump in "SHDC":
            d = copy.deepcopy(deal)
            d.name_trumps(trump)
            if d.phase == "passing":
                return d
    pytest.skip("no seeded passing state")


def test_passes_equal_engine_enumeration():
    # Every engine-legal pass; each continuation (a full discarding phase,
    # too big for brute force) valued by the exact mode, which the tests
    # above check against brute force.
    deal = passing_case()
    assert deal_value(deal) == one_level(deal)


def test_full_table_shape_and_consistency():
    deal = Deal.random(11)
    text = deal.pbn()
    fast = bid_table(text, mode="fast")
    assert [(r.seat, r.trump) for r in fast.rows] == [(s, t) for s in SEATS for t in "SHDC"]
    exact = bid_table(text, seats="N", trumps="SH")
    for r in exact.rows:
        assert 0 <= r.value <= 83
        assert r.highest_bid == (r.value if r.value >= 30 else None)
        assert r.doubled_ok == (r.value == 83)
        # the same pair from the engine's own state after the kitty is taken
        d = Deal.from_deal(text, dealer="N")   # E, S, W pass; N must bid
        for b in ("pass", "pass", "pass", 30):
            d.bid(b)
        assert d.bidder == 0 and d.phase == "trumps"
        assert deal_value(d, trump=r.trump) == r.value
    data = json.loads(exact.to_json())
    assert data["mode"] == "exact" and len(data["rows"]) == 2
    assert "highest bid" in exact.table()
    assert exact.row("n", "h").value == exact.rows[1].value


def test_highest_bid():
    assert [highest_bid(v) for v in (0, 29, 30, 57, 83)] == [None, None, 30, 57, 83]
    for value, match in (("50", "a value must be an integer"),      # was TypeError
                         (True, "a value must be an integer"),      # was None
                         (50.0, "a value must be an integer"),      # was 50.0
                         (84, "a value lies in 0..83"),             # was 83
                         (-1, "a value lies in 0..83")):            # was None
        with pytest.raises(PositionError, match=match):
            highest_bid(value)


def test_bad_input():
    good = Deal.random(3).pbn()
    hands = good[2:].split()
    with pytest.raises(DealError):                       # missing kitty
        bid_table("N:" + " ".join(hands[:4]), mode="fast")
    with pytest.raises(DealError):                       # wrong hand sizes
        bid_table("N:" + " ".join([hands[0], hands[1], hands[2], hands[3][:-1],
                                   hands[4] + hands[3][-1]]), mode="fast")
    with pytest.raises(DealError):                       # duplicate card
        bid_table("N:" + " ".join(hands[:4] + [hands[0]]))
    with pytest.raises(OpenhandError):                   # a card not in the deck
        bid_table("N:" + " ".join(hands[:4] + ["X.."]))
    with pytest.raises(PositionError):
        bid_table(good, mode="slow")
    with pytest.raises(PositionError):
        bid_table(good, seats="Q")
    with pytest.raises(DealError):
        bid_table({"N": [], "E": [], "S": [], "W": []})


@pytest.mark.parametrize("deal", ["x", None, {"N": []}])
def test_deal_value_needs_a_deal(deal):
    with pytest.raises(DealError, match="deal_value needs an Eighty-Three Deal"):   # was AttributeError
        deal_value(deal)


@pytest.mark.parametrize("kwargs,match", [
    (dict(solver=5), r"solver must be an Eighty-Three play Solver .*got 5"),   # was AttributeError
    (dict(seats=5), "seats must be letters such as 'NS' or a list, got 5"),    # was TypeError
    (dict(trumps=5), "trumps must be letters such as 'SH' or a list, got 5"),  # was TypeError
    (dict(seats="NN"), "seats lists 'N' twice"),                               # was two equal rows
    (dict(seats=["N", 0]), "seats lists 0 twice"),
    (dict(seats="N", trumps="Ss"), "trumps lists 's' twice"),
])
def test_bid_table_checks_seats_trumps_and_solver(kwargs, match):
    good = Deal.random(3).pbn()
    with pytest.raises(PositionError, match=match):
        bid_table(good, mode="fast", **kwargs)
    assert [(r.seat, r.trump) for r in bid_table(good, mode="fast", seats=["S", 0], trumps="h").rows] == \
        [("S", "H"), ("N", "H")]


def test_deal_value_refuses_a_trump_that_contradicts_the_deal():
    # In the passing (and discarding) phase the deal's trump is fixed; a
    # different `trump` was silently ignored (the deal's suit was valued)
    # and a bad one ('X') too.  Now: PositionError; the same suit is fine.
    deal = passing_case()
    own = "SHDC"[deal.trump]
    assert deal_value(deal, "fast", trump=own.lower()) == deal_value(deal, "fast")
    for other in [t for t in "SHDC" if t != own]:
        with pytest.raises(PositionError, match=f"trump={other!r} contradicts the deal, whose trump suit is {own}"):
            deal_value(deal, "fast", trump=other)
    with pytest.raises(PositionError, match="unknown trump suit 'X'"):
        deal_value(deal, "fast", trump="X")
    discarding = copy.deepcopy(deal)
    rng = random.Random(1)
    while discarding.phase == "passing":
        discarding.pass_trumps(random_pass(discarding, rng))
    assert discarding.phase == "discarding"
    with pytest.raises(PositionError, match="contradicts the deal"):
        deal_value(discarding, "fast", trump=[t for t in "SHDC" if t != own][0])


@pytest.mark.parametrize("seed,deal", small_discard_cases(3))
def test_solving_a_deal_in_its_discards_values_every_legal_discard(seed, deal):
    # the Solver's per-move values of a discarding deal (one search per class
    # of interchangeable discards) against brute force on every legal discard
    r = solve(deal)
    assert set(r.moves) == {str(m) for m in deal.legal_moves}
    for move in deal.legal_moves:
        child = copy.deepcopy(deal)
        child.play(move)
        assert r.moves[str(move)] == brute(child), move
    maxing = side_of(deal.to_move) == side_of(deal.bidder)
    assert r.value == (max if maxing else min)(r.moves.values()) == deal_value(deal)
