// sixtysix/tables.hpp: Sixty-Six's transposition tables: the main table's
// key (MainId) and the endgame's (EndId), PointTable, whose entries answer
// for every split of the trick points, and the Solver's Tables (the main
// table and the endgame table sharing the memory cap).
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "search.hpp"
#include "ttable.hpp"
#include "sixtysix/rules.hpp"

namespace openhand {
namespace sixtysix {

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

// The tables (main: MainId; endgame, see Endgame::solve_rest: EndId) key a
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
// Endgame::end_key), and the tag: the objective and the sum of the trick
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
// endgame table (Endgame::solve_rest) if the cap allows.  The memory cap is
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

}  // namespace sixtysix
}  // namespace openhand
