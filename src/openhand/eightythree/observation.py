"""Eighty-Three: what a player may know (:func:`observe_deal` for a whole
deal, :func:`observe_play` for a play position) and the picture of a deal
(:func:`deal_diagram`, ``str(deal)``).

A player sees his own hand, every bid and pass, the bidder and the trump
suit, every card played and by whom; the bidder also knows the kitty
(he took it); of a pass of trumps everyone sees how many cards went, and
the passer and the receiver which; of the discards each knows only his
own (they are face down).  Every scoring trump stays in play.

>>> from openhand.eightythree import Deal
>>> d = Deal.random(seed=7, dealer="N")
>>> d.replay(["30", "pass", "35", "pass", "pass"])
>>> o = d.observation("W")
>>> o.bids, o.bidder, len(o.kitty), d.observation("N").kitty
(((1, '30'), (2, 'pass'), (3, '35'), (0, 'pass'), (1, 'pass')), 3, 5, None)
"""
from __future__ import annotations

from typing import Dict, List

from ..cards import SUIT_CHARS, sort_cards
from ..diagram import compass, trick_diagram
from ..observation import Observation
from ..seats import SEATS, partner_of
from .notation import BID, DISCARD, PASS_KIND
from .rules import bid_text

__all__ = ["observe_deal", "observe_play", "deal_diagram"]


def observe_play(pos, player: int) -> Observation:
    facts = pos._observed(player)
    facts["trump"] = SUIT_CHARS[pos._trump]
    facts["bidder"] = pos.bidder
    facts["points"] = pos.points
    return Observation(pos.game, facts)


def _public(deal, player: int, who: int, move) -> str:
    """The text of a move as ``player`` saw it."""
    if move.kind == PASS_KIND and player not in (who, partner_of(who)):
        return f"pass ({len(move.cards)} cards)"
    if move.kind == DISCARD and player != who:
        return f"discard ({len(move.cards)} cards)"
    return str(move)


def observe_deal(deal, player: int) -> Observation:
    history = deal.history
    playing = deal._position
    facts: Dict[str, object] = {
        "player": player,
        "to_move": deal.to_move,
        "dealer": deal.dealer,
        "phase": deal.phase,
        "hand": tuple(str(c) for c in sort_cards(deal._hands[player])),
        "hand_sizes": tuple(len(h) for h in deal._hands),
        "bids": tuple((who, bid_text(m.bid)) for who, m in history if m.kind == BID),
        "high_bid": bid_text(deal.high_bid),
        "bidder": deal.bidder if deal.phase != "bidding" else None,
        "trump": None if deal.trump is None else SUIT_CHARS[deal.trump],
        "kitty": (tuple(str(c) for c in sort_cards(deal.kitty))
                  if deal.phase != "bidding" and player == deal.bidder else None),
        "passes": tuple((who, len(m.cards), tuple(map(str, m.cards)) if player in (who, partner_of(who)) else None)
                        for who, m in history if m.kind == PASS_KIND),
        "my_discards": tuple(str(c) for c in deal._discards.get(player, ())),
        "moves": tuple((who, _public(deal, player, who, m)) for who, m in history),
        "leader": None if playing is None else playing.leader,
        "trick": () if playing is None else tuple(str(c) for c in playing.trick),
        "score": deal.score(),
        "penalty": deal.penalty,
        "legal_moves": tuple(str(m) for m in deal.legal_moves) if deal.to_move == player else (),
    }
    return Observation(deal.game, facts)


def deal_diagram(deal) -> str:
    """The hands (all of them: this is the open view of the state), the
    kitty while it lies untaken, the auction and the contract."""
    lines: List[str] = []
    phase = deal.phase
    auction = ", ".join(f"{SEATS[w]} {bid_text(m.bid)}" for w, m in deal.history if m.kind == BID)
    contract = ""
    if phase != "bidding":
        contract = f"bid {bid_text(deal.high_bid)} by {SEATS[deal.bidder]}"
        if deal.trump is not None:
            contract += f", trumps {SUIT_CHARS[deal.trump]}"
    if phase in ("playing", "over"):
        extra = [f"contract: {contract}", f"auction: {auction}"]
        if phase == "over":
            a, b = deal.returns()
            extra.append(f"deal scores: N-S {a}, E-W {b}")
        return trick_diagram(deal._position, "Eighty-Three", extra)
    who = SEATS[deal.to_move]
    verb = {"bidding": "to bid", "trumps": "to name trumps", "passing": "to pass trumps",
            "discarding": "to discard"}[phase]
    lines.append(f"Eighty-Three: {phase}, {who} {verb} ({SEATS[deal.dealer]} dealt)")
    lines += compass(deal.hands)
    if phase == "bidding":
        lines.append("kitty: " + " ".join(map(str, sort_cards(deal.kitty))) + " (face down)")
    lines.append(f"auction: {auction or '-'}")
    if contract:
        lines.append(f"contract: {contract}")
    return "\n".join(lines)
