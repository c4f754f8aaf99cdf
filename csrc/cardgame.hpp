// cardgame.hpp: move generation shared by the games whose moves are cards
// (65, Eighty-Three), as a base class the game derives from (CRTP).
//
// Twins: two cards of the mover's hand worth the same points, with no other
// card still in play (in a hand or on the table) ranking between them in
// their suit, are interchangeable: swapping them in any line of play
// changes no trick's winner and no side's points.  The search tries one
// card per run of twins (the top one); per-card values give every twin the
// value of its run's representative.
//
// The game provides: kMaxMoves; Mask legal_mask() const; Mask mover_hand()
// const; int next_up(int c) const (the next card above c in its suit still
// in play, or -1); int card_value(int c) const (its points); and either
// int order_score(int c) const (move ordering, higher first) or, where the
// scores of one node's cards share work, a struct OrderContext with void
// order_context(OrderContext&) const (fills it once a node) and int
// order_score(int c, const OrderContext&) const (65).
#pragma once
#include <type_traits>
#include <utility>

#include "cards.hpp"
#include "search.hpp"

namespace openhand {

// Does the game score its moves against a context computed once a node
// (see the top of the file)?
template <class G, class = void>
struct HasOrderContext : std::false_type {};
template <class G>
struct HasOrderContext<G, std::void_t<decltype(std::declval<const G&>().order_context(
                              std::declval<typename G::OrderContext&>()))>> : std::true_type {};

// The key of a cut-off cache inside a trick (search.hpp: CutCache) for a
// card game: the mover's legal cards, the card winning the trick so far,
// its place in the trick (0: the lead) and how many cards were played to
// it.  It leaves out what does not change the choice at hand, the cards
// the mover may not play and the trick's cards that do not win it, so a
// move that cut in one position is tried first in every like one (65's
// measurements: sixtyfive/game.hpp).
inline std::uint64_t trick_cut_key(Mask legal, int winning_card, int place, int played) {
  return mix64(legal) ^ (std::uint64_t(winning_card) << 4 | std::uint64_t(place) << 2 | std::uint64_t(played));
}

template <class G>
class CardMoves {
 public:
  int legal_moves(int* out) const {
    int n = 0;
    for (int c : cards_of(self().legal_mask())) out[n++] = c;
    return n;
  }

  // Has the mover a single legal card?
  bool forced() const { return single(self().legal_mask()); }

  // Is c one of the moves moves() lists (legal, the top of its run of
  // twins)?
  bool is_move(int c) const {
    return (self().legal_mask() & bit(c)) && !twin_above(c, self().mover_hand());
  }

  // The top card of c's run of twins in the mover's hand.
  int representative(int c) const {
    const Mask h = self().mover_hand();
    while (twin_above(c, h)) c = self().next_up(c);
    return c;
  }

  // One card per run of twins, `first` (the search's hint: a cached cut,
  // the table's move, a killer) first if legal, then by the game's
  // ordering score.
  int moves(int* out, int first) const {
    const Mask legal = self().legal_mask();
    if (single(legal)) {  // one legal card: nothing to order
      out[0] = lowest(legal);
      return 1;
    }
    if constexpr (HasOrderContext<G>::value) {
      typename G::OrderContext context;
      self().order_context(context);
      return ordered(out, first, [&](int c) { return self().order_score(c, context); });
    } else {
      return ordered(out, first, [&](int c) { return self().order_score(c); });
    }
  }

 private:
  const G& self() const { return static_cast<const G&>(*this); }
  static bool single(Mask legal) { return (legal & (legal - 1)) == 0; }

  // moves() with the game's score of a card.
  template <class Score>
  int ordered(int* out, int first, Score&& score_of) const {
    const Mask h = self().mover_hand();
    int n = 0;
    int score[G::kMaxMoves];
    for (int c : cards_of(self().legal_mask())) {
      if (twin_above(c, h)) continue;
      score[n] = c == first ? (1 << 30) : score_of(c);
      out[n++] = c;
    }
    sort_by_score(out, score, n);
    return n;
  }

  bool twin_above(int c, Mask h) const {
    const int next = self().next_up(c);
    return next >= 0 && (h & bit(next)) && self().card_value(next) == self().card_value(c);
  }
};

}  // namespace openhand
