"""65 (Sixty-Five): rules engine and exact solvers."""
from .rules import Match, Position, random_deal, random_position, victory_points  # noqa: F401
from .solver import Solver, can_reach, solve  # noqa: F401
