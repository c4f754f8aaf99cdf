// sixtysix/endgame.hpp: Sixty-Six's strict endgame (stock exhausted or
// closed), searched whole tricks at a time with a table of its own, and
// cash_out: the leader who cashes his sure cards into 66.
#pragma once
#include <algorithm>
#include <cstdint>

#include "cards.hpp"
#include "search.hpp"
#include "sixtysix/bounds.hpp"
#include "sixtysix/tables.hpp"

namespace openhand {
namespace sixtysix {

#ifndef SIXTYSIX_END_STORE_MIN
#define SIXTYSIX_END_STORE_MIN 2
#endif
#ifndef SIXTYSIX_END_PREFETCH
#define SIXTYSIX_END_PREFETCH 1
#endif
constexpr int kEndStoreMin = SIXTYSIX_END_STORE_MIN;

// Bounds (bounds.hpp) with the strict endgame's own search.
class Endgame : public Bounds {
 public:
  // end_table: null for a table cap too small to split (Tables): the
  // endgame is then left to the generic search.
  Endgame(const Deal& d, EndTable* end_table) : Bounds(d), etable_(end_table) {}

  // ------------------------------------------------------------ endgame
  // The strict endgame (stock exhausted or closed, a trick start, no
  // marriage to show) gets a dedicated search: the leader's only actions
  // are his cards and the claim "out", and the follower's the cards
  // follow_mask() allows.  Why dropping the claim is exact:
  // - with 66 counted the leader has won a trick and bounds() is exact
  //   (the value of going out now), checked before any move is tried;
  // - under 66 it is a wrong claim: the opponent scores 2, or 3 if he has
  //   won no trick, or (if the leader closed) exactly what failing the
  //   closing gives him.  The leader has won a trick (he won the last
  //   one; before trick 1 the claim is not offered), so playing on can
  //   give the opponent 3 only when the opponent has no trick or the leader
  //   closed with opp_won = 0 - the same as the wrong claim.  Playing on is
  //   never worse, so the claim never changes the maximum.
  // (The points objective offers no claims.)  A whole trick is searched in
  // one frame and positions are kept in a table of their own (EndTable,
  // EndId), so the main table holds only the stock phase.  Values and
  // bounds are exactly those of the generic search: same bounds(), same
  // terminal_value(), fail-soft alpha-beta.
  bool solve_rest(int alpha, int beta, int& v) {
    if (!etable_ || s_.trick || s_.out >= 0 || !strict() || marriage_suits()) return false;
    v = endgame(alpha, beta);
    return true;
  }

  // The endgame key: the state that shapes the rest but the trick points
  // (see EndTable; their sum and the objective make the tag).  (Keying
  // kGame on the points clamped to the thresholds that can still matter -
  // 66, 33, 23 for a loser with the last-trick bonus, and the sign of the
  // difference +- 10 - was tried before the table answered for all points
  // at once: 0.5% fewer nodes, slower overall.)
  std::uint64_t end_key() const {
    const St& s = s_;
    return compact(s.hand[0]) | (compact(s.hand[1]) << 24) | (std::uint64_t(s.leader) << 48) |
          (std::uint64_t(s.tricks[0] ? 1 : 0) << 49) | (std::uint64_t(s.tricks[1] ? 1 : 0) << 50) |
          (std::uint64_t(s.closed_by + 1) << 51) | (std::uint64_t(s.opp_won) << 53) |
          (std::uint64_t(trump_) << 54) | (std::uint64_t(s.mar[0]) << 56) | (std::uint64_t(s.mar[1]) << 60);
  }
  static std::uint64_t end_hash(std::uint64_t a) { return mix64(a); }

