// sixtysix/bounds.hpp: Sixty-Six's quick bounds on the rest of the deal:
// who can still score 3, reach 66 or go out, the count bounds, the sure
// trumps and the leader's sure cards in strict play, and the card-point
// bounds of the points objective.
//
// Why the quick bounds are sound (kGame, player 0's view):
// - A player can score 3 only if the opponent has won no trick (a correct
//   claim or a played-out win), or he himself has won none (the opponent's
//   wrong claim), or the opponent closed while he had won none.  Trick
//   counts only grow, so otherwise his best is 2.
// - Once a player counts 33, his opponent can score more than 1 only when
//   he himself closed (the opponent's wrong claim is never forced).
// - A player who cannot reach 66 any more (counted + pending marriages + all
//   card points in play + marriages still possible for him) never goes out:
//   if he closed he fails (exact: the opponent scores 2, or 3); with an open
//   stock his only win is a played-out one, impossible when even the
//   last-trick bonus leaves him at or below the opponent's count.
// - A leader (no card in play, a trick already played) whose counted points
//   (or counted points plus a marriage he may show and go out with, once he
//   has won a trick) reach 66 gets exactly the value of going out now.  Going
//   out now scores f(opponent's state): 1 if the opponent counts 33 or more,
//   2 if he has a trick, 3 if not (2 or 3 fixed when the opponent closed).
//   Every other end of the deal is at most f of the opponent's later state
//   (his counted points and tricks only grow), or a loss, except the
//   opponent's wrong claim, which he never needs to make (a card is always
//   legal).  So waiting never gains.
#pragma once
#include <algorithm>

#include "cards.hpp"
#include "sixtysix/rules.hpp"

namespace openhand {
namespace sixtysix {

// Position (rules.hpp) with the quick bounds.
class Bounds : public Position {
 public:
  explicit Bounds(const Deal& d) : Position(d) {}

  // (ls: where to put the leader's sure cards, leader_sure(), if found on
  // the way - strict play at a trick start, kGame - else left alone.)
  void bounds(int& lo, int& hi, Mask* ls = nullptr, int* lgain = nullptr) const {
    if (objective_ == kPoints) { point_bounds(lo, hi); return; }
    const St& s = s_;
    hi = can_score3(0) ? 3 : 2;
    lo = can_score3(1) ? -3 : -2;
    int best[2] = {hi, -lo};  // the most each player can still score
    int mc[2], lost[2];
    max_counts(mc, lost, ls, lgain);
    for (int p = 0; p < 2; ++p) {
      const int o = 1 - p;
      // Once the opponent counts 33, p can score more than 1 only through
      // the opponent's closing (or wrong claim, never forced).
      if (counted(o) >= 33 && s.closed_by != o) best[p] = std::min(best[p], 1);
      if (mc[p] < kGoal) {
        // p can never go out.
        if (s.closed_by == p) {  // p closed and must fail
          const int g = s.opp_won ? 2 : 3;
          lo = hi = p == 0 ? -g : g;
          return;
        }
        if (s.closed_by < 0) {
          // p's only win is a played-out one (his own closing would fail).
          // Played out, every card point in play goes to one of the two:
          // the opponent ends with at least counted(o) plus all that p does
          // not take, which includes lost[p] (the cards that strict play
          // surely gives him, see max_counts), so p's total (plus the
          // last-trick bonus) minus his is at most this.
          const int diff = mc[p] + kLastTrickBonus - counted(o) - lost[p];
          best[p] = std::min(best[p], diff < 0 ? -1 : diff == 0 ? 0 : best[p]);
        }
      }
    }
    hi = std::min(hi, best[0]);
    lo = std::max(lo, -best[1]);
    if (lo > hi) lo = hi;  // cannot happen; keeps the window sane
    // A leader who can go out with 66 gets exactly that (see the top).
    if (!s.trick) {
      const int p = s.leader;
      if (s.tricks[p]) {
        int have = counted(p);
        if (have < kGoal && stock_left() && popcount(s.hand[p]) == kHandSize) {
          for (int su = 0; su < 4; ++su)
            if ((s.hand[p] & kq_mask(su)) == kq_mask(su) && !(s.mar[p] >> su & 1))
              have = std::max(have, counted(p) + (su == trump_ ? 40 : 20));
        }
        if (have >= kGoal) {
          const int o = 1 - p;
          int g;
          if (s.closed_by == o) g = s.opp_won ? 2 : 3;
          else g = counted(o) >= 33 ? 1 : s.tricks[o] ? 2 : 3;
          lo = hi = p == 0 ? g : -g;
        }
      }
    }
  }

