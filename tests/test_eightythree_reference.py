"""Eighty-Three reference play solver: hand-checked positions and cross-checks."""
import doctest

import pytest

from openhand.eightythree import Position, random_play_position
from openhand.eightythree import reference
from openhand.eightythree.reference import at_least, solve
from openhand.eightythree.rules import legal_cards, random_hands, trick_points
from openhand.seats import side_of


def test_doctests():
    result = doctest.testmod(reference)
    assert result.attempted > 0 and result.failed == 0


def test_off_five_must_follow_and_gets_dragged():
    # Spades trumps, off-five 5C.  N leads KS: E's 5C is E's only trump and
    # must follow, S's 9S and W's QS too; KS wins 25+5+9+20 = 59, then AH
    # takes an empty trick.  Leading AH instead: E plays 5C (a trump) and the
    # defence makes N-S lose QS and, at best for N-S, 34 (see the doctest).
    pos = Position.from_deal("N:K.A.. .2..5 9.3.. Q..4.", trump="S", bidder="N")
    r = solve(pos)
    assert (r.value, r.moves, r.maximizing) == (59, {"KS": 59, "AH": 34}, True)
    pos.play("AH")
    r = solve(pos)
    # E 2H: S follows 3H, W ruffs with QS (20 to E-W), KS later takes 5C+9S: 39.
    # E 5C: S 3H, W overtrumps QS (25 to E-W), KS later takes 9S: 34.
    assert (r.value, r.moves, r.maximizing) == (34, {"2H": 39, "5C": 34}, False)


def test_joker_wins_as_a_trump_on_a_plain_lead():
    # Diamonds trumps.  N: 9D AC; E: 4C JK; S: 3S 2C; W: 4S 3C.
    # 9D led: E must play the joker (a trump led, JK is E's only trump): 9D wins 24.
    # AC led: E may play 4C or trump with the joker; the joker wins the trick
    # (15 to E-W) and N's 9D still makes 9 later.  So AC is worth 9.
    pos = Position.from_deal("N:..9.A ...4+JK 3...2 4...3", trump="D", bidder="N")
    r = solve(pos)
    assert (r.value, r.moves) == (24, {"9D": 24, "AC": 9})
    pos.play("AC")
    assert solve(pos).moves == {"4C": 24, "JK": 9}


def test_off_five_beats_the_joker():
    # Hearts trumps: N leads the joker, E has no trump, S's 5D (off-five) wins: 15 + 5.
    pos = Position.from_deal("N:...+JK ..4. ..5. 3...", trump="H", bidder="N")
    assert solve(pos).value == 20
    # seen from the defenders (E bidder): E-W take nothing
    pos = Position.from_deal("N:...+JK ..4. ..5. 3...", trump="H", bidder="E", leader="N")
    r = solve(pos)
    assert (r.value, r.maximizing) == (0, False)


def test_defenders_bidding_side_and_mid_trick():
    # W bid; N led KS, E to play. E-W maximise.  Same cards as the first test.
    pos = Position.from_deal("N:.A.. .2..5 9.3.. Q..4.", trump="S", bidder="W", leader="N",
                             trick="KS")
    r = solve(pos)
    assert r.moves == {"5C": 0} and r.value == 0 and r.maximizing
    assert "E-W" in r.perspective


def _minimax(hands, leader, trick, trump, side):
    """Plain minimax, no pruning: the independent oracle of the oracle."""
    seat = (leader + len(trick)) % 4
    if not trick and not hands[leader]:
        return 0
    vals = []
    for c in legal_cards(hands[seat], trick, trump):
        nh = tuple(h - {c} if s == seat else h for s, h in enumerate(hands))
        nt = trick + (c,)
        if len(nt) == 4:
            w, pts = trick_points(nt, leader, trump)
            mine = pts if side_of(w) == side else 0
            vals.append(mine + _minimax(nh, w, (), trump, side))
        else:
            vals.append(_minimax(nh, leader, nt, trump, side))
    return max(vals) if side_of(seat) == side else min(vals)


@pytest.mark.parametrize("seed", range(40))
def test_matches_plain_minimax(seed):
    pos = random_play_position(seed, tricks_left=1 + seed % 3, trick_cards=seed % 4)
    hands = tuple(frozenset(h) for h in pos.hands)
    expected = _minimax(hands, pos.leader, tuple(pos.trick), pos.trump, pos.bidder_side)
    r = solve(pos)
    assert r.value == expected
    assert 0 <= r.value <= pos.points_in_play()


@pytest.mark.parametrize("seed", range(12))
def test_move_values_are_consistent(seed):
    pos = random_play_position(100 + seed, tricks_left=2 + seed % 3, trick_cards=seed % 4)
    r = solve(pos)
    pick = max if r.maximizing else min
    assert r.value == pick(r.moves.values())
    assert list(r.moves) == [str(c) for c in pos.legal_moves]
    side = pos.bidder_side
    for card, v in r.moves.items():
        before = pos.gained[side]
        pos.play(card)
        assert solve(pos, moves=False).value + pos.gained[side] - before == v
        pos.undo()
    # at_least counts the points already collected
    have = pos.points[side]
    assert at_least(pos, have + r.value) and not at_least(pos, have + r.value + 1)


def test_optimal_playout_realises_the_value():
    for seed in range(6):
        pos = random_play_position(200 + seed, tricks_left=3)
        side = pos.bidder_side
        start = pos.points[side]
        target = solve(pos, moves=False).value
        while not pos.is_over():
            r = solve(pos)
            pos.play(r.best_moves[0])
        assert pos.points[side] - start == target
        assert sum(pos.points) == 83


def test_five_trick_position_and_direct_hands():
    pos = random_play_position(7, tricks_left=5)
    r = solve(pos)
    assert r.value == (max if r.maximizing else min)(r.moves.values())
    assert 0 <= r.value <= pos.points_in_play() <= 83
    # random_hands: legal 6-card play deals with all ten scoring trumps
    hands, trump = random_hands(5)
    p = Position(hands, trump, bidder="S")
    assert p.points_in_play() == 83 and p.to_move == 2
    p2 = Position({s: sorted(h)[:3] for s, h in hands.items()}, trump, bidder="S")
    r2 = solve(p2)
    assert r2.value == _minimax(tuple(frozenset(h) for h in p2.hands), p2.leader, (), trump,
                                p2.bidder_side)


def test_finished_position():
    pos = Position.from_deal("N:...+JK ..4. ..5. 3...", trump="H", bidder="N", points=(10, 53))
    for c in ("JK", "4D", "5D", "3S"):
        pos.play(c)
    assert solve(pos).value == 0 and solve(pos).moves == {}
    assert at_least(pos, 30) and not at_least(pos, 31)
    assert pos.points == (30, 53) and pos.deal_scores(30) == (30, 53) and pos.deal_scores(31) == (-31, 53)
    assert pos.deal_scores(31, penalty="won") == (-30, 53) and pos.returns() == (30, 53)


def test_full_deal_signature():
    # A fixed 6-trick position: its value and node count are a regression
    # signature of the plain reference search (a change to either must say why).
    pos = random_play_position(1, tricks_left=6)
    assert pos.to_text() == "game=83; deal=N:7..Q32.A9 5..AKT6.+JK .8.J754.8 3.AT5.98.; trump=D; bidder=W; " \
                            "leader=W; points=0 0"
    r = solve(pos, moves=False)
    assert (r.value, r.nodes) == (80, 914575)
