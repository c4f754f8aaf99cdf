// sixtyfive/bounds.hpp: 65's quick bounds on the rest of the deal: how
// tricks split their points, sure winners, the cashable winner, the caps
// a side's strategy proves (guarded and forced honours), and the cards a
// settling bound depended on (partition search).
#pragma once
#include <algorithm>

#include "cards.hpp"
#include "sixtyfive/key.hpp"

namespace openhand {
namespace sixtyfive {

// Keys (key.hpp) with the quick bounds.
class Bounds : public Keys {
 public:
  explicit Bounds(const Deal& d) : Keys(d) {}

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
  //
  // The bounds are on the searched value (N-S points less ns_points_, the
  // card points N-S hold).
  void bounds(int& lo, int& hi) const {
    if (ntrick_ != 0) {
      lo = -ns_points_;
      hi = sc_.trick() * tricks_left_ + sc_.last() + points_in_play_ - ns_points_;
      bounds_rel_[0] = bounds_rel_[1] = sc_.tricks ? 0 : kEveryPointCard;
      if (sc_.tricks && ntrick_ == 1) second_hand_trick(lo, hi);
      return;
    }
    full_bounds(lo, hi);
  }
  // Under the tricks objective, at the second card of a trick: does the
  // side to move surely win this trick?  It does if its highest card of the
  // led suit beats the lead and every card of it the third hand holds, and
  // the third hand cannot ruff (it follows, or the lead is a trump, or it
  // holds none); or, to a side suit, if one of its two hands can ruff
  // (void in it, holding a trump) and the third hand cannot.  Then it
  // takes at least one of the tricks left.  (DDS asks the same of its
  // second hand.  Measured on the skeleton's 50 deals: 2.6% fewer nodes;
  // the same at the last card of a trick, naming the winning card and the
  // lowest that beats it, 3% more.)  The bound names that highest card
  // (and so every card above it: the lead and the third hand's cards stay
  // below it).
  void second_hand_trick(int& lo, int& hi) const {
    const int me = to_move(), third = (me + 1) & 3, fourth = (me + 2) & 3;
    const int s = suit_of(trick_[0]);
    const Mask sm = suit_mask(s);
    const Mask t3 = hand_[third];
    if (can_ruff(t3, s)) return;
    const Mask ours = (hand_[me] | hand_[fourth]) & sm;
    Mask rel = 0;
    if (ours && highest(ours) > std::max(trick_[0], (t3 & sm) ? highest(t3 & sm) : -1)) {
      rel = bit(highest(ours));
    } else if (!can_ruff(hand_[me], s) && !can_ruff(hand_[fourth], s)) {
      return;
    }
    if ((me & 1) == 0) lo = std::max(lo, 1);
    else hi = std::min(hi, tricks_left_ - 1);
    bounds_rel_[0] = bounds_rel_[1] = rel;
  }
  void full_bounds(int& lo, int& hi) const {
    // What each side's cap depended on: side_rel[x] for max_gain[x], which
    // bounds N-S's value from above (x = 0) or below (x = 1).
    Mask side_rel[2] = {0, 0};
    Mask side_cards[2] = {hand_[0] | hand_[2], hand_[1] | hand_[3]};
    for (int i = 0; i < ntrick_; ++i) side_cards[((leader_ + i) & 1)] |= bit(trick_[i]);
    const Mask sure = sure_winners();
    const int m = popcount(sure);
    const int last = ntrick_ == 0 && !sc_.tricks ? last_trick_side() : -1;
    // max_gain[x]: at most what side x adds on top of the points it holds.
    int max_gain[2], from_sure[2];
    for (int x = 0; x < 2; ++x) {
      const Mask own_sure = sure & side_cards[x], opp_sure = sure & side_cards[x ^ 1];
      from_sure[x] = sc_.trick() * popcount(own_sure) - sc_.cards(own_sure) + sc_.cards(opp_sure);
      max_gain[x] = from_sure[x] + best_case(side_cards[x ^ 1] & ~sure, tricks_left_ - m, own_sure != 0, last == (x ^ 1));
    }
    refine_sure_ = sure;
    refine_last_ = last;
    refine_from_sure_[0] = from_sure[0];
    refine_from_sure_[1] = from_sure[1];
    if (ntrick_ == 0) {
      // A cashable winner caps the defenders' gain further (see cash_card()).
      const int x = leader_ & 1;
      const int c = cash_card();
      Mask used = 0;
      if (c >= 0) {
        const int g = sc_.card(c) + from_sure[x ^ 1] + best_case(side_cards[x] & ~sure & ~bit(c), tricks_left_ - 1 - m,
                                                                    (side_cards[x ^ 1] & sure) != 0, last == x);
        if (g < max_gain[x ^ 1]) { max_gain[x ^ 1] = g; side_rel[x ^ 1] |= bit(c); }
      }
      // Under the tricks objective the leader's quick tricks cap them too.
      if (sc_.tricks) {
        const int q = tricks_left_ - quick_tricks(used);
        if (q < max_gain[x ^ 1]) { max_gain[x ^ 1] = q; side_rel[x ^ 1] |= used; }
      }
      const Mask both = sure | (sc_.tricks ? 0 : kAcesKings);
      side_rel[0] |= both;
      side_rel[1] |= both;
      // Under the tricks objective each side's trump tricks cap the other.
      if (sc_.tricks) {
        for (int y = 0; y < 2; ++y) {
          Mask r;
          const int f = trump_floor(y, r);
          if (tricks_left_ - f < max_gain[y ^ 1]) { max_gain[y ^ 1] = tricks_left_ - f; side_rel[y ^ 1] |= r; }
        }
        Mask r;
        const int f = crossruff_floor(r);
        if (tricks_left_ - f < max_gain[x ^ 1]) { max_gain[x ^ 1] = tricks_left_ - f; side_rel[x ^ 1] |= r; }
      }
    }
    else if (!sc_.tricks) side_rel[0] = side_rel[1] = kEveryPointCard;
    // N-S take at most max_gain[0] on top of what they hold, E-W at most
    // max_gain[1] on top of theirs, and the total is fixed.
    const int ew_points = points_in_play_ - ns_points_;
    const int total = sc_.trick() * tricks_left_ + sc_.last();
    hi = std::min(max_gain[0], total + ew_points);
    lo = std::max(-ns_points_, total - max_gain[1]);
    // (The terms of the points held depend on every point card; they never
    // bind at a trick start, see bounds_relevance(), but the code does not
    // rely on it.)
    if (!sc_.tricks && max_gain[0] > total + ew_points) side_rel[0] |= kEveryPointCard;
    if (!sc_.tricks && total - max_gain[1] < -ns_points_) side_rel[1] |= kEveryPointCard;
    bounds_rel_[0] = side_rel[1];  // the lower bound: from E-W's cap
    bounds_rel_[1] = side_rel[0];  // the upper bound: from N-S's cap
  }