 protected:
  // At most the counted points each player p can reach (not counting the
  // last-trick bonus): what he counts now, his pending marriages, every
  // card point still in play and every marriage not shown whose K and Q are
  // both still in his hand or the live stock (while he may still show one,
  // below), less what strict play surely gives the opponent (below).
  // lost[p]: the card points that strict play surely gives the opponent
  // (0 outside strict play).
  void max_counts(int m[2], int lost[2], Mask* ls_out = nullptr, int* gain_out = nullptr) const {
    const St& s = s_;
    const Mask stock = live_stock();
    const Mask in_play = s.hand[0] | s.hand[1] | stock | (s.trick ? bit(s.trick) : 0);
    const int all = mask_points(in_play);
    const int shown = s.mar[0] | s.mar[1];
    lost[0] = lost[1] = 0;
    for (int p = 0; p < 2; ++p) {
      m[p] = counted(p) + (s.tricks[p] ? 0 : marriage_points(s.mar[p])) + all;
      // A marriage is shown only with a lead of a player holding 6 cards
      // while the stock is open and not exhausted, or on the closing turn:
      // once the stock is closed nobody draws, so after that turn no hand
      // holds 6 cards again and no marriage can come.
      if (stock_left() && (s.closed_by < 0 || (p == s.leader && !s.trick && popcount(s.hand[p]) == kHandSize))) {
        const Mask mine = s.hand[p] | stock;
        for (int su = 0; su < 4; ++su)
          if (!(shown >> su & 1) && (mine & kq_mask(su)) == kq_mask(su)) m[p] += su == trump_ ? 40 : 20;
      }
    }
    if (strict() && !s.trick) {
      // Strict play at a trick start: every trump of the opponent o that
      // beats all of p's trumps wins its trick for o (led: p cannot beat
      // it; played on p's lead: it beats any non-trump and p's lower
      // trump), and p gets no new cards, so its points never reach p; nor
      // do those of the card p plays to each such trick.  Those are k
      // different cards of p (k = the number of o's sure trumps), worth at
      // least his k cheapest: at a strict trick start both hands are
      // equally long, so at any later trick start p still holds at least
      // as many cards as o has sure trumps left unplayed, and those cards
      // plus the ones he already lost to sure trumps - k in all - are
      // none of his won cards.  (This holds at every moment, so also when
      // the deal ends early.)
      for (int p = 0; p < 2; ++p) {
        const Mask sure = sure_trumps(1 - p);
        if (sure) lost[p] = mask_points(sure) + cheapest_points(s.hand[p], popcount(sure));
      }
      // The leader L may do better: he can first cash his sure cards (see
      // cash_out: he wins each of those tricks, whatever the opponent o
      // plays), taking at least `gain` card points (see leader_sure).
      // Under that strategy of L none of these points ever reaches o,
      // whatever follows.  Every use of lost[o] in bounds() is an upper
      // bound on o's result (o never goes out, so a closing of his fails;
      // o's played-out total minus L's), which L's one strategy makes good,
      // so it may count these points instead of L's sure trumps alone (they
      // are among his sure cards).  (lost[L] still needs no strategy: o's
      // sure trumps win on every line.)
      const int L = s.leader, o = 1 - L;
      int gain = 0;
      const Mask ls = leader_sure(&gain);
      if (ls_out) *ls_out = ls;
      if (gain_out) *gain_out = gain;
      if (ls) lost[o] = std::max(lost[o], gain);
      for (int p = 0; p < 2; ++p) m[p] -= lost[p];
    }
  }

  // The points of the k cheapest cards of m (k <= popcount(m)).
  static int cheapest_points(Mask m, int k) {
    const Mask aces = 0x4000400040004000ull;
    // ranks by points: 9 0, J 2, Q 3, K 4, T 10, A 11
    static constexpr int kShift[6] = {5, 3, 2, 1, 4, 0};  // 9 J Q K T A as aces >> shift
    static constexpr int kPts[6] = {0, 2, 3, 4, 10, 11};
    int sum = 0;
    for (int i = 0; i < 6 && k > 0; ++i) {
      const int n = std::min(k, popcount(m & (aces >> kShift[i])));
      sum += n * kPts[i];
      k -= n;
    }
    return sum;
  }

