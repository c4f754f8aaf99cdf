// sixtyfive.hpp: 65 for the search driver (rules: openhand/sixtyfive/rules.py).
//
// Value: the points N-S take in the remaining tricks.  A completed trick
// gives its winner's side 2 (+1 for the last trick) plus the card points of
// the winner's partner's card; the losing side takes the other three cards'
// points.  Spades are trumps; follow suit if able.
//
// The search works on the same value less the card points N-S hold now
// (in hands and on the table), a constant of the position that Solver adds
// back.  Every card goes to its own side unless it wins its trick, when it
// goes to the other side; so what is left is a sum over the tricks of what
// their winning cards do: a trick won by N-S with card w adds 2 (+1 last)
// - pts(w), a trick won by E-W with w adds pts(w) (trick_gain()).  The rest
// of the deal thus depends only on which cards win which tricks: the basis
// of the partition search below.
//
// Why the reductions are sound:
// - Equivalent cards: two cards of one suit in one hand, both without card
//   points (3..T), with no other card still in play (in a hand or in the
//   current trick) ranking between them, can be swapped in any line of play
//   without changing any trick's winner or any side's points.  Only one of
//   them is searched.
// - The table is keyed by the four hands and the leader at trick starts: the
//   points still to come depend on nothing else.
//
// Partition search (see search.hpp): a stored result names a class of
// positions, all with the same leader, the same point cards (J Q K A) in the
// same hands and the same number of low cards (3..T) of each suit in each
// hand, and agreeing on who holds each low card from a threshold up in each
// suit; the low cards below the threshold are left unnamed ("x").  A result
// depends on the cards that won the tricks of its proof tree (each trick's
// winner is relevant, and with it every card of its suit above: the class
// keeps the order of the named cards, and every x ranks below them; a
// winner without points alone of its suit in its trick wins whatever its
// rank, so it need not be named, see winner_relevance()); the
// rest only needs the suit lengths, which the class keeps.  So replaying the
// proof in any position of the class, with each x played where an x was,
// gives every trick the same winner, the same gain and the same legal
// moves.  Two more things are relevant: the cards a quick bound used
// (bounds_relevance()), and, where every move was tried, a run of
// equivalent cards cut by the threshold (all_moves_relevance()).
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>

#include "cards.hpp"
#include "cardgame.hpp"
#include "search.hpp"

namespace openhand {
namespace sixtyfive {

constexpr int kTrumpSuit = 0;
constexpr int kTrickPoints = 2;
constexpr int kLastTrickBonus = 1;

inline int card_points(int card) {
  static constexpr std::int8_t kPoints[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 0};
  return kPoints[rank_of(card)];
}
inline bool has_points(int card) { return rank_of(card) >= 11; }


inline int mask_points(Mask m) {
  // A, K, Q, J of every suit: each suit's J Q K A bits (ranks 11..14) index
  // the points of that set.
  static constexpr std::int8_t kSet[16] = {0, 1, 2, 3, 3, 4, 5, 6, 4, 5, 6, 7, 7, 8, 9, 10};
  return kSet[(m >> 11) & 15] + kSet[(m >> 27) & 15] + kSet[(m >> 43) & 15] + kSet[(m >> 59) & 15];
}

// Does card c beat card best (best was played earlier to this trick)?
inline bool beats(int c, int best) {
  if (suit_of(c) == suit_of(best)) return c > best;
  return suit_of(c) == kTrumpSuit;
}

// The table key (24 bytes, so an entry takes 32: two per cache line).  Low
// cards are renumbered from the bottom among the low cards of their suit
// still in play (only their order matters), so a suit's n low cards in play
// are its low "key ranks" 0..n-1.  At a trick start every card in play is
// in one hand; a hand's index is (P0 bit) + 2 (P1 bit) of its cards.
//   counts:  the number of low cards of each suit in each hand, 4 bits each
//            (hand h, suit s at nibble 4h + s): the class's suit lengths;
//   pts:     bits 0-15 the point cards in play (suit s: J Q K A at 4s..),
//            16-31 their P0 bits, 32-47 their P1 bits, 48-49 the leader,
//            50-61 the class's thresholds t_s (3 bits a suit): the low key
//            ranks below t_s are unnamed (0 for a probed position);
//   low:     the low cards' P0 bits (suit s at bits 8s..8s+7 by key rank)
//            and P1 bits (32 + 8s..), those below t_s cleared.
// A probe (thresholds 0) names every card; table_match() tells whether a
// stored class holds the probed position.  The hash covers only what every
// class keeps exact, so all the classes of a position share its bucket.
struct Key {
  std::uint64_t counts, pts, low;
  bool operator==(const Key& o) const { return counts == o.counts && pts == o.pts && low == o.low; }
};
constexpr int kThresholdShift = 50;
constexpr std::uint64_t kExactPart = (std::uint64_t(1) << kThresholdShift) - 1;

// The low-card bits (both planes) a class with thresholds `pts` names.
inline std::uint64_t named_low(std::uint64_t pts) {
  std::uint64_t m = 0;
  for (int s = 0; s < 4; ++s) {
    const unsigned t = unsigned(pts >> (kThresholdShift + 3 * s)) & 7;
    m |= std::uint64_t((0xFFu << t) & 0xFFu) << (8 * s);
  }
  return m | m << 32;
}

inline bool table_match(const Key& stored, const Key& probe) {
  return stored.counts == probe.counts && ((stored.pts ^ probe.pts) & kExactPart) == 0 &&
         (probe.low & named_low(stored.pts)) == stored.low;
}
// Does class g hold every position of class s?  g names a subset of what s
// names (every threshold at least as high) and agrees with s there.
inline bool table_covers(const Key& g, const Key& s) {
  if (g.counts != s.counts || ((g.pts ^ s.pts) & kExactPart) != 0) return false;
  for (int i = 0; i < 4; ++i) {
    const int shift = kThresholdShift + 3 * i;
    if (((g.pts >> shift) & 7) < ((s.pts >> shift) & 7)) return false;
  }
  return (s.low & named_low(g.pts)) == g.low;
}

// A position as handed over by the binding (already validated in Python).
struct Deal {
  Mask hands[4];
  int leader;
  int trick[3];
  int ntrick;
};

class Game : public CardMoves<Game> {
 public:
  friend class CardMoves<Game>;  // reads order_score()
  using Key = sixtyfive::Key;
  static constexpr int kMaxMoves = 12;
  // The classes of the many positions with one exact part share a bucket
  // (see Key and hash()), so buckets are large: 32 ways took 45% fewer
  // nodes on full deals than 4 (4 ways: more nodes than without partition
  // search).  A second bucket for the classes that name the top low card of
  // every suit (chosen by those cards' holders as well) once took 18% fewer
  // nodes, but since trick winners alone of their suit go unnamed most cuts
  // come from classes that name fewer: one bucket of 32 ways took 1-12%
  // fewer nodes and 10-20% less time than two of 16.
  static constexpr int kTableWays = 32;
  // The table starts small and grows as it fills (see table_entries()).
  static constexpr bool kGrowTable = true;
  using Deal = sixtyfive::Deal;

