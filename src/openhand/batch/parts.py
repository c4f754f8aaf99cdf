"""What a game brings to batch runs, and the shared defaults: each game's
package has a ``batch.py`` with a :class:`BatchParts` subclass (named by
``Game.BATCH``, reached as ``game.batch_parts``).

A game's parts say:

* ``MOVE_COLUMNS``: its fixed move encoding, the move texts in column
  order of the per-move value arrays (:mod:`openhand.batch.arrays`);
  a legal move outside it (Eighty-Three's passes and discards) has its
  value in the structured result only;
* ``WHATS``, ``reach_targets``, ``target_range`` and ``check_options``:
  the questions it answers (:mod:`openhand.batch.question`);
* ``add_arguments`` / ``input_options``: its command-line options for
  reading items (65's ``--leader`` for PBN lines, ``--tricks`` for random
  positions), and ``question_options``: those that change the question;
* ``random_state``: the seeded random item of a stream;
  ``own_state``: a line in the game's own form (not a state text or JSON);
  ``check_state``: refuse a state the question cannot be asked of;
* ``answer``: one item's answer (the default covers value, moves and
  reach); ``summary``: the statistics of a store (:mod:`openhand.batch.stats`).

>>> from openhand.game import load_game
>>> parts = load_game("66").batch_parts
>>> len(parts.MOVE_COLUMNS), parts.MOVE_COLUMNS[:3], parts.MOVE_COLUMNS[-3:]
(39, ('AS', 'KS', 'QS'), ('exchange', 'close', 'out'))
"""
from __future__ import annotations

from typing import Dict, Optional, Tuple

from ..errors import PositionError

__all__ = ["BatchParts", "card_columns", "reach_bounds"]


def card_columns(deck) -> Tuple[str, ...]:
    """The cards of a deck as column names, in display order (spades,
    hearts, diamonds, clubs, high rank first; the joker last).

    >>> from openhand.sixtysix.deck import DECK
    >>> card_columns(DECK)[:7]
    ('AS', 'KS', 'QS', 'JS', 'TS', '9S', 'AH')
    """
    from ..cards import sort_cards
    return tuple(str(c) for c in sort_cards(deck))


def reach_bounds(answers: Dict[int, bool]) -> Tuple[Optional[int], Optional[int]]:
    """The bounds on the value that threshold answers prove: the highest
    target reached (a lower bound), one less than the lowest one missed
    (an upper bound); None where no answer bounds that side.

    >>> reach_bounds({33: True, 41: False}), reach_bounds({33: False, 41: False})
    ((33, 40), (None, 32))
    """
    yes = [t for t, ok in answers.items() if ok]
    no = [t for t, ok in answers.items() if not ok]
    return (max(yes) if yes else None), (min(no) - 1 if no else None)


