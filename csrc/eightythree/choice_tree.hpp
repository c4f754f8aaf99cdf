// eightythree/choice_tree.hpp: the exact pass/discard search of the bid
// feasibility table, beside the play search it asks at its leaves.  The
// C++ twin of openhand/eightythree/choices.py and choice_tree.py (the
// pure-Python reference, same states, options, bounds and question order);
// the argument that it is sound is in openhand/eightythree/feasibility.py.
//
// A state is the four hand masks (Python card ids), the phase (pass,
// discard, or the start of play: a leaf) and the seats still to choose in
// it: always the last ones of the turn order bidder, left, partner, right,
// so a start index into that order.  The search answers "can the bidder's
// side secure at least t?" with short-circuit or (the bidder's side to
// choose) / and (a defender), keeping per state the bounds (lo, hi) that
// every answer proves, and exact() bisects t (after the caller's guess and
// one above it) until lo = hi.  Quick bounds of a new state: the top trumps
// one side holds with no opposing trump above them are that side's points
// for sure.  Leaves are play positions (the bidder leading) sent to the
// play Solver in one batch_until per node whose children are all leaves,
// in the order the node tries them, stopping at the first answer that
// settles it; each answer is a fail-soft bound, kept.
//
// Why a choice is a count per run: one trick holds one card of each hand,
// so only comparisons between cards of different hands matter; two cards
// of one hand, of one effective suit and the same points, with no card of
// another hand between them (a run among the cards still held), can be
// swapped in any line of play.  A discard is thus how many cards to keep
// of each run, the strongest of them kept as the representative.  A seat
// with one class of choices is settled without a node.
//
// Interrupts: the tree polls the Solver's Poll (the binding's Ctrl-C check
// and progress callback) every kPollNodes play nodes; a stop throws
// Interrupted, and the bounds learnt so far die with the tree (nothing of
// it is stored elsewhere; the play table keeps only finished results).
//
// The input is validated by the Python side (feasibility.py: a legal
// state of some deal); nothing here checks it.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <deque>
#include <vector>

#include "cards.hpp"
#include "search.hpp"
#include "solver.hpp"
#include "eightythree/game.hpp"
#include "eightythree/slots.hpp"

namespace openhand {
namespace eightythree {

constexpr int kHandSize = 6;
enum Phase : std::uint8_t { kPass = 0, kDiscard = 1, kLeaf = 2 };

// A choice state (see the top of the file); `from`: the first seat still
// to choose is order[from] (4: none, a leaf).
struct ChoiceState {
  Mask hands[4];
  std::uint8_t phase;
  std::uint8_t from;
  bool operator==(const ChoiceState& o) const {
    return phase == o.phase && from == o.from && hands[0] == o.hands[0] && hands[1] == o.hands[1] &&
           hands[2] == o.hands[2] && hands[3] == o.hands[3];
  }
};
inline std::uint64_t state_hash(const ChoiceState& s) {
  std::uint64_t h = mix64(s.hands[0] + (std::uint64_t(s.phase) << 8 | s.from));
  h = mix64(h ^ s.hands[1]);
  h = mix64(h ^ s.hands[2]);
  return mix64(h ^ s.hands[3]);
}

// What a search spent: choice nodes (each state questioned past its
// bounds), leaf questions and the play search's nodes.
struct ChoiceStats {
  std::uint64_t nodes = 0;
  std::uint64_t leaves = 0;
  std::uint64_t play_nodes = 0;
  std::uint64_t questions = 0;  // exact()'s root questions
};

// Runs of interchangeable candidates of one seat's choice, strongest
// first; prefix[i][n]: the strongest n cards of run i.  Room: a seat with
// at most 6 trumps chooses among its plain cards, at most 17 (12 dealt and
// the kitty; passes bring trumps only) and at most 13 of one suit; one
// with more chooses among its at most 5 point-less trumps.  (The Python
// side refuses a state with more plain cards in a hand.)
struct Groups {
  static constexpr int kRuns = 17, kRunSize = 13;
  Mask fixed = 0;  // cards kept for sure
  int keep = 0;    // how many more to keep
  int n = 0;
  int size[kRuns];
  Mask prefix[kRuns][kRunSize + 1];
  int total() const {
    int t = 0;
    for (int i = 0; i < n; ++i) t += size[i];
    return t;
  }
};

template <class PlaySolver>
class ChoiceTree {
 public:
  ChoiceTree(PlaySolver& play, const Poll& poll, int trump, int bidder)
      : play_(play), poll_(poll), trump_(trump), bidder_(bidder), side_(bidder & 1) {
    const Remap& map = remap(trump);
    std::memset(len_, 0, sizeof len_);
    for (int c = 0; c < 64; ++c) pts_[c] = 0;
    // plain suits by suit index (their printed order), strongest first
    for (int s = 0; s < 4; ++s)
      for (int rank = 14; rank >= 2; --rank) {
        const int c = 16 * s + rank;
        const int slot = map.slot[c];
        if (slot < 0 || block_of(slot) == kTrumpBlock) continue;
        order_[s][len_[s]++] = std::int8_t(c);
      }
    for (int slot = 48 + 14; slot >= 48; --slot) {
      const int c = map.card[slot];
      order_[4][len_[4]++] = std::int8_t(c);
      pts_[c] = slot_points(slot);
      trump_mask_ |= bit(c);
      if (pts_[c]) scoring_mask_ |= bit(c);
    }
    for (int e = 0; e < 5; ++e) {
      eff_mask_[e] = 0;
      for (int i = 0; i < len_[e]; ++i) eff_mask_[e] |= bit(order_[e][i]);
    }
    for (int k = 0; k < 4; ++k) order_seat_[k] = (bidder + k) & 3;
  }

