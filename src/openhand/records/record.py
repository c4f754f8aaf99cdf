"""One recorded deal: its game, its tags, the state it starts from, its
moves and their comments (:class:`Record`), and how tags map to a state.

A record's tags are of three kinds.  ``Game`` and the game's rule options
(``Target``, ``Penalty``) say what is played; the *start tags* are the
fields of the start state's text (:mod:`openhand.textform`), one tag per
field with its name in CamelCase (``Dealer``, ``Deal``, ``Hands``,
``Stock``, ``Leader``, ``ClosedBy``...), so every state the library can
write, a deal from the shuffle or any moment of one, starts a record; or
``Seed`` (with ``Dealer``) for the seeded deal ``Game.new_state(seed,
dealer)``.  ``Result`` is the deal's result per side, checked against the
moves.  All other tags (``Event``, ``Site``, ``Date``, ``Round``, the
players ``North`` .. ``West`` or ``Player0`` / ``Player1``, anything else)
describe the deal and are kept as written (``Record.tags``).

>>> from openhand.game import load_game
>>> s = load_game("66").new_state(seed=3, dealer=0)
>>> s.replay(["close", "TS"])
>>> r = Record.from_state(s, Event="Club night")
>>> r.tags, r.moves, r.final() == s
({'Event': 'Club night'}, [Move('close'), Move('TS')], True)
>>> [k for k, _ in r.start_tags()]
['Dealer', 'Hands', 'Stock', 'Leader']
>>> len(list(r.states())), r.result_text()
(3, '*')
"""
from __future__ import annotations

import re
from typing import Dict, Iterator, List, Optional, Sequence, Tuple

from ..errors import OpenhandError, PositionError
from ..game import Game, State, load_game

__all__ = ["Record", "RESERVED_TAGS", "tag_name", "player_tag", "format_result", "parse_result"]

# Tags that describe the deal in every game, in the order they are written
# (players come after Round).
DESCRIPTIVE_ORDER = ("Event", "Site", "Date", "Round")
RESERVED_TAGS = ("Game", "Seed", "Result")
_SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
TAG_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")


def tag_name(field: str) -> str:
    """The tag of a state-text field: ``closed_by`` -> ``ClosedBy``."""
    return "".join(part.capitalize() for part in field.split("_"))


def _norm(name: str) -> str:
    return name.replace("_", "").lower()


def player_tag(game: Game, player: int) -> str:
    """The tag naming a player: ``North`` .. ``West``, or ``Player0``."""
    name = game.players[player]
    return _SEAT_NAMES.get(name, f"Player{player}")


def format_result(game: Game, returns: Sequence[int]) -> str:
    """The ``Result`` tag of a deal's returns: ``'N-S 41, E-W 24'``."""
    return ", ".join(f"{side} {value}" for side, value in zip(game.side_names, returns))


def parse_result(game: Game, text: str) -> Optional[Tuple[int, ...]]:
    """The returns a ``Result`` tag states, or None for ``*`` (unfinished
    or unknown); :class:`PositionError` for anything else."""
    text = text.strip()
    if text in ("", "*"):
        return None
    example = format_result(game, range(len(game.side_names)))
    found: Dict[int, int] = {}
    for part in text.split(","):
        words = part.split()
        if len(words) < 2 or not re.fullmatch(r"-?\d+", words[-1]):
            raise PositionError(f"the result {text!r} is not like {example!r} (or '*')")
        name = " ".join(words[:-1]).lower()
        side = next((i for i, s in enumerate(game.side_names) if s.lower() == name), None)
        if side is None or side in found:
            raise PositionError(f"the result {text!r} names {' '.join(words[:-1])!r}: expected each of "
                                f"{', '.join(game.side_names)} once, like {example!r}")
        found[side] = int(words[-1])
    if len(found) != len(game.side_names):
        raise PositionError(f"the result {text!r} must give every side, like {example!r}")
    return tuple(found[i] for i in range(len(game.side_names)))


