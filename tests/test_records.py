"""Game records (openhand.records): text and JSON round trips for every
game, single deals and matches; malformed and illegal records name the
line; the sample records under examples/ read back."""
import json
from contextlib import nullcontext
import pathlib
import random

import pytest

import openhand
from openhand.errors import RecordError
from openhand.records import Record, load_records, read_record, read_records, save_records, write_record
from openhand.eightythree import random_play_position
from openhand.sixtyfive import random_position as random_65
from openhand.sixtysix import random_position as random_66

EXAMPLES = pathlib.Path(__file__).resolve().parent.parent / "examples"
GAMES = ["65", "66", "83"]


def random_line(state, rng, stop=None):
    """Play random legal moves (at most ``stop``) and return the state."""
    n = 0
    while not state.is_over() and (stop is None or n < stop):
        state.play(rng.choice(list(state.legal_moves)))
        n += 1
    return state


def states_of_every_kind(game_id, seed):
    """Whole deals from the shuffle (finished and stopped midway) and
    positions that start mid-deal, of one game."""
    rng = random.Random(seed)
    game = openhand.load_game(game_id)
    out = [random_line(game.new_state(seed=seed), rng), random_line(game.new_state(seed=seed + 1), rng, stop=7)]
    if game_id == "65":
        out.append(random_line(random_65(seed, tricks_left=4, trick_cards=2).without_history(), rng))
        out.append(random_line(random_65(seed, tricks_left=6), rng, stop=5))   # keeps its history
    elif game_id == "66":
        out.append(random_line(random_66(seed, max_stock=4).without_history(), rng))
        out.append(random_line(openhand.load_game("66", target=3).new_state(seed=seed, dealer=1), rng, stop=3))
    else:
        out.append(random_line(random_play_position(seed, tricks_left=3, trick_cards=1), rng))
        penal = random_line(openhand.load_game("83", penalty="won").new_state(seed=seed), rng)
        assert penal.penalty == "won"
        out.append(penal)
    return out


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_state_saves_and_reads_back_identically(game_id, seed):
    for state in states_of_every_kind(game_id, seed):
        record = Record.from_state(state, Event="round trip", Date="2026.12.01")
        assert record.final() == state
        for fmt in ("text", "json"):
            back = read_record(write_record(record, format=fmt))
            assert back == record
            final = back.final()
            assert final.to_text() == state.to_text() and final.history == state.history
            assert back.game == state.get_game()
            if state.is_over():
                assert back.returns() == tuple(state.returns())
        # the states along the record are the deal's, move by move
        states = list(record.states())
        assert len(states) == len(state.history) + 1
        assert states[-1] == state and states[0].history == ()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_match_file_holds_every_deal_in_order(game_id):
    game = openhand.load_game(game_id)
    match = game.new_match(seed=9, target={"65": 2, "66": 3, "83": 60}[game_id])
    rng = random.Random(9)
    while not match.is_over():
        s = match.new_deal()
        random_line(s, rng)
        match.finish_deal(s)
    records = Record.from_match(match, Event="match")
    assert len(records) == len(match.deals) >= 1
    for fmt in ("text", "json"):
        back = read_records(write_record(records, format=fmt))
        assert [r.final() for r in back] == match.deals
        assert [r.tags["Round"] for r in back] == [str(i) for i in range(1, len(records) + 1)]
        assert [r.returns() for r in back] == [tuple(d.returns()) for d in match.deals]
    with pytest.raises(RecordError, match=f"holds {len(records)} deals") if len(records) > 1 else nullcontext():
        read_record(write_record(records))


def test_comments_and_tags_round_trip():
    state = random_line(openhand.load_game("66").new_state(seed=4, dealer=0), random.Random(4))
    record = Record.from_state(state, comments={0: ["before anything"], 3: ["a {braced} remark"],
                                                len(state.history): ["the end"]},
                               Event='The "quoted" event', Player0="Ann", Site="Club")
    text = write_record(record)
    assert '[Event "The \\"quoted\\" event"]' in text
    back = read_record(text)
    assert back.tags == record.tags
    assert back.comments == {0: ["before anything"], 3: ["a (braced) remark"], len(state.history): ["the end"]}
    assert read_record(write_record(back, format="json")) == back


def test_hand_written_records_read_with_any_spacing_labels_and_comments():
    text = """
    % a file may start with escape lines and comments
    {a hand-written 65 ending}
    [Game "sixty-five"]
    [Deal "N:A.K.. 3.A.. K.3.. Q.Q.."]
    [Leader "N"]   ; the leader

    AS, 3S, KS,
    QS {N should have led KH} N:KH AH 3H QH *
    """
    r = read_record(text)
    assert [str(m) for m in r.moves] == ["AS", "3S", "KS", "QS", "KH", "AH", "3H", "QH"]
    assert r.comments == {0: ["a hand-written 65 ending", "the leader"], 4: ["N should have led KH"]}
    # 66 moves of several words, written with spaces only, and 83's 83 doubled
    s66 = openhand.load_game("66").from_text(
        "game=66; hands=J.KQ.K9.T A9.AJ.T.J; stock=9C AC 9H KS QD JD KC TH; trump=H; leader=0; "
        "points=27 0; tricks=2 0; closed_by=0")
    r = read_record(write_record(Record.from_state(s66)) + "marriage KH AH")
    assert [str(m) for m in r.moves] == ["marriage KH", "AH"]
    deal = openhand.load_game("83").new_state(seed=3, dealer="N")
    r = read_record(write_record(Record.from_state(deal)) + "E: 83 doubled pass pass pass")
    assert [str(m) for m in r.moves] == ["83 doubled", "pass", "pass", "pass"] and r.final().phase == "trumps"


