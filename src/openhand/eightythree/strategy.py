"""Eighty-Three's knowledge for the computer players (:mod:`openhand.bots.strategy`):
the heuristic's rules, the searching players' objective and their
decisions before the play (:mod:`.auction_search`), and what ``openhand
play`` shows.

The heuristic:

* bidding: a hand is worth, in its best suit, 0.8 x the points of its
  scoring trumps + 3 per trump + 5 for holding the trump king or queen;
  it raises by the least step while the bid stays at or below that worth
  (and 30 or more), else passes (always over its partner's bid); a forced
  dealer bids 30;
* trumps: the suit of the greatest worth (the kitty included);
* passes keep the scoring trumps (most points first), then the highest;
  discards keep every trump allowed and the highest plain cards;
* play: lead the highest trump if no unseen trump beats it, else the
  lowest plain card; follow with the lowest card that wins a trick with
  points in it (or when last), else the card worth least.

The objective of a searched world (the play of the deal): the deal score
of the bid (own side's score minus the other's), ties by the card-point
margin.  The searching players bid, name trumps, pass and discard as
:mod:`.auction_search` says; a player that sees the state passes and
discards as the heuristic does.

>>> from openhand import load_game
>>> game = load_game("83"); s = game.new_state(seed=3)
>>> o = s.observation(s.to_move)
>>> o.phase, o.bids, ' '.join(o.hand)
('bidding', (), 'QS 5S 4S QH TH 3H KD JD TD 5D 2D QC')
>>> [round(hand_worth([Card(c) for c in o.hand], t), 1) for t in range(4)]     # spades .. clubs
[34.0, 37.8, 46.4, 31.0]
>>> Strategy().heuristic(o, list(o.legal_moves))       # the least raise: 30 is within 46.4
'30'
"""
from __future__ import annotations

from typing import List

from ..bots.strategy import Strategy as Base
from ..cards import SUIT_CHARS, Card
from .notation import Move
from .rules import DECK, TOTAL_POINTS, card_key, is_trump, parse_bid, points, score_deal, trick_winner_index

__all__ = ["Strategy", "rank_choices", "hand_worth"]

_BEFORE_PLAY = ("bidding", "trumps", "passing", "discarding")


def _phase(obs) -> str:
    return obs.phase if "phase" in obs.fields() else "playing"


def rank_choices(obs, legal: List[str]) -> List[str]:
    """The passes or discards ``legal``, the heuristic's favourite first:
    a pass keeps the scoring trumps (most points first), then the highest;
    a discard keeps as many trumps as allowed, then the highest plain
    cards."""
    hand = [Card(c) for c in obs.hand]
    trump = SUIT_CHARS.index(obs.trump)
    if obs.phase == "passing":
        def kept(m):
            gone = set(Move(m).cards)
            return sorted(((points(c, trump), card_key(c, trump)[1]) for c in hand if is_trump(c, trump)
                           and c not in gone), reverse=True)
    else:
        def kept(m):
            gone = set(Move(m).cards)
            keep = [c for c in hand if c not in gone]
            return (sum(1 for c in keep if is_trump(c, trump)),
                    sorted((card_key(c, trump)[1] for c in keep if not is_trump(c, trump)), reverse=True))
    return sorted(legal, key=kept, reverse=True)


def hand_worth(cards, trump: int) -> float:
    """The heuristic's worth of a hand with ``trump`` as trumps (points it
    may expect its side to take): see the module notes."""
    trumps = [c for c in cards if is_trump(c, trump)]
    worth = 0.8 * sum(points(c, trump) for c in trumps) + 3 * len(trumps)
    if any(c.suit == trump and c.rank in (12, 13) for c in trumps):
        worth += 5
    return worth


