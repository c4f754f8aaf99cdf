"""The text form of game records, in the manner of PGN (chess) and PBN
(bridge): tag pairs, then the moves, with comments; one file may hold many
deals (a match), each opening with its tags.

::

    [Game "65"]
    [Event "Wednesday club"]
    [North "Ann"]
    [Dealer "W"]
    [Deal "N:AKQ.JT9.876.543 ..."]
    [Result "N-S 41, E-W 24"]

    {N-S hold the spade honours}
    1. N: 7H AH KH 5S {W trumps the heart}
    2. W: ...

A tag is ``[Name "value"]`` on a line of its own (``\\"`` and ``\\\\``
inside a value); which tags there are is told in :mod:`.record`.  The moves
follow in order, as the game writes them (``AS``, ``marriage KH``,
``83 doubled``, ``pass 5H 6H``...).  What the writer adds for the reader's
eye is optional and checked when present: a number ending in ``.`` (the
trick, ``3.``) is skipped, and a player's name with a colon (``N:``,
``0:`` in Sixty-Six) says who is to move there.  Moves are separated by
spaces, commas or new lines; a move of several words is read as one (the
longest run of words that is a legal move there).  ``{...}`` is a comment
(it may span lines) and ``;`` starts one that runs to the end of the line;
a comment belongs to the point of the deal it is written at.  (Trick
numbers count as the game does: a position of k tricks left plays the
last k of the deal's tricks, so its first trick may be number 11.)  A line
starting with ``%`` is ignored.  A tag after moves starts the next deal; a
deal without a ``Game`` tag is of the previous deal's game.

Reading checks every deal against the rules: the first malformed tag or
illegal move raises :class:`~openhand.errors.RecordError` naming its line.

>>> text = '''[Game "65"]
... [Deal "N:A.K.. 3.A.. K.3.. Q.Q.."]
... [Leader "N"]
... 1. N: AS 3S KS QS {N should lead KH}
... 2. N: KH AH 3H QH'''
>>> r, = read_text(text)
>>> r.moves, r.comments, r.result_text()  # doctest: +NORMALIZE_WHITESPACE
([Move('AS'), Move('3S'), Move('KS'), Move('QS'), Move('KH'), Move('AH'), Move('3H'), Move('QH')],
 {4: ['N should lead KH']}, 'N-S 12, E-W 11')
>>> print(write_text([r]))
[Game "65"]
[Deal "N:A.K.. 3.A.. K.3.. Q.Q.."]
[Leader "N"]
[Result "N-S 12, E-W 11"]
<BLANKLINE>
11. N: AS 3S KS QS {N should lead KH}
12. N: KH AH 3H QH
<BLANKLINE>
>>> read_text(text.replace("KH AH", "KH AD"))
Traceback (most recent call last):
...
openhand.errors.RecordError: line 5: move 6, 'AD': E may not play AD: E does not hold AD
"""
from __future__ import annotations

import re
from typing import List, Optional, Tuple

from ..errors import OpenhandError, RecordError
from .moves import longest_move_text, next_move
from .record import Record, TagProblem, build, format_result

__all__ = ["read_text", "write_text"]

_TAG = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\\n]|\\.)*)"\s*\]')
_NUMBER = re.compile(r"^\d+\.+$")
_WRAP = 78


