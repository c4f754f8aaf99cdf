"""What a game brings to the computer players, and the shared defaults:
each game's package has a ``strategy.py`` with a :class:`Strategy`
subclass (named by ``Game.STRATEGY``, reached as ``game.strategy`` or
:func:`strategy_of`).  The players, the arena and ``openhand play`` are
written once and ask it what is special to the game:

* playing knowledge: :meth:`~Strategy.heuristic` (the heuristic player's
  documented rules, in the game's module docstring), and for the
  searching players :meth:`~Strategy.evaluate` (every legal move's value
  in one world, in the game's real objective, with the card-point margin
  to break ties), :meth:`~Strategy.optimal_moves` (the best of them, by a
  shorter path where the game has one), :meth:`~Strategy.searched`
  (whether worlds are solved at this moment at all) and
  :meth:`~Strategy.decide` (a decision that is not card play: Eighty-Three's
  bids, trumps, passes and discards), :meth:`~Strategy.solved_world`
  (what the solver is given of the true state) and :attr:`~Strategy.table_mb`
  (each searching player's table);
* the arena: :attr:`~Strategy.forfeit` and :attr:`~Strategy.forfeit_match`
  (what a forfeited table scores) and :meth:`~Strategy.tie_side` (the side
  that wins a match both sides reach on one deal);
* ``openhand play``: :attr:`~Strategy.hand_order`, :meth:`~Strategy.view_lines`
  (what the person sees besides the hand and the score) and
  :meth:`~Strategy.analysis_start` (where the analysis after the deal
  starts).

A strategy holds no state: it is made once per game and reads what it
needs (a rule option such as Eighty-Three's penalty, the bid) from the
observation or the state it is given.  What a searching player keeps
between decisions of a deal goes in the player's ``memo``.

>>> from openhand.game import games, load_game
>>> [type(g.strategy).__module__ for g in games()]
['openhand.sixtyfive.strategy', 'openhand.sixtysix.strategy', 'openhand.eightythree.strategy']
>>> s = strategy_of("66"); s.table_mb, s.forfeit, s.forfeit_match
(32, (0, 3), (0, 3))
>>> state = load_game("66").new_state(seed=4); obs = state.observation(state.to_move)
>>> s.heuristic(obs, list(obs.legal_moves)), s.searched(obs)
('9H', True)
"""
from __future__ import annotations

from typing import Dict, List, Optional, Tuple

__all__ = ["Strategy", "strategy_of", "best_moves", "best_mean", "pick"]


def best_moves(values: Dict[str, Tuple[float, float]]) -> List[str]:
    """The moves of the best (objective, margin) of :meth:`Strategy.evaluate`'s
    values (rounded to 9 places: means of floats compare equal).

    >>> best_moves({"AS": (1, 4), "KS": (1, 6), "QS": (1, 6.0000000001), "JS": (-1, 20)})
    ['KS', 'QS']
    """
    key = {m: (round(v[0], 9), round(v[1], 9)) for m, v in values.items()}
    top = max(key.values())
    return [m for m, k in key.items() if k == top]


def best_mean(totals: Dict[str, List[float]], n: int, fallback: str, rng) -> str:
    """The move of the best mean objective, then mean margin, of
    ``totals`` (move -> summed (objective, margin) over ``n`` worlds);
    among moves still tied, ``fallback`` if it is one of them, else a
    seeded choice.

    >>> import random
    >>> best_mean({"AS": [2, 10], "KS": [2, 10], "QS": [0, 30]}, 2, "KS", random.Random(1))
    'KS'
    """
    key = {m: (round(v[0] / n, 9), round(v[1] / n, 9)) for m, v in totals.items()}
    top = max(key.values())
    return pick([m for m, k in key.items() if k == top], fallback, rng)


def pick(tied: List[str], fallback: str, rng) -> str:
    """One of the equally good moves ``tied``: the only one, else
    ``fallback`` if it is one of them, else a seeded choice.

    >>> import random
    >>> pick(["KS"], "AS", None), pick(["AS", "KS"], "KS", None), pick(["AS", "KS"], "QS", random.Random(1))
    ('KS', 'KS', 'AS')
    """
    if len(tied) == 1:
        return tied[0]
    return fallback if fallback in tied else rng.choice(sorted(tied))


