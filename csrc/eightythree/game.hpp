// eightythree.hpp: Eighty-Three for the search driver
// (rules: openhand/eightythree/rules.py, spec solver: reference.py).
//
// Value: the card points the BIDDER'S SIDE takes in the remaining tricks,
// the trick in progress included.  A completed trick gives all its points
// to the winner's side.  Points sit on the ten scoring trumps only.
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
//
// Why the reductions are sound:
// - Equivalent cards: two cards of one block in the mover's hand with the
//   same points and no other card still in play (hands and the trick in
//   progress) between them can be swapped in any line of play without
//   changing a trick's winner or its points.  Only the higher is searched.
// - Table key, at trick starts: the four hands and the leader.  Only the
//   order of the cards in play among themselves matters, and their points.
//   So each plain suit is renumbered from the bottom among its cards in
//   play; in the trump block the point cards keep their place and the
//   point-less trumps are renumbered inside their gap between point cards
//   (trumps 3-4: strengths 2..3; trumps 6-8: strengths 6..8).
// - Bounds: point cards are trumps, and a trick holding a trump goes to the
//   side of its highest trump; so a side loses a point card only to a
//   higher opposing trump, each of which wins one trick holding at most two
//   of the side's cards.  A side keeps at least the rest (see keeps()), and
//   the other side gets at most what is in play less that.
// - The last trick is forced (one card each): it is scored directly.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>

#include "cards.hpp"
#include "cardgame.hpp"
#include "search.hpp"

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

// Table key: the in-play mask M, A = hands 1|3, B = hands 2|3 (so hand 0 is
// M & ~A & ~B), all renumbered; the leader sits in the free bits 15 and 31.
struct Key {
  Mask m, a, b;
  bool operator==(const Key& o) const { return m == o.m && a == o.a && b == o.b; }
};

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
  // (8 MiB, the default cap) cut the leaf solves' time by some 40%.
  static std::size_t table_entries(int depth, bool many) {
    static constexpr std::size_t kEntries[8] = {1 << 12, 1 << 12, 1 << 12, 1 << 12, 1 << 14, 1 << 16, 1 << 16, 1 << 16};
    const int d = std::min(depth, 7);
    return many && d >= 6 ? std::size_t(1) << 18 : kEntries[d];
  }
  // Values move in steps of 1 over a wide range (card points): bisection
  // within the quick bounds (Search::bisect), for the root and each card.
  static constexpr bool kBisection = true;
  int root_value(Search<Game>& s) {
    if (is_terminal()) return terminal_value();
    int lo, hi;
    bounds(lo, hi);
    return s.bisect(lo, hi);
  }
  // The binding names cards by their Python ids.
  int move_code(int slot) const { return map_.card[slot]; }

  int to_move() const { return (leader_ + ntrick_) & 3; }
  bool is_terminal() const { return tricks_left_ <= 1; }
  // The last trick is forced: each player still to play holds one card.
  int terminal_value() const {
    if (tricks_left_ == 0) return 0;
    int best = ntrick_ ? trick_[win_] : -1, w = ntrick_ ? win_ : 0;
    int pts = 0;
    for (int i = 0; i < ntrick_; ++i) pts += slot_points(trick_[i]);
    for (int i = ntrick_; i < 4; ++i) {
      const int c = lowest(hand_[(leader_ + i) & 3]);
      pts += slot_points(c);
      if (best < 0 || beats(c, best)) { best = c; w = i; }
    }
    return ((leader_ + w) & 1) == 0 ? pts : 0;
  }
  bool maximizing() const { return (to_move() & 1) == 0; }
  // Only trick starts: storing mid-trick positions too saved few nodes and
  // cost far more in table traffic.
  bool storable() const { return ntrick_ == 0; }
  int depth() const { return tricks_left_; }

  Key key() const {
    Key k{0, 0, 0};
    const Mask a = hand_[1] | hand_[3], b = hand_[2] | hand_[3];
    for (int blk = 0; blk < 4; ++blk) {
      const int sh = 16 * blk;
      const unsigned ip = unsigned(in_play_ >> sh) & 0xFFFF;
      k.m |= Mask(norm_block(blk, ip, ip)) << sh;
      k.a |= Mask(norm_block(blk, unsigned(a >> sh) & 0xFFFF, ip)) << sh;
      k.b |= Mask(norm_block(blk, unsigned(b >> sh) & 0xFFFF, ip)) << sh;
    }
    k.m |= Mask(leader_ & 1) << 15 | Mask(leader_ >> 1) << 31;
    return k;
  }
  static std::uint64_t hash(const Key& k) {
    return mix64(k.m ^ mix64(k.a + 0x9e3779b97f4a7c15ull) ^ (mix64(k.b + 0x7f4a7c159e3779b9ull) * 3));
  }
  // A slot of the table key back in the real position (inverse of to_key).
  int from_key(int ks) const {
    const int blk = block_of(ks), r = ks & 15;
    const unsigned ip = unsigned(in_play_ >> (16 * blk)) & 0xFFFF;
    int real;
    if (blk != kTrumpBlock) real = select_bit(ip, r);
    else if (kPointStrengths >> r & 1) real = r;
    else if (r < 4) real = select_bit(ip & kGap1, r - 2);
    else real = select_bit(ip & kGap2, r - 6);
    return real < 0 ? -1 : 16 * blk + real;
  }
  int to_key(int slot) const {
    const int blk = block_of(slot), r = slot & 15;
    const unsigned ip = unsigned(in_play_ >> (16 * blk)) & 0xFFFF;
    const unsigned below = ip & ((1u << r) - 1);
    if (blk != kTrumpBlock) return 16 * blk + pc(below);
    if (kPointStrengths >> r & 1) return slot;
    if (r < 4) return 48 + 2 + pc(below & kGap1);
    return 48 + 6 + pc(below & kGap2);
  }

  // Bounds from what each side surely keeps.  Point cards are trumps, and
  // a trick containing a trump goes to the holder of its highest trump.  So
  // a side's point card is lost only in a trick won by a higher opposing
  // trump; each opposing trump wins at most one trick, holding at most two
  // of the side's cards.  A side thus keeps at least its point cards less
  // the 2n most valuable of those below the opponents' highest trump (n =
  // the opponents' trumps).  The rest is at most the points in play less
  // what the other side keeps.
  void bounds(int& lo, int& hi) const {
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
    if (++ntrick_ < 4) return 0;
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

 private:
  // Move ordering.  Leading: a side holding the top trump draws trumps from
  // the top (the defenders must follow with theirs); otherwise lead a low
  // card without points.  Following: on partner's trick shed points; on the
  // opponents' trick win it (with points if last to play, cheaply if not),
  // else throw the cheapest card.
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
      return -r;
    }
    const int best = trick_[win_];
    const bool partner = ((ntrick_ - win_) & 1) == 0;
    if (partner) {
      if (beats(c, best)) return 3 * pts - r - 10;
      return 3 * pts - r / 4;
    }
    if (beats(c, best)) return 100 + (ntrick_ == 3 ? 2 * pts - r / 4 : -r);
    return -3 * pts - r;
  }

  // Points of the side holding trumps `mine` surely kept against `theirs`.
  static int keeps(Mask mine, Mask theirs) {
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

  struct Undo { int leader, win; int trick[4]; };
  const Remap& map_;
  Mask hand_[4];
  Mask in_play_;
  int rot_;
  int leader_, ntrick_, win_, tricks_left_, points_in_play_;
  int trick_[4];
  Undo undo_[32];
  int sp_ = 0;
};

}  // namespace eightythree
}  // namespace openhand
