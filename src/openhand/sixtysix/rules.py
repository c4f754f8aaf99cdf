"""Sixty-Six: the pure-Python rules engine, the readable spec.

Rules (docs/rules.md, section Sixty-Six, in short):
- 24 cards, A T K Q J 9 in four suits, ranked in that order, worth
  11 10 4 3 2 0: 120 card points in all.
- Two players, 0 and 1; the deal alternates.  6 cards each; the 13th card is
  the face-up trump card, lying under the 11 face-down cards: a 12-card stock
  whose last card is the trump card.  The non-dealer leads trick 1.
- Stock phase (stock open and not exhausted): no duty to follow or trump.  A
  higher card of the same suit wins, a trump beats a non-trump, otherwise the
  led card wins.  The winner draws first, then the loser; the trick winner
  leads the next trick.
- Trump-9 exchange: the leader, before leading, holding the trump 9, having
  won a trick, while the stock is open and not exhausted, may swap the 9 for
  the trump card.
- Marriage: the leader shows K+Q of one suit and leads one of them; 20
  points, 40 in trumps; only if the stock was open and not exhausted at the
  start of that turn.  Marriage points count once the player has won a trick.
- Strict play (stock exhausted or closed): the follower must follow suit and
  beat the led card if able; if void, must trump if able; else any card.
- Closing: the leader, at the start of a turn, may close while the stock
  holds at least 2 cards (also before trick 1).  Order within a turn:
  exchange, close, lead.  After closing: no draws, strict play, no last-trick
  bonus.
- Going out with 66 (card points in tricks plus counted marriages), the
  closing outcome, the played-out score and the game to 7: see
  :func:`deal_result` and :class:`Game`.

Design choices (where the rules leave the detail open; docs/rules.md gathers them):
- A player's turn at the start of a trick is a sequence of *actions*, each
  one node for a solver: ``exchange`` and ``close`` keep the same player to
  move; a lead (a plain card or a marriage) passes the move to the follower;
  ``out`` and ``marriage H out`` end the deal.  The follower's only actions
  are cards.  Move texts (see :class:`Move`)::

      QH               play (lead or follow) the queen of hearts
      marriage KH      show the heart marriage and lead KH (or QH)
      marriage H out   show the heart marriage and go out at once (no lead)
      exchange         swap the trump 9 in hand for the trump card
      close            close the stock
      out              go out (claim 66)

- Who may go out: only the player on lead, before leading.  ``out`` is legal
  once at least one trick has been played (the leader is then the player who
  just won a trick; the non-dealer at trick 1 has won nothing), also after an
  exchange or a close in the same turn.  ``marriage X out`` is legal
  whenever that marriage could be shown (even at trick 1, where it is a wrong
  claim).  A claim is legal whatever the score: a claim under 66 is a wrong
  claim and loses.  The follower never claims.
- A marriage may be shown on the closing turn: a marriage is legal when the
  stock is not exhausted and the leader still holds 6 cards (which, with a
  closed stock, happens only in the turn of the closing itself).
- End of play (every card played): the winner of the last trick is "on lead
  right after winning a trick", so if he has 66 or more (before any
  last-trick bonus) he goes out automatically: this is never worse for him
  than the played-out score, so the engine makes the claim for him.
  Otherwise a closed deal is a failed closing, and a deal that was not
  closed scores +10 for the last trick and compares totals.
- Scoring (game points to exactly one player, or to nobody on a tie):
  a correct claim scores 1 if the opponent has 33 or more, 2 if under 33
  with a trick won, 3 with no trick won; a wrong claim gives the opponent 2,
  or 3 if the opponent has won no trick.  With a closed stock: the closer's
  correct claim scores as above; the closer's wrong claim, failure at the
  end, or the non-closer's correct claim give the non-closer 2, or 3 if he
  had won no trick at the moment of closing; the non-closer's wrong claim is
  an ordinary wrong claim (the closer scores 2, or 3 with no trick won).
- Points are "counted": card points of the tricks won plus the marriages
  shown, the marriages only once the player has won a trick.  Marriages
  shown by a player without a trick are "pending".
- The stock is a list: index 0 is the next card drawn, the last is the
  face-up trump card.  A seeded deal shuffles the deck; the non-dealer gets
  cards 0..5, the dealer 6..11, card 12 is the trump card and the stock is
  cards 13..23 followed by card 12.
- A position (``Position``, JSON in :mod:`.position_format`) is any moment
  of a deal; its compact immutable form :class:`Snapshot` (hands as 64-bit
  masks) is what the solvers search and what the C++ core mirrors.  A
  finished position's player "to move" is its leader (the claimer, or the
  winner of the last trick).

>>> from openhand.sixtysix import Position
>>> pos = Position.deal(seed=7, dealer=1)
>>> pos.to_move, len(pos.stock), pos.trump_card, pos.hand_text(0)
(0, 12, Card('KH'), '9.T.KQ.AJ')
>>> # marriage D out at trick 1 is legal, but a wrong claim
>>> pos.legal_moves   # doctest: +NORMALIZE_WHITESPACE
LegalMoves([Move('marriage D out'), Move('close'), Move('marriage KD'), Move('marriage QD'), Move('9S'), Move('TH'),
            Move('KD'), Move('QD'), Move('AC'), Move('JC')])
>>> pos.play("AC"); pos.play("JD")   # no duty to follow; JD loses to AC
>>> pos.points, pos.tricks, len(pos.stock), [len(h) for h in pos.hands]
((13, 0), (1, 0), 10, [6, 6])
>>> pos.undo(), pos.card_in_play
(Move('JD'), Card('AC'))
"""
from __future__ import annotations

