"""openhand: exact open-hand solvers for the trick-taking games 65,
Sixty-Six and Eighty-Three, behind one game interface.

>>> import openhand
>>> [g.name for g in openhand.games()]
['sixty-five', 'sixty-six', 'eighty-three']
>>> state = openhand.load_game("65").new_state(seed=7)
>>> openhand.state_from_text(state.to_text()) == state
True
"""
from .errors import OpenhandError
from .game import Game, Match, Move, State, games, load_game, state_from_text
from .memory import release_memory
from .result import SolveResult

__version__ = "0.2.0"
__all__ = ["games", "load_game", "state_from_text", "Game", "State", "Move", "Match", "SolveResult",
           "OpenhandError", "release_memory", "__version__"]
