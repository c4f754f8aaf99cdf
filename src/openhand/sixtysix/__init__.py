"""Sixty-Six: rules engine, position format and exact solvers."""
from .rules import (  # noqa: F401
    DECK, Action, Game, Position, State, card_points, deal_result, format_hand, legal_actions,
    random_position, step)
from .position_format import from_json, to_json  # noqa: F401
from .solver import Solver, solve  # noqa: F401
