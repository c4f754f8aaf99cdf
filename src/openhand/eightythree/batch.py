"""Eighty-Three's parts of batch runs (:mod:`openhand.batch`): the fixed
move encoding (the 53 cards, spades to clubs, high rank first, the joker
last, then ``trumps S`` .. ``trumps C``: 57 columns; passes and discards
have their values in the structured results only), ``--what bids`` (the
bid feasibility table of a deal before its auction, ``mode`` exact or
fast), random play positions or deals, PBN lines, and the statistics:
the highest makeable bid by seat and trump.

Lines in the game's own form: for ``bids`` a PBN deal with the kitty as a
fifth hand (``"N:h1 h2 h3 h4 kitty"``; dealt by ``--dealer``, default N:
the table does not depend on it); otherwise a PBN play position of four
equal hands with ``--trump`` and ``--bidder`` (``--leader``: default the
bidder), the same for every line.

>>> parts = Parts()
>>> len(parts.MOVE_COLUMNS), parts.MOVE_COLUMNS[52:54]
(57, ('JK', 'trumps S'))
>>> parts.random_state(3, "bids", {}).phase, parts.random_state(3, "value", {}).tricks_left
('bidding', 6)
"""
from __future__ import annotations

from ..batch.parts import BatchParts, card_columns
from ..cards import SUIT_CHARS
from ..errors import PositionError
from ..seats import SEATS, seat_index
from .deal import Deal, random_play_position
from .rules import DECK, HAND_SIZE, TOTAL_POINTS, Position

__all__ = ["Parts"]


class Parts(BatchParts):
    game_id = "83"
    MOVE_COLUMNS = card_columns(DECK) + tuple(f"trumps {s}" for s in SUIT_CHARS)
    WHATS = ("value", "moves", "reach", "bids")
    own_form = ("for bids a PBN deal with the kitty as a fifth hand (--dealer); else a PBN play "
                "position with --trump and --bidder")

    def check_options(self, what, options):
        options = dict(options)
        mode = options.pop("mode", "exact")
        if options:
            raise PositionError(f"Eighty-Three batch runs take no option {next(iter(options))!r}")
        if what != "bids":
            if mode != "exact":
                raise PositionError("the mode (exact or fast) applies to --what bids")
            return {}
        if mode not in ("exact", "fast"):
            raise PositionError(f"unknown mode {mode!r}: expected 'exact' or 'fast'")
        return {"mode": mode}

    def reach_targets(self, options):
        return (30, 42, 83)      # the lowest bid, more than half the points, all of them (83 doubled)

    def target_range(self, options):
        return 0, TOTAL_POINTS

    def add_arguments(self, p) -> None:
        p.add_argument("--fast", action="store_true",
                       help="with --what bids: heuristic passes and discards (the fast mode)")
        p.add_argument("--tricks", type=int, default=HAND_SIZE, metavar="N",
                       help=f"with --random: play positions with N tricks left (default {HAND_SIZE})")
        p.add_argument("--trump", help="the trump suit of every PBN play position line")
        p.add_argument("--bidder", help="the bidder's seat of every PBN play position line")
        p.add_argument("--leader", help="the leader of every PBN play position line (default: the bidder)")
        p.add_argument("--dealer", default="N", help="the dealer of PBN deal lines and --random deals "
                                                     "of --what bids (default N)")

    def input_options(self, args):
        if not 1 <= args.tricks <= HAND_SIZE:
            raise PositionError(f"--tricks {args.tricks}: a play position has 1 to {HAND_SIZE} tricks left")
        return {"tricks": args.tricks, "trump": args.trump, "bidder": args.bidder, "leader": args.leader,
                "dealer": args.dealer}

    def question_options(self, args):
        return {"mode": "fast"} if args.fast else {}

    def random_state(self, seed, what, inputs):
        if what == "bids":
            return Deal.random(seed, inputs.get("dealer") or "N")
        return random_play_position(seed, tricks_left=inputs.get("tricks", HAND_SIZE))

    def dealt_state(self, placed, rng, what, inputs):
        """A deal before the auction (``--what bids`` only: the constraints
        are on the hands as dealt)."""
        if what != "bids":
            raise PositionError("Eighty-Three's dealing constraints (--where) are on the deal before the "
                                "auction: they go with --what bids")
        return Deal({s: placed[s] for s in SEATS}, placed["kitty"], seat_index(inputs.get("dealer") or "N"))

    def own_state(self, text, what, inputs):
        if what == "bids":
            return Deal.from_deal(text, inputs.get("dealer") or "N")
        if not inputs.get("trump") or not inputs.get("bidder"):
            raise PositionError("a PBN play position line needs --trump and --bidder (or write state texts)")
        return Position.from_deal(text, trump=inputs["trump"], bidder=inputs["bidder"],
                                  leader=inputs.get("leader"))

    def check_state(self, state, what):
        if what == "bids":
            if not isinstance(state, Deal) or state.history:
                raise PositionError("--what bids takes deals before their auction (a deal's state text "
                                    "with no moves, or a PBN deal with the kitty)")
        elif isinstance(state, Deal) and state.phase == "bidding":
            raise PositionError("a deal in its auction has no open-hand value: ask --what bids, or give "
                                "a deal past its auction or a play position")

    def answer(self, solver, state, question):
        if question.what != "bids":
            return super().answer(solver, state, question)
        from .feasibility import bid_table

        def rows_done(done, total):          # a row takes seconds: a chance to stop between rows
            if solver.progress is not None:
                solver.progress(0)
        table = bid_table(state, mode=question.option("mode", "exact"), solver=solver, progress=rows_done)
        result = table.to_dict()
        result.pop("seconds")                # kept in the row's own column
        return {"value": None, "deal_value": None, "lower": None, "upper": None, "nodes": None,
                "result": result}

    def summary(self, rows, question):
        from ..batch.stats import generic_summary, histogram, mean
        out = generic_summary(rows, question, self.game)
        if question.what != "bids":
            return out
        table = {}
        for r in rows:
            for row in r["result"]["rows"]:
                table.setdefault((row["seat"], row["trump"]), []).append(row)
        lines = []
        for (seat, trump), found in sorted(table.items(), key=lambda kv: (SEATS.index(kv[0][0]),
                                                                          SUIT_CHARS.index(kv[0][1]))):
            n = len(found)
            made = sum(1 for x in found if x["highest_bid"] is not None)
            lines.append({"seat": seat, "trump": trump, "deals": n,
                          "mean value": round(mean([x["value"] for x in found]), 2),
                          "makeable": round(made / n, 4),
                          "83 doubled": round(sum(x["doubled_ok"] for x in found) / n, 4),
                          "mean highest bid": round(mean([x["highest_bid"] for x in found
                                                          if x["highest_bid"] is not None]), 2)
                          if made else None})
        out["tables"].append({"name": "bids_by_seat_and_trump",
                              "title": "highest makeable bid by seat and trump", "rows": lines})
        for seat in SEATS:
            best = []
            for r in rows:
                bids = [x["highest_bid"] or 0 for x in r["result"]["rows"] if x["seat"] == seat]
                if bids:
                    best.append(max(bids))
            if best:
                out["histograms"].append(histogram(f"best_bid_{seat}", f"{seat}'s highest makeable bid, "
                                                   "best trump (0: none)", "bid", best))
        return out
