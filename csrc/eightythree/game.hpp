// eightythree/game.hpp: Eighty-Three for the search driver and its
// Solver (search.hpp, solver.hpp) (rules: openhand/eightythree/rules.py,
// spec solver: reference.py): the Game: the position, play/undo, the legal
// cards and their ordering, the last trick, and the Solver's hooks.  The
// card order is in slots.hpp, the table key in key.hpp, the bounds'
// ingredient in bounds.hpp.
//
// Value: the card points the BIDDER'S SIDE takes in the remaining tricks,
// the trick in progress included.  A completed trick gives all its points
// to the winner's side.  Points sit on the ten scoring trumps only.
//
// Why the reductions are sound:
// - Equivalent cards: two cards of one block in the mover's hand with the
//   same points and no other card still in play (hands and the trick in
//   progress) between them can be swapped in any line of play without
//   changing a trick's winner or its points.  Only the higher is searched.
// - The last trick is forced (one card each): it is scored directly.
// - Partition search (search.hpp, the classes in key.hpp): a stored result
//   holds for every position that differs only in the plain cards that won
//   no trick of its proof by rank; after a move, the plain cards of the
//   mover's suit below every card its result named lead to the same class
//   and are not searched (dynamic equivalence).
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "cards.hpp"
#include "cardgame.hpp"
#include "search.hpp"
#include "eightythree/bounds.hpp"
#include "eightythree/key.hpp"
#include "eightythree/slots.hpp"

namespace openhand {
namespace eightythree {

// A position as handed over by the binding (already validated in Python).
// Cards are Python card ids; seats are N E S W = 0..3.
struct Deal {
  Mask hands[4];
  int trump;
  int bidder;
  int leader;
  int trick[3];
  int ntrick;
};

class Game : public CardMoves<Game> {
 public:
  friend class CardMoves<Game>;  // reads order_score()
  using Key = eightythree::Key;
  using Deal = eightythree::Deal;
  static constexpr int kMaxMoves = 8;

  explicit Game(const Deal& d) : map_(remap(d.trump)) {
    rot_ = d.bidder & 1;
    for (int s = 0; s < 4; ++s) hand_[(s - rot_) & 3] = to_slots(d.hands[s], map_);
    leader_ = (d.leader - rot_) & 3;
    in_play_ = hand_[0] | hand_[1] | hand_[2] | hand_[3];
    ntrick_ = 0;
    win_ = 0;
    for (int i = 0; i < d.ntrick; ++i) {
      const int c = map_.slot[d.trick[i]];
      trick_[i] = c;
      in_play_ |= bit(c);
      if (i > 0 && beats(c, trick_[win_])) win_ = i;
    }
    ntrick_ = d.ntrick;
    points_in_play_ = mask_points(in_play_);
    tricks_left_ = pc(hand_[leader_]) + (ntrick_ ? 1 : 0);
  }

  int to_move() const { return (leader_ + ntrick_) & 3; }
  bool is_terminal() const { return tricks_left_ <= 1; }
  // The last trick is forced: each player still to play holds one card.
  // Its winner's relevance is the terminal's (partition search, key.hpp).
  int terminal_value() const {
    term_rel_ = 0;
    if (tricks_left_ == 0) return 0;
    int cards[4];
    int w = ntrick_ ? win_ : 0, pts = 0;
    for (int i = 0; i < 4; ++i) {
      const int c = i < ntrick_ ? trick_[i] : lowest(hand_[(leader_ + i) & 3]);
      cards[i] = c;
      pts += slot_points(c);
      if (i >= ntrick_ && i > 0 && beats(c, cards[w])) w = i;
    }
    term_rel_ = winner_relevance(cards, w);
    return ((leader_ + w) & 1) == 0 ? pts : 0;
  }
  bool maximizing() const { return (to_move() & 1) == 0; }
  // Only trick starts: storing mid-trick positions too saved few nodes and
  // cost far more in table traffic.
  bool storable() const { return ntrick_ == 0; }
  int depth() const { return tricks_left_; }


