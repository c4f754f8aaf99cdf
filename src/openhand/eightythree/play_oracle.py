"""The play oracle of the bid feasibility search: the Eighty-Three play
solver behind one interface.

A position is a trick start given as four hand masks (N, E, S, W), the
trump suit and the bidder, who leads.  The oracle answers its value, "at
least t?" and a batch of such questions stopping at the first decisive
answer; it uses the C++ play solver when built and the reference solver
otherwise, and counts the questions it asked.  See
:mod:`openhand.eightythree.feasibility` for how the search uses it.
"""
from __future__ import annotations

from typing import List, Sequence

from ..cards import cards_from_mask
from ..errors import PositionError
from ..seats import SEATS
from .rules import TOTAL_POINTS

__all__ = ["PlayOracle", "TABLE_MB"]

# The table of the play solver the oracle makes when given none: the
# feasibility search's leaves are many related 6-trick positions whose
# entries serve each other, so a table larger than a play solve's default
# (8 MiB) pays: 64 MiB halved the play nodes of the heaviest pair measured
# (csrc/eightythree/game.hpp: table_entries).
TABLE_MB = 64

try:   # the C++ play solver when built; its Python twin otherwise
    from .solver import Solver as _PlaySolver
except ImportError:  # pragma: no cover - before the fast solver landed
    _PlaySolver = None


class PlayOracle:
    """The play solver behind one interface: value and threshold of a
    trick-start position given as four hand masks, the bidder leading."""

    def __init__(self, solver=None):
        if solver is not None and (_PlaySolver is None or not isinstance(solver, _PlaySolver)):
            raise PositionError(f"solver must be an Eighty-Three play Solver "
                                f"(openhand.eightythree.Solver), got {solver!r}")
        if solver is None and _PlaySolver is not None:
            solver = _PlaySolver(table_mb=TABLE_MB)
        self.solver = solver
        self.calls = 0

    @property
    def name(self) -> str:
        if self.solver is None:
            return "reference"
        return getattr(self.solver, "implementation", type(self.solver).__name__)

    def value(self, hands: Sequence[int], trump: int, bidder: int) -> int:
        self.calls += 1
        if self.solver is not None:
            return self.solver._value_of_trusted(list(hands), trump, bidder, bidder)
        from . import reference
        return reference.solve(_position(hands, trump, bidder), moves=False).value

    def at_least(self, hands: Sequence[int], trump: int, bidder: int, target: int) -> bool:
        if target <= 0:
            return True
        if target > TOTAL_POINTS:
            return False
        self.calls += 1
        if self.solver is not None:
            return bool(self.solver._values_of_trusted([list(hands)], trump, bidder, bidder,
                                                       target)[0])
        from . import reference
        return reference.at_least(_position(hands, trump, bidder), target)

    def at_least_until(self, deals, trump: int, bidder: int, target: int, stop: bool) -> List[int]:
        """:meth:`at_least` (target 1..83) for each position in order,
        stopping after the first answer equal to ``stop``: the answers so
        far, as bounds (``>= target``: yes and a lower bound on the value,
        ``< target``: no and an upper bound).  The C++ solver answers them
        all in one call and returns its searches' fail-soft bounds."""
        batch = getattr(self.solver, "_at_least_until_trusted", None)
        if batch is not None:
            out = batch(deals, trump, bidder, bidder, target, stop)
            self.calls += len(out)
            return out
        out = []
        for h in deals:
            ok = self.at_least(h, trump, bidder, target)
            out.append(target if ok else target - 1)
            if ok == stop:
                break
        return out


def _position(hands, trump, bidder):
    from .rules import Position
    return Position({SEATS[s]: cards_from_mask(hands[s]) for s in range(4)}, trump, bidder)
