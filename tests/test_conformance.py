"""One conformance suite over every registered game (``openhand.games()``),
written against the game interface alone (the OpenSpiel habit).

What it shows for each game, with seeded randomness:

- random play-outs of whole deals from ``new_state`` (Eighty-Three from the
  first bid to the score): every listed legal move is playable, and
  ``legal_moves`` answers ``in`` / ``len`` / iteration / indexing alike;
- illegal moves (texts that are moves of the game but not legal now: other
  cards, wrong-phase moves, bids too low, passes and discards of the wrong
  cards) are refused with IllegalMoveError, and non-moves (ints, None,
  garbage) with the library's errors, never another exception, and a
  refused move changes nothing;
- ``undo`` restores the state exactly, and raises IllegalMoveError at the
  start;
- ``to_text`` / ``from_text``, ``to_dict`` / ``from_dict`` and JSON round
  trips at every step, and move text round trips (any case, ``10`` for T);
- ``observation(player)`` reveals no hidden card: the test's own definition
  of what each player may know (docs/rules.md, "What each player sees"),
  built by replaying the history, against every card text found in the
  observation's JSON; and the observation holds plain values only;
- the result totals of each game;
- the C++ core and the Python reference agreeing on ``solve`` and
  ``at_least`` on small states near the end of seeded play-outs;
- each game's Match playing to its target.

What is particular to a game lives in the ``RULES`` table below (keyed by
game id): its point totals and what its players may know.  A game
registered without an entry there fails ``test_every_game_has_rules``.
"""
import gc
import json
import random
import re

import pytest

import openhand
import openhand.sixtyfive
from openhand.cards import RANK_CHARS, Card, make_deck, parse_cards, parse_hand
from openhand.errors import IllegalMoveError, OpenhandError, PositionError
from openhand.game import games, load_game, state_from_text
from openhand.result import SolveResult

GAMES = games()      # openhand.games(): the registry
IDS = [g.id for g in GAMES]
ALL_CARDS = sorted(make_deck(RANK_CHARS, joker=True))          # every card text there is
PLAIN = (str, int, float, bool, type(None))


# ================================================================== what each game must satisfy
def _cards(texts):
    return {str(Card(t)) for t in texts}


def _start_of(state):
    """The state the history of ``state`` started from (rebuilt from its
    text without the moves: nothing of undo or the observation code)."""
    data = state.to_dict()
    data.pop("moves", None)
    return state.get_game().from_dict(data)


def _replayed(state):
    """The start of ``state`` and each state after one more move of its
    history: [(state_copy, (player, move) that led here or None)]."""
    s = _start_of(state)
    out = [(s.copy(), None)]
    for player, move in state.history:
        s.play(move)
        out.append((s.copy(), (player, move)))
    return out


def _hands(s):
    return [{str(c) for c in h} for h in s.hands]


def _known_65(state):
    """65 (docs/rules.md): a player sees the own hand and every card played
    (the trick in progress included).  Cards gone before the state's start
    were played, so they were seen too."""
    steps = _replayed(state)
    start = steps[0][0]
    d = start.to_dict()
    held = set().union(*_hands(start))
    trick = _cards(parse_cards(d.get("trick", "")))
    gone = {str(c) for c in openhand.sixtyfive.DECK} - held - trick
    timeline, known = [], [set(gone | trick) for _ in range(4)]
    for s, step in steps:
        for p in range(4):
            known[p] |= _hands(s)[p]
            if step:
                known[p].add(str(step[1]))
        timeline.append([set(k) for k in known])
    return timeline


def _known_66(state):
    """Sixty-Six (docs/rules.md): the own hand, every card played, the
    face-up trump card, both cards of a shown marriage, the trump card an
    exchange or the last draw gave the opponent (it was face up), and once
    the stock is exhausted everything.  Cards out of play at the start were
    played, so they were seen."""
    from openhand.sixtysix import DECK
    steps = _replayed(state)
    start = steps[0][0]
    live = set().union(*_hands(start)) | {str(c) for c in start.stock}
    if start.card_in_play is not None:
        live.add(str(start.card_in_play))
    gone = {str(c) for c in DECK} - live
    timeline, known = [], [set(gone) for _ in range(2)]
    for s, step in steps:
        public = set()
        if s.stock:
            public.add(str(s.stock[-1]))                       # the face-up trump card
        else:
            public |= {str(c) for c in DECK}                   # nothing left to draw: all known
        if s.card_in_play is not None:
            public.add(str(s.card_in_play))
        for p, suits in enumerate(s.marriages):
            public |= {r + su for su in suits for r in "KQ"}   # both cards of a marriage
        if step and getattr(step[1], "card", None) is not None:
            public.add(str(step[1].card))
        for p in range(2):
            known[p] |= _hands(s)[p] | public
        timeline.append([set(k) for k in known])
    return timeline


