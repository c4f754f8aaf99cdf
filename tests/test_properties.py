"""Property-based tests (hypothesis) of every parser and entry point of every
game, on random input and on input mutated from the library's own texts.

The one property: every input is either accepted and consistent (its text
reads back to the same state, its legal moves can be played to the end of
the deal, the C++ and Python solvers agree on it when it is small) or
refused with an :class:`openhand.errors.OpenhandError`; never another
exception, a crash or a hang (each example runs under an alarm).

Covered: openhand.cards (Card, parse_cards, parse_hand, parse_deal,
format_hand); each game's parse_move; Game.from_text / from_json /
from_dict and state_from_text on mutated state texts (fields dropped,
doubled, swapped; cards swapped or doubled; numbers changed; moves
dropped, doubled, swapped); the position constructors (65
Position.from_deal, Sixty-Six Position(...) and Position.from_json,
Eighty-Three Position.from_deal and Deal.from_deal); play and replay;
load_game and players; the solvers on small positions (and Eighty-Three's
hand-mask entry points).

The run is bounded (about a minute in all) and derandomized, so the suite
stays reproducible; ``OPENHAND_FUZZ=N`` runs N times the examples with
fresh randomness (a longer hunt).
"""
import contextlib
import json
import os
import random
import re
import signal
import time

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from openhand.cards import (RANK_CHARS, Card, format_deal, format_hand, make_deck, parse_cards, parse_deal,
                            parse_hand)
from openhand.errors import IllegalMoveError, OpenhandError
from openhand.game import games, load_game, state_from_text
from openhand.solver_base import SolverBase

GAMES = games()
BY_ID = {g.id: g for g in GAMES}
FUZZ = int(os.environ.get("OPENHAND_FUZZ", "0") or 0)
ALL_CARDS = sorted(make_deck(RANK_CHARS, joker=True))
CARD_TEXTS = [str(c) for c in ALL_CARDS]


def budget(examples: int):
    """Settings of one property: ``examples`` in the normal run."""
    return settings(max_examples=examples * max(1, FUZZ), deadline=None, derandomize=not FUZZ,
                    database=None, suppress_health_check=list(HealthCheck), print_blob=True)


class Hang(Exception):
    pass


def _ignored_here(frame) -> bool:
    """Would an exception raised in ``frame`` be ignored?  Python drops
    what a garbage collector callback raises (hypothesis installs one);
    the alarm then rings again 50 ms later instead."""
    return frame is not None and frame.f_code.co_name == "gc_callback"


_DEADLINES = []          # (monotonic time, exception to raise), outermost first
_OLD_HANDLER = []


def _ring(signum, frame):
    if _ignored_here(frame):
        return
    now = time.monotonic()
    for when, error in reversed(_DEADLINES):      # the innermost expired one
        if now >= when:
            raise error()


def _arm():
    if _DEADLINES:
        first = min(when for when, _ in _DEADLINES)
        signal.setitimer(signal.ITIMER_REAL, max(first - time.monotonic(), 0.001), 0.05)   # then every 50 ms
    else:
        signal.setitimer(signal.ITIMER_REAL, 0)


@contextlib.contextmanager
def deadline(seconds: float, error):
    """Raise ``error`` in the block once ``seconds`` have passed; nested
    deadlines keep the outer ones (SIGALRM, 50 ms repeats until it lands)."""
    if not _DEADLINES:
        _OLD_HANDLER.append(signal.signal(signal.SIGALRM, _ring))
    _DEADLINES.append((time.monotonic() + seconds, error))
    _arm()
    try:
        yield
    finally:
        _DEADLINES.pop()
        _arm()
        if not _DEADLINES:
            signal.signal(signal.SIGALRM, _OLD_HANDLER.pop())


def alarm(seconds: float = 20):
    """Fail an example that runs longer than ``seconds`` (a hang)."""
    return deadline(seconds, lambda: Hang(f"no answer within {seconds} s"))


def attempt(fn, *args, **kwargs):
    """``fn(*args, **kwargs)``, or None when it is refused with the
    library's error; any other exception fails the example.  (The outcome
    is a hypothesis event: ``--hypothesis-show-statistics`` shows how many
    inputs each property saw accepted.)"""
    name = getattr(fn, "__qualname__", str(fn))
    with alarm():
        try:
            result = fn(*args, **kwargs)
        except OpenhandError as e:
            event(f"{name}: refused ({type(e).__name__})")
            return None
    event(f"{name}: accepted")
    return result


