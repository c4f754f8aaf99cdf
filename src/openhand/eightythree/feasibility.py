"""Eighty-Three bid feasibility: what each seat could make as bidder in each suit.

For a full deal before the auction (four 12-card hands and the 5-card kitty)
and every (bidder, trump suit) pair, the *value* is the number of points the
bidder's side secures with all hands open when both sides choose their
passes and discards optimally and then play optimally.  From it: the highest
makeable bid (the largest bid 30..83 not above the value, ``None`` under 30)
and whether "83 doubled" is makeable (value 83).

Decision order (docs/rules.md, Eighty-Three; the auction engine's rules)
------------------------------------------------------------------------
The bidder takes the kitty (17 cards) and names trumps.  Then:

1. Passing, one turn each in order bidder, left, partner, right: a player
   holding more than 6 trumps when the turn comes keeps 6 and passes the
   rest to the partner (a player with 6 or fewer is skipped).  If the
   partner's turn is already over, the partner must end with at most 6
   scoring trumps.
2. Discarding, one turn each in the same order: a player with at most 6
   trumps keeps every trump and chooses which plain cards to keep; a player
   with more than 6 trumps discards every plain card and chooses which
   non-scoring trumps to keep (all scoring trumps are kept).
3. Play: the optimal play value (the play solver), the bidder leading.

Every choice is made with all hands open, one after another, so the exact
value is a max/min over that sequence (the bidder's side maximises, the
defenders minimise) of the play value.  The bidding itself is not part of
the value: the table answers "if this seat bid and named this suit".

How the exact mode stays feasible (and why each step is sound)
--------------------------------------------------------------
* Only comparisons between cards of DIFFERENT hands ever matter: one trick
  holds one card from each hand.  So two cards of one hand, of the same
  effective suit and the same points, with no card of another hand ranked
  between them (a "run" of that hand among all cards still in the four
  hands), are interchangeable: swapping them preserves every cross-hand
  comparison, now and after any later discard (which only removes cards).
  A discard choice is therefore just *how many* cards to keep from each run
  (runs recomputed at every decision among the cards still held).
* A player whose choices form one class (keep all, keep none, or one run)
  is skipped.  Passes are enumerated in full (a passed card changes hands,
  so runs do not apply); children reaching the same state are tried once.
* The search asks yes/no questions ("can the bidder's side secure at least
  t?") over the choice tree, with short-circuit and/or, and a driver binary
  searches t.  Bounds (lo, hi) learnt per state and per play position are
  kept across questions (per exact state).  Quick sound bounds: the top trumps held by one
  side without an opponent's trump above them always score for that side.
* Leaves use the play solver's null-window question (C++ when built), its
  transposition table shared across the whole table.  A node whose children
  are all play positions (the last discard) sends the children its bounds
  leave open to the solver in one call, in the same order, stopping at the
  first answer that settles the node (an or/and needs no more); each
  answer comes back as the search's fail-soft bound, usually tighter than
  the target, and is kept as the leaf's bound.

Fast mode
---------
A fixed heuristic policy for all four players, then one exact play solve:
passes keep the scoring trumps (most points first) then the highest trumps
and pass the lowest (the first legal such pass); a player with 6 or fewer
trumps keeps them all and the highest plain cards (ties: the longer suit,
then suit order); a player over 6 trumps keeps the scoring trumps and the
highest others.  It is an estimate: the heuristic defenders may discard
worse than optimal, so the fast value can exceed the exact one as well as
fall below it (the benchmark reports the measured gap).

Where the parts live
--------------------
:mod:`.play_oracle` (the play solver behind one interface),
:mod:`.choices` (states, runs, pass and discard options, settling forced
choices), :mod:`.choice_tree` (the exact yes/no search, its bounds, leaf
batching and the bisection), :mod:`.discard_policy` (the fast mode's
heuristic); this module keeps the table API.  The exact search runs in
C++ (csrc/eightythree/choice_tree.hpp through :mod:`.choice_core`: the
same states, options, bounds and questions, the leaves asked of the play
solver's table without returning to Python) when the play solver is the
C++ core; :mod:`.choice_tree` is its pure-Python twin, used with the
Python reference (``OPENHAND_IMPLEMENTATION=python``) or when asked
(``tree='python'``).

>>> deal = ("N:AT32.3.K32.QJT5 87.T76.JT6.9863 Q9.A5.AQ85.AK2+JK "
...         "K654.QJ82.74.74 J.K94.9.")           # N, E, S, W, then the kitty
>>> t = bid_table(deal, seats="N", trumps="SD")
>>> [(r.seat, r.trump, r.value, r.highest_bid, r.doubled_ok) for r in t.rows]
[('N', 'S', 49, 49, False), ('N', 'D', 83, 83, True)]
>>> print(t.table().splitlines()[2])
bidder  trumps  value  highest bid  83 doubled
"""
from __future__ import annotations

