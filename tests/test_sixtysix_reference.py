"""Sixty-Six reference solver: hand-checked values, a brute-force cross-check
and the speed the C++ cross-check relies on."""

import pytest

from openhand.errors import PositionError
from openhand.sixtysix import Position, random_position
from openhand.sixtysix.reference import solve


def minimax(pos, memo, points=False):
    """Exact value for the player to move by plain memoised minimax over the
    Position API (no pruning, keyed on the whole state): an independent
    check of the alpha-beta search and of its transposition key."""
    key = pos.snapshot
    if key in memo:
        return memo[key]
    if pos.is_over():
        me = pos.leader
        tot = pos.final_points() if points else pos.result()
        v = tot[me] - tot[1 - me]
    else:
        me = pos.to_move
        v = None
        for a in pos.legal_moves:
            if points and a.kind in ("out", "marriage out"):
                continue
            pos.play(a)
            w = minimax(pos, memo, points)
            if (pos.leader if pos.is_over() else pos.to_move) != me:   # a finished deal counts for its leader
                w = -w
            pos.undo()
            v = w if v is None else max(v, w)
    memo[key] = v
    return v


def test_two_card_endgame_by_hand():
    # strict play, trump spades: player 0 leads AS or AH and wins both tricks
    p = Position(["A.A..", "T.T.."], [], trump="S", leader=0, points=[48, 30], tricks=[5, 5])
    r = solve(p)
    assert r.value == 2 and r.moves == {"out": -2, "AS": 2, "AH": 2}   # out with 48: wrong claim
    assert r.best_moves == ["AS", "AH"]
    pts = solve(p, objective="points")
    assert pts.value == 48 + 42 + 10 - 30 and "out" not in pts.moves


def test_claim_timing():
    # player 0 has 70 and may go out for 2 (the opponent has 28 and a trick).
    # Leading AH (player 1 must follow with 9H) keeps the lead: out for 2 next turn.
    # Leading 9S lets AS win (28 + 11 = 39); player 0 then takes the last trick
    # with AH and goes out with 81, but the opponent has 33 or more: only 1.
    p = Position(["9.A..", "A.9.."], [], trump="S", leader=0, points=[70, 28], tricks=[6, 4])
    r = solve(p)
    assert r.moves == {"out": 2, "9S": 1, "AH": 2} and r.value == 2


def test_wrong_claim_values_and_marriage_out():
    # player 0 (trick 1 of the deal, no trick won) may only claim wrongly
    p = Position.deal(seed=7, dealer=1)
    assert "marriage D out" in p.legal_moves
    q = p.copy()
    q.play("marriage D out")
    assert q.result() == (0, 3)                       # the opponent has no trick
    assert solve(q).value == -3 and solve(q).moves == {}   # terminal: value for the claimer


def test_terminal_position_value_for_the_leader():
    p = Position(["", ""], [], trump="S", leader=1, points=[60, 60], tricks=[6, 6])
    assert p.is_over() and p.result() == (0, 1)      # 70 against 60 with the last trick
    r = solve(p)
    assert r.value == 1 and r.moves == {} and r.nodes == 1
    assert solve(p, objective="points").value == 10


def test_unknown_objective():
    with pytest.raises(PositionError, match="unknown objective 'tricks'"):
        solve(random_position(1, max_stock=0), objective="tricks")


@pytest.mark.parametrize("seed", range(16))
def test_matches_brute_force_in_the_strict_phase(seed):
    p = random_position(seed, max_stock=0, extra=seed % 3)
    r = solve(p)
    assert r.value == minimax(p, {})
    assert r.value == max(r.moves.values())
    for text, v in r.moves.items():
        q = p.copy()
        q.play(text)
        sign = 1 if (q.leader if q.is_over() else q.to_move) == p.to_move else -1
        assert v == sign * minimax(q, {}), text
    if seed % 4 == 0:
        assert solve(p, objective="points").value == minimax(p, {}, points=True)


@pytest.mark.parametrize("seed", [0, 3, 8, 21])
def test_matches_brute_force_with_the_stock_open(seed):
    p = random_position(seed, max_stock=2, extra=0, close_rate=0.0)
    assert len(p.stock) == 2 and p.closed_by is None
    r = solve(p)
    assert r.value == minimax(p, {})
    assert "close" in r.moves                         # every action is valued


def test_values_are_in_range_and_consistent():
    for seed in range(30):
        p = random_position(100 + seed, max_stock=4)
        r = solve(p)
        assert -3 <= r.value <= 3
        assert r.value == max(r.moves.values())
        assert set(r.moves) == {str(a) for a in p.legal_moves}
        assert r.best_moves


def test_small_enough_for_the_cross_check():
    # the cross-check positions stay small for the reference search: a node
    # bound, not a timing (a loaded machine must not fail the test); the
    # largest of these 12 takes 65,133 nodes
    assert max(solve(random_position(seed, max_stock=4)).nodes for seed in range(12)) < 100_000
