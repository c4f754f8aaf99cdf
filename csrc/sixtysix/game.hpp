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
// and terminal_value() returns the whole result.  The tables therefore
// hold everything that shapes the future, the points as a function of
// player 0's trick points (see MainId and PointTable).
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
#include <cstdlib>
#include <cstring>
#include <memory>
#include <stdexcept>

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
  // by rank: 9 -> J Q K T A, T -> A, J -> Q K T A, Q -> K T A, K -> T A
  static constexpr std::uint16_t kHigher[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0x7C00, 0x4000, 0x7400, 0x6400, 0x4400, 0, 0};
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

// The main table's key: everything that shapes the rest of the deal but
// how the trick points are split (PointTable answers for every split).
//   hands:  both hands, 24 bits each (player 0 low);
//   stock:  the remaining stock, 5 bits a card, the last (trump) card in the
//           lowest slot, the next card to draw in the highest used slot;
//           empty slots are 0, so the length is implied;
//   misc:   the sum of both players' trick points (all 120 card points are
//           either in the tricks or in the cards the key names, so this is
//           implied; kept for clarity), the card in play, the leader, who
//           has won a trick, the marriages shown, the closing state, the
//           trump suit and the objective.
// Trick counts beyond "won one or not" do not matter.  The key does not
// depend on the path or the deal, so the table is valid across solves.
struct MainId {
  std::uint64_t hands;
  std::uint64_t stock;
  std::uint32_t misc;
  bool operator==(const MainId& o) const { return hands == o.hands && stock == o.stock && misc == o.misc; }
  bool points() const { return misc >> 28 & 1; }
};

// The tables (main: MainId; endgame, see Game::solve_rest: EndId) key a
// position without the split of the trick points: only their sum is in
// the key, so player 0's points P tell both players', and an entry holds
// what is known of the value as a function of P:
// - kGame: the value is non-decreasing in P (moving points from player 1
//   to player 0 never hurts player 0).  Why: no legal action depends on
//   the points (the claim is legal at every trick start after trick 1;
//   exchanges, closing and marriages look at cards and tricks only), so
//   the game tree is the same for every P, and every end of the deal
//   is non-decreasing in P: a claim by player 0 is correct for more P and
//   then scores f(player 1's count), which only grows as player 1's count
//   falls; a claim by player 1 is wrong for more P, and when correct
//   scores f(player 0's count), which only falls; a played-out end
//   compares the totals; a failed closing scores a fixed amount, and
//   whether it fails moves the right way with P.  A minimax of
//   non-decreasing leaves is non-decreasing.  So "value >= t at P" holds
//   at every P' >= P, and "value < t at P" at every P' <= P: for each t in
//   -2..3 the entry keeps the least P known with value >= t (yes) and the
//   greatest P known with value < t (no), and answers for any P.
// - kPoints: the play does not depend on the points either, and every end
//   is player 0's points minus player 1's plus what the rest of the play
//   adds, so the value is P0 - P1 plus a function of the key alone: the
//   entry keeps bounds on that rest.

// A key for the search driver: the identity (Id: compared, hashed) and
// player 0's points P0 with P0 - P1 (not part of the identity).
template <class Id>
struct PointKey {
  Id id;
  int p0, diff;
};

// Id: operator== and points() (is the objective kPoints?).  kAlign: the
// entry's alignment, kWays entries to a bucket.
template <class Id, int kAlign, int kWays>
class PointTable {
 public:
  struct alignas(kAlign) Entry {
    Id id;
    std::uint8_t depth, move;  // depth 0 = empty
    union {
      struct { std::int8_t yes[6], no[6]; } g;  // kGame, t = -2..3
      struct { std::int16_t lo, hi; } p;        // kPoints: value - (P0 - P1)
    };
  };
  explicit PointTable(std::size_t max_bytes) : mem_(max_bytes) {}

  void reserve(std::size_t entries) { mem_.reserve(entries); }
  std::size_t bytes() const { return mem_.bytes(); }
  void prefetch(std::uint64_t hash) const { mem_.prefetch(hash); }

