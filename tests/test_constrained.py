"""Constrained dealing (openhand.constrained) and `openhand deal`.

Card constraints are exact count-based placements; suit lengths, points
and honours are honoured by every sample (by rejection from the exact
dealer, or by CP-SAT when rare); constraints no deal meets are refused
with an error naming them.  CP-SAT comes with the test extra; without it
the tests that need it say so and skip.
"""
import json
import re
import random

import pytest

from openhand.cards import Card
from openhand.cli import main
from openhand.constrained import ConstrainedDealer, card_value, parse_where
from openhand.dealing import InfeasibleDeal
from openhand.constrained import fresh_problem
from openhand.errors import PositionError
from openhand.game import load_game


def needs_cpsat():
    pytest.importorskip("ortools.sat.python.cp_model",
                        reason="OR-Tools CP-SAT is not installed (pip install 'openhand[cpsat]')")


def dealer(game_id, where):
    places, allowed, aliases = fresh_problem(load_game(game_id))
    return ConstrainedDealer(game_id, places, allowed, parse_where(where), aliases)


def total(game_id, cards, feature):
    return sum(card_value(game_id, c, feature) for c in cards)


def test_card_constraints_are_counted_exactly():
    d = dealer("65", "N: AS, KS; N|S: QS; E: -JS")
    assert d.method == "count-based" and not d.rich
    rng = random.Random(3)
    for _ in range(300):
        deal = d.sample(rng)
        assert {Card("AS"), Card("KS")} <= set(deal["N"])
        assert Card("QS") in set(deal["N"]) | set(deal["S"]) and Card("JS") not in deal["E"]
    # 46 other cards: AS KS in N, QS in N or S, JS not in E
    assert d.base.count() > 0


@pytest.mark.parametrize("game_id,where", [
    ("65", "N: spades>=5, AS; S: points>=10"),
    ("83", "N|S: JK; kitty: hearts>=2; W: honours<=2"),
    ("66", "0: AS, points>=30; stock: 9S, cards=12"),
    ("65", "N: spades>=10, hearts>=2"),                 # rare: CP-SAT draws these
])
def test_rich_constraints_are_honoured(game_id, where):
    needs_cpsat()
    d = dealer(game_id, where)
    rng = random.Random(1)
    terms = parse_where(where)
    for _ in range(40 if "10" not in where else 4):
        deal = d.sample(rng)
        for t in terms:
            cards = [c for name in t.places for c in deal[name]]
            if t.is_card:
                assert (t.card in cards) != t.negate
            else:
                v = total(game_id, cards, t.feature)
                assert {">=": v >= t.value, "<=": v <= t.value, "=": v == t.value}[t.op], (t.text, v)
    assert d.method in ("rejection", "cp-sat")


def test_infeasible_constraints_are_refused_by_name():
    needs_cpsat()
    with pytest.raises(InfeasibleDeal) as e:
        dealer("65", "N: spades>=8; S: spades>=5; E: hearts>=1")     # 65 has 12 spades
    assert "N: spades>=8" in str(e.value) and "S: spades>=5" in str(e.value)
    assert "hearts" not in str(e.value)                               # not part of the conflict
    with pytest.raises(InfeasibleDeal, match=re.escape("N: -AS; N|S: AS; S: -AS")):
        dealer("65", "N: -AS; N|S: AS; S: -AS")


def test_bad_constraint_text_is_named():
    with pytest.raises(PositionError, match="unknown feature 'lengths'"):
        parse_where("N: lengths>=3")
    with pytest.raises(PositionError, match="unknown place 'Q'"):
        dealer("65", "Q: AS")


def test_deal_command(capsys):
    needs_cpsat()
    assert main(["deal", "65", "--count", "3", "--seed", "1", "--where", "N: spades>=5, AS; S: points>=10",
                 "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert len(d["deals"]) == 3 and d["method"] == "rejection"
    for deal in d["deals"]:
        assert "AS" in deal["N"] and sum(c.endswith("S") for c in deal["N"]) >= 5
        assert sorted(sum(deal.values(), [])) == sorted(map(str, load_game("65").Solver.STATES[0].DECK))
    assert main(["deal", "65", "--where", "N: spades>=13"]) == 2
    assert "no deal meets" in capsys.readouterr().err


def test_deal_command_from_a_players_view(capsys):
    game = load_game("66")
    state = game.new_state(seed=3, dealer=1)      # spades trumps; player 0 leads
    state.replay(["close", "TS", "QH"])           # strict play: QH neither follows nor trumps
    assert main(["deal", "66", "--state", state.to_text(), "--player", "0", "--count", "5", "--json",
                 "--seed", "2", "--where", "1: -AS"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["method"] == "count-based" and d["consistent"] > 0
    for deal in d["deals"]:
        assert "AS" not in deal["opponent"]
        assert not any(c.endswith("S") for c in deal["opponent"])   # shown: no spade (trumps) at all