  // Right after bounds() at a trick start under the points objective,
  // where they did not settle the window (alpha, beta): caps that cost
  // more to find, each a strategy of one side that holds the other's gain
  // down, tried only where it could move the bound far enough.  A side's
  // guarded aces and kings win the last trick at most (guarded_honours()),
  // and the leader's side can force an opponent's bare honour to win this
  // trick (forced_honour()).  Both read only the suit counts and where the
  // aces, kings and trump honours lie, which every class names (key.hpp)
  // and the bounds' relevance already holds (kAcesKings; the trump suit's
  // point cards are always named), so a bound they settle names nothing
  // more.
  // (The caps below lower a bound by 7 at most, see refine_caps(): the
  // many trick starts farther from their window return here, inlined.)
  OPENHAND_INLINE void refine_bounds(int alpha, int beta, int& lo, int& hi) const {
    if (ntrick_ != 0 || sc_.tricks || (hi - alpha > 7 && beta - lo > 7)) return;
    refine_caps(alpha, beta, lo, hi);
  }
  void refine_caps(int alpha, int beta, int& lo, int& hi) const {
    const Mask side_cards[2] = {hand_[0] | hand_[2], hand_[1] | hand_[3]};
    const Mask sure = refine_sure_;
    const int m = popcount(sure);
    const int defenders = (leader_ & 1) ^ 1;
    for (int x = 0; x < 2; ++x) {
      // How far side x's cap must come down to settle the window.
      const int need = x == 0 ? hi - alpha : beta - lo;
      const Mask opp = side_cards[x ^ 1] & ~sure, honours = opp & kAcesKingsCards;
      // The guards take at most the gain above a trick's 2 of two honours
      // (one a hand), the bonus given for one of them; the forced honour
      // at most 4 + 3 (its points, and the trick it replaces, counted at
      // 2 + an honour's 2 + the bonus).
      const bool guard = honours && need <= std::min(4, 2 * popcount(honours & kAces) + popcount(honours & kKings));
      const bool force = x == defenders && need <= 7;
      if (!guard && !force) continue;
      const bool own_sure = (sure & side_cards[x]) != 0, last_theirs = refine_last_ == (x ^ 1);
      int g = 999;
      const Mask guarded = guard ? guarded_honours(x ^ 1) : 0;
      if (guarded) g = refine_from_sure_[x] + best_case(opp, tricks_left_ - m, own_sure, last_theirs, guarded);
      if (force) {
        const int f = forced_honour();
        if (f > 0) g = std::min(g, sc_.trick() - f + refine_from_sure_[x] + best_case(opp, tricks_left_ - 1 - m, own_sure, last_theirs));
      }
      if (x == 0) hi = std::min(hi, g);
      else lo = std::max(lo, sc_.trick() * tricks_left_ + sc_.last() - g);
    }
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

  // Under the points objective at a trick start: the side that surely
  // takes the last trick (-1: neither found).  The hand H holding the top
  // trump in play keeps it to the last trick, which it then wins, if H
  // holds more trumps than the other three hands together: H plays the
  // top trump only when it is H's last card, or H's last trump when a
  // trump is led (H leads a lower trump or a side card, discards a side
  // card when void in the suit led, and follows a trump lead with its
  // lowest trump); each trump lead by another hand spends one of the
  // others' trumps, so H never runs down to the top trump alone before a
  // trump lead.  It names the top trump (a sure winner: the bounds name
  // it) and each hand's trump count (every class keeps the counts).
  // So does a side whose opponents hold no trump: every trump lead is its
  // own then, made only by a hand that holds nothing but trumps, whose
  // last card is then a trump; a hand with other cards keeps its trumps
  // (it follows suit or discards), so one of the side's hands holds a
  // trump to the last trick.  This names nothing: every class keeps each
  // hand's trump count.
  int last_trick_side() const {
    const Mask trumps = in_play_ & suit_mask(kTrumpSuit);
    if (!trumps) return -1;
    const int top = highest(trumps);
    for (int h = 0; h < 4; ++h) {
      if (!(hand_[h] & bit(top))) continue;
      if (2 * popcount(hand_[h] & trumps) > popcount(trumps)) return h & 1;
      return ((hand_[(h + 1) & 3] | hand_[(h + 3) & 3]) & trumps) ? -1 : (h & 1);
    }
    return -1;
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
      if (can_ruff(hand_[e1], s) || can_ruff(hand_[e2], s)) continue;
      // The partner's winner instead: the leader leads its lowest card of
      // s and the partner, following, wins with c; the trick gives the
      // defenders pts(c) as well.
      const Mask theirs = hand_[partner] & sm;
      const Mask not_theirs = (hand_[lead] | hand_[e1] | hand_[e2]) & sm;
      const Mask partner_winners = above_all(theirs, not_theirs);
      if (partner_winners && card_points(lowest(partner_winners)) < best_pts) {
        best = lowest(partner_winners);
        best_pts = card_points(best);
      }
      if (!(hand_[partner] & ~trumps)) continue;
      const Mask others = (hand_[partner] | hand_[e1] | hand_[e2]) & sm;
      const Mask winners = above_all(mine, others);
      if (!winners) continue;
      const int c = lowest(winners);
      if (card_points(c) < best_pts) { best = c; best_pts = card_points(c); }
    }
    return best;
  }

