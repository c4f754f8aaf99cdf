// sixtyfive/key.hpp: 65's table key, and the classes of positions a
// stored result names (partition search): matching, covering, the class
// of a result's relevant cards, and the cards of a stored move.
//
// The table is keyed by the four hands and the leader at trick starts: the
// points still to come depend on nothing else.
//
// Partition search (see search.hpp): a stored result names a class of
// positions, all with the same leader, the same point cards (J Q K A) in the
// same hands (under the points objective; under the tricks objective J..A
// are ranks like the others, see tricks_key()) and the same number of low
// cards (3..T) of each suit in each hand, and agreeing on who holds each
// low card from a threshold up in each suit; the low cards below the
// threshold are left unnamed ("x").  A result
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

#include "cards.hpp"
#include "sixtyfive/rules.hpp"

namespace openhand {
namespace sixtyfive {

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
//            ranks below t_s are unnamed (0 for a probed position), 62 the
//            objective (1: tricks; rules.hpp), so that one table serves
//            both objectives without an entry of one answering the other;
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
constexpr int kObjectiveBit = 62;
constexpr std::uint64_t kExactPart =
    ((std::uint64_t(1) << kThresholdShift) - 1) | std::uint64_t(1) << kObjectiveBit;

// The low-card bits (both planes) a class with thresholds `pts` names.
inline std::uint64_t named_low(std::uint64_t pts) {
  std::uint64_t m = 0;
  for (int s = 0; s < 4; ++s) {
    const unsigned t = unsigned(pts >> (kThresholdShift + 3 * s)) & 7;
    m |= std::uint64_t((0xFFu << t) & 0xFFu) << (8 * s);
  }
  return m | m << 32;
}

// Under the tricks objective no card has points, so none need be named
// exactly: the key renumbers all twelve ranks of a suit among its cards in
// play (the relative ranks of DDS), and a class names each suit's cards from
// a threshold up, J..A as any other.  Layout (the objective bit in place):
//   counts:  the number of cards of each suit in each hand (nibble 4h + s);
//   pts:     bits 0-47 the cards' P1 bits (suit s at 12s.. by key rank),
//            48-49 the leader, 62 the objective (1);
//   low:     bits 0-47 their P0 bits, 48-63 the class's thresholds (4 bits
//            a suit: the key ranks below t_s unnamed; 0 for a probe).
constexpr std::uint64_t kTricksExact = std::uint64_t(3) << 48 | std::uint64_t(1) << kObjectiveBit;
constexpr std::uint64_t kPlanes = (std::uint64_t(1) << 48) - 1;
constexpr int kTricksThresholdShift = 48;
inline bool is_tricks_key(const Key& k) { return (k.pts >> kObjectiveBit) & 1; }
// The plane bits a tricks class with thresholds in `low` names.
inline std::uint64_t tricks_named(std::uint64_t low) {
  std::uint64_t m = 0;
  for (int s = 0; s < 4; ++s) {
    const unsigned t = unsigned(low >> (kTricksThresholdShift + 4 * s)) & 15;
    m |= std::uint64_t((0xFFFu << t) & 0xFFFu) << (12 * s);
  }
  return m;
}
inline bool tricks_thresholds_at_least(const Key& g, const Key& s) {
  for (int i = 0; i < 4; ++i) {
    const int shift = kTricksThresholdShift + 4 * i;
    if (((g.low >> shift) & 15) < ((s.low >> shift) & 15)) return false;
  }
  return true;
}

// Do the cards of s agree with the class g on every card g names?
inline bool tricks_planes_agree(const Key& g, const Key& s) {
  const std::uint64_t named = tricks_named(g.low);
  return (s.pts & named) == (g.pts & kPlanes) && (s.low & named) == (g.low & kPlanes);
}

inline bool table_match(const Key& stored, const Key& probe) {
  if (stored.counts != probe.counts) return false;
  if (is_tricks_key(probe))
    return ((stored.pts ^ probe.pts) & kTricksExact) == 0 && tricks_planes_agree(stored, probe);
  return ((stored.pts ^ probe.pts) & kExactPart) == 0 && (probe.low & named_low(stored.pts)) == stored.low;
}
// Does class g hold every position of class s?  g names a subset of what s
// names (every threshold at least as high) and agrees with s there.
inline bool table_covers(const Key& g, const Key& s) {
  if (g.counts != s.counts) return false;
  if (is_tricks_key(s))
    return ((g.pts ^ s.pts) & kTricksExact) == 0 && tricks_thresholds_at_least(g, s) && tricks_planes_agree(g, s);
  if (((g.pts ^ s.pts) & kExactPart) != 0) return false;
  for (int i = 0; i < 4; ++i) {
    const int shift = kThresholdShift + 3 * i;
    if (((g.pts >> shift) & 7) < ((s.pts >> shift) & 7)) return false;
  }
  return (s.low & named_low(g.pts)) == g.low;
}

// Position (rules.hpp) with its table key and classes.
class Keys : public Position {
 public:
  using Key = sixtyfive::Key;
  explicit Keys(const Deal& d) : Position(d) {}