  const Entry* probe(const Id& id, std::uint64_t hash) const {
    const Entry* b = mem_.bucket(hash);
    for (int i = 0; i < kWays; ++i)
      if (b[i].depth && b[i].id == id) return &b[i];
    return nullptr;
  }

  // What the entry tells at player 0's points p0 (diff = P0 - P1).
  static void bounds(const Entry& e, int p0, int diff, int& lo, int& hi) {
    if (e.id.points()) {
      lo = e.p.lo == -kInf ? -kInf : e.p.lo + diff;
      hi = e.p.hi == kInf ? kInf : e.p.hi + diff;
      return;
    }
    lo = -3; hi = 3;
    for (int i = 0; i < 6; ++i) {
      if (e.g.yes[i] <= p0) lo = i - 2;
      if (e.g.no[5 - i] >= p0) hi = 3 - i - 1;
    }
  }

  // Merge "lo <= value <= hi at p0" into the table.
  void store(const Id& id, std::uint64_t hash, int depth, int p0, int diff, int lo, int hi, int move) {
    Entry* b = mem_.bucket(hash);
    Entry* e = nullptr;
    Entry* victim = &b[0];
    for (int i = 0; i < kWays; ++i) {
      if (b[i].depth && b[i].id == id) { e = &b[i]; break; }
      if (b[i].depth < victim->depth) victim = &b[i];
    }
    if (!e) {
      e = victim;
      e->id = id;
      e->depth = std::uint8_t(depth);
      e->move = kNoAction;
      if (id.points()) {
        e->p.lo = -kInf; e->p.hi = kInf;
      } else {
        for (int i = 0; i < 6; ++i) { e->g.yes[i] = 127; e->g.no[i] = -1; }
      }
    }
    if (move >= 0) e->move = std::uint8_t(move);
    if (id.points()) {
      if (lo > -kInf && lo - diff > e->p.lo) e->p.lo = std::int16_t(lo - diff);
      if (hi < kInf && hi - diff < e->p.hi) e->p.hi = std::int16_t(hi - diff);
      return;
    }
    for (int t = -2; t <= 3; ++t) {
      if (t <= lo && p0 < e->g.yes[t + 2]) e->g.yes[t + 2] = std::int8_t(p0);
      if (t > hi && p0 > e->g.no[t + 2]) e->g.no[t + 2] = std::int8_t(p0);
    }
  }

  // The search driver's interface (Search::alphabeta).
  bool lookup(const PointKey<Id>& k, std::uint64_t hash, int& lo, int& hi, int& move) const {
    const Entry* e = probe(k.id, hash);
    if (!e) return false;
    bounds(*e, k.p0, k.diff, lo, hi);
    move = e->move;
    return true;
  }
  void store(const PointKey<Id>& k, std::uint64_t hash, int depth, int lo, int hi, int move) {
    store(k.id, hash, depth, k.p0, k.diff, lo, hi, move);
  }

 private:
  BucketMemory<Entry, kWays> mem_;
};

// The endgame table's key: both hands, the leader, who has won a trick, the
// closing state, the trump suit, the marriages shown (all in `a`, see
// Game::end_key), and the tag: the objective and the sum of the trick
// points shifted left by 1 (the sum is fixed by the hands unless a closed
// stock keeps cards out of play).  In the strict endgame nothing else
// shapes the rest of the deal: no more draws, exchanges or marriages, so
// the stock (closed: never drawn) and the path do not matter.
struct EndId {
  std::uint64_t a;
  std::uint8_t tag;
  bool operator==(const EndId& o) const { return a == o.a && tag == o.tag; }
  bool points() const { return tag & 1; }
};
// 32 bytes, two to a bucket: a bucket is one cache line (aligned), so a
// probe waits for one line only (4-way buckets of 24-byte entries, which
// straddle lines: 19% more time for 0.4% fewer nodes).
using EndTable = PointTable<EndId, 32, 2>;
// The main table: 40-byte entries, four to a bucket.
using MainTable = PointTable<MainId, 8, 4>;