  explicit Game(const Deal& d) {
    for (int s = 0; s < 4; ++s) hand_[s] = d.hands[s];
    leader_ = d.leader;
    ntrick_ = 0;
    in_play_ = hand_[0] | hand_[1] | hand_[2] | hand_[3];
    for (int i = 0; i < d.ntrick; ++i) { trick_[i] = d.trick[i]; in_play_ |= bit(d.trick[i]); }
    ntrick_ = d.ntrick;
    points_in_play_ = mask_points(in_play_);
    ns_points_ = ns_points_held(d);
    tricks_left_ = popcount(hand_[leader_]) + (ntrick_ ? 1 : 0);
  }

  int to_move() const { return (leader_ + ntrick_) & 3; }
  // With at most two tricks left the search stops and the game solves the
  // rest itself by plain minimax (at most 16 lines from a trick start):
  // cheaper than table probes, and it keeps these many tiny positions out of
  // the table.  With one trick left every card is forced.
  //
  // The one exception: two tricks left at a trick start is not terminal but
  // answered by solve_rest(), the same 16-line minimax with alpha-beta
  // pruning inside the window the search asks about.
  //
  // Both record the cards that won a trick in the lines their result
  // depends on (terminal_relevance()): the result holds in every position
  // that agrees on them (see the top of the file).  The plain minimax needs
  // every line; the alpha-beta searches only the cutting line at a cutoff.
  bool is_terminal() const { return tricks_left_ <= 1 || (tricks_left_ == 2 && ntrick_ != 0); }
  // Fail-soft alpha-beta over the 16 lines of the last two tricks from a
  // trick start: each seat picks one of its two cards for the first trick
  // (following suit if it can) and plays the other to the last trick.  The
  // value if it lies in (alpha, beta), else a true bound on the side the
  // window was left, which is the contract of Search's solve_rest hook.
  bool solve_rest(int alpha, int beta, int& v) {
    if (tricks_left_ != 2 || ntrick_ != 0) return false;
    int c[4][2], x[4];
    for (int i = 0; i < 4; ++i) {
      const Mask h = hand_[(leader_ + i) & 3];
      c[i][0] = lowest(h);
      c[i][1] = highest(h);
    }
    v = two_tricks_ab<0>(c, x, 0, alpha, beta, leader_, term_rel_);
    return true;
  }
  // The same from a trick start of the last two tricks inside
  // first_trick_ab(), led by `leader` (the hands as they are now); rel: the
  // result's relevant cards.
  int two_tricks(int leader, int alpha, int beta, Mask& rel) {
    int c[4][2], x[4];
    for (int i = 0; i < 4; ++i) {
      const Mask h = hand_[(leader + i) & 3];
      c[i][0] = lowest(h);
      c[i][1] = highest(h);
    }
    return two_tricks_ab<0>(c, x, 0, alpha, beta, leader, rel);
  }
  // rel: the result's relevant cards, as Search computes them (see
  // search.hpp): a cutoff depends on the cutting line alone, a node where
  // every card was tried on all of them.  (Unioning every line looked at
  // would also be true, but names more cards: smaller classes.)
  template <int I>
  int two_tricks_ab(const int (&c)[4][2], int (&x)[4], int led, int alpha, int beta, int leader, Mask& rel) {
    if constexpr (I == 4) {
      const int t1[4] = {c[0][x[0]], c[1][x[1]], c[2][x[2]], c[3][x[3]]};
      const int w = trick_winner(t1);
      int t2[4];
      for (int i = 0; i < 4; ++i) {
        const int j = (w + i) & 3;
        t2[i] = c[j][1 - x[j]];
      }
      const int w2 = trick_winner(t2);
      rel = winner_relevance(t1, w) | winner_relevance(t2, w2);
      return trick_gain(t1[w], (leader + w) & 3, false) + trick_gain(t2[w2], (leader + w + w2) & 3, true);
    } else {
      const bool maxing = (((leader + I) & 3) & 1) == 0;
      int best = maxing ? -kInf : kInf;
      Mask all = 0;
      for (int xi = 0; xi < 2; ++xi) {
        if (I > 0 && !may_play(c[I], xi, led)) continue;
        x[I] = xi;
        Mask child;
        const int v = two_tricks_ab<I + 1>(c, x, I == 0 ? suit_of(c[0][xi]) : led, alpha, beta, leader, child);
        if (maxing) { if (v > best) best = v; if (v > alpha) alpha = v; }
        else { if (v < best) best = v; if (v < beta) beta = v; }
        if (alpha >= beta) { rel = child; return best; }
        all |= child;
      }
      rel = all;
      return best;
    }
  }
  // Three tricks left at a trick start, once the quick bounds and the table
  // have failed to settle it (Search's solve_stored hook): fail-soft
  // alpha-beta over every legal card of the first trick, in the search's
  // move order (the table's move first), then two_tricks() for the rest.
  // No table below, no quick bounds, no equivalent cards: cheaper per node
  // than the general search, and measured on 6-trick endgames most nodes
  // lie at these last three tricks.  Like solve_rest it records the
  // winners of the tricks its result depends on (terminal_relevance()).
  // The result is stored by the search as a searched one.
  //
  // Equivalent cards (see the top of the file): in the first trick only the
  // top card of a run is searched.  Where every move was tried, a skipped
  // card matters only if the stored class names its run's top but not it
  // (all_moves_relevance()); so the skipped cards of such nodes are kept,
  // and at the end each one whose twin above is named is named too, until
  // nothing changes.
  bool solve_stored(int alpha, int beta, int first, int& v, int& move) {
    if (tricks_left_ != 3 || ntrick_ != 0) return false;
    skipped_ = 0;
    v = first_trick_ab(alpha, beta, first, &move, term_rel_);
    while (skipped_) {
      const Mask named = named_low_cards(term_rel_);
      Mask add = 0;
      for (int c : cards_of(skipped_))
        if (!(named & bit(c)) && (named & bit(next_up(c)))) add |= bit(c);
      if (!add) break;
      term_rel_ |= add;
    }
    return true;
  }
  // The low cards in play that class_key(., rel) names.
  Mask named_low_cards(Mask rel) const {
    Mask named = 0;
    for (int s = 0; s < 4; ++s) {
      const unsigned low_in_play = unsigned(in_play_ >> (16 * s + 3)) & 0xFF;
      const unsigned r = unsigned(rel >> (16 * s + 3)) & low_in_play;
      unsigned m;
      if (r) m = low_in_play & ~((r & (0u - r)) - 1);
      else m = popcount(low_in_play) == 8 ? 0x80u : 0u;  // the 3-bit threshold's cap
      named |= Mask(m) << (16 * s + 3);
    }
    return named;
  }
  int first_trick_ab(int alpha, int beta, int first, int* best_move, Mask& rel) {
    const int seat = to_move();
    const bool maxing = (seat & 1) == 0;
    int moves[kMaxMoves], score[kMaxMoves], n = 0;
    Mask skipped = 0;
    const Mask h = hand_[seat];
    for (int c : cards_of(legal_mask())) {
      if (!has_points(c)) {
        const int up = next_up(c);
        if (up >= 0 && (h & bit(up)) && !has_points(up)) { skipped |= bit(c); continue; }
      }
      score[n] = c == first ? (1 << 30) : order_score(c);
      moves[n++] = c;
    }
    sort_by_score(moves, score, n);
    int best = maxing ? -kInf : kInf;
    Mask all = 0;
    for (int i = 0; i < n; ++i) {
      const int c = moves[i];
      hand_[seat] ^= bit(c);
      trick_[ntrick_++] = c;
      int v;
      Mask child;
      if (ntrick_ < 4) {
        v = first_trick_ab(alpha, beta, -1, nullptr, child);
      } else {
        const int w = trick_winner(trick_);
        const int winner = (leader_ + w) & 3;
        const int gain = trick_gain(trick_[w], winner, false);
        v = gain + two_tricks(winner, alpha - gain, beta - gain, child);
        child |= winner_relevance(trick_, w);
      }
      --ntrick_;
      hand_[seat] ^= bit(c);
      if (maxing ? v > best : v < best) { best = v; if (best_move) *best_move = c; }
      if (maxing) alpha = std::max(alpha, v); else beta = std::min(beta, v);
      if (alpha >= beta) { rel = child; return best; }
      all |= child;
    }
    skipped_ |= skipped;  // every move tried
    rel = all;
    return best;
  }
  int terminal_value() {
    term_rel_ = 0;
    return small_endgame();
  }
  Mask terminal_relevance() const { return term_rel_; }
  // May a seat holding the two cards h play h[x] to a trick led in suit led?
  static bool may_play(const int* h, int x, int led) {
    return suit_of(h[x]) == led || suit_of(h[1 - x]) != led;
  }
  // The index of the winning card of a complete trick t (in play order).
  static int trick_winner(const int* t) {
    int w = 0;
    for (int i = 1; i < 4; ++i) if (beats(t[i], t[w])) w = i;
    return w;
  }
  // The relevant cards of a complete trick t (in play order) won by t[w]:
  // the winner, so that the class keeps it above every x of its suit, which
  // keeps the trick's winner and gain.  Unless it is the only card of its
  // suit in the trick (a lone trump, or a led card nobody followed) and
  // has no points: then any card of its suit from that hand wins the trick
  // as well, with the same gain, so an x played there does too.
  static Mask winner_relevance(const int* t, int w) {
    const int c = t[w];
    if (has_points(c)) return bit(c);
    for (int i = 0; i < 4; ++i)
      if (i != w && suit_of(t[i]) == suit_of(c)) return bit(c);
    return 0;
  }
  // What a trick won by `seat` with card w adds to the searched value (N-S
  // points less the card points N-S hold; see the top of the file).
  static int trick_gain(int w, int seat, bool last) {
    const int p = card_points(w);
    return (seat & 1) == 0 ? kTrickPoints + (last ? kLastTrickBonus : 0) - p : p;
  }
  int last_trick_value() {
    if (tricks_left_ == 0) return 0;
    int trick[4];
    for (int i = 0; i < 4; ++i)
      trick[i] = i < ntrick_ ? trick_[i] : lowest(hand_[(leader_ + i) & 3]);
    const int w = trick_winner(trick);
    term_rel_ |= winner_relevance(trick, w);
    return trick_gain(trick[w], (leader_ + w) & 3, true);
  }
  // Exact minimax over every legal card (play/undo leave the position as
  // it was).
  int small_endgame() {
    if (tricks_left_ <= 1) return last_trick_value();
    const bool maxing = maximizing();
    int best = maxing ? -kInf : kInf;
    for (int c : cards_of(legal_mask())) {
      const int gain = play(c);
      term_rel_ |= won_;
      const int v = gain + small_endgame();
      undo(c);
      best = maxing ? std::max(best, v) : std::min(best, v);
    }
    return best;
  }
  bool maximizing() const { return (to_move() & 1) == 0; }
  // The card points of N-S's cards in play in d (hands and table).
  static int ns_points_held(const Deal& d) {
    int p = mask_points(d.hands[0] | d.hands[2]);
    for (int i = 0; i < d.ntrick; ++i)
      if (((d.leader + i) & 1) == 0) p += card_points(d.trick[i]);
    return p;
  }
  bool storable() const { return ntrick_ == 0; }
  // MTD(f)'s first guess: N-S take half of what is left.  Measured against
  // the middle of the quick bounds: the same on most full deals, 41% fewer
  // nodes on one of three, 2.5% fewer on 9-trick endgames.  (MTD(f) with
  // doubling steps, then bisection, from either guess: within +-20% either
  // way deal by deal, no better overall.  A greedy playout, every seat
  // playing the card the move ordering puts first, is 1.5 points off on
  // deals 0-9 against 4.1 for this guess, yet took as many nodes in all:
  // the passes far from the value are cheap, those near it dear.)
  int even_guess() const {
    return (kTrickPoints * tricks_left_ + kLastTrickBonus + points_in_play_) / 2 - ns_points_;
  }
  // Enhanced transposition cutoffs (see Search) at the last card of a
  // trick: every child is a trick start, which the search stores.  Only
  // with 7 or more tricks left: measured, nearer the leaves computing the
  // children's keys and fetching their buckets cost more than the nodes
  // saved (with partition search: from 4 tricks 13% fewer nodes but 13%
  // more time on full deals; from 7, 6-trick endgames take 8% less time).
  bool etc_node() const { return ntrick_ == 3 && tricks_left_ >= 7; }
  int depth() const { return tricks_left_; }
  // The table key of this trick start (see Key): every card named.
  // Computed suit-parallel: a hand's four counts by one SWAR count of its
  // low cards in each suit's 16-bit lane, its point cards as four nibbles;
  // the low cards renumbered once per P0 / P1 plane (the hands are
  // disjoint, so compressing their union is the union of the compressions).
  Key key() const {
    std::uint64_t counts = 0, pts = 0, low = 0;
    for (int h = 0; h < 4; ++h) {
      counts |= lane_nibbles(lane_counts(hand_[h] & kLowCards)) << (16 * h);
      const std::uint64_t p = lane_nibbles((hand_[h] >> 11) & 0x000F000F000F000Full);
      pts |= p;
      if (h & 1) pts |= p << 16;
      if (h & 2) pts |= p << 32;
    }
    const Mask plane0 = hand_[1] | hand_[3], plane1 = hand_[2] | hand_[3];
    for (int s = 0; s < 4; ++s) {
      const unsigned low_in_play = unsigned(in_play_ >> (16 * s + 3)) & 0xFF;
      low |= std::uint64_t(compress8(unsigned(plane0 >> (16 * s + 3)), low_in_play)) << (8 * s);
      low |= std::uint64_t(compress8(unsigned(plane1 >> (16 * s + 3)), low_in_play)) << (32 + 8 * s);
    }
    return Key{counts, pts | std::uint64_t(leader_) << 48, low};
  }
  static constexpr Mask kLowCards = 0x07F807F807F807F8ull;  // 3..T of every suit
  // The number of set bits of each 16-bit lane, in that lane.
  static std::uint64_t lane_counts(Mask m) {
    m = m - ((m >> 1) & 0x5555555555555555ull);
    m = (m & 0x3333333333333333ull) + ((m >> 2) & 0x3333333333333333ull);
    m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (m + (m >> 8)) & 0x001F001F001F001Full;
  }
  // Values below 16 in the four 16-bit lanes, packed as four nibbles.
  static std::uint64_t lane_nibbles(std::uint64_t x) {
    x |= x >> 12;  // lane 1 to nibble 1, lane 3 to bits 36..39
    x |= x >> 24;  // lanes 2 and 3 to nibbles 2 and 3
    return x & 0xFFFF;
  }
  static std::uint64_t hash(const Key& k) {
    return mix64(k.counts ^ mix64((k.pts & kExactPart) + 0x9e3779b97f4a7c15ull));
  }
  // ------------------------------------------------- partition search
  // The class of positions that agree with this trick start on the
  // relevant cards `rel` (real cards): in each suit, the low cards from the
  // lowest relevant one up are named.  (A suit with all 8 low cards in play
  // and none relevant names its top one: thresholds have 3 bits.)
  Key class_key(const Key& k, Mask rel) const {
    std::uint64_t thresholds = 0;
    for (int s = 0; s < 4; ++s) {
      const unsigned low_in_play = unsigned(in_play_ >> (16 * s + 3)) & 0xFF;
      const unsigned r = unsigned(rel >> (16 * s + 3)) & low_in_play;
      unsigned t = r ? unsigned(popcount(low_in_play & ((r & (0u - r)) - 1))) : unsigned(popcount(low_in_play));
      thresholds |= std::uint64_t(std::min(t, 7u)) << (3 * s);
    }
    const std::uint64_t pts = (k.pts & kExactPart) | thresholds << kThresholdShift;
    return Key{k.counts, pts, k.low & named_low(pts)};
  }
  // The real cards a matching stored class names here: each suit's low
  // cards in play less the lowest t of them (t: its threshold), read from
  // kDropLowest: the loop that cleared them one by one (here and in
  // from_key()) cost 3-10% of a full deal's time (deals 1, 5, 6, 0, 4, 8:
  // 43.6 s -> 41.6 s, the same nodes).
  Mask entry_relevance(const Key& stored) const {
    Mask rel = 0;
    for (int s = 0; s < 4; ++s) {
      const unsigned low_in_play = unsigned(in_play_ >> (16 * s + 3)) & 0xFF;
      const unsigned t = unsigned(stored.pts >> (kThresholdShift + 3 * s)) & 7;
      rel |= Mask(kDropLowest.v[t][low_in_play]) << (16 * s + 3);
    }
    return rel;
  }
  // v[t][m]: the 8-bit mask m less its lowest t set bits.
  struct DropLowest { std::uint8_t v[8][256]; };
  static constexpr DropLowest kDropLowest = [] {
    DropLowest d{};
    for (unsigned t = 0; t < 8; ++t)
      for (unsigned m = 0; m < 256; ++m) {
        unsigned x = m;
        for (unsigned i = 0; i < t && x; ++i) x &= x - 1;
        d.v[t][m] = std::uint8_t(x);
      }
    return d;
  }();
  // Right after play(): the winner of the trick the move completed.
  Mask move_relevance() const { return won_; }
  // The cards a settling quick bound used: the sure winners and the
  // cashable winner (see full_bounds()); inside a trick the bounds use
  // point cards and counts only.
  Mask bounds_relevance() const {
    if (ntrick_ != 0) return 0;
    const int c = cash_card();
    return sure_winners() | (c >= 0 ? bit(c) : 0);
  }
  // Every move was tried.  A searched card stands for its run of
  // equivalent cards below it (cardgame.hpp).  A run that the class cuts
  // (its top named, its bottom an x) would leave a position of the class
  // whose x of that suit and hand has no searched counterpart, so the whole
  // run is made relevant.  (A run all of x's is searched as an x: any x of
  // that suit and hand leads to the same class below.)
  Mask all_moves_relevance(const int* moves, int n, Mask rel) const {
    const Mask h = hand_[to_move()];
    Mask extra = 0;
    for (int i = 0; i < n; ++i) {
      const int c = moves[i];
      if (has_points(c)) continue;
      const int s = suit_of(c);
      const Mask low_suit = in_play_ & (Mask(0xFF) << (16 * s + 3));
      const Mask named = rel & low_suit;
      if (!named || bit(c) < (named & (0 - named))) continue;  // c itself unnamed
      int bottom = c;
      for (;;) {
        const Mask below = low_suit & (bit(bottom) - 1);
        if (!below) break;
        const int next = highest(below);
        if (!(h & bit(next))) break;
        bottom = next;
      }
      if (bit(bottom) < (named & (0 - named))) extra |= bit(bottom);
    }
    return extra;
  }