from typing import List, NamedTuple, Optional, Tuple

from ..cards import Card, Suit
from ..errors import IllegalMoveError, PositionError
from .deck import (DISPLAY_IDS, GOAL, HAND_SIZE, HIGHER, KQ_MASK, LAST_TRICK_BONUS, SUIT_MASK, _POINTS, _id, _popcount,
                   follower_wins)
from .notation import (Move, CLOSE, CLOSE_MOVE, EXCHANGE, EXCHANGE_MOVE, MARRIAGE, MARRIAGE_MOVE, MARRIAGE_OUT,
                      MARRIAGE_OUT_MOVE, OUT, OUT_MOVE, PLAY, PLAY_MOVE)

__all__ = ["legal_actions", "why_illegal", "deal_result", "final_points", "counted", "is_over", "is_strict",
           "to_move", "marriage_points", "require_over"]


# ------------------------------------------------------------------ state
class Snapshot(NamedTuple):
    """The compact, immutable, hashable form of a position (what solvers
    search and the C++ core mirrors).

    ``hands``: two 64-bit card masks (bit = card id).  ``stock``: card ids,
    ``stock[0]`` drawn next, ``stock[-1]`` the face-up trump card.
    ``trump``: suit 0..3.  ``leader``: the player who leads (or led) the
    current trick.  ``trick``: the id of the card in play, 0 if none.
    ``points``: card points in the tricks each player won.  ``tricks``:
    tricks won.  ``marriages``: 4-bit suit masks of the marriages each player
    showed.  ``closed_by``: the closer, -1 if the stock is not closed.
    ``closed_opp_won``: whether the closer's opponent had won a trick when the
    stock was closed.  ``out``: the player who went out, -1 if none.
    """

    hands: Tuple[int, int]
    stock: Tuple[int, ...]
    trump: int
    leader: int
    trick: int = 0
    points: Tuple[int, int] = (0, 0)
    tricks: Tuple[int, int] = (0, 0)
    marriages: Tuple[int, int] = (0, 0)
    closed_by: int = -1
    closed_opp_won: bool = False
    out: int = -1


def to_move(s: Snapshot) -> int:
    """The player to act: the leader, or the follower if a card is in play.
    (For a finished deal: the leader.)"""
    return 1 - s.leader if s.trick else s.leader


def is_over(s: Snapshot) -> bool:
    return s.out >= 0 or (not s.trick and not s.hands[s.leader])


def is_strict(s: Snapshot) -> bool:
    """Strict play: the stock is closed or exhausted."""
    return s.closed_by >= 0 or not s.stock


def marriage_points(suits: int, trump: int) -> int:
    """Points of the marriages in a suit mask: 20 each, 40 in trumps."""
    return sum((40 if s == trump else 20) for s in range(4) if suits >> s & 1)