import contextlib
import gc
import json
import time
from dataclasses import dataclass, asdict
from typing import Dict, List, Optional, Tuple

from ..cards import SUIT_CHARS, cards_from_mask, format_deal, mask_of, parse_deal
from ..errors import DealError, PositionError, is_list, require_int, require_threads
from ..seats import SEATS, seat_index
from . import choice_core
from .choice_tree import ChoiceTree
from .choices import DISCARD as _DISCARD, PASS as _PASS, Choices
from .discard_policy import heuristic_hands
from .play_oracle import PlayOracle as _Oracle
from .rules import DECK, MIN_BID, TOTAL_POINTS, suit_index

__all__ = ["BidRow", "BidTable", "bid_table", "deal_value", "move_values", "pair_value", "highest_bid", "MODES"]

MODES = ("exact", "fast")


# ------------------------------------------------------------------ the table
@dataclass(frozen=True)
class BidRow:
    """One (bidder, trump) entry: ``value`` points secured by the bidder's
    side, ``highest_bid`` (30..83 or ``None``), ``doubled_ok`` (83 doubled)."""

    seat: str
    trump: str
    value: int
    highest_bid: Optional[int]
    doubled_ok: bool


@dataclass
class BidTable:
    """The bid feasibility table of one deal (rows in seat, then suit order)."""

    deal: str
    mode: str
    rows: List[BidRow]
    solver: str = ""
    seconds: float = 0.0

    def row(self, seat, trump) -> BidRow:
        s, t = SEATS[seat_index(seat)], SUIT_CHARS[suit_index(trump)]
        for r in self.rows:
            if (r.seat, r.trump) == (s, t):
                return r
        raise PositionError(f"the table has no row for bidder {s} with trumps {t}")

    def to_dict(self) -> dict:
        return {"game": "83", "deal": self.deal, "mode": self.mode, "solver": self.solver,
                "seconds": round(self.seconds, 4), "rows": [asdict(r) for r in self.rows]}

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    def table(self) -> str:
        lines = [f"Eighty-Three bid feasibility ({self.mode}): points the bidder's side secures",
                 f"deal: {self.deal}",
                 "bidder  trumps  value  highest bid  83 doubled"]
        for r in self.rows:
            bid = "-" if r.highest_bid is None else str(r.highest_bid)
            lines.append(f"{r.seat:<7} {r.trump:<7} {r.value:>5}  {bid:>11}  "
                         f"{'yes' if r.doubled_ok else 'no':>10}")
        return "\n".join(lines)


def highest_bid(value: int) -> Optional[int]:
    """The largest bid 30..83 that ``value`` points (0..83) make, ``None``
    under 30.

    >>> highest_bid(57), highest_bid(29)
    (57, None)
    >>> highest_bid(84)
    Traceback (most recent call last):
    ...
    openhand.errors.PositionError: a value lies in 0..83 points, got 84
    """
    if not 0 <= require_int(value, "a value") <= TOTAL_POINTS:
        raise PositionError(f"a value lies in 0..{TOTAL_POINTS} points, got {value!r}")
    return value if value >= MIN_BID else None