  // A card of the table key back in the real position (inverse of key()).
  int from_key(int card) const {
    if (card < 0 || has_points(card)) return card;
    const unsigned low_in_play = unsigned(in_play_ >> (16 * suit_of(card) + 3)) & 0xFF;
    const unsigned above = kDropLowest.v[rank_of(card) - 3][low_in_play];  // key ranks 3..10
    return above ? 16 * suit_of(card) + 3 + __builtin_ctz(above) : -1;
  }
  int to_key(int card) const {
    if (has_points(card)) return card;
    const unsigned low_in_play = unsigned(in_play_ >> (16 * suit_of(card) + 3)) & 0xFF;
    const unsigned below = low_in_play & ((1u << (rank_of(card) - 3)) - 1);
    return 16 * suit_of(card) + 3 + __builtin_popcount(below);
  }

  // Bounds from how a trick splits its points.  A card goes to its own
  // player's side unless it wins the trick, when it goes to the other side.
  // So a side's rest is the card points it holds now (hands and table), plus
  // per trick: 2 (+1 last) minus the winning card's points when it wins, or
  // the winning card's points when the other side wins.  Each trick thus
  // adds at most max(2, p) where p runs over the opponents' point cards,
  // each usable once; the last trick adds 1 more.
  //
  // Sure winners tighten this: a trump in hand H such that every higher
  // trump still in play is also in H wins whatever trick it is played to
  // (only H could beat it, and H plays one card per trick).  Those m cards
  // win m distinct tricks, whose split is then known exactly: 2 - p for
  // H's side, p for the other side.  Only the other tricks are bounded as
  // above.
  //
  // Inside a trick the search asks only for the trivial bounds [0, all that
  // is left]: measured on full deals, the full bounds settled about 1 in 750
  // of these nodes (the sure winners and the trick count barely change within
  // a trick, and the trick start above already failed to settle), so they
  // cost more than they saved.  Trivial bounds are true bounds, so the
  // search stays exact.  full_bounds() always computes the real ones.
  //
  // The bounds are on the searched value (N-S points less ns_points_, the
  // card points N-S hold).
  void bounds(int& lo, int& hi) const {
    if (ntrick_ != 0) {
      lo = -ns_points_;
      hi = kTrickPoints * tricks_left_ + kLastTrickBonus + points_in_play_ - ns_points_;
      return;
    }
    full_bounds(lo, hi);
  }
  void full_bounds(int& lo, int& hi) const {
    Mask side_cards[2] = {hand_[0] | hand_[2], hand_[1] | hand_[3]};
    for (int i = 0; i < ntrick_; ++i) side_cards[((leader_ + i) & 1)] |= bit(trick_[i]);
    const Mask sure = sure_winners();
    const int m = popcount(sure);
    // max_gain[x]: at most what side x adds on top of the points it holds.
    int max_gain[2], from_sure[2];
    for (int x = 0; x < 2; ++x) {
      const Mask own_sure = sure & side_cards[x], opp_sure = sure & side_cards[x ^ 1];
      from_sure[x] = kTrickPoints * popcount(own_sure) - mask_points(own_sure) + mask_points(opp_sure);
      max_gain[x] = from_sure[x] + best_case(side_cards[x ^ 1] & ~sure, tricks_left_ - m);
    }
    if (ntrick_ == 0) {
      // A cashable winner caps the defenders' gain further (see cash_card()).
      const int x = leader_ & 1;
      const int c = cash_card();
      if (c >= 0) {
        const int g = card_points(c) + from_sure[x ^ 1] + best_case(side_cards[x] & ~sure & ~bit(c), tricks_left_ - 1 - m);
        max_gain[x ^ 1] = std::min(max_gain[x ^ 1], g);
      }
    }
    // N-S take at most max_gain[0] on top of what they hold, E-W at most
    // max_gain[1] on top of theirs, and the total is fixed.
    const int ew_points = points_in_play_ - ns_points_;
    const int total = kTrickPoints * tricks_left_ + kLastTrickBonus;
    hi = std::min(max_gain[0], total + ew_points);
    lo = std::max(-ns_points_, total - max_gain[1]);
  }

