"""The game interface every game implements, and the registry of games.

A :class:`Game` describes a game with its rule options (players, sides,
how to deal, how to read a state's text); a :class:`State` is one moment
of a deal with the same verbs in every game (OpenSpiel's Game/State,
python-chess's Board): ``legal_moves``, ``play``, ``undo``, ``copy``,
``is_over``, ``returns``, ``score``, ``to_text`` / ``Game.from_text``,
``observation``.  Moves are canonical text: each game's ``Move`` is a
``str`` subclass, and ``Game.parse_move`` reads any spelling of one.

Tools (players, records, reports, batch runs, the command line, the
conformance tests) are written once against this interface and iterate
:func:`games`; what is special to a game lives in its package, and a new
game is a new package registered here.

>>> [g.id for g in games()]
['65', '66', '83']
>>> g = load_game("sixty-six")
>>> g.id, g.name, g.num_players, g.player_name(1), g.options
('66', 'sixty-six', 2, 'player 1', {'target': 7})
>>> s = g.new_state(seed=3, dealer=0)
>>> s.to_move, len(s.legal_moves), "close" in s.legal_moves
(1, 7, True)
>>> load_game("83", penalty="won")
load_game('83', penalty='won')
>>> load_game("bridge")
Traceback (most recent call last):
...
openhand.errors.PositionError: unknown game 'bridge': the games are 65 (sixty-five), 66 (sixty-six), 83 (eighty-three)
"""
from __future__ import annotations

import copy
import importlib
import json
import random
from dataclasses import dataclass
from typing import Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

from .cards import format_hand
from .errors import IllegalMoveError, OpenhandError, PositionError, require_int, require_seed

__all__ = ["Game", "State", "Move", "LegalMoves", "Option", "Match", "games", "load_game",
           "register_game", "state_from_text"]