  // The table holds trick starts (the key names the four hands and the
  // leader: at a trick start every card in play is in a hand).
  bool storable() const { return ntrick_ == 0; }
  // The table key of this trick start (see Key): every card named.
  // Computed suit-parallel: a hand's four counts by one SWAR count of its
  // low cards in each suit's 16-bit lane, its point cards as four nibbles;
  // the low cards renumbered once per P0 / P1 plane (the hands are
  // disjoint, so compressing their union is the union of the compressions).
  Key key() const {
    if (sc_.tricks) return tricks_key();
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
    return Key{counts, pts | std::uint64_t(leader_) << 48 | std::uint64_t(sc_.tricks) << kObjectiveBit, low};
  }
  // The same under the tricks objective (the layout above table_match()):
  // every card renumbered among the cards of its suit in play.
  Key tricks_key() const {
    std::uint64_t counts = 0, p0 = 0, p1 = 0;
    for (int h = 0; h < 4; ++h) counts |= lane_nibbles(lane_counts(hand_[h])) << (16 * h);
    const Mask plane0 = hand_[1] | hand_[3], plane1 = hand_[2] | hand_[3];
    for (int s = 0; s < 4; ++s) {
      const unsigned in_suit = unnamed_pool(s);
      p0 |= std::uint64_t(compress12(unsigned(plane0 >> (16 * s + 3)), in_suit)) << (12 * s);
      p1 |= std::uint64_t(compress12(unsigned(plane1 >> (16 * s + 3)), in_suit)) << (12 * s);
    }
    return Key{counts, p1 | std::uint64_t(leader_) << 48 | std::uint64_t(1) << kObjectiveBit, p0};
  }
  // The cards of suit s in play that a class may leave unnamed, as 12 bits
  // from rank 3 up: the low ones (3..T) under the points objective, all of
  // them under the tricks objective.
  unsigned unnamed_pool(int s) const {
    return unsigned(in_play_ >> (16 * s + 3)) & (sc_.tricks ? 0xFFFu : 0xFFu);
  }
  // May a class leave card c unnamed (see unnamed_pool())?
  bool may_go_unnamed(int c) const { return sc_.tricks || !has_points(c); }
  // x less its lowest t set bits.
  static unsigned drop_lowest(unsigned x, unsigned t) {
    if (x < 256 && t < 8) return kDropLowest.v[t][x];
    for (unsigned i = 0; i < t && x; ++i) x &= x - 1;
    return x;
  }
  static constexpr Mask kLowCards = 0x07F807F807F807F8ull;  // 3..T of every suit
  // Values below 16 in the four 16-bit lanes, packed as four nibbles.
  static std::uint64_t lane_nibbles(std::uint64_t x) {
    x |= x >> 12;  // lane 1 to nibble 1, lane 3 to bits 36..39
    x |= x >> 24;  // lanes 2 and 3 to nibbles 2 and 3
    return x & 0xFFFF;
  }
  static std::uint64_t hash(const Key& k) {
    const std::uint64_t exact = k.pts & (is_tricks_key(k) ? kTricksExact : kExactPart);
    return mix64(k.counts ^ mix64(exact + 0x9e3779b97f4a7c15ull));
  }
  // ------------------------------------------------- partition search
  // The class of positions that agree with this trick start on the
  // relevant cards `rel` (real cards): in each suit, the low cards from the
  // lowest relevant one up are named.  (A suit with all 8 low cards in play
  // and none relevant names its top one: thresholds have 3 bits.)
  Key class_key(const Key& k, Mask rel) const {
    if (sc_.tricks) {
      std::uint64_t thresholds = 0;
      for (int s = 0; s < 4; ++s) {
        const unsigned in_suit = unnamed_pool(s);
        const unsigned r = unsigned(rel >> (16 * s + 3)) & in_suit;
        const unsigned t = unsigned(popcount(r ? in_suit & ((r & (0u - r)) - 1) : in_suit));
        thresholds |= std::uint64_t(t) << (kTricksThresholdShift + 4 * s);
      }
      const std::uint64_t named = tricks_named(thresholds);
      return Key{k.counts, (k.pts & ~kPlanes) | (k.pts & named), (k.low & named) | thresholds};
    }
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
    if (sc_.tricks) {
      for (int s = 0; s < 4; ++s) {
        const unsigned t = unsigned(stored.low >> (kTricksThresholdShift + 4 * s)) & 15;
        rel |= Mask(drop_lowest(unnamed_pool(s), t)) << (16 * s + 3);
      }
      return rel;
    }
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
  // Dynamic equivalence (Search: HasEquivalentMoves): the low cards of
  // the mover's suit below every card of that suit the result after
  // `move` named (its relevant cards `rel`), if `move` is one of them: they
  // lead to positions of that result's class (swapping two x's of one suit
  // in one hand changes no card it names, and the counts of each suit in
  // each hand stay), so the result holds for each.  (The twins of
  // cardgame.hpp are a static case of this.)
  Mask equivalent_moves(int move, Mask rel) const {
    if (!may_go_unnamed(move)) return 0;
    const int s = suit_of(move);
    const Mask named = rel & in_play_ & suit_mask(s);
    const Mask pool = Mask(unnamed_pool(s)) << (16 * s + 3);
    const Mask below = (named ? (named & (0 - named)) - 1 : ~Mask(0)) & pool & hand_[to_move()];
    return (below & bit(move)) ? below : 0;
  }
  // Right after play(): the winner of the trick the move completed.
  Mask move_relevance() const { return won_; }
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
      if (!may_go_unnamed(c)) continue;
      const int s = suit_of(c);
      const Mask low_suit = Mask(unnamed_pool(s)) << (16 * s + 3);
      const Mask named = rel & low_suit;
      if (!named || bit(c) < (named & (0 - named))) continue;  // c itself unnamed
      const int bottom = run_bottom(c, low_suit, h);
      if (bit(bottom) < (named & (0 - named))) extra |= bit(bottom);
    }
    return extra;
  }

