"""65: rules, reference solver, C++ solver, thresholds, bad input, CLI."""
import json
import random

import pytest

from openhand import cli
from openhand.errors import CardError, DealError, IllegalMoveError, OpenhandError, PositionError
from openhand.game import state_from_text
from openhand.sixtyfive import Match, Position, Solver, random_position, reference, victory_points
from openhand.sixtyfive.rules import trick_points
from openhand.cards import Card

CPP = Solver(implementation="cpp")  # the C++ core must be built: no silent fallback


# ---------------------------------------------------------------- rules
def test_collection_rule_hand_checked():
    # N leads AH, E 3H, S KH, W 5S (ruff).  W wins; W's partner E's 3H (0
    # points) goes to E-W with the 2 trick points; N-S take AH, KH, 5S = 7.
    cards = [Card("AH"), Card("3H"), Card("KH"), Card("5S")]
    assert trick_points(cards, leader=0, last=False) == (3, (7, 2))
    # Same trick as the last one: E-W also get the +1.
    assert trick_points(cards, leader=0, last=True) == (3, (7, 3))
    # N wins with AS: partner S's QS to N-S (2 + 2), E-W take AS, KS, JS.
    cards = [Card("AS"), Card("KS"), Card("QS"), Card("JS")]
    assert trick_points(cards, leader=0, last=False) == (0, (4, 8))


def test_follow_suit_and_trumps():
    pos = Position.from_deal("N:.A..3 5.4.. .K.6. .7.8.", leader="N")
    pos.play("AH")
    assert [str(c) for c in pos.legal_moves] == ["4H"]  # E must follow
    with pytest.raises(IllegalMoveError, match="must follow"):
        pos.play("5S")
    pos.play("4H")
    pos.play("KH")
    pos.play("7H")
    assert pos.winners == (0,)


def test_void_player_may_ruff_or_discard():
    pos = Position.from_deal("N:.A.3. 3..4. .K.5. .Q.6.", leader="N")
    pos.play("AH")
    assert {str(c) for c in pos.legal_moves} == {"3S", "4D"}
    pos.play("3S")
    pos.play("KH")
    pos.play("QH")
    assert pos.winners == (1,)  # the lowest trump beats the ace of hearts


@pytest.mark.parametrize("seed", range(40))
def test_random_deals_total_65(seed):
    rng = random.Random(seed)
    pos = Position.random(seed=seed)
    while not pos.is_over():
        pos.play(rng.choice(pos.legal_moves))
    assert sum(pos.points) == 65
    assert len(pos.history) == 48 and len(pos.winners) == 12
    ns, ew = pos.points
    assert sorted(pos.victory_points()) in ([0, 1], [0, 2])
    assert victory_points(max(ns, ew)) >= 1


def test_undo_restores_everything():
    pos = Position.random(seed=11)
    before = repr(pos)
    rng = random.Random(1)
    for _ in range(30):
        pos.play(rng.choice(pos.legal_moves))
    for _ in range(30):
        pos.undo()
    assert repr(pos) == before and pos.gained == (0, 0)


def test_repr_round_trip_mid_trick():
    pos = random_position(seed=3, tricks_left=4, trick_cards=2)
    again = eval(repr(pos), {"state_from_text": state_from_text})
    assert repr(again) == repr(pos)
    assert again.points == pos.points


def test_victory_points_and_match():
    assert [victory_points(x) for x in (32, 33, 40, 41, 65)] == [0, 1, 1, 2, 2]
    m = Match(seed=9)
    first_dealer = m.dealer
    rng = random.Random(0)
    while not m.is_over():
        pos = m.new_deal()
        assert pos.leader == (m.dealer + 1) % 4
        while not pos.is_over():
            pos.play(rng.choice(pos.legal_moves))
        m.finish_deal(pos)
    assert max(m.scores) >= 5 and m.winner in (0, 1)
    assert m.dealer == (first_dealer + len(m.deals)) % 4
    with pytest.raises(IllegalMoveError):
        m.new_deal()


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize("deal, error, words", [
    ("AKQ... ... ... ...", DealError, "must start with a seat"),
    ("N:AKQ.JT9.876 E:... S:... W:...", DealError, "4 suits"),
    ("N:AKQ.JT9.876.543 E:AKQ.JT9.876.543", DealError, "2 hands"),
    ("N:A... K... Q... A...", DealError, "AS is in both"),
    ("N:AK... Q... J... T...", DealError, "equal size"),
    ("N:A... 2... Q... J...", DealError, "not in this game's deck"),
    ("N:A... X... Q... J...", DealError, "unknown rank 'X'"),
    ("N:A... S:K... E:Q... W:J...", DealError, "hand 2 is labelled S:, but clockwise from N it is E's"),
])
def test_bad_deals(deal, error, words):
    with pytest.raises(error, match=words):
        Position.from_deal(deal, "N")