  // Fail-soft alpha-beta over whole tricks from a strict trick start.
  int endgame(int alpha, int beta) {
    ++enodes_;
    const int L = s_.leader;
    if (!s_.hand[L]) return terminal_value();
    const bool store = popcount(s_.hand[L]) >= kEndStoreMin;
    std::uint64_t key = 0;
    std::uint64_t hash = 0;
    if (store) {
      // Start fetching the bucket now: the quick bounds are computed while
      // it arrives (the search's entry into the endgame has no parent that
      // fetched it).
      key = end_key();
      hash = end_hash(key);
      etable_->prefetch(hash);
    }
    int lo, hi;
    Mask ls = 0;
    int lgain = 0;
    bounds(lo, hi, &ls, &lgain);
    if (lo >= beta || lo == hi) return lo;
    if (hi <= alpha) return hi;
    if (cash_out(ls, lgain, lo, hi)) return lo;
    int first = -1;
    const int p0 = s_.points[0], diff = s_.points[0] - s_.points[1];
    const int tag = objective_ | (s_.points[0] + s_.points[1]) << 1;
    if (store) {
      if (const auto* e = etable_->probe(EndId{key, std::uint8_t(tag)}, hash)) {
        int elo, ehi;
        EndTable::bounds(*e, p0, diff, elo, ehi);
        lo = std::max(lo, elo);
        hi = std::min(hi, ehi);
        first = e->move == 255 ? -1 : e->move;
        if (lo >= beta || lo == hi) return lo;
        if (hi <= alpha) return hi;
      }
    }
    alpha = std::max(alpha, lo);
    beta = std::min(beta, hi);
    const bool maxing = L == 0;
    int leads[kHandSize], nl = sorted_cards(s_.hand[L], first, leads);
    int best = maxing ? -kInf : kInf, best_move = -1;
    int a = alpha, b = beta;
    const St save = s_;
    for (int i = 0; i < nl; ++i) {
      const int c = leads[i];
      s_.hand[L] &= ~bit(c);
      s_.trick = std::int8_t(c);
      ++enodes_;
      int fol[kHandSize];
      const int nf = sorted_cards(follow_mask(), -1, fol);
      const St led = s_;
#if SIXTYSIX_END_PREFETCH
      // Start fetching the replies' table buckets together: their misses
      // overlap instead of each stalling its own child.
      if (popcount(s_.hand[L]) >= kEndStoreMin) {
        for (int j = 0; j < nf; ++j) {
          apply_reply(c, fol[j]);
          etable_->prefetch(end_hash(end_key()));
          s_ = led;
        }
      }
#endif
      int fb = maxing ? kInf : -kInf;  // the follower minimizes when the leader maximizes
      int a2 = a, b2 = b;
      for (int j = 0; j < nf; ++j) {
        apply_reply(c, fol[j]);
        const int v = endgame(a2, b2);
        s_ = led;
        if (maxing) { fb = std::min(fb, v); b2 = std::min(b2, v); }
        else { fb = std::max(fb, v); a2 = std::max(a2, v); }
        if (a2 >= b2) break;
      }
      s_ = save;
      if (maxing ? fb > best : fb < best) { best = fb; best_move = c; }
      if (maxing) a = std::max(a, fb); else b = std::min(b, fb);
      if (a >= b) break;
    }
    if (store) {
      const int d = popcount(s_.hand[L]);
      if (best <= alpha) etable_->store(EndId{key, std::uint8_t(tag)}, hash, d, p0, diff, -kInf, best, best_move);
      else if (best >= beta) etable_->store(EndId{key, std::uint8_t(tag)}, hash, d, p0, diff, best, kInf, best_move);
      else etable_->store(EndId{key, std::uint8_t(tag)}, hash, d, p0, diff, best, best, best_move);
    }
    return best;
  }