class BatchParts:
    """The defaults; a game's ``batch.py`` subclasses this."""

    game_id = ""
    MOVE_COLUMNS: Tuple[str, ...] = ()
    WHATS: Tuple[str, ...] = ("value", "moves", "reach")
    own_form = ""        # the game's own line form, in words (for the help), or ""

    @property
    def game(self):
        from ..game import load_game
        return load_game(self.game_id)

    # ------------------------------------------------------------ the question
    def check_options(self, what: str, options: dict) -> dict:
        """The game's solve options of a question, checked and with their
        defaults (default: the game has none)."""
        if options:
            raise PositionError(f"{self.game.title} batch runs take no option {next(iter(options))!r}")
        return {}

    def reach_targets(self, options: dict) -> Tuple[int, ...]:
        """The default thresholds of ``reach``."""
        raise PositionError(f"give the thresholds for {self.game.title} (--targets)")

    def target_range(self, options: dict) -> Tuple[int, int]:
        raise NotImplementedError

    def solve_kwargs(self, options: dict) -> dict:
        """Keyword arguments of the solver's ``solve`` and ``at_least``."""
        return dict(options)

    # ------------------------------------------------------------ the command line
    def add_arguments(self, p) -> None:
        """The game's own options of ``openhand batch GAME``."""

    def input_options(self, args) -> dict:
        """How the game's items are read and dealt (not part of the question)."""
        return {}

    def question_options(self, args) -> dict:
        """The game's solve options from the command line (part of the question)."""
        return {}

    # ------------------------------------------------------------ items
    def random_state(self, seed: int, what: str, inputs: dict):
        """The seeded random item of a stream (default: a deal from its first move)."""
        return self.game.new_state(seed=seed)

    def own_state(self, text: str, what: str, inputs: dict):
        """A line in the game's own form."""
        raise PositionError(f"not a {self.game.title} state text or JSON")

    def dealt_state(self, placed: dict, rng, what: str, inputs: dict):
        """The item of a deal drawn under dealing constraints (``--where``):
        ``placed`` maps each place of the fresh deal (the hands, and the
        stock or the kitty: :func:`openhand.constrained.fresh_problem`) to
        its cards; ``rng`` draws what the deal leaves open."""
        raise PositionError(f"{self.game.title} batch runs take no dealing constraints")

    def check_state(self, state, what: str) -> None:
        """Refuse (PositionError) a state the question cannot be asked of."""
        if what == "bids":
            raise PositionError(f"{self.game.title} has no bids")

    # ------------------------------------------------------------ answers
    def answer(self, solver, state, question) -> dict:
        """One item's answer: ``status`` (``'done'``, or ``'limit'``
        when the question's limit stopped a search), ``value`` and
        ``deal_value`` (the SolveResult's; None when stopped), ``lower`` /
        ``upper`` (bounds on the deal value: the bounds proved when
        stopped), ``nodes`` (None when the solver does not report them)
        and ``result`` (plain JSON types: a stopped solve's cut
        SolveResult; a stopped reach's settled thresholds, and under
        ``"unsettled"`` the others)."""
        from ..errors import LimitReached
        kw = self.solve_kwargs(dict(question.options))
        limit = question.limit()
        if limit is not None:
            kw["limit"] = limit
        if question.what in ("value", "moves"):
            r = solver.solve(state, moves=question.what == "moves", **kw)
            if r.cut:
                return {"status": "limit", "value": None, "deal_value": None, "lower": r.so_far + r.lower,
                        "upper": r.so_far + r.upper, "nodes": r.nodes, "result": r.to_dict()}
            return {"status": "done", "value": r.value, "deal_value": r.deal_value, "lower": r.deal_value,
                    "upper": r.deal_value, "nodes": r.nodes, "result": r.to_dict()}
        if question.what == "reach":
            answers: Dict[int, bool] = {}
            cut = None
            for t in question.targets:       # ascending: past a miss, every higher one is missed too
                if False in answers.values():
                    answers[t] = False
                    continue
                try:
                    answers[t] = bool(solver.at_least(state, t, **kw))
                except LimitReached as e:    # this threshold and the ones above it stay open
                    cut = e.result
                    break
            lower, upper = reach_bounds(answers)
            result = {"game": self.game_id, "at_least": {str(t): ok for t, ok in answers.items()}}
            if cut is None:
                return {"status": "done", "value": None, "deal_value": None, "lower": lower, "upper": upper,
                        "nodes": None, "result": result}
            # the cut search's bounds on the rest, as bounds on the deal
            lo, hi = cut.so_far + cut.lower, cut.so_far + cut.upper
            lower = lo if lower is None else max(lower, lo)
            upper = hi if upper is None else min(upper, hi)
            result["unsettled"] = [t for t in question.targets if t not in answers]
            return {"status": "limit", "value": None, "deal_value": None, "lower": lower, "upper": upper,
                    "nodes": None, "result": result}
        raise PositionError(f"{self.game.title} batch runs do not answer {question.what!r}")

    def summary(self, rows, question) -> dict:
        """The statistics of finished rows (see :mod:`openhand.batch.stats`)."""
        from .stats import generic_summary
        return generic_summary(rows, question, self.game)
