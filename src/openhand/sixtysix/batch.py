"""Sixty-Six's parts of batch runs (:mod:`openhand.batch`): the fixed move
encoding (24 cards, the 8 marriages shown by K or Q, the 4 marriages that
go out, exchange, close, out: 39 columns), the ``objective`` option,
seeded full deals, and the statistics: game points of the player to move
and how often closing, exchanging and going out are best.

>>> parts = Parts()
>>> parts.MOVE_COLUMNS[24:27], parts.MOVE_COLUMNS[35:]
(('marriage KS', 'marriage QS', 'marriage KH'), ('marriage C out', 'exchange', 'close', 'out'))
>>> parts.check_options("value", {}), parts.target_range({"objective": "game"})
({'objective': 'game'}, (-3, 3))
"""
from __future__ import annotations

from ..batch.parts import BatchParts, card_columns
from ..cards import SUIT_CHARS
from ..errors import PositionError
from .cli import MAX_MARGIN
from .deck import DECK
from .position import Position
from .reference import OBJECTIVES

__all__ = ["Parts", "SPECIAL_MOVES"]

# The moves whose being best the statistics count, by name.
SPECIAL_MOVES = {"close": ("close",), "exchange": ("exchange",),
                 "going out": ("out",) + tuple(f"marriage {s} out" for s in SUIT_CHARS)}


class Parts(BatchParts):
    game_id = "66"
    MOVE_COLUMNS = (card_columns(DECK)
                    + tuple(f"marriage {r}{s}" for s in SUIT_CHARS for r in "KQ")
                    + tuple(f"marriage {s} out" for s in SUIT_CHARS) + ("exchange", "close", "out"))

    def check_options(self, what, options):
        options = dict(options)
        objective = options.pop("objective", "game")
        if objective not in OBJECTIVES:
            raise PositionError(f"unknown objective {objective!r}: expected one of {OBJECTIVES}")
        if options:
            raise PositionError(f"Sixty-Six batch runs take no option {next(iter(options))!r}")
        return {"objective": objective}

    def reach_targets(self, options):
        return (1, 2, 3) if options.get("objective", "game") == "game" else (1,)

    def target_range(self, options):
        return (-3, 3) if options.get("objective", "game") == "game" else (-MAX_MARGIN, MAX_MARGIN)

    def add_arguments(self, p) -> None:
        p.add_argument("--objective", choices=OBJECTIVES, default="game",
                       help="game points (default) or the card-point margin")
        p.add_argument("--dealer", type=int, choices=(0, 1), default=0,
                       help="the dealer of --random deals (default 0)")

    def input_options(self, args):
        return {"dealer": args.dealer}

    def question_options(self, args):
        return {"objective": args.objective}

    def random_state(self, seed, what, inputs):
        return Position.deal(seed=seed, dealer=inputs.get("dealer", 0))

    def dealt_state(self, placed, rng, what, inputs):
        """The two hands, the stock in a random order (its trump card, last,
        drawn at random among the stock's cards)."""
        dealer = inputs.get("dealer", 0)
        stock = list(placed["stock"])
        rng.shuffle(stock)
        return Position([placed["0"], placed["1"]], stock, leader=1 - dealer, dealer=dealer)

    def summary(self, rows, question):
        from ..batch.stats import generic_summary, share
        out = generic_summary(rows, question, self.game)
        if question.what == "moves":
            for name, moves in SPECIAL_MOVES.items():
                legal = best = 0
                for r in rows:
                    res = r["result"]
                    if any(m in res["moves"] for m in moves):
                        legal += 1
                        best += any(m in res["best_moves"] for m in moves)
                out["shares"].append(share(f"{name} best, where legal", best, legal))
        return out
