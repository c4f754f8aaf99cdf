// sixtysix/rules.hpp: Sixty-Six's rules for the search (rules and spec:
// openhand/sixtysix/rules.py and reference.py; this file mirrors them):
// cards and points, action codes, the binding's Deal, and Position: the
// state, the result of a finished deal, the legal actions and their
// ordering, play/undo.
//
// The game is a stack of layers, each adding one concern to the class
// below it: Position (rules.hpp) < Bounds (bounds.hpp) < Endgame
// (endgame.hpp) < Game (game.hpp), the search's Game; the tables' keys and
// entries are in tables.hpp.
//
// Rules in brief: 24 cards A T K Q J 9 (11 10 4 3 2 0 points), two players,
// a 12-card stock whose last card is the face-up trump card.  While the stock
// is open and not exhausted nobody must follow; once it is closed or
// exhausted the follower must follow suit and beat, else trump.  The leader,
// before leading, may exchange the trump 9 for the trump card, close the
// stock, show a marriage (K+Q, 20 or 40 in trumps) with his lead, or go out
// claiming 66.  Game points -3..3 (see deal_result in rules.py).
//
// Open hand: both hands and the stock order are known.  Every action is one
// node, exactly as in the Python reference: exchange and close keep the same
// player to move; a lead passes the move to the follower; out and
// "marriage X out" end the deal.
//
// Values are from player 0's point of view (maximizing() = player 0 to
// move); the binding turns them to the player on turn.  Two objectives:
//   kGame:   game points of player 0 minus player 1's, -3..3;
//   kPoints: final counted points of player 0 minus player 1's, the deal
//            played to the last card (claims are not offered), +10 for the
//            last trick when the stock was not closed.
// Neither is a sum of per-move gains (game points depend on thresholds; the
// card points of a marriage depend on a later trick), so play() returns 0
// and terminal_value() returns the whole result.  The tables therefore
// hold everything that shapes the future, the points as a function of
// player 0's trick points (tables.hpp: MainId and PointTable).
//
// Actions, as small ints (stored in the table as uint8):
//   0..63        play the card with that id (lead or follow)
//   64..71       marriage: 64 + 2 * suit + (0 for the queen, 1 for the king
//                led) - shows the marriage and leads that card
//   72..75       marriage X out: 72 + suit
//   76 exchange, 77 close, 78 out
#pragma once
#include <algorithm>
#include <cstdint>

#include "cards.hpp"
#include "search.hpp"

namespace openhand {
namespace sixtysix {

constexpr int kHandSize = 6;
constexpr int kMaxStock = 12;
constexpr int kGoal = 66;
constexpr int kLastTrickBonus = 10;

enum Objective { kGame = 0, kPoints = 1 };

// Action codes.
constexpr int kMarriage = 64;      // + 2 * suit + (rank == king)
constexpr int kMarriageOut = 72;   // + suit
constexpr int kExchange = 76;
constexpr int kClose = 77;
constexpr int kOut = 78;
constexpr int kNoAction = 255;

constexpr int kNine = 9, kTen = 10, kJack = 11, kQueen = 12, kKing = 13, kAce = 14;

inline int card_points(int card) {
  static constexpr std::int8_t kPts[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 2, 3, 4, 11, 0};
  return kPts[rank_of(card)];
}
// A T K Q J 9 -> 5 4 3 2 1 0
inline int strength(int card) {
  static constexpr std::int8_t kStr[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 1, 2, 3, 5, 0};
  return kStr[rank_of(card)];
}
inline int card_id(int suit, int rank) { return suit * 16 + rank; }

// The six ranks 9..A of every suit.
constexpr Mask kDeck = 0x7E007E007E007E00ull;
inline Mask suit_cards(int suit) { return Mask{0x7E00} << (16 * suit); }
inline Mask kq_mask(int suit) { return (bit(kQueen) | bit(kKing)) << (16 * suit); }

inline int mask_points(Mask m) {
  const Mask aces = 0x4000400040004000ull, tens = aces >> 4, kings = aces >> 1,
             queens = aces >> 2, jacks = aces >> 3;
  return 11 * popcount(m & aces) + 10 * popcount(m & tens) + 4 * popcount(m & kings) +
         3 * popcount(m & queens) + 2 * popcount(m & jacks);
}

// The cards of c's suit that beat c.
inline Mask higher(int c) {
  // by rank: 9 -> J Q K T A, T -> A, J -> Q K T A, Q -> K T A, K -> T A
  static constexpr std::uint16_t kHigher[16] = {0, 0, 0, 0, 0, 0, 0, 0,
                                                0, 0x7C00, 0x4000, 0x7400, 0x6400, 0x4400, 0, 0};
  return Mask{kHigher[rank_of(c)]} << (16 * suit_of(c));
}

// Does the follower's card beat the led card?
inline bool follower_wins(int led, int card, int trump) {
  if (suit_of(led) == suit_of(card)) return strength(card) > strength(led);
  return suit_of(card) == trump;
}

// 6 bits per suit, 24 bits per hand (card 9..A of suit s -> bits 6s..6s+5).
inline std::uint64_t compact(Mask m) {
  return ((m >> 9) & 0x3F) | ((m >> 19) & 0xFC0) | ((m >> 29) & 0x3F000) | ((m >> 39) & 0xFC0000);
}
// 1..24: a card in 5 bits, 0 = none.
inline std::uint64_t card_code(int c) { return std::uint64_t(6 * suit_of(c) + rank_of(c) - kNine + 1); }

// A position as handed over by the binding (already validated in Python).
struct Deal {
  Mask hands[2];
  int stock[kMaxStock];
  int nstock;
  int trump;
  int leader;
  int trick;         // the card in play, 0 if none
  int points[2];
  int tricks[2];
  int marriages[2];  // 4-bit suit masks
  int closed_by;     // -1 if open
  int closed_opp_won;
  int out;           // -1 if nobody went out
  int objective;
};

// A position in play and the rules that move it: the bottom layer.
class Position {
 public:
  static constexpr int kMaxMoves = 24;