  // Under the points objective at a trick start: the points of the best
  // ace or king that the leader's side can make an opponent win with (0:
  // none).  An opponent O holds it bare in a side suit s (its only card
  // of s), the leader holds a card of s below it and leads its lowest,
  // the partner follows with its lowest card of s (below it) or, void in
  // s, discards a non-trump, and O's partner cannot ruff (it follows or
  // holds no trump).  Then no trump falls, O must play the honour, and
  // only a higher card of s can beat it: O's partner's ace over O's
  // king, which gives the defenders as little.  So the defenders win the
  // trick with the honour (or better) and add 2 - its points; every sure
  // winner stays one.  It reads the suit counts and where the aces and
  // kings lie, which every class names (key.hpp).
  int forced_honour() const {
    const int lead = leader_, partner = (leader_ + 2) & 3;
    const Mask trumps = suit_mask(kTrumpSuit);
    // Can the leader lead a card of c's suit sm below c, and the partner
    // follow below c or, void in it, play a card that cannot win (a side
    // card; any card to a trump lead)?
    const auto under = [&](Mask sm, int c) {
      const Mask mine = hand_[lead] & sm, theirs = hand_[partner] & sm;
      if (!mine || lowest(mine) > c) return false;
      return theirs ? lowest(theirs) < c : sm == trumps || (hand_[partner] & ~trumps) != 0;
    };
    int best = 0;
    for (int o = 1; o < 4; o += 2) {
      const Mask hand = hand_[(lead + o) & 3], other = hand_[(lead + o + 2) & 3];
      Mask left = hand & kAcesKingsCards & ~trumps;
      while (left) {
        const int c = lowest(left);
        left &= left - 1;
        const int s = suit_of(c);
        if (hand & suit_mask(s) & ~bit(c)) continue;  // not bare
        if (under(suit_mask(s), c) && !can_ruff(other, s)) best = std::max(best, card_points(c));
      }
      // A bare trump honour below the top trump, forced by a trump lead.
      const Mask t = hand & trumps;
      if (!t || (t & (t - 1)) || !has_points(lowest(t))) continue;
      const int c = lowest(t);
      const Mask above = trumps & ~((bit(c) << 1) - 1);
      if (!(in_play_ & above) || (other & above)) continue;  // c on top, or overtaken
      if (under(trumps, c)) best = std::max(best, card_points(c));
    }
    return best;
  }

