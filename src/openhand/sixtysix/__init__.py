"""Sixty-Six: rules engine, position format and exact solvers."""
from .deck import DECK, card_points, format_hand  # noqa: F401
from .actions import Action  # noqa: F401
from .rules import State, deal_result, legal_actions, step  # noqa: F401
from .position import Game, Position, random_position  # noqa: F401
from .position_format import from_json, to_json  # noqa: F401
from .solver import Solver, solve  # noqa: F401
