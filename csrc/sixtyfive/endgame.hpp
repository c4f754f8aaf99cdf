// sixtyfive/endgame.hpp: 65's last tricks, solved without the general
// search: plain minimax for the last trick (or two, inside a trick),
// alpha-beta over the 16 lines of the last two tricks, and the three-trick
// solver; each records the trick winners its result depends on
// (partition search).
#pragma once
#include <algorithm>

#include "cards.hpp"
#include "search.hpp"
#include "sixtyfive/bounds.hpp"

namespace openhand {
namespace sixtyfive {

// Bounds (bounds.hpp) with the endgame solvers.
class Endgames : public Bounds {
 public:
  explicit Endgames(const Deal& d) : Bounds(d) {}

  // With at most two tricks left the search stops and the game solves the
  // rest itself by plain minimax (at most 16 lines from a trick start):
  // cheaper than table probes, and it keeps these many tiny positions out of
  // the table.  With one trick left every card is forced.
  //
  // The one exception: two tricks left at a trick start is not terminal but
  // answered by solve_rest(), the same 16-line minimax with alpha-beta
  // pruning inside the window the search asks about.
  //
  // Both record the cards that won a trick in the lines their result
  // depends on (terminal_relevance()): the result holds in every position
  // that agrees on them (partition search: key.hpp).  The plain minimax
  // needs every line; the alpha-beta searches only the cutting line at a
  // cutoff.
  bool is_terminal() const { return tricks_left_ <= 1 || (tricks_left_ == 2 && ntrick_ != 0); }
  // Fail-soft alpha-beta over the 16 lines of the last two tricks from a
  // trick start: each seat picks one of its two cards for the first trick
  // (following suit if it can) and plays the other to the last trick.  The
  // value if it lies in (alpha, beta), else a true bound on the side the
  // window was left, which is the contract of Search's solve_rest hook.
  bool solve_rest(int alpha, int beta, int& v) {
    if (tricks_left_ != 2 || ntrick_ != 0) return false;
    if (!sc_.tricks && two_tricks_points_bound(alpha, beta, v, term_rel_)) return true;
    int c[4][2], x[4];
    for (int i = 0; i < 4; ++i) {
      const Mask h = hand_[(leader_ + i) & 3];
      c[i][0] = lowest(h);
      c[i][1] = highest(h);
    }
    v = two_tricks_ab<0>(c, x, 0, alpha, beta, leader_, term_rel_);
    return true;
  }
  // The same from a trick start of the last two tricks inside
  // first_trick_ab(), led by `leader` (the hands as they are now); rel: the
  // result's relevant cards.
  int two_tricks(int leader, int alpha, int beta, Mask& rel) {
    int v;
    if (sc_.tricks ? two_tricks_bound(leader, alpha, beta, v, rel) : two_tricks_points_bound(alpha, beta, v, rel))
      return v;
    int c[4][2], x[4];
    for (int i = 0; i < 4; ++i) {
      const Mask h = hand_[(leader + i) & 3];
      c[i][0] = lowest(h);
      c[i][1] = highest(h);
    }
    return two_tricks_ab<0>(c, x, 0, alpha, beta, leader, rel);
  }
  // Under the points objective, the last two tricks (the hands as they
  // are now): a trick won by N-S with w adds 2 - pts(w) (+1 the last), one
  // won by E-W with w adds pts(w) (rules.hpp), and no card wins twice.  So
  // N-S add at most max(5, e1 + max(3, e2)), e1 >= e2 the points of E-W's
  // two best cards, and at least min(0, 2 - n1, 5 - n1 - n2), n1 >= n2
  // N-S's.  Only kings and aces make either differ from [0, 5] (a queen
  // or jack winning for a side costs it nothing below 0, and gives the
  // other side no more than the trick's 2 it would take), and every class
  // names the kings and aces (key.hpp, kAlwaysNamed).  The top trump in
  // play wins one of the two tricks, which narrows both; a low one is
  // named (a class names the trump suit's point cards).  True if that
  // settles the window (alpha, beta): v, a true bound on the side it was
  // left, rel what it used.  (The twenty-eighth session tried this naming
  // every point card: 1.24x the nodes.)
  bool two_tricks_points_bound(int alpha, int beta, int& v, Mask& rel) const {
    const auto top_two = [](Mask m, int& p1, int& p2) {
      // The points of m's two best aces or kings (0 for none).
      const int a = popcount(m & kAces), k = popcount(m & kKings);
      p1 = a >= 1 ? 4 : k >= 1 ? 3 : 0;
      p2 = a >= 2 ? 4 : a + k >= 2 ? 3 : 0;
    };
    int e1, e2, n1, n2, lo, hi;
    const Mask ns = hand_[0] | hand_[2], ew = hand_[1] | hand_[3];
    const Mask trumps = (ns | ew) & suit_mask(kTrumpSuit);
    const int top = trumps ? highest(trumps) : -1;
    if (top >= 0) {
      // The top trump wins the trick it falls to, first or last; the
      // other trick as above.
      const int p = card_points(top);
      if (ns & bit(top)) {
        top_two(ew, e1, e2);
        top_two(ns & ~bit(top), n1, n2);
        hi = kTrickPoints + kLastTrickBonus - p + std::max(kTrickPoints, e1);
        lo = std::min(kTrickPoints - p + std::min(0, kTrickPoints + kLastTrickBonus - n1),
                      kTrickPoints + kLastTrickBonus - p + std::min(0, kTrickPoints - n1));
      } else {
        top_two(ew & ~bit(top), e1, e2);
        top_two(ns, n1, n2);
        hi = p + std::max(kTrickPoints + kLastTrickBonus, e1);
        lo = p + std::min(0, kTrickPoints - n1);
      }
    } else {
      top_two(ew, e1, e2);
      top_two(ns, n1, n2);
      hi = std::max(kTrickPoints + kTrickPoints + kLastTrickBonus, e1 + std::max(kTrickPoints + kLastTrickBonus, e2));
      lo = std::min({0, kTrickPoints - n1, kTrickPoints + kTrickPoints + kLastTrickBonus - n1 - n2});
    }
    const Mask r = kAcesKings | (top >= 0 && !has_points(top) ? bit(top) : 0);
    if (lo >= beta) { v = lo; rel = r; return true; }
    if (hi <= alpha) { v = hi; rel = r; return true; }
    return false;
  }
  // Under the tricks objective, the last two tricks led by `leader` (the
  // hands as they are now): a side holding the top trump takes one of
  // them, and so does the leader's side if the leader holds the top card
  // of a suit that no opponent can ruff (it leads it).  True if that
  // settles the window (alpha, beta): v, a true bound on the side it was
  // left, and rel, the card the sure trick depends on.
  bool two_tricks_bound(int leader, int alpha, int beta, int& v, Mask& rel) const {
    const Mask all = hand_[0] | hand_[1] | hand_[2] | hand_[3];
    int lo = 0, hi = 2;
    Mask lo_rel = 0, hi_rel = 0;
    const auto sure = [&](int side, int card) {
      if (side == 0 && lo == 0) { lo = 1; lo_rel = bit(card); }
      if (side == 1 && hi == 2) { hi = 1; hi_rel = bit(card); }
    };
    const Mask trumps = all & suit_mask(kTrumpSuit);
    if (trumps) {
      const int t = highest(trumps);
      for (int h = 0; h < 4; ++h)
        if (hand_[h] & bit(t)) sure(h & 1, t);
    }
    for (int c : cards_of(hand_[leader])) {
      const int s = suit_of(c);
      if (c != highest(all & suit_mask(s))) continue;
      if (can_ruff(hand_[(leader + 1) & 3], s) || can_ruff(hand_[(leader + 3) & 3], s)) continue;
      sure(leader & 1, c);
    }
    if (lo >= beta) { v = lo; rel = lo_rel; return true; }
    if (hi <= alpha) { v = hi; rel = hi_rel; return true; }
    if (lo == hi) { v = lo; rel = lo_rel | hi_rel; return true; }
    return false;
  }
  // rel: the result's relevant cards, as Search computes them (see
  // search.hpp): a cutoff depends on the cutting line alone, a node where
  // every card was tried on all of them.  (Unioning every line looked at
  // would also be true, but names more cards: smaller classes.)
  template <int I>
  int two_tricks_ab(const int (&c)[4][2], int (&x)[4], int led, int alpha, int beta, int leader, Mask& rel) {
    if constexpr (I == 4) {
      ++trick_starts_;  // the last trick's start (rules.hpp: trick_starts())
      const int t1[4] = {c[0][x[0]], c[1][x[1]], c[2][x[2]], c[3][x[3]]};
      const int w = trick_winner(t1);
      int t2[4];
      for (int i = 0; i < 4; ++i) {
        const int j = (w + i) & 3;
        t2[i] = c[j][1 - x[j]];
      }
      const int w2 = trick_winner(t2);
      rel = winner_relevance(t1, w, sc_) | winner_relevance(t2, w2, sc_);
      return sc_.gain(t1[w], (leader + w) & 3, false) + sc_.gain(t2[w2], (leader + w + w2) & 3, true);
    } else {
      const bool maxing = (((leader + I) & 3) & 1) == 0;
      int best = maxing ? -kInf : kInf;
      Mask all = 0;
      for (int xi = 0; xi < 2; ++xi) {
        if (I > 0 && !may_play(c[I], xi, led)) continue;
        x[I] = xi;
        Mask child;
        const int v = two_tricks_ab<I + 1>(c, x, I == 0 ? suit_of(c[0][xi]) : led, alpha, beta, leader, child);
        if (maxing) { if (v > best) best = v; if (v > alpha) alpha = v; }
        else { if (v < best) best = v; if (v < beta) beta = v; }
        if (alpha >= beta) { rel = child; return best; }
        all |= child;
      }
      rel = all;
      return best;
    }
  }
  // Three tricks left at a trick start, once the quick bounds and the table
  // have failed to settle it (Search's solve_stored hook): fail-soft
  // alpha-beta over every legal card of the first trick, in the search's
  // move order (the table's move first), then two_tricks() for the rest.
  // No table below, no quick bounds, no equivalent cards: cheaper per node
  // than the general search, and measured on 6-trick endgames most nodes
  // lie at these last three tricks.  Like solve_rest it records the
  // winners of the tricks its result depends on (terminal_relevance()).
  // The result is stored by the search as a searched one.
  //
  // Equivalent cards (rules.hpp): in the first trick only the top card of
  // a run is searched.  Where every move was tried, a skipped card matters
  // only if the stored class names its run's top but not it
  // (all_moves_relevance()); so the skipped cards of such nodes are kept,
  // and at the end each one whose twin above is named is named too, until
  // nothing changes.
  bool solve_stored(int alpha, int beta, int first, int& v, int& move) {
    if (tricks_left_ != 3 || ntrick_ != 0) return false;
    skipped_ = 0;
    v = first_trick_ab(alpha, beta, first, &move, term_rel_);
    while (skipped_) {
      const Mask named = named_low_cards(term_rel_);
      Mask add = 0;
      for (int c : cards_of(skipped_))
        if (!(named & bit(c)) && (named & bit(next_up(c)))) add |= bit(c);
      if (!add) break;
      term_rel_ |= add;
    }
    return true;
  }
  int first_trick_ab(int alpha, int beta, int first, int* best_move, Mask& rel) {
    const int seat = to_move();
    const bool maxing = (seat & 1) == 0;
    int moves[kMaxMoves], score[kMaxMoves], n = 0;
    Mask skipped = 0;
    const Mask h = hand_[seat];
    OrderContext context;
    order_context(context);
    for (int c : cards_of(legal_mask())) {
      if (may_go_unnamed(c)) {
        const int up = next_up(c);
        if (up >= 0 && (h & bit(up)) && may_go_unnamed(up)) { skipped |= bit(c); continue; }
      }
      score[n] = c == first ? (1 << 30) : order_score(c, context);
      moves[n++] = c;
    }
    sort_by_score(moves, score, n);
    int best = maxing ? -kInf : kInf;
    Mask all = 0;
    for (int i = 0; i < n; ++i) {
      const int c = moves[i];
      hand_[seat] ^= bit(c);
      trick_[ntrick_++] = c;
      int v;
      Mask child;
      if (ntrick_ < 4) {
        v = first_trick_ab(alpha, beta, -1, nullptr, child);
      } else {
        ++trick_starts_;  // two tricks left (rules.hpp: trick_starts())
        const int w = trick_winner(trick_);
        const int winner = (leader_ + w) & 3;
        const int gain = sc_.gain(trick_[w], winner, false);
        v = gain + two_tricks(winner, alpha - gain, beta - gain, child);
        child |= winner_relevance(trick_, w, sc_);
      }
      --ntrick_;
      hand_[seat] ^= bit(c);
      if (maxing ? v > best : v < best) { best = v; if (best_move) *best_move = c; }
      if (maxing) alpha = std::max(alpha, v); else beta = std::min(beta, v);
      if (alpha >= beta) { rel = child; return best; }
      all |= child;
    }
    skipped_ |= skipped;  // every move tried
    rel = all;
    return best;
  }
  int terminal_value() {
    term_rel_ = 0;
    return small_endgame();
  }
  Mask terminal_relevance() const { return term_rel_; }
  // May a seat holding the two cards h play h[x] to a trick led in suit led?
  static bool may_play(const int* h, int x, int led) {
    return suit_of(h[x]) == led || suit_of(h[1 - x]) != led;
  }
  int last_trick_value() {
    if (tricks_left_ == 0) return 0;
    int trick[4];
    for (int i = 0; i < 4; ++i)
      trick[i] = i < ntrick_ ? trick_[i] : lowest(hand_[(leader_ + i) & 3]);
    const int w = trick_winner(trick);
    term_rel_ |= winner_relevance(trick, w, sc_);
    return sc_.gain(trick[w], (leader_ + w) & 3, true);
  }
  // Exact minimax over every legal card (play/undo leave the position as
  // it was).
  int small_endgame() {
    if (tricks_left_ <= 1) return last_trick_value();
    const bool maxing = maximizing();
    int best = maxing ? -kInf : kInf;
    for (int c : cards_of(legal_mask())) {
      const int gain = play(c);
      term_rel_ |= won_;
      const int v = gain + small_endgame();
      undo(c);
      best = maxing ? std::max(best, v) : std::min(best, v);
    }
    return best;
  }

 protected:
  Mask term_rel_ = 0;  // the trick winners the last terminal evaluation looked at
  Mask skipped_ = 0;   // solve_stored(): equivalent cards skipped where every move was tried
};

}  // namespace sixtyfive
}  // namespace openhand