  // Under the tricks objective at a trick start: the tricks the leader's
  // side surely takes by a crossruff, where no trump of the opponents can
  // beat one of its own (they hold none, or only lower ones).  The leader
  // leads a card of a suit its partner lacks and the partner trumps it,
  // which wins; the partner leads back a suit the leader lacks and the
  // leader trumps it; and so on while each has such a card to lead and a
  // trump to ruff with: x = min(the leader's cards of the partner's void
  // suits, the partner's trumps) steps one way, z = min(the partner's
  // cards of the leader's voids, the leader's trumps) the other, 2 min(x,
  // z) + (x > z) tricks in turn.  Each trump left then wins the trick it
  // falls to, one hand's at least in tricks of their own (the masters
  // floor with no lower trumps: the longer of the two).  rel: the side's
  // lowest trump where the opponents hold trumps (every trump of the side
  // above theirs); else nothing (the counts and voids are the class's).
  // (The skeleton's 50 deals, after the masters floor: trick starts
  // 1.999M -> 1.964M, deal 19 0.83x, values identical.)
  int crossruff_floor(Mask& rel) const {
    const Mask tr = suit_mask(kTrumpSuit);
    const int l = leader_, p = (leader_ + 2) & 3;
    const Mask hl = hand_[l], hp = hand_[p];
    const Mask mine = (hl | hp) & tr, opp = (hand_[l ^ 1] | hand_[p ^ 1]) & tr;
    rel = 0;
    if (!mine) return 0;
    if (opp) {
      if (lowest(mine) < highest(opp)) return 0;  // an opponent's trump could beat one of the side's
      rel = bit(lowest(mine));
    }
    const int tl = popcount(hl & tr), tp = popcount(hp & tr);
    int cl = 0, cp = 0;  // the cards each may lead into the other's void
    for (int s = 0; s < 4; ++s) {
      if (s == kTrumpSuit) continue;
      const Mask sm = suit_mask(s);
      if (!(hp & sm)) cl += popcount(hl & sm);
      if (!(hl & sm)) cp += popcount(hp & sm);
    }
    const int x = std::min(cl, tp), z = std::min(cp, tl);
    const int k = 2 * std::min(x, z) + (x > z ? 1 : 0);
    return k + std::max(tl - k / 2, tp - (k + 1) / 2);
  }

