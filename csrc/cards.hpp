// cards.hpp: the card encoding shared by every game, as 64-bit masks.
//
// A card is suit * 16 + rank (ranks 2..14, ace = 14); the Eighty-Three joker
// is card 15, a slot no suit owns.  This is the same numbering as the Python
// package (openhand/cards.py), so masks cross the binding unchanged.
#pragma once
#include <cstdint>

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
inline int lowest(Mask m) { return __builtin_ctzll(m); }
inline int highest(Mask m) { return 63 - __builtin_clzll(m); }

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

// The bits of x selected by m, packed to the bottom: pext on 8 bits, by a
// 64 KiB table built once (pext itself is not on every x86-64 CPU).  Used to
// renumber a suit's cards among those still in play for table keys.
inline unsigned compress8(unsigned x, unsigned m) {
  static const auto table = [] {
    struct T { std::uint8_t v[256][256]; };
    auto* t = new T;
    for (unsigned mm = 0; mm < 256; ++mm)
      for (unsigned xx = 0; xx < 256; ++xx) {
        unsigned out = 0, k = 0;
        for (unsigned b = 0; b < 8; ++b)
          if (mm >> b & 1) { if (xx >> b & 1) out |= 1u << k; ++k; }
        t->v[mm][xx] = std::uint8_t(out);
      }
    return t;
  }();
  return table->v[m & 0xFF][x & m & 0xFF];
}

// A 64-bit mixer (splitmix64 finaliser) for hashing masks.
inline std::uint64_t mix64(std::uint64_t x) {
  x ^= x >> 30; x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27; x *= 0x94d049bb133111ebull;
  x ^= x >> 31;
  return x;
}

}  // namespace openhand