class Strategy(Base):
    """Eighty-Three's heuristic, objective, auction and view (see the module)."""

    table_mb = 8
    forfeit = (-166, 0)
    forfeit_match = (-166, 0)

    def heuristic(self, obs, legal: List[str]) -> str:
        hand = [Card(c) for c in obs.hand]
        phase = _phase(obs)
        if phase == "bidding":
            worth = max(hand_worth(hand, t) for t in range(4))
            raises = [m for m in legal if m != "pass"]
            if "pass" not in legal:
                return raises[0]
            holder = [w for w, b in obs.bids if b != "pass"]
            if holder and holder[-1] == (obs.player + 2) % 4:
                return "pass"                          # never outbid the partner
            if raises and 30 <= parse_bid(raises[0]) <= worth:
                return raises[0]
            return "pass"
        if phase == "trumps":
            return max(legal, key=lambda m: hand_worth(hand, SUIT_CHARS.index(m[-1])))
        trump = SUIT_CHARS.index(obs.trump)
        if phase in ("passing", "discarding"):
            return rank_choices(obs, legal)[0]
        cards = [Card(m) for m in legal]
        trick = [Card(c) for c in obs.trick]
        if not trick:
            gone = {Card(t) for _, t in obs.moves if "(" not in t and Move(t).kind == "play"} \
                if "moves" in obs.fields() else {Card(c) for _, c in obs.plays}
            unseen_trumps = [c for c in DECK if is_trump(c, trump) and c not in gone and c not in hand]
            tops = [c for c in cards if is_trump(c, trump)
                    and all(card_key(c, trump)[1] > card_key(u, trump)[1] for u in unseen_trumps)]
            if tops:
                return str(max(tops, key=lambda c: card_key(c, trump)[1]))
            plain = [c for c in cards if not is_trump(c, trump)]
            return str(min(plain or cards, key=lambda c: (points(c, trump), card_key(c, trump)[1])))
        at_stake = sum(points(c, trump) for c in trick)
        last = len(trick) == 3
        wins = [c for c in cards if trick_winner_index(trick + [c], trump) == len(trick)]
        partner_winning = (obs.leader + trick_winner_index(trick, trump)) % 4 == (obs.player + 2) % 4
        if partner_winning and last:
            return str(max([c for c in cards if c not in wins] or cards, key=lambda c: points(c, trump)))
        if not partner_winning and wins and (at_stake or last):
            return str(min(wins, key=lambda c: (points(c, trump), card_key(c, trump)[1])))
        return str(min(cards, key=lambda c: (points(c, trump), is_trump(c, trump), card_key(c, trump)[1])))

    def evaluate(self, world, solver, obs):
        r = solver.solve(world, moves=True)
        bidder_side = world.bidder % 2
        mine = obs.player % 2
        bid = parse_bid(obs.high_bid) if "high_bid" in obs.fields() else None
        out = {}
        for m, total in r.deal_moves.items():
            won = [0, 0]
            won[bidder_side], won[1 - bidder_side] = total, TOTAL_POINTS - total
            margin = won[mine] - won[1 - mine]
            if bid:
                score = score_deal(bid, world.bidder, tuple(won), obs.penalty)
                out[m] = (score[mine] - score[1 - mine], margin)
            else:
                out[m] = (margin, margin)
        return out

    def decide(self, player, obs, legal: List[str], truth=None):
        """Bids and trumps by :func:`.auction_search.auction_choice`; passes
        and discards by :func:`.auction_search.pass_or_discard`, or the
        heuristic's for a player that sees the state."""
        from . import auction_search
        phase = _phase(obs)
        if phase in ("passing", "discarding"):
            if truth is not None:
                return self.heuristic(obs, legal)
            return auction_search.pass_or_discard(player, obs, rank_choices(obs, legal))
        if phase in ("bidding", "trumps"):
            from ..dealing import worlds
            return auction_search.auction_choice(player, obs, worlds(obs) if truth is None else None, truth=truth)
        return None

    def solved_world(self, state, obs):
        """The play of the deal (a whole deal's state holds it as ``position``)."""
        return state.position if "phase" in obs.fields() else state

    def tie_side(self, game, state):
        """The bidder's side wins when both reach the target on one deal."""
        return game.side_of(state.bidder)

    def view_lines(self, game, obs) -> List[str]:
        """The auction before the play, the trumps and the contract, the trick."""
        lines = []
        f = obs.fields()
        if "phase" in f and obs.phase in _BEFORE_PLAY:
            bids = ", ".join(f"{game.player_name(w)} {b}" for w, b in obs.bids) or "-"
            lines.append(f"{obs.phase}; auction: {bids}")
        if "trump" in f and obs.trump:
            lines.append(f"trumps {obs.trump}, bid {obs.high_bid} by {game.player_name(obs.bidder)}"
                         if "high_bid" in f else f"trumps {obs.trump}")
        return lines + super().view_lines(game, obs)

    def analysis_start(self, state):
        """The play of the deal: bids, passes and discards are not valued."""
        play = state.position
        if play is None:
            return None
        moves = [m for _, m in play.history]
        for _ in moves:
            play.undo()
        return play, moves, ("analysis of your cards (points of the bidder's side; bids, passes and discards "
                             "are not valued):")
