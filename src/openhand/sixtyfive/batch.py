"""65's parts of batch runs (:mod:`openhand.batch`): the fixed move
encoding (the 48 cards, spades to clubs, high rank first), random
positions of N tricks, PBN lines with ``--leader``, and the statistics of
N-S's deal points with the victory-point bands (33..40: 1 VP, 41+: 2 VP,
for either side).

>>> parts = Parts()
>>> len(parts.MOVE_COLUMNS), parts.MOVE_COLUMNS[:3], parts.reach_targets({})
(48, ('AS', 'KS', 'QS'), (33, 41))
>>> parts.random_state(7, "value", {"tricks": 9}).tricks_left
9
>>> vp_band(40), vp_band(24), vp_band(25)
('N-S 1 VP', 'E-W 2 VP', 'E-W 1 VP')
"""
from __future__ import annotations

from ..batch.parts import BatchParts, card_columns
from ..errors import PositionError
from ..seats import left_of
from .deck import DECK, HAND_SIZE, TOTAL_POINTS
from .rules import Position, play_down_to, random_position, victory_points

__all__ = ["Parts", "vp_band", "VP_BANDS"]

VP_BANDS = ("E-W 2 VP", "E-W 1 VP", "N-S 1 VP", "N-S 2 VP")


def vp_band(ns_points: int) -> str:
    """The victory-point band of N-S's deal points (E-W have the rest)."""
    ns, ew = victory_points(ns_points), victory_points(TOTAL_POINTS - ns_points)
    return f"N-S {ns} VP" if ns else f"E-W {ew} VP"


class Parts(BatchParts):
    game_id = "65"
    MOVE_COLUMNS = card_columns(DECK)
    own_form = "a PBN deal (all lines with the one --leader)"

    def reach_targets(self, options):
        return (33, 41)

    def target_range(self, options):
        return 0, TOTAL_POINTS

    def add_arguments(self, p) -> None:
        p.add_argument("--tricks", type=int, default=HAND_SIZE, metavar="N",
                       help="with --random: positions with N tricks left, reached by seeded random play "
                            f"(default {HAND_SIZE}, the full deal)")
        p.add_argument("--leader", help="the seat leading in every PBN deal line of the file (N, E, S or W)")

    def input_options(self, args) -> dict:
        if not 1 <= args.tricks <= HAND_SIZE:
            raise PositionError(f"--tricks {args.tricks}: a 65 position has 1 to {HAND_SIZE} tricks left")
        return {"tricks": args.tricks, "leader": args.leader}

    def random_state(self, seed, what, inputs):
        return random_position(seed=seed, tricks_left=inputs.get("tricks", HAND_SIZE))

    def dealt_state(self, placed, rng, what, inputs):
        """The deal, a random dealer, random play down to ``--tricks`` left."""
        dealer = rng.randrange(4)
        pos = Position({s: placed[s] for s in "NESW"}, left_of(dealer), dealer=dealer)
        return play_down_to(pos, inputs.get("tricks", HAND_SIZE), rng)

    def own_state(self, text, what, inputs):
        if not inputs.get("leader"):
            raise PositionError("a PBN deal line needs the leader: give --leader (or write state texts)")
        return Position.from_deal(text, inputs["leader"])

    def summary(self, rows, question):
        from ..batch.stats import generic_summary, histogram
        out = generic_summary(rows, question, self.game)
        points = [r["deal_value"] for r in rows if r["deal_value"] is not None]
        if points:
            out["histograms"].append(histogram("vp_bands", "victory points of the deal", "band",
                                               [vp_band(p) for p in points], VP_BANDS))
        return out
