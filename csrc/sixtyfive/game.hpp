// sixtyfive/game.hpp: 65 for the search driver and its Solver
// (search.hpp, solver.hpp): the Game, the top of the layers, with the
// table's shape and size, the first guess and the value offset.
//
// The game is a stack of layers, each adding one concern to the class
// below it: Position (rules.hpp) < Keys (key.hpp) < Bounds (bounds.hpp) <
// Endgames (endgame.hpp) < Game (game.hpp), the search's Game.
#pragma once
#include <algorithm>
#include <cstddef>

#include "search.hpp"
#include "sixtyfive/endgame.hpp"

namespace openhand {
namespace sixtyfive {

class Game : public Endgames {
 public:
  using Deal = sixtyfive::Deal;
  // The classes of the many positions with one exact part share a bucket
  // (see Key and hash()), so buckets are large: 32 ways took 45% fewer
  // nodes on full deals than 4 (4 ways: more nodes than without partition
  // search).  A second bucket for the classes that name the top low card of
  // every suit (chosen by those cards' holders as well) once took 18% fewer
  // nodes, but since trick winners alone of their suit go unnamed most cuts
  // come from classes that name fewer: one bucket of 32 ways took 1-12%
  // fewer nodes and 10-20% less time than two of 16.  Under the tricks
  // objective a bucket holds every position of one shape (the hash covers
  // the suit lengths in each hand and the leader only): 64 ways took 26%
  // fewer nodes than 32 on the skeleton's full deals (128: 8% fewer again,
  // no less time); on the points objective's signature set 64 and 32 are
  // alike (0.01% fewer nodes).  Naming each suit's top card in every class,
  // so that the hash could cover its hand, took twice the nodes.  Since
  // classes may leave a side suit's Q and J unnamed (key.hpp), a points
  // bucket also holds the positions that differ only in where those lie.
  // A bucket keeps its entries' filter tags too (ttable.hpp: TableBucket),
  // 2112 bytes in all, so a cap of 512 MiB holds 2^17 buckets (264 MiB),
  // not 2^18 of 2048 bytes: full deals 0-9 took 0.999x the nodes (the few
  // deals that filled the larger table lose a few entries) and less time
  // (fewer fresh pages).
  static constexpr int kTableWays = 64;
  // The table starts small and grows as it fills (see table_entries()).
  static constexpr bool kGrowTable = true;
  // No killer moves (search.hpp).  The tricks objective's move ordering
  // (rules.hpp) knows better: on the skeleton's 50 deals 7.80M -> 5.97M
  // nodes, trick starts 3.82M -> 2.82M (per deal median 0.80x, max
  // 2.84x), values identical.  The points objective kept one per depth and
  // seat to move, tried after the table's move (3-18% fewer nodes on full
  // deals), until the cut-off caches below: with them, where the cache
  // has no move, the killer cost nodes (full deals 0-19 12% fewer without
  // it, per deal median 0.857x; 20-49 17%, median 0.850x; the 30 9-trick
  // positions 4%).
  bool killers() const { return false; }
  // Before the table's move, the move that last cut where the mover and
  // the partner held the same hands (search.hpp: CutCache; 2^15
  // entries).  Under the tricks objective, keyed by the mover's hand
  // alone, the skeleton's 50 deals took 7.5% fewer trick starts than
  // without a cache, by the pair's 9.8% (the cache's move then tried where
  // the table had none; before the table's move, 3.9% fewer again; the
  // mover's alone now 1% more).  The points objective was keyed by the
  // mover's hand while it kept killer moves (the pair's took 2% more
  // nodes on five full deals); without them the pair's takes fewer: full
  // deals 0-19 2.6% (per deal median 0.953x), 20-49 4.2% (0.951x).  Keys
  // that say less (the mover's low cards by their count per suit; the
  // hand by relative ranks, its move translated) or more (and the
  // window's beta or alpha) took 0.5% fewer, 14%, and 6-7% more nodes.
  static constexpr int kCutCacheBits = 15;
  std::uint64_t cut_key() const {
    return mix64(mover_hand()) ^ hand_[(to_move() + 2) & 3];
  }
  // Inside a trick: the mover's legal cards, the card winning the trick
  // so far, its place in the trick and how many cards it holds (both
  // objectives).  Keyed by the mover's hand and the trick's cards in
  // order, the skeleton's 50 deals took 9% fewer trick starts than
  // without this cache; by this key, which leaves out the cards the mover
  // may not play and the trick's cards that do not win it, full deals
  // 0-19 21% fewer nodes again (per deal median 0.756x, max 1.16x),
  // 20-49 28% (median 0.719x), the 30 9-trick positions 18%, the
  // skeleton's 50 deals 4%.  Keys that say less (no place, so not who
  // wins; no winning card; the legal cards alone) took more nodes, and so
  // did keys that say more (the trick's points; the depth).  With this
  // key a larger cache pays: 2^15 entries instead of 2^13, deals 0-19
  // 12% fewer nodes again, 20-49 3% (2^12: 9% more; 2^17, 2^20 like
  // 2^15).
  std::uint64_t inner_cut_key() const {
    const int w = winning_place();
    return trick_cut_key(legal_mask(), trick_[w], w, ntrick_);
  }

