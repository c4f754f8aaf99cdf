"""Sixty-Six rules engine and position format: scripted cases and invariants."""
import json
import random

import pytest

from openhand.cards import Card
from openhand.errors import CardError, DealError, IllegalMoveError, PositionError
from openhand.sixtysix import Match, Move, Position, random_position
from openhand.game import state_from_text
from openhand.sixtysix.deck import DECK, HAND_SIZE, card_points
from openhand.sixtysix.rules import counted, deal_result, final_points, is_over, legal_actions, step


def names(pos):
    return [str(a) for a in pos.legal_moves]


def cards(text):
    return [Card(t) for t in text.split()]


# ------------------------------------------------------------------ deck, deal
def test_deck_points_and_order():
    assert len(DECK) == 24
    assert sum(card_points(c) for c in DECK) == 120
    assert [card_points(Card(t)) for t in "AS TS KS QS JS 9S".split()] == [11, 10, 4, 3, 2, 0]


def test_seeded_deal_layout():
    p = Position.deal(seed=42, dealer=0)
    assert p.leader == 1 and p.to_move == 1          # the non-dealer leads trick 1
    assert [len(h) for h in p.hands] == [6, 6]
    assert len(p.stock) == 12 and p.trump_card == p.stock[-1] and p.trump == p.trump_card.suit
    assert p.points == (0, 0) and p.tricks == (0, 0) and p.closed_by is None
    everything = set(p.hands[0]) | set(p.hands[1]) | set(p.stock)
    assert everything == set(DECK)
    assert Position.deal(seed=42, dealer=0) == p
    assert Position.deal(seed=42, dealer=1).leader == 0
    assert Position.deal(seed=43, dealer=0) != p


# ------------------------------------------------------------------ stock phase
def stock_phase():
    """Player 0 leads and holds the diamond marriage; stock JS 9S QS KC QC JH
    (trump hearts, JH face up); 9H is already played; tricks 2-1."""
    return Position(["AT..KQ.J9", "K.AT.9.AT"], "JS 9S QS KC QC JH", leader=0,
                    points=[19, 11], tricks=[2, 1])


def test_stock_phase_actions_and_marriage_then_close():
    p = stock_phase()
    assert p.trump_card == Card("JH") and p.trump == 1
    assert names(p) == ["out", "marriage D out", "close", "marriage KD", "marriage QD",
                        "AS", "TS", "KD", "QD", "JC", "9C"]
    p.play("close")
    assert p.closed_by == 0 and p.closed_opponent_won is True
    # a marriage may still be shown in the closing turn; no second close, no exchange
    assert names(p) == ["out", "marriage D out", "marriage KD", "marriage QD",
                        "AS", "TS", "KD", "QD", "JC", "9C"]
    p.play("marriage QD")
    assert p.score()[0] == 39 and p.marriages == ("D", "")
    assert names(p) == ["9D"]                        # strict: follow diamonds (cannot beat)
    p.play("9D")
    assert p.points == (22, 11) and len(p.stock) == 6   # no draw after closing
    assert [len(h) for h in p.hands] == [5, 5]
    assert names(p) == ["out", "AS", "TS", "KD", "JC", "9C"]   # no marriage, close or exchange now
    with pytest.raises(IllegalMoveError, match="closed"):
        p.play("close")


def test_stock_phase_no_duty_and_draw_order():
    p = stock_phase()
    p.play("9C")
    assert names(p) == ["KS", "AH", "TH", "9D", "AC", "TC"]   # any card
    p.play("9D")                                   # a different non-trump: the led 9C wins
    assert p.leader == 0 and p.points == (19, 11) and p.tricks == (3, 1)
    assert Card("JS") in p.hands[0] and Card("9S") in p.hands[1]   # winner draws first
    assert p.stock == cards("QS KC QC JH") and [len(h) for h in p.hands] == [6, 6]
    p.play("JC")
    p.play("TH")                                   # a trump beats a non-trump
    assert p.leader == 1 and p.points == (19, 23)
    assert Card("QS") in p.hands[1] and Card("KC") in p.hands[0]
    p.play("AC")
    p.play("KC")                                   # same suit, higher wins: AC
    assert p.leader == 1 and p.points == (19, 38) and p.stock == [] and p.trump_card is None
    assert Card("QC") in p.hands[1] and Card("JH") in p.hands[0]   # the loser takes the trump card
    assert p.is_strict() and "close" not in names(p)