  explicit Position(const Deal& d) {
    trump_ = d.trump;
    objective_ = d.objective;
    nstock_ = d.nstock;
    for (int i = 0; i < nstock_; ++i) stock_[i] = d.stock[i];
    // slots 1..n-1 from the end of the stock; slot 0 (the trump card) is
    // added at key time since an exchange changes it.
    stock_code_ = 0;
    for (int k = 1; k < nstock_; ++k) stock_code_ |= card_code(stock_[nstock_ - 1 - k]) << (5 * k);
    // stock_from_[i]: the cards at i .. nstock - 2 (the last slot, the trump
    // card, is s.last: an exchange changes it).
    for (int i = 0; i <= kMaxStock; ++i) stock_from_[i] = 0;
    for (int i = nstock_ - 2; i >= 0; --i) stock_from_[i] = stock_from_[i + 1] | bit(stock_[i]);
    St& s = s_;
    s.hand[0] = d.hands[0];
    s.hand[1] = d.hands[1];
    s.si = 0;
    s.last = std::int8_t(nstock_ ? stock_[nstock_ - 1] : 0);
    s.leader = std::int8_t(d.leader);
    s.trick = std::int8_t(d.trick);
    s.points[0] = std::uint8_t(d.points[0]);
    s.points[1] = std::uint8_t(d.points[1]);
    s.tricks[0] = std::uint8_t(d.tricks[0]);
    s.tricks[1] = std::uint8_t(d.tricks[1]);
    s.mar[0] = std::uint8_t(d.marriages[0]);
    s.mar[1] = std::uint8_t(d.marriages[1]);
    s.closed_by = std::int8_t(d.closed_by);
    s.opp_won = std::uint8_t(d.closed_opp_won ? 1 : 0);
    s.out = std::int8_t(d.out);
  }

  // ------------------------------------------------------------ queries
  int stock_left() const { return nstock_ - s_.si; }
  bool strict() const { return s_.closed_by >= 0 || stock_left() == 0; }
  int to_move() const { return s_.trick ? 1 - s_.leader : s_.leader; }
  bool is_terminal() const { return s_.out >= 0 || (!s_.trick && !s_.hand[s_.leader]); }
  bool maximizing() const { return to_move() == 0; }
  int depth() const {
    return popcount(s_.hand[0] | s_.hand[1]) + stock_left() + 1;
  }

  int marriage_points(int suits) const { return 20 * (popcount(Mask(suits)) + (suits >> trump_ & 1)); }
  int counted(int p) const {
    return s_.points[p] + (s_.tricks[p] ? marriage_points(s_.mar[p]) : 0);
  }

  // The result of a finished deal, player 0's view.
  int terminal_value() const {
    if (objective_ == kPoints) {
      int t0 = counted(0), t1 = counted(1);
      if (s_.out < 0 && s_.closed_by < 0) (s_.leader == 0 ? t0 : t1) += kLastTrickBonus;
      return t0 - t1;
    }
    int gp[2];
    deal_result(gp);
    return gp[0] - gp[1];
  }