# ================================================================== real material
def _play_outs(game, seeds):
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        s = game.new_state(seed=seed, dealer=seed % game.num_players)
        states = [s.copy()]
        while not s.is_over():
            legal = s.legal_moves
            s.play(legal[0] if rng.random() < 0.3 else legal[rng.randrange(len(legal))])
            states.append(s.copy())
        out.append(states)
    return out


def _going_on(state):
    """A legal move that does not end the deal, if there is one (else any)."""
    legal = state.legal_moves
    for m in legal:
        state.play(m)
        over = state.is_over()
        state.undo()
        if not over:
            return m
    return legal[0]


def _moves_to_end(state, limit=14):
    """The length of a play-out to the end that ends the deal only when it
    must (no early claims), None if over ``limit``: how small a state is."""
    s = state.copy()
    for n in range(limit + 1):
        if s.is_over():
            return n
        s.play(_going_on(s))
    return None


def _small_states(game, seeds):
    """States 0..12 moves before the end of whole deals (no early claims)."""
    out = []
    for seed in seeds:
        s = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not s.is_over():
            legal = s.legal_moves
            s.play(_going_on(s) if rng.random() < 0.5 else legal[rng.randrange(len(legal))])
        for _ in range(min(12, len(s.history))):
            out.append(s.to_text())
            s.undo()
    return [t for t in out if _moves_to_end(game.from_text(t)) is not None]


PLAYS = {g.id: _play_outs(g, range(3)) for g in GAMES}
TEXTS = {gid: [s.to_text() for deal in plays for s in deal] for gid, plays in PLAYS.items()}
SMALL = {g.id: _small_states(g, range(3)) for g in GAMES}
VOCAB = {gid: sorted({str(m) for deal in plays for s in deal for m in list(s.legal_moves)[:60]})
         for gid, plays in PLAYS.items()}


def mix(*strategies):
    """One of ``strategies``, each as likely (``st.one_of`` flattens nested
    choices, so a junk strategy of ten kinds would crowd out the rest)."""
    return st.integers(0, len(strategies) - 1).flatmap(lambda i: strategies[i])


def words(gid):
    """Move texts of the game (two in three) or any card's text."""
    return mix(st.sampled_from(VOCAB[gid]), st.sampled_from(VOCAB[gid]), st.sampled_from(CARD_TEXTS))


JUNK = mix(st.none(), st.booleans(), st.integers(-5, 100), st.integers(), st.floats(),
                 st.text(max_size=6), st.binary(max_size=3), st.lists(st.integers(-1, 64), max_size=4),
                 st.tuples(st.integers(-2, 130), st.integers(-2, 130)),
                 st.dictionaries(st.text(max_size=2), st.integers(), max_size=2))
CARDISH = st.text(alphabet="23456789TJQKA10SHDCJKshdcjk +.-,:;=", max_size=12)
ANY_TEXT = mix(st.text(max_size=12), CARDISH)


def game_ids():
    return st.sampled_from(sorted(BY_ID))


# ================================================================== mutations
_CARD_RE = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[SHDC](?![A-Za-z0-9])|(?<![A-Za-z])JK(?![A-Za-z])")


def _swap_cards(data, text):
    spans = [m.span() for m in _CARD_RE.finditer(text)]
    if len(spans) < 2:
        return text
    i, j = sorted(data.draw(st.lists(st.integers(0, len(spans) - 1), min_size=2, max_size=2, unique=True)))
    (a, b), (c, d) = spans[i], spans[j]
    return text[:a] + text[c:d] + text[b:c] + text[a:b] + text[d:]


def _double_card(data, text):
    spans = [m.span() for m in _CARD_RE.finditer(text)]
    if len(spans) < 2:
        return text
    i, j = data.draw(st.lists(st.integers(0, len(spans) - 1), min_size=2, max_size=2, unique=True))
    (a, b), (c, d) = spans[i], spans[j]
    return text[:c] + text[a:b] + text[d:] if c > a else text[:c] + text[a:b] + text[d:a] + text[a:]


