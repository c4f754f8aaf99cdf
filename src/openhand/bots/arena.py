"""Duplicate matches between two players: the arena.

A *board* is one seeded deal played at two tables with the seats
swapped: in Sixty-Six player A holds seat 0 at the first table and seat 1
at the second; in 65 and Eighty-Three A's pair sits N-S at the first and
E-W at the second.  The luck of the cards cancels, and the board's
*margin* is A's result minus B's, in the game's units (:attr:`Game.units`),
averaged over its two tables.  Board ``i``'s deal is dealt by seat ``i
mod players`` from the ``i``-th seed of ``random.Random(seed)``, and each
seat's player is seeded from the board, the table and the seat: with
fixed work budgets (worlds, node caps, no time limit) a run is
reproducible from its seed, whatever the number of workers.

The report (:class:`ArenaReport`): the mean margin with a 95% confidence
interval (mean +- 1.96 standard errors over the boards, the normal
approximation), the same in match units (65's victory points), the
matches won when each table's consecutive boards are played as matches
to the game's target, and each player's time per decision (median, 95th
percentile, max: the CPU time of the deciding thread, so that other work
on the machine does not count; wall time for an outside program).  A
player whose move is not legal (or who fails) forfeits the table: its
side takes the game's worst result (:attr:`.strategy.Strategy.forfeit`:
65: 0 points to 65; Sixty-Six: 3 game points to the opponent;
Eighty-Three: -166), logged in the board's record.

>>> r = run_arena("66", ["heuristic", "random"], boards=4, seed=1, workers=1)
>>> r.boards, len(r.records), r.records[0]["tables"][0]["seats"]
(4, 4, ['A', 'B'])
>>> r.to_dict()["margin"].keys() == {"mean", "ci_low", "ci_high"}
True
"""
from __future__ import annotations

import json
import math
import os
import random
import statistics
import time
import traceback
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Sequence

from ..errors import OpenhandError, PositionError
from ..game import load_game
from .strategy import strategy_of

__all__ = ["run_arena", "play_board", "ArenaReport"]


def _seats(game, table: int) -> List[str]:
    """Which player (A or B) holds each seat at table 0 or 1."""
    if game.num_players == 2:
        return ["A", "B"] if table == 0 else ["B", "A"]
    return ["A", "B", "A", "B"] if table == 0 else ["B", "A", "B", "A"]


def _sides(game, seats: List[str]) -> Dict[str, int]:
    return {label: game.side_of(seats.index(label)) for label in ("A", "B")}


def play_table(game, deal_seed: int, dealer: int, specs: Dict[str, str], seats: List[str],
               player_seed: int, record_tags: Optional[Dict[str, str]] = None) -> dict:
    """One table of a board: the players of ``specs`` in ``seats``; with
    ``record_tags``, its game record too (``"record"``: the record text of
    :mod:`openhand.records`, tagged with them and each seat's player)."""
    from . import make_player
    state = game.new_state(seed=deal_seed, dealer=dealer)
    players = [make_player(specs[label], game, seed=player_seed * 8 + i) for i, label in enumerate(seats)]
    times: Dict[str, List[float]] = {"A": [], "B": []}
    forfeit = None
    try:
        for i, p in enumerate(players):
            p.start(game, i)
        while not state.is_over():
            seat = state.to_move
            p = players[seat]
            obs = state.observation(seat)
            clock = time.perf_counter if getattr(p, "external", False) else time.thread_time
            start = clock()
            move = None
            try:
                move = p.choose(obs, state.copy() if p.sees_state else None)
                elapsed = clock() - start
                state.play(move)
            except (OpenhandError, Exception) as e:     # an illegal move or a failing player
                forfeit = {"seat": seat, "player": seats[seat], "move": repr(move),
                           "reason": f"{type(e).__name__}: {e}"}
                if not isinstance(e, OpenhandError):
                    forfeit["traceback"] = traceback.format_exc(limit=3)
                break
            times[seats[seat]].append(elapsed)
    finally:
        for p in players:
            p.close()
    sides = _sides(game, seats)
    strategy = strategy_of(game)
    if forfeit is not None:
        loser = game.side_of(forfeit["seat"])
        returns, match = [0, 0], [0, 0]
        returns[loser], returns[1 - loser] = strategy.forfeit
        match[loser], match[1 - loser] = strategy.forfeit_match or strategy.forfeit
        tie_side = None
    else:
        returns, match = list(state.returns()), list(game.match_points(state))
        tie_side = strategy.tie_side(game, state)
    out = {"seats": seats, "returns": returns, "match_points": match, "sides": sides,
           "tie_side": tie_side, "forfeit": forfeit, "moves": len(state.history),
           "margin": returns[sides["A"]] - returns[sides["B"]],
           "match_margin": match[sides["A"]] - match[sides["B"]], "times": times}
    if record_tags is not None:
        from ..records import Record, write_record
        from ..records.record import player_tag
        tags = dict(record_tags, **{player_tag(game, i): specs[label] for i, label in enumerate(seats)})
        if forfeit is not None:
            tags["Forfeit"] = f"{game.player_name(forfeit['seat'])}: {forfeit['reason']}"
        out["record"] = write_record(Record.from_state(state, seed=deal_seed, **tags))
    return out


