"""The searching players' time budget (openhand.bots.budget.within_budget),
the one loop behind PIMC's play and Eighty-Three's auction, passes and
discards: a CPU budget stops it (no world starts that would end past the
budget at the cost of the dearest before), a world whose search is
stopped is left out, and with no budget the work is exactly the worlds
given, drawn lazily.
"""
import itertools
import time

from openhand import load_game
from openhand.bots import PIMCPlayer
from openhand.bots.budget import Capped, WorldClock, within_budget


def burn(seconds):
    """Spend ``seconds`` of this thread's CPU."""
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


def test_a_budget_stops_the_loop_before_a_world_would_end_past_it():
    start = time.thread_time()
    drawn = []

    def worlds():
        for i in itertools.count():          # endless: only the budget stops it
            drawn.append(i)
            yield i

    got = list(within_budget(0.05, worlds(), lambda w, deadline: burn(0.01) or w))
    spent = time.thread_time() - start
    # worlds of 10 ms in a 50 ms budget: a world starts only while it would end within it
    assert 3 <= len(got) <= 5, got
    assert spent <= 0.05 + 0.005, spent
    assert drawn == got                      # no world dealt that was not valued


def test_a_search_past_the_deadline_is_left_out():
    def value(w, deadline):
        if w == 1:
            if deadline is not None:         # this search runs to the budget's end: stopped there
                burn(deadline - time.thread_time() + 0.001)
            raise Capped(w)                  # (or it passed its node cap)
        return w
    assert list(within_budget(0.05, range(3), value)) == [0]       # and the budget is spent
    assert list(within_budget(None, range(3), value)) == [0, 2]


def test_without_a_budget_the_work_is_exactly_the_worlds_given():
    deadlines = []
    got = list(within_budget(None, range(7), lambda w, deadline: deadlines.append(deadline) or w))
    assert got == list(range(7)) and deadlines == [None] * 7
    clock = WorldClock(None)
    for _ in range(1000):
        clock.tick()
    assert clock.another() and clock.deadline is None


def test_players_count_exactly_their_worlds_without_a_budget():
    game = load_game("66")
    state = game.new_state(seed=4)
    p = PIMCPlayer(worlds=5, seconds=None, seed=1)
    p.start(game, state.to_move)
    p.choose(state.observation(state.to_move))
    assert p.last_worlds == 5
    game = load_game("83")
    state = game.new_state(seed=2)              # the auction: worlds valued by the fast mode
    p = PIMCPlayer(worlds=3, seconds=None, seed=1)
    p.start(game, state.to_move)
    p.choose(state.observation(state.to_move))
    assert p.last_worlds == 3
