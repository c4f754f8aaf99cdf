"""The count-based dealer (openhand.dealing) and each game's world sampler.

Uniformity: on small problems every consistent placement is listed by
brute force, the dealer's count must equal their number, and a chi-square
test on seeded samples must not reject uniformity at the 0.1% level
(with a uniform dealer such a test fails once in a thousand seeds; the
seeds are fixed, so the outcome is reproducible).  Consistency: from
observations taken during seeded random play of every game, every
sampled world must agree with everything its observer knows.
"""
import itertools
import math
import random
from collections import Counter

import pytest

from openhand import load_game
from openhand.cards import Card
from openhand.dealing import InfeasibleDeal, Placement, Union, worlds
from openhand.errors import DealError


def chi2_critical(df: int, p: float = 0.001) -> float:
    """The upper ``p`` quantile of chi-square with ``df`` degrees of
    freedom (Wilson-Hilferty; within 1% for df >= 10, z(0.001) = 3.0902)."""
    z = {0.001: 3.0902}[p]
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def brute_force(places, allowed):
    """Every placement, as a tuple (place of each card in order)."""
    cards = list(allowed)
    out = []
    for where in itertools.product(*(list(allowed[c]) for c in cards)):
        if all(where.count(p) == n for p, n in places.items()):
            out.append(where)
    return out


def as_key(sample, cards):
    where = {c: p for p, cs in sample.items() for c in cs}
    return tuple(where[c] for c in cards)


SMALL = [
    ({"N": 2, "E": 2, "S": 2}, {"a": "NES", "b": "ES", "c": "NS", "d": "NES", "e": "N", "f": "NES"}),
    ({"E": 3, "W": 2, "X": 1}, {c: ("EW" if c in "ab" else "EWX") for c in "abcdef"}),
    ({"N": 1, "E": 2, "S": 3}, {"a": "NE", "b": "NE", "c": "ES", "d": "S", "e": "NES", "f": "ES"}),
]


@pytest.mark.parametrize("case", range(len(SMALL)))
def test_count_is_exact_and_samples_are_uniform(case):
    places, allowed = SMALL[case]
    listed = brute_force(places, allowed)
    p = Placement(places, allowed)
    assert p.count() == len(listed) > 1
    rng = random.Random(100 + case)
    n = 200 * len(listed)
    cards = list(allowed)
    seen = Counter(as_key(p.sample(rng), cards) for _ in range(n))
    assert set(seen) <= set(listed)            # every sample is consistent
    expected = n / len(listed)
    chi2 = sum((seen.get(k, 0) - expected) ** 2 / expected for k in listed)
    assert chi2 < chi2_critical(len(listed) - 1), (chi2, len(listed))


def test_union_is_uniform_over_its_cases():
    # two disjoint cases of different sizes: each placement equally likely
    a = Placement({"E": 2, "W": 1}, {"x": "E", "y": "EW", "z": "EW"})        # 2 placements
    b = Placement({"E": 2, "W": 1}, {"x": "W", "y": "E", "z": "E"})          # 1 placement
    u = Union([a, b])
    assert u.count() == 3
    rng = random.Random(5)
    seen = Counter(tuple(sorted(u.sample(rng)["W"])) for _ in range(3000))
    assert set(seen) == {("y",), ("z",), ("x",)}
    chi2 = sum((v - 1000) ** 2 / 1000 for v in seen.values())
    assert chi2 < 13.8                         # chi-square(2) at 0.1%


def test_infeasible_and_malformed_problems_are_refused():
    with pytest.raises(InfeasibleDeal, match="E holds 1 card but 2 cards can only be there"):
        Placement({"E": 1, "W": 1}, {"a": "E", "b": "E"}).count()
    with pytest.raises(InfeasibleDeal, match="3 hidden cards for places holding 2"):
        Placement({"E": 1, "W": 1}, {"a": "EW", "b": "EW", "c": "EW"}).count()
    with pytest.raises(DealError, match="no place of this deal"):
        Placement({"E": 1}, {"a": "Q"})
    with pytest.raises(InfeasibleDeal):
        Union([Placement({"E": 1}, {"a": "W", "b": "E"})]).count() if False else \
            Union([Placement({"E": 1, "W": 0}, {"a": "W"})]).count()


def test_a_large_problem_counts_at_once():
    # a 65 deal seen by N before the first card: 36 cards in three hands
    deck = [f"c{i}" for i in range(36)]
    p = Placement({"E": 12, "S": 12, "W": 12}, {c: "ESW" for c in deck})
    assert p.count() == math.factorial(36) // math.factorial(12) ** 3


# ------------------------------------------------------------------ every game's worlds
def random_move(state, rng):
    if state.game == "83":
        from openhand.eightythree.deal import random_move as rm
        return rm(state, rng)
    return rng.choice(list(state.legal_moves))


def observations(game_id, seeds, every=1):
    """(state copy, player, observation) along seeded random play."""
    game = load_game(game_id)
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        ply = 0
        while not state.is_over():
            if ply % every == 0:
                for p in range(game.num_players):
                    yield state.copy(), p, state.observation(p)
            state.play(random_move(state, rng))
            ply += 1


def check_65(state, player, obs, world):
    from openhand.sixtyfive import Position
    assert world.hands[player] == state.hands[player]
    assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
    # the whole deal: each world hand plus what that seat played; replaying
    # the plays must be legal (the voids) and show the same observation
    start = {s: set(world.hands[s]) for s in range(4)}
    for seat, move in state.history:
        start[seat].add(Card(str(move)))
    full = Position({"NESW"[s]: start[s] for s in range(4)}, obs.start_leader, dealer=obs.dealer)
    full.replay([str(m) for _, m in state.history])
    assert full.observation(player) == obs


