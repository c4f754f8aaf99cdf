// sixtysix.hpp: Sixty-Six for the search driver (rules and spec:
// openhand/sixtysix/rules.py and reference.py; this file mirrors them).
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
// and terminal_value() returns the whole result.  The table key therefore
// holds everything that shapes the future, points included (see Key).
//
// Actions, as small ints (stored in the table as uint8):
//   0..63        play the card with that id (lead or follow)
//   64..71       marriage: 64 + 2 * suit + (0 for the queen, 1 for the king
//                led) - shows the marriage and leads that card
//   72..75       marriage X out: 72 + suit
//   76 exchange, 77 close, 78 out
//
// Why the quick bounds are sound (kGame, player 0's view):
// - A player can score 3 only if the opponent has won no trick (a correct
//   claim or a played-out win), or he himself has won none (the opponent's
//   wrong claim), or the opponent closed while he had won none.  Trick
//   counts only grow, so otherwise his best is 2.
// - Once a player counts 33, his opponent can score more than 1 only when
//   he himself closed (the opponent's wrong claim is never forced).
// - A player who cannot reach 66 any more (counted + pending marriages + all
//   card points in play + marriages still possible for him) never goes out:
//   if he closed he fails (exact: the opponent scores 2, or 3); with an open
//   stock his only win is a played-out one, impossible when even the
//   last-trick bonus leaves him at or below the opponent's count.
// - A leader (no card in play, a trick already played) whose counted points
//   (or counted points plus a marriage he may show and go out with, once he
//   has won a trick) reach 66 gets exactly the value of going out now.  Going
//   out now scores f(opponent's state): 1 if the opponent counts 33 or more,
//   2 if he has a trick, 3 if not (2 or 3 fixed when the opponent closed).
//   Every other end of the deal is at most f of the opponent's later state
//   (his counted points and tricks only grow), or a loss, except the
//   opponent's wrong claim, which he never needs to make (a card is always
//   legal).  So waiting never gains.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>

#include "cards.hpp"
#include "search.hpp"

namespace openhand {
namespace sixtysix {

constexpr int kHandSize = 6;
constexpr int kMaxStock = 12;
constexpr int kGoal = 66;
constexpr int kLastTrickBonus = 10;
#ifndef SIXTYSIX_STORE_MIN
#define SIXTYSIX_STORE_MIN 3
#endif
// The table is used at trick starts with at least this many cards in hand:
// closer to the end a re-search is cheaper than a cache miss.
constexpr int kStoreMin = SIXTYSIX_STORE_MIN;
#ifndef SIXTYSIX_END_STORE_MIN
#define SIXTYSIX_END_STORE_MIN 2
#endif
#ifndef SIXTYSIX_END_PREFETCH
#define SIXTYSIX_END_PREFETCH 1
#endif
constexpr int kEndStoreMin = SIXTYSIX_END_STORE_MIN;

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
  const int s = suit_of(c);
  Mask m = 0;
  for (int r = kNine; r <= kAce; ++r)
    if (strength(card_id(s, r)) > strength(c)) m |= bit(card_id(s, r));
  return m;
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

// The table key: everything that shapes the rest of the deal.
//   hands:  both hands, 24 bits each (player 0 low);
//   stock:  the remaining stock, 5 bits a card, the last (trump) card in the
//           lowest slot, the next card to draw in the highest used slot;
//           empty slots are 0, so the length is implied;
//   misc:   player 0's trick points (player 1's follow: all 120 card points
//           are either in the tricks or in the cards the key names), the
//           card in play, the leader, who has won a trick, the marriages
//           shown, the closing state, the trump suit and the objective.
// Trick counts beyond "won one or not" do not matter.  The key does not
// depend on the path or the deal, so the table is valid across solves.
struct Key {
  std::uint64_t hands;
  std::uint64_t stock;
  std::uint32_t misc;
  bool operator==(const Key& o) const { return hands == o.hands && stock == o.stock && misc == o.misc; }
};

// The endgame table's key (see Game::solve_rest): both hands, the leader,
// who has won a trick, the closing state, the trump suit, the marriages
// shown (all in `a`), both players' trick points and the objective (`b`).
// In the strict endgame nothing else shapes the rest of the deal: no more
// draws, exchanges or marriages, so the stock (closed: never drawn) and
// the path do not matter.
struct EndKey {
  std::uint64_t a;
  std::uint32_t b;
  bool operator==(const EndKey& o) const { return a == o.a && b == o.b; }
};

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

class Game {
 public:
  using Key = sixtysix::Key;
  static constexpr int kMaxMoves = 24;

