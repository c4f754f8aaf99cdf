// eightythree/key.hpp: Eighty-Three's table key and the slots of a
// stored move.
//
// Table key, at trick starts: the four hands and the leader.  Only the
// order of the cards in play among themselves matters, and their points.
// So each plain suit is renumbered from the bottom among its cards in
// play; in the trump block the point cards keep their place and the
// point-less trumps are renumbered inside their gap between point cards
// (trumps 3-4: strengths 2..3; trumps 6-8: strengths 6..8).
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

// Table key: the in-play mask M, A = hands 1|3, B = hands 2|3 (so hand 0 is
// M & ~A & ~B), all renumbered; the leader sits in the free bits 15 and 31.
struct Key {
  Mask m, a, b;
  bool operator==(const Key& o) const { return m == o.m && a == o.a && b == o.b; }
};

// The key of a trick start: the four hands and the cards in play (slots),
// the leader.
inline Key table_key(const Mask* hand, Mask in_play, int leader) {
  Key k{0, 0, 0};
  const Mask a = hand[1] | hand[3], b = hand[2] | hand[3];
  for (int blk = 0; blk < 4; ++blk) {
    const int sh = 16 * blk;
    const unsigned ip = unsigned(in_play >> sh) & 0xFFFF;
    k.m |= Mask(norm_block(blk, ip, ip)) << sh;
    k.a |= Mask(norm_block(blk, unsigned(a >> sh) & 0xFFFF, ip)) << sh;
    k.b |= Mask(norm_block(blk, unsigned(b >> sh) & 0xFFFF, ip)) << sh;
  }
  k.m |= Mask(leader & 1) << 15 | Mask(leader >> 1) << 31;
  return k;
}
inline std::uint64_t key_hash(const Key& k) {
  return mix64(k.m ^ mix64(k.a + 0x9e3779b97f4a7c15ull) ^ (mix64(k.b + 0x7f4a7c159e3779b9ull) * 3));
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
