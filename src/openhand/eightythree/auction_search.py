"""Eighty-Three before the play, for the searching players
(:meth:`.strategy.Strategy.decide`): bids and trumps from the bid
feasibility of sampled (or true) deals, and passes and discards chosen
among the heuristic's favourites.

Each world is valued for this seat as bidder in each suit by the
feasibility table's fast mode (the documented heuristic passes and
discards, then the exact play); the player raises by the least step while
that bid is made in at least ``confidence`` of the worlds (83 doubled
only when all 83 points are), and names the suit of the best mean deal
score.  It never outbids its partner, and judges its bid once per deal
(the bids of others are not read as information).  A pass or a discard is
chosen among the heuristic's ``choices`` favourites (its documented
ranking), each valued in half as many worlds by the same fast mode.

``player`` is the searching player (:mod:`openhand.bots.pimc`): its
``solver``, ``rng``, ``worlds``, ``seconds``, ``confidence``,
``choices``, ``heuristic``, ``memo`` (what it keeps within a deal) and
``last_worlds`` (the worlds solved for the last decision).
"""
from __future__ import annotations

from typing import List

from ..bots.budget import capped, within_budget
from ..bots.strategy import best_mean
from ..cards import SUIT_CHARS, mask_of
from .feasibility import pair_value
from .play_oracle import PlayOracle
from .rules import DOUBLED, TOTAL_POINTS, parse_bid, score_deal

__all__ = ["auction_choice", "pass_or_discard", "choice_values"]


def _values(deal, seat: int, oracle) -> List[int]:
    """The fast feasibility value of ``seat`` as bidder in each suit."""
    hands = [mask_of(deal.original[s]) for s in "NESW"]     # as dealt (the kitty apart)
    kitty = mask_of(deal.kitty)
    return [pair_value(hands, kitty, seat, t, "fast", oracle) for t in range(4)]


def _deal_score(value: int, bid: int, penalty: str) -> int:
    """The bidder side's deal score minus the defenders' when the bidder
    side takes ``value`` of the points (:func:`~openhand.eightythree.rules.score_deal`)."""
    mine, theirs = score_deal(bid, 0, (value, TOTAL_POINTS - value), penalty)
    return mine - theirs


def auction_choice(player, obs, sampler, truth=None) -> str:
    """A bid or the trumps: judged on ``truth`` (the true deal) if given,
    else on deals drawn from ``sampler`` (see the module)."""
    legal = list(obs.legal_moves)
    seat = obs.player
    if obs.phase == "bidding" and "pass" in legal and obs.bids:
        last_bid = [w for w, b in obs.bids if b != "pass"]
        if last_bid and last_bid[-1] == (seat + 2) % 4:
            return "pass"                  # never outbid the partner
    oracle = PlayOracle(capped(player.solver, None))
    if truth is not None:
        deals = [truth]
    elif obs.phase == "bidding" and player.memo.get("hand") == obs.hand:
        deals = None                       # nothing new about the cards: the amount stands
    else:
        deals = (sampler.sample(player.rng) for _ in range(player.worlds))
    if obs.phase == "bidding":
        if deals is None:
            amount = player.memo["amount"]
        else:
            best = sorted(max(v) for v in _within(player, deals, lambda d: _values(d, seat, oracle)))
            confidence = getattr(player, "confidence", 1.0)
            # the largest amount made in at least `confidence` of the worlds
            k = max(0, min(len(best) - 1, int(len(best) * (1 - confidence))))
            amount = best[k]
            if truth is None:
                player.memo = {"hand": obs.hand, "amount": amount}
        raises = [m for m in legal if m != "pass"]
        if "pass" not in legal:
            return raises[0]
        if not raises:
            return "pass"
        step = parse_bid(raises[0])
        if step == DOUBLED:
            return raises[0] if amount >= TOTAL_POINTS else "pass"
        return raises[0] if step <= amount else "pass"
    bid = parse_bid(obs.high_bid)
    totals = {m: [0, 0] for m in legal}
    for vals in _within(player, deals, lambda d: _values(d, seat, oracle)):
        for m in legal:
            v = vals[SUIT_CHARS.index(m[-1])]
            totals[m][0] += _deal_score(v, bid, obs.penalty)
            totals[m][1] += 2 * v - TOTAL_POINTS
    favourite = player.heuristic.choose(obs)
    return max(legal, key=lambda m: (totals[m][0], totals[m][1], m == favourite))


def _side_score(deal_after, obs, oracle) -> tuple:
    """(this side's deal score minus the other's, card-point margin) of a
    deal once a pass or discard is made: the rest by the fast mode (the
    heuristic's passes and discards, then the exact play)."""
    from .feasibility import _solve_state, _DISCARD, _PASS
    bidder, trump = deal_after.bidder, int(deal_after.trump)
    if deal_after.phase == "playing":
        pos = deal_after.position
        value = oracle.value([mask_of(h) for h in pos.hands], trump, bidder)
    else:
        phase = _PASS if deal_after.phase == "passing" else _DISCARD
        state = (tuple(mask_of(h) for h in deal_after.hands), phase, tuple(deal_after._queue))
        value = _solve_state(state, trump, bidder, "fast", oracle)
    score = _deal_score(value, parse_bid(obs.high_bid), obs.penalty)
    margin = 2 * value - TOTAL_POINTS
    sign = 1 if obs.player % 2 == bidder % 2 else -1
    return sign * score, sign * margin


def pass_or_discard(player, obs, ranked: List[str]) -> str:
    """The best of the heuristic's ``player.choices`` favourite passes or
    discards (``ranked``: the legal ones, its favourite first), each
    valued in half ``player.worlds`` worlds by the fast mode."""
    from ..dealing import worlds as world_sampler
    candidates = ranked[:player.choices]
    if len(candidates) == 1:
        return candidates[0]
    sampler = world_sampler(obs)
    totals, n = choice_values(player, obs, (sampler.sample(player.rng) for _ in range(max(1, player.worlds // 2))),
                              candidates)
    return best_mean(totals, n, ranked[0], player.rng)


def choice_values(player, obs, deals, candidates) -> tuple:
    """(move -> summed (objective, margin), worlds used) over ``deals``
    (within the player's time budget) for each candidate pass or discard."""
    oracle = PlayOracle(capped(player.solver, None))
    totals = {m: [0, 0] for m in candidates}

    def values(d):
        out = []
        for m in candidates:
            after = d.copy()
            after.play(m)
            out.append(_side_score(after, obs, oracle))
        return out
    n = 0
    for vals in _within(player, deals, values):
        for m, v in zip(candidates, vals):
            totals[m][0] += v[0]
            totals[m][1] += v[1]
        n += 1
    return totals, n


def _within(player, deals, value):
    """``value(deal)`` of each of ``deals`` (drawn lazily) while the
    player's time budget allows another (:func:`.budget.within_budget`),
    counted in ``player.last_worlds``."""
    player.last_worlds = 0
    for result in within_budget(player.budget_seconds(), deals, lambda d, deadline: value(d)):
        player.last_worlds += 1
        yield result