def check_66(state, player, obs, world):
    from openhand.sixtysix.observation import shown_lacking
    wo = world.observation(player)
    for field in ("hand", "hand_sizes", "trump", "trump_card", "stock_size", "card_in_play", "out_of_play",
                  "points", "tricks", "marriages", "score", "closed_by", "to_move", "leader"):
        assert getattr(wo, field) == getattr(obs, field), field
    opp = set(world.hands[1 - player])
    assert {Card(c) for c in obs.opponent_known} <= opp
    assert not (shown_lacking(obs) & opp)
    assert list(world.legal_moves) == list(state.legal_moves) if state.to_move == player else True


def check_83(state, player, obs, world):
    from openhand.eightythree.rules import Position, is_scoring_trump, is_trump
    assert world.hands[player] == state.hands[player]
    assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
    if obs.phase in ("bidding", "trumps"):
        assert world.observation(player) == obs
        return
    trump = "SHDC".index(obs.trump)
    if obs.phase == "playing":
        # the play from its start: legal replay (voids), every scoring trump in play
        plays = [(w, m) for w, m in state.history if m.kind == "play"]
        start = {s: set(world.hands[s]) for s in range(4)}
        for seat, move in plays:
            start[seat].add(move.card)
        full = Position({"NESW"[s]: start[s] for s in range(4)}, trump, obs.bidder, points=(0, 0))
        full.replay([str(m) for _, m in plays])
        in_play = set().union(*start.values())
        assert sum(1 for c in in_play if is_scoring_trump(c, trump)) == 10
        for who, n, _ in obs.passes:   # a passer keeps 6 trumps: trumps only in the play
            assert all(is_trump(c, trump) for c in start[who])
    else:
        assert world.phase == obs.phase and world.to_move == obs.to_move
        for q, pile in world.discards.items():
            assert not any(is_scoring_trump(c, trump) for c in pile)
        for who, n, _ in obs.passes:   # a passer kept 6 trumps (and more if his partner passed later)
            assert len(world.trumps_held(who)) >= 6
        if world.to_move == player:
            assert set(map(str, world.legal_moves)) == set(obs.legal_moves)


CHECKS = {"65": check_65, "66": check_66, "83": check_83}


@pytest.mark.parametrize("game_id,seeds,every", [("65", range(6), 3), ("66", range(40), 1), ("83", range(8), 2)])
def test_worlds_agree_with_the_observation(game_id, seeds, every):
    rng = random.Random(7)
    n = 0
    for state, player, obs in observations(game_id, seeds, every):
        sampler = worlds(obs)
        for world in sampler.samples(4, rng):
            CHECKS[game_id](state, player, obs, world)
            n += 1
    assert n > 1000


def test_what_the_samplers_infer_is_true_of_the_real_deal():
    # soundness: the inferences never exclude the cards' true places
    from openhand.sixtyfive.observation import voids
    from openhand.sixtysix.observation import shown_lacking
    for state, player, obs in observations("66", range(30)):
        assert not (shown_lacking(obs) & set(state.hands[1 - player]))
        assert {Card(c) for c in obs.opponent_known} <= set(state.hands[1 - player])
    for state, player, obs in observations("65", range(10), every=2):
        for seat, suits in voids(obs).items():
            assert not any(int(c.suit) in suits for c in state.hands[seat])


def test_the_eighty_three_cases_hold_the_real_hands():
    # the true trump count of every other hand is one of its cases
    from openhand.eightythree.rules import is_trump
    for state, player, obs in observations("83", range(5), every=3):
        if "phase" not in obs.fields() or obs.phase in ("bidding", "trumps", "over"):
            continue
        trump = "SHDC".index(obs.trump)
        union = worlds(obs).placement
        truth = {'NESW'[q]: sum(1 for c in state.hands[q] if is_trump(c, trump)) for q in range(4) if q != player}

        def trumps(case, seat):          # a partner's scoring trumps may be counted apart
            sizes = dict(zip(case.places, case.sizes))
            return sizes[f"{seat} trumps"] + sizes.get(f"{seat} scoring trumps", 0)
        assert any(all(trumps(case, seat) == v for seat, v in truth.items())
                   for case in union.cases), (obs.phase, truth)


# E to pass one trump; W, his partner, passed already.  Every pass is
# offered, so W holds at most 5 scoring trumps: a world giving him 6 would
# refuse "pass TD" (a PIMC player once valued it in such a world and failed).
PASSING = ("game=83; dealer=W; deal=N:AKQ9832.9.J.874 T.83.KT87.KQT93 J65.AKQ62..J65+JK 4.J74.A65432.A2 "
           "7.T5.Q9.; moves=" + ", ".join(str(b) for b in range(30, 74)) + ", pass, pass, pass, trumps D, "
           "pass AD 6D 3D")


def test_the_passes_offered_tell_the_passer_about_his_partner():
    from openhand.eightythree.rules import is_scoring_trump
    state = load_game("83").from_text(PASSING)
    obs = state.observation(1)
    assert state.to_move == 1 and len(obs.legal_moves) == 7
    for world in worlds(obs).samples(400, random.Random(3)):
        assert set(map(str, world.legal_moves)) == set(obs.legal_moves)
        assert sum(1 for c in world.hands[3] if is_scoring_trump(c, 2)) <= 5
    assert sum(1 for c in state.hands[3] if is_scoring_trump(c, 2)) <= 5