def test_deal_with_every_seat_labelled():
    # The issue's own spelling, "N:... E:... S:... W:...", names every hand.
    labelled = Position.from_deal("W:3.A.. N:A.K.. E:Q.Q.. S:K.3..", "N")
    plain = Position.from_deal("N:A.K.. Q.Q.. K.3.. 3.A..", "N")
    assert labelled.hands == plain.hands
    assert Solver().solve(labelled).moves == Solver().solve(plain).moves


def test_other_bad_input():
    for score in (-1, 66, 40.5):
        with pytest.raises(PositionError, match="deal score"):
            victory_points(score)
    with pytest.raises(PositionError, match="target must be an integer"):
        Match(seed=1, target=2.5)
    with pytest.raises(CardError, match="unknown card 'ZZ'"):
        Card("ZZ")
    with pytest.raises(PositionError, match="unknown seat"):
        Position.from_deal("N:A... K... Q... J...", "X")
    with pytest.raises(DealError, match="hand sizes"):
        Position.from_deal("N:A.K.. Q.3.. J.4.. T.5..", "N", trick="9S")  # N still holds 2
    with pytest.raises(PositionError, match="could not play 3S"):
        Position.from_deal("N:A... .A.. K.3.. Q.Q..", "N", trick="KH 3S")
    with pytest.raises(PositionError, match="add up"):
        Position.from_deal("N:A... K... Q... J...", "N", points=(10, 10))
    pos = Position.from_deal("N:A.K.. 3.A.. K.3.. Q.Q..", "N")
    with pytest.raises(IllegalMoveError, match="does not hold"):
        pos.play("QS")
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        pos.undo()
    for solver in (CPP, Solver(implementation="python")):
        with pytest.raises(PositionError):
            solver.solve("N:A... K... Q... J...")
    assert issubclass(OpenhandError, ValueError)


@pytest.mark.parametrize("kwargs,match", [
    (dict(tricks_left=2.5), "tricks_left must be an integer, got 2.5"),        # was played to 2 tricks left
    (dict(tricks_left=True), "tricks_left must be an integer, got True"),      # was taken as 1
    (dict(tricks_left="3"), "tricks_left must be an integer"),                 # was TypeError
    (dict(tricks_left=3, trick_cards=1.5), "trick_cards must be an integer"),  # was played to 2 cards
    (dict(tricks_left=3, trick_cards=True), "trick_cards must be an integer"), # was taken as 1
    (dict(tricks_left=3, trick_cards="1"), "trick_cards must be an integer"),  # was TypeError
    (dict(tricks_left=13), "no position has 13 tricks left"),
    (dict(trick_cards=4), "no position has 12 tricks left and 4 cards"),
])
def test_random_position_checks_its_arguments(kwargs, match):
    with pytest.raises(PositionError, match=match):
        random_position(seed=3, **kwargs)
    p = random_position(seed=3, tricks_left=3, trick_cards=1)
    assert (p.tricks_left, len(p.trick)) == (3, 1)


@pytest.mark.parametrize("trick_cards", [1, 2, 3])
def test_random_position_in_the_first_trick(trick_cards):
    # the first trick in progress: 12 tricks left (the current one included), as in 83
    p = random_position(seed=3, tricks_left=12, trick_cards=trick_cards)
    assert (p.tricks_left, len(p.trick), p.points) == (12, trick_cards, (0, 0))
    assert sum(len(h) for h in p.hands) == 48 - trick_cards


