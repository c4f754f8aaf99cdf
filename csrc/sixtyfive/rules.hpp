// sixtyfive/rules.hpp: 65's rules for the search (the spec:
// openhand/sixtyfive/rules.py): card points, tricks and what they add, the
// binding's Deal, and Position: the state, play/undo, the legal cards and
// their ordering.
//
// The game is a stack of layers, each adding one concern to the class
// below it: Position (rules.hpp) < Keys (key.hpp) < Bounds (bounds.hpp) <
// Endgames (endgame.hpp) < Game (game.hpp), the search's Game.
//
// Value: the points N-S take in the remaining tricks.  A completed trick
// gives its winner's side 2 (+1 for the last trick) plus the card points of
// the winner's partner's card; the losing side takes the other three cards'
// points.  Spades are trumps; follow suit if able.
//
// The tricks objective (Deal::objective = kTricks, Scoring below) is the
// trick-taking skeleton of the same game: card points zero, a trick worth
// 1, no last-trick bonus, so the value is the tricks N-S take.  It is there
// to measure the engine against bridge solvers on the same deals; every
// argument below holds for it with those numbers.
//
// The search works on the same value less the card points N-S hold now
// (in hands and on the table), a constant of the position that the Solver
// adds back (Game::value_offset).  Every card goes to its own side unless
// it wins its trick, when it goes to the other side; so what is left is a
// sum over the tricks of what their winning cards do: a trick won by N-S
// with card w adds 2 (+1 last) - pts(w), a trick won by E-W with w adds
// pts(w) (Scoring::gain()).  The rest of the deal thus depends only on which
// cards win which tricks: the basis of the partition search (key.hpp).
//
// Equivalent cards: two cards of one suit in one hand, both without card
// points (3..T), with no other card still in play (in a hand or in the
// current trick) ranking between them, can be swapped in any line of play
// without changing any trick's winner or any side's points.  Only one of
// them is searched (CardMoves, cardgame.hpp).
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>

#include "cards.hpp"
#include "cardgame.hpp"

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
// The jack of a suit: its point cards J Q K A are this card and the next three.
inline constexpr int jack_of(int suit) { return 16 * suit + 11; }


inline int mask_points(Mask m) {
  // A, K, Q, J of every suit: each suit's J Q K A bits (ranks 11..14) index
  // the points of that set.
  static constexpr std::int8_t kSet[16] = {0, 1, 2, 3, 3, 4, 5, 6, 4, 5, 6, 7, 7, 8, 9, 10};
  return kSet[(m >> 11) & 15] + kSet[(m >> 27) & 15] + kSet[(m >> 43) & 15] + kSet[(m >> 59) & 15];
}

// The objectives (Deal::objective).
constexpr int kPoints = 0;
constexpr int kTricks = 1;

// What tricks and cards are worth under an objective.  Under the points
// objective the table key names J..A exactly (has_points()); under the
// tricks objective no card has points and the key names every card by its
// rank among the cards of its suit in play (key.hpp).
struct Scoring {
  bool tricks = false;
  int card(int c) const { return tricks ? 0 : card_points(c); }
  int cards(Mask m) const { return tricks ? 0 : mask_points(m); }
  int trick() const { return tricks ? 1 : kTrickPoints; }
  int last() const { return tricks ? 0 : kLastTrickBonus; }
  // What a trick won by `seat` with card w adds to the searched value (N-S
  // points less the card points N-S hold; see the top of the file).
  int gain(int w, int seat, bool last_trick) const {
    const int p = card(w);
    return (seat & 1) == 0 ? trick() + (last_trick ? last() : 0) - p : p;
  }
};

// Does card c beat card best (best was played earlier to this trick)?
inline bool beats(int c, int best) {
  if (suit_of(c) == suit_of(best)) return c > best;
  return suit_of(c) == kTrumpSuit;
}

// A position as handed over by the binding (already validated in Python).
struct Deal {
  Mask hands[4];
  int leader;
  int trick[3];
  int ntrick;
  int objective;  // kPoints or kTricks
};

