"""Perfect-information Monte Carlo players: deal worlds consistent with
the observation, solve each exactly, choose the best mean.

:class:`PIMCPlayer` deals up to ``worlds`` worlds (:func:`openhand.dealing.worlds`,
exact and uniform), values every legal move in each with the game's exact
solver in the game's real objective (:mod:`.objectives`), and plays the
move with the best mean, ties broken by the mean card-point margin, then
by the heuristic's choice among the tied (never "the first listed move").
In 65's first two tricks, where one world costs seconds, it plays the
heuristic's card (:func:`.objectives.searched`).
``nodes`` caps each search (a world whose search passes it is left out),
``seconds`` bounds the decision (CPU seconds of this thread: no new world
that would, at the cost of the dearest before, end past them, and a search
still running at the budget's end is stopped, its world left out; with no
world solved the heuristic's move is played: :func:`.budget.
within_budget`); with ``seconds=None`` the work is fixed by ``worlds`` and
``nodes`` and the player is reproducible from its seed.

Eighty-Three's auction: each world is valued for this seat as bidder in
each suit by the feasibility table's fast mode (the documented heuristic
passes and discards, then the exact play); the player raises by the least
step while that bid is made in at least ``confidence`` of the worlds (83
doubled only when all 83 points are), and names the suit of the best mean
deal score.  It never outbids its partner, and judges its bid once per
deal (the bids of others are not read as information).  A pass or a
discard is chosen among the heuristic's ``choices`` favourites (its
documented ranking), each valued in half as many worlds by the same fast
mode.

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
from typing import Dict, List, Optional

from ..dealing import worlds as world_sampler
from ..errors import PositionError
from .base import Player
from .heuristic import HeuristicPlayer
from .budget import capped, within_budget
from .objectives import evaluate, optimal_moves, searched

__all__ = ["PIMCPlayer", "ClairvoyantPlayer"]

# Table caps per player (MiB): several players share a machine.
_TABLE_MB = {"65": 64, "66": 32, "83": 8}
# and of the one solver a thread's clairvoyants share
_CLAIRVOYANT_TABLE_MB = {"65": 256, "66": 32, "83": 8}
_shared = threading.local()


def _best(totals: Dict[str, List[float]], n: int, fallback: str, rng) -> str:
    """The move of the best mean objective, then mean margin; among moves
    still tied, ``fallback`` if it is one of them, else a seeded choice."""
    key = {m: (round(v[0] / n, 9), round(v[1] / n, 9)) for m, v in totals.items()}
    top = max(key.values())
    tied = [m for m, k in key.items() if k == top]
    if len(tied) == 1:
        return tied[0]
    return fallback if fallback in tied else rng.choice(sorted(tied))


class _Searching(Player):
    """What both searching players share: one solver per player (its table
    kept across decisions: entries depend on the position alone), the
    heuristic for what they do not search."""

    def __init__(self, seed=None, nodes: Optional[int] = None, table_mb: Optional[float] = None) -> None:
        super().__init__(seed)
        if nodes is not None and (isinstance(nodes, bool) or not isinstance(nodes, int) or nodes < 1):
            raise PositionError(f"nodes must be a positive whole number (a node cap per world), got {nodes!r}")
        self.nodes = nodes
        self.table_mb = table_mb
        self.heuristic = HeuristicPlayer()
        self._solver = None
        self._auction_cache: dict = {}

    def start(self, game, player: int) -> None:
        super().start(game, player)
        self.heuristic.start(game, player)
        self._auction_cache = {}
        if self._solver is None or self._solver.GAME != game.id:
            self._solver = game.solver(table_mb=self.table_mb or _TABLE_MB.get(game.id, 32))

    def _phase(self, obs) -> str:
        return obs.phase if "phase" in obs.fields() else "playing"


class PIMCPlayer(_Searching):
    """See the module notes.  ``worlds`` (at least 1), ``nodes`` (None: no
    cap), ``seconds`` (None: no time limit), ``confidence`` (Eighty-Three
    bids), ``choices`` (Eighty-Three passes and discards weighed), ``seed``."""

    name = "pimc"

    def __init__(self, worlds: int = 32, nodes: Optional[int] = None, seconds: Optional[float] = 1.0,
                 confidence: float = 0.6, choices: int = 6, seed=None, table_mb: Optional[float] = None) -> None:
        super().__init__(seed, nodes, table_mb)
        if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1:
            raise PositionError(f"worlds must be a positive whole number, got {worlds!r}")
        if seconds is not None and not (isinstance(seconds, (int, float)) and seconds > 0):
            raise PositionError(f"seconds must be a positive number or None, got {seconds!r}")
        self.worlds, self.seconds, self.confidence, self.choices = worlds, seconds, confidence, choices
        self.last_worlds = 0          # worlds solved for the last decision

    def choose(self, observation, state=None) -> str:
        legal = list(observation.legal_moves)
        self.last_worlds = 0
        if len(legal) == 1:
            return legal[0]
        phase = self._phase(observation)
        if observation.game == "83" and phase in ("passing", "discarding"):
            return self._pass_or_discard(observation, legal)
        if observation.game == "83" and phase in ("bidding", "trumps"):
            from .auction import auction_choice
            return auction_choice(self, observation, world_sampler(observation))
        if not searched(observation):
            return self.heuristic.choose(observation)
        sampler = world_sampler(observation)
        totals: Dict[str, List[float]] = {m: [0.0, 0.0] for m in legal}
        n = 0

        def value(world, deadline):
            return evaluate(world, capped(self._solver, self.nodes, deadline), observation)
        for values in within_budget(self.seconds, (sampler.sample(self.rng) for _ in range(self.worlds)), value):
            for m in legal:
                v = values[m]
                totals[m][0] += v[0]
                totals[m][1] += v[1]
            n += 1
        self.last_worlds = n
        fallback = self.heuristic.choose(observation)
        if not n:
            return fallback
        return _best(totals, n, fallback, self.rng)

    def _pass_or_discard(self, obs, legal) -> str:
        """Eighty-Three: the heuristic's ``choices`` favourite passes or
        discards, each valued in every world by the fast mode."""
        from .auction import choice_values
        from .heuristic import rank_choices
        ranked = rank_choices(obs, legal)
        candidates = ranked[:self.choices]
        if len(candidates) == 1:
            return candidates[0]
        sampler = world_sampler(obs)
        totals, n = choice_values(self, obs, (sampler.sample(self.rng) for _ in range(max(1, self.worlds // 2))),
                                  candidates)
        return _best(totals, n, ranked[0], self.rng)


class ClairvoyantPlayer(_Searching):
    """The exact solver on the true deal (``sees_state``): see the module
    notes.  Eighty-Three's auction is judged on the true deal as PIMC
    judges a world; passes and discards are the heuristic's."""

    name = "clairvoyant"
    sees_state = True

    def start(self, game, player: int) -> None:
        # Every clairvoyant of a thread shares one solver: its answers are
        # exact whatever its table holds, and partners (and the two tables
        # of a duplicate board) search the same deal.
        super().start(game, player)
        key = (game.id, self.table_mb or _CLAIRVOYANT_TABLE_MB.get(game.id, 32))
        solvers = _shared.__dict__.setdefault("solvers", {})
        if key not in solvers:
            solvers[key] = game.solver(table_mb=key[1])
        self._solver = solvers[key]

    def choose(self, observation, state=None) -> str:
        if state is None:
            raise PositionError("the clairvoyant player needs the true state")
        legal = list(observation.legal_moves)
        if len(legal) == 1:
            return legal[0]
        phase = self._phase(observation)
        if observation.game == "83" and phase in ("passing", "discarding"):
            return self.heuristic.choose(observation)
        if observation.game == "83" and phase in ("bidding", "trumps"):
            from .auction import auction_choice
            return auction_choice(self, observation, None, truth=state)
        world = state
        if observation.game == "83" and "phase" in observation.fields():
            world = state.position        # the play of the deal
        fallback = self.heuristic.choose(observation)
        tied = optimal_moves(world, capped(self._solver, None), observation, prefer=fallback)
        if len(tied) == 1:
            return tied[0]
        return fallback if fallback in tied else self.rng.choice(sorted(tied))