def test_marriage_pending_until_first_trick():
    p = Position.deal(seed=7, dealer=1)             # player 0 holds KD QD, trump hearts
    assert p.tricks == (0, 0) and "out" not in names(p)   # no plain claim before trick 1
    p.play("marriage KD")
    assert p.marriages == ("D", "") and p.score()[0] == 0 and p.pending(0) == 20
    follow = [a for a in names(p) if Card(a).suit == 1]   # a heart (trump) wins for player 1
    p.play(follow[0])
    assert p.tricks == (0, 1) and p.score()[0] == 0 and p.pending(0) == 20
    r = p.copy()
    r = Position._from_snapshot(r.snapshot._replace(tricks=(1, 1)))    # once a trick is won, the 20 counts
    assert r.score()[0] == 20 + r.points[0] and r.pending(0) == 0


@pytest.mark.parametrize("player", [-1, 2, True, "0"])
def test_pending_checks_the_player(player):
    p = Position.deal(seed=7, dealer=1)
    p.play("marriage KD")
    assert p.pending(0) == 20 and p.pending(1) == 0
    with pytest.raises(PositionError, match="player must be player 0 or 1"):
        p.pending(player)           # -1 answered for player 1, 2 raised IndexError


def test_trump_marriage_is_40_and_claim_after_marriage():
    p = Position(["AK.KQ..TJ", "TQ9.A..AK"], "9D JS TH 9H JD QD", leader=0,
                 points=[21, 9], tricks=[2, 1])
    p.play("marriage H out")                        # hearts not trump here: 21 + 20, wrong
    assert p.is_over() and p.score()[0] == 41 and p.result() == (0, 2)
    assert p.undo() == "marriage H out" and p.marriages == ("", "")
    t = Position(["AK..KQ.TJ", "TQ9.A..AK"], "JH AD", leader=0,
                 points=[34, 0], tricks=[5, 0])      # trump diamonds: K+Q of trumps = 40
    assert t.trump == 2 and "marriage D out" in names(t)
    t.play("marriage D out")
    assert t.score()[0] == 74 and t.result() == (3, 0)   # the opponent has no trick: 3


def test_exchange_rules():
    # player 1 holds 9D (trump diamonds, QD face up) and has won a trick
    base = dict(hands=["AK.KQ..TJ", "TQ9.A.9.K"], stock="AC JS TH 9H JD QD", trump="D")
    p = Position(**base, leader=1, points=[21, 9], tricks=[2, 1])
    assert names(p)[:3] == ["out", "exchange", "close"]
    p.play("exchange")
    assert p.trump_card == Card("9D") and Card("QD") in p.hands[1] and Card("9D") not in p.hands[1]
    assert names(p)[:2] == ["out", "close"]          # one exchange, then close or lead
    p.play("close")
    assert "exchange" not in names(p)
    # no trick won yet: no exchange
    q = Position(**base, leader=1, points=[30, 0], tricks=[3, 0])
    assert "exchange" not in names(q)
    with pytest.raises(IllegalMoveError, match="has not won a trick"):
        q.play("exchange")
    # the follower cannot exchange
    r = Position(**base, leader=0, points=[21, 9], tricks=[2, 1])
    r.play("AS")
    assert "exchange" not in names(r)
    with pytest.raises(IllegalMoveError, match="must follow"):
        r.play("exchange")
    # closed by the opponent earlier: no exchange
    s = Position(["AK.KQ..T", "TQ9.A.9."], "AC JS TH 9H JD QD", trump="D", leader=1,
                 points=[18, 18], tricks=[2, 2], closed_by=0)
    assert "exchange" not in names(s) and "close" not in names(s)


def test_no_marriage_when_stock_exhausted_at_turn_start():
    # stock empty: strict play; the leader holds K+Q of spades but may not meld
    p = Position(["KQ.A..", "AT.9.."], [], trump="H", leader=0, points=[51, 30], tricks=[5, 4])
    assert names(p) == ["out", "KS", "QS", "AH"]
    with pytest.raises(IllegalMoveError, match="no marriage"):
        p.play("marriage KS")


