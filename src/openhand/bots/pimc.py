"""Perfect-information Monte Carlo players: deal worlds consistent with
the observation, solve each exactly, choose the best mean.

:class:`PIMCPlayer` deals up to ``worlds`` worlds (:func:`openhand.dealing.worlds`,
exact and uniform), values every legal move in each with the game's exact
solver in the game's real objective (:mod:`.objectives`), and plays the
move with the best mean, ties broken by the mean card-point margin, then
by the heuristic's choice among the tied (never "the first listed move").
Where the game says a world costs too much (65's first two tricks, where
one world costs seconds) it plays the heuristic's card
(:func:`.objectives.searched`).
``nodes`` caps each search (a world whose search passes it is left out),
``seconds`` bounds the decision (CPU seconds of this thread; by default the
game's :attr:`.strategy.Strategy.pimc_seconds`, which keeps a decision
within one second: 1 s, 65 0.95 s, Sixty-Six 0.75 s; no new world
that would, at the cost of the dearest before, end past them, and a search
still running at the budget's end is stopped, its world left out; with no
world solved the heuristic's move is played: :func:`.budget.
within_budget`); with ``seconds=None`` the work is fixed by ``worlds`` and
``nodes`` and the player is reproducible from its seed.

A decision that is not card play is the game's
(:meth:`.strategy.Strategy.decide`): Eighty-Three's bids and trumps from
the bid feasibility of sampled worlds, its passes and discards among the
heuristic's ``choices`` favourites (:mod:`openhand.eightythree.auction_search`).

:class:`ClairvoyantPlayer` solves the true state (it ``sees_state``): the
upper bound of what solving can reach, and a calibration check (a PIMC
player given every card plays like it).  The clairvoyants of a thread
share one solver (exact answers do not depend on what its table holds,
and partners, like the two tables of a duplicate board, search the same
deal: half the time of a 65 board); a PIMC player keeps its own, since
with a node cap the table decides which worlds are solved.

>>> from openhand import load_game
>>> game = load_game("66"); s = game.new_state(seed=4)
>>> p = PIMCPlayer(worlds=4, seconds=None, seed=1); p.start(game, s.to_move)
>>> p.choose(s.observation(s.to_move)) in s.legal_moves
True
"""
from __future__ import annotations

import threading
from typing import Dict, List, Optional, Union

from ..dealing import worlds as world_sampler
from ..errors import PositionError
from .base import Player
from .heuristic import HeuristicPlayer
from .budget import capped, within_budget
from .objectives import evaluate, optimal_moves, searched
from .strategy import best_mean, pick, strategy_of

__all__ = ["PIMCPlayer", "ClairvoyantPlayer"]

# the one solver a thread's clairvoyants share (see ClairvoyantPlayer.start)
_shared = threading.local()


class _Searching(Player):
    """What both searching players share: one solver per player (its table
    kept across decisions: entries depend on the position alone, its size
    the game's :attr:`~.strategy.Strategy.table_mb` unless given), the
    heuristic for what they do not search, and ``memo``: what the game's
    decisions keep within a deal (emptied at each start)."""

    def __init__(self, seed=None, nodes: Optional[int] = None, table_mb: Optional[float] = None) -> None:
        super().__init__(seed)
        if nodes is not None and (isinstance(nodes, bool) or not isinstance(nodes, int) or nodes < 1):
            raise PositionError(f"nodes must be a positive whole number (a node cap per world), got {nodes!r}")
        self.nodes = nodes
        self.table_mb = table_mb
        self.heuristic = HeuristicPlayer()
        self._solver = None
        self.memo: dict = {}

    @property
    def solver(self):
        """The player's exact solver (made at the first start)."""
        return self._solver

    def start(self, game, player: int) -> None:
        super().start(game, player)
        self.heuristic.start(game, player)
        self.memo = {}
        if self._solver is None or self._solver.GAME != game.id:
            self._solver = game.solver(table_mb=self.table_mb or strategy_of(game).table_mb)

    def budget_seconds(self, game=None) -> Optional[float]:
        """The CPU seconds a decision may take (None: no limit)."""
        return None