def _replace_card(data, text):
    spans = [m.span() for m in _CARD_RE.finditer(text)]
    if not spans:
        return text
    a, b = spans[data.draw(st.integers(0, len(spans) - 1))]
    return text[:a] + data.draw(st.sampled_from(CARD_TEXTS + ["2S", "XS", "1H", "10C"])) + text[b:]


def _rank_chars(data, text):
    """Swap, double or drop a rank letter inside PBN hands."""
    spots = [m.start() for m in re.finditer(r"[2-9TJQKA](?=[2-9TJQKA]*[.+ ;]|[2-9TJQKA]*$)", text)]
    if not spots:
        return text
    i = data.draw(st.sampled_from(spots))
    how = data.draw(st.sampled_from(["drop", "double", "swap", "change"]))
    if how == "drop":
        return text[:i] + text[i + 1:]
    if how == "double":
        return text[:i] + text[i] + text[i:]
    if how == "change":
        return text[:i] + data.draw(st.sampled_from(RANK_CHARS + "1X")) + text[i + 1:]
    j = data.draw(st.sampled_from(spots))
    chars = list(text)
    chars[i], chars[j] = chars[j], chars[i]
    return "".join(chars)


def _number(data, text):
    spans = [m.span() for m in re.finditer(r"\d+", text)]
    if not spans:
        return text
    a, b = spans[data.draw(st.integers(0, len(spans) - 1))]
    new = data.draw(mix(st.integers(0, 130), st.integers(-3, 2 ** 70)))
    return text[:a] + str(new) + text[b:]


def _fields(text):
    return [f for f in text.split(";") if f.strip()]


def _field_op(data, text):
    fields = _fields(text)
    if not fields:
        return text
    how = data.draw(st.sampled_from(["drop", "double", "swap values", "swap order", "empty", "key case"]))
    i = data.draw(st.integers(0, len(fields) - 1))
    if how == "drop":
        del fields[i]
    elif how == "double":
        fields.insert(i, fields[i])
    elif how == "empty":
        fields[i] = fields[i].split("=", 1)[0] + "="
    elif how == "key case":
        fields[i] = fields[i].upper()
    else:
        j = data.draw(st.integers(0, len(fields) - 1))
        if how == "swap order":
            fields[i], fields[j] = fields[j], fields[i]
        elif "=" in fields[i] and "=" in fields[j]:
            (ki, vi), (kj, vj) = fields[i].split("=", 1), fields[j].split("=", 1)
            fields[i], fields[j] = f"{ki}={vj}", f"{kj}={vi}"
    return ";".join(fields)


def _moves_op(data, text, gid):
    m = re.search(r"moves=([^;]*)", text)
    if not m:
        return text
    moves = [x.strip() for x in m.group(1).split(",") if x.strip()]
    how = data.draw(st.sampled_from(["truncate", "drop", "double", "swap", "replace", "append"]))
    if moves:
        i = data.draw(st.integers(0, len(moves) - 1))
        if how == "truncate":
            moves = moves[:i]
        elif how == "drop":
            del moves[i]
        elif how == "double":
            moves.insert(i, moves[i])
        elif how == "swap":
            j = data.draw(st.integers(0, len(moves) - 1))
            moves[i], moves[j] = moves[j], moves[i]
        elif how == "replace":
            moves[i] = data.draw(words(gid))
    if how == "append":
        moves.append(data.draw(mix(words(gid), ANY_TEXT)))
    return text[:m.start(1)] + ", ".join(moves) + text[m.end(1):]


def _chars(data, text):
    if not text:
        return data.draw(ANY_TEXT)
    i = data.draw(st.integers(0, len(text) - 1))
    how = data.draw(st.sampled_from(["delete", "insert", "replace"]))
    ch = data.draw(st.sampled_from(list("=;,.+: -0123456789TJQKASHDCx") + ["\n", "é"]))
    if how == "delete":
        return text[:i] + text[i + 1:]
    if how == "insert":
        return text[:i] + ch + text[i:]
    return text[:i] + ch + text[i + 1:]


def mutate(data, text, gid, times=None):
    ops = [_swap_cards, _double_card, _replace_card, _rank_chars, _number, _field_op, _chars,
           lambda d, t: _moves_op(d, t, gid)]
    for _ in range(data.draw(st.integers(1, 3)) if times is None else times):
        text = data.draw(st.sampled_from(ops))(data, text)
    return text