  // Quick tricks, under the tricks objective at a trick start: how many
  // tricks the leader can cash in a row from its own hand, whatever the
  // others do.  In a side suit s the leader's cards above every other card
  // of s in play win while no opponent can ruff: an opponent holding a
  // trump follows (and so cannot ruff) as many times as it holds cards of
  // s; one without trumps never wins.  The partner must never be forced to
  // ruff (the lead would pass to it): each side-suit trick takes one of its
  // non-trumps (following suit or discarding), so at most that many are
  // counted.  Side suits are cashed first: nobody plays a trump to them, so
  // each opponent's trumps and lengths are as counted when its suit comes.
  // Then the leader's trumps above every other trump win whatever is played.
  // `used`: the cards counted (naming them names every card above them).
  int quick_tricks(Mask& used) const {
    const int partner = (leader_ + 2) & 3, e1 = (leader_ + 1) & 3, e2 = (leader_ + 3) & 3;
    Mask lead = hand_[leader_], part = hand_[partner], a = hand_[e1], b = hand_[e2];
    int q = cash_tricks(lead, part, a, b, used);
    Mask u;
    int n = cross_tricks(lead, part, a, b, u);
    if (n > q) { q = n; used = u; }
    // Or the leader cashes its top cards of each side suit the partner can
    // follow to every time, then crosses.  Each opponent that follows
    // loses its lowest cards of the suit (worst case, as in cross_tricks());
    // the partner its lowest.
    const Mask trumps = suit_mask(kTrumpSuit);
    int pre = 0;
    Mask pre_used = 0;
    for (int t = 1; t < 4; ++t) {
      const Mask sm = suit_mask(t), o = (part | a | b) & sm;
      Mask top = above_all(lead & sm, o);
      int k = std::min(popcount(top), popcount(part & sm));
      if (a & trumps) k = std::min(k, popcount(a & sm));
      if (b & trumps) k = std::min(k, popcount(b & sm));
      for (int i = 0; i < k; ++i) {
        const int c = highest(top);
        pre_used |= bit(c);
        top ^= bit(c);
        lead ^= bit(c);
      }
      part = less_lowest(part, sm, k);
      a = less_lowest(a, sm, k);
      b = less_lowest(b, sm, k);
      pre += k;
    }
    if (pre > 0) {
      n = cross_tricks(lead, part, a, b, u);
      if (n > 0 && pre + n > q) { q = pre + n; used = pre_used | u; }
    }
    return q;
  }
  // Cross to the partner first: a suit s the leader holds, whose top
  // card c in play is the partner's, and which neither opponent can ruff
  // (each follows or holds no trump; trumps cannot be ruffed).  The
  // leader leads its lowest card of s, the partner wins with c and cashes
  // from its own hand (cash_tricks()).  After the trick each opponent that
  // followed holds one card of s fewer: its lowest is taken out (its
  // highest stays: the worst case for what counts as a top card); one that
  // discarded holds no trump, so nothing it keeps can stop a cashed card.
  // The most tricks so found, 0 if none (lead: the leader's hand, part its
  // partner's, a and b the opponents').  (Measured on the skeleton's 50
  // full deals: 9% fewer nodes, values identical; a partner's card that
  // only outranks the opponents' and the lead, as Kx opposite Ax, gained
  // nothing more.)
  static int cross_tricks(Mask lead, Mask part, Mask a, Mask b, Mask& used) {
    int q = 0;
    used = 0;
    for (int s = 0; s < 4; ++s) {
      const Mask sm = suit_mask(s);
      const Mask all = (lead | part | a | b) & sm;
      if (!(lead & sm) || !(part & sm) || !(part & bit(highest(all)))) continue;
      if (can_ruff(a, s) || can_ruff(b, s)) continue;
      const int c = highest(all);
      Mask u;
      const int n = 1 + cash_tricks(part & ~bit(c), less_lowest(lead, sm, 1), less_lowest(a, sm, 1),
                                    less_lowest(b, sm, 1), u);
      if (n > q) { q = n; used = u | bit(c); }
    }
    return q;
  }
  // The tricks hand `lead` can cash in a row from its own hand, whatever
  // the others do (see quick_tricks()): its partner holds `part`, the
  // opponents e1 and e2.
  static int cash_tricks(Mask lead, Mask part, Mask e1, Mask e2, Mask& used) {
    const Mask trumps = suit_mask(kTrumpSuit);
    const Mask others = part | e1 | e2;
    int partner_free = popcount(part & ~trumps), q = 0;
    used = 0;
    for (int s = 1; s < 4 && partner_free > 0; ++s) {
      const Mask sm = suit_mask(s), o = others & sm;
      Mask top = above_all(lead & sm, o);
      int n = popcount(top);
      if (e1 & trumps) n = std::min(n, popcount(e1 & sm));
      if (e2 & trumps) n = std::min(n, popcount(e2 & sm));
      n = std::min(n, partner_free);
      partner_free -= n;
      q += n;
      for (int i = 0; i < n; ++i) {
        const int c = highest(top);
        used |= bit(c);
        top ^= bit(c);
      }
    }
    const Mask ot = others & trumps;
    const Mask top_trumps = above_all(lead & trumps, ot);
    used |= top_trumps;
    // With no trump left to the opponents every trump trick is the side's:
    // while both hands hold trumps, whichever is on lead leads one.
    if (!((e1 | e2) & trumps))
      return q + std::max(popcount(top_trumps), std::min(popcount(lead & trumps), popcount(part & trumps)));
    return q + popcount(top_trumps);
  }