  // The table key (key.hpp).
  Key key() const { return table_key(hand_, in_play_, leader_); }
  static std::uint64_t hash(const Key& k) { return key_hash(k); }
  int from_key(int ks) const { return slot_from_key(ks, in_play_); }
  int to_key(int slot) const { return slot_to_key(slot, in_play_); }
  // Every class of a position shares its bucket (key.hpp), so buckets
  // are larger than the default 4: on the exact bid tables of seeds 5, 19
  // and 6, 8 ways took 2.94M, 9.04M and 34.4M play nodes, 4 ways 3.20M,
  // 9.45M and 40.5M (16 ways: as 8 within 5%).
  static constexpr int kTableWays = 8;
  // Cut-off caches (search.hpp: CutCache): at a trick start keyed by the
  // mover's hand, inside a trick by the mover's legal cards and the card
  // winning the trick so far with its place, as 65's.  On 300 seeded
  // 6-trick positions 13.01M -> 8.08M nodes, 0.68 s -> 0.47 s (the inner
  // cache alone 8.50M); values identical.  (Keyed by the mover's hand
  // inside a trick as well, the trick starts' cache once moved the
  // signature's 83 groups by -2% to +1.5%.)
  static constexpr int kCutCacheBits = 13;
  std::uint64_t cut_key() const { return mover_hand(); }
  std::uint64_t inner_cut_key() const { return trick_cut_key(legal_mask(), trick_[win_], win_, ntrick_); }

  // ------------------------------------------------- partition search
  // (search.hpp; the classes: key.hpp).  Relevant cards are plain slots;
  // the trumps are exact in every class.
  //
  // The relevant cards of a complete trick (in play order) won by
  // cards[w]: a plain winner with another card of its suit in the trick
  // (it won by rank: the class keeps it above every x of its suit); none
  // for a trump, or for a plain card alone of its suit (any card of that
  // suit from that hand would win it, with the same points: plain cards
  // have none).
  static Mask winner_relevance(const int* cards, int w) {
    const int c = cards[w];
    if (block_of(c) == kTrumpBlock) return 0;
    for (int i = 0; i < 4; ++i)
      if (i != w && block_of(cards[i]) == block_of(c)) return bit(c);
    return 0;
  }
  Mask terminal_relevance() const { return term_rel_; }
  Mask move_relevance() const { return won_; }
  // The quick bounds read the trumps only.
  Mask bounds_relevance(bool) const { return 0; }
  Mask entry_relevance(const Key& stored) const { return named_slots(stored, in_play_); }
  Key class_key(const Key& k, Mask rel) const { return eightythree::class_key(k, in_play_, rel); }
  // Dynamic equivalence (Search: HasEquivalentMoves): the plain cards of
  // the mover's suit below every card of that suit the result after
  // `move` named (its relevant cards `rel`), if `move` is one of them: they
  // lead to positions of that result's class (two x's of one suit in one
  // hand swapped), so the result holds for each.
  Mask equivalent_moves(int move, Mask rel) const {
    const int blk = block_of(move);
    if (blk == kTrumpBlock) return 0;
    const Mask in_suit = in_play_ & block_mask(blk), r = rel & in_suit;
    const Mask floor = r & (0 - r);
    const Mask below = (floor ? floor - 1 : ~Mask(0)) & in_suit & hand_[to_move()];
    return (below & bit(move)) ? below : 0;
  }
  // Every move was tried.  A searched plain card stands for its run of
  // twins below it (cardgame.hpp); a run that the class cuts (its top
  // named, its bottom an x) would leave a position of the class whose x
  // of that suit and hand has no searched counterpart, so the run's bottom
  // is made relevant (and with it the whole run).
  Mask all_moves_relevance(const int* moves, int n, Mask rel) const {
    const Mask h = hand_[to_move()];
    Mask extra = 0;
    for (int i = 0; i < n; ++i) {
      const int c = moves[i];
      const int blk = block_of(c);
      if (blk == kTrumpBlock) continue;
      const Mask in_suit = in_play_ & block_mask(blk), r = rel & in_suit;
      if (!r) continue;
      const Mask floor = r & (0 - r);
      if (bit(c) < floor) continue;  // c itself unnamed
      const int bottom = run_bottom(c, in_suit, h);
      if (bit(bottom) < floor) extra |= bit(bottom);
    }
    return extra;
  }

