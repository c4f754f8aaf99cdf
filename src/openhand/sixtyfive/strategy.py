"""65's knowledge for the computer players (:mod:`openhand.bots.strategy`):
the heuristic's rules and the searching players' objective.

The heuristic (every card goes to its player's side, except the trick
winner's own card, which goes to the losers; the winners also take 2 per
trick):

* leading: a card worth nothing, from the longest plain suit, lowest
  first (no trump, no point card led while there is a choice);
* last to play: the card that gives this side the most points from the
  trick (exactly computed), the lowest of equals;
* otherwise: a card that would win scores 2 minus its own points (they go
  to the opponents), a card that would not win scores its points (they
  come to this side whoever wins); the best, the lowest of equals.

The objective of a searched world: victory points (own minus the
opponents': -2, -1, 1 or 2).  With at most :data:`EXACT_TRICKS` tricks
left an exact solve of every move gives the points (and the margin); with
:data:`SEARCH_TRICKS` left each move asks the threshold questions (can
N-S reach 33? then 41, or else 25: two null-window searches) and the
margin is the middle of the interval they leave; with more tricks left a
world costs from half a second to many seconds, a node cap that fits a
decision into a second leaves out most or all of the worlds (and keeps
the easy ones), so the player plays its heuristic's card there
(:meth:`Strategy.searched`; the measured costs: benchmarks/README.md,
"65's early tricks").  A player that sees the state asks only what its
choice needs before the exact tricks (:meth:`Strategy.optimal_moves`).

``openhand play`` analyses the person's cards in the last 8 tricks only:
an exact solve of the first tricks takes seconds to minutes.

>>> from openhand import load_game
>>> game = load_game("65"); s = game.new_state(seed=2)
>>> o = s.observation(s.to_move)
>>> o.trick, ' '.join(o.hand)
((), 'JS 8S 3H AD 6D 4D AC KC JC 6C 5C 4C')
>>> Strategy().heuristic(o, list(o.legal_moves))     # a lead worth nothing, lowest of the longest suit
'4C'
"""
from __future__ import annotations

from typing import List

from ..bots.strategy import Strategy as Base
from ..cards import Card
from .deck import card_points
from .rules import trick_points, trick_winner_index

__all__ = ["Strategy", "EXACT_TRICKS", "SEARCH_TRICKS"]

EXACT_TRICKS = 9        # at most this many tricks left: every move solved exactly
SEARCH_TRICKS = 10      # at most this many: threshold questions; more: the heuristic's card

_INTERVAL_MID = {2: 53.0, 1: 36.5, -1: 28.5, -2: 12.0}     # N-S points implied by its VP margin
_CLASS_FLOOR = {2: 41, 1: 33, -1: 25, -2: None}            # the least N-S points of each VP class
_CLASS_CEILING = {2: None, 1: 41, -1: 33, -2: 25}          # the least N-S points above it


def _vp_margin(ns: int) -> int:
    """N-S victory points minus E-W's for N-S's deal points."""
    return 2 if ns >= 41 else 1 if ns >= 33 else -1 if ns >= 25 else -2


def _vp_class(world, solver) -> int:
    """The VP margin of ``world`` for N-S, by threshold questions."""
    if solver.at_least(world, 33):
        return 2 if solver.at_least(world, 41) else 1
    return -1 if solver.at_least(world, 25) else -2


def _exact(world) -> bool:
    return world.tricks_left <= EXACT_TRICKS and world.points is not None


class Strategy(Base):
    """65's heuristic and objective (see the module)."""

    table_mb = 64
    shared_table_mb = 256       # the clairvoyants' one solver: a full deal's searches refill less
    # A search still running at the budget's end stops at its next poll
    # (2^16 nodes, some 10 ms in 65): a 1 s budget took 1.005 s at the
    # median of 10 seeded decisions at trick 3, up to 1.021 s.
    pimc_seconds = 0.95
    forfeit = (0, 65)
    forfeit_match = (0, 2)

    def heuristic(self, obs, legal: List[str]) -> str:
        cards = [Card(m) for m in legal]
        hand = [Card(c) for c in obs.hand]
        trick = [Card(c) for c in obs.trick]
        me = obs.player
        if not trick:
            length = {s: sum(1 for c in hand if c.suit == s) for s in range(4)}
            return str(min(cards, key=lambda c: (card_points(c) > 0, c.suit == 0, -length[c.suit], c.rank)))
        if len(trick) == 3:
            last = len(hand) == 1

            def gain(c):
                _, pts = trick_points(trick + [c], obs.leader, last)
                return pts[me % 2]
            return str(max(cards, key=lambda c: (gain(c), -c.rank)))
        partner_card = trick[(me - obs.leader - 2) % 4] if (me - obs.leader) % 4 >= 2 else None

        def value(c):
            if trick_winner_index(trick + [c]) == len(trick):
                return 2 - card_points(c) + (card_points(partner_card) if partner_card is not None else 0)
            return card_points(c)
        return str(max(cards, key=lambda c: (value(c), -c.rank)))

    def searched(self, obs) -> bool:
        return max(obs.hand_sizes) <= SEARCH_TRICKS

    def evaluate(self, world, solver, obs):
        sign = 1 if world.to_move % 2 == 0 else -1
        if _exact(world):
            r = solver.solve(world, moves=True)
            return {m: (sign * _vp_margin(v), sign * (2 * v - 65)) for m, v in r.deal_moves.items()}
        out = {}
        for m in world.legal_moves:
            w = world.copy()
            w.play(m)
            vp = _vp_class(w, solver)
            out[str(m)] = (sign * vp, sign * (2 * _INTERVAL_MID[vp] - 65))
        return out

    def optimal_moves(self, world, solver, obs, prefer=None) -> List[str]:
        """Before the exact tricks, the moves keeping the position's VP
        class (the threshold path of :meth:`evaluate`: within a class its
        margins are equal): the class, then one null-window question a
        move, ``prefer`` first: the same moves as ranking every move.

        >>> from openhand import load_game
        >>> from openhand.sixtyfive.rules import random_position
        >>> s = random_position(seed=3, tricks_left=10); solver = load_game("65").solver()
        >>> values = Strategy().evaluate(s, solver, None); top = max(values.values())
        >>> sorted(Strategy().optimal_moves(s, solver, None)) == sorted(m for m, v in values.items() if v == top)
        True
        """
        if _exact(world):
            return super().optimal_moves(world, solver, obs, prefer)
        cls = _vp_class(world, solver)
        north_south = world.to_move % 2 == 0
        # N-S's moves are worth at most the position, E-W's at least: a move
        # keeps the class if it stays above its floor (N-S) or below its ceiling
        bound = _CLASS_FLOOR[cls] if north_south else _CLASS_CEILING[cls]
        legal = [str(m) for m in world.legal_moves]
        if bound is None:
            return legal

        def keeps(m) -> bool:
            w = world.copy()
            w.play(m)
            return solver.at_least(w, bound) == north_south
        if prefer in legal and keeps(prefer):
            return [prefer]
        return [m for m in legal if m != prefer and keeps(m)]

    def analysis_start(self, state):
        start, moves, heading = super().analysis_start(state)
        if len(moves) > 32:        # an exact solve of the first tricks takes seconds to minutes
            skip = len(moves) - 32
            for m in moves[:skip]:
                start.play(m)
            moves = moves[skip:]
            heading = "analysis of your cards in the last 8 tricks (N-S points in the remaining tricks):"
        return start, moves, heading