  // The sure winners (see bounds()).  A top trump already on the table
  // wins the current trick; below it, a run of trumps in one hand that has
  // already played to this trick wins later tricks (the table card is gone
  // by then).  A top trump in a hand starts the run in that hand.
  Mask sure_winners() const {
    Mask trumps = in_play_ & suit_mask(kTrumpSuit);
    if (!trumps) return 0;
    Mask sure = 0;
    int top = highest(trumps);
    if (!(hand_[0] & bit(top)) && !(hand_[1] & bit(top)) && !(hand_[2] & bit(top)) && !(hand_[3] & bit(top))) {
      sure = bit(top);  // on the table
      trumps &= ~bit(top);
      if (!trumps) return sure;
      top = highest(trumps);
    }
    int h = 0;
    while (h < 4 && !(hand_[h] & bit(top))) ++h;
    if (h == 4) return sure;  // a second trump on the table: it loses
    if (sure && ((h - leader_) & 3) >= ntrick_) return sure;  // h may still play under it
    // The run of in-play trumps from here down that all lie in hand h.
    while (trumps) {
      const int t = highest(trumps);
      if (!(hand_[h] & bit(t))) break;
      sure |= bit(t);
      trumps &= ~bit(t);
    }
    return sure;
  }

  // A cashable winner, at a trick start: a non-trump card c of suit s in
  // the leader's hand that outranks every card of s in the other three
  // hands, where each opponent either holds a card of s (so must follow,
  // below c) or holds no trump, and the partner holds a card of s or some
  // other non-trump.  Then the leader's side has a strategy that wins this
  // trick with c: lead c, the partner plays a non-trump (following if it
  // must).  No trump falls to this trick, so every sure winner stays one
  // and its hand still holds it (it played a non-trump), and the trick
  // gives the defenders exactly pts(c) (the winner goes to the losing
  // side; every other card to its own).  The remaining tricks - 1 give the
  // defenders at most what bounds() allows them against the leader's side
  // holding its cards less c (a superset of what it will hold, and the
  // bound only grows with the set).  So the defenders' gain is at most
  // pts(c) + that, a bound on the value because the leader's side can
  // choose this line.  The cheapest such card is returned (-1: none); a
  // lower card of one suit never has more points.
  int cash_card() const {
    const int lead = leader_, partner = (leader_ + 2) & 3, e1 = (leader_ + 1) & 3, e2 = (leader_ + 3) & 3;
    const Mask trumps = suit_mask(kTrumpSuit);
    int best = -1, best_pts = 99;
    for (int s = 1; s < 4; ++s) {
      const Mask sm = suit_mask(s);
      const Mask mine = hand_[lead] & sm;
      if (!mine) continue;
      if (!(hand_[e1] & sm) && (hand_[e1] & trumps)) continue;
      if (!(hand_[e2] & sm) && (hand_[e2] & trumps)) continue;
      if (!(hand_[partner] & ~trumps)) continue;
      const Mask others = (hand_[partner] | hand_[e1] | hand_[e2]) & sm;
      const Mask winners = others ? mine & ~((bit(highest(others)) << 1) - 1) : mine;
      if (!winners) continue;
      const int c = lowest(winners);
      if (card_points(c) < best_pts) { best = c; best_pts = card_points(c); }
    }
    return best;
  }