  // The exact value from `start` (settled here); guess < 0: none.
  int exact(ChoiceState start, int guess) {
    settle(start);
    Node* root = node(start);
    int probes[2] = {guess, guess + 1};
    int np = guess >= 0 ? 2 : 0, next = 0;
    for (;;) {
      const int lo = root->info.lo, hi = root->info.hi;
      if (lo >= hi) return lo;
      while (next < np && !(lo < probes[next] && probes[next] <= hi)) ++next;
      const int t = next < np ? probes[next++] : (lo + hi + 1) / 2;
      ++stats_.questions;
      at_least(root, t);
    }
  }

  const ChoiceStats& stats() const { return stats_; }

 private:
  struct Info {
    int lo, hi;
    int kids = -1;  // first child in kids_ (-1: not expanded)
    int nkids = 0;
    bool leaves = false;  // every child is a play position
    std::uint32_t seen = 0;  // expand(): the last expansion that listed it
  };
  // A state with its bounds, kept in nodes_ (a deque: nodes never move,
  // so pointers to them stay valid) and found through index_.
  struct Node {
    ChoiceState state;
    Info info;
    std::uint64_t hash;
  };

  bool maxing(int seat) const { return (seat & 1) == side_; }

  // The top trumps held by one side with no opposing trump above them are
  // never captured: their points are that side's for sure.
  void quick_bounds(const Mask* h, int& lo, int& hi) const {
    const Mask s0 = (h[0] | h[2]) & trump_mask_, s1 = (h[1] | h[3]) & trump_mask_;
    int lead = -1, sure = 0;
    for (int i = 0; i < len_[4]; ++i) {
      const Mask b = bit(order_[4][i]);
      int s;
      if (s0 & b) s = 0;
      else if (s1 & b) s = 1;
      else continue;
      if (lead < 0) lead = s;
      else if (s != lead) break;
      sure += pts_[int(order_[4][i])];
    }
    if (lead == side_) { lo = sure; hi = kTotalPoints; }
    else { lo = 0; hi = kTotalPoints - sure; }
  }

  // --------------------------------------------------------- the options
  // The runs of `seat`'s hand in effective suit e, strongest first, each
  // appended to g (scoring cards left out when `plain_trumps`).
  void seat_runs(const Mask* h, int seat, int e, bool plain_trumps, Groups& g) const {
    const Mask held = h[0] | h[1] | h[2] | h[3];
    const Mask in_play = held & eff_mask_[e], mine = h[seat];
    if (!(mine & in_play)) return;
    bool open = false;
    for (int i = 0; i < len_[e]; ++i) {
      const int c = order_[e][i];
      const Mask b = bit(c);
      if (!(in_play & b)) continue;
      if (!(mine & b)) { open = false; continue; }
      if (plain_trumps && pts_[c]) continue;  // a scoring trump: kept, not a candidate
      if (!open) {
        g.size[g.n] = 0;
        g.prefix[g.n][0] = 0;
        ++g.n;
        open = true;
      }
      const int k = g.n - 1;
      g.prefix[k][g.size[k] + 1] = g.prefix[k][g.size[k]] | b;
      ++g.size[k];
    }
  }