# ------------------------------------------------------------------ tokens
def _tokens(text: str):
    """(kind, value, line) of a record text: 'tag' (name, value),
    'comment', 'sep' (a comma or a line end) and 'word'."""
    i, line, n = 0, 1, len(text)
    at_line_start = True
    while i < n:
        ch = text[i]
        if ch == "\n":
            yield "sep", "\n", line
            line += 1
            i += 1
            at_line_start = True
            continue
        if at_line_start and ch == "%":
            while i < n and text[i] != "\n":
                i += 1
            continue
        if ch.isspace():
            i += 1
            continue
        at_line_start = False
        if ch == "[":
            m = _TAG.match(text, i)
            if not m:
                end = text.find("\n", i)
                shown = text[i:end if end >= 0 else n].strip()
                raise RecordError(f"a tag is written [Name \"value\"] on one line, not {shown!r}", line)
            yield "tag", (m.group(1), re.sub(r"\\(.)", r"\1", m.group(2))), line
            i = m.end()
        elif ch == "{":
            end = text.find("}", i + 1)
            if end < 0:
                raise RecordError("a comment opened with '{' is never closed with '}'", line)
            body = text[i + 1:end]
            yield "comment", " ".join(body.split()), line
            line += body.count("\n")
            i = end + 1
        elif ch == ";":
            end = text.find("\n", i)
            end = n if end < 0 else end
            yield "comment", text[i + 1:end].strip(), line
            i = end
        elif ch == ",":
            yield "sep", ",", line
            i += 1
        elif ch in "]}":
            raise RecordError(f"a stray {ch!r}: tags are [Name \"value\"], comments {{...}}", line)
        else:
            j = i
            while j < n and not text[j].isspace() and text[j] not in ",{[;]}":
                j += 1
            yield "word", text[i:j], line
            i = j


def _deals(text: str):
    """The deals of a text: lists of (tags with lines, movetext tokens)."""
    deals = []
    tags: list = []
    body: list = []
    for kind, value, line in _tokens(text):
        if kind == "tag":
            if any(k == "word" for k, _, _ in body):
                deals.append((tags, body))
                tags, body = [], []
            tags.append((value[0], value[1], line))
        else:
            body.append((kind, value, line))
    if tags or any(k == "word" for k, _, _ in body):
        deals.append((tags, body))
    return deals


# ------------------------------------------------------------------ reading
def read_text(text: str) -> List[Record]:
    """Every deal of a record text, checked against the rules."""
    if not isinstance(text, str):
        raise RecordError(f"a record is text, not {type(text).__name__}")
    records: List[Record] = []
    for number, (tags, body) in enumerate(_deals(text), 1):
        records.append(_read_deal(tags, body, records[-1].game if records else None, number))
    if not records:
        raise RecordError("the record holds no deal: it starts with tags like [Game \"65\"]")
    return records


def _read_deal(tags, body, previous_game, number: int) -> Record:
    pairs = [(name, value) for name, value, _ in tags]
    first_line = tags[0][2] if tags else (body[0][2] if body else None)
    try:
        game, start, descriptive, seed, (ri, result) = build(pairs, previous_game)
    except TagProblem as p:
        line = tags[p.index][2] if p.index is not None else first_line
        raise RecordError(str(p.error), line, number) from None
    state = start.copy()
    comments: dict = {}
    for words in _pieces(body):
        _play_piece(words, state, game, number, comments)
    record = Record(game, start, [m for _, m in state.history], descriptive, comments, seed)
    if ri is not None and result is not None:
        line = tags[ri][2]
        if not state.is_over():
            raise RecordError(f"the Result tag says {format_result(game, result)}, but the deal is not over "
                              f"after its {len(state.history)} moves", line, number)
        if tuple(state.returns()) != result:
            raise RecordError(f"the Result tag says {format_result(game, result)}, but the moves give "
                              f"{format_result(game, state.returns())}", line, number)
    return record


def _pieces(body) -> List[List[Tuple[str, int, list]]]:
    """The movetext as pieces of words (split at commas, line ends and
    comments), each word with its line; a comment is a piece of its own,
    one item ``('', line, [text])`` marking its place."""
    pieces: List[list] = [[]]
    for kind, value, line in body:
        if kind == "word":
            pieces[-1].append((value, line, []))
        elif kind == "comment":
            pieces += [[("", line, [value])], []] if value else [[]]
        elif pieces[-1]:
            pieces.append([])
    return [p for p in pieces if p]