def _read_deal(deal) -> Tuple[List[int], int]:
    """Four hand masks (N, E, S, W) and the kitty mask of a full deal."""
    from .deal import Deal
    if isinstance(deal, str):
        hands = parse_deal(deal, deck=DECK, extra_hands=1, equal_sizes=False)
        kitty = hands.pop("X1")
    elif isinstance(deal, Deal):
        hands, kitty = dict(deal.original), deal.kitty
    elif isinstance(deal, dict):
        hands = dict(deal)
        if "kitty" not in hands:
            raise DealError("a deal for the bid table needs the kitty (key 'kitty')")
        kitty = hands.pop("kitty")
    else:
        raise DealError(f"expected a deal string 'N:h1 h2 h3 h4 kitty', a dict or a Deal, "
                        f"got {type(deal).__name__}")
    checked = Deal(hands, kitty, dealer=0)       # sizes, duplicates, all 53 cards
    return [mask_of(checked.hands[s]) for s in range(4)], mask_of(checked.kitty)


def _selection(values, what: str, example: str, index) -> List[int]:
    """The indices (by ``index``) of ``values``, a string of letters or a
    list; :class:`PositionError` for anything else or a repeated entry."""
    if not (isinstance(values, str) or is_list(values)):
        raise PositionError(f"{what} must be letters such as {example!r} or a list, got {values!r}")
    out = []
    for v in values:
        i = index(v)
        if i in out:
            raise PositionError(f"{what} lists {v!r} twice")
        out.append(i)
    return out


def _pairs(seats, trumps):
    seats = range(4) if seats is None else _selection(seats, "seats", "NS", seat_index)
    trumps = range(4) if trumps is None else _selection(trumps, "trumps", "SH", suit_index)
    return [(s, t) for s in seats for t in trumps]


def bid_table(deal, mode: str = "exact", seats=None, trumps=None, solver=None, progress=None,
              tree: Optional[str] = None, threads: Optional[int] = None) -> BidTable:
    """The bid feasibility table of a full deal (before bidding).

    ``deal`` is ``"N:h1 h2 h3 h4 kitty"`` (the kitty as a fifth hand, PBN
    style, ``+JK`` for the joker), a dict of the four seats and ``'kitty'``,
    or an :class:`~openhand.eightythree.deal.Deal`.  ``mode`` is
    ``'exact'`` (optimal passes and discards by both sides) or ``'fast'``
    (the documented heuristic policy).  ``seats`` and ``trumps`` restrict
    the rows: letters such as ``'NS'`` or a list, each named once (default:
    all 16 pairs).  ``solver`` is a play
    :class:`~openhand.eightythree.solver.Solver` to reuse (default: a new
    one with a 64 MiB table, :data:`.play_oracle.TABLE_MB`).  ``progress``,
    if given, is called as ``progress(rows_done, rows_total)`` after each
    row (an exact table takes seconds); what it raises stops the table.
    ``tree``: the exact search's implementation, ``'cpp'`` (the default
    with the C++ play solver) or ``'python'`` (its pure-Python twin, the
    default with the Python reference); the values are the same.
    ``threads``: the exact C++ tree's pairs searched on that many threads
    at once, sharing the play solver's table (default: the given solver's
    ``threads``, else 1); the values are those of one thread.  With more
    than one, the rows reach ``progress`` together as the search ends
    (the play solver's own ``progress`` is called as it searches).

    >>> seen = []
    >>> t = bid_table("N:74.T.KQ8653.72+JK K963.AQ764.J9.Q AQ52.K952.A.JT8 JT.J.T7.AK96543 8.83.42.",
    ...               mode="fast", seats="NS", progress=lambda done, total: seen.append((done, total)))
    >>> len(t.rows), seen[0], seen[-1]
    (8, (1, 8), (8, 8))
    """
    if mode not in MODES:
        raise PositionError(f"unknown mode {mode!r}: expected 'exact' or 'fast'")
    hands, kitty = _read_deal(deal)
    threads = _threads(threads, solver)
    oracle = _Oracle(solver)
    tree = choice_core.tree_of(oracle.solver, tree)
    rows = []
    start = time.perf_counter()
    pairs = list(_pairs(seats, trumps))
    if mode == "exact" and tree == "cpp" and threads > 1 and len(pairs) > 1:
        values = _exact_pairs_on_threads(hands, kitty, pairs, oracle, threads)
    else:
        values = (pair_value(hands, kitty, bidder, trump, mode, oracle, tree) for bidder, trump in pairs)
    for (bidder, trump), value in zip(pairs, values):
        rows.append(BidRow(SEATS[bidder], SUIT_CHARS[trump], value, highest_bid(value),
                           value == TOTAL_POINTS))
        if progress is not None:
            progress(len(rows), len(pairs))
    text = format_deal({**{SEATS[s]: cards_from_mask(hands[s]) for s in range(4)},
                        "kitty": cards_from_mask(kitty)})
    return BidTable(text, mode, rows, oracle.name, time.perf_counter() - start)


