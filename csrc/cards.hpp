// cards.hpp: the card encoding shared by every game, as 64-bit masks.
//
// A card is suit * 16 + rank (ranks 2..14, ace = 14); the Eighty-Three joker
// is card 15, a slot no suit owns.  This is the same numbering as the Python
// package (openhand/cards.py), so masks cross the binding unchanged.
#pragma once
#include <cstdint>

// A function the compiler must inline (a small hot one it would otherwise
// call: 65's move ordering scores).
#if defined(__GNUC__) || defined(__clang__)
#define OPENHAND_INLINE inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#define OPENHAND_INLINE __forceinline
#else
#define OPENHAND_INLINE inline
#endif

namespace openhand {

using Mask = std::uint64_t;

constexpr int kJoker = 15;
constexpr Mask kSuitRanks = 0x7FFCull;  // ranks 2..14 of one suit

inline constexpr Mask bit(int card) { return Mask{1} << card; }
inline constexpr int suit_of(int card) { return card >> 4; }
inline constexpr int rank_of(int card) { return card & 15; }
inline constexpr Mask suit_mask(int suit) { return kSuitRanks << (16 * suit); }

// Without -mpopcnt, __builtin_popcountll is a call into libgcc; the SWAR
// count below inlines to a handful of instructions.
inline int popcount(Mask m) {
#if defined(__POPCNT__)
  return __builtin_popcountll(m);
#else
  m = m - ((m >> 1) & 0x5555555555555555ull);
  m = (m & 0x3333333333333333ull) + ((m >> 2) & 0x3333333333333333ull);
  m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return int((m * 0x0101010101010101ull) >> 56);
#endif
}
// The number of set bits of each 16-bit lane (a suit), in that lane.
inline Mask lane_counts(Mask m) {
  m = m - ((m >> 1) & 0x5555555555555555ull);
  m = (m & 0x3333333333333333ull) + ((m >> 2) & 0x3333333333333333ull);
  m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return (m + (m >> 8)) & 0x001F001F001F001Full;
}
inline int lowest(Mask m) { return __builtin_ctzll(m); }
inline int highest(Mask m) { return 63 - __builtin_clzll(m); }
// The bottom of card c's run in `hand`: down from c through the cards of
// `pool` (its suit's cards in play) while the next one is in `hand`
// (partition search: a searched twin stands for its run below it).
inline int run_bottom(int c, Mask pool, Mask hand) {
  for (;;) {
    const Mask below = pool & ((Mask{1} << c) - 1);
    if (!below || !(hand & (Mask{1} << highest(below)))) return c;
    c = highest(below);
  }
}

// Would a lead of `suit` (its mask) run into a ruff: is either opponent
// (hands o1, o2) void in it and holding a trump (`trumps`)?  Both
// partnership games' move ordering tries such leads last.
inline bool leads_into_ruff(Mask suit, Mask o1, Mask o2, Mask trumps) {
  return (!(o1 & suit) && (o1 & trumps)) || (!(o2 & suit) && (o2 & trumps));
}

// Iterate the cards of a mask, lowest first: for (int c : cards_of(m)).
struct CardIter {
  Mask m;
  int operator*() const { return lowest(m); }
  CardIter& operator++() { m &= m - 1; return *this; }
  bool operator!=(const CardIter& o) const { return m != o.m; }
};
struct CardsOf {
  Mask m;
  CardIter begin() const { return {m}; }
  CardIter end() const { return {0}; }
};
inline CardsOf cards_of(Mask m) { return {m}; }

// The bits of x selected by m, packed to the bottom: pext on 8 bits (pext
// itself is not on every x86-64 CPU), by 4-bit halves from a 256-byte
// table that stays in L1 (a 64 KiB table indexed by the whole byte did
// not: on 65 full deals this took 3% less time, the same keys).  Used to
// renumber a suit's cards among those still in play for table keys.
struct Compress4 {
  std::uint8_t v[16][16];  // v[m][x]: the bits of x selected by m, packed
  std::uint8_t count[16];  // count[m]: the bits set in m
};
inline constexpr Compress4 kCompress4 = [] {
  Compress4 t{};
  for (unsigned m = 0; m < 16; ++m) {
    unsigned k = 0;
    for (unsigned b = 0; b < 4; ++b)
      if (m >> b & 1) ++k;
    t.count[m] = std::uint8_t(k);
    for (unsigned x = 0; x < 16; ++x) {
      unsigned out = 0, j = 0;
      for (unsigned b = 0; b < 4; ++b)
        if (m >> b & 1) { if (x >> b & 1) out |= 1u << j; ++j; }
      t.v[m][x] = std::uint8_t(out);
    }
  }
  return t;
}();
inline unsigned compress8(unsigned x, unsigned m) {
  const unsigned lo = kCompress4.v[m & 15][x & 15], hi = kCompress4.v[(m >> 4) & 15][(x >> 4) & 15];
  return lo | hi << kCompress4.count[m & 15];
}
// The same on 12 bits (65's ranks 3..A of one suit).
inline unsigned compress12(unsigned x, unsigned m) {
  return compress8(x & 0xFF, m & 0xFF) | compress8((x >> 8) & 15, (m >> 8) & 15) << popcount(m & 0xFF);
}

// A 64-bit mixer (splitmix64 finaliser) for hashing masks.
inline std::uint64_t mix64(std::uint64_t x) {
  x ^= x >> 30; x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27; x *= 0x94d049bb133111ebull;
  x ^= x >> 31;
  return x;
}

}  // namespace openhand