class PIMCPlayer(_Searching):
    """See the module notes.  ``worlds`` (at least 1), ``nodes`` (None: no
    cap), ``seconds`` (None: no time limit; "default": the game's), ``confidence`` (Eighty-Three
    bids), ``choices`` (Eighty-Three passes and discards weighed), ``seed``."""

    name = "pimc"

    def __init__(self, worlds: int = 32, nodes: Optional[int] = None, seconds: Union[float, None, str] = "default",
                 confidence: float = 0.6, choices: int = 6, seed=None, table_mb: Optional[float] = None) -> None:
        super().__init__(seed, nodes, table_mb)
        if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1:
            raise PositionError(f"worlds must be a positive whole number, got {worlds!r}")
        if seconds not in (None, "default") and not (isinstance(seconds, (int, float)) and seconds > 0):
            raise PositionError(f"seconds must be a positive number, None or 'default', got {seconds!r}")
        self.worlds, self.seconds, self.confidence, self.choices = worlds, seconds, confidence, choices
        self.last_worlds = 0          # worlds solved for the last decision

    def budget_seconds(self, game=None) -> Optional[float]:
        """The CPU seconds a decision in ``game`` (None: the game started)
        may take (None: no limit); by default the game's
        :attr:`.strategy.Strategy.pimc_seconds`.

        >>> from openhand.game import load_game
        >>> PIMCPlayer().budget_seconds(load_game("66")), PIMCPlayer().budget_seconds(load_game("83"))
        (0.75, 1.0)
        >>> PIMCPlayer(seconds=2).budget_seconds(load_game("66"))
        2
        """
        if self.seconds != "default":
            return self.seconds
        return strategy_of(game if game is not None else self.game).pimc_seconds

    def choose(self, observation, state=None) -> str:
        legal = list(observation.legal_moves)
        self.last_worlds = 0
        if len(legal) == 1:
            return legal[0]
        decided = strategy_of(observation.game).decide(self, observation, legal)
        if decided is not None:
            return decided
        if not searched(observation):
            return self.heuristic.choose(observation)
        sampler = world_sampler(observation)
        totals: Dict[str, List[float]] = {m: [0.0, 0.0] for m in legal}
        n = 0

        def value(world, deadline):
            return evaluate(world, capped(self._solver, self.nodes, deadline), observation)
        draws = (sampler.sample(self.rng) for _ in range(self.worlds))
        for values in within_budget(self.budget_seconds(observation.game), draws, value):
            for m in legal:
                v = values[m]
                totals[m][0] += v[0]
                totals[m][1] += v[1]
            n += 1
        self.last_worlds = n
        fallback = self.heuristic.choose(observation)
        if not n:
            return fallback
        return best_mean(totals, n, fallback, self.rng)


class ClairvoyantPlayer(_Searching):
    """The exact solver on the true deal (``sees_state``): see the module
    notes.  A decision that is not card play is the game's, given the true
    state (Eighty-Three's auction is judged on the true deal as PIMC judges
    a world; passes and discards are the heuristic's)."""

    name = "clairvoyant"
    sees_state = True

    def start(self, game, player: int) -> None:
        # Every clairvoyant of a thread shares one solver: its answers are
        # exact whatever its table holds, and partners (and the two tables
        # of a duplicate board) search the same deal.
        key = (game.id, self.table_mb or strategy_of(game).shared_table_mb)
        solvers = _shared.__dict__.setdefault("solvers", {})
        if key not in solvers:
            solvers[key] = game.solver(table_mb=key[1])
        self._solver = solvers[key]
        super().start(game, player)

    def choose(self, observation, state=None) -> str:
        if state is None:
            raise PositionError("the clairvoyant player needs the true state")
        legal = list(observation.legal_moves)
        if len(legal) == 1:
            return legal[0]
        strategy = strategy_of(observation.game)
        decided = strategy.decide(self, observation, legal, truth=state)
        if decided is not None:
            return decided
        world = strategy.solved_world(state, observation)
        fallback = self.heuristic.choose(observation)
        return pick(optimal_moves(world, capped(self._solver, None), observation, prefer=fallback), fallback, self.rng)
