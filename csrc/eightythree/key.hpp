// eightythree/key.hpp: Eighty-Three's table key and the slots of a
// stored move.
//
// Table key, at trick starts: the four hands and the leader.  Only the
// order of the cards in play among themselves matters, and their points.
// So each plain suit is renumbered from the bottom among its cards in
// play; in the trump block the point cards keep their place and the
// point-less trumps are renumbered inside their gap between point cards
// (trumps 3-4: strengths 2..3; trumps 6-8: strengths 6..8).  A stored key
// names a class of positions (partition search, below).
#pragma once
#include <cstdint>

#include "cards.hpp"
#include "eightythree/slots.hpp"

namespace openhand {
namespace eightythree {

inline unsigned compress16(unsigned x, unsigned m) {
  return compress8(x, m) | (compress8(x >> 8, m >> 8) << pc(m & 0xFF));
}
// The position of the idx-th (from 0) set bit of m, or -1.
inline int select_bit(unsigned m, int idx) {
  for (; idx > 0 && m; --idx) m &= m - 1;
  return m ? __builtin_ctz(m) : -1;
}

// One block of a hand (x) renumbered among the block's cards in play (ip).
inline unsigned norm_block(int b, unsigned x, unsigned ip) {
  if (b != kTrumpBlock) return compress16(x, ip);
  return (x & kPointStrengths) | (compress8(x >> 2, (ip >> 2) & 3) << 2) |
         (compress8(x >> 6, (ip >> 6) & 7) << 6);
}

// Partition search (search.hpp): a stored result names a class of
// positions, all with the same leader, the same trumps in the same hands
// (the trumps carry every point, and a trick holding one goes to its
// highest), the same number of cards of each plain suit in each hand, and
// agreeing on who holds each plain card from a threshold up in each suit
// (its top cards in play, by relative rank); the plain cards below are
// left unnamed ("x").  A result depends on the plain cards that won a
// trick of its proof by rank (each names itself and every card of its
// suit above); a plain card that wins alone of its suit (led, nobody
// followed, nobody trumped) wins whatever its rank, and plain cards carry
// no points, so replaying the proof in any position of the class, with
// each x played where an x was, gives every trick the same winner, the
// same points and the same legal cards.
//
// Table key (24 bytes), at trick starts:
//   m: plain lane s (bits 16s..): nibble h the number of cards of suit s
//      in hand h; the trump lane (bits 48..62): the trumps in play,
//      renumbered as above; bit 63 the leader's low bit;
//   a, b: the planes of hands 1|3 and 2|3 (hand 0 holds the rest),
//      renumbered: in a plain lane bits 0..12 (the names from the class's
//      threshold up; all for a probe), the trump lane exact; the plain
//      lanes' bits 13..15 of a hold the threshold's low three bits, bit 13
//      of b its high bit (a probe: 0); bit 63 of a the leader's high bit.
// A probe names every card; table_match() tells whether a stored class
// holds the probed position.  The hash covers only what every class keeps
// exact (m, the trump lanes, the leader), so the classes of a position
// share its bucket.
struct Key {
  Mask m, a, b;
  bool operator==(const Key& o) const { return m == o.m && a == o.a && b == o.b; }
};
constexpr Mask kTrumpLane = Mask{0x7FFF} << 48;
constexpr Mask kPlainPlanes = 0x00001FFF1FFF1FFFull;
constexpr Mask kExactA = kTrumpLane | Mask{1} << 63;

inline unsigned threshold_of(const Key& k, int s) {
  return (unsigned(k.a >> (16 * s + 13)) & 7) | (unsigned(k.b >> (16 * s + 13)) & 1) << 3;
}
// The plain plane bits a class names (the probe: every one).
inline Mask named_planes(const Key& k) {
  Mask m = 0;
  for (int s = 0; s < 3; ++s) m |= Mask((0x1FFFu << threshold_of(k, s)) & 0x1FFFu) << (16 * s);
  return m;
}
inline bool planes_agree(const Key& g, const Key& s) {
  const Mask named = named_planes(g);
  return (s.a & named) == (g.a & kPlainPlanes) && (s.b & named) == (g.b & kPlainPlanes);
}
inline bool exact_parts_equal(const Key& x, const Key& y) {
  return x.m == y.m && ((x.a ^ y.a) & kExactA) == 0 && ((x.b ^ y.b) & kTrumpLane) == 0;
}
inline bool table_match(const Key& stored, const Key& probe) {
  return exact_parts_equal(stored, probe) && planes_agree(stored, probe);
}
// Does class g hold every position of class s?  g names a subset of what s
// names (every threshold at least as high) and agrees with s there.
inline bool table_covers(const Key& g, const Key& s) {
  if (!exact_parts_equal(g, s)) return false;
  for (int i = 0; i < 3; ++i)
    if (threshold_of(g, i) < threshold_of(s, i)) return false;
  return planes_agree(g, s);
}

// The key of a trick start (every card named): the four hands and the
// cards in play (slots), the leader.
inline Key table_key(const Mask* hand, Mask in_play, int leader) {
  Key k{0, 0, 0};
  const Mask a = hand[1] | hand[3], b = hand[2] | hand[3];
  // The plain counts: each hand's four lane counts (at most 13 a plain
  // suit) shifted to its nibble of every lane at once.
  for (int h = 0; h < 4; ++h) k.m |= lane_counts(hand[h]) << (4 * h);
  k.m &= ~kTrumpLane & ~(Mask{1} << 63);
  for (int blk = 0; blk < 4; ++blk) {
    const int sh = 16 * blk;
    const unsigned ip = unsigned(in_play >> sh) & 0xFFFF;
    if (blk == kTrumpBlock) k.m |= Mask(norm_block(blk, ip, ip)) << sh;
    k.a |= Mask(norm_block(blk, unsigned(a >> sh) & 0xFFFF, ip)) << sh;
    k.b |= Mask(norm_block(blk, unsigned(b >> sh) & 0xFFFF, ip)) << sh;
  }
  k.m |= Mask(leader & 1) << 63;
  k.a |= Mask(leader >> 1) << 63;
  return k;
}
inline std::uint64_t key_hash(const Key& k) {
  return mix64(k.m ^ mix64((k.a & kExactA) + 0x9e3779b97f4a7c15ull) ^
               (mix64((k.b & kTrumpLane) + 0x7f4a7c159e3779b9ull) * 3));
}
// The class of the trick start with key k (in-play slots `in_play`) whose
// result depended on the plain cards `rel`: in each plain suit the cards
// from the lowest relevant one up are named.
inline Key class_key(const Key& k, Mask in_play, Mask rel) {
  Key c = k;
  for (int s = 0; s < 3; ++s) {
    const unsigned ip = unsigned(in_play >> (16 * s)) & 0xFFFF, r = unsigned(rel >> (16 * s)) & ip;
    const unsigned t = unsigned(pc(r ? ip & ((r & (0u - r)) - 1) : ip));
    const Mask named = Mask((0x1FFFu << t) & 0x1FFFu) << (16 * s);
    const Mask lane = Mask(0xFFFF) << (16 * s);
    c.a = (c.a & ~lane) | (k.a & named) | Mask(t & 7) << (16 * s + 13);
    c.b = (c.b & ~lane) | (k.b & named) | Mask(t >> 3) << (16 * s + 13);
  }
  return c;
}
// The plain slots in play that a stored class names here.
inline Mask named_slots(const Key& stored, Mask in_play) {
  Mask rel = 0;
  for (int s = 0; s < 3; ++s) {
    unsigned ip = unsigned(in_play >> (16 * s)) & 0xFFFF;
    for (unsigned t = threshold_of(stored, s); t && ip; --t) ip &= ip - 1;
    rel |= Mask(ip) << (16 * s);
  }
  return rel;
}

// A slot of the table key back in the real position (inverse of
// slot_to_key).
inline int slot_from_key(int ks, Mask in_play) {
  const int blk = block_of(ks), r = ks & 15;
  const unsigned ip = unsigned(in_play >> (16 * blk)) & 0xFFFF;
  int real;
  if (blk != kTrumpBlock) real = select_bit(ip, r);
  else if (kPointStrengths >> r & 1) real = r;
  else if (r < 4) real = select_bit(ip & kGap1, r - 2);
  else real = select_bit(ip & kGap2, r - 6);
  return real < 0 ? -1 : 16 * blk + real;
}
inline int slot_to_key(int slot, Mask in_play) {
  const int blk = block_of(slot), r = slot & 15;
  const unsigned ip = unsigned(in_play >> (16 * blk)) & 0xFFFF;
  const unsigned below = ip & ((1u << r) - 1);
  if (blk != kTrumpBlock) return 16 * blk + pc(below);
  if (kPointStrengths >> r & 1) return slot;
  if (r < 4) return 48 + 2 + pc(below & kGap1);
  return 48 + 6 + pc(below & kGap2);
}

}  // namespace eightythree
}  // namespace openhand