  // Bounds from what each side surely keeps.  Point cards are trumps, and
  // a trick containing a trump goes to the holder of its highest trump.  So
  // a side's point card is lost only in a trick won by a higher opposing
  // trump; each opposing trump wins at most one trick, holding at most two
  // of the side's cards.  A side thus keeps at least its point cards less
  // the 2n most valuable of those below the opponents' highest trump (n =
  // the opponents' trumps).  The rest is at most the points in play less
  // what the other side keeps.
  //
  // Inside a trick the search asks only for the trivial bounds [0, the
  // points in play]: measured on 40 seeded 6-trick solves
  // (benchmarks/nodes_eightythree.cpp with -DOPENHAND_TRACE), the full bounds
  // settled none of 1.24M such nodes (the trick start above failed to
  // settle, and a played card changes little), so computing them there
  // was all cost.  Trivial bounds are true bounds: the search stays exact.
  // full_bounds() always computes the real ones.
  void bounds(int& lo, int& hi) const {
    if (ntrick_ != 0) {
      lo = 0;
      hi = points_in_play_;
      return;
    }
    full_bounds(lo, hi);
  }
  void full_bounds(int& lo, int& hi) const {
    Mask side0 = hand_[0] | hand_[2];
    for (int i = 0; i < ntrick_; ++i)
      if (((leader_ + i) & 1) == 0) side0 |= bit(trick_[i]);
    const Mask t = in_play_ & kTrumps, t0 = t & side0, t1 = t & ~side0;
    lo = keeps(t0, t1);
    hi = points_in_play_ - keeps(t1, t0);
  }
  Mask legal_mask() const {
    const Mask h = hand_[to_move()];
    if (!ntrick_) return h;
    const int led = block_of(trick_[0]);
    if (led == kTrumpBlock) {
      const Mask t = h & kTrumps;
      return t ? t : h;
    }
    const Mask f = h & block_mask(led);
    return f ? f | (h & kTrumps) : h;
  }

  // The next card up in c's block still in play, or -1.
  int next_up(int c) const {
    const Mask above = in_play_ & block_mask(block_of(c)) & ~((bit(c) << 1) - 1);
    return above ? lowest(above) : -1;
  }
  // For CardMoves (cardgame.hpp).
  Mask mover_hand() const { return hand_[to_move()]; }
  int card_value(int c) const { return slot_points(c); }

  int play(int c) {
    const int seat = to_move();
    Undo& u = undo_[sp_++];
    u.leader = leader_;
    u.win = win_;
    std::memcpy(u.trick, trick_, sizeof trick_);
    hand_[seat] ^= bit(c);
    trick_[ntrick_] = c;
    if (ntrick_ && beats(c, trick_[win_])) win_ = ntrick_;
    won_ = 0;
    if (++ntrick_ < 4) return 0;
    won_ = winner_relevance(trick_, win_);
    const int pts = slot_points(trick_[0]) + slot_points(trick_[1]) + slot_points(trick_[2]) + slot_points(trick_[3]);
    const int winner = (leader_ + win_) & 3;
    in_play_ &= ~(bit(trick_[0]) | bit(trick_[1]) | bit(trick_[2]) | bit(trick_[3]));
    points_in_play_ -= pts;
    --tricks_left_;
    leader_ = winner;
    ntrick_ = 0;
    win_ = 0;
    return (winner & 1) == 0 ? pts : 0;
  }

  void undo(int c) {
    const Undo& u = undo_[--sp_];
    if (ntrick_ == 0) {  // the move completed a trick
      ++tricks_left_;
      std::memcpy(trick_, u.trick, sizeof trick_);
      const Mask cards = bit(trick_[0]) | bit(trick_[1]) | bit(trick_[2]) | bit(c);
      in_play_ |= cards;
      points_in_play_ += mask_points(cards);
      ntrick_ = 4;
    }
    leader_ = u.leader;
    win_ = u.win;
    --ntrick_;
    hand_[(leader_ + ntrick_) & 3] |= bit(c);
  }

  // ------------------------------------------------- the Solver's hooks
  // (solver.hpp).  One table serves every solve: its keys and values are
  // independent of the trump suit and the bidder.
  //
  // Grow the table (within its cap) to fit the searches of this size: a
  // 6-trick solve stores some 10^4 trick starts, a 3-trick one a few
  // dozen, so small endgames do not pay for touching a large table.  For
  // one 6-trick solve 2^16 entries (2 MiB) measured faster than 2^17..2^18:
  // fewer entries kept across solves, but a table that stays in cache.
  // `many`: one of a batch of related 6-trick questions (the bid table's
  // sibling leaves), which reuse each other's entries: there 2^18 entries
  // (8 MiB, the default cap) cut the leaf solves' time by some 40%, and
  // up to 2^21 (64 MiB, the bid table's own solver: play_oracle.TABLE_MB)
  // more: on the heaviest pair of seed 6 (10513 leaves, the C++ choice
  // tree) 8 MiB took 86.7M play nodes, 32 MiB 44.9M, 64 MiB 39.9M and
  // 128 MiB 38.8M, the last slower than 64 MiB (cache misses).
  static std::size_t table_entries(int depth, bool many) {
    static constexpr std::size_t kEntries[8] = {1 << 12, 1 << 12, 1 << 12, 1 << 12, 1 << 14, 1 << 16, 1 << 16, 1 << 16};
    const int d = std::min(depth, 7);
    return many && d >= 6 ? std::size_t(1) << 21 : kEntries[d];
  }
  // Values move in steps of 1 over a wide range (card points): bisection
  // within the quick bounds (Search::bisect), for the root and each card.
  static constexpr bool kBisection = true;
  int root_value(Search<Game>& s) {
    if (is_terminal()) return terminal_value();
    int lo, hi;
    full_bounds(lo, hi);
    return s.bisect(lo, hi);
  }
  // The binding names cards by their Python ids.
  int move_code(int slot) const { return map_.card[slot]; }

