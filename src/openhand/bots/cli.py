"""The ``arena`` and ``play`` commands, written once for every game.

    openhand arena 66 --players pimc,heuristic --boards 100 --seed 1 [--workers 2] [--json] [--save FILE]
    openhand play 65 --opponents pimc --seed 7 [--seat S]
"""
from __future__ import annotations

import sys
from typing import List, Optional

from ..cli_common import seeded_parser
from ..errors import OpenhandError
from .strategy import strategy_of

__all__ = ["arena_command", "play_command"]


# ------------------------------------------------------------------ arena
ARENA_HELP = """Play duplicate boards between two players, A and B: each seeded deal at
two tables with the seats swapped (Sixty-Six: seat 0 and seat 1; 65 and
Eighty-Three: N-S and E-W), so the luck of the cards cancels.  Reports the
margin of A over B per board in the game's units with a 95% confidence
interval, the matches won (each table's boards played in order as matches
to the game's target) and each player's time per decision.

Players: random, heuristic, pimc, clairvoyant, with options after colons
(pimc:worlds=32:nodes=262144:seconds=none), package.module:Class, or
exec:COMMAND (a program speaking the JSON-lines protocol)."""

ARENA_EPILOG = """examples:
  openhand arena 66 --players pimc,heuristic --boards 200 --seed 1
  openhand arena 65 --players heuristic,random --boards 50 --json
  openhand arena 83 --players pimc:worlds=16:seconds=none,heuristic --boards 20 --save boards.jsonl"""


def _progress(bar):
    """Each finished board moves the bar (tqdm's) and shows the margin so far."""
    from .arena import _interval

    def progress(report):
        m = _interval([r["margin"] for r in report.records])
        ci = f" (95% CI {m['ci_low']:+.2f} .. {m['ci_high']:+.2f})" if len(report.records) > 1 else ""
        bar.describe(f"margin {m['mean']:+.2f}{ci}")
        bar.update(1)
    return progress


def arena_command(game_id: str, argv: List[str], prog: Optional[str] = None) -> int:
    from .arena import run_arena
    p = seeded_parser(prog or f"openhand arena {game_id}", ARENA_HELP, ARENA_EPILOG,
                      "seed of the boards' deals and the players (default 0)")
    p.add_argument("--players", required=True, metavar="A,B", help="the two players, A first")
    p.add_argument("--boards", type=int, default=100, help="duplicate boards to play (default 100)")
    p.add_argument("--workers", type=int, default=None, help="processes (default: every local core)")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object: game, boards, players, units, margin {mean, ci_low, ci_high}, "
                        "match_margin, matches, time_per_decision, forfeits, seconds")
    p.add_argument("--save", metavar="FILE", help="write each board's result to FILE as a JSON line as it ends")
    p.add_argument("--records", metavar="FILE", help="write each table's game record to FILE as its board ends "
                                                    "(openhand analyse FILE reads them)")
    args = p.parse_args(argv)
    names = [x.strip() for x in args.players.split(",")]
    if len(names) != 2 or not all(names):
        p.error(f"--players takes two players separated by a comma, like pimc,heuristic, not {args.players!r}")
    if args.boards < 1:
        p.error("--boards must be at least 1")
    if args.workers is not None and args.workers < 1:
        p.error("--workers must be at least 1")
    seed = 0 if args.seed is None else args.seed
    from ..batch.progress import Bar
    bar = Bar(args.boards, desc="boards", unit="board", enabled=sys.stderr.isatty() and not args.json)
    save = open(args.save, "w", encoding="utf-8") if args.save else None
    records = open(args.records, "w", encoding="utf-8") if args.records else None
    try:
        report = run_arena(game_id, names, args.boards, seed, args.workers, progress=_progress(bar), save=save,
                           records=records)
    finally:
        bar.close()
        for f in (save, records):
            if f is not None:
                f.close()
    if args.json:
        print(report.to_json())
    else:
        print(report.table())
    if report.boards < args.boards:
        print(f"interrupted: {report.boards} of {args.boards} boards played", file=sys.stderr)
        return 130
    return 0


# ------------------------------------------------------------------ play
PLAY_HELP = """Play one deal (or more, --deals) against the computer in the terminal.
You hold one seat (--seat; your partner, in 65 and Eighty-Three, is a
computer player too).  Type a move as text (AS, marriage KH, close, 45,
pass, trumps H, discard 4C 7D ...); 'moves' lists the legal moves, 'hint'
asks the pimc player, 'quit' ends.  At the end of each deal every move you
made is valued with all hands open: what each one cost."""