def test_a_seeded_deal_is_the_games_new_state():
    r = read_record('[Game "83"]\n[Seed "11"]\n[Dealer "S"]\n\nW: pass pass')
    assert r.start == openhand.load_game("83").new_state(seed=11, dealer="S") and r.seed == 11
    assert read_record(write_record(r)) == r and "[Seed \"11\"]" in write_record(r)
    with pytest.raises(RecordError, match=r"line 3: the tag Deal .* contradicts the seeded deal"):
        read_record('[Game "65"]\n[Seed "11"]\n[Deal "N:A.K.. 3.A.. K.3.. Q.Q.."]\n')


BASE = '[Game "65"]\n[Deal "N:A.K.. 3.A.. K.3.. Q.Q.."]\n[Leader "N"]\n[Result "N-S 12, E-W 11"]\n\n'


@pytest.mark.parametrize("text, message", [
    ('[Game "bridge"]\n', r"line 1: unknown game 'bridge'"),
    ('[Game "65"]\n[Event "x"]\n[Deal "N:A.K.. 3.A.."]\n', r"line 3: .*"),
    ('[Game "65"]\n[Event "x"]\n', r"line 1: the deal has no start"),
    ('[Event "x"]\n1. N: AS', r"line 1: the deal has no Game tag"),
    ('[Game "65"]\n[Target "zero"]\n', r"line 2: option target must be an integer, got 'zero'"),
    ('[Game "65"]\n[Event x]\n', r"line 2: a tag is written \[Name \"value\"\]"),
    ('[Game "65"]\n[Game "66"]\n', r"line 2: the tag 'Game' is given twice"),
    (BASE + "1. N: AS 3S\nKS KH", r"line 7: move 4, 'KH': W may not play KH: W does not hold KH"),
    (BASE + "N: AS 3S KS QS\nE: KH", r"line 7: the record names E to move, but it is N's turn after move 4"),
    (BASE + "AS 3S KS QS KH AH 3H QH\n\nQS", r"line 8: 'QS' comes after the end of the deal"),
    (BASE + "AS 3S KS QS KH AH 3H QH {unclosed\n", r"line 6: a comment opened with '\{' is never closed"),
    (BASE + "AS 3S KS QS KH AH 3H ZZ", r"line 6: move 8, 'ZZ': "),
    (BASE + "AS 3S KS QS", r"line 4: the Result tag says N-S 12, E-W 11, but the deal is not over"),
    (BASE.replace("12, E-W 11", "11, E-W 12") + "AS 3S KS QS KH AH 3H QH", r"line 4: the Result tag says N-S 11"),
    (BASE.replace("N-S 12, E-W 11", "12-11"), r"line 4: the result '12-11' is not like"),
    (BASE + "AS 3S KS QS KH AH 3H QH\n[Game \"66\"]\n[Hands \"A.A.. T.T..\"]\n",
     r"line 8: the state text needs the field 'leader'"),
    (BASE + "X: AS", r"line 6: 'X:' is no player of 65"),
    ("", r"the record holds no deal"),
])
def test_malformed_or_illegal_records_name_the_line(text, message):
    with pytest.raises(RecordError, match=message) as info:
        read_records(text)
    assert info.value.line is None or f"line {info.value.line}:" in str(info.value)


def test_the_json_form_names_the_deal_and_the_move():
    good = json.loads(write_record(read_record(BASE + "AS 3S KS QS KH AH 3H QH"), format="json"))
    assert good["format"] == "openhand-record" and good["version"] == 1
    bad = json.loads(json.dumps(good))
    bad["deals"].append(json.loads(json.dumps(good["deals"][0])))
    bad["deals"][1]["moves"][5] = "AD"
    with pytest.raises(RecordError, match=r"deal 2, move 6 \('AD'\): E may not play AD"):
        read_records(json.dumps(bad))
    with pytest.raises(RecordError, match=r"line 2: not a JSON record"):
        read_records('{"deals":\n [}')
    bad = json.loads(json.dumps(good))
    bad["deals"][0]["tags"]["Result"] = "N-S 1, E-W 22"
    with pytest.raises(RecordError, match=r"deal 1: the Result tag says N-S 1, E-W 22"):
        read_records(json.dumps(bad))
    with pytest.raises(RecordError, match=r"deal 1: unknown key 'players'"):
        read_records(json.dumps({"deals": [{"tags": {"Game": "65"}, "players": []}]}))


def test_a_text_record_may_open_with_a_quoted_comment():
    r = read_record('{"a great deal"}\n' + BASE + "AS 3S KS QS KH AH 3H QH")
    assert r.comments[0] == ['"a great deal"']


def test_files_paths_and_formats(tmp_path):
    record = read_record(BASE + "AS 3S KS QS KH AH 3H QH")
    for name in ("deal.txt", "deal.json"):
        save_records([record], tmp_path / name)
        assert load_records(tmp_path / name) == [record] == read_records(tmp_path / name)
    assert (tmp_path / "deal.json").read_text().lstrip().startswith("{")
    with pytest.raises(RecordError, match="record file not found"):
        load_records(tmp_path / "none.txt")
    with pytest.raises(RecordError, match="unknown record format 'xml'"):
        write_record(record, format="xml")


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.txt")) + sorted(EXAMPLES.glob("*.json")),
                         ids=lambda p: p.name)
def test_the_sample_records_read_and_write_back(path):
    records = load_records(path)
    assert records and all(r.moves for r in records)
    fmt = "json" if path.suffix == ".json" else "text"
    assert read_records(write_record(records, format=fmt)) == records


def test_there_is_a_sample_record_of_every_game():
    games = {r.game.id for p in EXAMPLES.glob("*.txt") for r in load_records(p)}
    assert games == set(GAMES)