  Mask legal_mask() const {
    const Mask h = hand_[to_move()];
    if (ntrick_) {
      const Mask follow = h & suit_mask(suit_of(trick_[0]));
      if (follow) return follow;
    }
    return h;
  }

  // For CardMoves (cardgame.hpp): twins are cards without points (the
  // point cards of a suit are all worth different points).
  Mask mover_hand() const { return hand_[to_move()]; }
  int next_up(int c) const {
    const Mask above = in_play_ & suit_mask(suit_of(c)) & ~((bit(c) << 1) - 1);
    return above ? lowest(above) : -1;
  }
  int card_value(int c) const { return card_points(c); }

  int play(int c) {
    const int seat = to_move();
    hand_[seat] ^= bit(c);
    trick_[ntrick_++] = c;
    won_ = 0;
    if (ntrick_ < 4) return 0;
    // trick complete: only now do the leader and the trick change beyond
    // what undo() can reverse by itself, so only now is the undo record kept.
    Undo& u = undo_[sp_++];
    u.leader = leader_;
    std::memcpy(u.trick, trick_, sizeof trick_);
    const int w = trick_winner(trick_);
    const int winner = (leader_ + w) & 3;
    --tricks_left_;
    u.ns_points = ns_points_;
    for (int i = 0; i < 4; ++i) {
      in_play_ &= ~bit(trick_[i]);
      points_in_play_ -= card_points(trick_[i]);
      if (((leader_ + i) & 1) == 0) ns_points_ -= card_points(trick_[i]);
    }
    won_ = winner_relevance(trick_, w);
    leader_ = winner;
    ntrick_ = 0;
    return trick_gain(trick_[w], winner, tricks_left_ == 0);
  }

