// eightythree/bounds.hpp: Eighty-Three's quick bounds: what a side
// surely keeps of its point cards.
//
// Bounds: point cards are trumps, and a trick holding a trump goes to the
// side of its highest trump; so a side loses a point card only to a
// higher opposing trump, each of which wins one trick holding at most two
// of the side's cards.  A side keeps at least the rest (see keeps()), and
// the other side gets at most what is in play less that.
#pragma once
#include "cards.hpp"
#include "eightythree/slots.hpp"

namespace openhand {
namespace eightythree {

// Points of the side holding trumps `mine` surely kept against `theirs`.
inline int keeps(Mask mine, Mask theirs) {
  const int all = mask_points(mine);
  if (!theirs || !all) return all;
  Mask exposed = mine & ((bit(highest(theirs)) << 1) - 1) & (kPointStrengthsMask);
  int n = 2 * pc(theirs), lost = 0;
  // Point strengths by value, highest first: K Q joker 9 5 off-five A J T 2.
  static constexpr int kByValue[10] = {13, 12, 0, 9, 5, 4, 14, 11, 10, 1};
  for (int i = 0; i < 10 && n && exposed; ++i)
    if (exposed & bit(48 + kByValue[i])) { exposed ^= bit(48 + kByValue[i]); lost += kTrumpPoints[kByValue[i]]; --n; }
  return all - lost;
}

}  // namespace eightythree
}  // namespace openhand