  // Under the tricks objective at a trick start: tricks side y (seats y
  // and y + 2) surely takes with its trumps, whatever is played (after the
  // checks of DDS's "later tricks"); rel: the cards that depends on.
  //  - A hand of y: each of its trumps wins its trick (for its side) unless
  //    an opponent's higher trump falls to the same trick, and each
  //    opponent's trump falls to one trick, taking at most one of the
  //    hand's.  So with j opponents' trumps above the hand's cards counted,
  //    y takes at least (the count) - j (trump_count_floor()).
  //  - Both hands (master_floor()): y's trumps above every opponent's
  //    win the tricks they fall to, one each unless two fall together.
  int trump_floor(int y, Mask& rel) const {
    const Mask tr = suit_mask(kTrumpSuit);
    const Mask h0 = hand_[y] & tr, h1 = hand_[y + 2] & tr;
    const Mask opp = (hand_[y ^ 1] | hand_[(y + 2) ^ 1]) & tr;
    Mask r1;
    int f = trump_count_floor(h0, opp, rel);
    const int f1 = trump_count_floor(h1, opp, r1);
    if (f1 > f) { f = f1; rel = r1; }
    if (!opp) return f;  // (then the longer hand's count says all: every trump of y wins)
    const int fm = master_floor(h0, h1, opp, r1);
    if (fm > f) { f = fm; rel = r1; }
    return f;
  }
  // The tricks y's masters surely take: its trumps above every trump of
  // the opponents (`opp`, not empty), a in one hand (h0) and b in the
  // other (h1).  Nothing beats a master, and every card is played, so
  // each master wins the trick it falls to; only two masters in one trick
  // (one from each hand) win one trick between them.  That happens only
  // in a trick both hands play trumps to, at most min(|h0|, |h1|) of
  // them, and y avoids it while either hand still holds a lower trump to
  // play there (la + lb of them, one used a trick; elsewhere y plays a
  // master before a lower trump).  So y takes at least a + b - max(0,
  // min(|h0|, |h1|) - la - lb) tricks: two split top trumps and one more
  // trump make 2, A / K Q against J 6 5 with a low trump each 3.  rel:
  // the lowest master (naming it names the trumps above it; a class keeps
  // each hand's trump count).  (The skeleton's 50 deals: trick starts
  // 2.051M -> 1.999M, deal 48 0.79x, values identical; this replaced
  // a rule for the top two trumps alone, which it covers.)
  static int master_floor(Mask h0, Mask h1, Mask opp, Mask& rel) {
    const Mask masters = above_all(h0 | h1, opp);
    rel = masters ? bit(lowest(masters)) : 0;
    const int n0 = popcount(h0), n1 = popcount(h1);
    const int a = popcount(h0 & masters), b = popcount(h1 & masters);
    return a + b - std::max(0, std::min(n0, n1) - (n0 - a) - (n1 - b));
  }
  // The first case above for one hand's trumps `mine` against the
  // opponents' `opp`: the best over j of the hand's trumps above the
  // opponents' (j+1)-th highest, less j (with j = all of theirs, the
  // hand's length less theirs, which names no card: lengths are kept
  // exactly by every class; else the lowest card counted, naming every
  // trump above it).
  static int trump_count_floor(Mask mine, Mask opp, Mask& rel) {
    int best = popcount(mine) - popcount(opp);
    rel = 0;
    Mask o = opp;
    for (int j = 0; o && mine; ++j) {
      const int above = highest(o);
      o ^= bit(above);
      const Mask counted = mine & ~((bit(above) << 1) - 1);
      const int f = popcount(counted) - j;
      if (f > best) { best = f; rel = counted ? bit(lowest(counted)) : 0; }  // (none counted: f <= 0, names nothing)
    }
    return std::max(best, 0);
  }