# ------------------------------------------------------------------ moves
class Move(str):
    """A move in canonical text form.  Each game subclasses it and parses
    every accepted spelling in ``__new__`` (raising the library's errors);
    a Move compares and hashes as its text."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    def __reduce__(self):
        return (type(self), (str(self),))


class LegalMoves(Sequence):
    """The legal moves of a state, in the game's order: iterate them, take
    ``len``, index them, and ask ``in`` with a Move or any text spelling
    of one (a text that is no move of the game is simply not in it).

    ``moves`` is a list of Moves or a callable producing them (called on
    first use: Eighty-Three's discards can number thousands); ``parse``
    reads a text as a Move; ``check``, if given, answers ``in`` without
    listing every move.

    >>> from openhand.sixtyfive import Move
    >>> lm = LegalMoves([Move("AS"), Move("KH")], Move)
    >>> "as" in lm, "10h" in lm, "KH" in lm, 5 in lm, len(lm), lm[1]
    (True, False, True, False, 2, Move('KH'))
    >>> lm == ["AS", "KH"], list(lm)
    (True, [Move('AS'), Move('KH')])
    """

    def __init__(self, moves, parse: Callable, check: Optional[Callable] = None) -> None:
        self._moves: Optional[List[Move]] = None if callable(moves) else list(moves)
        self._make = moves if callable(moves) else None
        self._parse = parse
        self._check = check
        self._set = None

    def _list(self) -> List[Move]:
        if self._moves is None:
            self._moves = list(self._make())
        return self._moves

    def __contains__(self, item) -> bool:
        if not isinstance(item, str):
            return False
        try:
            move = self._parse(item)
        except OpenhandError:
            return False
        if self._check is not None and self._moves is None:
            return self._check(move)
        if self._set is None:
            self._set = set(self._list())
        return move in self._set

    def __len__(self) -> int:
        return len(self._list())

    def __getitem__(self, i):
        return self._list()[i]

    def __iter__(self) -> Iterator[Move]:
        return iter(self._list())

    def __eq__(self, other) -> bool:
        if isinstance(other, (LegalMoves, list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"LegalMoves({self._list()!r})"


# ------------------------------------------------------------------ options
@dataclass(frozen=True)
class Option:
    """A named rule option: its default (the rulings' choice), the values
    allowed (``choices``, or ``minimum`` for a whole number) and what it
    means."""

    default: object
    doc: str
    choices: Tuple = ()
    minimum: Optional[int] = None

    def check(self, name: str, value):
        if self.choices:
            if not isinstance(value, str) or value not in self.choices:
                raise PositionError(f"option {name}={value!r}: expected one of "
                                    f"{', '.join(map(repr, self.choices))}")
            return value
        value = require_int(value, f"option {name}")
        if self.minimum is not None and value < self.minimum:
            raise PositionError(f"option {name}={value!r}: must be at least {self.minimum}")
        return value


# ------------------------------------------------------------------ games
class Game:
    """One game with its rule options.  Subclasses set the class
    attributes below and implement :meth:`new_state` and
    :meth:`state_from_fields` (what a state's text holds); the rest is
    shared.

    ``id`` (``'65'``), ``name`` (``'sixty-five'``), ``title``
    (``'65'``, ``'Sixty-Six'``...), ``num_players``, ``players`` (their
    names by index), ``side_names`` and ``side_players`` (the
    partnerships, or one player a side), ``units`` (of :meth:`State.returns`
    and of match scores), ``OPTIONS`` (name -> :class:`Option`).
    """

    id = ""
    name = ""
    title = ""
    num_players = 0
    players: Tuple[str, ...] = ()
    side_names: Tuple[str, ...] = ()
    side_players: Tuple[Tuple[int, ...], ...] = ()
    units = ""
    match_units = ""
    OPTIONS: Dict[str, Option] = {}
    Move = Move                     # the game's move class
    SOLVER = ""                     # 'package.module:Class' of its solver (imported on first use)
    ANALYST = ""                    # its record analyst (openhand.analysis.Analyst by default)
    BATCH = ""                      # 'package.module:Class' of its parts of batch runs (openhand.batch)
    WORLDS = ""                     # 'package.module:function' of its world sampler (openhand.dealing)
    STRATEGY = ""                   # 'package.module:Class' of its computer players' knowledge (openhand.bots)

    def __init__(self, **options) -> None:
        unknown = [k for k in options if k not in self.OPTIONS]
        if unknown:
            known = ", ".join(self.OPTIONS) or "none"
            raise PositionError(f"unknown option {unknown[0]!r} for {self.title} (options: {known})")
        self._options = {k: opt.check(k, options.get(k, opt.default)) for k, opt in self.OPTIONS.items()}

    @property
    def options(self) -> Dict[str, object]:
        """The rule options, every one with its value (defaults included)."""
        return dict(self._options)

    def option(self, name: str):
        """The value of the rule option ``name``; :class:`PositionError`
        for a name that is no option of the game.

        >>> load_game("83").option("penalty")
        'bid'
        >>> load_game("83").option("trumps")
        Traceback (most recent call last):
        ...
        openhand.errors.PositionError: unknown option 'trumps' for Eighty-Three (options: target, penalty)
        """
        if not isinstance(name, str) or name not in self._options:
            known = ", ".join(self.OPTIONS) or "none"
            raise PositionError(f"unknown option {name!r} for {self.title} (options: {known})")
        return self._options[name]

    def __repr__(self) -> str:
        changed = "".join(f", {k}={v!r}" for k, v in self._options.items() if v != self.OPTIONS[k].default)
        return f"load_game({self.id!r}{changed})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Game) and (self.id, self._options) == (other.id, other._options)

    def __hash__(self) -> int:
        return hash((self.id, tuple(sorted(self._options.items()))))

    # ------------------------------------------------------------ players
    def player_name(self, player: int) -> str:
        """The name of player ``player`` (0-based): a seat or ``'player 0'``."""
        return self.players[self.player_index(player)]

    def player_index(self, player) -> int:
        """The index of a player given by index or by name (any case)."""
        if isinstance(player, int) and not isinstance(player, bool) and 0 <= player < self.num_players:
            return int(player)
        if isinstance(player, str):
            text = player.strip().lower()
            for i, name in enumerate(self.players):
                if text in (name.lower(), str(i)):
                    return i
        raise PositionError(f"unknown player {player!r} in {self.title}: expected one of "
                            f"{', '.join(self.players)} (or 0..{self.num_players - 1})")

    def side_of(self, player) -> int:
        """The side (index into ``side_names``) of a player."""
        p = self.player_index(player)
        return next(i for i, members in enumerate(self.side_players) if p in members)

    # ------------------------------------------------------------ states
    def new_state(self, seed=None, dealer=None) -> "State":
        """A whole deal from its first move, shuffled by ``seed``; the
        dealer (a player) is seeded random unless given."""
        raise NotImplementedError

    def state_from_fields(self, fields: Dict[str, str]) -> "State":
        """The state a text's fields describe (see :mod:`openhand.textform`)."""
        raise NotImplementedError

    def deal_layout(self):
        """The places of a fresh deal, its deck and what its cards count
        for dealing constraints (:class:`openhand.dealing.DealLayout`;
        :mod:`openhand.constrained`, ``openhand deal``).

        >>> load_game("83").deal_layout().places
        (('N', 12), ('E', 12), ('S', 12), ('W', 12), ('kitty', 5))
        """
        raise PositionError(f"{self.title} names no places of a fresh deal: it cannot be dealt under constraints")

    def format_hand(self, cards) -> str:
        """A hand's text in this game's rank order (PBN suits S.H.D.C).

        >>> from openhand.cards import Card
        >>> cards = [Card(c) for c in ("TS", "AS", "KS", "9H")]
        >>> load_game("65").format_hand(cards), load_game("66").format_hand(cards)
        ('AKT.9..', 'ATK.9..')
        """
        return format_hand(cards)

    FIELDS: Tuple[str, ...] = ()    # the keys of a state's text, in order

    def from_text(self, text: str) -> "State":
        """The state :meth:`State.to_text` wrote (or a person typed).  The
        text of another game's state is refused as such, before its fields
        are read.

        >>> load_game("65").from_text("game=83; deal=N:K.A.. .2..5 9.3.. Q..4.; trump=S; bidder=N")
        Traceback (most recent call last):
        ...
        openhand.errors.PositionError: the text is a state of game '83', not of 65 (65)
        """
        from .textform import parse_fields
        self._check_game_field(parse_fields(text, None).get("game"))
        fields = parse_fields(text, ("game",) + self.FIELDS)
        fields.pop("game", None)
        return self.state_from_fields(fields)

    def from_dict(self, data: dict) -> "State":
        """The state :meth:`State.to_dict` wrote."""
        from .textform import fields_from_dict
        fields = fields_from_dict(data, ("game",) + self.FIELDS)
        self._check_game_field(fields.pop("game", None))
        return self.state_from_fields(fields)

    def from_json(self, text: str) -> "State":
        from .textform import read_json
        return self.from_dict(read_json(text, f"{self.title} state"))

    def _check_game_field(self, value) -> None:
        if value is not None and _resolve(value) != self.id:
            raise PositionError(f"the text is a state of game {value!r}, not of {self.title} ({self.id})")

    def parse_move(self, text) -> Move:
        """The canonical :class:`Move` of a text (any accepted spelling)."""
        return self.Move(text)

    def record_line(self, state: "State") -> Optional[str]:
        """How a record's text lays out its moves (:mod:`openhand.records`):
        before the move to be made at ``state``, None goes on with the
        current line, a text starts a new line with that number (``'3.'``
        for the third trick, ``''`` for none).  Default: one line.  Reading
        a record never depends on it."""
        return None

    # ------------------------------------------------------------ solving
    @property
    def Solver(self):
        """The game's solver class."""
        return _import(self.SOLVER)

    def solver(self, **kwargs):
        """A new exact solver of this game (``table_mb``,
        ``implementation``, ``progress``, ``threads``: see the game's
        ``Solver``)."""
        return self.Solver(**kwargs)

    @property
    def batch_parts(self):
        """The module of what is special to this game in batch runs
        (:mod:`openhand.batch`): its fixed move encoding, random items,
        own input forms and statistics (a
        :class:`openhand.batch.parts.BatchParts`)."""
        return _import(self.BATCH)()

    @property
    def strategy(self):
        """What is special to this game for the computer players
        (:mod:`openhand.bots`): the heuristic's rules, the searching
        players' objective, the decisions that are not card play, what a
        forfeit scores, what ``openhand play`` shows (a
        :class:`openhand.bots.strategy.Strategy`).

        >>> load_game("65").strategy.forfeit
        (0, 65)
        """
        if not self.STRATEGY:
            raise PositionError(f"{self.title} has no computer players (it names no strategy)")
        return _import(self.STRATEGY)()

    # ------------------------------------------------------------ matches
    def new_match(self, seed=None, dealer=None, target=None) -> "Match":
        """A match of deals to the game's target (the option ``target``)."""
        return Match(self, seed, dealer, target)

    def match_points(self, state: "State") -> Tuple[int, ...]:
        """What a finished deal adds to each side's match score (default:
        its returns)."""
        return state.returns()

    def match_winner(self, scores: Sequence[int], target: int, state: "State") -> Optional[int]:
        """The side that has won the match after ``state`` (scores
        updated), or None.  Default: the side that reached the target."""
        reached = [i for i, s in enumerate(scores) if s >= target]
        return reached[0] if reached else None


# ------------------------------------------------------------------ states
class State:
    """One moment of a deal.  A game's states subclass this and supply the
    abstract methods; the rest is shared.

    Every state remembers the moment it started from and the moves played
    since (``history``), so ``undo`` can go back to that start and
    ``to_text`` writes both (``Game.from_text`` reads it back, history
    included).  States are changed only through ``play`` and ``undo``:
    their cards are read-only from outside.
    """

    game = ""          # the game's id: '65', '66' or '83'

    # ------------------------------------------------------------ abstract
    @property
    def to_move(self) -> Optional[int]:
        """The index of the player to move, or None once the deal is over."""
        raise NotImplementedError

    @property
    def legal_moves(self) -> LegalMoves:
        raise NotImplementedError

    def _apply(self, move: Move) -> None:
        """Apply a legal move (already checked)."""
        raise NotImplementedError

    def _take_back(self, player: int, move: Move) -> None:
        """Undo ``move``, the last move, made by ``player`` (already taken
        off the history)."""
        raise NotImplementedError

    def is_over(self) -> bool:
        raise NotImplementedError

    def returns(self) -> Tuple[int, ...]:
        """The deal's result per side, in the game's units; only once the
        deal is over (:class:`PositionError` before)."""
        raise NotImplementedError

    def score(self) -> Tuple[int, ...]:
        """What each side has so far, in the game's running units."""
        raise NotImplementedError

    def fields(self) -> List[Tuple[str, str]]:
        """The (key, text) pairs of :meth:`to_text`."""
        raise NotImplementedError

    def observation(self, player):
        """What ``player`` may know now, and nothing else."""
        raise NotImplementedError

    def why_illegal(self, move: Move) -> str:
        """Why ``move`` (a move of the game that is not legal now) is not."""
        return "it is not legal now"

    def _doing(self, move: Move) -> str:
        """The move as a verb phrase, for messages: ``'play AS'``."""
        return f"play {move}"

    def get_game(self) -> Game:
        """The :class:`Game` (with this state's rule options)."""
        return load_game(self.game)

    # ------------------------------------------------------------ shared
    @property
    def history(self) -> Tuple[Tuple[int, Move], ...]:
        """(player, move) of every move played since the start, in order."""
        return tuple(self._moves)

    def parse_move(self, move) -> Move:
        """``move`` as this game's Move; :class:`IllegalMoveError` for an
        int (a card id is no move), :class:`~openhand.errors.CardError`
        and the like for text that is no move at all."""
        game = self.get_game()
        if isinstance(move, game.Move):
            return move
        if not isinstance(move, str):
            raise IllegalMoveError(f"a move is text like {self._example_move()!r}, not {move!r}")
        return game.Move(move)

    def _example_move(self) -> str:
        legal = self.legal_moves
        return str(legal[0]) if len(legal) else "AS"

    def play(self, move) -> None:
        """Play ``move`` (a Move or its text) for the player to move;
        :class:`IllegalMoveError` naming the reason if it is not legal."""
        m = self.parse_move(move)
        if self.is_over():
            raise IllegalMoveError(f"the deal is over; {m} cannot be played")
        if m not in self.legal_moves:
            raise IllegalMoveError(f"{self.get_game().player_name(self.to_move)} may not {self._doing(m)}: "
                                   f"{self.why_illegal(m)}")
        player = self.to_move
        self._apply(m)
        self._moves.append((player, m))

    def undo(self) -> Move:
        """Take back the last move and return it."""
        if not self._moves:
            raise IllegalMoveError("nothing to undo: this is the state's start")
        player, move = self._moves.pop()
        self._take_back(player, move)
        return move

    def replay(self, moves: Iterable) -> None:
        """Play a list of moves; an illegal one raises
        :class:`IllegalMoveError` naming its place (1 = first); the moves
        before it stay played."""
        from .errors import is_list
        if not is_list(moves):
            raise IllegalMoveError(f"give the record as a list of moves, like [{self._example_move()!r}], "
                                   f"not {moves!r}")
        for i, move in enumerate(moves, 1):
            try:
                self.play(move)
            except OpenhandError as e:
                raise IllegalMoveError(f"move {i} of the record: {e}") from None

    def copy(self) -> "State":
        """An independent copy, history included (``undo`` works on it)."""
        return copy.deepcopy(self)

    def to_text(self) -> str:
        """One line of ``key=value`` fields (see :mod:`openhand.textform`)
        that :meth:`Game.from_text` reads back into an equal state."""
        from .textform import format_fields
        return format_fields([("game", self.game)] + self.fields())

    def to_dict(self) -> dict:
        """The fields of :meth:`to_text` as a JSON-ready dict (moves as a list)."""
        from .textform import fields_to_dict
        moves = [str(m) for _, m in self._moves]
        return fields_to_dict([("game", self.game)] + [(k, moves if k == "moves" else v) for k, v in self.fields()])

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and other.to_text() == self.to_text()

    __hash__ = None

    def __repr__(self) -> str:
        return f"state_from_text({self.to_text()!r})"


# ------------------------------------------------------------------ matches
class Match:
    """A match of deals to a target (65: 5 victory points, Sixty-Six: 7
    game points, Eighty-Three: 200 points), the deal passing to the next
    player.  ``scores`` are per side; ``winner`` is a side index or None.

    >>> m = load_game("66").new_match(seed=11)
    >>> while not m.is_over():
    ...     s = m.new_deal()
    ...     while not s.is_over():
    ...         s.play(s.legal_moves[-1])
    ...     _ = m.finish_deal(s)
    >>> max(m.scores) >= 7, m.winner in (0, 1), len(m.deals) >= 2
    (True, True, True)
    """

    def __init__(self, game: Game, seed=None, dealer=None, target=None) -> None:
        self.game = game
        self.target = game.option("target") if target is None else Option(0, "", minimum=1).check(
            "target", target)
        self.rng = random.Random(require_seed(seed))
        self.dealer = self.rng.randrange(game.num_players) if dealer is None else game.player_index(dealer)
        self.scores: List[int] = [0] * len(game.side_names)
        self.deals: List[State] = []
        self.results: List[Tuple[int, ...]] = []
        self.winner: Optional[int] = None

    def is_over(self) -> bool:
        return self.winner is not None

    def new_deal(self) -> State:
        """Deal the next hand (the current dealer deals)."""
        if self.is_over():
            raise IllegalMoveError("the match is over")
        if len(self.deals) > len(self.results):
            raise IllegalMoveError("finish and score the current deal first")
        state = self.game.new_state(seed=self.rng.randrange(2 ** 63), dealer=self.dealer)
        self.deals.append(state)
        return state

    def finish_deal(self, state: State) -> Tuple[int, ...]:
        """Score the finished current deal, pass the deal on, and return
        what it added to each side's score."""
        if not self.deals or state is not self.deals[-1] or len(self.results) == len(self.deals):
            raise IllegalMoveError("only the current deal can be scored, once")
        if not state.is_over():
            raise IllegalMoveError("finish the current deal before scoring it")
        points = tuple(self.game.match_points(state))
        self.results.append(points)
        self.scores = [s + p for s, p in zip(self.scores, points)]
        self.dealer = (self.dealer + 1) % self.game.num_players
        self.winner = self.game.match_winner(self.scores, self.target, state)
        return points


# ------------------------------------------------------------------ registry
_REGISTRY: Dict[str, Tuple[str, Tuple[str, ...]]] = {}


def register_game(game_id: str, path: str, names: Sequence[str] = ()) -> None:
    """Register a game: its id, ``'package.module:Class'`` of its
    :class:`Game` subclass (imported on first use) and other names it
    may be loaded by."""
    _REGISTRY[game_id] = (path, tuple(n.lower() for n in names))


register_game("65", "openhand.sixtyfive.game:SixtyFive", ("sixty-five", "sixtyfive"))
register_game("66", "openhand.sixtysix.game:SixtySix", ("sixty-six", "sixtysix"))
register_game("83", "openhand.eightythree.game:EightyThree", ("eighty-three", "eightythree"))


def _resolve(game) -> str:
    if isinstance(game, str):
        text = game.strip().lower()
        for gid, (_, names) in _REGISTRY.items():
            if text == gid or text in names:
                return gid
    known = ", ".join(f"{gid} ({names[0]})" for gid, (_, names) in _REGISTRY.items())
    raise PositionError(f"unknown game {game!r}: the games are {known}")


def load_game(game, **options) -> Game:
    """The :class:`Game` of an id (``'65'``, ``'66'``, ``'83'``) or name
    (``'sixty-six'``), with rule options (``load_game('83',
    penalty='won')``); a Game is returned as it is."""
    if isinstance(game, Game):
        return type(game)(**{**game.options, **options})
    gid = _resolve(game)
    return _import(_REGISTRY[gid][0])(**options)


def _import(path: str):
    """The object of a ``'package.module:Name'`` path."""
    module, name = path.split(":")
    return getattr(importlib.import_module(module), name)


def games() -> Tuple[Game, ...]:
    """Every registered game, with its default options."""
    return tuple(load_game(gid) for gid in _REGISTRY)


def state_from_text(text: str) -> State:
    """A state of any game from its text (the ``game=`` field says which).

    >>> s = load_game("65").new_state(seed=1)
    >>> state_from_text(s.to_text()) == s
    True
    """
    from .textform import parse_fields
    fields = parse_fields(text, None)
    if "game" not in fields:
        raise PositionError("the text does not say its game: it must start with game=65, game=66 or game=83")
    return load_game(fields["game"]).from_text(text)
