"""The analysis of records (openhand.analysis and each game's Analyst):
hand-checked blunders flagged with the right cost, costs never negative,
each move's value equal to the next position's, and the costs of the two
sides adding up to the drop from the start's open-hand value to the
result; one solver reused."""
import random

import pytest

import openhand
from openhand.analysis import analyse, analyse_records
from openhand.records import Record, read_record
from openhand.sixtyfive import Position as P65
from openhand.sixtysix import Position as P66


def test_a_65_blunder_that_crosses_a_victory_point_line():
    # N-S have 20 and E-W 22 before the last two tricks (hands: N AS KH,
    # E 3S AH, S KS 3H, W QS QH).  Leading KH: E wins it with AH (E-W get
    # W's QH and the trick, 4; N-S the KH, AH and 3H, 7), then N's AS takes
    # the last trick (N-S: S's KS, 2 and 1, 6): N-S 13 more, 33 in all, 1 VP.
    # Leading AS: N-S 5 (KS and the trick), then E's AH wins the last (N-S:
    # KH, AH, 7): 12 more, 32 in all, and E-W (33) take the victory point.
    start = P65.from_deal("N:A.K.. 3.A.. K.3.. Q.Q..", leader="N", points=(20, 22), tricks=(5, 5))
    a = analyse(read_record(Record.from_state(start).to_text() + "AS 3S KS QS KH AH 3H QH"))
    first = a[0]
    assert (first.player, first.move, first.cost, first.best_moves) == ("N", "AS", 1, ["KH"])
    assert (first.deal_before, first.deal_after, first.values) == (33, 32, {"AS": 32, "KH": 33})
    assert first.facts == {"vp_before": 1, "vp_after": -1} and first.note == "N-S 1 VP -> E-W 1 VP"
    assert [s.cost for s in a[1:]] == [0] * 7
    assert a.result == (32, 33) and a.totals()["points"]["sides"] == {"N-S": 1, "E-W": 0}


def test_a_66_wrong_claim_costs_four_game_points():
    # Player 0 has 48 and both tricks to come (A+A over T+T, follow and
    # beat): playing on makes 90 against 30 (2 game points: the opponent
    # is under 33 with tricks); going out with 48 is a wrong claim (the
    # opponent scores 2): 2 - (-2) = 4.
    p = P66(["A.A..", "T.T.."], [], trump="S", leader=0, points=[48, 30], tricks=[5, 5])
    a = analyse(p, ["out"])
    s = a[0]
    assert (s.move, s.cost, s.deal_before, s.deal_after, s.units) == ("out", 4, 2, -2, "game points")
    assert s.facts["decision"] == {"made": "out", "best": ["play"]} and "out instead of play" in s.note
    a = analyse(p, ["AS", "TS", "AH", "TH"])      # playing on: the follower must follow and cannot beat
    assert [x.cost for x in a] == [0, 0, 0, 0] and a.result == (2, 0)
    assert a[0].facts["points_best"] == 70 and a[0].facts["points_cost"] == 0


def test_a_66_move_that_costs_a_game_point_but_no_card_points():
    # Stock exhausted, spades trumps, player 0 (62) leads to the last three
    # tricks holding AS KH 9C against TC QH 9D; player 1 has 30 and a trick.
    # AS or KH first (player 1 has no trump, must follow KH with QH) takes
    # player 0 to 66+ with player 1 under 33: out for 2 game points.  9C
    # first is beaten by TC (player 1 must follow and beat): player 1 has
    # 40, and player 0's two tricks after it are worth 1 game point only.
    # In card points played out (no claims) 9C is as good as KH: player 0
    # then takes the last two tricks, 90 against 40 (a margin of 50); AS
    # first lets player 1 unguard QH and take the last trick: 30 at best.
    p = P66(["A.K..9", ".Q.9.T"], [], trump="S", leader=0, points=[62, 30], tricks=[5, 4])
    s = analyse(p, ["9C"])[0]
    assert (s.move, s.cost, s.units, sorted(s.best_moves)) == ("9C", 1, "game points", ["AS", "KH"])
    assert (s.facts["points_best"], s.facts["points_value"], s.facts["points_cost"]) == (50, 50, 0)
    assert s.note == "costs 1 game point"                 # not "gives away 0 card points"
    s = analyse(p, ["AS"])[0]                             # the best in game points, 20 worse in card points
    assert (s.cost, s.facts["points_cost"], s.note) == (0, 20, "gives away 20 card points")
    s = analyse(p, ["KH"])[0]
    assert (s.cost, s.facts["points_cost"], s.note) == (0, 0, "")


def chained(analysis, analyst_other):
    """Check the invariants of one analysed deal, per unit."""
    game = analysis.game
    groups = {}
    for s in analysis:
        assert s.cost >= 0
        assert (s.cost == 0) == (s.move in s.best_moves)
        if s.units:
            groups.setdefault(s.units, []).append(s)
    for units, steps in groups.items():
        side = steps[0].side

        def seen(step, v):
            return v if step.side == side else analyst_other(units, v)
        for a, b in zip(steps, steps[1:]):     # a move's value is the next position's
            if a.number + 1 == b.number:
                assert seen(a, a.deal_after) == seen(b, b.deal_before), (units, a, b)
        own = sum(s.cost for s in steps if game.side_names[game.side_of(s.player)] == side)
        other = sum(s.cost for s in steps) - own
        drop = seen(steps[0], steps[0].deal_before) - seen(steps[-1], steps[-1].deal_after)
        assert drop == own - other, (units, drop, own, other)
    return groups


def random_line(state, rng, n=None):
    moves = []
    s = state.copy()
    while not s.is_over() and (n is None or len(moves) < n):
        m = rng.choice(list(s.legal_moves))
        moves.append(str(m))
        s.play(m)
    return moves, s


