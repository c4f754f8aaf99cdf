"""Sixty-Six: what a player may know (:func:`observe`) and the readable
picture of a position (:func:`diagram`, ``str(position)``).

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
"""
from __future__ import annotations

from typing import Dict, List, Set

from ..cards import SUIT_CHARS, Card, cards_from_mask, sort_cards
from ..observation import Observation
from .deck import DECK, cards_of, format_hand
from .notation import EXCHANGE, MARRIAGE, PLAY
from .rules import counted, to_move

__all__ = ["observe", "diagram"]


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