def _view(game, obs) -> List[str]:
    """What the person sees: the observation's facts, readably (the hand,
    what the game shows: :meth:`.strategy.Strategy.view_lines`, the score)."""
    from ..cards import Card
    from ..diagram import hand_lines
    strategy = strategy_of(game)
    cards = [Card(c) for c in (obs.hand_cards if "hand_cards" in obs.fields() else obs.hand)]
    order = strategy.hand_order
    lines = ["your hand:"]
    lines += ["  " + x for x in (hand_lines(cards, order) if order else hand_lines(cards))]
    lines += strategy.view_lines(game, obs)
    score = ", ".join(f"{game.side_names[i]} {v}" for i, v in enumerate(obs.score))
    lines.append(f"score: {score}")
    return lines


def _analysis(game, state, human: int, out) -> None:
    """Every move the person made, valued with all hands open, from where
    the game says (:meth:`.strategy.Strategy.analysis_start`)."""
    from ..analysis import analyse
    solver = game.solver()
    begin = strategy_of(game).analysis_start(state)
    if begin is None:
        return
    start, moves, heading = begin
    out.write(heading + "\n")
    name = game.player_name(human)
    total = 0
    for step in analyse(start, moves, lambda pos: solver.solve(pos)):
        if step.player == name:
            out.write(f"  {step}\n")
            total += step.cost
    out.write(f"your moves cost {total} in all\n")


def play_command(game_id: str, argv: List[str], prog: Optional[str] = None) -> int:
    from ..game import load_game
    from . import make_player
    p = seeded_parser(prog or f"openhand play {game_id}", PLAY_HELP, seed_help="seed of the deals and the players")
    p.add_argument("--opponents", default="pimc", help="the computer players (default pimc)")
    p.add_argument("--seat", default=None, help="your seat (default: 0 in Sixty-Six, S in 65 and Eighty-Three)")
    p.add_argument("--deals", type=int, default=1, help="deals to play (default 1)")
    p.add_argument("--no-analysis", action="store_true", help="skip the analysis at the end of each deal")
    args = p.parse_args(argv)
    game = load_game(game_id)
    human = game.player_index(args.seat if args.seat is not None else (0 if game.num_players == 2 else "S"))
    out, inp = sys.stdout, sys.stdin
    seed = args.seed
    import random
    rng = random.Random(seed)
    hinter = make_player("pimc", game, seed=rng.randrange(2 ** 32))
    for deal_no in range(args.deals):
        state = game.new_state(seed=rng.randrange(2 ** 62), dealer=(deal_no + rng.randrange(game.num_players))
                               % game.num_players)
        bots = {i: make_player(args.opponents, game, seed=rng.randrange(2 ** 32))
                for i in range(game.num_players) if i != human}
        for i, b in bots.items():
            b.start(game, i)
        hinter.start(game, human)
        out.write(f"{game.title}: you are {game.player_name(human)}; {args.opponents} plays the other seats\n")
        while not state.is_over():
            seat = state.to_move
            if seat != human:
                bot = bots[seat]
                move = bot.choose(state.observation(seat), state.copy() if bot.sees_state else None)
                state.play(move)
                out.write(f"{game.player_name(seat)}: {move}\n")
                continue
            obs = state.observation(human)
            out.write("\n".join(_view(game, obs)) + "\n")
            legal = list(obs.legal_moves)
            shown = legal if len(legal) <= 40 else legal[:40] + [f"... ({len(legal)} in all)"]
            out.write("legal: " + ", ".join(shown) + "\n")
            while True:
                out.write("your move: ")
                out.flush()
                line = inp.readline()
                if not line:
                    out.write("\nend of input: the game stops\n")
                    return 0
                text = line.strip()
                if not text:
                    continue
                if text.lower() in ("quit", "exit"):
                    return 0
                if text.lower() in ("moves", "?", "help"):
                    out.write("legal: " + ", ".join(legal) + "\n")
                    continue
                if text.lower() == "hint":
                    out.write(f"hint ({hinter.name}): {hinter.choose(obs)}\n")
                    continue
                try:
                    state.play(text)
                except OpenhandError as e:
                    out.write(f"not a legal move: {e}\n")
                    continue
                break
        a = state.returns()
        out.write("the deal is over: " + ", ".join(f"{game.side_names[i]} {v}" for i, v in enumerate(a))
                  + f" {game.units}\n")
        if not args.no_analysis:
            _analysis(game, state, human, out)
        for b in bots.values():
            b.close()
    return 0