# What random_position and the batch runs' dealt_state gave before their
# random play was lifted into rules.play_down_to (computed with the code
# before the change): seeded positions must stay the same.
SEEDED_POSITIONS = [
    (1, 12, 0, "game=65; dealer=E; deal=N:KQ8.Q743.543.AJ A965.KT.AJ.QT97 T74.J95.86.K853 J3.A86.KQT97.64; "
               "leader=S; points=0 0; tricks=0 0"),
    (2, 9, 0, "game=65; dealer=S; deal=N:QJ.KT.A8764.983 AT98.Q85.Q.QT76 73.A74.KJT95.A5 K654.J963.3.KJ4; "
              "leader=W; points=0 0; tricks=0 0; moves=KS, QS, AS, 3S, 8S, 7S, 5S, JS, 3C, QC, AC, JC"),
    (4, 3, 2, "game=65; dealer=S; deal=N:AKQJ94.85.3.K85 863.AK4.AT7.AQJ 75.J963.KQ84.94 T.QT7.J965.T763; "
              "leader=W; points=0 0; tricks=0 0; moves=QH, 5H, KH, 9H, 6S, 7S, TS, JS, 8C, QC, 9C, 7C, JC, 4C, "
              "6C, KC, KS, 3S, 5S, TH, 5C, AC, 4D, 3C, AH, JH, 7H, 8H, AD, KD, 6D, 3D, 4H, 6H, 9D, 4S, QS, 8S"),
    (11, 7, 1, "game=65; dealer=E; deal=N:Q543.975.5.K865 JT6.AKQJT.764.4 A97.643.AKJ.A97 K8.8.QT983.QJT3; "
               "leader=S; points=0 0; tricks=0 0; moves=JD, 8D, 5D, 4D, 9C, JC, 8C, 4C, 3C, KC, TS, 7C, QH, 6H, "
               "8H, 5H, JS, 7S, 8S, 3S, 7D"),
]
DEALT_UNDER_CONSTRAINTS = [      # dealt_states("65", 2, 7, "value", {"tricks": 8}, "N: AS, -KS")
    "game=65; dealer=N; deal=N:A3.A9743.A96.93 QJ.QT5.53.AKT84 T4.KJ8.QJT.QJ75 K98765.6.K874.6; leader=E; "
    "points=0 0; tricks=0 0; moves=TC, QC, 6C, 3C, 5C, 8D, 9C, 8C, AD, 3D, JD, 7D, 9H, QH, 8H, 6H",
    "game=65; dealer=W; deal=N:A96.QT96.K86.K7 KT83.J754.54.J6 J4.8.AJT93.T983 Q75.AK3.Q7.AQ54; leader=N; "
    "points=0 0; tricks=0 0; moves=9S, TS, 4S, 7S, 4D, TD, QD, 8D, 5C, 7C, 6C, 8C, TC, AC, KC, JC",
]


@pytest.mark.parametrize("seed,tricks_left,trick_cards,text", SEEDED_POSITIONS)
def test_seeded_random_positions_stay_the_same(seed, tricks_left, trick_cards, text):
    assert random_position(seed=seed, tricks_left=tricks_left, trick_cards=trick_cards).to_text() == text


def test_constrained_batch_deals_play_down_as_before():
    from openhand.constrained import dealt_states
    states = dealt_states("65", 2, 7, "value", {"tricks": 8}, "N: AS, -KS")
    assert [s.to_text() for s in states] == DEALT_UNDER_CONSTRAINTS


# ---------------------------------------------------------------- solvers
def test_hand_checked_value():
    # KH first: E must win with AH, N-S keep KH+AH (7); then AS wins the last
    # trick with partner's KS (3 + 2 + 1) = 13.  AS first gives 5 + 7 = 12.
    pos = Position.from_deal("N:A.K.. 3.A.. K.3.. Q.Q..", leader="N")
    for solver in (CPP, Solver(implementation="python")):
        r = solver.solve(pos)
        assert (r.value, r.moves) == (13, {"AS": 12, "KH": 13})


def _positions(count, seed):
    rng = random.Random(seed)
    for i in range(count):
        k = rng.randint(2, 5)
        yield random_position(seed=rng.random(), tricks_left=k, trick_cards=rng.choice((0, 0, 1, 2, 3)))


@pytest.mark.parametrize("chunk", range(10))
def test_cpp_matches_reference(chunk):
    """500 seeded positions: 2..5 tricks left, trick start and mid-trick."""
    leaders = set()
    for pos in _positions(50, seed=1000 + chunk):
        ref = reference.solve(pos)
        fast = CPP.solve(pos)
        assert fast.value == ref.value, repr(pos)
        assert fast.moves == ref.moves, repr(pos)
        assert ref.value == (max if ref.maximizing else min)(ref.moves.values())
        leaders.add(pos.leader)
    assert leaders == {0, 1, 2, 3}


