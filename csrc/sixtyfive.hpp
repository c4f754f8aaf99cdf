// sixtyfive.hpp: 65 for the search driver (rules: openhand/sixtyfive/rules.py).
//
// Value: the points N-S take in the remaining tricks.  A completed trick
// gives its winner's side 2 (+1 for the last trick) plus the card points of
// the winner's partner's card; the losing side takes the other three cards'
// points.  Spades are trumps; follow suit if able.
//
// Why the reductions are sound:
// - Equivalent cards: two cards of one suit in one hand, both without card
//   points (3..T), with no other card still in play (in a hand or in the
//   current trick) ranking between them, can be swapped in any line of play
//   without changing any trick's winner or any side's points.  Only one of
//   them is searched.
// - The table is keyed by the four hands and the leader at trick starts: the
//   points still to come depend on nothing else.
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
  // A, K, Q, J of every suit.
  const Mask aces = 0x4000400040004000ull, kings = aces >> 1, queens = aces >> 2, jacks = aces >> 3;
  return 4 * popcount(m & aces) + 3 * popcount(m & kings) + 2 * popcount(m & queens) + popcount(m & jacks);
}

// Does card c beat card best (best was played earlier to this trick)?
inline bool beats(int c, int best) {
  if (suit_of(c) == suit_of(best)) return c > best;
  return suit_of(c) == kTrumpSuit;
}

