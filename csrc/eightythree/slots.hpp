// eightythree/slots.hpp: Eighty-Three's internal card order (slots),
// the maps from the Python card ids, the points and the trick's winner.
//
// Internal card order.  The Python ids (suit * 16 + rank, joker 15) are
// remapped once per solve so that following and winning are mask tests:
// - block 3 (bits 48..62) holds the 15 trumps by strength, joker 0, trump 2
//   1, trump 3 2, trump 4 3, off-five 4, trump 5..A 5..14 (rules.card_key);
// - blocks 0..2 hold the three other suits in printed order (S H D C
//   without the trump suit), rank r at bit r of its block.  The off-five's
//   suit keeps a hole at rank 5.
// A higher bit in a block is a stronger card.  Seats are rotated so that
// the bidder's side is internal side 0 (seats 0 and 2), which is always the
// maximising side.  With both canonical choices the table keys and values
// do not depend on the trump suit or the bidder, so one table serves every
// solve.
#pragma once
#include <cstdint>
#include <cstring>

#include "cards.hpp"

namespace openhand {
namespace eightythree {

constexpr int kTrumpBlock = 3;
constexpr Mask kTrumps = Mask{0x7FFF} << 48;
constexpr int kTotalPoints = 83;

// Points by trump strength 0..14 (joker 15, trump 2 1, off-five 5, 5 5,
// 9 9, T 1, J 1, Q 20, K 25, A 1).
constexpr std::int8_t kTrumpPoints[16] = {15, 1, 0, 0, 5, 5, 0, 0, 0, 9, 1, 1, 20, 25, 1, 0};
constexpr unsigned kPointStrengths = 0x7E33;  // strengths with points
constexpr unsigned kGap1 = 0x000C;           // trumps 3, 4
constexpr unsigned kGap2 = 0x01C0;           // trumps 6, 7, 8
constexpr Mask kPointStrengthsMask = Mask{kPointStrengths} << 48;

// Population count without a libgcc call (the build does not assume the
// popcnt instruction, and __builtin_popcount would call a helper).
inline int pc(std::uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ull);
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return int((x * 0x0101010101010101ull) >> 56);
}

inline int block_of(int slot) { return slot >> 4; }
inline Mask block_mask(int b) { return Mask{0xFFFF} << (16 * b); }
inline int slot_points(int slot) { return slot >= 48 ? kTrumpPoints[slot - 48] : 0; }

inline int mask_points(Mask m) {
  const Mask t = m >> 48;
  constexpr Mask ones = (1u << 1) | (1u << 10) | (1u << 11) | (1u << 14);
  constexpr Mask fives = (1u << 4) | (1u << 5);
  return pc(t & ones) + 5 * pc(t & fives) + 9 * int(t >> 9 & 1) + 15 * int(t & 1) +
         20 * int(t >> 12 & 1) + 25 * int(t >> 13 & 1);
}

// Does slot c beat slot best (best was played earlier to this trick)?
inline bool beats(int c, int best) {
  if (block_of(c) == block_of(best)) return c > best;
  return block_of(c) == kTrumpBlock;
}

// The card-id -> internal-slot maps, one per trump suit.
struct Remap {
  std::int8_t slot[64];     // card id -> slot (-1: not a card)
  std::int8_t card[64];     // slot -> card id (-1: empty slot)
};
inline const Remap& remap(int trump) {
  static const auto maps = [] {
    struct All { Remap r[4]; };
    auto* a = new All;
    for (int t = 0; t < 4; ++t) {
      Remap& r = a->r[t];
      std::memset(r.slot, -1, sizeof r.slot);
      std::memset(r.card, -1, sizeof r.card);
      int block = 0;
      for (int s = 0; s < 4; ++s) {
        if (s == t) continue;
        for (int rank = 2; rank <= 14; ++rank) {
          if (s == 3 - t && rank == 5) continue;  // the off-five is a trump
          r.slot[16 * s + rank] = std::int8_t(16 * block + rank);
        }
        ++block;
      }
      r.slot[kJoker] = 48;
      r.slot[16 * (3 - t) + 5] = 48 + 4;
      for (int rank = 2; rank <= 14; ++rank) r.slot[16 * t + rank] = std::int8_t(48 + (rank >= 5 ? rank : rank - 1));
      for (int c = 0; c < 64; ++c)
        if (r.slot[c] >= 0) r.card[int(r.slot[c])] = std::int8_t(c);
    }
    return a;
  }();
  return maps->r[trump];
}

inline Mask to_slots(Mask cards, const Remap& r) {
  Mask out = 0;
  for (int c : cards_of(cards)) out |= bit(r.slot[c]);
  return out;
}

}  // namespace eightythree
}  // namespace openhand
