"""65's tricks objective (card points zero, no last-trick bonus: the tricks
N-S take) against an independent trick-count search written here: plain
minimax over the game interface (legal_moves, play, undo, winners), no
table, no bounds, no equivalent cards.  The C++ core and the Python
reference must give its value and every card's value, on trick starts
and mid-trick positions, and the same answers to every threshold."""
import pytest

from openhand.errors import PositionError
from openhand.limits import Limit
from openhand.sixtyfive import Position, random_position, reference
from openhand.sixtyfive.solver import Solver, _core

needs_core = pytest.mark.skipif(_core is None, reason="C++ core not built")


def ns_tricks_rest(pos: Position) -> int:
    """N-S's tricks in the rest of the deal by plain minimax."""
    if pos.is_over():
        return 0
    before = len(pos.winners)
    values = []
    for move in list(pos.legal_moves):
        pos.play(move)
        won = sum(1 for w in pos.winners[before:] if w % 2 == 0)
        values.append(won + ns_tricks_rest(pos))
        pos.undo()
    return max(values) if pos.to_move % 2 == 0 else min(values)


_PER_CARD = {}   # state text -> per_card(): the plain minimax (some 1 s a position) once for both implementations


def per_card(pos: Position) -> dict:
    key = pos.to_text()
    if key not in _PER_CARD:
        _PER_CARD[key] = _per_card(pos)
    return dict(_PER_CARD[key])


def _per_card(pos: Position) -> dict:
    out = {}
    before = len(pos.winners)
    for move in list(pos.legal_moves):
        pos.play(move)
        out[str(move)] = sum(1 for w in pos.winners[before:] if w % 2 == 0) + ns_tricks_rest(pos)
        pos.undo()
    return out


def positions(n, base):
    for i in range(n):
        yield i, random_position(seed=base + i, tricks_left=2 + i % 3, trick_cards=i % 4)


@pytest.mark.parametrize("impl", ["python", pytest.param("cpp", marks=needs_core)])
def test_tricks_match_plain_minimax(impl):
    solver = Solver(table_mb=1, implementation=impl)
    for i, p in positions(24, 31_000):
        want = per_card(p)
        value = max(want.values()) if p.to_move % 2 == 0 else min(want.values())
        got = solver.solve(p, objective="tricks")
        assert (got.value, got.moves, got.units) == (value, want, "tricks"), (i, p.to_text())
        assert got.so_far == p.tricks[0] == sum(1 for w in p.winners if w % 2 == 0)
        assert got.deal_value == p.tricks[0] + value
        for t in range(0, 13):
            assert solver.at_least(p, t, objective="tricks") == (got.deal_value >= t), (i, t)


@needs_core
@pytest.mark.parametrize("tricks, seeds", [(6, range(32_000, 32_006)), (7, range(34_000, 34_003))])
def test_tricks_cpp_matches_reference_deeper(tricks, seeds):
    """6- and 7-trick endgames, one shared small table (classes reused
    across positions, and evicted).  Under the tricks objective the table
    names every card, J..A too, by its rank among the cards of its suit in
    play, and leaves out those below what a result depended on."""
    shared = Solver(table_mb=1, implementation="cpp")
    for seed in seeds:
        p = random_position(seed=seed, tricks_left=tricks, trick_cards=seed % 4)
        want = reference.solve(p, objective="tricks")
        got = shared.solve(p, objective="tricks")
        assert (got.value, got.moves) == (want.value, want.moves), p.to_text()
        assert 0 <= got.value <= p.tricks_left


@needs_core
def test_objectives_share_a_table_without_mixing():
    """One solver asked both objectives of the same positions in turn: the
    points values stay those of a fresh solver (table entries of the two
    objectives must never answer for each other)."""
    shared = Solver(table_mb=1, implementation="cpp")
    for seed in range(33_000, 33_004):
        p = random_position(seed=seed, tricks_left=5)
        t = shared.solve(p, objective="tricks")
        v = shared.solve(p)
        assert v.value == Solver(table_mb=1, implementation="cpp").solve(p).value
        assert t.value == Solver(table_mb=1, implementation="cpp").solve(p, objective="tricks").value


def test_unknown_objective_is_refused():
    p = Position.from_deal("N:A.K.. 3.A.. K.3.. Q.Q..", leader="N")
    for impl in ["python"] + (["cpp"] if _core is not None else []):
        with pytest.raises(PositionError, match="unknown objective 'game'"):
            Solver(implementation=impl).solve(p, objective="game")
        with pytest.raises(PositionError, match="unknown objective"):
            Solver(implementation=impl).at_least(p, 1, objective=None)


RANKS = "3456789TJQKA"


def raised(deal: str) -> str:
    """The deal (a trick start, "N:" then four hands of suits '.'-separated)
    with each suit's cards moved to the top ranks, their order kept: under
    the tricks objective the same game."""
    hands = [h.split(".") for h in deal[2:].split(" ")]
    for s in range(4):
        ranks = sorted((RANKS.index(r), h) for h in range(4) for r in hands[h][s])
        new = {h: "" for h in range(4)}
        for i, (_, h) in enumerate(ranks):
            new[h] = RANKS[12 - len(ranks) + i] + new[h]
        for h in range(4):
            hands[h][s] = "".join(sorted(new[h], key=RANKS.index, reverse=True))
    return "N:" + " ".join(".".join(h) for h in hands)