// The index of the winning card of a complete trick t (in play order).
inline int trick_winner(const int* t) {
  int w = 0;
  for (int i = 1; i < 4; ++i) if (beats(t[i], t[w])) w = i;
  return w;
}
// The relevant cards of a complete trick t (in play order) won by t[w]:
// the winner, so that the class keeps it above every x of its suit, which
// keeps the trick's winner and gain.  Unless it is the only card of its
// suit in the trick (a lone trump, or a led card nobody followed) and
// is worth no points under the objective: then any card of its suit from
// that hand wins the trick as well, with the same gain, so an x played
// there does too; under the points objective only if that x is no point
// card, so the suit's point cards are then named (its J names them all,
// see key.hpp's class_key(); the trump suit's are always named).
inline Mask winner_relevance(const int* t, int w, const Scoring& sc) {
  const int c = t[w];
  if (sc.card(c) != 0) return bit(c);
  for (int i = 0; i < 4; ++i)
    if (i != w && suit_of(t[i]) == suit_of(c)) return bit(c);
  return sc.tricks || suit_of(c) == kTrumpSuit ? 0 : bit(jack_of(suit_of(c)));
}
inline Scoring scoring_of(const Deal& d) { return Scoring{d.objective == kTricks}; }

// The card points of N-S's cards in play in d (hands and table), under its
// objective.
inline int ns_points_held(const Deal& d) {
  const Scoring sc = scoring_of(d);
  int p = sc.cards(d.hands[0] | d.hands[2]);
  for (int i = 0; i < d.ntrick; ++i)
    if (((d.leader + i) & 1) == 0) p += sc.card(d.trick[i]);
  return p;
}

// A position in play and the rules that move it: the bottom layer.
class Position : public CardMoves<Position> {
 public:
  static constexpr int kMaxMoves = 12;

  explicit Position(const Deal& d) : sc_(scoring_of(d)) {
    for (int s = 0; s < 4; ++s) hand_[s] = d.hands[s];
    leader_ = d.leader;
    ntrick_ = 0;
    in_play_ = hand_[0] | hand_[1] | hand_[2] | hand_[3];
    for (int h = 0; h < 4; ++h)
      for (int c : cards_of(hand_[h])) counts_ += count_unit(h, c);
    for (int i = 0; i < d.ntrick; ++i) { trick_[i] = d.trick[i]; in_play_ |= bit(d.trick[i]); }
    ntrick_ = d.ntrick;
    points_in_play_ = sc_.cards(in_play_);
    ns_points_ = ns_points_held(d);
    tricks_left_ = popcount(hand_[leader_]) + (ntrick_ ? 1 : 0);
  }

  int to_move() const { return (leader_ + ntrick_) & 3; }
  bool maximizing() const { return (to_move() & 1) == 0; }
  int depth() const { return tricks_left_; }

  // Inside a trick: the place (0 = the lead) of the card winning it so far.
  int winning_place() const {
    int w = 0;
    for (int i = 1; i < ntrick_; ++i) if (beats(trick_[i], trick_[w])) w = i;
    return w;
  }

  Mask legal_mask() const {
    const Mask h = hand_[to_move()];
    if (ntrick_) {
      const Mask follow = h & suit_mask(suit_of(trick_[0]));
      if (follow) return follow;
    }
    return h;
  }

  // For CardMoves (cardgame.hpp): twins are cards worth the same points:
  // low cards under the points objective (its point cards of a suit are all
  // worth different points), any cards under the tricks objective, whose key
  // names J..A by relative rank too, so that all_moves_relevance() guards
  // their runs as it guards low runs.
  Mask mover_hand() const { return hand_[to_move()]; }
  int next_up(int c) const {
    const Mask above = in_play_ & suit_mask(suit_of(c)) & ~((bit(c) << 1) - 1);
    return above ? lowest(above) : -1;
  }
  int card_value(int c) const { return sc_.card(c); }