  // The cards a settling quick bound used, the lower bound's (lower) or
  // the upper's: each is a cap on one side's gain, and names only what that
  // cap used (a cashable winner caps the defenders alone, and is named only
  // where it lowered their cap; on 65's 50 full deals the exact value took
  // 0.968x the nodes per deal, the skeleton 0.99x).  They are the sure
  // winners, the cashable winner and (tricks objective) the quick tricks
  // and trump floors (see full_bounds());
  // under the points objective also the kings and aces, which best_case()
  // counts, and every point card where the bounds from the points held
  // bind (never at a trick start: each ace or king best_case() counts adds
  // 2 or 1 beyond a trick's 2, less than its points); inside a trick the
  // bounds use every point card and counts (and the second hand's sure
  // trick its card, second_hand_trick()).  Asked
  // (search.hpp) at the node whose bounds() was the last one computed, so
  // full_bounds() keeps them at a trick start rather than have them found
  // twice (the quick tricks were 9% of the skeleton's time).
  Mask bounds_relevance(bool lower) const { return bounds_rel_[lower ? 0 : 1]; }

 protected:
  // Could a hand holding h ruff a lead of suit s (a side suit it is void
  // in, holding a trump)?
  static bool can_ruff(Mask h, int s) {
    return s != kTrumpSuit && !(h & suit_mask(s)) && (h & suit_mask(kTrumpSuit));
  }
  // The cards of `mine` above every card of `others` (all of one suit).
  static Mask above_all(Mask mine, Mask others) {
    return others ? mine & ~((bit(highest(others)) << 1) - 1) : mine;
  }
  // h less its k lowest cards of the suit sm.
  static Mask less_lowest(Mask h, Mask sm, int k) {
    for (int i = 0; i < k && (h & sm); ++i) h &= ~bit(lowest(h & sm));
    return h;
  }
  mutable Mask bounds_rel_[2] = {0, 0};  // bounds_relevance() of the last bounds computed: lower, upper
  // What full_bounds() found for refine_bounds(): the sure winners, the
  // side surely taking the last trick, each side's gain from the sure
  // winners.
  mutable Mask refine_sure_ = 0;
  mutable int refine_last_ = -1, refine_from_sure_[2] = {0, 0};
  // Under the points objective (see key.hpp's class_key()): the J of each
  // side suit names all its point cards, the K its K and A.  (The trump
  // suit's are always named, and so are the kings and aces today, see
  // kAlwaysNamed, but the bounds say what they use.)
  static constexpr Mask kEveryPointCard = bit(jack_of(1)) | bit(jack_of(2)) | bit(jack_of(3));
  static constexpr Mask kAcesKings = bit(jack_of(1) + 2) | bit(jack_of(2) + 2) | bit(jack_of(3) + 2);
  // Every suit's ace, every suit's king (cards, not names).
  static constexpr Mask kAces = bit(14) | bit(16 + 14) | bit(32 + 14) | bit(48 + 14);
  static constexpr Mask kKings = kAces >> 1;
  static constexpr Mask kAcesKingsCards = kAces | kKings;
  // At most what `tricks` tricks can add against opponents holding `opp`:
  // the opponents' aces and kings as winners, else 2 per trick, plus the
  // last-trick bonus (tricks objective: 1 per trick, whoever wins);
  // own_sure: the side holds sure winners, which win the other tricks
  // left (the last among them, maybe); last_theirs: the opponents surely
  // take the last trick (last_trick_side()); guarded: the opponents'
  // honours that win the last trick at most (guarded_honours()).
  int best_case(Mask opp, int tricks, bool own_sure, bool last_theirs, Mask guarded = 0) const {
    if (sc_.tricks) return tricks;
    const auto cap = [&](Mask honours, int extra) {
      const int a = std::min(popcount(honours & kAces), tricks);
      const int k = std::min(popcount(honours & kKings), tricks - a);
      // The last trick's bonus, unless every one of these tricks is counted
      // as won by an opponent's ace or king (which gives the bonus to the
      // opponents) and the side has no sure winner of its own to take the
      // last trick with.
      const bool bonus = !last_theirs && (own_sure || a + k < tricks);
      return kTrickPoints * tricks + std::max(bonus ? kLastTrickBonus : 0, extra) + 2 * a + k;
    };
    const int all = cap(opp, 0);
    if (!guarded) return all;
    // A guarded honour wins the last trick at most (guarded_honours()):
    // 2 (an ace) or 1 (a king) above a trick's 2, the side's bonus lost.
    return std::min(all, cap(opp & ~guarded, (guarded & kAces) ? 2 : 1));
  }
  // The aces and kings of side suits that side y need never win before
  // the last trick: an honour c of suit s in hand H (of y), where H holds
  // at least as many other cards of s below the king ("guards") as the
  // other three hands hold cards of s.  H never plays c while it holds
  // another card (it leads or discards anything else first; a discarded c
  // wins nothing), and follows a lead of s by another hand with a guard:
  // each such lead spends one of the others' cards of s, and when H leads
  // a guard itself (holding only c and guards) every other hand holding s
  // must follow, so the guards never run short.  So c falls only as H's
  // last card.  One honour a hand (its best): two could both be H's last
  // cards.  At a trick start only (a card of s on the table is no other
  // hand's).  It reads each hand's suit counts and where the aces and
  // kings lie, which every class names (key.hpp), so it names nothing.
  Mask guarded_honours(int y) const {
    Mask guarded = 0;
    for (int h = y; h < 4; h += 2) {
      const Mask hand = hand_[h];
      Mask left = hand & kAcesKingsCards, best = 0;
      while (left) {
        const Mask sm = suit_mask(suit_of(lowest(left)));
        const Mask honours = left & sm;
        left &= ~sm;
        const int guards = popcount(hand & sm & ~kAcesKingsCards);
        if (guards < popcount(in_play_ & sm & ~hand) && guards + 1 < popcount(hand)) continue;
        best = honours & kAces ? honours & kAces : honours;  // (its ace first)
        if (best & kAces) break;
      }
      guarded |= best;
    }
    return guarded;
  }
};

}  // namespace sixtyfive
}  // namespace openhand
