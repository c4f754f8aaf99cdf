"""The analysis of a whole deal against one solve of its first position.

For seeded deals of each game, a seeded random line of play is recorded
(every legal move equally likely; Sixty-Six never claims, so its deals are
played out), then, each with a fresh solver, single-threaded:

- ``first``: one solve of the record's first position, every legal move's
  value (``Solver.solve(start)``); for Eighty-Three, whose first position is
  the auction, the deal's exact bid table (what the auction is judged on),
  and also the solve of the trumps phase, the first position the play
  solver values (``first_trumps``);
- ``analysis``: ``openhand.analysis.analyse(record)``, every decision
  (Sixty-Six: in game points and in card points, two solves a move;
  Eighty-Three: the exact bid table, the auction, trumps, passes, discards
  and play).

The ratio analysis / first is the measure (goal: median at most 3x).
65 uses positions of 9 tricks (seeded deals played at random to 9 tricks
left); ``--tricks 12`` runs full deals (about a minute each).  Times are
the CPU time of the solving thread; figures go to
benchmarks/results/analysis.json as they are measured.

    PYTHONPATH=src python benchmarks/bench_analysis.py [--deals 20] [--games 65,66,83] [--tricks 9]
                                                       [--no-card-points]
"""
from __future__ import annotations

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(__file__))
from common import ResultFile, progress, summary, timed  # noqa: E402

import openhand  # noqa: E402
from openhand.analysis import analyse  # noqa: E402
from openhand.records import Record  # noqa: E402


def line_of(state, rng):
    """A seeded random line to the end of the deal (no claims in Sixty-Six)."""
    s = state.copy()
    while not s.is_over():
        moves = list(s.legal_moves)
        if s.game == "66":
            moves = [m for m in moves if m.kind not in ("out", "marriage out")] or moves
        s.play(rng.choice(moves))
    return Record.from_state(s)


def start_of(game_id, seed, tricks):
    game = openhand.load_game(game_id)
    if game_id == "65" and tricks < 12:
        from openhand.sixtyfive import random_position
        return random_position(seed, tricks_left=tricks).without_history()
    return game.new_state(seed=seed, dealer=seed % game.num_players)


def first_solve(record):
    game = record.game
    if game.id == "83":
        from openhand.eightythree.feasibility import bid_table
        solver = game.solver()
        table, t = timed(bid_table, record.start, solver=solver)
        trumps = record.start.copy()
        for m in record.moves:
            if trumps.phase != "bidding":
                break
            trumps.play(m)
        _, t_trumps = timed(game.solver().solve, trumps)
        return t, t_trumps
    return timed(game.solver().solve, record.start)[1], None


def run(game_id, n, tricks, results, key=None, **options):
    rows = []
    for seed in range(n):
        rng = random.Random(seed)
        record = line_of(start_of(game_id, seed, tricks), rng)
        t_first, t_trumps = first_solve(record)
        a, t_all = timed(analyse, record, **options)
        row = {"seed": seed, "moves": len(record.moves), "first_s": t_first, "analysis_s": t_all,
               "ratio": t_all / t_first if t_first else None}
        if t_trumps is not None:
            row.update(first_trumps_s=t_trumps, ratio_trumps=t_all / t_trumps if t_trumps else None)
        rows.append(row)
        progress(f"  {game_id} deal {seed}: {len(record.moves)} moves, first {t_first * 1e3:.1f} ms, "
                 f"analysis {t_all * 1e3:.1f} ms, ratio {row['ratio']:.2f}")
        out = {"deals": len(rows), "tricks": tricks if game_id == "65" else None,
               "first_s": summary([r["first_s"] for r in rows]),
               "analysis_s": summary([r["analysis_s"] for r in rows]),
               "ratio": summary([r["ratio"] for r in rows if r["ratio"] is not None]), "rows": rows}
        if t_trumps is not None:
            out["first_trumps_s"] = summary([r["first_trumps_s"] for r in rows])
            out["ratio_trumps"] = summary([r["ratio_trumps"] for r in rows if r["ratio_trumps"] is not None])
        results.update(**{key or game_id: out})
    return results.data[key or game_id]


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--deals", type=int, default=20)
    p.add_argument("--games", default="65,66,83")
    p.add_argument("--tricks", type=int, default=9, help="65: tricks left in the positions (12: full deals)")
    p.add_argument("--no-card-points", action="store_true",
                   help="Sixty-Six: game points only (no card-point solve per move)")
    p.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "results", "analysis.json"))
    args = p.parse_args()
    results = ResultFile(args.out, keep=True)
    print(f"{'game':<5} {'deals':>5} {'first (median)':>15} {'analysis (median)':>18} {'ratio median':>13} "
          f"{'p90':>6} {'max':>6}")
    for game_id in args.games.split(","):
        if game_id == "66" and args.no_card_points:
            r = run(game_id, args.deals, args.tricks, results, key="66_game_points_only", points=False)
        else:
            r = run(game_id, args.deals, args.tricks, results)
        print(f"{game_id:<5} {r['deals']:>5} {r['first_s']['median'] * 1e3:>12.1f} ms "
              f"{r['analysis_s']['median'] * 1e3:>15.1f} ms {r['ratio']['median']:>12.2f}x "
              f"{r['ratio']['p90']:>5.2f}x {r['ratio']['max']:>5.2f}x", flush=True)
        if "ratio_trumps" in r:
            print(f"{'':<5} {'':>5} against the trumps-phase solve: median "
                  f"{r['first_trumps_s']['median'] * 1e3:.1f} ms, ratio median {r['ratio_trumps']['median']:.2f}x, "
                  f"p90 {r['ratio_trumps']['p90']:.2f}x", flush=True)


if __name__ == "__main__":
    main()
