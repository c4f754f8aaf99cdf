"""A PIMC player's decision, by default the default player's (32 worlds
at most, a 1 s CPU budget): CPU seconds per decision and worlds solved,
from seeded moments of seeded deals reached by heuristic play (a moment
is the number of moves played, the auction's included).  Results:
results/decision.json (one line per row, appended, naming the player).

    python benchmarks/bench_decision.py [--positions 10] [--player SPEC] [--games 66,65,83] [--out FILE]

``--player`` takes a player spec as ``openhand arena`` does (e.g.
``pimc:worlds=16:nodes=200000:seconds=none``, a fixed work budget).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, os.pardir, "src"))

from openhand import load_game  # noqa: E402
from openhand.bots import HeuristicPlayer, make_player  # noqa: E402
from common import summary  # noqa: E402

# (game, moves of heuristic play before the decision, what that moment is)
MOMENTS = [("66", 0, "Sixty-Six, the first lead"), ("66", 6, "Sixty-Six, after 3 tricks"),
           ("66", 14, "Sixty-Six, after 7 tricks (strict play)"),
           ("65", 8, "65, trick 3 (10 tricks left)"), ("65", 16, "65, trick 5"),
           ("83", 0, "Eighty-Three, the first bid")]


def moment(game, seed, moves):
    s = game.new_state(seed=seed)
    bots = [HeuristicPlayer() for _ in range(game.num_players)]
    for i, b in enumerate(bots):
        b.start(game, i)
    while not s.is_over() and len(s.history) < moves:
        s.play(bots[s.to_move].choose(s.observation(s.to_move)))
    return None if s.is_over() else s


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--positions", type=int, default=10)
    p.add_argument("--player", default="pimc", help="the player spec (default: pimc, its defaults)")
    p.add_argument("--games", default="66,65,83", help="the games whose moments are measured")
    p.add_argument("--out", default=os.path.join(HERE, "results", "decision.json"),
                   help="the results file rows are appended to (default results/decision.json)")
    args = p.parse_args(argv)
    games = args.games.split(",")
    out = args.out
    for gid, moves, what in MOMENTS:
        if gid not in games:
            continue
        game = load_game(gid)
        times, worlds = [], []
        for seed in range(args.positions):
            s = moment(game, seed, moves)
            if s is None or len(s.legal_moves) < 2:
                continue
            bot = make_player(args.player, game, seed=seed)
            bot.start(game, s.to_move)
            t = time.thread_time()
            bot.choose(s.observation(s.to_move))
            times.append(time.thread_time() - t)
            worlds.append(bot.last_worlds)
        row = {"moment": what, "game": gid, "player": args.player, "decisions": len(times), "seconds": summary(times),
               "worlds": summary(worlds)}
        with open(out, "a") as f:
            f.write(json.dumps(row) + "\n")
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