  // ------------------------------------------------------------ moves
  // Every legal action, in the reference's order (see legal_actions).
  int legal_moves(int* out) const {
    int n = 0;
    const St& s = s_;
    if (is_terminal()) return 0;
    if (!s.trick) {
      const int p = s.leader;
      const Mask hand = s.hand[p];
      const int pairs = marriage_suits();
      if (objective_ == kGame) {
        if (s.tricks[0] + s.tricks[1]) out[n++] = kOut;
        for (int su = 0; su < 4; ++su)
          if (pairs >> su & 1) out[n++] = kMarriageOut + su;
      }
      if (stock_left() && s.closed_by < 0) {
        if (s.tricks[p] && (hand & bit(card_id(trump_, kNine)))) out[n++] = kExchange;
        out[n++] = kClose;
      }
      for (int su = 0; su < 4; ++su)
        if (pairs >> su & 1) { out[n++] = kMarriage + 2 * su + 1; out[n++] = kMarriage + 2 * su; }
      for (int c : cards_of(hand)) out[n++] = c;
      return n;
    }
    for (int c : cards_of(follow_mask())) out[n++] = c;
    return n;
  }

  // The actions to search, ordered: `first` (the table's move) if legal,
  // then by a heuristic score.
  //
  // A plain lead of the K or Q of a marriage the leader may show is left
  // out: showing it with that same lead reaches the same position but for
  // the suit marked shown, which adds its 20 or 40 to the leader's count
  // (once he has a trick) and changes nothing else - the marriage could
  // never be shown later (one of its cards is gone), and no legal action
  // depends on the points or the shown suits.  Every end of the deal is
  // non-decreasing in a player's own count with the opponent's fixed (his
  // claim is correct more often, the opponent's claim or a played-out loss
  // scores 1 instead of 2 once he reaches 33, a played-out total only
  // gains; kPoints: his points only gain), so the minimax is too: the
  // marriage lead is at least as good for him, and the maximum (minimum)
  // over his actions is unchanged.  (Search::move_values still values
  // every legal action: it walks legal_moves.)
  int moves(int* out, int first) const {
    int n = legal_moves(out);
    if (!s_.trick) {
      const int pairs = marriage_suits();
      if (pairs) {
        int k = 0;
        for (int i = 0; i < n; ++i) {
          const int a = out[i];
          const bool plain_kq = a < kMarriage && (pairs >> suit_of(a) & 1) &&
                                (rank_of(a) == kKing || rank_of(a) == kQueen);
          if (!plain_kq) out[k++] = a;
        }
        n = k;
      }
    }
    int score[kMaxMoves];
    for (int i = 0; i < n; ++i) score[i] = out[i] == first ? 100000 : order_score(out[i]);
    sort_by_score(out, score, n);
    return n;
  }

  int play(int a) {
    undo_[sp_++] = s_;
    St& s = s_;
    const int p = to_move();
    if (a < kMarriageOut) {  // a card, or a marriage lead
      int c = a;
      if (a >= kMarriage) {
        const int su = (a - kMarriage) >> 1;
        c = card_id(su, (a & 1) ? kKing : kQueen);
        s.mar[p] |= std::uint8_t(1 << su);
      }
      s.hand[p] &= ~bit(c);
      if (!s.trick) { s.trick = std::int8_t(c); return 0; }
      const int led = s.trick;
      const int w = follower_wins(led, c, trump_) ? p : s.leader;
      s.points[w] = std::uint8_t(s.points[w] + card_points(led) + card_points(c));
      ++s.tricks[w];
      if (stock_left() && s.closed_by < 0) {
        s.hand[w] |= bit(stock_[s.si]);
        const int second = s.si + 1 == nstock_ - 1 ? s.last : stock_[s.si + 1];
        s.hand[1 - w] |= bit(second);
        s.si = std::int8_t(s.si + 2);
      }
      s.leader = std::int8_t(w);
      s.trick = 0;
      return 0;
    }
    if (a < kExchange) {
      s.mar[p] |= std::uint8_t(1 << (a - kMarriageOut));
      s.out = std::int8_t(p);
    } else if (a == kExchange) {
      const int nine = card_id(trump_, kNine);
      s.hand[p] ^= bit(nine) | bit(s.last);
      s.last = std::int8_t(nine);
    } else if (a == kClose) {
      s.closed_by = std::int8_t(p);
      s.opp_won = std::uint8_t(s.tricks[1 - p] ? 1 : 0);
    } else {
      s.out = std::int8_t(p);
    }
    return 0;
  }

  void undo(int) { s_ = undo_[--sp_]; }

 protected:
  struct St {
    Mask hand[2];
    std::int8_t si, last, leader, trick, closed_by, out;
    std::uint8_t opp_won;
    std::uint8_t points[2], tricks[2], mar[2];
  };

  // The cards of the stock still to be drawn (none once it is closed: a
  // closed stock is never drawn, so its cards never come into play).
  Mask live_stock() const {
    if (!stock_left() || s_.closed_by >= 0) return 0;
    return stock_from_[s_.si] | bit(s_.last);
  }