  // The trumps of player o higher than every trump of the other player.
  Mask sure_trumps(int o) const {
    const Mask mine = s_.hand[o] & suit_cards(trump_), theirs = s_.hand[1 - o] & suit_cards(trump_);
    if (!theirs) return mine;
    // higher() of their strongest trump (A > T > K > Q > J > 9) is the
    // intersection of higher() over all of their trumps.
    const int base = 16 * trump_;
    int top;
    if (theirs & bit(base + kAce)) top = base + kAce;
    else if (theirs & bit(base + kTen)) top = base + kTen;
    else top = 63 - __builtin_clzll(theirs);
    return mine & higher(top);
  }

  bool can_score3(int p) const {
    const int o = 1 - p;
    return !s_.tricks[o] || !s_.tricks[p] || (s_.closed_by == o && !s_.opp_won);
  }

  // Card-point bounds: a player's final count is at least what he counts
  // now, and at most that plus his pending marriages, every card point
  // still in play, every marriage whose K and Q are both still in play and
  // not shown, and the last-trick bonus.
  void point_bounds(int& lo, int& hi) const {
    const St& s = s_;
    Mask in_play = s.hand[0] | s.hand[1] | (s.trick ? bit(s.trick) : 0);
    for (int i = s.si; i < nstock_ - 1; ++i) in_play |= bit(stock_[i]);
    if (stock_left()) in_play |= bit(s.last);
    int rest = mask_points(in_play);
    const int shown = s.mar[0] | s.mar[1];
    for (int su = 0; su < 4; ++su)
      if (!(shown >> su & 1) && (in_play & kq_mask(su)) == kq_mask(su)) rest += su == trump_ ? 40 : 20;
    if (s.closed_by < 0) rest += kLastTrickBonus;
    int mx[2], mn[2];
    for (int p = 0; p < 2; ++p) {
      mn[p] = counted(p);
      mx[p] = mn[p] + (s.tricks[p] ? 0 : marriage_points(s.mar[p])) + rest;
    }
    lo = mn[0] - mx[1];
    hi = mx[0] - mn[1];
  }

  // The leader's sure cards (see cash_out, endgame.hpp), strict play at a
  // trick start.
  // gain: at least the card points the leader takes cashing them: theirs,
  // and at least the k cheapest cards of the opponent's hand for k of them.
  // Better when the opponent keeps a trump throughout (he has more trumps
  // than the leader's sure trumps, and every plain suit cashed is one he
  // holds at least as many cards of as the leader cashes): cashing the
  // trumps first and then one suit at a time, he must follow each time -
  // trumps on the trumps, that suit on each suit (he still holds all of its
  // cards: he has only followed other suits) - so he gives up at least his
  // cheapest trumps and his cheapest cards of each suit, that many of each.
  Mask leader_sure(int* gain = nullptr) const {
    const int p = s_.leader, o = 1 - p;
    const Mask mine = s_.hand[p], oh = s_.hand[o];
    Mask otr = oh & suit_cards(trump_);
    Mask sure = 0;
    if (otr) {
      // As many sure trumps as the opponent has trumps: cashed first, they
      // draw all of his (he must follow trumps), and then nothing beats
      // the leader's other trumps either: the case of no trump opposite.
      const Mask mytr = mine & suit_cards(trump_);
      if (popcount(sure_trumps(p)) >= popcount(otr)) { sure = mytr; otr = 0; }
    }
    for (int su = 0; su < 4; ++su) {
      const Mask os = oh & suit_cards(su);
      Mask top = 0;
      for (int c : cards_of(mine & suit_cards(su)))
        if (!(os & higher(c))) top |= bit(c);
      if (su == trump_ || !otr || popcount(top) <= popcount(os)) sure |= top;
    }
    if (gain) {
      int g = mask_points(sure);
      if (otr) {  // he keeps a trump throughout (otr is 0 if drawn)
        for (int su = 0; su < 4; ++su) {
          const int k = popcount(sure & suit_cards(su));
          if (k) g += cheapest_points(oh & suit_cards(su), k);
        }
      } else {
        g += cheapest_points(oh, popcount(sure));
      }
      *gain = g;
    }
    return sure;
  }
};

}  // namespace sixtysix
}  // namespace openhand