  // A card of the table key back in the real position (inverse of key()).
  int from_key(int card) const {
    if (card < 0 || !may_go_unnamed(card)) return card;
    const unsigned above = drop_lowest(unnamed_pool(suit_of(card)), unsigned(rank_of(card) - 3));  // key ranks
    return above ? 16 * suit_of(card) + 3 + __builtin_ctz(above) : -1;
  }
  int to_key(int card) const {
    if (!may_go_unnamed(card)) return card;
    const unsigned below = unnamed_pool(suit_of(card)) & ((1u << (rank_of(card) - 3)) - 1);
    return 16 * suit_of(card) + 3 + __builtin_popcount(below);
  }
  // The low cards in play that class_key(., rel) names.
  Mask named_low_cards(Mask rel) const {
    Mask named = 0;
    for (int s = 0; s < 4; ++s) {
      const unsigned low_in_play = unnamed_pool(s);
      const unsigned r = unsigned(rel >> (16 * s + 3)) & low_in_play;
      unsigned m;
      if (r) m = low_in_play & ~((r & (0u - r)) - 1);
      else m = !sc_.tricks && popcount(low_in_play) == 8 ? 0x80u : 0u;  // the 3-bit threshold's cap
      named |= Mask(m) << (16 * s + 3);
    }
    return named;
  }
};

}  // namespace sixtyfive
}  // namespace openhand
