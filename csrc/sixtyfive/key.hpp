// sixtyfive/key.hpp: 65's table key, and the classes of positions a
// stored result names (partition search): matching, covering, the class
// of a result's relevant cards, and the cards of a stored move.
//
// The table is keyed by the four hands and the leader at trick starts: the
// points still to come depend on nothing else.
//
// Partition search (see search.hpp): a stored result names a class of
// positions, all with the same leader and the same number of cards of each
// suit in each hand, and agreeing on the cards of each suit from some card
// up (the named cards); the cards below are left unnamed ("x").  Low cards
// (3..T) are named by their order among the low cards in play, point cards
// (J Q K A) by identity, since their points count when they win (under the
// tricks objective every card is a rank like the others, see tricks_key()).
// A result depends on the cards that won the tricks of its proof tree (each
// trick's winner is relevant, and with it every card of its suit above: the
// class keeps the order of the named cards, and every x ranks below them; a
// winner without points alone of its suit in its trick wins whatever its
// rank, so it need not be named unless an x of its hand could be a point
// card, see winner_relevance()); the rest only needs the suit lengths,
// which the class keeps.  So replaying the proof in any position of the
// class, with each x played where an x was, gives every trick the same
// winner, the same gain and the same legal moves: a card that wins no trick
// goes to its own side and adds nothing to the searched value (rules.hpp),
// so an x may be a point card.  Two more things are relevant: the cards a
// quick bound used (bounds_relevance()), and, where every move was tried, a
// run of equivalent cards cut by the class (all_moves_relevance()).
//
// Point cards left unnamed (measured with the entries' turning replacement,
// ttable.hpp): before, every class named all 16; on 30 seeded 9-trick
// positions 9.25M -> 6.79M nodes, on full deals 0-5 454M -> 323M, values
// identical.  The classes still name the trump suit's point cards and the
// other suits' kings and aces (the hash covers them, kAlwaysNamed): hashing
// the leader and counts alone put so many positions in one bucket that full
// deal 0 took 6x the nodes (with the replacement then in use, which always
// took a full bucket's first entry); with the trump suit's point cards
// hashed too, 9-trick positions took 7.89M.
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
//   counts:  the number of cards of each suit in each hand, 4 bits each
//            (hand h, suit s at nibble 4h + s): the class's suit lengths;
//            but nibble 15 (hand 3, suit 3: every hand holds as many cards,
//            so the other counts give it) holds the leader;
//   pts:     bits 0-15 the point cards in play (suit s: J Q K A at 4s..),
//            16-31 their P0 bits, 32-47 their P1 bits, all of them only
//            where the class names them; 48-62 the class's codes (below:
//            3 bits for the trump suit at 48, 4 bits for side suit s at
//            47 + 4s; 0 for a probed position), 63 the objective (1:
//            tricks; rules.hpp), so that one table serves both objectives
//            without an entry of one answering the other;
//   low:     the low cards' P0 bits (suit s at bits 8s..8s+7 by key rank)
//            and P1 bits (32 + 8s..), those a class leaves unnamed cleared.
// A suit's code says which of its cards a class names, always from some
// card up (the unnamed cards rank below every named one):
//   c < 8:   every point card (J..A: whether in play, and where), and the
//            low key ranks from c up;
//   8 + r:   (side suits only) no low card, and the point cards of rank
//            J+r and up; class_key() makes r at most 2, so that every
//            class names the king and ace (kAlwaysNamed).
// The point cards a class names are named by identity (their points count
// when they win), the low ones by key rank.  The trump suit's point cards
// are always named (its 3 bits have no room for more codes: with 8 low
// cards in play and none relevant it names its top one).
// A probe (codes 0) names every card; table_match() tells whether a stored
// class holds the probed position.  The hash covers only what every class
// keeps exact (the counts, the leader and the cards of kAlwaysNamed), so
// all the classes of a position share its bucket.
struct Key {
  std::uint64_t counts, pts, low;
  bool operator==(const Key& o) const { return counts == o.counts && pts == o.pts && low == o.low; }
};
constexpr int kObjectiveBit = 63;
constexpr std::uint64_t kPointPlanes = (std::uint64_t(1) << 48) - 1;
constexpr std::uint64_t kLeaderNibble = std::uint64_t(15) << 60;
constexpr unsigned kNoLowNamed = 8;  // codes 8 + r (see Key)
// The cards every class names, in all three point planes: the trump
// suit's point cards and the other suits' kings and aces.
constexpr std::uint64_t kAlwaysNamed = 0x0000CCCFCCCFCCCFull;
// Suit s's code in a class's pts, and the bits that place code c there.
inline unsigned suit_code(std::uint64_t pts, int s) {
  return s == kTrumpSuit ? unsigned(pts >> 48) & 7 : unsigned(pts >> (47 + 4 * s)) & 15;
}
inline std::uint64_t code_bits(unsigned c, int s) {
  return std::uint64_t(c) << (s == kTrumpSuit ? 48 : 47 + 4 * s);
}
// What code c names: low key ranks (a byte) and point cards (J..A nibble).
inline constexpr unsigned code_low_names(unsigned c) { return c < 8 ? (0xFFu << c) & 0xFFu : 0u; }
inline constexpr unsigned code_point_names(unsigned c) { return c < 8 ? 15u : c < 12 ? (15u << (c - 8)) & 15u : 0u; }
// What the codes of two suits name, read from the 7 code bits of suits 0
// and 1 or the 8 of suits 2 and 3: the point nibbles in bits 0-15 and the
// low bytes in bits 32-63, at those suits' places.
struct CodePairNames { std::uint64_t low_pair[128], high_pair[256]; };
constexpr CodePairNames kCodePairNames = [] {
  CodePairNames n{};
  const auto names = [](unsigned c, int s) {
    return std::uint64_t(code_point_names(c)) << (4 * s) | std::uint64_t(code_low_names(c)) << (32 + 8 * s);
  };
  for (unsigned x = 0; x < 128; ++x) n.low_pair[x] = names(x & 7, 0) | names(x >> 3, 1);
  for (unsigned x = 0; x < 256; ++x) n.high_pair[x] = names(x & 15, 2) | names(x >> 4, 3);
  return n;
}();
// The bits of pts (all three point planes) and of low that a class with
// codes in `pts` names.
inline void named_bits(std::uint64_t pts, std::uint64_t& pts_mask, std::uint64_t& low_mask) {
  const std::uint64_t n =
      kCodePairNames.low_pair[(pts >> 48) & 127] | kCodePairNames.high_pair[(pts >> 55) & 255];
  const std::uint64_t p = n & 0xFFFF, l = n >> 32;
  pts_mask = p | p << 16 | p << 32;
  low_mask = l | l << 32;
}

