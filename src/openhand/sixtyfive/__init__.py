"""65 (Sixty-Five): four players in partnerships, spades trumps, the winner's
partner's card collected.  The rules engine (:class:`Position`), the game
behind the shared interface (:class:`SixtyFive`, :class:`Match`) and the
exact solvers (:class:`Solver`, :func:`solve`, :func:`at_least`)."""
from .deck import DECK, TOTAL_POINTS, card_points
from .notation import Move
from .rules import Position, random_deal, random_position, victory_points
from .game import Match, SixtyFive
from .solver import Solver, at_least, solve

__all__ = ["Position", "Move", "SixtyFive", "Match", "Solver", "solve", "at_least", "random_deal",
           "random_position", "victory_points", "DECK", "TOTAL_POINTS", "card_points"]