  int play(int c) {
    const int seat = to_move();
    hand_[seat] ^= bit(c);
    counts_ -= count_unit(seat, c);
    trick_[ntrick_++] = c;
    won_ = 0;
    if (ntrick_ < 4) return 0;
    // trick complete: only now do the leader and the trick change beyond
    // what undo() can reverse by itself, so only now is the undo record kept.
    Undo& u = undo_[sp_++];
    u.leader = leader_;
    // (Card by card: one 16-byte copy would load trick_[3] right after its
    // 4-byte store above, which the processor cannot forward: a stall.)
    u.trick[0] = trick_[0];
    u.trick[1] = trick_[1];
    u.trick[2] = trick_[2];
    u.trick[3] = c;
    const int w = trick_winner(trick_);
    const int winner = (leader_ + w) & 3;
    --tricks_left_;
    u.ns_points = ns_points_;
    u.points_in_play = points_in_play_;
    for (int i = 0; i < 4; ++i) {
      in_play_ &= ~bit(trick_[i]);
      points_in_play_ -= sc_.card(trick_[i]);
      if (((leader_ + i) & 1) == 0) ns_points_ -= sc_.card(trick_[i]);
    }
    won_ = winner_relevance(trick_, w, sc_);
    leader_ = winner;
    ntrick_ = 0;
    if (tricks_left_ && !probing_) ++trick_starts_;
    return sc_.gain(trick_[w], winner, tricks_left_ == 0);
  }

  void undo(int c) {
    if (ntrick_ == 0) {  // the move completed a trick
      const Undo& u = undo_[--sp_];
      leader_ = u.leader;
      ++tricks_left_;
      std::memcpy(trick_, u.trick, sizeof trick_);
      in_play_ |= bit(trick_[0]) | bit(trick_[1]) | bit(trick_[2]) | bit(c);
      points_in_play_ = u.points_in_play;
      ns_points_ = u.ns_points;
      ntrick_ = 4;
    }
    --ntrick_;
    hand_[(leader_ + ntrick_) & 3] |= bit(c);
    counts_ += count_unit((leader_ + ntrick_) & 3, c);
  }

  // The trick starts reached so far: the positions after a completed
  // trick with tricks still to play, here and in the endgame solvers
  // (endgame.hpp), which complete tricks without play().  It is how the
  // bridge solver DDS counts its nodes (one per trick reached), so the
  // skeleton's benchmark can compare like with like; the search's own node
  // count has every card.
  std::uint64_t trick_starts() const { return trick_starts_; }
  // The search's enhanced transposition cutoffs (search.hpp) play the last
  // card of a trick only to look the child up: not a trick start reached
  // (a child whose entry cuts is played again, and counted once, as DDS
  // counts a node answered by its table).
  void set_probing(bool on) { probing_ = on; }

 protected:
  friend class CardMoves<Position>;  // reads order_score()
  template <class, class>
  friend struct openhand::HasOrderContext;  // finds order_context()

