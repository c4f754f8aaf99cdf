"""Sixty-Six: two players, a stock, marriages, closing and going out.  The
rules engine (:class:`Position`, its moves :class:`Move`, its JSON and text
in :mod:`.position_format`), the game behind the shared interface
(:class:`SixtySix`, :class:`Match`) and the exact open-hand solvers
(:class:`Solver`, :func:`solve`)."""
from .deck import DECK, card_points, format_hand
from .notation import Move
from .position import Position, random_position
from .position_format import from_json, to_json
from .game import Match, SixtySix
from .solver import Solver, at_least, solve

__all__ = ["Position", "Move", "SixtySix", "Match", "Solver", "solve", "at_least", "random_position", "from_json",
           "to_json", "DECK", "card_points", "format_hand"]