// Under the tricks objective no card has points, so none need be named
// exactly: the key renumbers all twelve ranks of a suit among its cards in
// play (the relative ranks of DDS), and a class names each suit's cards from
// a threshold up, J..A as any other.  Layout (the objective bit in place):
//   counts:  the number of cards of each suit in each hand (nibble 4h + s);
//   pts:     bits 0-47 the cards' P1 bits (suit s at 12s.. by key rank),
//            48-49 the leader, 63 the objective (1);
//   low:     bits 0-47 their P0 bits, 48-63 the class's thresholds (4 bits
//            a suit: the key ranks below t_s unnamed; 0 for a probe).
constexpr std::uint64_t kTricksExact = std::uint64_t(3) << 48 | std::uint64_t(1) << kObjectiveBit;
constexpr std::uint64_t kPlanes = (std::uint64_t(1) << 48) - 1;
constexpr int kTricksThresholdShift = 48;
inline bool is_tricks_key(const Key& k) { return (k.pts >> kObjectiveBit) & 1; }
// The plane bits two suits' thresholds (a byte of a class's `low`) name:
// the key ranks from each threshold up, 12 bits a suit.
struct NamedPairs {
  std::uint32_t v[256];
};
inline constexpr NamedPairs kNamedPairs = [] {
  NamedPairs t{};
  for (unsigned b = 0; b < 256; ++b)
    t.v[b] = ((0xFFFu << (b & 15)) & 0xFFFu) | ((0xFFFu << (b >> 4)) & 0xFFFu) << 12;
  return t;
}();
// The plane bits a tricks class with thresholds in `low` names (one look-up
// per two suits: the loop over the suits it replaces was 5% of the
// skeleton's time, asked of every entry a probe compares).
inline std::uint64_t tricks_named(std::uint64_t low) {
  return kNamedPairs.v[(low >> kTricksThresholdShift) & 0xFF] |
         std::uint64_t(kNamedPairs.v[(low >> (kTricksThresholdShift + 8)) & 0xFF]) << 24;
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
// The same under the points objective.
inline bool points_agree(const Key& g, const Key& s) {
  if ((g.pts ^ s.pts) & kAlwaysNamed) return false;
  std::uint64_t pm, lm;
  named_bits(g.pts, pm, lm);
  return (s.pts & pm) == (g.pts & kPointPlanes) && (s.low & lm) == g.low;
}

inline bool table_match(const Key& stored, const Key& probe) {
  if (stored.counts != probe.counts) return false;
  if (is_tricks_key(probe))
    return ((stored.pts ^ probe.pts) & kTricksExact) == 0 && tricks_planes_agree(stored, probe);
  return !is_tricks_key(stored) && points_agree(stored, probe);
}
// Does class g hold every position of class s?  g names a subset of what s
// names (every threshold at least as high; under the points objective every
// code: the codes are ordered so) and agrees with s there.
inline bool table_covers(const Key& g, const Key& s) {
  if (g.counts != s.counts) return false;
  if (is_tricks_key(s))
    return ((g.pts ^ s.pts) & kTricksExact) == 0 && tricks_thresholds_at_least(g, s) && tricks_planes_agree(g, s);
  if (is_tricks_key(g)) return false;
  for (int i = 0; i < 4; ++i)
    if (suit_code(g.pts, i) < suit_code(s.pts, i)) return false;
  return points_agree(g, s);
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
  // The counts are the position's (Position::counts_, kept as cards are
  // played: computing them here was 4% of a full deal's instructions); the
  // rest is computed suit-parallel, once per P0 / P1 plane (the hands are
  // disjoint, so a plane's cards are the union of its hands'): the point
  // cards as four nibbles, the low cards renumbered (compressing the
  // union is the union of the compressions).
  Key key() const {
    if (sc_.tricks) return tricks_key();
    const Mask plane0 = hand_[1] | hand_[3], plane1 = hand_[2] | hand_[3];
    const auto point_nibbles = [](Mask m) { return lane_nibbles((m >> 11) & 0x000F000F000F000Full); };
    // (At a trick start every card in play is in a hand.)
    const std::uint64_t pts = point_nibbles(in_play_) | point_nibbles(plane0) << 16 | point_nibbles(plane1) << 32;
    std::uint64_t low = 0;
    for (int s = 0; s < 4; ++s) {
      const unsigned low_in_play = unsigned(in_play_ >> (16 * s + 3)) & 0xFF;
      low |= std::uint64_t(compress8(unsigned(plane0 >> (16 * s + 3)), low_in_play)) << (8 * s);
      low |= std::uint64_t(compress8(unsigned(plane1 >> (16 * s + 3)), low_in_play)) << (32 + 8 * s);
    }
    return Key{(counts_ & ~kLeaderNibble) | std::uint64_t(leader_) << 60, pts, low};
  }
  // The same under the tricks objective (the layout above table_match()):
  // every card renumbered among the cards of its suit in play.
  Key tricks_key() const {
    std::uint64_t p0 = 0, p1 = 0;
    const Mask plane0 = hand_[1] | hand_[3], plane1 = hand_[2] | hand_[3];
    for (int s = 0; s < 4; ++s) {
      const unsigned in_suit = unnamed_pool(s);
      p0 |= std::uint64_t(compress12(unsigned(plane0 >> (16 * s + 3)), in_suit)) << (12 * s);
      p1 |= std::uint64_t(compress12(unsigned(plane1 >> (16 * s + 3)), in_suit)) << (12 * s);
    }
    return Key{counts_, p1 | std::uint64_t(leader_) << 48 | std::uint64_t(1) << kObjectiveBit, p0};
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
  // Values below 16 in the four 16-bit lanes, packed as four nibbles.
  static std::uint64_t lane_nibbles(std::uint64_t x) {
    x |= x >> 12;  // lane 1 to nibble 1, lane 3 to bits 36..39
    x |= x >> 24;  // lanes 2 and 3 to nibbles 2 and 3
    return x & 0xFFFF;
  }
  static std::uint64_t hash(const Key& k) {
    // (Under the tricks objective the leader and the objective bit at 62,
    // where it once was: the same hashes, so the same node counts.)
    const std::uint64_t exact =
        is_tricks_key(k) ? (k.pts & (std::uint64_t(3) << 48)) | std::uint64_t(1) << 62 : k.pts & kAlwaysNamed;
    return mix64(k.counts ^ mix64(exact + 0x9e3779b97f4a7c15ull));
  }
  // ------------------------------------------------- partition search
  // The class of positions that agree with this trick start on the
  // relevant cards `rel`: in each suit, the cards from the lowest relevant
  // one up are named.  Under the points objective a point card of `rel`
  // names itself and the point cards above, whether or not it is in play
  // (so J names every point card of its suit: none below is in play); a
  // low one names every point card and the low cards from it up.  (The
  // trump suit names its point cards always; with all 8 low cards in play
  // and none relevant it names its top one: its code has 3 bits.)
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
    std::uint64_t codes = 0;
    for (int s = 0; s < 4; ++s) codes |= code_bits(points_code(rel, s), s);
    std::uint64_t pm, lm;
    named_bits(codes, pm, lm);
    return Key{k.counts, (k.pts & pm) | codes, k.low & lm};
  }
  // The code class_key() gives suit s under the points objective (see Key).
  unsigned points_code(Mask rel, int s) const {
    const unsigned low_in_play = unnamed_pool(s);
    const unsigned r = unsigned(rel >> (16 * s + 3)) & low_in_play;
    if (r) return unsigned(popcount(low_in_play & ((r & (0u - r)) - 1)));
    if (s == kTrumpSuit) return std::min(unsigned(popcount(low_in_play)), 7u);
    const unsigned p = unsigned(rel >> jack_of(s)) & 15;
    return kNoLowNamed + (p ? std::min(unsigned(__builtin_ctz(p)), 2u) : 2u);
  }
  // The low cards of suit s in play (8 bits from rank 3) that code c names.
  unsigned code_named_low(unsigned c, int s) const {
    return c < kNoLowNamed ? kDropLowest.v[c][unnamed_pool(s)] : 0u;
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
    // (Point cards as class_key() reads them; the trump suit's are named
    // by every class.)
    for (int s = 0; s < 4; ++s) {
      const unsigned c = suit_code(stored.pts, s);
      if (c < kNoLowNamed) {
        rel |= Mask(code_named_low(c, s)) << (16 * s + 3);
        if (s != kTrumpSuit) rel |= bit(jack_of(s));
      } else if (c < kNoLowNamed + 4) {
        rel |= bit(jack_of(s) + int(c - kNoLowNamed));
      }
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
  // Dynamic equivalence (Search: HasEquivalentMoves): the cards of the
  // mover's suit below every card of that suit the result after `move`
  // named (its relevant cards `rel`, read as class_key() reads them), if
  // `move` is one of them: they lead to positions of that result's class
  // (swapping two unnamed cards of one suit in one hand changes no card it
  // names, and the counts of each suit in each hand stay), so the result
  // holds for each.  Under the points objective an unnamed point card is
  // one of them: it wins no trick of the result's proof (every winner is
  // named), and a card that wins no trick adds nothing to the searched
  // value (rules.hpp).  (The twins of cardgame.hpp are a static case of
  // this.)
  Mask equivalent_moves(int move, Mask rel) const {
    const int s = suit_of(move);
    const Mask sm = suit_mask(s);
    Mask below;
    if (sc_.tricks || s == kTrumpSuit) {
      if (!may_go_unnamed(move)) return 0;
      const Mask named = rel & in_play_ & sm;
      const Mask pool = Mask(unnamed_pool(s)) << (16 * s + 3);
      below = (named ? (named & (0 - named)) - 1 : ~Mask(0)) & pool;
    } else {
      const unsigned c = points_code(rel, s);
      if (c < kNoLowNamed) below = Mask(unnamed_pool(s) & ~code_named_low(c, s)) << (16 * s + 3);
      else below = (bit(jack_of(s) + int(c - kNoLowNamed)) - 1) & sm & in_play_;
    }
    below &= hand_[to_move()];
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
      unsigned m;
      if (sc_.tricks) {
        const unsigned in_suit = unnamed_pool(s);
        const unsigned r = unsigned(rel >> (16 * s + 3)) & in_suit;
        m = r ? in_suit & ~((r & (0u - r)) - 1) : 0u;
      } else {
        m = code_named_low(points_code(rel, s), s);
      }
      named |= Mask(m) << (16 * s + 3);
    }
    return named;
  }
};

}  // namespace sixtyfive
}  // namespace openhand
