"""Sixty-Six: what a player may know (:func:`observe`), dealing the cards
he cannot see (:func:`world_sampler`) and the readable picture of a
position (:func:`diagram`, ``str(position)``).

A player sees his own hand, every move made (cards played, marriages
shown, the exchange, closing, going out: all are made face up), the
face-up trump card while it lies under the stock, the number of cards in
the stock, and the cards out of play.  He may also know cards in the
opponent's hand: the other card of a marriage the opponent showed, the
trump card the opponent took by an exchange or by the last draw, and,
once the stock is exhausted, every card he has not seen (the stock's
order and the opponent's draws are hidden).

>>> from openhand.sixtysix import Position
>>> p = Position.deal(seed=7, dealer=1)
>>> p.replay(["marriage KD", "9C"])
>>> o = p.observation(1)
>>> o.hand, o.trump_card, o.stock_size, o.opponent_known
('.AQ.TJ.TQ', 'KH', 10, ('QD',))

The hidden cards are the rest of the opponent's hand and the face-down
stock (its size is known, its order is not: a world's stock is in a
uniformly random order, the face-up trump card last).  Strict play tells
more: a follower who did not follow suit has none of it, and no trump
either if he did not trump; one who followed without beating the led card
has no higher card of its suit.  Once strict play begins nobody draws, so
what the opponent lacked then he lacks now; such a card lies in the
closed stock.

>>> p = Position.deal(seed=3, dealer=1)        # spades are trumps
>>> p.replay(["close", "TS", "QH"])    # strict play: QH neither follows nor trumps
>>> w = world_sampler(p.observation(0))
>>> sorted(str(c) for c in w.placement.places), w.count() > 0
(['opponent', 'stock'], True)
>>> sorted(str(c) for c in shown_lacking(p.observation(0)))   # so no spade at all
['9S', 'AS', 'JS', 'KS', 'QS', 'TS']
>>> any(c.suit == 0 for world in w.samples(100, seed=2) for c in world.hands[1])
False
"""
from __future__ import annotations

from typing import Dict, List, Set

from ..cards import SUIT_CHARS, Card, cards_from_mask, sort_cards
from ..dealing import Placement, WorldSampler
from ..observation import Observation
from .deck import DECK, HIGHER, cards_of, follower_wins, format_hand
from .notation import CLOSE, EXCHANGE, MARRIAGE, PLAY, Move
from .rules import counted, to_move

__all__ = ["observe", "diagram", "world_sampler", "shown_lacking"]


def _partner(card: Card) -> Card:
    """The other card of a marriage: K <-> Q of the suit."""
    return Card(int(card) - 1 if card.rank == 13 else int(card) + 1)


def opponent_known(pos, player: int) -> List[Card]:
    """The cards ``player`` knows to be in the opponent's hand now."""
    opp = 1 - player
    snaps = list(pos._undo) + [pos._snap]
    known: Set[Card] = set()
    for (who, move), before, after in zip(pos._moves, snaps, snaps[1:]):
        if move.card is not None:
            known.discard(move.card)
        if who == opp and move.kind == MARRIAGE:
            known.add(_partner(move.card))
        if who == opp and move.kind == EXCHANGE:
            known.add(Card(before.stock[-1]))
        if move.kind == PLAY and before.trick and len(before.stock) == 2 and before.closed_by < 0:
            if after.leader != opp:            # the opponent lost the last trick with a stock:
                known.add(Card(before.stock[-1]))   # he drew the face-up card
    s = pos._snap
    hidden = s.hands[opp]
    if not s.stock:                        # nothing left to draw: the opponent holds the rest
        return sort_cards(cards_from_mask(hidden))
    return sort_cards(c for c in known if hidden >> int(c) & 1)


def out_of_play(s) -> List[Card]:
    """The cards already played to finished tricks."""
    live = s.hands[0] | s.hands[1] | (1 << s.trick if s.trick else 0)
    for c in s.stock:
        live |= 1 << c
    return sort_cards(c for c in DECK if not live >> int(c) & 1)


def observe(pos, player: int) -> Observation:
    s = pos._snap
    facts: Dict[str, object] = {
        "player": player,
        "to_move": pos.to_move,
        "dealer": pos.dealer,
        "leader": s.leader,
        "hand": format_hand(s.hands[player]),
        "hand_cards": tuple(str(c) for c in cards_of(s.hands[player])),
        "hand_sizes": tuple(bin(h).count("1") for h in s.hands),
        "trump": SUIT_CHARS[s.trump],
        "trump_card": str(Card(s.stock[-1])) if s.stock else None,
        "stock_size": len(s.stock),
        "card_in_play": str(Card(s.trick)) if s.trick else None,
        "start_card_in_play": str(Card(pos._start.trick)) if pos._start.trick else None,
        "moves": tuple((who, str(m)) for who, m in pos._moves),
        "out_of_play": tuple(str(c) for c in out_of_play(s)),
        "points": s.points,
        "tricks": s.tricks,
        "marriages": pos.marriages,
        "score": pos.score(),
        "closed_by": pos.closed_by,
        "closed_opponent_won": pos.closed_opponent_won if pos.closed_by is not None else None,
        "out": pos.out,
        "opponent_known": tuple(str(c) for c in opponent_known(pos, player)),
        "legal_moves": tuple(str(m) for m in pos.legal_moves) if pos.to_move == player else (),
    }
    return Observation(pos.game, facts)