  using EndTable = TTable<EndKey>;

  explicit Game(const Deal& d, EndTable* end_table = nullptr) : etable_(end_table) {
    trump_ = d.trump;
    objective_ = d.objective;
    nstock_ = d.nstock;
    for (int i = 0; i < nstock_; ++i) stock_[i] = d.stock[i];
    // slots 1..n-1 from the end of the stock; slot 0 (the trump card) is
    // added at key time since an exchange changes it.
    stock_code_ = 0;
    for (int k = 1; k < nstock_; ++k) stock_code_ |= card_code(stock_[nstock_ - 1 - k]) << (5 * k);
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
  bool storable() const { return !s_.trick && popcount(s_.hand[s_.leader]) >= kStoreMin; }
  int depth() const {
    return popcount(s_.hand[0] | s_.hand[1]) + stock_left() + 1;
  }

  int marriage_points(int suits) const {
    int p = 0;
    for (int su = 0; su < 4; ++su)
      if (suits >> su & 1) p += su == trump_ ? 40 : 20;
    return p;
  }
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

  Key key() const {
    Key k;
    k.hands = compact(s_.hand[0]) | (compact(s_.hand[1]) << 24);
    const int left = stock_left();
    if (left) {
      const std::uint64_t used = left >= 12 ? ~std::uint64_t(0) >> 4 : (std::uint64_t(1) << (5 * left)) - 1;
      k.stock = (stock_code_ & used & ~std::uint64_t(31)) | card_code(s_.last);
    } else {
      k.stock = 0;
    }
    std::uint32_t m = s_.points[0];                                  // 7 bits
    m |= std::uint32_t(s_.trick ? card_code(s_.trick) : 0) << 7;     // 5
    m |= std::uint32_t(s_.leader) << 12;                             // 1
    m |= std::uint32_t(s_.tricks[0] ? 1 : 0) << 13;                  // 1
    m |= std::uint32_t(s_.tricks[1] ? 1 : 0) << 14;                  // 1
    m |= std::uint32_t(s_.mar[0]) << 15;                             // 4
    m |= std::uint32_t(s_.mar[1]) << 19;                             // 4
    m |= std::uint32_t(s_.closed_by + 1) << 23;                      // 2
    m |= std::uint32_t(s_.opp_won) << 25;                            // 1
    m |= std::uint32_t(trump_) << 26;                                // 2
    m |= std::uint32_t(objective_) << 28;                            // 1
    k.misc = m;
    return k;
  }
  static std::uint64_t hash(const Key& k) {
    return mix64(k.hands ^ mix64(k.stock + 0x9e3779b97f4a7c15ull) ^ (std::uint64_t(k.misc) * 0xff51afd7ed558ccdull));
  }
  int to_key(int move) const { return move; }
  int from_key(int move) const { return move; }
  int representative(int move) const { return move; }

  void bounds(int& lo, int& hi) const {
    if (objective_ == kPoints) { point_bounds(lo, hi); return; }
    const St& s = s_;
    hi = can_score3(0) ? 3 : 2;
    lo = can_score3(1) ? -3 : -2;
    int best[2] = {hi, -lo};  // the most each player can still score
    for (int p = 0; p < 2; ++p) {
      const int o = 1 - p;
      // Once the opponent counts 33, p can score more than 1 only through
      // the opponent's closing (or wrong claim, never forced).
      if (counted(o) >= 33 && s.closed_by != o) best[p] = std::min(best[p], 1);
      if (max_count(p) < kGoal) {
        // p can never go out.
        if (s.closed_by == p) {  // p closed and must fail
          const int g = s.opp_won ? 2 : 3;
          lo = hi = p == 0 ? -g : g;
          return;
        }
        if (s.closed_by < 0) {
          // p's only win is a played-out one (his own closing would fail).
          const int diff = max_count(p) + kLastTrickBonus - counted(o);
          best[p] = std::min(best[p], diff < 0 ? -1 : diff == 0 ? 0 : best[p]);
        }
      }
    }
    hi = std::min(hi, best[0]);
    lo = std::max(lo, -best[1]);
    if (lo > hi) lo = hi;  // cannot happen; keeps the window sane
    // A leader who can go out with 66 gets exactly that (see the top).
    if (!s.trick) {
      const int p = s.leader;
      if (s.tricks[p]) {
        int have = counted(p);
        if (have < kGoal && stock_left() && popcount(s.hand[p]) == kHandSize) {
          for (int su = 0; su < 4; ++su)
            if ((s.hand[p] & kq_mask(su)) == kq_mask(su) && !(s.mar[p] >> su & 1))
              have = std::max(have, counted(p) + (su == trump_ ? 40 : 20));
        }
        if (have >= kGoal) {
          const int o = 1 - p;
          int g;
          if (s.closed_by == o) g = s.opp_won ? 2 : 3;
          else g = counted(o) >= 33 ? 1 : s.tricks[o] ? 2 : 3;
          lo = hi = p == 0 ? g : -g;
        }
      }
    }
  }

  // ------------------------------------------------------------ endgame
  // The strict endgame (stock exhausted or closed, a trick start, no
  // marriage to show) gets a dedicated search: the leader's only actions
  // are his cards and the claim "out", and the follower's the cards
  // follow_mask() allows.  Why dropping the claim is exact:
  // - with 66 counted the leader has won a trick and bounds() is exact
  //   (the value of going out now), checked before any move is tried;
  // - under 66 it is a wrong claim: the opponent scores 2, or 3 if he has
  //   won no trick, or (if the leader closed) exactly what failing the
  //   closing gives him.  The leader has won a trick (he won the last
  //   one; before trick 1 the claim is not offered), so playing on can
  //   give the opponent 3 only when the opponent has no trick or the leader
  //   closed with opp_won = 0 - the same as the wrong claim.  Playing on is
  //   never worse, so the claim never changes the maximum.
  // (The points objective offers no claims.)  A whole trick is searched in
  // one frame and positions are kept in a small table of their own
  // (EndKey), so the main table holds only the stock phase.  Values and
  // bounds are exactly those of the generic search: same bounds(), same
  // terminal_value(), fail-soft alpha-beta.
  bool solve_rest(int alpha, int beta, int& v) {
    if (!etable_ || s_.trick || s_.out >= 0 || !strict() || marriage_suits()) return false;
    v = endgame(alpha, beta);
    return true;
  }
  std::uint64_t extra_nodes() const { return enodes_; }

  // The endgame key: exactly the state that shapes the rest (see EndKey).
  // (Keying kGame on the points clamped to the thresholds that can still
  // matter - 66, 33, 23 for a loser with the last-trick bonus, and the sign
  // of the difference +- 10 - was tried: 0.5% fewer nodes, slower overall,
  // so the points are keyed exactly.)
  EndKey end_key() const {
    EndKey k;
    const St& s = s_;
    k.a = compact(s.hand[0]) | (compact(s.hand[1]) << 24) | (std::uint64_t(s.leader) << 48) |
          (std::uint64_t(s.tricks[0] ? 1 : 0) << 49) | (std::uint64_t(s.tricks[1] ? 1 : 0) << 50) |
          (std::uint64_t(s.closed_by + 1) << 51) | (std::uint64_t(s.opp_won) << 53) |
          (std::uint64_t(trump_) << 54) | (std::uint64_t(s.mar[0]) << 56) | (std::uint64_t(s.mar[1]) << 60);
    k.b = std::uint32_t(s.points[0]) | (std::uint32_t(s.points[1]) << 8) | (std::uint32_t(objective_) << 16);
    return k;
  }
  static std::uint64_t end_hash(const EndKey& k) {
    return mix64(k.a ^ (std::uint64_t(k.b) * 0xff51afd7ed558ccdull));
  }

  // Fail-soft alpha-beta over whole tricks from a strict trick start.
  int endgame(int alpha, int beta) {
    ++enodes_;
    const int L = s_.leader;
    if (!s_.hand[L]) return terminal_value();
    int lo, hi;
    bounds(lo, hi);
    if (lo >= beta || lo == hi) return lo;
    if (hi <= alpha) return hi;
    if (cash_out(lo, hi)) return lo;
    const bool store = popcount(s_.hand[L]) >= kEndStoreMin;
    EndKey key{};
    std::uint64_t hash = 0;
    int first = -1;
    if (store) {
      key = end_key();
      hash = end_hash(key);
      if (const auto* e = etable_->probe(key, hash)) {
        lo = std::max<int>(lo, e->lo);
        hi = std::min<int>(hi, e->hi);
        first = e->move == 255 ? -1 : e->move;
        if (lo >= beta || lo == hi) return lo;
        if (hi <= alpha) return hi;
      }
    }
    alpha = std::max(alpha, lo);
    beta = std::min(beta, hi);
    const bool maxing = L == 0;
    int leads[kHandSize], nl = sorted_cards(s_.hand[L], first, leads);
    int best = maxing ? -kInf : kInf, best_move = -1;
    int a = alpha, b = beta;
    const St save = s_;
    for (int i = 0; i < nl; ++i) {
      const int c = leads[i];
      s_.hand[L] &= ~bit(c);
      s_.trick = std::int8_t(c);
      ++enodes_;
      int fol[kHandSize];
      const int nf = sorted_cards(follow_mask(), -1, fol);
      const St led = s_;
#if SIXTYSIX_END_PREFETCH
      // Start fetching the replies' table buckets together: their misses
      // overlap instead of each stalling its own child.
      if (popcount(s_.hand[L]) >= kEndStoreMin) {
        for (int j = 0; j < nf; ++j) {
          apply_reply(c, fol[j]);
          etable_->prefetch(end_hash(end_key()));
          s_ = led;
        }
      }
#endif
      int fb = maxing ? kInf : -kInf;  // the follower minimizes when the leader maximizes
      int a2 = a, b2 = b;
      for (int j = 0; j < nf; ++j) {
        apply_reply(c, fol[j]);
        const int v = endgame(a2, b2);
        s_ = led;
        if (maxing) { fb = std::min(fb, v); b2 = std::min(b2, v); }
        else { fb = std::max(fb, v); a2 = std::max(a2, v); }
        if (a2 >= b2) break;
      }
      s_ = save;
      if (maxing ? fb > best : fb < best) { best = fb; best_move = c; }
      if (maxing) a = std::max(a, fb); else b = std::min(b, fb);
      if (a >= b) break;
    }
    if (store) {
      if (best <= alpha) etable_->store(key, hash, popcount(s_.hand[L]), -kInf, best, best_move);
      else if (best >= beta) etable_->store(key, hash, popcount(s_.hand[L]), best, kInf, best_move);
      else etable_->store(key, hash, popcount(s_.hand[L]), best, best, best_move);
    }
    return best;
  }

  // Strict play, a trick start (kGame): cards with which the leader can
  // win one trick after another (no draws in strict play, so hands only
  // shrink):
  // - his trumps above every trump of the opponent: nothing beats them;
  // - if the opponent has no trump: his cards with no higher card of their
  //   suit in the opponent's hand;
  // - else, in a plain suit where all of the leader's cards with no higher
  //   card opposite are at most as many as the opponent's cards of that
  //   suit: those cards.  Cashed after the trumps and one suit at a time,
  //   the opponent must follow that suit each time (he keeps enough cards
  //   of it: on the leader's trumps he must play trumps, and on another
  //   suit that suit); should he run out of trumps on the way, the second
  //   case applies anyway.
  // The opponent gains nothing meanwhile (no points, no trick).  If the
  // points of these cards bring the leader (his marriages count once he has
  // a trick) to 66, he goes out and scores f(the opponent's state now): 1
  // if the opponent counts 33, 2 if he has a trick, else 3 (if the opponent
  // closed: 2, or 3 if he had no trick then).  That is also the most the
  // leader can get (see the top of the file: every end is at most f of the
  // opponent's later state, his points and tricks only grow), so the value
  // is exact.
  bool cash_out(int& lo, int& hi) const {
    if (objective_ != kGame) return false;
    const St& s = s_;
    const int p = s.leader, o = 1 - p;
    const Mask mine = s.hand[p], oh = s.hand[o], otr = oh & suit_cards(trump_);
    Mask sure = 0;
    for (int su = 0; su < 4; ++su) {
      const Mask os = oh & suit_cards(su);
      Mask top = 0;
      for (int c : cards_of(mine & suit_cards(su)))
        if (!(os & higher(c))) top |= bit(c);
      if (su == trump_ || !otr || popcount(top) <= popcount(os)) sure |= top;
    }
    if (!sure || s.points[p] + marriage_points(s.mar[p]) + mask_points(sure) < kGoal) return false;
    int g;
    if (s.closed_by == o) g = s.opp_won ? 2 : 3;
    else g = counted(o) >= 33 ? 1 : s.tricks[o] ? 2 : 3;
    lo = hi = p == 0 ? g : -g;
    return true;
  }

  // The follower plays f on the led card c (strict play: no draws).
  void apply_reply(int c, int f) {
    St& s = s_;
    const int L = s.leader, F = 1 - L;
    s.hand[F] &= ~bit(f);
    const int w = follower_wins(c, f, trump_) ? F : L;
    s.points[w] = std::uint8_t(s.points[w] + card_points(c) + card_points(f));
    ++s.tricks[w];
    s.leader = std::int8_t(w);
    s.trick = 0;
  }

  // The cards of m, `first` (if in m) first, then by order_score.
  int sorted_cards(Mask m, int first, int* out) const {
    int n = 0, score[kHandSize];
    for (int c : cards_of(m)) {
      const int sc = c == first ? 100000 : order_score(c);
      int j = n++;
      while (j > 0 && score[j - 1] < sc) { out[j] = out[j - 1]; score[j] = score[j - 1]; --j; }
      out[j] = c; score[j] = sc;
    }
    return n;
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
  int moves(int* out, int first) const {
    const int n = legal_moves(out);
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

 private:
  struct St {
    Mask hand[2];
    std::int8_t si, last, leader, trick, closed_by, out;
    std::uint8_t opp_won;
    std::uint8_t points[2], tricks[2], mar[2];
  };

  // At most the counted points p can reach (not counting the last-trick
  // bonus): what he counts now, his pending marriages, every card point
  // still in play and every marriage not shown whose K and Q are both still
  // in his hand or the stock (while the stock is not exhausted).
  int max_count(int p) const {
    const St& s = s_;
    Mask stock = 0;
    for (int i = s.si; i < nstock_ - 1; ++i) stock |= bit(stock_[i]);
    if (stock_left()) stock |= bit(s.last);
    const Mask in_play = s.hand[0] | s.hand[1] | stock | (s.trick ? bit(s.trick) : 0);
    int m = counted(p) + (s.tricks[p] ? 0 : marriage_points(s.mar[p])) + mask_points(in_play);
    if (stock_left()) {
      const Mask mine = s.hand[p] | stock;
      const int shown = s.mar[0] | s.mar[1];
      for (int su = 0; su < 4; ++su)
        if (!(shown >> su & 1) && (mine & kq_mask(su)) == kq_mask(su)) m += su == trump_ ? 40 : 20;
    }
    // Strict play at a trick start: every trump of the opponent that beats
    // all of p's trumps wins its trick for the opponent (led: p cannot beat
    // it; played on p's lead: it beats any non-trump and p's lower trump),
    // and p gets no new cards, so its points never reach p.
    if (strict() && !s.trick) m -= mask_points(sure_trumps(1 - p));
    return m;
  }

  // The trumps of player o higher than every trump of the other player.
  Mask sure_trumps(int o) const {
    const Mask mine = s_.hand[o] & suit_cards(trump_), theirs = s_.hand[1 - o] & suit_cards(trump_);
    Mask sure = mine;
    for (int c : cards_of(theirs)) sure &= higher(c);
    return sure;
  }

  bool can_score3(int p) const {
    const int o = 1 - p;
    return !s_.tricks[o] || !s_.tricks[p] || (s_.closed_by == o && !s_.opp_won);
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

  // Card-point bounds: a player's final count is at least what he counts
  // now, and at most that plus his pending marriages, every card point
  // still in play, every marriage whose K and Q are both still in play and
  // not shown, and the last-trick bonus.
  void point_bounds(int& lo, int& hi) const {
    const St& s = s_;
    Mask in_play = s.hand[0] | s.hand[1] | (s.trick ? bit(s.trick) : 0);
    for (int i = s.si; i < nstock_ - 1; ++i) in_play |= bit(stock_[i]);
    if (stock_left()) in_play |= bit(s.last);
    int rest = mask_points(in_play);
    const int shown = s.mar[0] | s.mar[1];
    for (int su = 0; su < 4; ++su)
      if (!(shown >> su & 1) && (in_play & kq_mask(su)) == kq_mask(su)) rest += su == trump_ ? 40 : 20;
    if (s.closed_by < 0) rest += kLastTrickBonus;
    int mx[2], mn[2];
    for (int p = 0; p < 2; ++p) {
      mn[p] = counted(p);
      mx[p] = mn[p] + (s.tricks[p] ? 0 : marriage_points(s.mar[p])) + rest;
    }
    lo = mn[0] - mx[1];
    hi = mx[0] - mn[1];
  }

  // Move ordering (bigger first).  Claims that reach here are wrong claims
  // (a correct one makes bounds() exact), so they go last.
  int order_score(int a) const {
    if (a == kOut || (a >= kMarriageOut && a < kExchange)) return -1000;
    if (a == kExchange) return 500;
    if (a >= kMarriage && a < kMarriageOut) return 400 + (((a - kMarriage) >> 1) == trump_ ? 40 : 20) + (a & 1);
    if (a == kClose) return -50;
    const int c = a;
    const int pts = card_points(c);
    const bool trump = suit_of(c) == trump_;
    if (!s_.trick) {
      // Lead (tuned on node counts): in the stock phase cheap non-trumps
      // first; in strict play see below.
      if (strict()) {
        // Strict lead (tuned on node counts): a card the opponent cannot
        // beat first (he must follow and cannot go higher, or is void and
        // cannot trump it), then high cards, trumps last.
        const Mask oh = s_.hand[1 - s_.leader];
        const bool sure = (oh & suit_cards(suit_of(c))) ? !(oh & higher(c)) : (trump || !(oh & suit_cards(trump_)));
        return (sure ? 100 : 0) + (trump ? -10 : 0) + pts;
      }
      return (trump ? -60 : 0) - pts - strength(c);
    }
    const int led = s_.trick;
    if (follower_wins(led, c, trump_)) return 200 + card_points(led) + (trump ? -pts - 10 : pts);
    return -pts - (trump ? 20 : 0);
  }

  EndTable* etable_;
  std::uint64_t enodes_ = 0;
  St s_;
  St undo_[64];
  int sp_ = 0;
  int stock_[kMaxStock];
  int nstock_;
  int trump_;
  int objective_;
  std::uint64_t stock_code_;
};

// The solver object the binding holds: a table reused across solves.
class Solver {
 public:
  // The memory cap is shared: with at least kEndSplitMin bytes, half goes
  // to the endgame table (Game::solve_rest); below that the endgame is
  // searched by the generic search alone (same values, just slower).
  static constexpr std::size_t kEndSplitMin = std::size_t(1) << 16;
  explicit Solver(std::size_t table_bytes)
      : table_(table_bytes >= kEndSplitMin ? table_bytes - table_bytes / 2 : table_bytes),
        etable_(table_bytes >= kEndSplitMin ? new Game::EndTable(table_bytes / 2) : nullptr) {}

  std::size_t table_bytes() const { return table_.bytes() + (etable_ ? etable_->bytes() : 0); }

  // The exact value (player 0's view).
  int value(const Deal& d, std::uint64_t* nodes) {
    Game g(d, etable_.get());
    reserve(g);
    Search<Game> s(g, table_);
    const int v = g.is_terminal() ? g.terminal_value() : s.exact(0);
    *nodes = s.nodes() + g.extra_nodes() + (g.is_terminal() ? 1 : 0);
    return v;
  }

  // Value of the position and of each legal action (player 0's view);
  // returns the number of actions.
  int move_values(const Deal& d, int* value, int* actions, int* values, std::uint64_t* nodes) {
    Game g(d, etable_.get());
    reserve(g);
    Search<Game> s(g, table_);
    if (g.is_terminal()) {
      *value = g.terminal_value();
      *nodes = 1;
      return 0;
    }
    *value = s.exact(0);
    const int n = s.move_values(*value, actions, values);
    *nodes = s.nodes() + g.extra_nodes();
    return n;
  }

 private:
  // The table starts small (TTable) and must be grown to the search's
  // size, or a full deal thrashes a few thousand entries.  Size by the
  // cards still to play (a full deal: 2^SIXTYSIX_TT_LOG entries, within
  // the memory cap).
  void reserve(const Game& g) {
#ifndef SIXTYSIX_TT_LOG
#define SIXTYSIX_TT_LOG 18
#endif
    const int d = g.depth();
    table_.reserve(std::size_t(1) << std::max(12, std::min(SIXTYSIX_TT_LOG, SIXTYSIX_TT_LOG - (25 - d) / 2)));
#ifndef SIXTYSIX_END_TT_LOG
#define SIXTYSIX_END_TT_LOG 18
#endif
    if (etable_) etable_->reserve(std::size_t(1) << SIXTYSIX_END_TT_LOG);
  }
  TTable<Key> table_;
  std::unique_ptr<Game::EndTable> etable_;
};

}  // namespace sixtysix
}  // namespace openhand