@needs_core
def test_tricks_table_names_point_cards_by_relative_rank():
    """Under the tricks objective the table names every card, J..A too, by
    its rank among the cards of its suit in play: a position whose cards
    were all moved up their suit, order kept, is answered from the entry of
    the original (a few nodes, against hundreds or thousands for a fresh
    solver), with the value a fresh solver finds."""
    for seed in range(34_000, 34_004):
        p = random_position(seed=seed, tricks_left=8)
        q = Position.from_deal(raised(p.deal()), leader=p.leader)
        assert q.deal() != p.deal()
        shared = Solver(table_mb=4, implementation="cpp")
        first = shared.solve(p, moves=False, objective="tricks")
        again = shared.solve(q, moves=False, objective="tricks")
        fresh = Solver(table_mb=4, implementation="cpp").solve(q, moves=False, objective="tricks")
        assert again.value == fresh.value == first.value
        assert again.nodes <= 4 < 100 < fresh.nodes, (again.nodes, fresh.nodes)


@needs_core
@pytest.mark.parametrize("leader", "NESW")
def test_tricks_masters_floor(leader):
    """N-S hold the top three trumps, the ace in North (with 8 7) and the
    king and queen in South (with the 9), against West's J 6 5: each of
    the three wins the trick it falls to, and no two need fall together
    (whenever both hands must play a trump, one has a lower one to play),
    so N-S take at least 3 tricks, whoever leads.  The root's quick bounds
    say so before any search (a node limit of 1 returns them: 2 before the
    two hands' masters were counted together), and the values are the
    reference's."""
    p = Position.from_deal("N:A87.4.3. J65.A.A. KQ9...43 .KQJ.KQ.", leader=leader)
    cut = Solver(table_mb=1, implementation="cpp").solve(p, moves=False, objective="tricks", limit=Limit(nodes=1))
    assert cut.cut and cut.lower == 3
    want = reference.solve(p, objective="tricks")
    got = Solver(table_mb=1, implementation="cpp").solve(p, objective="tricks")
    assert (got.value, got.moves) == (want.value, want.moves)
    assert 3 <= got.value <= 5


@needs_core
@pytest.mark.parametrize("leader", "NESW")
def test_tricks_crossruff_floor(leader):
    """North holds the 9 6 of trumps and two hearts, South the J 7 and two
    clubs, East and West no trump: North or South on lead crossruffs all
    four tricks (a club ruffed by North, a heart by South, and again), so
    the root's quick bounds give 4 at once (a node limit of 1 is not
    reached: 2 before the crossruff was counted); East or West on lead,
    the values are the reference's."""
    p = Position.from_deal("N:96.T9.. .AK..AK J7...96 .QJ..QJ", leader=leader)
    want = reference.solve(p, objective="tricks")
    quick = Solver(table_mb=1, implementation="cpp").solve(p, moves=False, objective="tricks", limit=Limit(nodes=1))
    if leader in "NS":
        assert not quick.cut and quick.value == want.value == 4
    got = Solver(table_mb=1, implementation="cpp").solve(p, objective="tricks")
    assert (got.value, got.moves) == (want.value, want.moves)


def trick_starts_of_tree(pos: Position) -> int:
    """The trick starts of the whole game tree below pos (every line, no
    pruning): positions after a completed trick with tricks still to play."""
    if pos.is_over():
        return 0
    n = 0
    for move in list(pos.legal_moves):
        before = len(pos.winners)
        pos.play(move)
        n += (len(pos.winners) > before and not pos.is_over()) + trick_starts_of_tree(pos)
        pos.undo()
    return n


@needs_core
def test_trick_starts_count_as_dds_counts_nodes():
    """The core counts the trick starts its searches reach (DDS's kind of
    node, for bench_dds_skeleton.py): none with one trick left; with more,
    at most the whole tree's once per MTD(f) pass (a pass per value the
    position can take), the same on a fresh solver, and adding up over one
    solver's calls."""
    one = random_position(seed=35_000, tricks_left=1)
    solver = Solver(table_mb=1, implementation="cpp")
    solver.solve(one, moves=False, objective="tricks")
    assert solver._core.trick_starts == 0
    total = 0
    for seed in range(35_001, 35_011):
        p = random_position(seed=seed, tricks_left=2 + seed % 2)
        counts = []
        for _ in range(2):
            fresh = Solver(table_mb=1, implementation="cpp")
            fresh.solve(p, moves=False, objective="tricks")
            counts.append(fresh._core.trick_starts)
        assert counts[0] == counts[1]
        assert counts[0] <= (p.tricks_left + 1) * trick_starts_of_tree(p.copy()), p.to_text()
        total += counts[0]
        before = solver._core.trick_starts
        solver.solve(p, moves=False, objective="tricks")
        if counts[0]:   # a position no other one's entries answer: the shared solver searches it too
            assert solver._core.trick_starts > before, p.to_text()
    assert solver._core.trick_starts > 0 and total > 0
