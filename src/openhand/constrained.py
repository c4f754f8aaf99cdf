"""Deals meeting constraints beyond what the count-based dealer counts:
suit lengths, point and honour ranges, a card in one of several hands.

The constraint language (``openhand deal --where``; :func:`parse_where`)::

    WHERE   := CLAUSE ( ";" CLAUSE )*
    CLAUSE  := PLACES ":" TERM ( "," TERM )*
    PLACES  := a place (N E S W, kitty, stock; Sixty-Six's players 0 and 1)
               or several joined by "|": their hands together
    TERM    := CARD             holds the card (with N|S: one of them does)
             | "-" CARD         does not hold it
             | FEATURE OP N     OP one of >= <= = > <

    FEATURE := spades | hearts | diamonds | clubs   (or S H D C: the length)
             | points     the game's card points (65: A 4, K 3, Q 2, J 1;
                          Sixty-Six: A 11, T 10, K 4, Q 3, J 2; Eighty-Three,
                          whose points depend on trumps: A 4, K 3, Q 2, J 1)
             | honours    how many aces, kings, queens and jacks
             | cards      how many cards

    "N: spades>=5, AS; S: points>=10"   N holds 5+ spades and the ace;
                                        S holds 10+ points
    "N|S: spades>=8, KH"                N-S hold 8+ spades between them,
                                        and KH is in one of the two hands

Card terms alone (hold, do not hold, one of these hands) are card
constraints of the count-based dealer (:mod:`openhand.dealing`): exact and
uniform, no solver needed.  Any other term goes through OR-Tools CP-SAT
(the ``cpsat`` extra: ``pip install openhand[cpsat]``):

1. CP-SAT decides whether any deal meets every constraint.  If none does,
   :class:`~openhand.dealing.InfeasibleDeal` names the constraints that
   cannot hold together (each is an assumption; CP-SAT returns a subset
   of them that is already infeasible).
2. Sampling: deals are drawn from the exact count-based dealer and kept if
   they meet the constraints (rejection), up to :data:`REJECTION_TRIES`
   draws per deal: a kept deal is then exactly uniform over the deals
   meeting the constraints.  When the constraints are too rare for that,
   each remaining deal is CP-SAT's optimum for a random objective (each
   card-place pair weighted by an independent random integer, a fresh
   seed each time): consistent by construction, varied, but not exactly
   uniform.  Every result says which method made it (``method``).
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from .cards import Card
from .dealing import InfeasibleDeal, Placement
from .errors import OpenhandError, PositionError

__all__ = ["deal", "problem_dealer", "draw", "dealt_states", "Term", "parse_where", "ConstrainedDealer",
           "fresh_problem", "observed_problem", "REJECTION_TRIES", "have_cpsat"]

REJECTION_TRIES = 2000
_OPS = {">=": lambda a, b: a >= b, "<=": lambda a, b: a <= b, "=": lambda a, b: a == b,
        ">": lambda a, b: a > b, "<": lambda a, b: a < b}
_SUITS = {"spades": 0, "s": 0, "hearts": 1, "h": 1, "diamonds": 2, "d": 2, "clubs": 3, "c": 3}
_FEATURES = ("points", "honours", "honors", "cards")


@dataclass(frozen=True)
class Term:
    """One constraint: ``places`` (names), and either a card held
    (``card``, ``negate`` for not held) or a feature compared to a
    number (``feature`` 'suit:N', 'points', 'honours', 'cards')."""

    places: Tuple[str, ...]
    text: str
    card: Optional[Card] = None
    negate: bool = False
    feature: str = ""
    op: str = ""
    value: int = 0

    @property
    def is_card(self) -> bool:
        return self.card is not None

    def describe(self) -> str:
        return f"{'|'.join(self.places)}: {self.text}"


def parse_where(text: str) -> List[Term]:
    """The terms of a constraint text (see the module), or
    :class:`PositionError` naming the bad piece.

    >>> [t.describe() for t in parse_where("N: spades>=5, AS; S|N: -KH, points>=10")]
    ['N: spades>=5', 'N: AS', 'S|N: -KH', 'S|N: points>=10']
    >>> parse_where("N spades>=5")
    Traceback (most recent call last):
    ...
    openhand.errors.PositionError: constraint 'N spades>=5': expected PLACES: TERMS, like 'N: spades>=5, AS'
    """
    if not isinstance(text, str) or not text.strip():
        raise PositionError("the constraints are empty: give them like 'N: spades>=5, AS; S: points>=10'")
    terms = []
    for clause in text.split(";"):
        if not clause.strip():
            continue
        head, colon, body = clause.partition(":")
        if not colon or not head.strip():
            raise PositionError(f"constraint {clause.strip()!r}: expected PLACES: TERMS, like 'N: spades>=5, AS'")
        places = tuple(p.strip() for p in head.split("|"))
        if not all(places):
            raise PositionError(f"constraint {clause.strip()!r}: an empty place in {head.strip()!r}")
        for piece in body.split(","):
            piece = piece.strip()
            if not piece:
                raise PositionError(f"constraint {clause.strip()!r}: an empty term")
            terms.append(_term(places, piece))
    return terms


def _term(places, piece: str) -> Term:
    m = re.fullmatch(r"([A-Za-z]+)\s*(>=|<=|=|>|<)\s*(\d+)", piece)
    if m:
        name, op, n = m.group(1).lower(), m.group(2), int(m.group(3))
        if name in _SUITS:
            return Term(places, piece, feature=f"suit:{_SUITS[name]}", op=op, value=n)
        if name in _FEATURES:
            return Term(places, piece, feature="honours" if name == "honors" else name, op=op, value=n)
        raise PositionError(f"unknown feature {m.group(1)!r} in {piece!r}: expected a suit (spades, hearts, "
                            f"diamonds, clubs), points, honours or cards")
    negate = piece[:1] in "-!"
    try:
        card = Card(piece[1:] if negate else piece)
    except OpenhandError:
        raise PositionError(f"unknown constraint {piece!r}: expected a card (AS, -AS) or FEATURE OP N "
                            f"(spades>=5, points>=10)") from None
    return Term(places, piece, card=card, negate=negate)


_HONOUR_POINTS = {14: 4, 13: 3, 12: 2, 11: 1}


def card_value(game_id: str, card: Card, feature: str) -> int:
    """What one card adds to a feature (``points``: the game's count,
    :attr:`~openhand.dealing.DealLayout.points`)."""
    if feature.startswith("suit:"):
        return int(not card.is_joker and card.suit == int(feature[5:]))
    if feature == "cards":
        return 1
    if feature == "honours":
        return int(card.rank in _HONOUR_POINTS)
    return _points_of(game_id)(card)


@lru_cache(maxsize=None)
def _points_of(game_id: str) -> Callable[[Card], int]:
    from .game import load_game
    return load_game(game_id).deal_layout().points or _honour_points


def _honour_points(card: Card) -> int:
    return _HONOUR_POINTS.get(card.rank, 0)


def have_cpsat() -> bool:
    try:
        import ortools.sat.python.cp_model  # noqa: F401
    except ImportError:
        return False
    return True


class ConstrainedDealer:
    """Placements of ``places`` / ``allowed`` (as :class:`Placement` takes
    them) that meet ``terms`` as well.  ``aliases`` maps the names a
    constraint may use to the places they stand for (a seat to its
    sub-places); ``ordered`` the places whose order is dealt too (:func:`draw`).

    >>> d = ConstrainedDealer("65", {"E": 2, "W": 2}, {c: "EW" for c in ("AS", "KS", "QH", "JH")},
    ...                       parse_where("E: hearts>=2"))
    >>> d.method, sorted(map(str, d.sample(random.Random(1))["E"]))
    ('rejection', ['JH', 'QH'])
    """

    def __init__(self, game_id: str, places: Dict[str, int], allowed: Dict, terms: Sequence[Term],
                 aliases: Optional[Dict[str, Tuple[str, ...]]] = None, ordered: Sequence[str] = ()) -> None:
        self.game_id = game_id
        self.places = dict(places)
        self.ordered = tuple(ordered)
        self.aliases = {p: (p,) for p in places}
        self.aliases.update(aliases or {})
        allowed = {Card(c) if isinstance(c, str) else c: list(w) for c, w in allowed.items()}
        self.terms = list(terms)
        for t in self.terms:
            for name in t.places:
                if name not in self.aliases:
                    raise PositionError(f"constraint {t.describe()!r}: unknown place {name!r} (places: "
                                        f"{', '.join(sorted(self.aliases))})")
            if t.is_card and t.card not in allowed:
                raise InfeasibleDeal(f"no deal meets {t.describe()!r}: {t.card} is not a hidden card here")
        # card terms become allowed places, everything else a CP-SAT term
        for t in self.terms:
            if not t.is_card:
                continue
            where = {p for name in t.places for p in self.aliases[name]}
            before = allowed[t.card]
            allowed[t.card] = [p for p in before if (p in where) != t.negate]
            if not allowed[t.card]:
                about = [u.describe() for u in self.terms if u.card == t.card]
                raise InfeasibleDeal(f"no deal meets these constraints on {t.card} together: {'; '.join(about)}")
        self.allowed = allowed
        self.rich = [t for t in self.terms if not t.is_card]
        self.base = Placement(self.places, allowed)
        try:
            self.base.count()
        except InfeasibleDeal as e:
            cards = ", ".join(t.describe() for t in self.terms if t.is_card)
            raise InfeasibleDeal(f"{e} (with the card constraints {cards})") from None
        self.method = "count-based" if not self.rich else "rejection"
        if self.rich:
            self._check_feasible()

    # ------------------------------------------------------------ CP-SAT
    def _model(self, enforce: bool = True):
        try:
            from ortools.sat.python import cp_model
        except ImportError:
            raise PositionError("constraints on suit lengths, points, honours or card counts need OR-Tools "
                                "CP-SAT: pip install 'openhand[cpsat]' (card constraints alone need nothing)") from None
        model = cp_model.CpModel()
        x = {(c, p): model.NewBoolVar(f"{c}@{p}") for c, ps in self.allowed.items() for p in ps}
        for c, ps in self.allowed.items():
            model.AddExactlyOne(x[c, p] for p in ps)
        for p, n in self.places.items():
            model.Add(sum(v for (c, q), v in x.items() if q == p) == n)
        flags = []
        for i, t in enumerate(self.rich):
            where = {p for name in t.places for p in self.aliases[name]}
            expr = sum(card_value(self.game_id, c, t.feature) * v for (c, p), v in x.items() if p in where)
            b = model.NewBoolVar(f"term{i}")
            ct = {">=": expr >= t.value, "<=": expr <= t.value, "=": expr == t.value,
                  ">": expr >= t.value + 1, "<": expr <= t.value - 1}[t.op]
            model.Add(ct).OnlyEnforceIf(b)
            if enforce:
                model.AddAssumption(b)
            flags.append(b)
        return cp_model, model, x, flags

    def _check_feasible(self) -> None:
        cp_model, model, x, flags = self._model()
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.max_time_in_seconds = 30
        status = solver.Solve(model)
        if status == cp_model.INFEASIBLE:
            core = set(solver.SufficientAssumptionsForInfeasibility())
            names = [t.describe() for t, b in zip(self.rich, flags) if b.Index() in core] or \
                [t.describe() for t in self.rich]
            cards = [t.describe() for t in self.terms if t.is_card]
            raise InfeasibleDeal("no deal meets these constraints together: " + "; ".join(names)
                                 + (f" (with {', '.join(cards)})" if cards else ""))
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            raise InfeasibleDeal("CP-SAT could not decide within 30 s whether any deal meets the constraints")

    def _meets(self, placed: Dict[str, List]) -> bool:
        for t in self.rich:
            where = {p for name in t.places for p in self.aliases[name]}
            total = sum(card_value(self.game_id, c, t.feature) for p in where for c in placed[p])
            if not _OPS[t.op](total, t.value):
                return False
        return True

    def _cpsat_sample(self, rng: random.Random) -> Dict[str, List]:
        cp_model, model, x, flags = self._model()
        model.Maximize(sum(rng.randrange(1000) * v for v in x.values()))
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.random_seed = rng.randrange(2 ** 31)
        solver.parameters.max_time_in_seconds = 5
        status = solver.Solve(model)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            raise InfeasibleDeal("CP-SAT found no deal within its time limit")
        out: Dict[str, List] = {p: [] for p in self.places}
        for (c, p), v in x.items():
            if solver.Value(v):
                out[p].append(c)
        return out

    def sample(self, rng: random.Random) -> Dict[str, List]:
        """One placement meeting every constraint (see the module notes
        for the method; :attr:`method` says which was used last)."""
        if not self.rich:
            return self.base.sample(rng)
        if self.method == "rejection":
            for _ in range(REJECTION_TRIES):
                placed = self.base.sample(rng)
                if self._meets(placed):
                    return placed
            self.method = "cp-sat"            # too rare for rejection: CP-SAT from now on
        return self._cpsat_sample(rng)


# ------------------------------------------------------------------ the problems
def fresh_problem(game):
    """Places, allowed places per card and names of a fresh deal (the
    game's :meth:`~openhand.game.Game.deal_layout`)."""
    layout = game.deal_layout()
    places = dict(layout.places)
    return places, {c: list(places) for c in sorted(layout.deck)}, {}


def observed_problem(game, state, player: int):
    """The hidden cards of ``player``'s view of ``state`` (its world
    sampler's placement) and the seat aliases of its place names."""
    from .dealing import Placement, worlds
    sampler = worlds(state.observation(player))
    placement = sampler.placement
    if not isinstance(placement, Placement):
        raise PositionError("this moment's hidden cards are a union of cases (Eighty-Three's passing, "
                            "discarding or play with passes): --where is not supported here; drop it")
    places = dict(zip(placement.places, placement.sizes))
    allowed = {}
    for where, cards in placement.classes:
        for c in cards:
            allowed[c] = [placement.places[i] for i in where]
    aliases: Dict[str, tuple] = {}
    for name in places:                  # a seat stands for its sub-places ('W trumps', 'W plain')
        aliases.setdefault(name.split()[0], ())
        aliases[name.split()[0]] += (name,)
    aliases.update(sampler.aliases)      # and the game's own names (its world sampler's)
    return places, allowed, aliases, sampler



def problem_dealer(game, where: str = "", state=None, player=None) -> ConstrainedDealer:
    """The dealer of ``where`` (the language above) over the whole deck, or
    over the cards ``player`` (default: the one to move) cannot see in
    ``state``; its ``ordered`` names the places whose order is dealt too
    (a fresh Sixty-Six stock)."""
    from .game import load_game
    game = load_game(game)
    terms = parse_where(where) if where.strip() else []
    if state is not None:
        who = state.to_move if player is None else game.player_index(player)
        if who is None:
            raise PositionError("the deal is over: name the player whose view to deal")
        places, allowed, aliases, _ = observed_problem(game, state, who)
    else:
        places, allowed, aliases = fresh_problem(game)
    return ConstrainedDealer(game.id, places, allowed, terms, aliases,
                             ordered=game.deal_layout().ordered if state is None else ())


def draw(dealer: ConstrainedDealer, count: int, rng: random.Random) -> List[Dict[str, List[str]]]:
    """``count`` deals from ``dealer``: each maps a place to its cards (an
    ordered place shuffled once its cards are placed)."""
    out = []
    for _ in range(count):
        placed = dealer.sample(rng)
        for name in dealer.ordered:
            rng.shuffle(placed[name])
        out.append({name: [str(c) for c in placed[name]] for name in dealer.places})
    return out


def deal(game, where: str = "", count: int = 1, seed=None, state=None, player=None) -> List[Dict[str, List[str]]]:
    """``count`` deals meeting ``where`` (the language above): of the whole
    deck, or of the cards ``player`` (default: the one to move) cannot see
    in ``state``.  Each deal maps a place to its cards (a fresh
    Sixty-Six stock in its drawing order, the trump card last).

    >>> d = deal("65", "N: spades>=5, AS", count=2, seed=1)
    >>> len(d), "AS" in d[0]["N"], sum(c[1] == "S" for c in d[1]["N"]) >= 5
    (2, True, True)
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    return draw(problem_dealer(game, where, state, player), count, rng)


def dealt_states(game, n: int, seed, what: str, inputs: dict, where: str):
    """``n`` states of fresh deals meeting ``where``, for a batch run's
    ``--random N --where``: each deal drawn as :func:`deal` draws it, made
    an item by the game's batch parts (``dealt_state``: 65 deals a random
    dealer and plays at random down to ``--tricks``; Sixty-Six shuffles
    the stock; Eighty-Three's are deals before the auction, for ``bids``).
    Seeded: the same arguments give the same states.  Constraints that no
    deal meets are refused (:class:`~openhand.dealing.InfeasibleDeal`)
    before any state is made.

    >>> states = list(dealt_states("65", 3, 1, "value", {}, "N: spades>=6, AS"))
    >>> [sum(c.suit == 0 for c in s.hands[0]) >= 6 and "AS" in map(str, s.hands[0]) for s in states]
    [True, True, True]
    """
    from .game import load_game
    game = load_game(game)
    places, allowed, aliases = fresh_problem(game)
    dealer = ConstrainedDealer(game.id, places, allowed, parse_where(where), aliases)
    rng = random.Random(seed)
    parts = game.batch_parts
    first = parts.dealt_state(dealer.sample(rng), rng, what, inputs) if n > 0 else None  # (refusals now)

    def states():
        if first is not None:
            yield first
        for _ in range(n - 1):
            yield parts.dealt_state(dealer.sample(rng), rng, what, inputs)
    return states()