  void undo(int c) {
    if (ntrick_ == 0) {  // the move completed a trick
      const Undo& u = undo_[--sp_];
      leader_ = u.leader;
      ++tricks_left_;
      std::memcpy(trick_, u.trick, sizeof trick_);
      for (int i = 0; i < 3; ++i) in_play_ |= bit(trick_[i]);
      in_play_ |= bit(c);
      points_in_play_ += card_points(trick_[0]) + card_points(trick_[1]) + card_points(trick_[2]) + card_points(c);
      ns_points_ = u.ns_points;
      ntrick_ = 4;
    }
    --ntrick_;
    hand_[(leader_ + ntrick_) & 3] |= bit(c);
  }


  // ------------------------------------------------- the Solver's hooks
  // (solver.hpp)
  // Trick starts searched grow about 4x per extra trick: size the table to
  // the problem (up to the cap) rather than touch a large one for an endgame.
  // 4^tricks * 4 entries: measured with every card's value, the same node
  // counts at 6, 7 and 8 tricks as with 4x more (0.1% more at 9 tricks), and
  // a fresh solver touches (page faults, zeroing) a quarter of the memory:
  // 8 tricks 27% less time.  Beyond 9 tricks the table starts at 2^20
  // entries (32 MiB) and grows as it fills (kGrowTable): many full deals
  // need a tenth of the 512 MiB cap, hard ones all of it.
  static std::size_t table_entries(int tricks, bool) { return std::size_t(1) << std::min(20, 2 + 2 * tricks); }
  // MTD(f) from the even split (see even_guess()).
  int root_value(Search<Game>& s) { return s.exact(even_guess()); }
  // The search's values leave out the card points N-S hold at the start
  // (see the top of the file): the Solver adds them back.
  static int value_offset(const Deal& d) { return ns_points_held(d); }