class Strategy:
    """The defaults; a game's ``strategy.py`` subclasses this and supplies
    at least :meth:`heuristic` and :meth:`evaluate`."""

    table_mb: float = 32                    # MiB of solver table per searching player (several share a machine)
    shared_table_mb: float = 32             # MiB of the one solver a thread's clairvoyants share
    forfeit: Tuple[int, int] = (0, 0)       # (the offender side's returns, the other side's) of a forfeited table
    forfeit_match: Optional[Tuple[int, int]] = None    # the same in match points (None: as forfeit)
    hand_order: Optional[str] = None        # the ranks high to low in `openhand play`'s hand (None: the deck's)
    pimc_seconds: float = 1.0               # the default pimc's CPU budget a decision (decisions within 1 s)

    # ------------------------------------------------------------ playing
    def heuristic(self, obs, legal: List[str]) -> str:
        """The heuristic player's move (``legal``: the observation's legal
        moves as text, two or more)."""
        raise NotImplementedError

    def searched(self, obs) -> bool:
        """Does a searching player solve worlds at this moment (else it
        plays :meth:`heuristic`'s move)?  Default: always."""
        return True

    def evaluate(self, world, solver, obs) -> Dict[str, Tuple[float, float]]:
        """Move text -> (objective, margin) for the player to move in
        ``world`` (a complete state); ``obs`` is the observation (what the
        bid is, ...), None when there is none.  A search stopped by its node
        cap raises :class:`~.budget.Capped`."""
        raise NotImplementedError

    def optimal_moves(self, world, solver, obs, prefer=None) -> List[str]:
        """The moves of the best (objective, margin) in ``world`` as
        :meth:`evaluate` ranks them; if ``prefer`` is one of them the
        answer may be ``[prefer]`` alone.  Default: rank every move."""
        return best_moves(self.evaluate(world, solver, obs))

    def decide(self, player, obs, legal: List[str], truth=None) -> Optional[str]:
        """A searching ``player``'s move at a decision that is not card
        play, or None to search worlds as for a card.  ``truth`` is the
        true state for a player that sees it (the clairvoyant), else None.
        The player (:mod:`.pimc`) offers its ``solver``, ``rng``,
        ``heuristic``, ``memo`` (emptied at each deal's start),
        ``last_worlds`` (to set), and for PIMC its budgets ``worlds``,
        ``seconds``, ``confidence``, ``choices``.  Default: None (every
        decision is card play)."""
        return None

    def solved_world(self, state, obs):
        """What a player that sees ``state`` solves of it (default: the
        state itself)."""
        return state

    # ------------------------------------------------------------ arena
    def tie_side(self, game, state) -> Optional[int]:
        """The side that wins a match when both sides reach the target on
        the deal ``state`` (default: None, the first side)."""
        return None

    # ------------------------------------------------------------ openhand play
    def view_lines(self, game, obs) -> List[str]:
        """What ``openhand play`` shows the person besides the hand and the
        score.  Default: the trick on the table, each card with its player."""
        if "trick" not in obs.fields() or not obs.trick:
            return []
        return ["trick: " + " ".join(f"{game.player_name((obs.leader + i) % game.num_players)} {c}"
                                     for i, c in enumerate(obs.trick))]

    def analysis_start(self, state):
        """Where ``openhand play``'s analysis of a finished deal starts:
        (the state, the moves played from it, a heading), or None for no
        analysis.  Default: the deal's start and all its moves."""
        start = state.copy()
        moves = [m for _, m in state.history]
        for _ in moves:
            start.undo()
        return start, moves, "analysis of your moves:"


_CACHE: Dict[str, Strategy] = {}


def strategy_of(game) -> Strategy:
    """The :class:`Strategy` of a game given by id, name or :class:`~openhand.game.Game`
    (an observation's or a state's ``game``), made once per game."""
    key = game.id if hasattr(game, "id") else game
    found = _CACHE.get(key)
    if found is None:
        from ..game import load_game
        found = _CACHE[key] = load_game(game).strategy
    return found
