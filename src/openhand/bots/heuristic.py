"""The heuristic player: each game's basic strategy as a few fixed rules,
a fair sparring partner (not a straw man), from the observation alone.

65 (every card goes to its player's side, except the trick winner's own
card, which goes to the losers; the winners also take 2 per trick):
  * leading: a card worth nothing, from the longest plain suit, lowest
    first (no trump, no point card led while there is a choice);
  * last to play: the card that gives this side the most points from the
    trick (exactly computed), the lowest of equals;
  * otherwise: a card that would win scores 2 minus its own points (they
    go to the opponents), a card that would not win scores its points
    (they come to this side whoever wins); the best, the lowest of equals.

Sixty-Six:
  * go out with 66 counted, or with a marriage that makes 66;
  * exchange the trump nine whenever allowed; show a marriage (the trump
    one first), leading its queen;
  * close with 46 or more counted holding the trump ace and 2 more trumps;
  * leading with the stock open: the cheapest plain card (a trump, an
    ace or a ten only when nothing else is left); in strict play a card
    no unseen card can beat, else the cheapest card;
  * following: take an ace or ten led with the cheapest card that wins
    (a higher card of the suit, else the lowest trump); take anything with
    a higher card of the suit when that card is an ace or ten; otherwise
    the cheapest card that is not a trump.

Eighty-Three:
  * bidding: a hand is worth, in its best suit, 0.8 x the points of its
    scoring trumps + 3 per trump + 5 for holding the trump king or
    queen; it raises by the least step while the bid stays at or below
    that worth (and 30 or more), else passes (always over its partner's
    bid); a forced dealer bids 30;
  * trumps: the suit of the greatest worth (the kitty included);
  * passes keep the scoring trumps (most points first), then the highest;
    discards keep every trump allowed and the highest plain cards;
  * play: lead the highest trump if no unseen trump beats it, else the
    lowest plain card; follow with the lowest card that wins a trick with
    points in it (or when last), else the card worth least.

>>> from openhand import load_game
>>> game = load_game("66"); s = game.new_state(seed=4)
>>> p = HeuristicPlayer(); p.start(game, s.to_move)
>>> o = s.observation(s.to_move)
>>> o.hand, o.trump, p.choose(o)       # the cheapest plain card leads
('T.J9.K.K9', 'C', '9H')
"""
from __future__ import annotations

from typing import List

from ..cards import SUIT_CHARS, Card
from .base import Player

__all__ = ["HeuristicPlayer"]


class HeuristicPlayer(Player):
    """The documented rule-based player of every game (see the module)."""

    name = "heuristic"

    def choose(self, observation, state=None) -> str:
        legal = list(observation.legal_moves)
        if len(legal) == 1:
            return legal[0]
        return {"65": _sixtyfive, "66": _sixtysix, "83": _eightythree}[observation.game](observation, legal)


# ------------------------------------------------------------------ 65
def _sixtyfive(obs, legal: List[str]) -> str:
    from ..sixtyfive.deck import card_points
    from ..sixtyfive.rules import trick_points, trick_winner_index
    cards = [Card(m) for m in legal]
    hand = [Card(c) for c in obs.hand]
    trick = [Card(c) for c in obs.trick]
    me = obs.player
    if not trick:
        length = {s: sum(1 for c in hand if c.suit == s) for s in range(4)}
        return str(min(cards, key=lambda c: (card_points(c) > 0, c.suit == 0, -length[c.suit], c.rank)))
    if len(trick) == 3:
        last = len(hand) == 1
        def gain(c):
            _, pts = trick_points(trick + [c], obs.leader, last)
            return pts[me % 2]
        return str(max(cards, key=lambda c: (gain(c), -c.rank)))
    partner_card = trick[(me - obs.leader - 2) % 4] if (me - obs.leader) % 4 >= 2 else None

    def value(c):
        if trick_winner_index(trick + [c]) == len(trick):
            return 2 - card_points(c) + (card_points(partner_card) if partner_card is not None else 0)
        return card_points(c)
    return str(max(cards, key=lambda c: (value(c), -c.rank)))


# ------------------------------------------------------------------ Sixty-Six
def _sixtysix(obs, legal: List[str]) -> str:
    from ..sixtysix.deck import CARD_POINTS, DECK, STRENGTH, follower_wins
    me = obs.player
    trump = SUIT_CHARS.index(obs.trump)
    score = obs.score[me]
    hand = [Card(c) for c in obs.hand_cards]
    if "out" in legal and score >= 66:
        return "out"
    for m in legal:
        if m.startswith("marriage") and m.endswith("out") and obs.tricks[me]:
            suit = SUIT_CHARS.index(m.split()[1])
            if score + (40 if suit == trump else 20) >= 66:
                return m
    if "exchange" in legal:
        return "exchange"
    shows = [m for m in legal if m.startswith("marriage ") and not m.endswith("out") and m[-2] == "Q"]
    if shows:
        return max(shows, key=lambda m: SUIT_CHARS.index(m[-1]) == trump)
    trumps = [c for c in hand if c.suit == trump]
    if "close" in legal and score >= 46 and any(c.rank == 14 for c in trumps) and len(trumps) >= 3:
        return "close"
    cards = [Card(m) for m in legal if len(m) == 2]
    pts = lambda c: CARD_POINTS[c.rank]          # noqa: E731
    strict = obs.closed_by is not None or obs.stock_size == 0
    if obs.card_in_play is None:
        if strict:
            unseen = set(DECK) - set(hand) - {Card(c) for c in obs.out_of_play}
            sure = [c for c in cards if not any(follower_wins(int(c), int(u), trump) for u in unseen)]
            if sure:
                return str(max(sure, key=lambda c: (c.suit == trump, pts(c))))
            return str(min(cards, key=lambda c: (pts(c), c.suit == trump)))
        return str(min(cards, key=lambda c: (c.suit == trump, pts(c) >= 10, pts(c),
                                             -sum(d.suit == c.suit for d in hand))))
    led = Card(obs.card_in_play)
    wins = [c for c in cards if follower_wins(int(led), int(c), trump)]
    cheapest = lambda cs: min(cs, key=lambda c: (c.suit == trump, pts(c), STRENGTH[c.rank]))  # noqa: E731
    if strict:
        return str(cheapest(wins) if wins else cheapest(cards))
    if wins and pts(led) >= 10:
        return str(cheapest(wins))
    big = [c for c in wins if c.suit == led.suit and pts(c) >= 10]
    if big:
        return str(min(big, key=pts))
    plain = [c for c in cards if c.suit != trump] or cards
    return str(min(plain, key=lambda c: (pts(c), STRENGTH[c.rank])))