// The Solver's tables (solver.hpp: Game::Tables): the main table, and the
// endgame table (Game::solve_rest) if the cap allows.  The memory cap is
// shared: with at least kEndSplitMin bytes, half goes to the endgame table;
// below that the endgame is searched by the generic search alone (same
// values, just slower).
class Tables {
 public:
  static constexpr std::size_t kEndSplitMin = std::size_t(1) << 16;
  explicit Tables(std::size_t table_bytes)
      : main_(table_bytes >= kEndSplitMin ? table_bytes - table_bytes / 2 : table_bytes),
        end_(table_bytes >= kEndSplitMin ? new EndTable(table_bytes / 2) : nullptr) {}

  std::size_t bytes() const { return main_.bytes() + (end_ ? end_->bytes() : 0); }
  MainTable& search_table() { return main_; }
  EndTable* end_table() { return end_.get(); }

  // The tables start small (PointTable) and must be grown to the search's
  // size, or a full deal thrashes a few thousand entries.  Size by the
  // cards still to play (depth; a full deal: 2^SIXTYSIX_TT_LOG entries,
  // within the memory cap; 2^16 holds a full deal's stock phase: 2^18 gave
  // the same nodes within 0.01% and took longer, the larger table's pages
  // being zeroed on first touch).
  void reserve(int depth, bool) {
#ifndef SIXTYSIX_TT_LOG
#define SIXTYSIX_TT_LOG 16
#endif
    main_.reserve(std::size_t(1) << std::max(12, std::min(SIXTYSIX_TT_LOG, SIXTYSIX_TT_LOG - (25 - depth) / 2)));
#ifndef SIXTYSIX_END_TT_LOG
#define SIXTYSIX_END_TT_LOG 18
#endif
    if (end_) end_->reserve(std::size_t(1) << SIXTYSIX_END_TT_LOG);
  }

 private:
  MainTable main_;
  std::unique_ptr<EndTable> end_;
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
  using Key = PointKey<MainId>;
  using Table = MainTable;
  using Tables = sixtysix::Tables;
  using Deal = sixtysix::Deal;
  static constexpr int kMaxMoves = 24;