class Record:
    """One deal as played: ``game`` (a :class:`~openhand.game.Game`, rule
    options included), ``start`` (the state it starts from, no moves),
    ``moves`` (the game's Moves, in order), ``tags`` (the descriptive
    tags), ``comments`` (after how many moves -> the comments there; 0:
    before the first move) and ``seed`` (when the deal was given as
    ``Seed``).  The moves are checked on construction: an illegal one
    raises :class:`~openhand.errors.IllegalMoveError` naming it."""

    def __init__(self, game: Game, start: State, moves: Sequence = (), tags: Optional[Dict[str, str]] = None,
                 comments: Optional[Dict[int, List[str]]] = None, seed=None) -> None:
        if start.history:
            raise PositionError("a record's start is a state with no moves played (use Record.from_state)")
        self.game = game
        self.start = start
        self.tags: Dict[str, str] = dict(tags or {})
        for name in self.tags:
            check_tag_name(name)
        self.comments: Dict[int, List[str]] = {int(k): list(v) for k, v in (comments or {}).items() if v}
        self.seed = seed
        final = start.copy()
        final.replay(list(moves))
        self.moves = [m for _, m in final.history]
        self._final = final

    # ------------------------------------------------------------ building
    @classmethod
    def from_state(cls, state: State, comments=None, seed=None, **tags) -> "Record":
        """The record of ``state``'s deal: its start and every move since
        (``state.history``), with descriptive ``tags``."""
        start = state.copy()
        while start.history:
            start.undo()
        return cls(state.get_game(), start, [m for _, m in state.history], tags, comments, seed)

    @classmethod
    def from_match(cls, match, **tags) -> List["Record"]:
        """The records of a :class:`~openhand.game.Match`'s deals, in order,
        each tagged with its ``Round`` (1, 2, ...) and ``tags``."""
        return [cls.from_state(state, Round=str(i), **tags) for i, state in enumerate(match.deals, 1)]

    # ------------------------------------------------------------ views
    def final(self) -> State:
        """A copy of the state after the last move."""
        return self._final.copy()

    def states(self) -> Iterator[State]:
        """The states along the deal: the start, then after each move
        (copies, one more than there are moves)."""
        state = self.start.copy()
        yield state.copy()
        for move in self.moves:
            state.play(move)
            yield state.copy()

    def is_over(self) -> bool:
        return self._final.is_over()

    def returns(self) -> Optional[Tuple[int, ...]]:
        """The deal's result per side, or None when the record stops before the end."""
        return tuple(self._final.returns()) if self._final.is_over() else None

    def result_text(self) -> str:
        """The ``Result`` tag: ``'N-S 41, E-W 24'``, or ``'*'`` when unfinished."""
        result = self.returns()
        return "*" if result is None else format_result(self.game, result)

    def option_tags(self) -> List[Tuple[str, str]]:
        """The rule options that differ from their defaults, as tags."""
        return [(tag_name(k), str(v)) for k, v in self.game.options.items()
                if v != self.game.OPTIONS[k].default]

    def start_tags(self) -> List[Tuple[str, str]]:
        """The start state's text fields as tags (the moves left out), less
        those the state implies (65's leader, points and tricks at a deal's
        start): a field is left out when the state reads back the same
        without it."""
        fields = [(k, v) for k, v in self.start.fields() if k != "moves" and v not in (None, "")]
        want = self.start.to_text()
        for field in list(fields)[1:]:
            fewer = [f for f in fields if f != field]
            try:
                same = self.game.from_text(_text_of(self.game, fewer)).to_text() == want
            except OpenhandError:
                same = False
            if same:
                fields = fewer
        return [(tag_name(k), v) for k, v in fields]

    def all_tags(self) -> List[Tuple[str, str]]:
        """Every tag in the order a record file writes them."""
        out = [("Game", self.game.id)] + self.option_tags()
        have = {_norm(k) for k, _ in out}
        described = [(k, self.tags[k]) for k in DESCRIPTIVE_ORDER if k in self.tags]
        players = [player_tag(self.game, p) for p in range(self.game.num_players)]
        described += [(k, self.tags[k]) for k in players if k in self.tags]
        described += [(k, v) for k, v in self.tags.items() if (k, v) not in described]
        out += [(k, v) for k, v in described if _norm(k) not in have]
        if self.seed is not None:
            out.append(("Seed", str(self.seed)))
        out += [(k, v) for k, v in self.start_tags() if _norm(k) not in have]
        out.append(("Result", self.result_text()))
        return out

    def __eq__(self, other) -> bool:
        return (isinstance(other, Record) and self.game == other.game and self.start == other.start
                and self.moves == other.moves and self.tags == other.tags and self.comments == other.comments)

    __hash__ = None

    def __repr__(self) -> str:
        return f"<Record of game {self.game.id}: {len(self.moves)} moves, {self.result_text()}>"

    def to_text(self) -> str:
        """The record as text (:mod:`openhand.records.text`)."""
        from .text import write_text
        return write_text([self])

    def to_dict(self) -> dict:
        """The record as a JSON-ready dict (:mod:`openhand.records.jsonform`)."""
        from .jsonform import record_dict
        return record_dict(self)


def _text_of(game: Game, fields) -> str:
    return "; ".join([f"game={game.id}"] + [f"{k}={v}" for k, v in fields])


def check_tag_name(name) -> str:
    if not isinstance(name, str) or not TAG_NAME.match(name):
        raise PositionError(f"a tag name is a word of letters, digits and '_' starting with a letter, "
                            f"like Event, not {name!r}")
    if name in RESERVED_TAGS:
        raise PositionError(f"the tag {name!r} is written from the record itself, not given as a tag")
    return name