# ------------------------------------------------------------------ Eighty-Three
def rank_choices(obs, legal: List[str]) -> List[str]:
    """Eighty-Three's passes or discards, the heuristic's favourite first:
    a pass keeps the scoring trumps (most points first), then the
    highest; a discard keeps as many trumps as allowed, then the highest
    plain cards."""
    from ..eightythree.notation import Move
    from ..eightythree.rules import card_key, is_trump, points
    hand = [Card(c) for c in obs.hand]
    trump = SUIT_CHARS.index(obs.trump)
    if obs.phase == "passing":
        def kept(m):
            gone = set(Move(m).cards)
            return sorted(((points(c, trump), card_key(c, trump)[1]) for c in hand if is_trump(c, trump)
                           and c not in gone), reverse=True)
    else:
        def kept(m):
            gone = set(Move(m).cards)
            keep = [c for c in hand if c not in gone]
            return (sum(1 for c in keep if is_trump(c, trump)),
                    sorted((card_key(c, trump)[1] for c in keep if not is_trump(c, trump)), reverse=True))
    return sorted(legal, key=kept, reverse=True)


def hand_worth(cards, trump: int) -> float:
    """The heuristic's worth of a hand with ``trump`` as trumps (points it
    may expect its side to take): see the module notes."""
    from ..eightythree.rules import is_trump, points
    trumps = [c for c in cards if is_trump(c, trump)]
    worth = 0.8 * sum(points(c, trump) for c in trumps) + 3 * len(trumps)
    if any(c.suit == trump and c.rank in (12, 13) for c in trumps):
        worth += 5
    return worth


def _eightythree(obs, legal: List[str]) -> str:
    from ..eightythree.notation import Move
    from ..eightythree.rules import DECK, card_key, is_trump, parse_bid, points, trick_winner_index
    hand = [Card(c) for c in obs.hand]
    phase = obs.phase if "phase" in obs.fields() else "playing"
    if phase == "bidding":
        worth = max(hand_worth(hand, t) for t in range(4))
        raises = [m for m in legal if m != "pass"]
        if "pass" not in legal:
            return raises[0]
        holder = [w for w, b in obs.bids if b != "pass"]
        if holder and holder[-1] == (obs.player + 2) % 4:
            return "pass"                          # never outbid the partner
        if raises and 30 <= parse_bid(raises[0]) <= worth:
            return raises[0]
        return "pass"
    if phase == "trumps":
        return max(legal, key=lambda m: hand_worth(hand, SUIT_CHARS.index(m[-1])))
    trump = SUIT_CHARS.index(obs.trump)
    if phase in ("passing", "discarding"):
        return rank_choices(obs, legal)[0]
    cards = [Card(m) for m in legal]
    trick = [Card(c) for c in obs.trick]
    if not trick:
        gone = {Card(t) for _, t in obs.moves if "(" not in t and Move(t).kind == "play"} \
            if "moves" in obs.fields() else {Card(c) for _, c in obs.plays}
        unseen_trumps = [c for c in DECK if is_trump(c, trump) and c not in gone and c not in hand]
        tops = [c for c in cards if is_trump(c, trump)
                and all(card_key(c, trump)[1] > card_key(u, trump)[1] for u in unseen_trumps)]
        if tops:
            return str(max(tops, key=lambda c: card_key(c, trump)[1]))
        plain = [c for c in cards if not is_trump(c, trump)]
        return str(min(plain or cards, key=lambda c: (points(c, trump), card_key(c, trump)[1])))
    at_stake = sum(points(c, trump) for c in trick)
    last = len(trick) == 3
    wins = [c for c in cards if trick_winner_index(trick + [c], trump) == len(trick)]
    partner_winning = (obs.leader + trick_winner_index(trick, trump)) % 4 == (obs.player + 2) % 4
    if partner_winning and last:
        return str(max([c for c in cards if c not in wins] or cards, key=lambda c: points(c, trump)))
    if not partner_winning and wins and (at_stake or last):
        return str(min(wins, key=lambda c: (points(c, trump), card_key(c, trump)[1])))
    return str(min(cards, key=lambda c: (points(c, trump), is_trump(c, trump), card_key(c, trump)[1])))