# ================================================================== what "consistent" means
def check_state(state, data, solve=False):
    """An accepted state: its text, dict and JSON read back to it, every
    player's observation is plain JSON, and random legal moves play it to
    its end (each refused move changes nothing); small states solve alike
    in C++ and Python."""
    game = state.get_game()
    with alarm():
        text = state.to_text()
        for again in (game.from_text(text), state_from_text(text), game.from_dict(state.to_dict()),
                      game.from_json(state.to_json()), state.copy()):
            assert again.to_text() == text and again == state
        for p in range(game.num_players):
            json.loads(state.observation(p).to_json())
        assert str(state)
        if solve:
            _solve_small(state)
        rng = random.Random(data.draw(st.integers(0, 2 ** 16)))
        s = state.copy()
        for _ in range(400):
            if s.is_over():
                break
            legal = s.legal_moves
            assert len(legal) > 0
            s.play(legal[rng.randrange(len(legal))])
        assert s.is_over(), "400 moves and the deal is not over"
        assert len(s.returns()) == len(game.side_names)
        assert game.from_text(s.to_text()).to_text() == s.to_text()
        while s.history:
            s.undo()
        with pytest.raises(IllegalMoveError):
            s.undo()


_SOLVERS = {}


def _solvers(game):
    if game.id not in _SOLVERS:
        _SOLVERS[game.id] = (game.solver(implementation="cpp", table_mb=8), game.solver(implementation="python"))
    return _SOLVERS[game.id]


class TooBig(Exception):
    """The Python reference searched too long: the state is not small."""


def time_box(seconds):
    """Raise TooBig in the block after ``seconds``."""
    return deadline(seconds, TooBig)


def _python(fn, *args):
    """A Python reference answer within a quarter of a second, TooBig
    otherwise; None when the input is refused."""
    with time_box(0.25):
        try:
            return fn(*args)
        except OpenhandError:
            return None


def _solve_small(state):
    """Both solvers alike on ``state`` if it is small: a short play-out to
    its end, and the Python reference done within a quarter of a second."""
    if _moves_to_end(state) is None:
        return
    game = state.get_game()
    cpp, py = _solvers(game)
    fast = attempt(cpp.solve, state)
    try:
        ref = _python(py.solve, state)
        assert (fast is None) == (ref is None), state.to_text()
        if fast is None:
            return
        assert (fast.value, fast.moves, fast.so_far, fast.side) == (ref.value, ref.moves, ref.so_far, ref.side), \
            state.to_text()
        event("solvers compared")
        if type(cpp).at_least is not SolverBase.at_least:
            for target in (fast.deal_value, fast.deal_value + 1):
                want = fast.deal_value >= target
                assert cpp.at_least(state, target) is want, state.to_text()
                assert _python(py.at_least, state, target) is want, state.to_text()
    except TooBig:
        event("solvers: too big for the Python reference")


# ================================================================== cards
SPELLINGS = st.sampled_from(CARD_TEXTS).flatmap(lambda t: st.sampled_from(
    [t, t.lower(), t.replace("T", "10"), f" {t} ", t[::-1], t + t[-1], t.replace("T", "1")]))


@budget(300)
@given(mix(SPELLINGS, SPELLINGS, ANY_TEXT, JUNK, st.integers(-1, 64)))
def test_card(value):
    card = attempt(Card, value)
    if card is not None:
        assert Card(str(card)) == card == Card(int(card)) and str(card) in CARD_TEXTS
        assert Card(str(card).lower()) == card


@budget(200)
@given(mix(st.lists(st.sampled_from(CARD_TEXTS + ["10H", "as", "xx", ","]), max_size=8).map(" ".join),
           ANY_TEXT, JUNK))
def test_parse_cards(value):
    cards = attempt(parse_cards, value)
    if cards is not None:
        assert parse_cards(" ".join(map(str, cards))) == cards == parse_cards(", ".join(map(str, cards)))


class _Drawer:
    """Lets the mutations, written for ``st.data()``, run inside a composite strategy."""

    def __init__(self, draw):
        self.draw = draw


def _adapt(fn):
    return lambda draw, text: fn(_Drawer(draw), text)


_rank_chars_c, _chars_c = _adapt(_rank_chars), _adapt(_chars)