  // Move ordering, from how a trick adds to a side (see bounds()): a side
  // gains 2 for winning less the winning card's points, or the opponents'
  // winning card's points.  So: win cheaply with a card without points,
  // make the opponents win with point cards, and when not winning shed the
  // point cards that would later cost their side if forced to win.
  //
  // What the scores of one node's cards share is computed once a node
  // (order_context(), CardMoves::moves()): the trick's winning card so
  // far, or at a lead each suit's terms.  (Per card, finding them again
  // was a fifth of the branch mispredictions of a full deal's search.)
  // (The lead's members are set only at a lead: a value-initialised
  // context cost 1% of a full deal's instructions.)
  struct OrderContext {
    int cur;                // following: the card winning the trick so far
    bool partner_winning;   // ... played by the mover's partner
    int win_base, stand;    // following, points objective: see order_score()
    Mask others;            // leading, points objective: the cards in play not in the mover's hand
    int suit_base[4];       // leading, points objective: each suit's terms
    bool ruff[4];           // leading, points objective: a lead of the suit runs into a ruff
    bool partner_ruff[4];   // ... the partner ruffs it and no opponent can
  };
  void order_context(OrderContext& x) const {
    x.cur = -1, x.partner_winning = false, x.win_base = x.stand = 0, x.others = 0;
    if (ntrick_ == 0) {
      if (sc_.tricks) return;
      const int me = to_move();
      x.others = in_play_ & ~hand_[me];
      for (int s = 0; s < 4; ++s) {
        // A lead into a ruff (an opponent void in the suit and holding a
        // trump) comes last, as in Eighty-Three: on the 50 skeleton deals
        // the median node count went from 452k to 298k, on the points
        // objective's signature groups -3% (full deals) to -32% (6-trick),
        // values identical.  (The partner's ruff led first as well: -9% on
        // twenty 9-trick positions, but +1% on four full deals, +2% on the
        // skeleton.)
        x.ruff[s] = s != kTrumpSuit && leads_into_ruff(suit_mask(s), hand_[(me + 1) & 3], hand_[(me + 3) & 3],
                                                       suit_mask(kTrumpSuit));
        const Mask partner = hand_[(me + 2) & 3];
        x.partner_ruff[s] = s != kTrumpSuit && !x.ruff[s] && !(partner & suit_mask(s)) &&
                            (partner & suit_mask(kTrumpSuit));
        x.suit_base[s] = (s == kTrumpSuit ? -3 : 0) - 6 * opponents_choice(s);
      }
      return;
    }
    const int w = winning_place();
    x.cur = trick_[w];
    x.partner_winning = ((ntrick_ - w) & 1) == 0;
    const int wp = sc_.card(x.cur);
    x.win_base = x.partner_winning ? -25 - 10 * (2 - wp) : 0;
    // Not winning: the trick stands as it is.
    x.stand = x.partner_winning ? 10 * (2 - wp) : 10 * wp;
  }
  OPENHAND_INLINE int order_score(int c, const OrderContext& x) const {
    const int pts = sc_.card(c);
    if (ntrick_ == 0) {
      if (sc_.tricks) return tricks_lead_score(c);
      const int s = suit_of(c);
      if (x.ruff[s]) return -100 - 6 * pts - rank_of(c);
      // An ace or king led to the partner's ruff (no opponent able to
      // ruff) comes first: the ruff wins the trick for the side with a
      // trump, and the honour, which would cost its side its points if
      // it won a trick later or be lost to a higher card, is gone without
      // winning.  The 50 full deals' 33 questions: per deal 0.998x the
      // nodes, 0.935x in all, but 0.17x-0.65x on deals 34, 47 and 32 next
      // to the median (the refutation of a lead at 9-11 tricks left); 100
      // other seeds alike (median deal 74 ms -> 64 ms).  A queen too, or
      // any card (the partner's ruff above): 0.988x and 1.122x in all.
      if (x.partner_ruff[s] && pts >= 3) return 60 - 6 * pts - rank_of(c) + x.suit_base[s];
      const bool top = (x.others & suit_mask(s) & ~((bit(c) << 1) - 1)) == 0;
      return (top && !pts ? 30 : 0) - 6 * pts - rank_of(c) + x.suit_base[s];
    }
    if (sc_.tricks) return tricks_follow_score(c, x.cur, x.partner_winning);
    // Win: worth 2 - pts now; the cheapest sufficient card first.
    if (beats(c, x.cur)) return 10 * (2 - pts) + x.win_base - rank_of(c) / 2;
    // Not winning: shed points, keep high cards.
    return x.stand + 3 * pts - rank_of(c) / 4;
  }

  // The tricks objective's leads (after the ideas of DDS's lead
  // weights): a suit where the opponents have few cards to choose from
  // first (a small tree), a lead that wins the trick (the side's top card,
  // no opponent able to ruff) before one that does not, the partner's
  // ruff early, a lead into the top card of the hand on the leader's
  // right late, one through the left-hand opponent's top card toward the
  // partner's second early.
  // How many cards the opponents may choose from when suit s is led:
  // their cards of s, a void counting as a whole hand (it may play any
  // card).  The fewer, the smaller the tree below the lead (DDS weighs
  // its leads so): on the points objective's 30 seeded 9-trick positions
  // 18% fewer nodes at 6 a card (values identical; 10 a card: 20% fewer
  // but the worst position 1.47x more); on full deals 0-5, 2.5% fewer in
  // all (per deal 0.80x to 1.11x).
  int opponents_choice(int s) const {
    const int me = to_move();
    const int nl = popcount(hand_[(me + 1) & 3] & suit_mask(s)), nr = popcount(hand_[(me + 3) & 3] & suit_mask(s));
    return (nl ? nl : tricks_left_ + 1) + (nr ? nr : tricks_left_ + 1);
  }
  int tricks_lead_score(int c) const {
    const int me = to_move(), lho = (me + 1) & 3, part = (me + 2) & 3, rho = (me + 3) & 3;
    const int s = suit_of(c);
    const Mask sm = suit_mask(s), tr = suit_mask(kTrumpSuit);
    const Mask in = in_play_ & sm;
    const int top = highest(in);
    const Mask rest = in & ~bit(top);
    const auto holder = [&](int card) {
      for (int h = 0; h < 4; ++h) if (hand_[h] & bit(card)) return h;
      return -1;
    };
    const int htop = holder(top), hsec = rest ? holder(highest(rest)) : -1;
    const int nr = popcount(hand_[rho] & sm), np = popcount(hand_[part] & sm);
    int w = -10 * opponents_choice(s);
    const bool ruffed = s != kTrumpSuit && leads_into_ruff(sm, hand_[lho], hand_[rho], tr);
    if (ruffed) w -= 60;
    if (s != kTrumpSuit && !np && (hand_[part] & tr) && nr) w += 17;
    if ((htop == rho || hsec == rho) && nr != 1) w -= 12;
    else if (htop == lho && hsec == part && np != 1) w += 27;
    const int rr = popcount(in & (bit(c) - 1));
    if (!ruffed && (c == top || htop == part)) {
      if (htop == me) w += hsec == part ? 48 + rr : 31;
      else w += hsec == me ? 42 + rr : 28 + rr;
    } else if (htop == me || htop == part) {
      w += c == top ? 20 : rr - 14;
    } else {
      w += 17 - rr;
    }
    return w;
  }