// The table key, packed losslessly into 20 bytes so that an entry takes 32
// bytes (two per cache line) instead of 48.  A hand is 48 bits (ranks 3..A,
// 12 bits a suit); at a trick start every card in play is in exactly one
// hand, so the hands are recovered from
//   U = h0|h1|h2|h3 (the cards in play), P0 = h1|h3, P1 = h2|h3
// (hand index = P0 bit + 2 * P1 bit of each card of U):
//   a = U | P0 << 48,  b = P0 >> 16 | P1 << 32,  c = P1 >> 32 | leader << 16.
// Equal keys therefore mean equal hands and leader, exactly as before.
struct Key {
  std::uint64_t a, b;
  std::uint32_t c;
  bool operator==(const Key& o) const { return a == o.a && b == o.b && c == o.c; }
};

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

  explicit Game(const Deal& d) {
    for (int s = 0; s < 4; ++s) hand_[s] = d.hands[s];
    leader_ = d.leader;
    ntrick_ = 0;
    in_play_ = hand_[0] | hand_[1] | hand_[2] | hand_[3];
    for (int i = 0; i < d.ntrick; ++i) { trick_[i] = d.trick[i]; in_play_ |= bit(d.trick[i]); }
    ntrick_ = d.ntrick;
    points_in_play_ = mask_points(in_play_);
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
  bool is_terminal() const { return tricks_left_ <= 1 || (tricks_left_ == 2 && ntrick_ != 0); }
  // Fail-soft alpha-beta over the lines two_tricks() enumerates: the value
  // if it lies in (alpha, beta), else a true bound on the side the window
  // was left, which is the contract of Search's solve_rest hook.  Pruning
  // only skips lines that cannot change the minimax value inside the
  // window, so the answer agrees with two_tricks() there.
  bool solve_rest(int alpha, int beta, int& v) const {
    if (tricks_left_ != 2 || ntrick_ != 0) return false;
    int c[4][2], x[4];
    for (int i = 0; i < 4; ++i) {
      const Mask h = hand_[(leader_ + i) & 3];
      c[i][0] = lowest(h);
      c[i][1] = highest(h);
    }
    v = two_tricks_ab<0>(c, x, 0, alpha, beta);
    return true;
  }
  template <int I>
  int two_tricks_ab(const int (&c)[4][2], int (&x)[4], int led, int alpha, int beta) const {
    if constexpr (I == 4) {
      const int t1[4] = {c[0][x[0]], c[1][x[1]], c[2][x[2]], c[3][x[3]]};
      int w = 0;
      for (int i = 1; i < 4; ++i) if (beats(t1[i], t1[w])) w = i;
      int val = ns_trick_points(t1, (leader_ + w) & 3, w, false);
      int t2[4];
      for (int i = 0; i < 4; ++i) {
        const int j = (w + i) & 3;
        t2[i] = c[j][1 - x[j]];
      }
      int w2 = 0;
      for (int i = 1; i < 4; ++i) if (beats(t2[i], t2[w2])) w2 = i;
      return val + ns_trick_points(t2, (leader_ + w + w2) & 3, w2, true);
    } else {
      const bool maxing = (((leader_ + I) & 3) & 1) == 0;
      int best = maxing ? -kInf : kInf;
      for (int xi = 0; xi < 2; ++xi) {
        if (I > 0 && !may_play(c[I], xi, led)) continue;
        x[I] = xi;
        const int v = two_tricks_ab<I + 1>(c, x, I == 0 ? suit_of(c[0][xi]) : led, alpha, beta);
        if (maxing) { if (v > best) best = v; if (v > alpha) alpha = v; }
        else { if (v < best) best = v; if (v < beta) beta = v; }
        if (alpha >= beta) break;
      }
      return best;
    }
  }
  int terminal_value() {
    if (tricks_left_ <= 1) return last_trick_value();
    return ntrick_ == 0 ? two_tricks() : small_endgame();
  }
  // The last two tricks from a trick start, by the same minimax as
  // small_endgame() but on the eight cards directly (no play/undo): each
  // seat picks one of its two cards for the first trick (following suit if
  // it can) and plays the other to the last trick.
  int two_tricks() const {
    int c[4][2];
    for (int i = 0; i < 4; ++i) {
      const Mask h = hand_[(leader_ + i) & 3];
      c[i][0] = lowest(h);
      c[i][1] = highest(h);
    }
    const bool max0 = (leader_ & 1) == 0;  // seats alternate sides
    int best0 = max0 ? -kInf : kInf;
    for (int x0 = 0; x0 < 2; ++x0) {
      const int led = suit_of(c[0][x0]);
      int best1 = max0 ? kInf : -kInf;
      for (int x1 = 0; x1 < 2; ++x1) {
        if (!may_play(c[1], x1, led)) continue;
        int best2 = max0 ? -kInf : kInf;
        for (int x2 = 0; x2 < 2; ++x2) {
          if (!may_play(c[2], x2, led)) continue;
          int best3 = max0 ? kInf : -kInf;
          for (int x3 = 0; x3 < 2; ++x3) {
            if (!may_play(c[3], x3, led)) continue;
            const int t1[4] = {c[0][x0], c[1][x1], c[2][x2], c[3][x3]};
            int w = 0;
            for (int i = 1; i < 4; ++i) if (beats(t1[i], t1[w])) w = i;
            int v = ns_trick_points(t1, (leader_ + w) & 3, w, false);
            // the last trick, led by the first trick's winner (index w)
            int t2[4];
            for (int i = 0; i < 4; ++i) {
              const int j = (w + i) & 3;
              t2[i] = c[j][j == 0 ? 1 - x0 : j == 1 ? 1 - x1 : j == 2 ? 1 - x2 : 1 - x3];
            }
            int w2 = 0;
            for (int i = 1; i < 4; ++i) if (beats(t2[i], t2[w2])) w2 = i;
            v += ns_trick_points(t2, (leader_ + w + w2) & 3, w2, true);
            best3 = max0 ? std::min(best3, v) : std::max(best3, v);
          }
          best2 = max0 ? std::max(best2, best3) : std::min(best2, best3);
        }
        best1 = max0 ? std::min(best1, best2) : std::max(best1, best2);
      }
      best0 = max0 ? std::max(best0, best1) : std::min(best0, best1);
    }
    return best0;
  }
  // May a seat holding the two cards h play h[x] to a trick led in suit led?
  static bool may_play(const int* h, int x, int led) {
    return suit_of(h[x]) == led || suit_of(h[1 - x]) != led;
  }
  // N-S points of a complete trick t (in play order) won by seat winner,
  // whose card is t[w].
  static int ns_trick_points(const int* t, int winner, int w, bool last) {
    const int partner_pts = card_points(t[(w + 2) & 3]);
    const int all = card_points(t[0]) + card_points(t[1]) + card_points(t[2]) + card_points(t[3]);
    const int win = kTrickPoints + (last ? kLastTrickBonus : 0) + partner_pts;
    return (winner & 1) == 0 ? win : all - partner_pts;
  }
  int last_trick_value() const {
    if (tricks_left_ == 0) return 0;
    int trick[4];
    for (int i = 0; i < 4; ++i)
      trick[i] = i < ntrick_ ? trick_[i] : lowest(hand_[(leader_ + i) & 3]);
    int w = 0;
    for (int i = 1; i < 4; ++i) if (beats(trick[i], trick[w])) w = i;
    const int partner_card = trick[(w + 2) & 3];
    const int all = card_points(trick[0]) + card_points(trick[1]) + card_points(trick[2]) + card_points(trick[3]);
    const int win = kTrickPoints + kLastTrickBonus + card_points(partner_card);
    return ((leader_ + w) & 1) == 0 ? win : all - card_points(partner_card);
  }
  // Exact minimax over every legal card (play/undo leave the position as
  // it was).
  int small_endgame() {
    if (tricks_left_ <= 1) return last_trick_value();
    const bool maxing = maximizing();
    int best = maxing ? -kInf : kInf;
    for (int c : cards_of(legal_mask())) {
      const int gain = play(c);
      const int v = gain + small_endgame();
      undo(c);
      best = maxing ? std::max(best, v) : std::min(best, v);
    }
    return best;
  }
  bool maximizing() const { return (to_move() & 1) == 0; }
  bool storable() const { return ntrick_ == 0; }
  // Enhanced transposition cutoffs (see Search) at the last card of a
  // trick: every child is a trick start, which the search stores.  Only
  // with 6 or more tricks left: measured, nearer the leaves computing the
  // children's keys and fetching their buckets cost more than the nodes
  // saved (from 4 tricks: 30% fewer nodes but 7% more time on full deals).
  bool etc_node() const { return ntrick_ == 3 && tricks_left_ >= 6; }
  int depth() const { return tricks_left_; }
  // The table key: hands with the cards without points (3..T) of each suit
  // renumbered from the bottom among those still in play.  They rank below
  // every point card, so only their order among themselves matters: play
  // that differed only in which low cards fell reaches the same key.
  Key key() const {
    std::uint64_t h48[4] = {0, 0, 0, 0};
    for (int s = 0; s < 4; ++s) {
      const int shift = 16 * s;
      const unsigned low_in_play = unsigned(in_play_ >> (shift + 3)) & 0xFF;
      for (int h = 0; h < 4; ++h) {
        const unsigned cards = unsigned(hand_[h] >> (shift + 3));
        const std::uint64_t v = (cards & 0xF00) | compress8(cards & 0xFF, low_in_play);
        h48[h] |= v << (12 * s);
      }
    }
    const std::uint64_t u = h48[0] | h48[1] | h48[2] | h48[3], p0 = h48[1] | h48[3], p1 = h48[2] | h48[3];
    return Key{u | p0 << 48, p0 >> 16 | p1 << 32, std::uint32_t(p1 >> 32) | std::uint32_t(leader_) << 16};
  }
  static std::uint64_t hash(const Key& k) {
    return mix64(k.a ^ mix64(k.b + 0x9e3779b97f4a7c15ull) ^ (mix64(k.c + 0x7f4a) * 3));
  }
  // A card of the table key back in the real position (inverse of key()).
  int from_key(int card) const {
    if (card < 0 || has_points(card)) return card;
    unsigned low_in_play = unsigned(in_play_ >> (16 * suit_of(card) + 3)) & 0xFF;
    for (int i = rank_of(card) - 3; i > 0; --i) low_in_play &= low_in_play - 1;
    return low_in_play ? 16 * suit_of(card) + 3 + __builtin_ctz(low_in_play) : -1;
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
  void bounds(int& lo, int& hi) const {
    if (ntrick_ != 0) {
      lo = 0;
      hi = kTrickPoints * tricks_left_ + kLastTrickBonus + points_in_play_;
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
    const int ns_max = mask_points(side_cards[0]) + max_gain[0];
    const int ew_max = mask_points(side_cards[1]) + max_gain[1];
    const int total = kTrickPoints * tricks_left_ + kLastTrickBonus + points_in_play_;
    hi = std::min(ns_max, total);
    lo = std::max(0, total - ew_max);
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
    if (ntrick_ < 4) return 0;
    // trick complete: only now do the leader and the trick change beyond
    // what undo() can reverse by itself, so only now is the undo record kept.
    Undo& u = undo_[sp_++];
    u.leader = leader_;
    std::memcpy(u.trick, trick_, sizeof trick_);
    int w = 0;
    for (int i = 1; i < 4; ++i) if (beats(trick_[i], trick_[w])) w = i;
    const int winner = (leader_ + w) & 3;
    const int partner_card = trick_[(w + 2) & 3];
    const int all = card_points(trick_[0]) + card_points(trick_[1]) + card_points(trick_[2]) + card_points(trick_[3]);
    --tricks_left_;
    const int win = kTrickPoints + (tricks_left_ == 0 ? kLastTrickBonus : 0) + card_points(partner_card);
    const int lose = all - card_points(partner_card);
    for (int i = 0; i < 4; ++i) in_play_ &= ~bit(trick_[i]);
    points_in_play_ -= all;
    leader_ = winner;
    ntrick_ = 0;
    return (winner & 1) == 0 ? win : lose;
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
      ntrick_ = 4;
    }
    --ntrick_;
    hand_[(leader_ + ntrick_) & 3] |= bit(c);
  }

 private:
  // At most what `tricks` tricks can add against opponents holding `opp`:
  // the opponents' aces and kings as winners, else 2 per trick, plus the
  // last-trick bonus.
  int best_case(Mask opp, int tricks) const {
    const Mask aces = 0x4000400040004000ull, kings = aces >> 1;
    const int a = std::min(popcount(opp & aces), tricks);
    const int k = std::min(popcount(opp & kings), tricks - a);
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

  struct Undo { int leader; int trick[4]; };
  Mask hand_[4];
  Mask in_play_;
  int leader_, ntrick_, tricks_left_, points_in_play_;
  int trick_[4];
  Undo undo_[52];
  int sp_ = 0;
};

// The solver object the binding holds: a table reused across solves.
class Solver {
 public:
  explicit Solver(std::size_t table_bytes) : table_(table_bytes) {}

  std::size_t table_bytes() const { return table_.bytes(); }

 private:
  // Trick starts searched grow about 4x per extra trick: size the table to
  // the problem (up to the cap) rather than touch a large one for an endgame.
  Game start(const Deal& d) {
    const int tricks = popcount(d.hands[d.leader]) + (d.ntrick ? 1 : 0);
    table_.reserve(std::size_t(1) << std::min(40, 4 + 2 * tricks));
    return Game(d);
  }

 public:

  int value(const Deal& d, std::uint64_t* nodes) {
    Game g = start(d);
    Search<Game> s(g, table_);
    int lo, hi;
    g.full_bounds(lo, hi);
    const int v = s.exact((lo + hi) / 2);
    *nodes = s.nodes();
    return v;
  }

  bool at_least(const Deal& d, int target, std::uint64_t* nodes) {
    Game g = start(d);
    Search<Game> s(g, table_);
    const bool r = s.at_least(target);
    *nodes = s.nodes();
    return r;
  }

  // Value of the position and of each legal card; returns the number of cards.
  int move_values(const Deal& d, int* value, int* cards, int* values, std::uint64_t* nodes) {
    Game g = start(d);
    Search<Game> s(g, table_);
    int lo, hi;
    g.full_bounds(lo, hi);
    *value = s.exact((lo + hi) / 2);
    const int n = s.move_values(*value, cards, values);
    *nodes = s.nodes();
    return n;
  }

 private:
  TTable<Key> table_;
};

}  // namespace sixtyfive
}  // namespace openhand