def _known_83(state):
    """Eighty-Three (docs/rules.md): the own hand, every card played, the
    kitty for the bidder, passed cards for the passer and the receiver,
    and the own discards."""
    from openhand.seats import partner_of
    steps = _replayed(state)
    timeline, known = [], [set() for _ in range(4)]
    for s, step in steps:
        for p in range(4):
            known[p] |= _hands(s)[p]
        if s.phase != "bidding":
            known[s.bidder] |= {str(c) for c in s.kitty}
        if step:
            who, move = step
            if move.kind == "play":
                for p in range(4):
                    known[p].add(str(move.card))
            elif move.kind == "pass":
                known[who] |= _cards(move.cards)
                known[partner_of(who)] |= _cards(move.cards)
            elif move.kind == "discard":
                known[who] |= _cards(move.cards)
        timeline.append([set(k) for k in known])
    return timeline


def _totals_65(state):
    assert sum(state.score()) == 65, state.to_text()
    assert state.returns() == state.score()


def _totals_66(state):
    gp = state.returns()
    assert all(0 <= x <= 3 for x in gp) and sum(1 for x in gp if x) <= 1, (gp, state.to_text())
    assert all(x in (0, 1, 2, 3) for x in gp)


def _totals_83(state):
    from openhand.eightythree import score_deal
    assert sum(state.score()) == 83, state.to_text()
    assert state.returns() == score_deal(state.high_bid, state.bidder, state.score(), state.penalty)


RULES = {
    "65": {"known": _known_65, "totals": _totals_65, "monotone": True},
    "66": {"known": _known_66, "totals": _totals_66, "monotone": True},
    "83": {"known": _known_83, "totals": _totals_83, "monotone": True},
}


def test_every_game_has_rules():
    missing = [g.id for g in GAMES if g.id not in RULES]
    assert not missing, f"add the conformance rules (RULES) of game(s) {missing}"


# ================================================================== helpers
def _kind(move) -> str:
    """A move's kind as its text shows it: its first word when that is a
    word ('marriage', 'close', 'discard'...), else 'card or bid'."""
    first = str(move).split()[0]
    return first if first.isalpha() and len(first) > 2 else "card or bid"


def _policy(rng, avoid_end):
    """A seeded random move chooser: a kind of move at random, then a move
    of that kind (rare kinds such as an exchange get their turn); with
    ``avoid_end`` it takes a move that ends the deal only when every move
    does (whole deals, no early claims)."""
    def choose(state):
        legal = state.legal_moves
        moves = list(legal) if len(legal) <= 200 else [legal[rng.randrange(len(legal))] for _ in range(20)]
        if avoid_end:
            keep = []
            for m in moves:
                state.play(m)
                over = state.is_over()
                state.undo()
                if not over:
                    keep.append(m)
            moves = keep or moves
        kinds = sorted({_kind(m) for m in moves})
        kind = rng.choice(kinds)
        return rng.choice([m for m in moves if _kind(m) == kind])
    return choose


def play_out(game, seed, avoid_end=False):
    rng = random.Random(f"{game.id}/{seed}")
    state = game.new_state(seed=rng.randrange(2 ** 32), dealer=rng.randrange(game.num_players))
    choose = _policy(rng, avoid_end)
    while not state.is_over():
        state.play(choose(state))
    return state


def _vocabulary(game):
    """Move texts of the game seen in a few seeded play-outs (every kind of
    move, every bid), plus every card text there is (some are no move of
    this game: those must be refused as non-moves)."""
    if game.id in _VOCAB:
        return _VOCAB[game.id]
    words = {str(c) for c in ALL_CARDS}
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_state(seed=1000 + seed)
        while not state.is_over():
            legal = state.legal_moves
            if len(legal) <= 120:
                words |= {str(m) for m in legal}
            else:
                words |= {str(legal[rng.randrange(len(legal))]) for _ in range(10)}
            state.play(legal[rng.randrange(len(legal))])
    _VOCAB[game.id] = sorted(words)
    return _VOCAB[game.id]