  // (cards kept for sure, how many more, the runs of candidates) of the
  // discard of `seat` (choices.py: discard_groups).
  void discard_groups(const Mask* h, int seat, Groups& g) const {
    const Mask hand = h[seat], trumps = hand & trump_mask_;
    const int nt = popcount(trumps);
    g.n = 0;
    if (nt <= kHandSize) {
      g.fixed = trumps;
      g.keep = kHandSize - nt;
      for (int e = 0; e < 4; ++e) seat_runs(h, seat, e, false, g);
    } else {
      g.fixed = hand & scoring_mask_;
      g.keep = kHandSize - popcount(g.fixed);
      seat_runs(h, seat, 4, true, g);
    }
  }

  // Every vector of counts (larger counts on earlier runs first) summing
  // to keep: the kept hand of each class.
  template <class F>
  static void each_count(const Groups& g, int i, int left, int rest, Mask acc, F& emit) {
    if (i == g.n) {
      if (left == 0) emit(acc);
      return;
    }
    const int r = rest - g.size[i];
    for (int n = std::min(g.size[i], left); n >= std::max(0, left - r); --n)
      each_count(g, i + 1, left - n, r, acc | g.prefix[i][n], emit);
  }

  // Skip the seats with nothing to choose or one class of choices.
  void settle(ChoiceState& s) const {
    for (;;) {
      if (s.phase == kPass) {
        while (s.from < 4 && popcount(s.hands[order_seat_[s.from]] & trump_mask_) <= kHandSize) ++s.from;
        if (s.from < 4) return;
        s.phase = kDiscard;
        s.from = 0;
      }
      while (s.from < 4 && popcount(s.hands[order_seat_[s.from]]) <= kHandSize) ++s.from;
      if (s.from == 4) {
        s.phase = kLeaf;
        return;
      }
      const int seat = order_seat_[s.from];
      Groups g;
      discard_groups(s.hands, seat, g);
      const int total = g.total();
      if (g.keep != 0 && g.keep != total && g.n > 1) return;
      Mask m = g.fixed;
      int keep = g.keep;
      for (int i = 0; i < g.n; ++i) {
        const int k = std::min(keep, g.size[i]);
        m |= g.prefix[i][k];
        keep -= k;
      }
      s.hands[seat] = m;
      ++s.from;
    }
  }

  // The children of a state (expanded once, their bounds made).
  void expand(const ChoiceState& s, Info* in) {
    const int seat = order_seat_[s.from];
    const int first = int(kids_.size());
    ChoiceState c = s;
    c.from = std::uint8_t(s.from + 1);
    if (s.phase == kDiscard && s.from == 3) {
      // The last discard: each option is a play position, and distinct
      // options are distinct hands.
      Groups g;
      discard_groups(s.hands, seat, g);
      c.phase = kLeaf;
      c.from = 4;
      auto emit = [&](Mask kept) {
        c.hands[seat] = kept;
        kids_.push_back(node(c));
      };
      each_count(g, 0, g.keep, g.total(), g.fixed, emit);
    } else {
      std::vector<ChoiceState> raw;
      if (s.phase == kPass) pass_options(s, seat, raw);
      else {
        Groups g;
        discard_groups(s.hands, seat, g);
        auto emit = [&](Mask kept) {
          c.hands[seat] = kept;
          raw.push_back(c);
        };
        each_count(g, 0, g.keep, g.total(), g.fixed, emit);
      }
      // children reaching the same state are tried once
      ++expansions_;
      for (ChoiceState& r : raw) {
        settle(r);
        Node* n = node(r);
        if (n->info.seen != expansions_) {
          n->info.seen = expansions_;
          kids_.push_back(n);
        }
      }
    }
    // (node() may have grown the index: the nodes stay where they are.)
    in->kids = first;
    in->nkids = int(kids_.size()) - first;
    bool leaves = true;
    for (int i = first; i < int(kids_.size()); ++i) leaves = leaves && kids_[i]->state.phase == kLeaf;
    in->leaves = leaves;
  }

  // The node of a state, made with its quick bounds if new.  index_: open
  // addressing with linear probing over a power-of-two array of node
  // numbers + 1 (0: empty), at most half full.  (A std::unordered_map
  // here, one allocation a state, took some 20% of the time of the bid
  // tables whose leaves are cheap.)
  Node* node(const ChoiceState& s) {
    const std::uint64_t h = state_hash(s);
    std::size_t i = std::size_t(h) & (index_.size() - 1);
    for (std::uint32_t k; (k = index_[i]) != 0; i = (i + 1) & (index_.size() - 1)) {
      Node& n = nodes_[k - 1];
      if (n.hash == h && n.state == s) return &n;
    }
    nodes_.push_back(Node{s, Info{}, h});
    Node& n = nodes_.back();
    quick_bounds(s.hands, n.info.lo, n.info.hi);
    index_[i] = std::uint32_t(nodes_.size());
    if (2 * nodes_.size() > index_.size()) grow_index();
    return &n;
  }
  void grow_index() {
    std::vector<std::uint32_t> bigger(2 * index_.size(), 0);
    for (std::size_t k = 0; k < nodes_.size(); ++k) {
      std::size_t i = std::size_t(nodes_[k].hash) & (bigger.size() - 1);
      while (bigger[i]) i = (i + 1) & (bigger.size() - 1);
      bigger[i] = std::uint32_t(k + 1);
    }
    index_.swap(bigger);
  }