  // The strongest card hand h may play to a trick led in suit ls, -1 if
  // it cannot win (void in ls without trumps).
  static int strongest(Mask h, int ls) {
    const Mask f = h & suit_mask(ls);
    if (f) return highest(f);
    const Mask t = h & suit_mask(kTrumpSuit);
    return t ? highest(t) : -1;
  }
  // The tricks objective's second to fourth cards, by whether the trick is
  // the mover's side's whatever the opponents still to play hold: a sure
  // winner of the mover's own first (the cheapest), a low card under the
  // partner's sure winner first of all and overtaking it late; the second
  // hand's low card counts as sure when the fourth hand (its partner) tops
  // both the card to beat and the third hand's strongest.  A card that wins
  // for now but may be topped comes next, then the low cards, the lowest
  // first.  On the skeleton's 50 deals 15.87M -> 7.80M nodes, trick starts
  // 7.57M -> 3.82M, values identical (tried: a winner that may be topped
  // below the low cards in the third hand, +10% nodes; discards by rank
  // among the suit's cards in play, a suit's top card discarded last, or
  // the longest suit's first: 0.1-0.2% more).
  int tricks_follow_score(int c, int cur, bool partner_winning) const {
    const int ls = suit_of(trick_[0]);
    const bool mine = beats(c, cur);
    const int best = mine ? c : cur;
    bool sure = mine || partner_winning;
    for (int i = ntrick_ + 1; sure && i < 4; i += 2) {  // the opponents still to play
      const int top = strongest(hand_[(leader_ + i) & 3], ls);
      if (top >= 0 && beats(top, best)) sure = false;
    }
    if (!mine && ntrick_ == 1) {
      const int b4 = strongest(hand_[(leader_ + 3) & 3], ls), b3 = strongest(hand_[(leader_ + 2) & 3], ls);
      if (b4 >= 0 && beats(b4, cur) && (b3 < 0 || beats(b4, b3))) sure = true;
    }
    const int r = rank_of(c);
    if (sure) return mine ? (partner_winning ? 60 : 100) - r / 2 : 110 - r;
    return mine ? 40 - r / 2 : 35 - r;
  }

  struct Undo { int leader; int trick[4]; int ns_points, points_in_play; };
  // counts_'s share of card c in hand h (see counts_).
  static std::uint64_t count_unit(int h, int c) { return std::uint64_t(1) << (16 * h + 4 * suit_of(c)); }
  // The number of cards of each suit in each hand (hand h, suit s at the
  // nibble 4h + s), kept by play() and undo() for the table keys (key.hpp;
  // the endgame solvers, which move cards without them, compute no key).
  std::uint64_t counts_ = 0;
  Scoring sc_;         // the objective's scoring
  Mask hand_[4];
  Mask in_play_;
  Mask won_ = 0;       // winner_relevance() of the trick the last play() completed, else 0
  std::uint64_t trick_starts_ = 0;  // see trick_starts()
  bool probing_ = false;             // see set_probing()
  int leader_, ntrick_, tricks_left_, points_in_play_;
  int ns_points_;      // card points of N-S's cards in play (hands and table)
  int trick_[4];
  Undo undo_[52];
  int sp_ = 0;
};

}  // namespace sixtyfive
}  // namespace openhand