def _play_piece(words, state, game, number: int, comments: dict) -> None:
    i = 0
    while i < len(words):
        word, line, notes = words[i]
        if word == "":                 # a comment, filed by the moves before it
            comments.setdefault(len(state.history), []).extend(notes)
            i += 1
            continue
        label, rest = _split_label(word)
        if label is not None:
            _check_label(label, state, game, line, number)
            if not rest:
                i += 1
                continue
            words = list(words[:i]) + [(rest, line, [])] + list(words[i + 1:])
            continue
        if _NUMBER.match(word) or word == "*":
            i += 1
            continue
        j = i
        while j < len(words) and words[j][0] and _split_label(words[j][0])[0] is None \
                and not _NUMBER.match(words[j][0]):
            j += 1
        run = [w for w, _, _ in words[i:j]]
        move, taken = next_move(run, state)
        if move is None:
            _illegal(run, state, game, line, number)
        state.play(move)
        i += taken


def _split_label(word: str) -> Tuple[Optional[str], str]:
    """``'N:'`` -> ``('N', '')``, ``'N:7H'`` -> ``('N', '7H')``; else (None, word)."""
    if ":" in word:
        head, rest = word.split(":", 1)
        if head and ":" not in rest:
            return head, rest
    return None, word


def _check_label(label: str, state, game, line: int, number: int) -> None:
    try:
        player = game.player_index(label)
    except OpenhandError as e:
        raise RecordError(f"{label + ':'!r} is no player of {game.title}: {e}", line, number) from None
    if state.is_over():
        raise RecordError(f"the record names {game.player_name(player)} to move, but the deal is over", line,
                          number)
    if player != state.to_move:
        after = f" after move {len(state.history)} ({state.history[-1][1]})" if state.history else ""
        raise RecordError(f"the record names {game.player_name(player)} to move, but it is "
                          f"{game.player_name(state.to_move)}'s turn{after}", line, number)


def _illegal(run, state, game, line: int, number: int) -> None:
    n = len(state.history) + 1
    if state.is_over():
        raise RecordError(f"{run[0]!r} comes after the end of the deal ({n - 1} moves)", line, number)
    text, _ = longest_move_text(game, run)
    try:
        state.play(text)
    except OpenhandError as e:
        raise RecordError(f"move {n}, {text!r}: {e}", line, number) from None
    raise RecordError(f"move {n}, {text!r} is not legal here", line, number)  # pragma: no cover


# ------------------------------------------------------------------ writing
def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def _comment(text: str) -> str:
    return "{" + text.replace("}", ")").replace("{", "(") + "}"


def _label(game, player: int) -> str:
    name = game.player_name(player)
    return (name if " " not in name else str(player)) + ":"


def write_text(records) -> str:
    """The text of records (one or more deals), read back by :func:`read_text`."""
    out: List[str] = []
    for record in records:
        out += [f'[{name} "{_escape(str(value))}"]' for name, value in record.all_tags()]
        out.append("")
        out += [_comment(c) for c in record.comments.get(0, [])]
        out += _move_lines(record)
        out.append("")
    return "\n".join(out)


def _move_lines(record) -> List[str]:
    game = record.game
    lines: List[str] = []
    head: Optional[str] = None
    items: List[str] = []

    def flush():
        if head is not None and items:
            sep = ", " if any(" " in i for i in items if not i.startswith("{")) else " "
            text = ""
            for k, item in enumerate(items):
                text += ("" if k == 0 else " " if item.startswith("{") else sep) + item
            lines.append(f"{head} {text}".strip())

    state = record.start.copy()
    for i, move in enumerate(record.moves):
        number = game.record_line(state)
        width = len(head or "") + sum(len(x) + 2 for x in items)
        if head is None or number is not None or width > _WRAP:
            flush()
            prefix = f"{number} " if number else ""
            head, items = prefix + _label(game, state.to_move), []
        items.append(str(move))
        items += [_comment(c) for c in record.comments.get(i + 1, [])]
        state.play(move)
    flush()
    return lines