@pytest.mark.parametrize("seed", range(4))
def test_65_costs_add_up_to_the_drop_from_the_start_to_the_result(seed):
    from openhand.sixtyfive import random_position
    from openhand.sixtyfive.analysis import Analyst
    start = random_position(seed, tricks_left=5).without_history()
    moves, end = random_line(start, random.Random(seed))
    a = analyse(start, moves)
    chained(a, Analyst(openhand.load_game("65"), solve=lambda s: None).other_side)
    assert a[-1].deal_after == end.returns()[0] == a.result[0]


@pytest.mark.parametrize("seed", range(6))
def test_66_costs_add_up_in_game_points_and_card_points(seed):
    game = openhand.load_game("66")
    start = game.new_state(seed=seed, dealer=seed % 2)
    moves, end = random_line(start, random.Random(seed))
    a = analyse(start, moves)
    chained(a, lambda units, v: -v)
    r = end.returns()
    last = a[-1]
    assert (last.deal_after if last.side == "player 0" else -last.deal_after) == r[0] - r[1]
    for s in a:
        if "points_cost" in s.facts:
            assert s.facts["points_cost"] >= 0


@pytest.mark.parametrize("seed", [0, 2])
def test_83_whole_deal_auction_and_play(seed):
    from openhand.eightythree.deal import random_move
    game = openhand.load_game("83")
    start = game.new_state(seed=seed)
    rng = random.Random(seed)
    s = start.copy()
    while not s.is_over():
        s.play(random_move(s, rng))
    record = Record.from_state(s)
    a = analyse(record, bids="fast")
    groups = chained(a, lambda units, v: -v if units == "score margin" else 83 - v)
    assert set(groups) == {"score margin", "points"}
    bids = groups["score margin"]
    assert [x.kind for x in bids] == ["bid"] * len(bids) and bids[0].number == 1
    auction = a.summary
    assert auction["bid_table"]["mode"] == "fast" and len(auction["bid_table"]["rows"]) == 16
    # the par value is the first bid's best value (the open-hand auction from the start)
    assert auction["par"]["margin"] == bids[0].deal_before
    play = groups["points"]
    assert play[0].kind == "trumps" and play[-1].deal_after == s.score()[s.bidder % 2] == s.score()[
        0 if s.bidder in (0, 2) else 1]
    for x in play:
        assert x.facts["bid"] == openhand.eightythree.rules.bid_text(s.high_bid)


def test_83_auction_values_follow_the_bid_table():
    from openhand.eightythree.feasibility import BidRow, BidTable
    from openhand.eightythree.par import Auction
    # N can make 45 in spades, every other seat and suit 20 (W deals, N
    # speaks first).  N may buy the deal at 30 (N-S 45, E-W 38: margin 7);
    # a bid N cannot make loses it (46: N-S -46, E-W 38).  Better still, N
    # passes: whoever of E-W buys the deal then fails at 30 or more, and if
    # all pass, the dealer W must bid: N-S take 63 and E-W lose 30 (93).
    rows = [BidRow(s, t, 45 if (s, t) == ("N", "S") else 20, None, False) for s in "NESW" for t in "SHDC"]
    par = Auction(BidTable("", "exact", rows), dealer=3)
    start = par.start()
    values = par.move_values(start)
    assert (values["30"], values["46"], values["pass"]) == (45 - 38, -46 - 38, 63 + 30)
    assert par.value(start) == 93 and par.line(start) == ["pass", "pass", "pass", "30"]
    # with penalty 'won' a failed bid loses what was taken: W's forced 30 loses 20
    par = Auction(BidTable("", "exact", rows), dealer=3, penalty="won")
    assert par.value(start) == 63 + 20


def test_an_interrupted_analysis_keeps_what_is_done():
    start = openhand.load_game("66").new_state(seed=3, dealer=0)
    moves, _ = random_line(start, random.Random(3))
    calls = []

    def stop(i, step):
        calls.append(i)
        if i == 2:
            raise KeyboardInterrupt
    a = analyse(start, moves, progress=stop, keep_partial=True)
    assert not a.complete and len(a) == 3 and a.result is None
    with pytest.raises(KeyboardInterrupt):
        analyse(start, moves, progress=stop)


def test_a_match_file_is_analysed_deal_by_deal_with_one_solver():
    from openhand.records import load_records
    import pathlib
    records = load_records(pathlib.Path(__file__).resolve().parent.parent / "examples" / "66-match.txt")
    seen = []
    out = analyse_records(records, progress=lambda d, i, s: seen.append(d))
    assert len(out) == len(records) and sorted(set(seen)) == list(range(len(records)))
    for a, r in zip(out, records):
        assert a.result == r.returns() and a.tags == r.tags
        chained(a, lambda units, v: -v)


@pytest.mark.parametrize("game_id", ["65", "66", "83"])
def test_the_python_reference_analyses_alike(game_id):
    from openhand.eightythree import random_play_position
    from openhand.sixtyfive import random_position as r65
    from openhand.sixtysix import random_position as r66
    start = {"65": lambda: r65(7, tricks_left=2, trick_cards=1).without_history(),
             "66": lambda: r66(7, max_stock=0).without_history(),
             "83": lambda: random_play_position(7, tricks_left=2)}[game_id]()
    moves, _ = random_line(start, random.Random(7))
    game = start.get_game()
    fast = analyse(start, moves, solver=game.solver(implementation="cpp"))
    slow = analyse(start, moves, solver=game.solver(implementation="python"))
    assert [s.to_dict() for s in fast] == [s.to_dict() for s in slow] and len(fast) == len(moves)
