"""Sixty-Six's knowledge for the computer players (:mod:`openhand.bots.strategy`):
the heuristic's rules, the searching players' objective and what
``openhand play`` shows.

The heuristic:

* go out with 66 counted, or with a marriage that makes 66;
* exchange the trump nine whenever allowed; show a marriage (the trump
  one first), leading its queen;
* close with 46 or more counted holding the trump ace and 2 more trumps;
* leading with the stock open: the cheapest plain card (a trump, an ace
  or a ten only when nothing else is left); in strict play a card no
  unseen card can beat, else the cheapest card;
* following: take an ace or ten led with the cheapest card that wins (a
  higher card of the suit, else the lowest trump); take anything with a
  higher card of the suit when that card is an ace or ten; otherwise the
  cheapest card that is not a trump.

The objective of a searched world: game points (own minus the
opponent's, -3..3), ties by the final card-point margin (a second solve,
objective ``points``, which plays every deal out; a claim's margin is the
counted points now).

>>> from openhand import load_game
>>> game = load_game("66"); s = game.new_state(seed=4)
>>> o = s.observation(s.to_move)
>>> o.hand, o.trump, Strategy().heuristic(o, list(o.legal_moves))    # the cheapest plain card leads
('T.J9.K.K9', 'C', '9H')
"""
from __future__ import annotations

from typing import List

from ..bots.strategy import Strategy as Base
from ..cards import SUIT_CHARS, Card
from .deck import CARD_POINTS, DECK, STRENGTH, follower_wins

__all__ = ["Strategy"]


class Strategy(Base):
    """Sixty-Six's heuristic, objective and view (see the module)."""

    table_mb = 32
    # The budget is checked at the search's polls, and the strict endgame
    # runs to its end between two: a 1 s budget took over 1.0 s in 2% of
    # its decisions (up to 1.21 s), 0.75 s none (up to 0.95 s over 18,743;
    # benchmarks/README.md, "Computer players").
    pimc_seconds = 0.75
    forfeit = (0, 3)
    forfeit_match = (0, 3)
    hand_order = "ATKQJ9"

    def heuristic(self, obs, legal: List[str]) -> str:
        me = obs.player
        trump = SUIT_CHARS.index(obs.trump)
        score = obs.score[me]
        hand = [Card(c) for c in obs.hand_cards]
        if "out" in legal and score >= 66:
            return "out"
        for m in legal:
            if m.startswith("marriage") and m.endswith("out") and obs.tricks[me]:
                suit = SUIT_CHARS.index(m.split()[1])
                if score + (40 if suit == trump else 20) >= 66:
                    return m
        if "exchange" in legal:
            return "exchange"
        shows = [m for m in legal if m.startswith("marriage ") and not m.endswith("out") and m[-2] == "Q"]
        if shows:
            return max(shows, key=lambda m: SUIT_CHARS.index(m[-1]) == trump)
        trumps = [c for c in hand if c.suit == trump]
        if "close" in legal and score >= 46 and any(c.rank == 14 for c in trumps) and len(trumps) >= 3:
            return "close"
        cards = [Card(m) for m in legal if len(m) == 2]
        pts = lambda c: CARD_POINTS[c.rank]          # noqa: E731
        strict = obs.closed_by is not None or obs.stock_size == 0
        if obs.card_in_play is None:
            if strict:
                unseen = set(DECK) - set(hand) - {Card(c) for c in obs.out_of_play}
                sure = [c for c in cards if not any(follower_wins(int(c), int(u), trump) for u in unseen)]
                if sure:
                    return str(max(sure, key=lambda c: (c.suit == trump, pts(c))))
                return str(min(cards, key=lambda c: (pts(c), c.suit == trump)))
            return str(min(cards, key=lambda c: (c.suit == trump, pts(c) >= 10, pts(c),
                                                 -sum(d.suit == c.suit for d in hand))))
        led = Card(obs.card_in_play)
        wins = [c for c in cards if follower_wins(int(led), int(c), trump)]
        cheapest = lambda cs: min(cs, key=lambda c: (c.suit == trump, pts(c), STRENGTH[c.rank]))  # noqa: E731
        if strict:
            return str(cheapest(wins) if wins else cheapest(cards))
        if wins and pts(led) >= 10:
            return str(cheapest(wins))
        big = [c for c in wins if c.suit == led.suit and pts(c) >= 10]
        if big:
            return str(min(big, key=pts))
        plain = [c for c in cards if c.suit != trump] or cards
        return str(min(plain, key=lambda c: (pts(c), STRENGTH[c.rank])))

    def evaluate(self, world, solver, obs):
        game = solver.solve(world, moves=True, objective="game").moves
        points = solver.solve(world, moves=True, objective="points").moves
        me = world.to_move
        now = world.score()[me] - world.score()[1 - me]      # a claim ends the deal: the points it stands on
        return {m: (game[m], points.get(m, now)) for m in game}

    def view_lines(self, game, obs) -> List[str]:
        """The trumps, the stock (or that it is exhausted or closed), the
        card in play, the opponent's cards known from marriages and the
        exchange."""
        stock = f"trump card {obs.trump_card}, stock {obs.stock_size}" if obs.stock_size else "stock exhausted"
        if obs.closed_by is not None:
            stock += f", closed by {game.player_name(obs.closed_by)}"
        lines = [f"trumps {obs.trump}: {stock}"]
        if obs.card_in_play:
            lines.append(f"in play: {obs.card_in_play}")
        if obs.opponent_known:
            lines.append(f"the opponent holds: {' '.join(obs.opponent_known)}")
        return lines
