"""Every game's CoreSolver (src/openhand/_solver_owner.pxi over
csrc/solver.hpp) has one API: value, at_least, move_values, batch (values,
or "at least target" answers) and batch_until (fail-soft bounds, stopping
at the first decisive answer), on the game's position tuples.  The public
solvers use only some of them per game; here all of them must agree with
the value, for every game."""
import pytest

from openhand import sixtyfive, sixtysix
from openhand.eightythree import solver as eightythree
from openhand.eightythree.deal import random_play_position
from openhand.trickplay import core_hands


def _specs(game):
    """(a fresh C++ core, position tuples) of a few seeded positions."""
    if game == "65":
        solver = sixtyfive.Solver(implementation="cpp")
        positions = [sixtyfive.random_position(seed, tricks_left=4, trick_cards=seed % 4) for seed in range(12)]
        return solver._core, [core_hands(p) for p in positions]
    if game == "66":
        solver = sixtysix.Solver(implementation="cpp")
        positions = [sixtysix.random_position(seed, max_stock=2) for seed in range(12)]
        return solver._core, [(tuple(p.snapshot), seed % 2) for seed, p in enumerate(positions)]
    solver = eightythree.Solver(implementation="cpp")
    positions = [random_play_position(seed, tricks_left=3, trick_cards=seed % 4) for seed in range(12)]
    return solver._core, [eightythree._spec(p) for p in positions]


pytestmark = pytest.mark.skipif(sixtyfive.solver._core is None, reason="C++ core not built")


@pytest.mark.parametrize("game", ["65", "66", "83"])
def test_one_api_for_every_game(game):
    core, specs = _specs(game)
    values = [core.value(spec)[0] for spec in specs]
    assert core.batch(specs)[0] == values
    for spec, value in zip(specs, values):
        best, per_move, nodes = core.move_values(spec)
        assert best == value and nodes > 0
        assert per_move and (best in per_move.values())
        for target in (value - 1, value, value + 1):
            assert core.at_least(spec, target)[0] == (value >= target)
    for target in (min(values), values[0], max(values) + 1):
        assert core.batch(specs, target)[0] == [v >= target for v in values]
        for stop in (0, 1):
            bounds, nodes = core.batch_until(specs, target, stop)
            answers = [b >= target for b in bounds]
            # answered in order up to the first answer equal to stop
            assert answers == [v >= target for v in values[:len(bounds)]]
            assert (stop in answers) == (len(bounds) < len(specs) or answers[-1] == stop)
            assert stop not in answers[:-1]
            # fail-soft: a yes is a lower bound on the value, a no an upper one
            for b, v in zip(bounds, values):
                assert (b <= v) if b >= target else (b >= v)


@pytest.mark.parametrize("game", ["65", "66", "83"])
def test_a_freed_solvers_table_memory_is_reused_clean(game):
    # A freed solver's table memory is kept for the next solver, which zeroes
    # what was used (csrc/ttable.hpp, KeptTable): a stale entry would change
    # node counts (or values).  Fresh solvers after a freed one, and after
    # release_memory() handed the memory back, must all search alike.
    import openhand

    def run():
        core, specs = _specs(game)
        return [core.value(spec) for spec in specs]

    first = run()   # its solver is freed at once: its table is kept
    assert run() == first
    assert openhand.release_memory() > 0   # the kept table had been used
    assert openhand.release_memory() == 0  # nothing kept any more
    assert run() == first