 private:
  // At most what `tricks` tricks can add against opponents holding `opp`:
  // the opponents' aces and kings as winners, else 2 per trick, plus the
  // last-trick bonus.
  int best_case(Mask opp, int tricks) const {
    // One bit a suit, at bits 0, 16, 32, 48: the multiply sums them in the top lane.
    const auto count4 = [](Mask x) { return int((x * 0x0001000100010001ull) >> 48); };
    const int a = std::min(count4((opp >> 14) & 0x0001000100010001ull), tricks);
    const int k = std::min(count4((opp >> 13) & 0x0001000100010001ull), tricks - a);
    return kTrickPoints * tricks + kLastTrickBonus + 2 * a + k;
  }

  // Move ordering, from how a trick adds to a side (see bounds()): a side
  // gains 2 for winning less the winning card's points, or the opponents'
  // winning card's points.  So: win cheaply with a card without points,
  // make the opponents win with point cards, and when not winning shed the
  // point cards that would later cost their side if forced to win.
  int order_score(int c) const {
    const int pts = card_points(c);
    if (ntrick_ == 0) {
      const Mask above = in_play_ & suit_mask(suit_of(c)) & ~((bit(c) << 1) - 1) & ~hand_[to_move()];
      const bool top = above == 0;
      return (top && !pts ? 30 : 0) - 6 * pts - rank_of(c) + (suit_of(c) == kTrumpSuit ? -3 : 0);
    }
    int w = 0;
    for (int i = 1; i < ntrick_; ++i) if (beats(trick_[i], trick_[w])) w = i;
    const bool partner_winning = ((ntrick_ - w) & 1) == 0;
    const int wp = card_points(trick_[w]);
    if (beats(c, trick_[w])) {
      // Win: worth 2 - pts now; the cheapest sufficient card first.
      return 10 * (2 - pts) + (partner_winning ? -25 - 10 * (2 - wp) : 10 * -0) - rank_of(c) / 2 -
             (ntrick_ == 3 ? 0 : 0);
    }
    // Not winning: the trick stands as it is; shed points, keep high cards.
    const int stand = partner_winning ? 10 * (2 - wp) : 10 * wp;
    return stand + 3 * pts - rank_of(c) / 4;
  }

  struct Undo { int leader; int trick[4]; int ns_points; };
  Mask hand_[4];
  Mask in_play_;
  Mask won_ = 0;       // winner_relevance() of the trick the last play() completed, else 0
  Mask term_rel_ = 0;  // the trick winners the last terminal evaluation looked at
  Mask skipped_ = 0;   // solve_stored(): equivalent cards skipped where every move was tried
  int leader_, ntrick_, tricks_left_, points_in_play_;
  int ns_points_;      // card points of N-S's cards in play (hands and table)
  int trick_[4];
  Undo undo_[52];
  int sp_ = 0;
};

}  // namespace sixtyfive
}  // namespace openhand