def build(tags: Sequence[Tuple[str, str]], previous_game: Optional[Game] = None):
    """The game, start state, descriptive tags, seed and (index, returns)
    of the Result tag, from a record's tags (``(name, value)`` in order;
    without a Game tag, the game is ``previous_game``).  An error is
    raised as a :class:`TagProblem` naming the index of the tag it is
    about (None: the deal as a whole), so that the reader can name its
    line."""
    by_norm: Dict[str, int] = {}
    for i, (name, _) in enumerate(tags):
        n = _norm(name)
        if n in by_norm:
            raise TagProblem(i, PositionError(f"the tag {name!r} is given twice"))
        by_norm[n] = i

    gi = by_norm.get("game")
    used = set()
    try:
        if gi is None:
            if previous_game is None:
                raise TagProblem(None, PositionError(
                    'the deal has no Game tag: start it with [Game "65"], [Game "66"] or [Game "83"]'))
            base = previous_game
        else:
            used.add(gi)
            base = load_game(tags[gi][1])
        used_options = {}
        for opt, spec in base.OPTIONS.items():
            i = by_norm.get(_norm(opt))
            if i is not None:
                used.add(i)
                raw = tags[i][1].strip()
                value = int(raw) if spec.minimum is not None and re.fullmatch(r"-?\d+", raw) else raw
                try:
                    used_options[opt] = spec.check(opt, value)
                except OpenhandError as e:
                    raise TagProblem(i, e) from None
        game = load_game(base, **used_options) if gi is None else load_game(base.id, **used_options)
    except TagProblem:
        raise
    except OpenhandError as e:
        raise TagProblem(gi if gi is not None else None, e) from None
    fields = []
    for key in game.FIELDS:
        if key == "moves":
            continue
        i = by_norm.get(_norm(key))
        if i is not None:
            used.add(i)
            fields.append((key, tags[i][1].strip(), i))
    si = by_norm.get("seed")
    seed = None
    if si is not None:
        used.add(si)
        raw = tags[si][1].strip()
        seed = int(raw) if re.fullmatch(r"-?\d+", raw) else raw
    start = _start(game, fields, seed, si)
    ri = by_norm.get("result")
    result = None
    if ri is not None:
        used.add(ri)
        try:
            result = parse_result(game, tags[ri][1])
        except OpenhandError as e:
            raise TagProblem(ri, e) from None
    descriptive = {}
    for i, (name, text) in enumerate(tags):
        if i not in used:
            descriptive[name] = text
    return game, start, descriptive, seed, (ri, result)


def _start(game: Game, fields, seed, seed_index) -> State:
    """The start state of a record: its fields, or the seeded deal."""
    if seed is not None:
        dealer = next((v for k, v, _ in fields if k == "dealer"), None)
        try:
            state = game.new_state(seed=seed, dealer=dealer)
        except OpenhandError as e:
            raise TagProblem(seed_index, e) from None
        seeded = dict(state.fields())
        for key, text, i in fields:      # the deal's own tags, if given too, must agree
            if key != "moves" and seeded.get(key, "") != text:
                raise TagProblem(i, PositionError(
                    f"the tag {tag_name(key)} {text!r} contradicts the seeded deal (Seed {seed}), whose "
                    f"{tag_name(key)} is {seeded.get(key, '') or 'empty'!r}"))
        return state
    if not fields:
        wanted = ", ".join(tag_name(k) for k in game.FIELDS if k != "moves")
        raise TagProblem(None, PositionError(
            f"the deal has no start: give its tags ({wanted}) or a Seed (with a Dealer)"))
    text = "; ".join(f"{k}={v}" for k, v, _ in fields)
    try:
        return game.from_text(f"game={game.id}; " + text + _option_fields(game, fields))
    except OpenhandError as e:
        raise TagProblem(_blame(e, fields), e) from None


def _option_fields(game: Game, fields) -> str:
    """Options that are also state fields (Eighty-Three's penalty) given
    as an option tag only: passed to the state."""
    have = {k for k, _, _ in fields}
    extra = [(k, v) for k, v in game.options.items() if k in game.FIELDS and k not in have
             and v != game.OPTIONS[k].default]
    return "".join(f"; {k}={v}" for k, v in extra)


def _blame(error: Exception, fields) -> Optional[int]:
    """The tag a start error is most likely about (the one it names)."""
    text = str(error).lower()
    for key, _, i in fields:
        if key in text or tag_name(key).lower() in text:
            return i
    return fields[0][2] if fields else None


class TagProblem(Exception):
    """An error in a record's tags: ``index`` of the tag (None: the
    deal as a whole) and the library's ``error``."""

    def __init__(self, index: Optional[int], error: OpenhandError) -> None:
        super().__init__(str(error))
        self.index, self.error = index, error