def counted(s: Snapshot, player: int) -> int:
    """Card points in tricks plus marriages, which count only once the
    player has won a trick."""
    pts = s.points[player]
    if s.tricks[player]:
        pts += marriage_points(s.marriages[player], s.trump)
    return pts


def _nine(trump: int) -> int:
    return _id(trump, 9)


def legal_actions(s: Snapshot) -> List[Move]:
    """Every legal action of the player to move, in a fixed order: ``out``,
    ``marriage X out``, ``exchange``, ``close``, marriages, then cards in
    display order.  Empty when the deal is over."""
    if is_over(s):
        return []
    if not s.trick:
        p = s.leader
        hand = s.hands[p]
        acts: List[Move] = []
        # A marriage needs a stock that was open and not exhausted at the start
        # of the turn; the leader holds 6 cards exactly then (a closed stock
        # leaves him 6 only in the turn of the closing).
        pairs = [su for su in range(4) if hand & KQ_MASK[su] == KQ_MASK[su]] \
            if s.stock and _popcount(hand) == HAND_SIZE else []
        if s.tricks[0] + s.tricks[1]:
            acts.append(OUT_MOVE)
        for su in pairs:
            acts.append(MARRIAGE_OUT_MOVE[su])
        if s.stock and s.closed_by < 0:
            if s.tricks[p] and hand >> _nine(s.trump) & 1:
                acts.append(EXCHANGE_MOVE)
            acts.append(CLOSE_MOVE)
        for su in pairs:
            acts.append(MARRIAGE_MOVE[_id(su, 13)])
            acts.append(MARRIAGE_MOVE[_id(su, 12)])
        acts.extend(PLAY_MOVE[c] for c in DISPLAY_IDS if hand >> c & 1)
        return acts
    hand = s.hands[1 - s.leader]
    mask = hand
    if is_strict(s):
        led = s.trick
        same = hand & SUIT_MASK[led >> 4]
        if same:
            mask = (same & HIGHER[led]) or same
        else:
            mask = (hand & SUIT_MASK[s.trump]) or hand
    return [PLAY_MOVE[c] for c in DISPLAY_IDS if mask >> c & 1]


def step(s: Snapshot, a: Move) -> Snapshot:
    """The state after the legal action ``a`` (not checked: see
    :func:`why_illegal`)."""
    kind = a.kind
    p = to_move(s)
    if kind is PLAY or kind is MARRIAGE:
        c = a.cid
        if not s.trick:   # a lead
            hands = (s.hands[0] & ~(1 << c), s.hands[1]) if p == 0 else (s.hands[0], s.hands[1] & ~(1 << c))
            marriages = s.marriages
            if kind is MARRIAGE:
                marriages = (marriages[0] | 1 << a.suit, marriages[1]) if p == 0 \
                    else (marriages[0], marriages[1] | 1 << a.suit)
            return s._replace(hands=hands, trick=c, marriages=marriages)
        lead = s.leader
        winner = p if follower_wins(s.trick, c, s.trump) else lead
        h = [s.hands[0], s.hands[1]]
        h[p] &= ~(1 << c)
        pts = list(s.points)
        pts[winner] += _POINTS[s.trick] + _POINTS[c]
        won = list(s.tricks)
        won[winner] += 1
        stock = s.stock
        if stock and s.closed_by < 0:   # the winner draws first, then the loser
            h[winner] |= 1 << stock[0]
            h[1 - winner] |= 1 << stock[1]
            stock = stock[2:]
        return s._replace(hands=(h[0], h[1]), stock=stock, leader=winner, trick=0,
                          points=(pts[0], pts[1]), tricks=(won[0], won[1]))
    if kind is EXCHANGE:
        nine = _nine(s.trump)
        h = list(s.hands)
        h[p] ^= (1 << nine) | (1 << s.stock[-1])
        return s._replace(hands=(h[0], h[1]), stock=s.stock[:-1] + (nine,))
    if kind is CLOSE:
        return s._replace(closed_by=p, closed_opp_won=s.tricks[1 - p] > 0)
    if kind is OUT:
        return s._replace(out=p)
    if kind is MARRIAGE_OUT:
        m = list(s.marriages)
        m[p] |= 1 << a.suit
        return s._replace(marriages=(m[0], m[1]), out=p)
    raise IllegalMoveError(f"unknown action {a!r}")