  Game(const Deal& d, Tables& tables) : etable_(tables.end_table()) {
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
  bool storable() const { return !s_.trick && popcount(s_.hand[s_.leader]) >= kStoreMin; }
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

  Key key() const {
    MainId k;
    k.hands = compact(s_.hand[0]) | (compact(s_.hand[1]) << 24);
    const int left = stock_left();
    if (left) {
      const std::uint64_t used = left >= 12 ? ~std::uint64_t(0) >> 4 : (std::uint64_t(1) << (5 * left)) - 1;
      k.stock = (stock_code_ & used & ~std::uint64_t(31)) | card_code(s_.last);
    } else {
      k.stock = 0;
    }
    std::uint32_t m = s_.points[0] + s_.points[1];                   // 7 bits
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
    return Key{k, s_.points[0], s_.points[0] - s_.points[1]};
  }
  static std::uint64_t hash(const Key& key) {
    const MainId& k = key.id;
    return mix64(k.hands ^ mix64(k.stock + 0x9e3779b97f4a7c15ull) ^ (std::uint64_t(k.misc) * 0xff51afd7ed558ccdull));
  }
  int to_key(int move) const { return move; }
  int from_key(int move) const { return move; }
  int representative(int move) const { return move; }

  // (ls: where to put the leader's sure cards, leader_sure(), if found on
  // the way - strict play at a trick start, kGame - else left alone.)
  void bounds(int& lo, int& hi, Mask* ls = nullptr, int* lgain = nullptr) const {
    if (objective_ == kPoints) { point_bounds(lo, hi); return; }
    const St& s = s_;
    hi = can_score3(0) ? 3 : 2;
    lo = can_score3(1) ? -3 : -2;
    int best[2] = {hi, -lo};  // the most each player can still score
    int mc[2], lost[2];
    max_counts(mc, lost, ls, lgain);
    for (int p = 0; p < 2; ++p) {
      const int o = 1 - p;
      // Once the opponent counts 33, p can score more than 1 only through
      // the opponent's closing (or wrong claim, never forced).
      if (counted(o) >= 33 && s.closed_by != o) best[p] = std::min(best[p], 1);
      if (mc[p] < kGoal) {
        // p can never go out.
        if (s.closed_by == p) {  // p closed and must fail
          const int g = s.opp_won ? 2 : 3;
          lo = hi = p == 0 ? -g : g;
          return;
        }
        if (s.closed_by < 0) {
          // p's only win is a played-out one (his own closing would fail).
          // Played out, every card point in play goes to one of the two:
          // the opponent ends with at least counted(o) plus all that p does
          // not take, which includes lost[p] (the cards that strict play
          // surely gives him, see max_counts), so p's total (plus the
          // last-trick bonus) minus his is at most this.
          const int diff = mc[p] + kLastTrickBonus - counted(o) - lost[p];
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

  // The windows of the exact searches (Search::exact_within), kGame: the
  // questions "value >= t?" differ widely in cost.  "Does player 0 win the
  // deal" (t = 1, or t = 0 for a tie) is by far the dearest (often ten
  // times the others on full deals); "at least 2" (winning with the
  // opponent under 33, or by a failed closing) and "at least -1" are cheap,
  // and 3 and -2 cheaper still.  A value of 2 or more, or -2 or less,
  // settles the sign, so the cheap questions come first and the win
  // question is asked only when the value lies in -1..1 (measured on the
  // 100 benchmark deals: 1.9M -> 0.78M median nodes; a first guess of 0,
  // MTD(f)'s, asks the dear question first).  Each answer is a true bound
  // (fail-soft), so any order is exact; only the cost changes.
  bool window(int lo, int hi, int& alpha, int& beta) const {
    if (objective_ != kGame) return false;
    static constexpr int kTests[] = {2, -1, 3, -2, 1, 0};
    for (int t : kTests)
      if (lo < t && t <= hi) { alpha = t - 1; beta = t; return true; }
    return false;  // lo == hi: nothing left to ask
  }

  // Enhanced transposition cutoffs (Search::alphabeta) where every child
  // is a stored position: a reply in the stock phase that leaves at least
  // 2 cards in the stock (the children are stock-phase trick starts with 6
  // cards a hand).  (Replies to the last stock trick lead into the endgame;
  // probing its table for them saved 6% of the nodes and no time.)
  bool etc_node() const { return s_.trick && !strict() && stock_left() >= 4; }

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
  // one frame and positions are kept in a table of their own (EndTable,
  // EndId), so the main table holds only the stock phase.  Values and
  // bounds are exactly those of the generic search: same bounds(), same
  // terminal_value(), fail-soft alpha-beta.
  bool solve_rest(int alpha, int beta, int& v) {
    if (!etable_ || s_.trick || s_.out >= 0 || !strict() || marriage_suits()) return false;
    v = endgame(alpha, beta);
    return true;
  }
  // The Solver's hooks (solver.hpp): the nodes of the endgame search,
  // and a root valued without a search (root_value()) as one node.
  std::uint64_t extra_nodes() const { return enodes_ + root_nodes_; }
  // A finished deal is its own value; else the exact search, whose windows
  // are the game's (window()).
  int root_value(Search<Game>& s) {
    if (is_terminal()) { root_nodes_ = 1; return terminal_value(); }
    return s.exact(0);
  }

  // The endgame key: the state that shapes the rest but the trick points
  // (see EndTable; their sum and the objective make the tag).  (Keying
  // kGame on the points clamped to the thresholds that can still matter -
  // 66, 33, 23 for a loser with the last-trick bonus, and the sign of the
  // difference +- 10 - was tried before the table answered for all points
  // at once: 0.5% fewer nodes, slower overall.)
  std::uint64_t end_key() const {
    const St& s = s_;
    return compact(s.hand[0]) | (compact(s.hand[1]) << 24) | (std::uint64_t(s.leader) << 48) |
          (std::uint64_t(s.tricks[0] ? 1 : 0) << 49) | (std::uint64_t(s.tricks[1] ? 1 : 0) << 50) |
          (std::uint64_t(s.closed_by + 1) << 51) | (std::uint64_t(s.opp_won) << 53) |
          (std::uint64_t(trump_) << 54) | (std::uint64_t(s.mar[0]) << 56) | (std::uint64_t(s.mar[1]) << 60);
  }
  static std::uint64_t end_hash(std::uint64_t a) { return mix64(a); }

  // Fail-soft alpha-beta over whole tricks from a strict trick start.
  int endgame(int alpha, int beta) {
    ++enodes_;
    const int L = s_.leader;
    if (!s_.hand[L]) return terminal_value();
    const bool store = popcount(s_.hand[L]) >= kEndStoreMin;
    std::uint64_t key = 0;
    std::uint64_t hash = 0;
    if (store) {
      // Start fetching the bucket now: the quick bounds are computed while
      // it arrives (the search's entry into the endgame has no parent that
      // fetched it).
      key = end_key();
      hash = end_hash(key);
      etable_->prefetch(hash);
    }
    int lo, hi;
    Mask ls = 0;
    int lgain = 0;
    bounds(lo, hi, &ls, &lgain);
    if (lo >= beta || lo == hi) return lo;
    if (hi <= alpha) return hi;
    if (cash_out(ls, lgain, lo, hi)) return lo;
    int first = -1;
    const int p0 = s_.points[0], diff = s_.points[0] - s_.points[1];
    const int tag = objective_ | (s_.points[0] + s_.points[1]) << 1;
    if (store) {
      if (const auto* e = etable_->probe(EndId{key, std::uint8_t(tag)}, hash)) {
        int elo, ehi;
        EndTable::bounds(*e, p0, diff, elo, ehi);
        lo = std::max(lo, elo);
        hi = std::min(hi, ehi);
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
      const int d = popcount(s_.hand[L]);
      if (best <= alpha) etable_->store(EndId{key, std::uint8_t(tag)}, hash, d, p0, diff, -kInf, best, best_move);
      else if (best >= beta) etable_->store(EndId{key, std::uint8_t(tag)}, hash, d, p0, diff, best, kInf, best_move);
      else etable_->store(EndId{key, std::uint8_t(tag)}, hash, d, p0, diff, best, best, best_move);
    }
    return best;
  }

  // The leader's sure cards (see cash_out), strict play at a trick start.
  // gain: at least the card points the leader takes cashing them: theirs,
  // and at least the k cheapest cards of the opponent's hand for k of them.
  // Better when the opponent keeps a trump throughout (he has more trumps
  // than the leader's sure trumps, and every plain suit cashed is one he
  // holds at least as many cards of as the leader cashes): cashing the
  // trumps first and then one suit at a time, he must follow each time -
  // trumps on the trumps, that suit on each suit (he still holds all of its
  // cards: he has only followed other suits) - so he gives up at least his
  // cheapest trumps and his cheapest cards of each suit, that many of each.
  Mask leader_sure(int* gain = nullptr) const {
    const int p = s_.leader, o = 1 - p;
    const Mask mine = s_.hand[p], oh = s_.hand[o];
    Mask otr = oh & suit_cards(trump_);
    Mask sure = 0;
    if (otr) {
      // As many sure trumps as the opponent has trumps: cashed first, they
      // draw all of his (he must follow trumps), and then nothing beats
      // the leader's other trumps either: the case of no trump opposite.
      const Mask mytr = mine & suit_cards(trump_);
      if (popcount(sure_trumps(p)) >= popcount(otr)) { sure = mytr; otr = 0; }
    }
    for (int su = 0; su < 4; ++su) {
      const Mask os = oh & suit_cards(su);
      Mask top = 0;
      for (int c : cards_of(mine & suit_cards(su)))
        if (!(os & higher(c))) top |= bit(c);
      if (su == trump_ || !otr || popcount(top) <= popcount(os)) sure |= top;
    }
    if (gain) {
      int g = mask_points(sure);
      if (otr) {  // he keeps a trump throughout (otr is 0 if drawn)
        for (int su = 0; su < 4; ++su) {
          const int k = popcount(sure & suit_cards(su));
          if (k) g += cheapest_points(oh & suit_cards(su), k);
        }
      } else {
        g += cheapest_points(oh, popcount(sure));
      }
      *gain = g;
    }
    return sure;
  }

  // Strict play, a trick start (kGame): cards with which the leader can
  // win one trick after another (no draws in strict play, so hands only
  // shrink):
  // - his trumps above every trump of the opponent: nothing beats them;
  // - if the opponent has no trump, or no more trumps than the leader has
  //   of those sure trumps (cashed first, they draw his trumps): all the
  //   leader's trumps, and his cards with no higher card of their suit in
  //   the opponent's hand;
  // - else, in a plain suit where all of the leader's cards with no higher
  //   card opposite are at most as many as the opponent's cards of that
  //   suit: those cards.  Cashed after the trumps and one suit at a time,
  //   the opponent must follow that suit each time (he keeps enough cards
  //   of it: on the leader's trumps he must play trumps, and on another
  //   suit that suit); should he run out of trumps on the way, the second
  //   case applies anyway.
  // The opponent gains nothing meanwhile (no points, no trick).  If the
  // points of these cards and of the opponent's cards played to them (at
  // least `gain`, see leader_sure) bring the leader (his marriages count
  // once he has a trick) to 66, he goes out and scores f(the opponent's
  // state now): 1 if the opponent counts 33, 2 if he has a trick, else 3
  // (if the opponent closed: 2, or 3 if he had no trick then).  That is also the most the
  // leader can get (see the top of the file: every end is at most f of the
  // opponent's later state, his points and tricks only grow), so the value
  // is exact.
  bool cash_out(Mask sure, int gain, int& lo, int& hi) const {
    if (objective_ != kGame) return false;
    const St& s = s_;
    const int p = s.leader, o = 1 - p;
    const Mask mine = s.hand[p], oh = s.hand[o];
    if (!sure) return false;
    const int mine_end = s.points[p] + marriage_points(s.mar[p]) + mask_points(mine | oh);
    if (s.points[p] + marriage_points(s.mar[p]) + (sure == mine ? mask_points(mine | oh) : gain) < kGoal) {
      if (sure != mine) return false;
      // Every card of the leader is sure: he wins every trick left, taking
      // every card point in play, and still does not reach 66 (else he goes
      // out on the way: below).  No line gives him more: at no moment can
      // he count more than this, so he never goes out on any line; the
      // opponent can only gain points and tricks.  So: if he closed, he
      // fails on every line; if the opponent closed, the opponent fails on
      // this line (nothing better for the leader: the opponent's only other
      // end is going out himself); otherwise the deal is played out, and
      // this line gives him the most points and the last-trick bonus and
      // the opponent the fewest points and no new trick, which is the best
      // played-out result (each ending is non-decreasing in those, see
      // PointTable).  So the value is exactly this line's.
      int g;  // the leader's view
      if (s.closed_by == p) g = -(s.opp_won ? 2 : 3);
      else if (s.closed_by == o) g = s.opp_won ? 2 : 3;
      else {
        const int mt = mine_end + kLastTrickBonus, ot = counted(o);
        g = mt == ot ? 0 : mt > ot ? (ot >= 33 ? 1 : s.tricks[o] ? 2 : 3) : -(mt >= 33 ? 1 : 2);
      }
      lo = hi = p == 0 ? g : -g;
      return true;
    }
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

 private:
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

  // At most the counted points each player p can reach (not counting the
  // last-trick bonus): what he counts now, his pending marriages, every
  // card point still in play and every marriage not shown whose K and Q are
  // both still in his hand or the live stock (while he may still show one,
  // below), less what strict play surely gives the opponent (below).
  // lost[p]: the card points that strict play surely gives the opponent
  // (0 outside strict play).
  void max_counts(int m[2], int lost[2], Mask* ls_out = nullptr, int* gain_out = nullptr) const {
    const St& s = s_;
    const Mask stock = live_stock();
    const Mask in_play = s.hand[0] | s.hand[1] | stock | (s.trick ? bit(s.trick) : 0);
    const int all = mask_points(in_play);
    const int shown = s.mar[0] | s.mar[1];
    lost[0] = lost[1] = 0;
    for (int p = 0; p < 2; ++p) {
      m[p] = counted(p) + (s.tricks[p] ? 0 : marriage_points(s.mar[p])) + all;
      // A marriage is shown only with a lead of a player holding 6 cards
      // while the stock is open and not exhausted, or on the closing turn:
      // once the stock is closed nobody draws, so after that turn no hand
      // holds 6 cards again and no marriage can come.
      if (stock_left() && (s.closed_by < 0 || (p == s.leader && !s.trick && popcount(s.hand[p]) == kHandSize))) {
        const Mask mine = s.hand[p] | stock;
        for (int su = 0; su < 4; ++su)
          if (!(shown >> su & 1) && (mine & kq_mask(su)) == kq_mask(su)) m[p] += su == trump_ ? 40 : 20;
      }
    }
    if (strict() && !s.trick) {
      // Strict play at a trick start: every trump of the opponent o that
      // beats all of p's trumps wins its trick for o (led: p cannot beat
      // it; played on p's lead: it beats any non-trump and p's lower
      // trump), and p gets no new cards, so its points never reach p; nor
      // do those of the card p plays to each such trick.  Those are k
      // different cards of p (k = the number of o's sure trumps), worth at
      // least his k cheapest: at a strict trick start both hands are
      // equally long, so at any later trick start p still holds at least
      // as many cards as o has sure trumps left unplayed, and those cards
      // plus the ones he already lost to sure trumps - k in all - are
      // none of his won cards.  (This holds at every moment, so also when
      // the deal ends early.)
      for (int p = 0; p < 2; ++p) {
        const Mask sure = sure_trumps(1 - p);
        if (sure) lost[p] = mask_points(sure) + cheapest_points(s.hand[p], popcount(sure));
      }
      // The leader L may do better: he can first cash his sure cards (see
      // cash_out: he wins each of those tricks, whatever the opponent o
      // plays), taking at least `gain` card points (see leader_sure).
      // Under that strategy of L none of these points ever reaches o,
      // whatever follows.  Every use of lost[o] in bounds() is an upper
      // bound on o's result (o never goes out, so a closing of his fails;
      // o's played-out total minus L's), which L's one strategy makes good,
      // so it may count these points instead of L's sure trumps alone (they
      // are among his sure cards).  (lost[L] still needs no strategy: o's
      // sure trumps win on every line.)
      const int L = s.leader, o = 1 - L;
      int gain = 0;
      const Mask ls = leader_sure(&gain);
      if (ls_out) *ls_out = ls;
      if (gain_out) *gain_out = gain;
      if (ls) lost[o] = std::max(lost[o], gain);
      for (int p = 0; p < 2; ++p) m[p] -= lost[p];
    }
  }

  // The points of the k cheapest cards of m (k <= popcount(m)).
  static int cheapest_points(Mask m, int k) {
    const Mask aces = 0x4000400040004000ull;
    // ranks by points: 9 0, J 2, Q 3, K 4, T 10, A 11
    static constexpr int kShift[6] = {5, 3, 2, 1, 4, 0};  // 9 J Q K T A as aces >> shift
    static constexpr int kPts[6] = {0, 2, 3, 4, 10, 11};
    int sum = 0;
    for (int i = 0; i < 6 && k > 0; ++i) {
      const int n = std::min(k, popcount(m & (aces >> kShift[i])));
      sum += n * kPts[i];
      k -= n;
    }
    return sum;
  }

  // The trumps of player o higher than every trump of the other player.
  Mask sure_trumps(int o) const {
    const Mask mine = s_.hand[o] & suit_cards(trump_), theirs = s_.hand[1 - o] & suit_cards(trump_);
    if (!theirs) return mine;
    // higher() of their strongest trump (A > T > K > Q > J > 9) is the
    // intersection of higher() over all of their trumps.
    const int base = 16 * trump_;
    int top;
    if (theirs & bit(base + kAce)) top = base + kAce;
    else if (theirs & bit(base + kTen)) top = base + kTen;
    else top = 63 - __builtin_clzll(theirs);
    return mine & higher(top);
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

  EndTable* etable_;
  std::uint64_t enodes_ = 0;
  std::uint64_t root_nodes_ = 0;
  St s_;
  St undo_[64];
  int sp_ = 0;
  int stock_[kMaxStock];
  Mask stock_from_[kMaxStock + 1];
  int nstock_;
  int trump_;
  int objective_;
  std::uint64_t stock_code_;
};

}  // namespace sixtysix
}  // namespace openhand