def play_board(job) -> dict:
    """Play board ``index`` at both tables (the unit of work of a worker)."""
    game_id, options, specs, index, deal_seed, *recording = job
    game = load_game(game_id, **options)
    dealer = index % game.num_players

    def tags(t):
        return {"Event": "openhand arena", "Board": str(index + 1), "Table": str(t + 1)} if any(recording) else None
    tables = [play_table(game, deal_seed, dealer, specs, _seats(game, t), deal_seed * 2 + t, tags(t))
              for t in (0, 1)]
    return {"board": index, "seed": deal_seed, "dealer": dealer, "tables": tables,
            "margin": sum(t["margin"] for t in tables) / 2,
            "match_margin": sum(t["match_margin"] for t in tables) / 2}


def _interval(values: Sequence[float]) -> Dict[str, float]:
    n = len(values)
    mean = statistics.fmean(values) if n else 0.0
    half = 1.96 * statistics.stdev(values) / math.sqrt(n) if n > 1 else float("inf")
    return {"mean": mean, "ci_low": mean - half, "ci_high": mean + half}


def _times(values: List[float]) -> Dict[str, float]:
    if not values:
        return {"decisions": 0, "median": 0.0, "p95": 0.0, "max": 0.0}
    s = sorted(values)
    return {"decisions": len(s), "median": statistics.median(s), "p95": s[min(len(s) - 1, int(0.95 * len(s)))],
            "max": s[-1]}


@dataclass
class ArenaReport:
    """The result of a duplicate run (see the module notes)."""

    game: str
    players: Dict[str, str]
    seed: int
    records: List[dict] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def boards(self) -> int:
        return len(self.records)

    def matches(self) -> Dict[str, int]:
        """Matches won by A and by B, each table's boards in order played
        as matches to the game's target (an unfinished last match is not
        counted)."""
        game = load_game(self.game)
        target = game.option("target")
        won = {"A": 0, "B": 0}
        for t in (0, 1):
            scores = {"A": 0, "B": 0}
            for rec in sorted(self.records, key=lambda r: r["board"]):
                table = rec["tables"][t]
                sides = table["sides"]
                for label in ("A", "B"):
                    scores[label] += table["match_points"][sides[label]]
                reached = [label for label in ("A", "B") if scores[label] >= target]
                if reached:
                    if len(reached) == 2:     # both: the tie side wins (Eighty-Three's bidders)
                        reached = [label for label in ("A", "B") if sides[label] == table["tie_side"]] or reached
                    won[reached[0]] += 1
                    scores = {"A": 0, "B": 0}
        return won

    def to_dict(self) -> dict:
        game = load_game(self.game)
        margins = [r["margin"] for r in self.records]
        times = {label: _times([x for r in self.records for t in r["tables"] for x in t["times"][label]])
                 for label in ("A", "B")}
        forfeits = [dict(board=r["board"], table=i, **t["forfeit"]) for r in self.records
                    for i, t in enumerate(r["tables"]) if t["forfeit"]]
        return {"game": self.game, "boards": self.boards, "seed": self.seed, "players": dict(self.players),
                "units": game.units, "margin": _interval(margins),
                "match_units": game.match_units, "match_margin": _interval([r["match_margin"] for r in self.records]),
                "matches": self.matches(), "target": game.option("target"),
                "time_per_decision": times, "forfeits": forfeits, "seconds": round(self.seconds, 2)}

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    def table(self) -> str:
        d = self.to_dict()
        m, mm = d["margin"], d["match_margin"]
        a, b = self.players["A"], self.players["B"]
        lines = [f"{load_game(self.game).title}: A = {a} against B = {b}, {d['boards']} duplicate boards, "
                 f"seed {self.seed}",
                 f"margin of A per board: {m['mean']:+.3f} {d['units']} "
                 f"(95% CI {m['ci_low']:+.3f} .. {m['ci_high']:+.3f})"]
        if d["match_units"] != d["units"]:
            lines.append(f"in {d['match_units']}: {mm['mean']:+.3f} "
                         f"(95% CI {mm['ci_low']:+.3f} .. {mm['ci_high']:+.3f})")
        won = d["matches"]
        done = won["A"] + won["B"]
        share = f" ({100 * won['A'] / done:.0f}% to A)" if done else ""
        lines.append(f"matches to {d['target']} {d['match_units']}: A {won['A']}, B {won['B']}{share}")
        for label, name in (("A", a), ("B", b)):
            t = d["time_per_decision"][label]
            lines.append(f"time per decision, {label} ({name}): median {t['median'] * 1000:.1f} ms, "
                         f"p95 {t['p95'] * 1000:.1f} ms, max {t['max'] * 1000:.1f} ms over {t['decisions']}")
        for f in d["forfeits"]:
            lines.append(f"forfeit: board {f['board']} table {f['table']}, {f['player']} at seat {f['seat']}: "
                         f"{f['reason']}")
        lines.append(f"time: {d['seconds']:.1f} s")
        return "\n".join(lines)