@contextlib.contextmanager
def _no_gc():
    """The cyclic garbage collector paused (and restored after): the choice
    tree allocates hundreds of thousands of tuples, each allocation counting
    toward a collection that walks every live container (~1 s of an 8 s
    table), and it builds no reference cycles, so pausing frees nothing
    later than reference counting does anyway."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _threads(threads, solver) -> int:
    """bid_table's threads: as given, else the given solver's, else 1."""
    if threads is None:
        threads = getattr(solver, "threads", 1) if solver is not None else 1
    return require_threads(threads)


def _exact_pairs_on_threads(hands, kitty, pairs, oracle, threads: int) -> List[int]:
    """The exact values of the pairs by the C++ tree on ``threads``
    threads sharing the oracle's play table, each from the fast mode's
    value as its first guess (as :func:`pair_value` does)."""
    items = []
    for bidder, trump in pairs:
        state = _start_state(hands, kitty, bidder)
        items.append((state, trump, bidder, _fast_value(ChoiceTree(trump, bidder, oracle), state)))
    return choice_core.exact_values(oracle.solver, items, threads)


def _fast_value(game: ChoiceTree, state) -> int:
    """The fast mode's value of a state: the play value after the heuristic
    passes and discards (the exact search's first guess)."""
    return game.oracle.value(heuristic_hands(game, state), game.trump, game.bidder)


def _start_state(hands, kitty, bidder: int):
    """A pair's state before the passes: the kitty in the bidder's hand."""
    start = list(hands)
    start[bidder] |= kitty
    return (tuple(start), _PASS, tuple((bidder + k) % 4 for k in range(4)))


def pair_value(hands, kitty, bidder: int, trump: int, mode: str = "exact",
               oracle: Optional[_Oracle] = None, tree: Optional[str] = None) -> int:
    """The value of one (bidder, trump) pair from the dealt hand masks
    (``tree``: see :func:`bid_table`)."""
    return _solve_state(_start_state(hands, kitty, bidder), trump, bidder, mode, oracle, tree)


def _solve_state(state, trump, bidder, mode, oracle=None, tree=None) -> int:
    game = ChoiceTree(trump, bidder, oracle or _Oracle())
    fast = _fast_value(game, state)
    if mode == "fast":
        return fast
    if choice_core.tree_of(game.oracle.solver, tree) == "cpp":
        return choice_core.exact_value(game.oracle.solver, state, trump, bidder, guess=fast)
    with _no_gc():
        value = game.exact(state, guess=fast)
        del game        # freed by reference counting before the collector resumes
    return value


def deal_value(deal, mode: str = "exact", trump=None, solver=None) -> int:
    """The value of an :class:`~openhand.eightythree.deal.Deal` in the
    ``trumps`` (give ``trump``), ``passing`` or ``discarding`` phase: the
    points the bidder's side secures from here.  Once trumps are named the
    deal knows its trump: ``trump`` may then be left out or repeat it; a
    different suit is refused (:class:`PositionError`), not ignored."""
    from .deal import Deal
    if not isinstance(deal, Deal):
        raise DealError(f"deal_value needs an Eighty-Three Deal (openhand.eightythree.Deal) after the "
                        f"bidding, got {type(deal).__name__}: use bid_table for a deal text")
    if mode not in MODES:
        raise PositionError(f"unknown mode {mode!r}: expected 'exact' or 'fast'")
    bidder = deal._bidder
    hands = tuple(mask_of(h) for h in deal.hands)
    if deal.phase == "trumps":
        if trump is None:
            raise PositionError("name the trump suit: the deal is in the trumps phase")
        t = suit_index(trump)
        state = (hands, _PASS, tuple((bidder + k) % 4 for k in range(4)))
    elif deal.phase in ("passing", "discarding"):
        t = deal.trump
        if trump is not None and suit_index(trump) != t:
            raise PositionError(f"trump={trump!r} contradicts the deal, whose trump suit is "
                                f"{SUIT_CHARS[t]} (named in the trumps phase): leave trump out")
        state = (hands, _PASS if deal.phase == "passing" else _DISCARD, tuple(deal._queue))
    else:
        raise PositionError(f"a deal in the {deal.phase} phase has no passes or discards to choose")
    return _solve_state(state, t, bidder, mode, _Oracle(solver))


def move_values(deal, solver=None) -> Dict[str, int]:
    """The exact value of every legal move of a Deal in its ``trumps``,
    ``passing`` or ``discarding`` phase (the points the bidder's side
    secures after it), keyed by move text.  Discards that keep the same
    number of each run of interchangeable cards (see the module notes)
    have one value, so each class is searched once, however many legal
    discards it holds; one play table serves every search.

    >>> from openhand.eightythree import Deal
    >>> d = Deal.from_deal("N:AT32.3.K32.QJT5 87.T76.JT6.9863 Q9.A5.AQ85.AK2+JK K654.QJ82.74.74 J.K94.9.",
    ...                    dealer="W")
    >>> d.replay(["45", "pass", "pass", "pass"])
    >>> move_values(d)
    {'trumps S': 49, 'trumps H': 60, 'trumps D': 83, 'trumps C': 83}
    """
    from .deal import Deal
    if not isinstance(deal, Deal) or deal.phase not in ("trumps", "passing", "discarding"):
        raise PositionError("move_values needs an Eighty-Three Deal in its trumps, passing or discarding phase")
    oracle = _Oracle(solver)
    bidder, queue = deal._bidder, tuple(deal._queue)
    hands = tuple(mask_of(h) for h in deal.hands)
    if deal.phase == "trumps":
        start = (hands, _PASS, tuple((bidder + k) % 4 for k in range(4)))
        return {str(m): _solve_state(start, m.suit, bidder, "exact", oracle) for m in deal.legal_moves}
    trump, seat = int(deal.trump), deal.to_move
    phase = _PASS if deal.phase == "passing" else _DISCARD
    groups = Choices(trump, bidder).discard_groups(hands, seat) if phase == _DISCARD else None
    values: Dict[str, int] = {}
    by_class: Dict[tuple, int] = {}
    for m in deal.legal_moves:
        moved = mask_of(m.cards)
        child = list(hands)
        child[seat] &= ~moved
        if phase == _PASS:
            child[(seat + 2) % 4] |= moved
        else:
            child[seat] = _representative(child[seat], groups)
        key = tuple(child)
        if key not in by_class:
            by_class[key] = _solve_state((key, phase, queue[1:]), trump, bidder, "exact", oracle)
        values[str(m)] = by_class[key]
    return values


def _representative(kept: int, discard_groups) -> int:
    """The class representative of a hand kept after a discard: the cards
    kept for sure, and from each run of interchangeable candidates as
    many of its strongest cards as the hand kept of that run."""
    fixed, _, groups = discard_groups
    out = fixed
    for g in groups:
        n = sum(1 for c in g if kept >> c & 1)
        for c in g[:n]:
            out |= 1 << c
    return out