def shown_lacking(obs) -> Set[Card]:
    """The cards the opponent has shown he does not hold, by following in
    strict play (see the module notes); some may be seen elsewhere."""
    opp = 1 - obs.player
    trump = SUIT_CHARS.index(obs.trump)
    lacking: Set[int] = set()
    closed = obs.closed_by is not None and not any(t == CLOSE for _, t in obs.moves)
    cards = [(who, Move(t)) for who, t in obs.moves]
    finished = sum(1 for _, m in cards if m.kind in (PLAY, MARRIAGE))
    led = Card(obs.start_card_in_play) if obs.start_card_in_play else None
    # tricks finished since the start: (card plays + a start card in play - one in play now) / 2
    done = (finished + (1 if led is not None else 0) - (1 if obs.card_in_play else 0)) // 2
    trick_no = sum(obs.tricks) - done          # tricks finished before the first one here
    for who, m in cards:
        if m.kind == CLOSE:
            closed = True
        if m.kind not in (PLAY, MARRIAGE):
            continue
        if led is None:
            led = m.card
            continue
        trick_no += 1
        strict = closed or trick_no > 6       # 12 stock cards, 2 drawn a trick: empty after 6
        if strict and who == opp:
            f, lc = int(m.card), int(led)
            if f >> 4 == lc >> 4:
                if not follower_wins(lc, f, trump):
                    lacking |= {c for c in range(64) if HIGHER[lc] >> c & 1}
            else:
                lacking |= {int(c) for c in DECK if c.suit == lc >> 4}
                if f >> 4 != trump:
                    lacking |= {int(c) for c in DECK if c.suit == trump}
        led = None
    return {Card(c) for c in lacking}


def world_sampler(obs) -> WorldSampler:
    """The worlds consistent with a Sixty-Six observation: Positions at
    the same moment (no history), the opponent's unknown cards and the
    stock's order dealt uniformly."""
    me, opp = obs.player, 1 - obs.player
    known = {Card(c) for c in obs.opponent_known}
    seen = {Card(c) for c in obs.hand_cards} | {Card(c) for c in obs.out_of_play} | known
    for c in (obs.card_in_play, obs.trump_card):
        if c:
            seen.add(Card(c))
    hidden = sorted(DECK - seen)
    stock_open = max(0, obs.stock_size - 1)
    places = {"opponent": obs.hand_sizes[opp] - len(known), "stock": stock_open}
    lacking = shown_lacking(obs)
    allowed = {c: (["stock"] if c in lacking else ["opponent", "stock"]) for c in hidden}
    mine = [Card(c) for c in obs.hand_cards]
    trick = Card(obs.card_in_play) if obs.card_in_play else None

    def build(placed, rng):
        from .position import Position
        hands = [None, None]
        hands[me] = mine
        hands[opp] = list(placed["opponent"]) + sorted(known)
        stock = list(placed["stock"])
        rng.shuffle(stock)
        if obs.trump_card:
            stock.append(Card(obs.trump_card))
        return Position(hands, stock, obs.trump, obs.leader, trick, obs.points, obs.tricks, obs.marriages,
                        obs.closed_by, obs.closed_opponent_won, obs.out, obs.dealer)

    # a dealing constraint may name the opponent by number (openhand.constrained)
    return WorldSampler(obs, Placement(places, allowed), build, aliases={str(opp): ("opponent",)})


def diagram(pos) -> str:
    """Both hands, the trump card and stock, the card in play and the score."""
    s = pos._snap
    if pos.is_over():
        a, b = pos.returns()
        head = f"Sixty-Six: the deal is over ({pos.result_reason()}; game points {a}-{b})"
    else:
        verb = "to play" if s.trick else "to lead"
        head = f"Sixty-Six: player {to_move(s)} {verb}"
    if pos.dealer is not None:
        head += f" (player {pos.dealer} dealt)"
    stock = f"trump card {Card(s.stock[-1])}, stock {len(s.stock)}" if s.stock else "stock exhausted"
    if pos.closed_by is not None:
        stock += f", closed by player {pos.closed_by}"
    lines = [head, f"trumps {SUIT_CHARS[s.trump]}: {stock}"]
    for p in (0, 1):
        hand = " ".join(f"{SUIT_CHARS[su]} {''.join(_ranks(s.hands[p], su)) or '-'}" for su in range(4))
        mar = f", marriages {pos.marriages[p]}" if pos.marriages[p] else ""
        lines.append(f"player {p}: {hand}   (counted {counted(s, p)}, tricks {s.tricks[p]}{mar})")
    if s.trick:
        lines.append(f"in play: {Card(s.trick)} (player {s.leader})")
    return "\n".join(lines)


def _ranks(mask: int, suit: int) -> List[str]:
    return [str(c)[0] for c in cards_of(mask) if c.suit == suit]
