"""Move-by-move analysis of a played game: what each decision cost.

For every move of a record (:mod:`openhand.records`) or of a list of moves
from a state, the position before it is solved exactly with one solver,
whose table is reused from move to move; the move's cost is how much worse
its value is than the best move's, from the point of view of the player who
made it (0 for an optimal move).  It works for every game through the game
interface (:mod:`openhand.game`); what a game adds (65's victory-point
lines, Sixty-Six's card points and its exchange, marriage, closing and
going-out decisions, Eighty-Three's auction against the deal's bid
feasibility and its contract) comes from the game's ``Analyst`` (its
package's ``analysis.py``, named by ``Game.ANALYST``).

A :class:`Step` is one decision: who made it, the values of the best and of
the move made, in the solver's terms (``best_value``, ``value``) and in
whole-deal terms (``deal_before``, ``deal_after``: what the side has so far
plus the rest), every legal move's whole-deal value (``values``), the cost
in the game's ``units``, and the game's ``note`` and ``facts``.  An
:class:`Analysis` is the list of a deal's steps with the totals per player
and per side.

>>> from openhand.sixtyfive import Position, solve
>>> start = Position.from_deal("N:A.K.. 3.A.. K.3.. Q.Q..", leader="N")
>>> for step in analyse(start, ["AS", "3S", "KS", "QS", "KH", "AH"], solve):
...     print(step)       # 65 values: N-S points in the remaining tricks
N AS: best 13 (KH), played 12, cost 1
E 3S: best 12 (3S), played 12, cost 0
S KS: best 12 (KS), played 12, cost 0
W QS: best 12 (QS), played 12, cost 0
N KH: best 7 (KH), played 7, cost 0
E AH: best 7 (AH), played 7, cost 0

A record is analysed whole (``analyse(record)``), its game's solver made
once:

>>> from openhand.records import read_record
>>> a = analyse(read_record('[Game "65"]\\n[Deal "N:A.K.. 3.A.. K.3.. Q.Q.."]\\n[Leader "N"]\\n'
...                         'AS 3S KS QS KH AH 3H QH'))
>>> a.totals()["points"]["sides"], a[0].deal_before, a[-1].deal_after, a.result
({'N-S': 1, 'E-W': 0}, 13, 12, (12, 11))
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Callable, Dict, Iterable, List, Sequence

from .errors import IllegalMoveError, OpenhandError, is_list

__all__ = ["Step", "Analysis", "Analyst", "analyse", "analyse_records"]


@dataclass
class Step:
    """One analysed decision (see the module notes).  ``best_value`` and
    ``value`` are in the solver's terms (65 and Eighty-Three: the points
    of ``side`` in the remaining tricks; Sixty-Six: the deal's game points
    of the player to move, own minus the opponent's); ``deal_before`` and
    ``deal_after`` the same whole-deal (so far plus the rest), as
    ``values``, every legal move's.  ``cost`` >= 0 is what the move lost
    in ``units``, seen from the player who made it."""

    player: str
    move: str
    best_value: int
    best_moves: List[str]
    value: int
    cost: int
    number: int = 0
    side: str = ""
    units: str = ""
    kind: str = ""
    deal_before: int = 0
    deal_after: int = 0
    values: Dict[str, int] = field(default_factory=dict)
    note: str = ""
    facts: dict = field(default_factory=dict)

    def __str__(self) -> str:
        return (f"{self.player} {self.move}: best {self.best_value} ({', '.join(self.best_moves)}), "
                f"played {self.value}, cost {self.cost}")

    @property
    def mistake(self) -> bool:
        return self.cost > 0

    def to_dict(self) -> dict:
        return asdict(self)


class Analysis(Sequence):
    """The analysed steps of one deal, in order (a sequence of
    :class:`Step`), with ``game``, ``result`` (the deal's returns when the
    record reaches its end, else None), ``complete`` (False when the
    analysis was interrupted), ``tags`` (a record's) and ``summary`` (what
    the game says about the deal as a whole, e.g. Eighty-Three's bid
    table)."""

    def __init__(self, game, steps=None, result=None, complete=True, tags=None, summary=None, perspective=None,
                 other_side=None):
        self.game = game
        self._other = other_side or (lambda units, v: -v)
        self.steps: List[Step] = list(steps or [])
        self.result = result
        self.complete = complete
        self.tags = dict(tags or {})
        self.summary = dict(summary or {})
        self.perspective = dict(perspective or {})   # units -> the side index a timeline shows

    def __len__(self) -> int:
        return len(self.steps)

    def __getitem__(self, i):
        return self.steps[i]

    def __repr__(self) -> str:
        return f"<Analysis of game {self.game.id}: {len(self.steps)} steps{'' if self.complete else ', interrupted'}>"

    def totals(self) -> Dict[str, Dict[str, Dict[str, int]]]:
        """units -> {"players": {name: cost}, "sides": {side: cost}}: the
        costs added up (every player and side of the game listed)."""
        out: Dict[str, Dict[str, Dict[str, int]]] = {}
        game = self.game
        for s in self.steps:
            if not s.units:            # a step not analysed (Eighty-Three's auction with bids='none')
                continue
            t = out.setdefault(s.units, {"players": {game.player_name(p): 0 for p in range(game.num_players)},
                                         "sides": {name: 0 for name in game.side_names}})
            t["players"][s.player] += s.cost
            t["sides"][game.side_names[game.side_of(s.player)]] += s.cost
        return out

    def units(self) -> List[str]:
        """The units of the steps, in order of appearance (Eighty-Three's
        auction in ``'score margin'``, then ``'points'``)."""
        out: List[str] = []
        for s in self.steps:
            if s.units and s.units not in out:
                out.append(s.units)
        return out

    def side_for(self, units: str) -> str:
        """The side a timeline of ``units`` shows (the game's choice, else
        the side of the first such step's values)."""
        if units in self.perspective:
            return self.game.side_names[self.perspective[units]]
        return next(s.side for s in self.steps if s.units == units)

    def seen(self, step: Step, value: int) -> int:
        """A whole-deal value of ``step`` seen by :meth:`side_for` its units."""
        return value if step.side == self.side_for(step.units) else self._other(step.units, value)

    def timeline(self, units: str = None) -> List[tuple]:
        """(move number, whole-deal value) from before the first step of
        ``units`` (default: the last units, the play) to after each step,
        seen by :meth:`side_for` them: the deal's value after every move."""
        units = units or (self.units() or [""])[-1]
        steps = [s for s in self.steps if s.units == units]
        if not steps:
            return []
        out = [(steps[0].number - 1, self.seen(steps[0], steps[0].deal_before))]
        return out + [(s.number, self.seen(s, s.deal_after)) for s in steps]

    def mistakes(self) -> List[Step]:
        return [s for s in self.steps if s.cost > 0]

    def to_dict(self) -> dict:
        """Plain JSON types: game, tags, result, complete, summary, totals, steps."""
        return {"game": self.game.id, "tags": self.tags, "result": None if self.result is None else list(self.result),
                "complete": self.complete, "summary": self.summary, "totals": self.totals(),
                "timelines": {u: {"side": self.side_for(u), "values": [list(p) for p in self.timeline(u)]}
                              for u in self.units()},
                "steps": [s.to_dict() for s in self.steps]}


class Analyst:
    """How a game's decisions are judged; the default suits any game whose
    solver values every position.  A game's ``analysis.py`` subclasses it
    (``Game.ANALYST`` names the class) and overrides the hooks."""

    def __init__(self, game, solver=None, solve: Callable = None, **options) -> None:
        self.game = game
        self.solver = solver if solver is not None or solve is not None else game.solver()
        self._solve = solve
        self.options = options

    # ------------------------------------------------------------ hooks
    def begin(self, start, moves) -> dict:
        """Work done once per deal before its steps (returns the deal's
        summary facts)."""
        return {}

    def solve(self, state):
        """The SolveResult of a position (the solver reused)."""
        return self._solve(state) if self._solve is not None else self.solver.solve(state)

    def judge(self, state, move: str, number: int) -> Step:
        """The Step of ``move`` (a legal move's text) at ``state``."""
        return step_of(self.game, state, move, number, self.solve(state))

    def annotate(self, step: Step, state) -> None:
        """Add the game's note and facts to a judged step."""

    def lines(self, analysis: "Analysis") -> Dict[str, list]:
        """units -> [(value, label)]: the thresholds a picture of the deal's
        value marks (65's victory-point lines, Eighty-Three's bid)."""
        return {}

    def other_side(self, units: str, value: int) -> int:
        """A whole-deal value of one side seen from the other side."""
        return -value

    def perspective(self, start) -> Dict[str, int]:
        """units -> the side index whose values a timeline shows."""
        return {}


def step_of(game, state, move: str, number: int, result) -> Step:
    """The Step of a move from the SolveResult of the position before it."""
    key = next((m for m in result.moves if m == move), None)
    if key is None:
        raise IllegalMoveError(f"move {number} of the record, {move!r}, is not legal here; "
                               f"legal: {', '.join(result.moves)}")
    value = result.moves[key]
    sign = 1 if result.maximizing else -1
    return Step(game.player_name(state.to_move), key, result.value, result.best_moves, value,
                sign * (result.value - value), number=number, side=result.side, units=result.units,
                kind=getattr(state.parse_move(key), "kind", "play"), deal_before=result.deal_value,
                deal_after=result.so_far + value, values=result.deal_moves)


def _analyst(game, solver=None, solve=None, **options) -> Analyst:
    from .game import _import
    path = getattr(game, "ANALYST", "") or "openhand.analysis:Analyst"
    return _import(path)(game, solver=solver, solve=solve, **options)


def analyse(source, moves: Iterable = None, solve: Callable = None, progress: Callable = None, *,
            solver=None, keep_partial: bool = False, analyst: Analyst = None, **options) -> Analysis:
    """Analyse a played deal: ``source`` is a :class:`~openhand.records.Record`
    (its moves from its start) or a state with ``moves`` (played from a copy
    of it).  ``solve(state)`` (a SolveResult) or ``solver`` (the game's
    Solver) values the positions; by default one new solver of the game
    serves every move.  ``progress(i, step)``, if given, is called after
    each move (0-based ``i``).  With ``keep_partial``, Ctrl-C
    (KeyboardInterrupt) stops the analysis and what is done is returned
    (``complete`` False); without, it is raised.  ``options`` go to the
    game's Analyst (Eighty-Three: ``bids='exact'|'fast'|'none'``).

    A move that is not legal, or comes after the end of the deal, raises
    :class:`IllegalMoveError` naming its place (1 = first) in the record.
    """
    from .records import Record
    tags = {}
    if isinstance(source, Record):
        if moves is not None:
            raise IllegalMoveError("a record holds its moves: analyse(record), without moves")
        start, moves, tags = source.start, [str(m) for m in source.moves], source.tags
    else:
        if not is_list(moves):
            raise IllegalMoveError(f"give the record as a list of moves, like ['AS', '3S'], not {moves!r}")
        start = source
        moves = list(moves)
    game = start.get_game()
    if analyst is None:
        analyst = _analyst(game, solver, solve, **options)
    pos = start.copy()
    analysis = Analysis(game, tags=tags, perspective=analyst.perspective(start), other_side=analyst.other_side)
    try:
        analysis.summary = analyst.begin(start, moves)
        for i, move in enumerate(moves):
            text = _legal_text(pos, move, i + 1)
            step = analyst.judge(pos, text, i + 1)
            analyst.annotate(step, pos)
            analysis.steps.append(step)
            if progress:
                progress(i, step)
            pos.play(text)
    except KeyboardInterrupt:
        if not keep_partial:
            raise
        analysis.complete = False
    if analysis.complete and pos.is_over():
        analysis.result = tuple(pos.returns())
    marks = analyst.lines(analysis)
    if marks:
        analysis.summary["lines"] = {u: [list(m) for m in v] for u, v in marks.items()}
    return analysis


def _legal_text(pos, move, number: int) -> str:
    """The canonical text of ``move`` if it is legal at ``pos``, else
    :class:`IllegalMoveError` naming its place in the record."""
    text = str(move).strip()
    if pos.is_over():
        raise IllegalMoveError(f"move {number} of the record, {text!r}, comes after the end of the deal")
    try:
        m = pos.parse_move(text)
    except OpenhandError:
        m = None
    if m is None or m not in pos.legal_moves:
        legal = ", ".join(map(str, list(pos.legal_moves)[:40]))
        raise IllegalMoveError(f"move {number} of the record, {text!r}, is not legal here; legal: {legal}")
    return str(m)


def analyse_records(records, progress: Callable = None, solver=None, keep_partial: bool = False,
                    solvers: Dict[str, object] = None, **options) -> List[Analysis]:
    """Analyse every deal of a file (a match) with one solver per game
    (``solvers``: game id -> a Solver to use; ``solver``: one for its
    game).  ``progress(deal_index, i, step)`` after each move.  With
    ``keep_partial`` an interrupt returns the deals done and the one in
    progress (marked incomplete)."""
    out: List[Analysis] = []
    analysts: Dict = {}
    solvers = dict(solvers or {})
    if solver is not None:
        solvers.setdefault(getattr(solver, "GAME", ""), solver)
    for d, record in enumerate(records):
        game = record.game
        if game not in analysts:
            analysts[game] = _analyst(game, solvers.get(game.id), None, **options)
        report = (lambda i, step, d=d: progress(d, i, step)) if progress else None
        a = analyse(record, progress=report, keep_partial=keep_partial, analyst=analysts[game])
        out.append(a)
        if not a.complete:
            break
    return out