  explicit Game(const Deal& d) : Endgames(d) {}

  // MTD(f)'s first guess: N-S take half of what is left.  Measured against
  // the middle of the quick bounds: the same on most full deals, 41% fewer
  // nodes on one of three, 2.5% fewer on 9-trick endgames.  (MTD(f) with
  // doubling steps, then bisection, from either guess: within +-20% either
  // way deal by deal, no better overall.  A greedy playout, every seat
  // playing the card the move ordering puts first, is 1.5 points off on
  // deals 0-9 against 4.1 for this guess, yet took as many nodes in all:
  // the passes far from the value are cheap, those near it dear.)
  int even_guess() const {
    return (sc_.trick() * tricks_left_ + sc_.last() + points_in_play_) / 2 - ns_points_;
  }
  // Enhanced transposition cutoffs (see Search) at the last card of a
  // trick: every child is a trick start, which the search stores.  Only
  // with 7 or more tricks left: measured, nearer the leaves computing the
  // children's keys and fetching their buckets cost more than the nodes
  // saved (with partition search: from 4 tricks 13% fewer nodes but 13%
  // more time on full deals; from 7, 6-trick endgames take 8% less time).
  bool etc_node() const { return ntrick_ == 3 && tricks_left_ >= 7; }

  // ------------------------------------------------- the Solver's hooks
  // (solver.hpp)
  // Trick starts searched grow about 4x per extra trick: size the table to
  // the problem (up to the cap) rather than touch a large one for an endgame.
  // 4^tricks * 4 entries: measured with every card's value, the same node
  // counts at 6, 7 and 8 tricks as with 4x more (0.1% more at 9 tricks), and
  // a fresh solver touches (page faults, zeroing) a quarter of the memory:
  // 8 tricks 27% less time.  From 8 tricks on the table starts at 2^17
  // entries (4 MiB: two of the 2 MiB pages it is mapped on) and grows as it
  // fills (kGrowTable, ttable.hpp: wants_growth()).  Starting at 2^20 (32
  // MiB), most of the skeleton's full deals spent a tenth of their time
  // zeroing pages they barely used (50 deals, tricks objective: system
  // time 0.40 s -> 0.05 s, nodes +0.1%).
  static std::size_t table_entries(int tricks, bool) { return std::size_t(1) << std::min(17, 2 + 2 * tricks); }
  // Under the tricks objective: the tricks N-S take when every seat plays
  // the card the move ordering puts first (a greedy playout, 48 cards at
  // most, undone after), plus 2.  The playout tends to give N-S too few
  // (on 200 seeded full deals, seeds 50-249, 1.1 tricks on average, 1.4
  // the spread), and passes above the value fail low cheaply, so the
  // guess leans high.  Against the even split (6 of 12) the skeleton's 50
  // deals took 1.6% fewer trick starts (per deal p90 of trick starts /
  // DDS's nodes 3.32x -> 2.65x) and the 200 others 3.3% (p90 3.23x ->
  // 3.03x); +1 and +3 did less on the 200 (1.1%, 1.6%), and the exact
  // value as the guess (an oracle) 10% (scratch copies, see
  // benchmarks/README.md).  The points objective keeps the even split:
  // there the exact value as the guess saved 2% on full deals 0-9 (6% on
  // 0-19), a point below it cost 15% more.  (The playout's trick
  // starts count with the search's, rules.hpp: trick_starts(); its cards
  // are not search nodes.)
  int tricks_guess() {
    int line[4 * kMaxMoves], n = 0, v = 0;
    while (!is_terminal()) {
      int moves_here[kMaxMoves];
      moves(moves_here, -1);
      v += play(moves_here[0]);
      line[n++] = moves_here[0];
    }
    while (n) undo(line[--n]);
    return v + 2;
  }
  // MTD(f) from the even split (see even_guess()), or under the tricks
  // objective from tricks_guess().
  int root_value(Search<Game>& s) { return s.exact(sc_.tricks ? tricks_guess() : even_guess()); }
  // The search's values leave out the card points N-S hold at the start
  // (rules.hpp): the Solver adds them back.
  static int value_offset(const Deal& d) { return ns_points_held(d); }
};

}  // namespace sixtyfive
}  // namespace openhand