def run_arena(game, players: Sequence[str], boards: int, seed: int = 0, workers: Optional[int] = None,
              progress: Optional[Callable[[ArenaReport], None]] = None, save=None,
              done: Sequence[dict] = (), records=None) -> ArenaReport:
    """Play ``boards`` duplicate boards of ``players`` (two specs, A and
    B: see :func:`openhand.bots.make_player`) on ``workers`` processes
    (default: every local core).  ``progress(report)`` is called after
    each board; ``save`` (a writable text file) gets each board's record
    as a JSON line when it is finished, so an interrupted run keeps them.
    Ctrl-C stops the run and returns the boards finished so far.  ``done``:
    the records of boards played before by the same run (its ``save``
    file), kept and not played again: board i's deal depends only on the
    seed and i, so a run goes on where it stopped.  ``records`` (a writable
    text file) gets each table's game record as its board ends (the
    record text of :mod:`openhand.records`: ``openhand analyse`` reads
    it), tagged with the board, the table and each seat's player."""
    from . import make_player
    game = load_game(game)
    if len(players) != 2:
        raise PositionError(f"the arena plays two players, A and B, got {len(players)}")
    for spec in players:
        make_player(spec, game).close()        # a bad name is refused before any work
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise PositionError(f"boards must be a positive whole number, got {boards!r}")
    specs = {"A": players[0], "B": players[1]}
    rng = random.Random(seed)
    jobs = [(game.id, game.options, specs, i, rng.randrange(2 ** 62), records is not None) for i in range(boards)]
    report = ArenaReport(game.id, specs, seed)
    seeds = {job[3]: job[4] for job in jobs}
    for rec in done:
        if seeds.get(rec.get("board")) != rec.get("seed"):
            raise PositionError(f"board {rec.get('board')!r} of the saved records is not a board of this "
                                f"run (another seed, or fewer boards)")
    report.records.extend(done)
    played = {rec["board"] for rec in done}
    jobs = [job for job in jobs if job[3] not in played]
    start = time.perf_counter()
    workers = workers or os.cpu_count() or 1

    def take(rec):
        if records is not None:
            for table in rec["tables"]:
                records.write(table.pop("record") + "\n")
            records.flush()
        report.records.append(rec)
        report.seconds = time.perf_counter() - start
        if save is not None:
            save.write(json.dumps(rec) + "\n")
            save.flush()
        if progress is not None:
            progress(report)

    if workers == 1:
        try:
            for job in jobs:
                take(play_board(job))
        except KeyboardInterrupt:
            pass
    else:
        import multiprocessing
        pool = multiprocessing.get_context("spawn" if os.name == "nt" else "fork").Pool(workers)
        try:
            for rec in pool.imap_unordered(play_board, jobs):
                take(rec)
            pool.close()
        except KeyboardInterrupt:
            pool.terminate()
        finally:
            pool.join()
    report.records.sort(key=lambda r: r["board"])
    report.seconds = time.perf_counter() - start
    return report