@st.composite
def hand_texts(draw):
    """A hand's PBN text from a random set of cards, perhaps mutated a little."""
    cards = draw(st.sets(st.sampled_from(ALL_CARDS), max_size=14))
    text = format_hand(cards)
    for _ in range(draw(st.integers(0, 2))):
        text = draw(st.sampled_from([_rank_chars_c, _chars_c]))(draw, text)
    return text


DECKS = [None] + [make_deck(r, joker=j) for r, j in (("3456789TJQKA", False), ("9TJQKA", False), (RANK_CHARS, True))]


@budget(300)
@given(mix(hand_texts(), ANY_TEXT, JUNK), st.sampled_from(DECKS))
def test_parse_hand_and_format_hand(value, deck):
    hand = attempt(parse_hand, value, deck)
    if hand is not None:
        assert parse_hand(format_hand(hand), deck) == hand
        assert deck is None or hand <= deck
        assert format_hand(sorted(hand)) == format_hand(list(map(str, hand))) == format_hand(hand)


@budget(150)
@given(mix(st.lists(mix(st.sampled_from(CARD_TEXTS), ANY_TEXT, JUNK), max_size=5), JUNK,
                 st.sets(st.sampled_from(ALL_CARDS), max_size=6)))
def test_format_hand(value):
    text = attempt(format_hand, value)
    if text is not None:
        assert parse_hand(text) == frozenset(Card(c) for c in value)


_DECK_OF = {"65": (make_deck("3456789TJQKA"), 0), "83": (make_deck(RANK_CHARS, joker=True), 1)}