 private:
  // Move ordering.  Leading: a side holding the top trump draws trumps from
  // the top (the defenders must follow with theirs); otherwise lead a low
  // card without points, last into an opponent's ruff.  Following: on
  // partner's trick shed points (unless the last opponent can still
  // overtake it: measured on five bid tables with
  // benchmarks/eightythree_nodes.py, 2-6% fewer play nodes); on the
  // opponents' trick win it (with points if
  // last to play, cheaply if not), else throw the cheapest card, a trump
  // that does not win last (it would be wasted; so too a trump without
  // points under the partner's winning card: on 300 seeded 6-trick solves
  // 3.2% fewer nodes, the five bid tables of eightythree_nodes.py 1.6-14%
  // fewer; also for the third hand's cheap card: more again).  (Tried:
  // second or third hand taking first a trick it surely wins, with points:
  // -4% to +11% play nodes table by table, more in all; and besides, an
  // unsure win without points: +10% to +36%.)
  int order_score(int c) const {
    const int pts = slot_points(c), r = c & 15;
    const bool trump = block_of(c) == kTrumpBlock;
    if (ntrick_ == 0) {
      const Mask t = in_play_ & kTrumps;
      const Mask mine = hand_[to_move()] | hand_[(to_move() + 2) & 3];
      if (trump && t && (mine & bit(highest(t)))) return 200 + r;
      if (trump) return -50 - 3 * pts + r;
      const bool top = next_up(c) < 0;
      // A plain card: a sure winner first when no opponent can trump it.
      const Mask opp_trumps = (hand_[(to_move() + 1) & 3] | hand_[(to_move() + 3) & 3]) & kTrumps;
      if (top && !opp_trumps) return 150 + r;
      // Not into a ruff: an opponent void in the suit and holding a trump
      // would take it; such leads come last (measured on five bid tables
      // and 50 6-trick positions: 7-17% fewer play nodes; placed before the
      // trump leads instead: up to 3% more than last; leading towards the
      // partner's top card of the suit, tried too: about 0.5% more).
      if (leads_into_ruff(block_mask(block_of(c)), hand_[(to_move() + 1) & 3], hand_[(to_move() + 3) & 3], kTrumps))
        return -200 - r;
      return -r;
    }
    const int best = trick_[win_];
    const bool partner = ((ntrick_ - win_) & 1) == 0;
    if (partner) {
      // Third to play, the last opponent able to overtake the partner: win
      // the trick surely if a card can (with points), else play cheap.
      if (ntrick_ == 2 && may_beat((to_move() + 1) & 3, best)) {
        if (beats(c, best) && !may_beat((to_move() + 1) & 3, c)) return 50 + 3 * pts - r / 4;
        return -3 * pts - r;
      }
      if (beats(c, best)) return 3 * pts - r - 10;
      return 3 * pts - r / 4 - (trump && !pts ? 16 : 0);
    }
    if (beats(c, best)) return 100 + (ntrick_ == 3 ? 2 * pts - r / 4 : -r);
    return -3 * pts - r - (trump ? 16 : 0);
  }

  // Can `seat`, still to play to this trick, play a card that beats x?
  bool may_beat(int seat, int x) const {
    const Mask h = hand_[seat];
    const int led = block_of(trick_[0]);
    Mask cand = h;
    if (led == kTrumpBlock) {
      if (h & kTrumps) cand = h & kTrumps;
    } else if (h & block_mask(led)) {
      cand = (h & block_mask(led)) | (h & kTrumps);
    }
    const int bx = block_of(x);
    if (cand & block_mask(bx) & ~((bit(x) << 1) - 1)) return true;
    return bx != kTrumpBlock && (cand & kTrumps);
  }

  struct Undo { int leader, win; int trick[4]; };
  const Remap& map_;
  Mask hand_[4];
  Mask in_play_;
  int rot_;
  int leader_, ntrick_, win_, tricks_left_, points_in_play_;
  int trick_[4];
  Mask won_ = 0;               // winner_relevance() of the trick the last play() completed, else 0
  mutable Mask term_rel_ = 0;  // the last terminal_value()'s relevant cards
  Undo undo_[32];
  int sp_ = 0;
};

}  // namespace eightythree
}  // namespace openhand
