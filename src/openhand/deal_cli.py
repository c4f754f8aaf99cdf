"""``openhand deal GAME``: complete deals meeting constraints, or
consistent with what one player of a state knows, written once for every
game (:mod:`openhand.dealing`, :mod:`openhand.constrained`).

    openhand deal 65 --count 3 --seed 1 --where "N: spades>=5, AS; S: points>=10"
    openhand deal 66 --state "game=66; ..." --player 0 --count 5 --json
"""
from __future__ import annotations

import json
import random
import sys
from typing import List, Optional

from .cards import Card
from .cli_common import position_source, seeded_parser, state_of
from .constrained import draw, problem_dealer
from .errors import PositionError

__all__ = ["deal_command"]

DEAL_HELP = """Deal complete deals: from the whole deck (a fresh deal), or the cards one
player of a state cannot see (--state, --player).  --where adds
constraints (the language of openhand.constrained):

  WHERE  := CLAUSE ; CLAUSE ...        CLAUSE := PLACES: TERM, TERM ...
  PLACES := N, E, S, W, kitty (83), 0, 1, stock (Sixty-Six); N|S: together
  TERM   := AS (holds it) | -AS (does not) | FEATURE OP N
  FEATURE:= spades hearts diamonds clubs (lengths), points, honours, cards
  OP     := >= <= = > <

Card terms alone are dealt exactly and uniformly by counting; other terms
need OR-Tools CP-SAT (pip install 'openhand[cpsat]'): it refuses
constraints no deal meets, naming them, and the deals are drawn by exact
rejection from the uniform dealer, or by CP-SAT with random objectives
when they are too rare (the output says which: method)."""

DEAL_EPILOG = """examples:
  openhand deal 65 --count 3 --seed 1 --where "N: spades>=5, AS; S: points>=10"
  openhand deal 83 --count 2 --where "N|S: JK; kitty: hearts>=2" --json
  openhand deal 66 --where "0: AS, TS; stock: 9S" --count 4"""


def deal_command(game_id: str, argv: List[str], prog: Optional[str] = None) -> int:
    from .game import load_game
    p = seeded_parser(prog or f"openhand deal {game_id}", DEAL_HELP, DEAL_EPILOG, "seed of the deals")
    p.add_argument("--count", type=int, default=1, help="deals to draw (default 1)")
    p.add_argument("--where", default="", help="constraints (see above)")
    p.add_argument("--state", metavar="STATE",
                   help="a state (text, JSON, a file or '-'): deal what --player cannot see")
    p.add_argument("--player", default=None, help="whose view of --state (default: the player to move)")
    p.add_argument("--json", action="store_true",
                   help='print {"game", "seed", "where", "method", "deals": [{place: cards}], "consistent"}')
    args = p.parse_args(argv)
    if args.count < 1:
        p.error("--count must be at least 1")
    game = load_game(game_id)
    state = player = None
    if args.state:
        state = state_of(game, position_source(args.state, None, "game=66; ..."),
                         lambda s: (_ for _ in ()).throw(PositionError("give the state as a state text or JSON")))
        player = state.to_move if args.player is None else game.player_index(args.player)
        if player is None:
            p.error("the deal is over: name the player with --player")
    elif args.player is not None:
        p.error("--player applies to --state")
    dealer = problem_dealer(game, args.where, state, player)
    deals = [{name: cs if name in dealer.ordered else [str(c) for c in sorted(map(Card, cs), key=_key)]
              for name, cs in d.items()} for d in draw(dealer, args.count, random.Random(args.seed))]
    consistent = dealer.base.count() if not dealer.rich else None
    if args.json:
        print(json.dumps({"game": game.id, "seed": args.seed, "where": args.where, "method": dealer.method,
                          "deals": deals, "consistent": consistent}))
        return 0
    for d in deals:
        print("  ".join(f"{name}: {game.format_hand(map(Card, cs)) if name not in dealer.ordered else ' '.join(cs)}"
                        for name, cs in d.items()))
    info = f"method: {dealer.method}"
    if consistent is not None:
        info += f"; {consistent} consistent deals"
    print(info, file=sys.stderr)
    return 0


def _key(card):
    return (4, 0) if card.is_joker else (int(card) // 16, -card.rank)