  // Every legal pass of `seat`: all but 6 of its trumps to the partner,
  // who, if its own pass turn is over, may end with at most 6 scoring
  // trumps; combinations in increasing card order (as itertools gives).
  void pass_options(const ChoiceState& s, int seat, std::vector<ChoiceState>& out) const {
    int trumps[16], nt = 0;  // at most the 15 trumps
    for (int c : cards_of(s.hands[seat] & trump_mask_)) trumps[nt++] = c;
    const int need = nt - kHandSize;
    const int partner = seat ^ 2;
    bool check = true;  // the partner's turn is over (not in the queue after seat)
    for (int k = s.from + 1; k < 4; ++k)
      if (order_seat_[k] == partner) check = false;
    const int held = popcount(s.hands[partner] & scoring_mask_);
    int idx[16];
    for (int i = 0; i < need; ++i) idx[i] = i;
    ChoiceState c = s;
    c.from = std::uint8_t(s.from + 1);
    for (;;) {
      Mask m = 0;
      for (int i = 0; i < need; ++i) m |= bit(trumps[idx[i]]);
      if (!(check && held + popcount(m & scoring_mask_) > kHandSize)) {
        c.hands[seat] = s.hands[seat] & ~m;
        c.hands[partner] = s.hands[partner] | m;
        out.push_back(c);
      }
      int i = need - 1;
      while (i >= 0 && idx[i] == nt - need + i) --i;
      if (i < 0) break;
      ++idx[i];
      for (int j = i + 1; j < need; ++j) idx[j] = idx[j - 1] + 1;
    }
  }

  // --------------------------------------------------------- the search
  bool at_least(Node* self, int target) {
    const ChoiceState& s = self->state;
    Info* in = &self->info;
    if (in->lo >= target) return true;
    if (in->hi < target) return false;
    ++stats_.nodes;
    if (s.phase == kLeaf) {
      int v;
      ask(&self, 1, target, 1, &v);
      return v >= target;
    }
    if (in->kids < 0) expand(s, in);
    const bool mx = maxing(order_seat_[s.from]);
    const int n = in->nkids, first = in->kids;
    // The children, most promising for the side to choose first (by the
    // middle of their bounds; ties in their order), in tries_ from base
    // (a stack shared by the recursion: no allocation per node).
    const std::size_t base = tries_.size();
    tries_.resize(base + std::size_t(n));
    for (int i = 0; i < n; ++i) tries_[base + i] = first + i;
    {
      const int sign = mx ? -1 : 1;
      const auto key = [&](int k) { return sign * (kids_[k]->info.lo + kids_[k]->info.hi); };
      std::sort(tries_.begin() + base, tries_.end(),
                [&](int a, int b) { return key(a) != key(b) ? key(a) < key(b) : a < b; });
    }
    bool ok;
    if (in->leaves) ok = leaves_at_least(base, n, target, mx);
    else {
      ok = !mx;
      for (int i = 0; i < n; ++i) {
        Node* k = kids_[tries_[base + i]];
        if (at_least(k, target) == mx) {
          ok = mx;
          break;
        }
      }
    }
    int lo = mx ? -1 : kTotalPoints + 1, hi = lo;
    for (int i = 0; i < n; ++i) {
      const Info& b = kids_[first + i]->info;
      lo = mx ? std::max(lo, b.lo) : std::min(lo, b.lo);
      hi = mx ? std::max(hi, b.hi) : std::min(hi, b.hi);
    }
    in->lo = std::max(in->lo, lo);
    in->hi = std::min(in->hi, hi);
    tries_.resize(base);
    return ok;
  }

