// sixtysix/game.hpp: Sixty-Six for the search driver and its Solver
// (search.hpp, solver.hpp): the Game, the top of the layers, with the main
// table's key, the windows of the exact search and the Solver's hooks.
//
// The game is a stack of layers, each adding one concern to the class
// below it: Position (rules.hpp) < Bounds (bounds.hpp) < Endgame
// (endgame.hpp) < Game (game.hpp), the search's Game; the tables' keys and
// entries are in tables.hpp.
#pragma once
#include <cstdint>

#include "cards.hpp"
#include "search.hpp"
#include "sixtysix/endgame.hpp"
#include "sixtysix/tables.hpp"

namespace openhand {
namespace sixtysix {

#ifndef SIXTYSIX_STORE_MIN
#define SIXTYSIX_STORE_MIN 3
#endif
// The table is used at trick starts with at least this many cards in hand:
// closer to the end a re-search is cheaper than a cache miss.
constexpr int kStoreMin = SIXTYSIX_STORE_MIN;

class Game : public Endgame {
 public:
  using Key = PointKey<MainId>;
  using Table = MainTable;
  using Tables = sixtysix::Tables;
  using Deal = sixtysix::Deal;

  Game(const Deal& d, Tables& tables) : Endgame(d, tables.end_table()) {}

  bool storable() const { return !s_.trick && popcount(s_.hand[s_.leader]) >= kStoreMin; }

  // The main table's key (tables.hpp: MainId) and player 0's points.
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

  // The Solver's hooks (solver.hpp): the nodes of the endgame search,
  // and a root valued without a search (root_value()) as one node.
  std::uint64_t extra_nodes() const { return enodes_ + root_nodes_; }
  // A finished deal is its own value; else the exact search, whose windows
  // are the game's (window()).
  int root_value(Search<Game>& s) {
    if (is_terminal()) { root_nodes_ = 1; return terminal_value(); }
    return s.exact(0);
  }

 private:
  std::uint64_t root_nodes_ = 0;
};

}  // namespace sixtysix
}  // namespace openhand