_VOCAB = {}

NON_MOVES = [None, 0, 14, -1, 3.5, True, b"AS", ["AS"], ("AS",), {"AS": 1}, object(),
             "", " ", "garbage", "AS AS", "ZZ", "1S", "A", "S", "trumps", "trumps X", "discard",
             "discard AS AS", "pass AS AS", "marriage", "marriage 9H", "marriage X out", "99", "29",
             "83 doubled doubled", "AS,KS", "\x00", "ÄS", "١٢"]


def _card_tokens(text):
    """The card texts in a string: PBN hands (``'AK.Q..T9'``, ``+JK``) are
    read as hands, anything else split into words; only a word written as
    a card (upper case, ``10`` for T) counts."""
    found = set()
    if re.fullmatch(r"[2-9TJQKA]*(\.[2-9TJQKA]*){3}(\+JK)?", text):
        return {str(c) for c in parse_hand(text)}
    for word in re.findall(r"[A-Za-z0-9]+", text):
        try:
            card = Card(word)
        except OpenhandError:
            continue
        if word in (str(card), str(card).replace("T", "10")):
            found.add(str(card))
    return found


def _json_strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from _json_strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _json_strings(v)


def cards_in(observation_json):
    out = set()
    for s in _json_strings(json.loads(observation_json)):
        out |= _card_tokens(s)
    return out