  // The or (mx) / and of "at least target?" over children that are all
  // play positions: those their bounds decide need no search; the rest go
  // to the play solver in one batch, in order, stopping at the first
  // answer that decides the node.
  bool leaves_at_least(std::size_t base, int n, int target, bool mx) {
    pending_.clear();
    for (int i = 0; i < n; ++i) {
      Node* k = kids_[tries_[base + i]];
      const int lo = k->info.lo, hi = k->info.hi;
      if (lo >= target || hi < target) {
        if ((lo >= target) == mx) return mx;
        continue;
      }
      pending_.push_back(k);
    }
    if (pending_.empty()) return !mx;
    answers_.resize(pending_.size());
    const int got = ask(pending_.data(), int(pending_.size()), target, mx, answers_.data());
    return (answers_[got - 1] >= target) == mx ? mx : !mx;
  }

  // batch_until on the leaves' play positions (the bidder leading): the
  // answers as fail-soft bounds, recorded; returns how many were asked.
  int ask(Node* const* leaves, int n, int target, bool stop, int* out) {
    deals_.resize(n);
    for (int i = 0; i < n; ++i) {
      Deal& d = deals_[i];
      std::memcpy(d.hands, leaves[i]->state.hands, sizeof d.hands);
      d.trump = trump_;
      d.bidder = d.leader = bidder_;
      d.ntrick = 0;
    }
    std::uint64_t nodes = 0;
    const int got = play_.batch_until(deals_.data(), n, target, int(stop), out, &nodes);
    for (int i = 0; i < got; ++i) {
      Info& b = leaves[i]->info;
      if (out[i] >= target) b.lo = std::max(b.lo, out[i]);
      else b.hi = std::min(b.hi, out[i]);
    }
    stats_.leaves += std::uint64_t(got);
    stats_.nodes += std::uint64_t(got);
    stats_.play_nodes += nodes;
    if (stats_.play_nodes >= next_poll_) {
      next_poll_ = stats_.play_nodes + Search<Game>::kPollNodes;
      if (poll_.fn && poll_.fn(poll_.ctx, stats_.play_nodes)) throw Interrupted{};
    }
    return got;
  }

  PlaySolver& play_;
  const Poll& poll_;
  int trump_, bidder_, side_;
  std::int8_t order_[5][16];  // cards of each effective suit, strongest first
  int len_[5];
  Mask eff_mask_[5];
  int pts_[64];
  Mask trump_mask_ = 0, scoring_mask_ = 0;
  int order_seat_[4];  // the turn order from the bidder
  std::deque<Node> nodes_;
  std::vector<std::uint32_t> index_ = std::vector<std::uint32_t>(1024, 0);
  std::uint32_t expansions_ = 0;
  std::vector<Node*> kids_;  // the children of every expanded state
  std::vector<int> tries_;  // at_least()'s children in order, a stack (indices into kids_)
  std::vector<Node*> pending_;
  std::vector<int> answers_;
  std::vector<Deal> deals_;
  ChoiceStats stats_;
  std::uint64_t next_poll_ = Search<Game>::kPollNodes;
};

// The exact value of a choice state of one (bidder, trump) pair (the
// binding's entry: one pair per call); guess < 0: none.
inline int choice_value(Solver<Game>& play, const Mask* hands, int phase, int from, int trump, int bidder,
                        int guess, ChoiceStats* stats) {
  ChoiceState s;
  std::memcpy(s.hands, hands, sizeof s.hands);
  s.phase = std::uint8_t(phase);
  s.from = std::uint8_t(from);
  ChoiceTree<Solver<Game>> tree(play, play.poll(), trump, bidder);
  const int v = tree.exact(s, guess);
  if (stats) *stats = tree.stats();
  return v;
}

// One pair of choice_values(): its start state and first guess.
struct PairStart {
  Mask hands[4];
  int phase, from, trump, bidder, guess;
};

// The exact values of several pairs at once (a bid table's rows), on the
// play Solver's threads (set_threads) sharing its table: each thread
// takes the next pair left and searches its tree, its leaves asked
// through the thread's Worker (Solver::parallel_items).  values[i] and
// stats[i] as choice_value()'s.  The pairs' leaves are full deals' play
// positions (12 tricks), the depth the table is made room for.
inline void choice_values(Solver<Game>& play, const PairStart* pairs, int n, int* values, ChoiceStats* stats) {
  play.parallel_items(n, 12, [&](Solver<Game>::Worker& worker, int i) {
    const PairStart& p = pairs[i];
    ChoiceState s;
    std::memcpy(s.hands, p.hands, sizeof s.hands);
    s.phase = std::uint8_t(p.phase);
    s.from = std::uint8_t(p.from);
    ChoiceTree<Solver<Game>::Worker> tree(worker, worker.poll(), p.trump, p.bidder);
    values[i] = tree.exact(s, p.guess);
    stats[i] = tree.stats();
  });
}

}  // namespace eightythree
}  // namespace openhand