@pytest.mark.parametrize("hand,led,want", [
    # follower's hand, led card, legal answers (trump spades, stock exhausted)
    ("A.A9.J.", "KH", ["AH"]),                      # must beat with the same suit
    ("A.J9.J.", "KH", ["JH", "9H"]),                # cannot beat: follow anyway
    ("A..A.TJ", "9C", ["TC", "JC"]),                # can follow: no trumping
    ("AJ...T9", "KH", ["AS", "JS"]),                # void: must trump
    ("..JT.A9", "KH", ["TD", "JD", "AC", "9C"]),    # void, no trump: any card
    ("TJ.A..9", "AS", ["TS", "JS"]),                # trump led, cannot beat: follow trumps
    ("AJ.A..9", "TS", ["AS"]),                      # trump led: beat it if able
])
def test_strict_follow_rules(hand, led, want):
    hand_cards = _hand(hand)
    rest = [c for c in sorted(DECK) if c not in hand_cards and c != Card(led)]
    leader_hand = rest[:len(hand_cards) - 1]
    played = rest[len(hand_cards) - 1:]
    pts = sum(card_points(c) for c in played)
    ntricks = len(played) // 2
    p = Position([hand, leader_hand], [], trump="S", leader=1, trick=led,
                 points=[pts // 2, pts - pts // 2], tricks=[ntricks // 2, ntricks - ntricks // 2])
    assert names(p) == want
    assert p.is_strict()


def _hand(text):
    from openhand.cards import parse_hand
    return set(parse_hand(text))


# ------------------------------------------------------------------ scoring
def finished(points, tricks, out=None, leader=0, closed_by=None, opp_won=None, hands=("9.9..", "..9.9"),
             stock=(), trump="S", marriages=((), ())):
    return Position(list(hands), list(stock), trump=trump, leader=leader, points=list(points),
                    tricks=list(tricks), out=out, closed_by=closed_by, closed_opponent_won=opp_won,
                    marriages=marriages)


@pytest.mark.parametrize("points,tricks,out,want", [
    ((80, 40), (6, 4), 0, (1, 0)),       # opponent 33 or more: 1
    ((90, 30), (7, 3), 0, (2, 0)),       # under 33 with a trick: 2
    ((120, 0), (10, 0), 0, (3, 0)),      # no trick: 3
    ((60, 60), (5, 5), 0, (0, 2)),       # wrong claim: the opponent scores 2
    ((40, 80), (4, 6), 1, (0, 1)),
])
def test_claim_scores(points, tricks, out, want):
    p = finished(points, tricks, out=out, leader=out)
    assert p.is_over() and p.legal_moves == [] and p.result() == want


def test_wrong_claim_against_player_without_trick():
    p = Position(["AT.AT..", "..AT.AT"], [], trump="S", leader=0, points=[36, 0], tricks=[8, 0], out=0)
    assert p.result() == (0, 3)


@pytest.mark.parametrize("out,points,tricks,opp_won,want", [
    (0, (80, 40), (7, 3), False, (1, 0)),   # the closer goes out: scored as a claim
    (0, (60, 60), (6, 4), False, (0, 3)),   # the closer fails: 3 (no opponent trick at closing)
    (0, (60, 60), (6, 4), True, (0, 2)),
    (1, (40, 80), (3, 7), False, (0, 3)),   # the opponent goes out first
    (1, (40, 80), (3, 7), True, (0, 2)),
    (1, (60, 60), (6, 4), True, (2, 0)),    # the opponent's wrong claim: closer has a trick
])
def test_closing_outcomes(out, points, tricks, opp_won, want):
    p = finished(points, tricks, out=out, leader=out, closed_by=0, opp_won=opp_won,
                 hands=("9...", ".9.."), stock=("9C", "9D"), trump="D")
    assert p.result() == want, p.result_reason()


@pytest.mark.parametrize("leader,points,closed,marriages,want", [
    (0, (60, 60), 0, ((), ()), (0, 2)),             # closer fails at the end
    (0, (70, 50), 0, ((), ()), (1, 0)),             # closer wins the last trick with 66+
    (1, (50, 70), 0, ((), ()), (0, 2)),             # the opponent reaches 66 at the end
])
def test_played_out_after_closing(leader, points, closed, marriages, want):
    p = finished(points, (6, 5), leader=leader, closed_by=closed, opp_won=True,
                 hands=("", ""), stock=("9C", "9D"), trump="D", marriages=marriages)
    assert p.is_over() and p.result() == want, p.result_reason()
    assert p.final_points() == tuple(points)       # no last-trick bonus after closing


@pytest.mark.parametrize("leader,points,tricks,marriages,want", [
    (0, (60, 60), (6, 6), ((), ()), (1, 0)),        # +10: 70 against 60
    (0, (55, 65), (6, 6), ((), ()), (0, 0)),        # 65 against 65: nobody scores
    (1, (60, 60), (6, 6), ((), ()), (0, 1)),
    (0, (98, 22), (10, 2), ((), ()), (2, 0)),       # loser under 33
    (0, (120, 0), (12, 0), ((), ("H",)), (3, 0)),   # loser without a trick; his 20 never counts
    (0, (66, 54), (6, 6), ((), ("S",)), (1, 0)),    # last-trick winner with 66 goes out (not 76-94)
])
def test_played_out_without_closing(leader, points, tricks, marriages, want):
    p = finished(points, tricks, leader=leader, hands=("", ""), marriages=marriages)
    assert p.is_over() and p.result() == want, p.result_reason()


# ------------------------------------------------------------------ actions
def test_action_texts_round_trip():
    p = Position.deal(seed=1)
    seen = set()
    for seed in range(30):
        q = random_position(seed, max_stock=12 - 2 * (seed % 6))
        for a in q.legal_moves:
            assert Move(str(a)) is a and q.parse_move(str(a).lower()) == a
            seen.add(a.kind)
    assert seen >= {"play", "marriage", "close", "out"}
    assert Move("marriage kh") == "marriage KH" and Move("10h") == "TH"
    assert {Move("QH"): 1}["QH"] == 1
    with pytest.raises(IllegalMoveError, match="king or queen"):
        Move("marriage AH")
    with pytest.raises(IllegalMoveError, match="not a suit"):
        Move("marriage X out")
    with pytest.raises(CardError, match="not in the Sixty-Six deck"):
        p.play("7S")
    with pytest.raises(IllegalMoveError, match="unknown move 'pass'"):
        p.play("pass")


def test_illegal_action_in_a_record():
    p = Position.deal(seed=7, dealer=1)
    with pytest.raises(IllegalMoveError,
                       match=r"move 4 of the record: player 0 may not close: the stock is already closed"):
        p.replay(["AC", "JD", "close", "close"])
    assert len(p.history) == 3 and p.closed_by == 0


def test_illegal_action_in_a_record_names_it():
    p = Position.deal(seed=7, dealer=1)
    with pytest.raises(IllegalMoveError,
                       match=r"move 2 of the record: player 1 may not play AS: player 1 does not hold AS"):
        p.replay(["AC", "AS"])
    p = Position.deal(seed=7, dealer=1)
    with pytest.raises(IllegalMoveError, match=r"move 1 of the record: player 0 may not exchange"):
        p.replay(["exchange"])


@pytest.mark.parametrize("record", [None, 5, "AC JD"])
def test_a_record_must_be_a_list(record):
    p = Position.deal(seed=7, dealer=1)
    with pytest.raises(IllegalMoveError, match="give the record as a list of moves"):
        p.replay(record)                 # None and 5 raised TypeError
    assert p.history == ()
    p.replay(iter(["AC", "JD"]))
    assert len(p.history) == 2


def test_undo_restores_everything():
    rng = random.Random(5)
    p = Position.deal(seed=5)
    states = [p.snapshot]
    while not p.is_over():
        acts = p.legal_moves
        p.play(acts[rng.randrange(len(acts))])
        states.append(p.snapshot)
    for s in reversed(states[:-1]):
        p.undo()
        assert p.snapshot == s
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        p.undo()


# ------------------------------------------------------------------ invariants
def playout(seed, claims=True):
    rng = random.Random(seed)
    p = Position.deal(seed=seed, dealer=seed % 2)
    while not p.is_over():
        acts = p.legal_moves
        if not claims:
            acts = [a for a in acts if a.kind not in ("out", "marriage out")]
        before = p.snapshot
        p.play(acts[rng.randrange(len(acts))])
        check_invariants(p, before)
    return p


def check_invariants(p, before):
    s = p.snapshot
    n = [len(h) for h in p.hands]
    remaining = n[0] + n[1] + len(s.stock) + (1 if s.trick else 0)
    assert remaining + 2 * sum(s.tricks) == 24
    assert sum(s.points) + sum(card_points(c) for c in DECK
                               if c in p.hands[0] or c in p.hands[1] or c in p.stock
                               or c == p.card_in_play) == 120
    if not s.trick and s.out < 0 and sum(s.tricks) > sum(before.tricks):
        if s.closed_by < 0 and before.stock:       # a draw happened: back to 6 each
            assert n == [HAND_SIZE, HAND_SIZE] and len(s.stock) == len(before.stock) - 2
        else:
            assert len(s.stock) == len(before.stock)
    assert len(s.stock) % 2 == 0
    if s.stock:
        assert Card(s.stock[-1]).suit == s.trump
    if s.closed_by >= 0:
        assert s.stock, "a closed stock keeps its cards"
    json_text = p.to_json()
    q = Position.from_json(json_text)
    assert q == p and q.to_json() == json_text


def test_random_playouts_invariants_and_scores():
    endings = set()
    for seed in range(120):
        p = playout(seed, claims=seed % 3 == 0)
        gp = p.result()
        assert min(gp) == 0 and max(gp) <= 3
        s = p.snapshot
        if s.out < 0:
            # played out: every card point is in a trick (or left in a closed stock)
            assert sum(s.points) == 120 - sum(card_points(c) for c in p.stock)
            assert sum(p.final_points()) == sum(s.points) + (10 if s.closed_by < 0 else 0) + sum(
                p.score()[i] - p.points[i] for i in (0, 1))
        endings.add((s.out >= 0, s.closed_by >= 0))
    assert len(endings) == 4


def test_game_to_seven_alternates_the_deal():
    g = Match(seed=3)
    first = g.dealer
    rng = random.Random(3)
    dealers = []
    while not g.is_over():
        pos = g.new_deal()
        dealers.append(1 - pos.leader)
        while not pos.is_over():
            acts = pos.legal_moves
            pos.play(acts[rng.randrange(len(acts))])
        gp = g.finish_deal(pos)
        assert sum(gp) <= 3
    assert dealers == [(first + i) % 2 for i in range(len(dealers))]
    assert max(g.scores) >= 7 and g.winner == (0 if g.scores[0] >= 7 else 1)
    with pytest.raises(IllegalMoveError):
        g.new_deal()


# ------------------------------------------------------------------ positions, JSON
def test_json_round_trip_random_positions():
    for seed in range(60):
        p = random_position(seed, max_stock=2 * (seed % 7))
        text = p.to_json(indent=1 if seed % 2 else None)
        q = Position.from_json(text)
        assert q == p and q.legal_moves == p.legal_moves
        assert json.loads(q.to_json()) == json.loads(text)
        assert eval(repr(p), {"state_from_text": state_from_text}) == p


def test_json_minimal_and_defaults():
    p = Position.from_json('{"hands": ["AT..KQ.J9", "K.AT.9.AT"], "stock": ["JS", "9S", "QS", "KC",'
                           ' "QC", "JH"], "leader": 0, "points": [19, 11], "tricks": [2, 1]}')
    assert p.trump == 1 and p.marriages == ("", "") and p.closed_by is None and p.out is None
    d = p.to_dict()
    assert d["trump"] == "H" and d["trick"] is None and d["marriages"] == [[], []]


BASE = {"hands": ["AT..KQ.J9", "K.AT.9.AT"], "stock": ["JS", "9S", "QS", "KC", "QC", "JH"],
        "trump": "H", "leader": 0, "points": [19, 11], "tricks": [2, 1]}


@pytest.mark.parametrize("change,error,match", [
    ({"hands": ["AT..KQ.J9", "A.AT.9.AT"]}, DealError, "card AS appears in player 0's hand and in player 1's hand"),
    ({"stock": ["JS", "9S", "QS", "KC", "QC", "JS"]}, DealError, "card JS appears twice in the stock"),
    ({"hands": ["AT..KQ.J8", "K.AT.9.AT"]}, DealError, "card 8C"),
    ({"stock": ["JS", "9S", "QS", "KC", "JH"]}, PositionError, "stock holds 5 cards"),
    ({"hands": ["AT..KQ.J", "K.AT.9.A"], "stock": ["QS", "JS", "9S", "AD", "TD", "JD", "KC", "QC", "TC",
                                                   "9C", "KH", "QH", "JH", "9H"]},
     PositionError, "stock holds 14 cards"),
    ({"stock": ["JS", "9S", "QS", "KC", "JH", "QC"]}, PositionError, "trump card must be the last card"),
    ({"trump_card": "QS"}, PositionError, "trump card QS is not the last card of the stock"),
    ({"points": [19, 12]}, PositionError, "must add up to 30"),
    ({"tricks": [2, 2]}, PositionError, "tricks"),
    ({"points": [30, 0], "tricks": [3, 0], "leader": 1}, None, None),
    ({"leader": 2}, PositionError, "leader must be player 0 or 1"),
    ({"trick": "AS"}, DealError, "card AS appears in player 0's hand and in play"),
    ({"hands": ["AT..KQ.J", "K.AT.9.AT"]}, PositionError, "hand sizes 5 and 6"),
    ({"hands": ["AT..KQ.J", "K.AT.9.AT"], "trick": "9C"}, None, None),
    ({"closed_by": 1}, PositionError, "must be the leader"),
    ({"marriages": [["H"], ["H"]]}, PositionError, "shown twice"),
    ({"colour": "red"}, PositionError, "unknown key 'colour'"),
    ({"points": None}, PositionError, "points must be two non-negative integers"),   # was a TypeError
    ({"tricks": None}, PositionError, "tricks must be two non-negative integers"),
    ({"points": [30, 0], "tricks": [2, 1]}, None, None),
    ({"points": [0, 30], "tricks": [2, 1]}, None, None),
    ({"points": [30, 0], "tricks": [0, 3]}, PositionError, "player 0 has 30 points but no trick"),
    ({"out": 1}, PositionError, "on lead"),
    ({"closed_by": 0, "closed_opponent_won": True, "tricks": [3, 0], "points": [30, 0]},
     PositionError, "had won a trick at the closing"),
])
def test_bad_positions(change, error, match):
    data = dict(BASE, **change)
    if error is None:
        Position.from_dict(data)
        return
    with pytest.raises(error, match=match):
        Position.from_json(json.dumps(data))


@pytest.mark.parametrize("key", ["leader", "out"])
def test_json_player_must_be_a_whole_number(key):
    base = {"hands": ["A.A..", "T.T.."], "stock": [], "trump": "S", "leader": 0,
            "points": [48, 30], "tricks": [5, 5]}
    assert Position.from_json(json.dumps({**base, key: 0})).leader == 0
    with pytest.raises(PositionError, match=f"{key} must be player 0 or 1, got 0.0"):
        Position.from_json(json.dumps({**base, key: 0.0}))     # was taken as 0


def test_player_arguments_refuse_floats():
    with pytest.raises(PositionError, match="dealer must be player 0 or 1, got 1.0"):
        Position.deal(seed=1, dealer=1.0)
    with pytest.raises(PositionError, match="unknown player 1.0"):
        Match(seed=1, dealer=1.0)
    with pytest.raises(PositionError, match="player must be player 0 or 1"):
        Position.deal(seed=1).pending(1.0)


@pytest.mark.parametrize("change,error,match", [
    ({"hands": None}, DealError, "hands must be a list of the two players' hands"),
    ({"hands": [None, "T.T.."]}, DealError, "player 0's hand must be a hand text or a list of cards"),
    ({"stock": None}, DealError, "the stock must be a hand text or a list of cards"),
    ({"marriages": None}, PositionError, "marriages must be two lists of suits"),
    ({"marriages": (5, 0)}, PositionError, "marriages must be two lists of suits"),   # was taken as none
    ({"tricks": iter([5, 5])}, None, None),
    ({"marriages": ("S", "")}, None, None),
])
def test_position_arguments_of_the_wrong_type(change, error, match):
    kwargs = dict(hands=["A.A..", "T.T.."], stock=[], trump="S", points=[48, 30], tricks=[5, 5])
    kwargs.update(change)
    if error is None:
        assert Position(**kwargs).tricks == (5, 5)
        return
    with pytest.raises(error, match=match):
        Position(**kwargs)


@pytest.mark.parametrize("target", [True, 7.0, 2.5])
def test_game_target_must_be_a_whole_number(target):
    assert Match(seed=1, target=7).target == 7
    with pytest.raises(PositionError, match="target must be an integer"):
        Match(seed=1, target=target)          # True was taken as a game to 1


def test_positions_are_never_over_and_small():
    for seed in range(40):
        p = random_position(seed, max_stock=4)
        assert not p.is_over() and p.legal_moves
        assert len(p.stock) <= 4 or p.closed_by is not None
    assert random_position(9, max_stock=4) == random_position(9, max_stock=4)


@pytest.mark.parametrize("kwargs,match", [
    ({"max_stock": -1}, "max_stock must be at least 0"),        # was AssertionError "deal over too early"
    ({"max_stock": "a"}, "max_stock must be an integer"),       # was TypeError
    ({"max_stock": True}, "max_stock must be an integer"),      # was taken as 1
    ({"max_stock": 2.0}, "max_stock must be an integer"),
    ({"extra": 2.5}, "extra must be an integer"),               # was TypeError
    ({"extra": -1}, "extra must be at least 0"),                # was taken as 0
    ({"extra": False}, "extra must be an integer"),
    ({"close_rate": "x"}, "close_rate must be a number from 0 to 1, got 'x'"),   # was TypeError
    ({"close_rate": None}, "close_rate must be a number from 0 to 1, got None"),  # was TypeError
    ({"close_rate": 2}, "close_rate must be a number from 0 to 1, got 2"),        # was taken as 1
    ({"close_rate": -1}, "close_rate must be a number from 0 to 1, got -1"),      # was taken as 0
    ({"close_rate": True}, "close_rate must be a number from 0 to 1, got True"),  # was taken as 1
    ({"close_rate": float("nan")}, "close_rate must be a number from 0 to 1"),
])
def test_random_position_checks_its_arguments(kwargs, match):
    with pytest.raises(PositionError, match=match):
        random_position(3, **kwargs)
    assert not random_position(3, max_stock=0, extra=0).is_over()
    for rate in (0, 0.5, 1):
        assert not random_position(3, close_rate=rate).is_over()


def test_final_points_only_at_the_end():
    p = Position.deal(seed=7, dealer=1)
    p.replay(["AC", "JD"])
    for method in (p.result, p.final_points):       # final_points gave the points so far
        with pytest.raises(PositionError, match="the deal is not over"):
            method()
    assert (p.score()[0], p.score()[1]) == (counted(p.snapshot, 0), counted(p.snapshot, 1))
    assert final_points(p.snapshot) == (p.score()[0], p.score()[1])   # the state-level helper is unchanged


def test_state_level_api_matches_position():
    p = random_position(3, max_stock=6)
    s = p.snapshot
    for a in legal_actions(s):
        q = p.copy()
        q.play(a)
        assert q.snapshot == step(s, a)
        assert q.is_over() == is_over(step(s, a))
    assert deal_result(finished((80, 40), (6, 4), out=0).snapshot)[:2] == (1, 0)


def test_a_lone_marriage_reads_back_as_one_move():
    # regression: moves=marriage KD (the only move) was read back as the moves
    # 'marriage' and 'KD' and refused
    p = Position.deal(seed=7, dealer=1)
    p.play("marriage KD")
    assert p.to_text().endswith("moves=marriage KD")
    for again in (state_from_text(p.to_text()), Position.from_json(p.to_json()), p.copy()):
        assert again.history == ((0, "marriage KD"),) and again == p