def _assert_plain(value, path="obs"):
    """Only JSON's own types, all the way down."""
    if isinstance(value, dict):
        for k, v in value.items():
            assert isinstance(k, str), path
            _assert_plain(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _assert_plain(v, f"{path}[{i}]")
    else:
        assert isinstance(value, PLAIN), f"{path} is a {type(value).__name__}"


def _assert_no_reference(obs, state):
    """Walk everything the observation object refers to (types aside):
    plain values and containers of them, never the state."""
    stack, seen = [obj for obj in gc.get_referents(obs) if not isinstance(obj, type)], set()
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        assert obj is not state
        assert isinstance(obj, PLAIN + (tuple, list, dict)), f"an observation refers to a {type(obj).__name__}"
        if isinstance(obj, (tuple, list, dict)):
            stack.extend(gc.get_referents(obj))


def _snapshot(state, players):
    return (state.to_text(), state.to_move, [str(m) for m in state.legal_moves] if len(state.legal_moves) < 200
            else len(state.legal_moves), state.score(), [state.observation(p).to_json() for p in players])


# ================================================================== the game objects
@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_game_description(game):
    assert load_game(game.id) == game and load_game(game.name) == game and load_game(game.name.upper()) == game
    assert eval(repr(game), {"load_game": load_game}) == game
    assert game.num_players == len({game.player_name(i) for i in range(game.num_players)}) >= 2
    for i in range(game.num_players):
        assert game.player_index(game.player_name(i)) == i == game.player_index(i)
    members = sorted(p for side in game.side_players for p in side)
    assert members == list(range(game.num_players)) and len(game.side_names) == len(game.side_players)
    for bad in (game.num_players, -1, None, "nobody", True, 1.0):
        with pytest.raises(OpenhandError):
            game.player_name(bad)
    assert set(game.options) == set(game.OPTIONS)
    with pytest.raises(OpenhandError):
        load_game(game.id, no_such_option=1)
    for name in game.options:
        with pytest.raises(OpenhandError):
            load_game(game.id, **{name: object()})
    with pytest.raises(OpenhandError):
        load_game("no such game")


# ================================================================== random play-outs
def _check_legal_moves(state, rng):
    legal = state.legal_moves
    listed = list(legal)
    assert len(legal) == len(listed) > 0, state.to_text()
    assert [legal[i] for i in range(len(listed))] == listed and legal[-1] == listed[-1]
    assert len(set(listed)) == len(listed), "a legal move is listed twice"
    sample = listed if len(listed) <= 40 else rng.sample(listed, 40)
    before = state.to_text()
    game = state.get_game()
    for m in sample:
        assert m in legal and str(m) in legal and str(m).lower() in legal
        text = str(m)
        assert game.parse_move(text) == m and game.parse_move(text.lower()) == m
        assert game.parse_move(text.upper()) == m
        if "T" in text:
            assert game.parse_move(text.replace("T", "10")) == m
        assert str(game.parse_move(m)) == text and isinstance(m, game.Move)
        state.play(m)                       # every listed legal move is playable ...
        assert len(state.history) and state.history[-1][1] == m
        assert state.undo() == m            # ... and undone exactly
        assert state.to_text() == before
    return listed


def _check_refusals(state, vocabulary, rng, players):
    """Moves of the game that are not legal now raise IllegalMoveError;
    anything else raises an OpenhandError; nothing changes either way."""
    before = _snapshot(state, players)
    legal = state.legal_moves
    game = state.get_game()
    texts = list(vocabulary)
    if len(texts) > 150:
        texts = rng.sample(texts, 150)
    # near misses of multi-card moves (83's passes and discards): a card fewer, one more
    for m in list(legal)[:3]:
        words = str(m).split()
        if len(words) > 2:
            texts += [" ".join(words[:-1]), " ".join(words + [rng.choice(vocabulary)]),
                      " ".join(words[:1] + words[2:] + [rng.choice(words[1:])])]
    tried = 0
    listed = {str(m) for m in legal}
    for text in texts:
        try:
            move = game.parse_move(text)
        except OpenhandError:
            move = None
        except Exception as e:      # pragma: no cover - the failure being tested for
            pytest.fail(f"parse_move({text!r}) raised {type(e).__name__}: {e}")
        # 'in' (which may check a move without listing them all) agrees with the list
        assert (text in state.legal_moves) == (move is not None and str(move) in listed), text
        if move is not None and str(move) in listed:
            continue
        expected = IllegalMoveError if move is not None else OpenhandError
        with pytest.raises(expected):
            state.play(text)
        if move is not None:
            tried += 1
            with pytest.raises(IllegalMoveError):
                state.play(move)
    for junk in NON_MOVES:
        if isinstance(junk, str) and junk in legal:
            continue
        assert junk not in legal
        with pytest.raises(OpenhandError):
            state.play(junk)
    assert _snapshot(state, players) == before, "a refused move changed the state"
    return tried


def _check_round_trips(state):
    game = state.get_game()
    text = state.to_text()
    assert text.startswith(f"game={game.id}")
    for again in (game.from_text(text), state_from_text(text), game.from_dict(state.to_dict()),
                  game.from_json(state.to_json()), state.copy()):
        assert again.to_text() == text
        assert again == state and again.to_dict() == state.to_dict()
        assert again.history == state.history and again.to_move == state.to_move
        assert again.is_over() == state.is_over() and again.score() == state.score()
    json.dumps(state.to_dict())
    _assert_plain(state.to_dict(), "to_dict()")
    assert isinstance(str(state), str) and str(state)


def _check_observations(state, players, log):
    for p in players:
        obs = state.observation(p)
        data = obs.to_dict()
        _assert_plain(data)
        _assert_no_reference(obs, state)
        assert data["game"] == state.game and data["player"] == p and data["to_move"] == state.to_move
        for key in ("hand", "hand_sizes", "score", "legal_moves"):
            assert key in data, key
        assert tuple(data["score"]) == tuple(state.score())
        mine = [str(m) for m in state.legal_moves] if state.to_move == p else []
        assert data["legal_moves"] == mine or (state.to_move == p and len(mine) > 200)
        hand = set().union(*(_card_tokens(h) for h in (data["hand"] if isinstance(data["hand"], list)
                                                       else [data["hand"]])))
        assert len(hand) == data["hand_sizes"][p]
        log.append((p, obs.to_json(), hand))
    with pytest.raises(OpenhandError):
        state.observation(len(players))
    with pytest.raises(OpenhandError):
        state.observation(None)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@pytest.mark.parametrize("seed", range(5))
def test_random_playout(game, seed):
    rules = RULES[game.id]
    rng = random.Random(f"play-out {game.id}/{seed}")
    players = range(game.num_players)
    state = game.new_state(seed=seed, dealer=seed % game.num_players)
    assert state.game == game.id and state.history == () and not state.is_over()
    with pytest.raises(PositionError):
        state.returns()
    with pytest.raises(IllegalMoveError):
        state.undo()
    start = state.to_text()
    vocabulary = _vocabulary(game)
    choose = _policy(rng, avoid_end=seed % 2 == 0)
    observed, score, tried = [], state.score(), 0
    while not state.is_over():
        assert state.to_move in players
        _check_legal_moves(state, rng)
        tried += _check_refusals(state, vocabulary, rng, players)
        _check_round_trips(state)
        log = []
        _check_observations(state, players, log)
        observed.append(log)
        state.play(choose(state))
        if rules["monotone"]:
            assert all(b >= a for a, b in zip(score, state.score())), "a side lost points it had"
        score = state.score()
    assert tried > 0
    # the end of the deal
    assert state.to_move is None and list(state.legal_moves) == [] and len(state.legal_moves) == 0
    assert len(state.returns()) == len(game.side_names) == len(state.score())
    rules["totals"](state)
    _check_round_trips(state)
    log = []
    _check_observations(state, players, log)
    observed.append(log)
    for text in vocabulary[:20]:
        with pytest.raises(OpenhandError):
            state.play(text)
    # nothing hidden in any observation, for any player, at any step
    timeline = rules["known"](state)
    assert len(timeline) == len(observed) == len(state.history) + 1
    for step, (known, log) in enumerate(zip(timeline, observed)):
        for p, text, hand in log:
            shown = cards_in(text)
            leaked = shown - known[p]
            assert not leaked, (f"step {step}: the observation of {game.player_name(p)} shows {sorted(leaked)}, "
                                f"which that player cannot know\n{text}")
            assert hand <= shown
    # replay reproduces the deal; undo goes back to its start
    again = game.new_state(seed=seed, dealer=seed % game.num_players)
    again.replay([m for _, m in state.history])
    assert again.to_text() == state.to_text()
    moves = len(state.history)
    for _ in range(moves):
        state.undo()
    assert state.to_text() == start and state.history == ()
    with pytest.raises(IllegalMoveError):
        state.undo()


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_replay_refuses_and_keeps_what_came_before(game):
    done = play_out(game, 7)
    moves = [m for _, m in done.history]
    k = len(moves) // 2
    state = _start_of(done)
    with pytest.raises(IllegalMoveError, match=f"move {k + 1} of the record"):
        state.replay(moves[:k] + ["no such move"] + moves[k:])
    assert [m for _, m in state.history] == moves[:k]
    for not_a_list in ("AS KS", None, 5, moves[0]):
        fresh = _start_of(done)
        with pytest.raises(OpenhandError):
            fresh.replay(not_a_list)
        assert fresh.history == ()


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_copies_are_independent(game):
    state = game.new_state(seed=3)
    twin = state.copy()
    twin.play(twin.legal_moves[0])
    assert state.history == () and twin.history != ()
    assert state.to_text() == game.new_state(seed=3).to_text()


# ================================================================== solvers
@pytest.fixture(scope="module")
def solvers():
    return {g.id: (g.solver(implementation="cpp", table_mb=16), g.solver(implementation="python"))
            for g in GAMES}


def _near_the_end(game, seeds=range(4), back=(8, 10, 12)):
    """Small states: 8..12 moves before the end of seeded whole deals (for
    Eighty-Three these are in the play), and the finished deals."""
    out = []
    for seed in seeds:
        done = play_out(game, seed, avoid_end=True)
        out.append(done.copy())
        for k in back:
            s = done.copy()
            for _ in range(min(k, len(s.history))):
                s.undo()
            out.append(s)
    return out


def _fields(r):
    d = r.to_dict()
    d.pop("nodes")
    return d


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_solvers_agree_on_solve(game, solvers):
    cpp, py = solvers[game.id]
    for state in _near_the_end(game):
        fast, ref = cpp.solve(state), py.solve(state)
        assert _fields(fast) == _fields(ref), state.to_text()
        assert fast.game == game.id and SolveResult.from_json(fast.to_json()) == fast
        assert cpp.solve(state, moves=False).value == py.solve(state, moves=False).value == fast.value
        assert set(fast.moves) == {str(m) for m in state.legal_moves}
        if fast.moves:
            best = max(fast.moves.values()) if fast.maximizing else min(fast.moves.values())
            assert fast.value == best
        else:
            assert state.is_over()
        for move, value in fast.moves.items():      # a move's value is the value after it
            child = state.copy()
            child.play(move)
            after = cpp.solve(child, moves=False)
            if after.side == fast.side:
                assert after.deal_value == fast.deal_moves[move]
            else:                                   # the other side to move: own minus the opponent's
                assert fast.basis == "deal" and after.value == -value


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_solvers_agree_on_at_least(game, solvers):
    cpp, py = solvers[game.id]
    for state in _near_the_end(game, seeds=range(3)):
        value = cpp.solve(state, moves=False).deal_value
        for target in (value - 1, value, value + 1, value + 50, value - 50):
            want = value >= target
            assert cpp.at_least(state, target) is want, (target, state.to_text())
            assert py.at_least(state, target) is want, (target, state.to_text())
    for solver in (cpp, py):
        for bad in (1.5, "10", None, True):
            with pytest.raises(OpenhandError):
                solver.at_least(state, bad)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_solvers_refuse_other_games_states(game, solvers):
    for other in GAMES:
        if other.id != game.id:
            for solver in solvers[game.id]:
                with pytest.raises(OpenhandError):
                    solver.solve(other.new_state(seed=1))


# ================================================================== matches
@pytest.mark.parametrize("game", GAMES, ids=IDS)
@pytest.mark.parametrize("seed", range(2))
def test_match_plays_to_its_target(game, seed):
    match = game.new_match(seed=seed)
    assert match.target == game.options["target"] and match.winner is None and not match.is_over()
    assert match.scores == [0] * len(game.side_names)
    rng = random.Random(seed)
    first = match.dealer
    while not match.is_over():
        assert len(match.deals) < 200, "the match does not end"
        state = match.new_deal()
        assert state.game == game.id
        dealer = game.player_index(state.to_dict()["dealer"])
        assert dealer == (first + len(match.deals) - 1) % game.num_players
        with pytest.raises(IllegalMoveError):
            match.new_deal()                       # finish the current deal first
        with pytest.raises(IllegalMoveError):
            match.finish_deal(state)               # not over yet
        while not state.is_over():        # mostly the first listed move (83: mostly passes,
            legal = state.legal_moves      # so that bids are made and the match ends)
            state.play(legal[0] if rng.random() < 0.7 else legal[rng.randrange(len(legal))])
        points = match.finish_deal(state)
        assert len(points) == len(game.side_names) and points == tuple(game.match_points(state))
        with pytest.raises(IllegalMoveError):
            match.finish_deal(state)               # once
    assert len(match.deals) == len(match.results)
    assert match.scores == [sum(r[i] for r in match.results) for i in range(len(game.side_names))]
    assert match.winner in range(len(game.side_names)) and match.scores[match.winner] >= match.target
    before_last = [s - r for s, r in zip(match.scores, match.results[-1])]
    assert max(before_last) < match.target, "the match went on after it was won"
    with pytest.raises(IllegalMoveError):
        match.new_deal()
    again = game.new_match(seed=seed)
    assert again.dealer == first                   # seeded


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_lone_move_of_several_words_round_trips(game):
    # regression: a state whose only move was '83 doubled' wrote moves=83 doubled,
    # read back (text, dict, copy) as S bidding 83 and W 83 doubled; Sixty-Six's
    # lone 'marriage KD' was read as the moves 'marriage' and 'KD' and refused
    for seed in range(20):
        start = game.new_state(seed=seed)
        for m in start.legal_moves:
            if " " in str(m):
                s = start.copy()
                s.play(m)
                for again in (game.from_text(s.to_text()), game.from_dict(s.to_dict()),
                              game.from_json(s.to_json()), s.copy(), state_from_text(s.to_text())):
                    assert again.history == s.history == ((start.to_move, m),)
                assert s.to_dict()["moves"] == [str(m)]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_fresh_deal_layout_places_the_whole_deck(game):
    # what openhand.constrained and `openhand deal` know of a game: its deal_layout alone
    from openhand.constrained import deal
    layout = game.deal_layout()
    names = [name for name, _ in layout.places]
    assert len(set(names)) == len(names) and set(layout.ordered) <= set(names)
    assert sum(n for _, n in layout.places) == len(layout.deck)
    assert all(isinstance(layout.points(c), int) and layout.points(c) >= 0 for c in layout.deck) \
        if layout.points else True
    dealt = deal(game.id, "; ".join(f"{name}: -{min(layout.deck)}" for name in names[1:]), seed=1)[0]
    assert [(name, len(cards)) for name, cards in dealt.items()] == list(layout.places)
    assert sorted(Card(c) for cards in dealt.values() for c in cards) == sorted(layout.deck)
    assert str(min(layout.deck)) in dealt[names[0]]       # every other place was told it lacks it


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_new_state_and_match_refuse_what_cannot_seed(game):
    # regression: a seed random.Random cannot take (a list, a dict) raised TypeError
    for bad in ([1], {"a": 1}, ("AS",), object()):
        with pytest.raises(OpenhandError):
            game.new_state(seed=bad)
        with pytest.raises(OpenhandError):
            game.new_match(seed=bad)
    for good in (None, 0, 2 ** 80, -3, 1.5, "a seed", b"bytes"):
        assert not game.new_state(seed=good).is_over()
    assert game.new_state(seed="x").to_text() == game.new_state(seed="x").to_text()


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_an_unknown_option_is_refused_by_name(game):
    # regression: game.option('colour') raised KeyError, option(['x']) TypeError
    for name in game.options:
        assert game.option(name) == game.options[name]
    for bad in ("colour", "", None, ["target"], {"a": 1}, 5):
        with pytest.raises(OpenhandError, match="unknown option"):
            game.option(bad)


# ================================================================== the computer players' strategy
def test_the_players_name_no_game():
    """The players, the arena and `openhand play` are written once: no code
    under openhand.bots names a game id (docstrings aside: their examples
    play real games), so a new game is a new package with a strategy.py."""
    import ast
    import pathlib
    import openhand.bots
    found = []
    for path in sorted(pathlib.Path(openhand.bots.__file__).parent.glob("*.py")):
        tree = ast.parse(path.read_text())
        docs = {id(n.body[0].value) for n in ast.walk(tree)
                if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
        found += [f"{path.name}:{n.lineno} {n.value!r}" for n in ast.walk(tree)
                  if isinstance(n, ast.Constant) and id(n) not in docs and n.value in IDS]
    assert not found, f"game ids in openhand.bots (move what is the game's to its strategy.py): {found}"


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_game_has_a_strategy(game):
    from openhand.bots.strategy import Strategy, strategy_of
    s = game.strategy
    package = type(game).__module__.rsplit(".", 1)[0]
    assert isinstance(s, Strategy) and type(s).__module__ == f"{package}.strategy"
    assert type(strategy_of(game.id)) is type(s) is type(strategy_of(game))
    for hook in ("heuristic", "evaluate"):                  # what every game must supply
        assert getattr(type(s), hook) is not getattr(Strategy, hook), f"{game.id} has no {hook}"
    assert s.table_mb > 0 and len(s.forfeit) == 2 and len(s.forfeit_match or s.forfeit) == 2
    assert s.hand_order is None or sorted(s.hand_order) == sorted(set(s.hand_order))


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_strategy_plays_every_decision_and_a_forfeit_is_the_worst(game):
    """At every decision of seeded random deals the heuristic answers a
    legal move and the view has its lines; a forfeit gives the offender no
    more than any deal's result gave a side."""
    from openhand.bots.cli import _view
    s = game.strategy
    worst, worst_match = None, None
    for seed in range(3):
        rng = random.Random(f"strategy {game.id}/{seed}")
        state = game.new_state(seed=seed, dealer=seed % game.num_players)
        while not state.is_over():
            obs = state.observation(state.to_move)
            legal = [str(m) for m in state.legal_moves]
            if len(legal) > 1:
                assert s.heuristic(obs, legal) in legal, state.to_text()
            assert all(isinstance(line, str) and line for line in _view(game, obs))
            state.play(rng.choice(legal))
        low = min(state.returns())
        low_match = min(game.match_points(state))
        worst = low if worst is None else min(worst, low)
        worst_match = low_match if worst_match is None else min(worst_match, low_match)
    assert s.forfeit[0] <= worst and (s.forfeit_match or s.forfeit)[0] <= worst_match


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_objective_values_every_move_and_the_best_are_chosen(game):
    """Near the end of seeded deals: :meth:`evaluate` values every legal
    move of the world solved, and :meth:`optimal_moves` names exactly the
    best of them (a preferred best move alone)."""
    from openhand.bots.strategy import best_moves
    s = game.strategy
    solver = game.solver(table_mb=16)
    checked = 0
    for state in _near_the_end(game, seeds=range(2), back=(5, 9)):
        if state.is_over() or len(state.legal_moves) < 2:
            continue
        obs = state.observation(state.to_move)
        world = s.solved_world(state, obs)
        values = s.evaluate(world, solver, obs)
        assert sorted(values) == sorted(str(m) for m in state.legal_moves)
        assert all(len(v) == 2 for v in values.values())
        best = best_moves(values)
        assert sorted(s.optimal_moves(world, solver, obs)) == sorted(best)
        assert s.optimal_moves(world, solver, obs, prefer=best[-1]) in ([best[-1]], best)
        checked += 1
    assert checked >= 2