@pytest.mark.parametrize("chunk", range(3))
def test_thresholds_agree_with_value(chunk):
    for pos in _positions(20, seed=2000 + chunk):
        value = CPP.solve(pos, moves=False).value
        have = pos.points[0]
        for target in (33, 41, have + value, have + value + 1):
            expected = have + value >= target
            assert CPP.at_least(pos, target) == expected
            assert reference.at_least(pos, target) == expected


@pytest.mark.parametrize("implementation", ["cpp", "python"])
def test_threshold_targets(implementation):
    solver = Solver(implementation=implementation)
    pos = Position.from_deal("N:A.K.. 3.A.. K.3.. Q.Q..", "N")  # worth 13 to N-S
    # Out of range, or settled by what is already collected: no search.
    assert solver.at_least(pos, -5) and not solver.at_least(pos, 10 ** 30)
    for bad in (13.5, "33", True, None):  # 13.5 once passed as 13 to the core
        with pytest.raises(PositionError, match="target must be an integer"):
            solver.at_least(pos, bad)


def test_optimal_playout_reaches_the_value_and_65():
    pos = random_position(seed=77, tricks_left=6)
    start_ns = pos.points[0]
    value = CPP.solve(pos, moves=False).value
    while not pos.is_over():
        r = CPP.solve(pos)
        pos.play(r.best_moves[0])
    assert pos.points[0] - start_ns == value
    assert sum(pos.points) == 65


def test_table_cap_is_respected():
    small = Solver(table_mb=1, implementation="cpp")
    pos = random_position(seed=5, tricks_left=6)
    assert small.solve(pos).value == CPP.solve(pos).value
    with pytest.raises(PositionError):
        Solver(table_mb=0)


def test_a_cap_beyond_the_address_space_maps_what_it_can():
    huge = Solver(table_mb=10 ** 9, implementation="cpp")  # 1 PiB
    pos = random_position(seed=5, tricks_left=6)
    assert huge.solve(pos).value == CPP.solve(pos).value


# ---------------------------------------------------------------- CLI
def test_cli_json(capsys):
    assert cli.main(["solve", "65", "N:A.K.. 3.A.. K.3.. Q.Q..", "--leader", "N", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["game"], out["side"], out["value"], out["moves"]) == ("65", "N-S", 13, {"AS": 12, "KH": 13})
    assert (out["so_far"], out["deal_value"], out["best_moves"]) == (0, 13, ["KH"])


def test_cli_deal_spellings(capsys):
    # Unquoted (the shell splits the hands) and with every seat labelled,
    # as the issue writes deals: the same position as the plain string.
    for argv in (["N:A.K..", "3.A..", "K.3..", "Q.Q.."], ["N:A.K.. E:3.A.. S:K.3.. W:Q.Q.."]):
        assert cli.main(["solve", "65", *argv, "--leader", "N", "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert (out["value"], out["moves"]) == (13, {"AS": 12, "KH": 13})
    assert cli.main(["solve", "65", "--random", "--trick", "AS"]) == 2   # a usage error
    assert "--trick applies to a PBN deal, not to --random" in capsys.readouterr().err


def test_cli_reach_agrees_with_the_value(capsys):
    pos = random_position(seed=11, tricks_left=6)
    have = pos.points[0]
    total = have + CPP.solve(pos, moves=False).value
    argv = ["solve", "65", "--random", "--seed", "11", "--tricks", "6"]
    assert cli.main(argv + ["--reach", str(total), "--reach", str(total + 1), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"game": "65", "side": "N-S",
                                                   "at_least": {str(total): True, str(total + 1): False}}
    assert cli.main(argv + ["--reach", "33"]) == 0
    assert f"N-S can reach 33: {'yes' if total >= 33 else 'no'}" in capsys.readouterr().out


def test_cli_table_and_errors(capsys):
    assert cli.main(["solve", "65", "N:A.K.. 3.A.. K.3.. Q.Q..", "--leader", "N"]) == 0
    out = capsys.readouterr().out
    assert "KH" in out and "13" in out
    assert cli.main(["solve", "65", "N:A.K.. 3.A.. K.3.. Q.Q.", "--leader", "N"]) == 2
    assert "4 suits" in capsys.readouterr().err
    assert cli.main(["solve", "99"]) == 2