 protected:
  // Strict play, a trick start (kGame): cards with which the leader can
  // win one trick after another (no draws in strict play, so hands only
  // shrink):
  // - his trumps above every trump of the opponent: nothing beats them;
  // - if the opponent has no trump, or no more trumps than the leader has
  //   of those sure trumps (cashed first, they draw his trumps): all the
  //   leader's trumps, and his cards with no higher card of their suit in
  //   the opponent's hand;
  // - else, in a plain suit where all of the leader's cards with no higher
  //   card opposite are at most as many as the opponent's cards of that
  //   suit: those cards.  Cashed after the trumps and one suit at a time,
  //   the opponent must follow that suit each time (he keeps enough cards
  //   of it: on the leader's trumps he must play trumps, and on another
  //   suit that suit); should he run out of trumps on the way, the second
  //   case applies anyway.
  // The opponent gains nothing meanwhile (no points, no trick).  If the
  // points of these cards and of the opponent's cards played to them (at
  // least `gain`, see leader_sure, bounds.hpp) bring the leader (his
  // marriages count once he has a trick) to 66, he goes out and scores
  // f(the opponent's state now): 1 if the opponent counts 33, 2 if he has
  // a trick, else 3 (if the opponent closed: 2, or 3 if he had no trick
  // then).  That is also the most the leader can get (see the top of
  // bounds.hpp: every end is at most f of the opponent's later state, his
  // points and tricks only grow), so the value is exact.
  bool cash_out(Mask sure, int gain, int& lo, int& hi) const {
    if (objective_ != kGame) return false;
    const St& s = s_;
    const int p = s.leader, o = 1 - p;
    const Mask mine = s.hand[p], oh = s.hand[o];
    if (!sure) return false;
    const int mine_end = s.points[p] + marriage_points(s.mar[p]) + mask_points(mine | oh);
    if (s.points[p] + marriage_points(s.mar[p]) + (sure == mine ? mask_points(mine | oh) : gain) < kGoal) {
      if (sure != mine) return false;
      // Every card of the leader is sure: he wins every trick left, taking
      // every card point in play, and still does not reach 66 (else he goes
      // out on the way: below).  No line gives him more: at no moment can
      // he count more than this, so he never goes out on any line; the
      // opponent can only gain points and tricks.  So: if he closed, he
      // fails on every line; if the opponent closed, the opponent fails on
      // this line (nothing better for the leader: the opponent's only other
      // end is going out himself); otherwise the deal is played out, and
      // this line gives him the most points and the last-trick bonus and
      // the opponent the fewest points and no new trick, which is the best
      // played-out result (each ending is non-decreasing in those, see
      // PointTable).  So the value is exactly this line's.
      int g;  // the leader's view
      if (s.closed_by == p) g = -(s.opp_won ? 2 : 3);
      else if (s.closed_by == o) g = s.opp_won ? 2 : 3;
      else {
        const int mt = mine_end + kLastTrickBonus, ot = counted(o);
        g = mt == ot ? 0 : mt > ot ? (ot >= 33 ? 1 : s.tricks[o] ? 2 : 3) : -(mt >= 33 ? 1 : 2);
      }
      lo = hi = p == 0 ? g : -g;
      return true;
    }
    int g;
    if (s.closed_by == o) g = s.opp_won ? 2 : 3;
    else g = counted(o) >= 33 ? 1 : s.tricks[o] ? 2 : 3;
    lo = hi = p == 0 ? g : -g;
    return true;
  }

  // The follower plays f on the led card c (strict play: no draws).
  void apply_reply(int c, int f) {
    St& s = s_;
    const int L = s.leader, F = 1 - L;
    s.hand[F] &= ~bit(f);
    const int w = follower_wins(c, f, trump_) ? F : L;
    s.points[w] = std::uint8_t(s.points[w] + card_points(c) + card_points(f));
    ++s.tricks[w];
    s.leader = std::int8_t(w);
    s.trick = 0;
  }

  // The cards of m, `first` (if in m) first, then by order_score.
  int sorted_cards(Mask m, int first, int* out) const {
    int n = 0, score[kHandSize];
    for (int c : cards_of(m)) {
      const int sc = c == first ? 100000 : order_score(c);
      int j = n++;
      while (j > 0 && score[j - 1] < sc) { out[j] = out[j - 1]; score[j] = score[j - 1]; --j; }
      out[j] = c; score[j] = sc;
    }
    return n;
  }

  EndTable* etable_;
  std::uint64_t enodes_ = 0;
};

}  // namespace sixtysix
}  // namespace openhand