def why_illegal(s: Snapshot, a: Move) -> Optional[str]:
    """``None`` if ``a`` is legal, else the reason it is not."""
    if a in legal_actions(s):
        return None
    p = to_move(s)
    if is_over(s):
        return "the deal is over"
    kind = a.kind
    hand = s.hands[p]
    if kind in (PLAY, MARRIAGE) and not hand >> a.cid & 1:
        return f"player {p} does not hold {a.card}"
    if s.trick and kind != PLAY:
        return f"player {p} must follow to {Card(s.trick)}; only the leader may {kind.split()[0]}"
    if kind == PLAY:
        led = Card(s.trick)
        return (f"{a.card} is not legal in strict play: follow {led.suit.name.lower()} and beat {led} "
                f"if able, else trump if able")
    if kind in (MARRIAGE, MARRIAGE_OUT):
        if s.closed_by >= 0 or not s.stock:
            return "no marriage once the stock is closed or exhausted"
        return f"player {p} does not hold both K and Q of {Suit(a.suit).name.lower()}"
    if kind == OUT:
        return "nobody can go out before trick 1 without showing a marriage"
    if kind == CLOSE:
        return "the stock is already closed" if s.closed_by >= 0 else "the stock is exhausted"
    if kind == EXCHANGE:
        if not s.stock or s.closed_by >= 0:
            return "no exchange once the stock is closed or exhausted"
        if not s.tricks[p]:
            return f"player {p} has not won a trick yet"
        return f"player {p} does not hold the trump 9 ({Card(_nine(s.trump))})"
    return f"{a} is not legal now"


def _claim_gp(s: Snapshot, opp: int) -> int:
    """Game points for a correct claim against ``opp``."""
    return 1 if counted(s, opp) >= 33 else 2 if s.tricks[opp] else 3


def _going_out(s: Snapshot, p: int, how: str) -> Tuple[int, int, str]:
    """The outcome when ``p`` goes out (claims) now."""
    o = 1 - p
    have = counted(s, p)
    gp = [0, 0]
    if have >= GOAL:
        if s.closed_by == o:
            gp[p] = 2 if s.closed_opp_won else 3
            why = f"player {p} {how} with {have} against the closer"
        else:
            gp[p] = _claim_gp(s, o)
            why = f"player {p} {how} with {have}; player {o} has {counted(s, o)}"
    elif s.closed_by == p:
        gp[o] = 2 if s.closed_opp_won else 3
        why = f"player {p} closed and {how} with only {have}"
    else:
        gp[o] = 2 if s.tricks[o] else 3
        why = f"player {p} {how} with only {have} (a wrong claim)"
    return gp[0], gp[1], why


def require_over(s: Snapshot) -> None:
    """:class:`PositionError` unless the deal is over (for results that
    exist only at the end of the deal)."""
    if not is_over(s):
        raise PositionError("the deal is not over")


def deal_result(s: Snapshot) -> Tuple[int, int, str]:
    """(game points of player 0, of player 1, reason) of a finished deal."""
    if s.out >= 0:
        return _going_out(s, s.out, "went out")
    require_over(s)
    w = s.leader   # the winner of the last trick
    if counted(s, w) >= GOAL:
        return _going_out(s, w, "won the last trick and went out")
    gp = [0, 0]
    if s.closed_by >= 0:
        c = s.closed_by
        gp[1 - c] = 2 if s.closed_opp_won else 3
        return gp[0], gp[1], f"player {c} closed and failed to reach {GOAL}"
    tot = final_points(s)
    if tot[0] == tot[1]:
        return 0, 0, f"played out, equal totals {tot[0]}"
    win = 0 if tot[0] > tot[1] else 1
    lose = 1 - win
    gp[win] = 1 if tot[lose] >= 33 else 2 if s.tricks[lose] else 3
    return gp[0], gp[1], f"played out {tot[0]}-{tot[1]} (last trick +{LAST_TRICK_BONUS})"


def final_points(s: Snapshot) -> Tuple[int, int]:
    """Counted points of both players, plus the last-trick bonus when the
    deal was played out without closing (the card-points objective)."""
    tot = [counted(s, 0), counted(s, 1)]
    if s.out < 0 and is_over(s) and s.closed_by < 0:
        tot[s.leader] += LAST_TRICK_BONUS
    return tot[0], tot[1]