  // Suits whose marriage the leader may show now: the stock is not
  // exhausted and he holds 6 cards (with a closed stock only in the turn of
  // the closing), K and Q in hand.
  int marriage_suits() const {
    const Mask hand = s_.hand[s_.leader];
    if (!stock_left() || popcount(hand) != kHandSize) return 0;
    int pairs = 0;
    for (int su = 0; su < 4; ++su)
      if ((hand & kq_mask(su)) == kq_mask(su)) pairs |= 1 << su;
    return pairs;
  }

  Mask follow_mask() const {
    const Mask hand = s_.hand[1 - s_.leader];
    if (!strict()) return hand;
    const int led = s_.trick;
    const Mask same = hand & suit_cards(suit_of(led));
    if (same) {
      const Mask beat = same & higher(led);
      return beat ? beat : same;
    }
    const Mask trumps = hand & suit_cards(trump_);
    return trumps ? trumps : hand;
  }

  // Game points of a finished deal (deal_result in rules.py).
  void going_out(int p, int gp[2]) const {
    const int o = 1 - p;
    gp[0] = gp[1] = 0;
    if (counted(p) >= kGoal) {
      if (s_.closed_by == o) gp[p] = s_.opp_won ? 2 : 3;
      else gp[p] = counted(o) >= 33 ? 1 : s_.tricks[o] ? 2 : 3;
    } else if (s_.closed_by == p) {
      gp[o] = s_.opp_won ? 2 : 3;
    } else {
      gp[o] = s_.tricks[o] ? 2 : 3;
    }
  }
  void deal_result(int gp[2]) const {
    if (s_.out >= 0) { going_out(s_.out, gp); return; }
    const int w = s_.leader;
    if (counted(w) >= kGoal) { going_out(w, gp); return; }
    gp[0] = gp[1] = 0;
    if (s_.closed_by >= 0) {
      gp[1 - s_.closed_by] = s_.opp_won ? 2 : 3;
      return;
    }
    int tot[2] = {counted(0), counted(1)};
    tot[w] += kLastTrickBonus;
    if (tot[0] == tot[1]) return;
    const int win = tot[0] > tot[1] ? 0 : 1, lose = 1 - win;
    gp[win] = tot[lose] >= 33 ? 1 : s_.tricks[lose] ? 2 : 3;
  }

  // Move ordering (bigger first).  Claims that reach here are wrong claims
  // (a correct one makes bounds() exact), so they go last.  Exchange,
  // closing, marriage leads, then the cards.
  int order_score(int a) const {
    if (a == kOut || (a >= kMarriageOut && a < kExchange)) return -1000;
    if (a == kExchange) return 500;
    if (a >= kMarriage && a < kMarriageOut) return 400 + (((a - kMarriage) >> 1) == trump_ ? 40 : 20) + (a & 1);
    // Closing right after the exchange: its rest is one strict endgame,
    // cheap next to a lead's whole stock-phase subtree, and it is often
    // the move that settles the node (tried last, it cut a node only after
    // every lead had been searched: 100 deals, 86.9M -> 39.7M nodes).
    if (a == kClose) return 450;
    const int c = a;
    const int pts = card_points(c);
    const bool trump = suit_of(c) == trump_;
    if (!s_.trick) {
      // Lead (tuned on node counts): in the stock phase a card the
      // opponent holds nothing to beat first (no higher card of its suit,
      // and for a non-trump no trump), then non-trumps before trumps,
      // higher cards first (100 deals: 39.7M -> 30.4M nodes against cheap
      // non-trumps first); in strict play see below.
      if (strict()) {
        // Strict lead (tuned on node counts): a card the opponent cannot
        // beat first (he must follow and cannot go higher, or is void and
        // cannot trump it), then high cards, trumps last.
        const Mask oh = s_.hand[1 - s_.leader];
        const bool sure = (oh & suit_cards(suit_of(c))) ? !(oh & higher(c)) : (trump || !(oh & suit_cards(trump_)));
        return (sure ? 100 : 0) + (trump ? -10 : 0) + pts;
      }
      const Mask oh = s_.hand[1 - s_.leader];
      const bool beaten = (oh & higher(c)) || (!trump && (oh & suit_cards(trump_)));
      return (beaten ? 0 : 100) + (trump ? -60 : 0) + pts + strength(c);
    }
    const int led = s_.trick;
    if (follower_wins(led, c, trump_)) return 200 + card_points(led) + (trump ? -pts - 10 : pts);
    return -pts - (trump ? 20 : 0);
  }

  St s_;
  St undo_[64];
  int sp_ = 0;
  int stock_[kMaxStock] = {};   // (zeroed: slots past nstock_ are never read)
  Mask stock_from_[kMaxStock + 1];
  int nstock_;
  int trump_;
  int objective_;
  std::uint64_t stock_code_;
};

}  // namespace sixtysix
}  // namespace openhand
