"""``openhand solve 65``: solve a 65 position from the command line.

The deal is a PBN string, hands clockwise from the named seat; hands of k
cards mean a k-trick endgame (the last of them is trick 12).  Every value is
the points N-S take in the remaining tricks, last-trick bonus included.
``--reach 33`` asks only whether N-S can reach 33 deal points (what they
already collected, which only ``--random`` positions know, plus the
remaining tricks): one null-window search, on a full deal mostly a small
fraction of the time the exact value takes.
"""
from __future__ import annotations

import json

from ..cli_common import SolveCommand, show_position, timed
from .rules import Position, random_position


class Solve(SolveCommand):
    game_id = "65"
    takes = "a PBN deal with --leader [--trick], a state text or file, or --random [--tricks N]; --reach POINTS"
    description = __doc__
    own_form = "a PBN deal (with --leader), e.g. \"N:AKQ.JT9.876.543 E:... S:... W:...\""
    own_name = "a PBN deal"
    own_options = ("leader", "trick")
    random_options = ("tricks",)
    position_example = "game=65; deal=N:A.K.. 3.A.. K.3.. Q.Q..; leader=N"

    def add_arguments(self, p) -> None:
        p.add_argument("--leader", help="seat leading the current trick: N, E, S or W")
        p.add_argument("--trick", default="", help='cards already played to the current trick, e.g. "AS 3S"')
        p.add_argument("--tricks", type=int, default=None,
                       help="with --random: play seeded random cards until this many tricks are left "
                            "(default 12, the full deal)")
        p.add_argument("--reach", type=int, action="append", metavar="POINTS",
                       help="only ask whether N-S can reach POINTS deal points "
                            "(repeatable: --reach 33 --reach 41)")

    def own_state(self, p, args, text):
        if not args.leader:
            p.error("--leader is required with a PBN deal")
        return Position.from_deal(text, args.leader, trick=args.trick)

    def random_state(self, args):
        return random_position(seed=args.seed, tricks_left=12 if args.tricks is None else args.tricks)

    def __call__(self, argv, prog=None) -> int:
        # --reach: answered here until the shared threshold option arrives
        if "--reach" not in argv:
            return super().__call__(argv, prog)
        p = self.make_parser(prog or "openhand solve 65")
        args = p.parse_args(argv)
        text = " ".join(args.position)
        if args.random == bool(text.strip()):
            p.error("give either a position or --random")
        state = self.random_state(args) if args.random else self.read_state(p, args, text)
        solver = self.game.solver(table_mb=args.table_mb)
        answers, elapsed = timed(lambda: {t: solver.at_least(state, t) for t in args.reach})
        if args.json:
            print(json.dumps({"reach": {str(t): ok for t, ok in answers.items()}}))
            return 0
        show_position(state)
        for t, ok in answers.items():
            print(f"N-S can reach {t}: {'yes' if ok else 'no'}")
        print(f"time: {elapsed * 1000:.1f} ms")
        return 0


COMMANDS = {"solve": Solve()}