def _real_deals():
    """(deal text, its game's deck, its extra hands): 65 deals, 83 deals with the kitty."""
    out = []
    for gid, texts in TEXTS.items():
        for t in texts[:: max(1, len(texts) // 6)]:
            m = re.search(r"deal=([^;]*)", t)
            if m and gid in _DECK_OF:
                out.append((m.group(1).strip(),) + _DECK_OF[gid])
    return out


REAL_DEALS = _real_deals()


@budget(250)
@given(st.data())
def test_parse_deal(data):
    text, deck, extra = data.draw(st.sampled_from(REAL_DEALS))
    for _ in range(data.draw(st.sampled_from([0, 0, 1, 2]))):
        text = data.draw(st.sampled_from([_rank_chars, _chars, _number, _swap_cards]))(data, text)
    value = data.draw(st.sampled_from([text] * 5 + [None, 5, ["N:..."]]))
    if data.draw(st.integers(0, 3)) == 0:
        deck = data.draw(st.sampled_from(DECKS))
    if data.draw(st.integers(0, 3)) == 0:
        extra = data.draw(st.integers(0, 2))
    equal = data.draw(st.booleans()) and not extra
    hands = attempt(parse_deal, value, deck, extra_hands=extra, equal_sizes=equal)
    if hands is not None:
        again = parse_deal(format_deal(hands), deck, extra_hands=extra, equal_sizes=equal)
        assert again == hands
        cards = [c for h in hands.values() for c in h]
        assert len(cards) == len(set(cards))
        if equal:
            assert len({len(hands[s]) for s in "NESW"}) == 1


# ================================================================== moves
@budget(300)
@given(st.data())
def test_parse_move(data):
    game = BY_ID[data.draw(game_ids())]
    some = words(game.id)
    text = data.draw(mix(some, some, ANY_TEXT, JUNK, some.map(str.lower), some.map(str.upper),
                         some.map(lambda t: t.replace("T", "10")), st.tuples(some, some).map(" ".join)))
    if isinstance(text, str) and data.draw(st.integers(0, 3)) == 0:
        text = _chars(data, text)
    move = attempt(game.parse_move, text)
    if move is not None:
        assert isinstance(move, game.Move) and isinstance(move, str)
        assert game.parse_move(str(move)) == move == game.parse_move(str(move).lower())
        assert str(game.parse_move(move)) == str(move) and hash(move) == hash(str(move))


@budget(150)
@given(st.data())
def test_play_and_replay(data):
    gid = data.draw(game_ids())
    game = BY_ID[gid]
    state = game.from_text(data.draw(st.sampled_from(TEXTS[gid])))
    before = state.to_text()
    move = data.draw(mix(words(gid), words(gid), ANY_TEXT, JUNK))
    legal = move in state.legal_moves
    with alarm():
        try:
            state.play(move)
            assert legal, f"{move!r} was played, but it is not among the legal moves"
            assert state.undo() == game.parse_move(move)
        except OpenhandError:
            assert not legal
    assert state.to_text() == before
    record = data.draw(st.lists(mix(words(gid), words(gid), JUNK),
                                max_size=6))
    if data.draw(st.booleans()):   # a real continuation, then perhaps garbage
        done = [d for d in PLAYS[gid] if any(s.to_text() == before for s in d)][0]
        end = done[-1]
        record = [m for _, m in end.history[len(state.history):]][:data.draw(st.integers(0, 10))] + record[:1]
    with alarm():
        try:
            state.replay(record)
            played = len(record)
        except IllegalMoveError as e:
            place = re.match(r"move (\d+) of the record", str(e))
            assert place, str(e)
            played = int(place.group(1)) - 1
    assert len(state.history) == len(game.from_text(before).history) + played
    check_state(state, data)
    with pytest.raises(OpenhandError):
        state.replay(data.draw(mix(st.text(max_size=4), st.none(), st.integers())))


# ================================================================== state texts
@budget(400)
@given(st.data())
def test_from_text_of_mutated_states(data):
    gid = data.draw(game_ids())
    game = BY_ID[gid]
    text = mutate(data, data.draw(st.sampled_from(TEXTS[gid])), gid)
    state = attempt(game.from_text, text)
    if state is not None:
        check_state(state, data)
    other = attempt(state_from_text, text)
    assert (other is None) == (state is None) or not text.lower().lstrip().startswith(f"game={gid}")
    if other is not None:
        check_state(other, data)


@budget(200)
@given(st.data())
def test_from_dict_and_json_of_mutated_states(data):
    gid = data.draw(game_ids())
    game = BY_ID[gid]
    d = game.from_text(data.draw(st.sampled_from(TEXTS[gid]))).to_dict()
    for _ in range(data.draw(st.integers(1, 3))):
        how = data.draw(st.sampled_from(["drop", "junk", "add", "text", "moves"]))
        key = data.draw(st.sampled_from(sorted(d) or ["game"]))
        if how == "drop":
            d.pop(key, None)
        elif how == "junk":
            d[key] = data.draw(JUNK)
        elif how == "add":
            d[data.draw(st.sampled_from(["colour", "Game", key + " ", "moves", "trump_card"]))] = data.draw(JUNK)
        elif how == "text" and isinstance(d.get(key), str):
            d[key] = mutate(data, d[key], gid, times=1)
        elif how == "moves" and isinstance(d.get("moves"), list) and d["moves"]:
            i = data.draw(st.integers(0, len(d["moves"]) - 1))
            d["moves"][i] = data.draw(mix(words(gid), JUNK))
    state = attempt(game.from_dict, d)
    if state is not None:
        check_state(state, data)
    try:
        text = json.dumps(d)
    except (TypeError, ValueError):
        text = data.draw(st.text(max_size=10))
    if data.draw(st.booleans()):
        text = _chars(data, text)
    state = attempt(game.from_json, text)
    if state is not None:
        check_state(state, data)
    assert attempt(game.from_json, data.draw(mix(JUNK, st.just("[]"), st.just("{}")))) is None


@budget(120)
@given(st.data())
def test_solvers_on_small_mutated_states(data):
    gid = data.draw(game_ids())
    game = BY_ID[gid]
    text = data.draw(st.sampled_from(SMALL[gid]))
    if data.draw(st.booleans()):
        text = mutate(data, text, gid)
    state = attempt(game.from_text, text)
    if state is not None:
        check_state(state, data, solve=True)
    cpp, py = _solvers(game)
    for solver in (cpp, py):
        assert attempt(solver.solve, data.draw(JUNK)) is None
    if state is not None and _moves_to_end(state) is not None and type(cpp).at_least is not SolverBase.at_least:
        target = data.draw(mix(st.integers(-200, 200), JUNK))
        answer = attempt(cpp.at_least, state, target)
        if answer is not None:
            assert answer is (cpp.solve(state, moves=False).deal_value >= target)
        else:
            assert attempt(py.at_least, state, target) is None


# ================================================================== position constructors
def _args(data, reals, gid):
    """The real arguments with none, one or two of them mutated or junk."""
    out = list(reals)
    for i in data.draw(st.lists(st.integers(0, len(out) - 1), max_size=2, unique=True)):
        out[i] = _arg(data, out[i], gid)
    return out


def _arg(data, real, gid):
    """A text mutation of the real value, or junk."""
    how = data.draw(st.sampled_from(["mutated", "mutated", "junk"]))
    if how == "mutated" and isinstance(real, str) and real:
        return mutate(data, real, gid, times=1)
    if how == "mutated" and isinstance(real, (list, tuple)) and real:
        items = list(real)
        i = data.draw(st.integers(0, len(items) - 1))
        items[i] = data.draw(mix(JUNK, st.sampled_from(CARD_TEXTS)))
        return type(real)(items) if isinstance(real, tuple) else items
    return data.draw(JUNK)


def _position_of(state):
    """Sixty-Six and 65 states are positions; an Eighty-Three deal in play has one."""
    pos = getattr(state, "position", state)
    return None if pos is None else (pos.without_history() if hasattr(pos, "without_history") else pos)


@budget(250)
@given(st.data())
def test_position_constructors(data):
    gid = data.draw(game_ids())
    state = BY_ID[gid].from_text(data.draw(st.sampled_from(TEXTS[gid])))
    if gid == "65":
        from openhand.sixtyfive import Position
        d = state.without_history().to_dict()
        pair = (lambda k: tuple(int(x) for x in d[k].split()) if k in d else None)
        args = _args(data, [d["deal"], d.get("leader"), d.get("trick", ""), pair("points"), pair("tricks"),
                            state.dealer], gid)
        pos = attempt(Position.from_deal, *args)
    elif gid == "66":
        from openhand.sixtysix import Position
        from openhand.sixtysix.position_format import snapshot_dict
        d = snapshot_dict(state.snapshot)
        keys = ["hands", "stock", "trump", "leader", "trick", "points", "tricks", "marriages", "closed_by",
                "closed_opponent_won", "out"]
        pos = attempt(Position, *_args(data, [d[k] for k in keys] + [state.dealer], gid))
        if pos is not None:
            assert Position.from_json(pos.to_json()) == pos
        text = json.dumps({**d, "dealer": state.dealer})
        if data.draw(st.booleans()):
            text = mutate(data, text, gid)
        other = attempt(Position.from_json, text)
        if other is not None:
            check_state(other, data)
    else:
        from openhand.eightythree import Deal, Position
        if data.draw(st.booleans()) or state.phase in ("bidding", "trumps", "passing", "discarding"):
            d = state.to_dict()
            pos = attempt(Deal.from_deal, *_args(data, [d["deal"], d["dealer"], data.draw(
                st.sampled_from(["bid", "won"]))], gid))
        else:
            d = _position_of(state).to_dict()
            points = tuple(int(x) for x in d["points"].split()) if "points" in d else None
            pos = attempt(Position.from_deal, *_args(data, [d["deal"], d["trump"], d["bidder"], d.get("leader"),
                                                            d.get("trick", ""), points], gid))
    if pos is not None:
        check_state(pos, data, solve=True)


# ================================================================== random small positions
def _deal_out(data, deck, sizes):
    """Disjoint random hands of the given sizes from ``deck``."""
    cards = data.draw(st.lists(st.sampled_from(sorted(deck)), min_size=sum(sizes), max_size=sum(sizes),
                               unique=True))
    out, i = [], 0
    for n in sizes:
        out.append(cards[i:i + n])
        i += n
    return out


def _trick_position(data, deck, k_max):
    """Four hands of k cards (those who played to the trick one fewer), a
    leader and the trick: a random moment of a trick-taking deal."""
    k = data.draw(st.integers(1, k_max))
    leader = data.draw(st.integers(0, 3))
    played = data.draw(st.integers(0, 3))
    sizes = [k - (1 if (s - leader) % 4 < played else 0) for s in range(4)] + [played]
    *hands, trick = _deal_out(data, deck, sizes)
    return {seat: hand for seat, hand in zip("NESW", hands)}, "NESW"[leader], trick


@budget(300)
@given(st.data())
def test_random_small_positions(data):
    """Positions built at random from cards (not from a deal): the rules
    accept or refuse them, and those accepted play out and solve alike."""
    gid = data.draw(game_ids())
    if gid == "65":
        from openhand.sixtyfive import DECK, Position
        hands, leader, trick = _trick_position(data, DECK, 3)
        pos = attempt(Position, hands, leader, trick)
    elif gid == "83":
        from openhand.eightythree import DECK, Position
        hands, leader, trick = _trick_position(data, DECK, 3)
        pos = attempt(Position, hands, data.draw(st.sampled_from("SHDC")), data.draw(st.sampled_from("NESW")),
                      leader, trick)
    else:
        from openhand.sixtysix import DECK, Position
        from openhand.sixtysix.deck import card_points
        n = data.draw(st.integers(1, 6))
        stock = data.draw(st.sampled_from([0, 0, 2, 4]))
        led = data.draw(st.booleans())
        leader = data.draw(st.integers(0, 1))
        sizes = [n - led, n] if leader == 0 else [n, n - led]
        hand0, hand1, stock_cards, trick, *_ = _deal_out(data, DECK, sizes + [stock, int(led)])
        rest = [c for c in sorted(DECK) if c not in set(hand0 + hand1 + stock_cards + trick)]
        rng = random.Random(data.draw(st.integers(0, 2 ** 16)))
        rng.shuffle(rest)
        points, tricks = [0, 0], [0, 0]
        for i in range(0, len(rest) - 1, 2):        # the cards out of play, won in pairs
            w = rng.randrange(2)
            points[w] += card_points(rest[i]) + card_points(rest[i + 1])
            tricks[w] += 1
        closed = data.draw(st.sampled_from([None, None, 0, 1])) if stock else None
        marriages = data.draw(st.sampled_from([((), ()), (("H",), ()), ((), ("S", "C"))]))
        pos = attempt(Position, [hand0, hand1], stock_cards, data.draw(st.sampled_from("SHDC")), leader,
                      trick[0] if trick else None, points, tricks, marriages, closed)
    if pos is not None:
        check_state(pos, data, solve=True)


# ================================================================== games, players, solvers' other doors
@budget(150)
@given(mix(ANY_TEXT, JUNK, st.sampled_from(["65", "66", "83", "Sixty-Six", " eighty-three ", "bridge"])),
       st.dictionaries(st.sampled_from(["target", "penalty", "colour"]), mix(JUNK, st.sampled_from(
           ["bid", "won", "BID", 1, 7, 200, 0])), max_size=2))
def test_load_game_and_players(name, options):
    game = attempt(load_game, name, **options)
    if game is not None:
        assert load_game(game.id, **game.options) == game
        for p in range(game.num_players):
            assert game.player_index(game.player_name(p)) == p
    for g in GAMES:
        player = attempt(g.player_index, name)
        if player is not None:
            assert 0 <= player < g.num_players


@budget(80)
@given(st.data())
def test_eightythree_hand_masks(data):
    from openhand.eightythree.rules import DECK
    cpp, py = _solvers(BY_ID["83"])
    k = data.draw(st.integers(1, 2))
    cards = data.draw(st.lists(st.sampled_from(sorted(DECK)), min_size=4 * k, max_size=4 * k, unique=True))
    hands = [sum(1 << int(c) for c in cards[i * k:(i + 1) * k]) for i in range(4)]
    if data.draw(st.integers(0, 3)) == 0:
        i = data.draw(st.integers(0, 3))
        hands[i] = data.draw(mix(JUNK, st.integers(0, 2 ** 64)))
    if data.draw(st.integers(0, 7)) == 0:
        hands = data.draw(JUNK)
    trump = data.draw(st.sampled_from(list("SHDCshdc") + [0, 3, "X", None, 4]))
    bidder = data.draw(st.sampled_from(list("NESWnesw") + [0, 3, "X", None, 4]))
    value = attempt(cpp.value_of, hands, trump, bidder)
    assert (attempt(py.value_of, hands, trump, bidder) == value)
    if value is not None:
        assert 0 <= value <= 83
        target = data.draw(st.integers(-5, 90))
        assert cpp.at_least_of(hands, trump, bidder, target) is py.at_least_of(hands, trump, bidder, target) \
            is (value >= target)
        assert cpp.values_of([hands, hands], trump, bidder) == [value, value]
    assert attempt(cpp.values_of, data.draw(JUNK), "S", "N") in (None, [])
