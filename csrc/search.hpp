// search.hpp: the game-independent exact search driver.
//
// A Game exposes a position that it changes in place (play / undo) and the
// value of what is still to come from a fixed point of view (N-S points,
// the bidder's points, ...).  play() returns the value gained by the move
// itself (65: the points of a trick it completes) so that the search adds
// gains on the way down and the table can store "value of the rest", which
// depends on the position alone.  A game whose result is not a sum of gains
// returns 0 from play() and its whole result from terminal_value().
//
// The core is fail-soft alpha-beta with a transposition table of bounds at
// the positions the game calls storable (trick starts).  Yes/no questions
// ("is the value at least t?") are null-window searches; exact values come
// from MTD(f), a sequence of such questions that converges because every
// answer is a true bound (fail-soft) and every bound is kept in the table.
// Building with -DOPENHAND_TRACE prints each MTD(f) pass and where the
// cutoffs fell (the move-ordering statistics used when tuning a game).
//
// Long searches can be watched and stopped: the Solver (solver.hpp, a
// Pollable) hands its Poll to every Search it makes, and the search calls
// it every kPollNodes nodes; a nonzero answer throws Interrupted out of
// the search (the binding: Ctrl-C, or the caller's progress callback
// raising).  Nothing half-done is stored: the table only ever receives
// finished results, so it stays valid for later solves.
//
// A search may also be given a Budget (a node count, a deadline): once
// spent it throws LimitReached, checked on the node that reaches the count
// and at every poll for the clock.  The search keeps what its finished
// root questions proved (root_lo(), root_hi(): every null-window answer is
// a true bound, so MTD(f) and bisection narrow them as they go) and the
// root move that proved the side to move's bound (root_move(); see
// note_pass()), so the Solver can answer "not finished: the value lies in
// [lo, hi], and this move holds lo" without anything half-done.  (After a
// throw the Game is left inside the tree: the Solver reads only these.)
//
// Game interface:
//   static constexpr int kMaxMoves;
//   bool is_terminal() const;          int terminal_value() const;
//                                       // (may be non-const: a game may
//                                       // solve a small rest by play/undo)
//   void bounds(int& lo, int& hi) const;   // quick bounds on the rest
//   bool storable() const;  Key key() const;  static uint64_t hash(Key);
//   int to_key(int move) const;  int from_key(int move) const;  // moves
//                                       // as stored with the key
//   int depth() const;                  // remaining plies, for replacement
//   bool maximizing() const;            // does the side to move want max?
//   int moves(int* out, int first) const;  // ordered, one per equivalence
//                                          // class; `first` (if legal) leads
//   int legal_moves(int* out) const;    // every legal move
//   int representative(int move) const; // its equivalence class's member
//   int play(int move);  void undo(int move);
// Optional (detected at compile time; games without it are unchanged):
//   bool killers() const;               // false: no killer moves (65)
//   bool is_move(int move) const;       // is it one moves() lists? (then
//                                       // a first move is searched before
//                                       // the others are listed: 65, 83)
//   static constexpr int kCutCacheBits; // a cut-off cache of 2^bits
//                                       // entries (CutCache), keyed by
//                                       // std::uint64_t cut_key() const,
//                                       // with Mask mover_hand() const;
//   std::uint64_t inner_cut_key() const;  // and one inside tricks,
//   bool forced() const;                // asked only where the mover has
//                                       // a choice (forced(): one legal
//                                       // move; CardMoves gives both)
//   bool solve_rest(int alpha, int beta, int& v);
//                                       // a game with a dedicated search
//                                       // for some positions (66: the
//                                       // strict endgame) returns true and
//                                       // sets v: the value of the rest if
//                                       // it lies in (alpha, beta), else a
//                                       // true bound on the side the window
//                                       // was left (alphabeta()'s contract,
//                                       // so callers, the table and MTD(f)
//                                       // stay exact).  It must leave the
//                                       // position as it found it.  Its
//                                       // nodes are the game's to report.
//   bool solve_stored(int alpha, int beta, int first, int& v, int& move);
//                                       // like solve_rest, but asked at a
//                                       // storable position only after its
//                                       // quick bounds and table probe
//                                       // failed to settle it (alpha, beta
//                                       // narrowed by them; first: the
//                                       // table's move or -1); the result
//                                       // is stored as a searched one's
//                                       // (65: the last three tricks).
//                                       // move: its best move, or -1.
//   bool window(int lo, int hi, int& alpha, int& beta) const;
//                                       // the next window of an exact
//                                       // search within true bounds
//                                       // [lo, hi] (lo < hi), for games
//                                       // whose questions differ in cost;
//                                       // false: MTD(f) from the guess.
//   static constexpr bool kGrowTable;   // true: the table starts small
//                                       // and grows as it fills (65)
//   using Table = ...;                  // the table type (TTable<Key> by
//                                       // default): prefetch(hash),
//                                       // lookup(key, hash, lo, hi, move),
//                                       // store(key, hash, depth, lo, hi,
//                                       // move)
//
// Partition search (optional, detected by Game::move_relevance(); 65 uses
// it).  Every result also reports the cards it depended on, its relevant
// cards (a Mask), and a stored entry names a class of positions: all those
// that agree with the searched one on these cards (the game decides what
// "agree" means and keeps everything else it needs exact in the key).  The
// bound then holds for the whole class, so one entry answers for many
// positions, as in the partition search of the best bridge solvers.  A
// result's relevant cards are:
//   terminal or solve_rest:  terminal_relevance() (what the game's own
//                            evaluation depended on);
//   settled by quick bounds: bounds_relevance(lower) of the bound used
//                            (lower: the lower bound; both where they meet);
//   settled by the table:    entry_relevance(key) of each entry used;
//   a cutoff by one move:    that child's, plus move_relevance() (what the
//                            move's own gain depended on: 65, the trick's
//                            winner), read right after play();
//   all moves tried:         the union over the children, plus
//                            all_moves_relevance(moves, n, union) (whatever
//                            makes the class's moves those searched: 65,
//                            runs of equivalent cards cut by the class).
// With partition search a game may also skip moves dynamically
// (equivalent_moves(move, rel): the moves whose children lie in the class
// of the result the child after `move` returned, rel its relevant cards):
// such a move has that result, already taken in, and is not searched
// (65: two low cards of one suit in one hand, both below every card of
// their suit the result named; DDS's "cards below the relevant ranks are
// equivalent").
// The stored key is class_key(key, relevant cards).  hash() must cover only
// what every class keeps exact, so that a class lives in the bucket of every
// position it holds.
#pragma once
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "cards.hpp"
#include "ttable.hpp"

namespace openhand {

constexpr int kInf = 30000;

// Thrown out of a search whose Poll asked it to stop.
struct Interrupted : std::runtime_error {
  Interrupted() : std::runtime_error("openhand: search interrupted") {}
};

// Thrown out of a search whose Budget is spent (caught by the Solver).
struct LimitReached : std::runtime_error {
  LimitReached() : std::runtime_error("openhand: search limit reached") {}
};

// What one call may spend: nodes (0: no limit) and a deadline (has_deadline).
struct Budget {
  std::uint64_t nodes = 0;
  bool has_deadline = false;
  std::chrono::steady_clock::time_point deadline{};
  bool limited() const { return nodes || has_deadline; }
};

// A hook called during long searches with the nodes searched so far; a
// nonzero answer stops the search (fn null: never called).  The count is
// the search's own: a game's dedicated sub-searches (Sixty-Six's strict
// endgame) count their nodes apart and run to their end between polls.
struct Poll {
  int (*fn)(void* ctx, std::uint64_t nodes) = nullptr;
  void* ctx = nullptr;
};

// What owns a search's poll (solver.hpp: Solver), set by the binding.
class Pollable {
 public:
  void set_poll(int (*fn)(void*, std::uint64_t), void* ctx) { poll_ = Poll{fn, ctx}; }
  // For searches of its own the owner runs between its Searches (83's
  // choice tree polls between its batches of play questions).
  const Poll& poll() const { return poll_; }

 protected:
  Poll poll_;
};

// Sort moves by score, best first (insertion sort: move lists are short,
// and equal scores keep their order so that ties stay deterministic).
inline void sort_by_score(int* moves, int* score, int n) {
  for (int i = 1; i < n; ++i) {
    const int m = moves[i], s = score[i];
    int j = i - 1;
    while (j >= 0 && score[j] < s) { moves[j + 1] = moves[j]; score[j + 1] = score[j]; --j; }
    moves[j + 1] = m; score[j + 1] = s;
  }
}

// Does Game have the optional solve_rest hook?
template <class G, class = void>
struct HasSolveRest : std::false_type {};
template <class G>
struct HasSolveRest<G, std::void_t<decltype(std::declval<G&>().solve_rest(0, 0, std::declval<int&>()))>>
    : std::true_type {};

// Does Game have the optional solve_stored hook?
template <class G, class = void>
struct HasSolveStored : std::false_type {};
template <class G>
struct HasSolveStored<G, std::void_t<decltype(std::declval<G&>().solve_stored(
                             0, 0, 0, std::declval<int&>(), std::declval<int&>()))>> : std::true_type {};

// Does Game offer enhanced transposition cutoffs (bool etc_node(): are all
// children of this node stored positions)?
template <class G, class = void>
struct HasEtc : std::false_type {};
template <class G>
struct HasEtc<G, std::void_t<decltype(std::declval<const G&>().etc_node())>> : std::true_type {};

// Does Game want to know when a move is played only to look its child up
// (void set_probing(bool)): 65 counts the trick starts its search reaches,
// and an enhanced transposition cutoff's look-ups reach none unless one
// cuts (the cutting child is then played again, and counted).
template <class G, class = void>
struct HasProbing : std::false_type {};
template <class G>
struct HasProbing<G, std::void_t<decltype(std::declval<G&>().set_probing(true))>> : std::true_type {};

// Caps that cost more than bounds(), asked only where bounds() did not
// settle the window (65: refine_bounds() in sixtyfive/bounds.hpp).
template <class G, class = void>
struct HasRefineBounds : std::false_type {};
template <class G>
struct HasRefineBounds<G, std::void_t<decltype(std::declval<const G&>().refine_bounds(0, 0, std::declval<int&>(),
                                                                                     std::declval<int&>()))>>
    : std::true_type {};

// Does Game tell whether a move is one that moves() would list (bool
// is_move(int) const)?  Then a node with a first move to try (the cut-off
// cache's, the table's) lists the others only if it fails to cut.
template <class G, class = void>
struct HasIsMove : std::false_type {};
template <class G>
struct HasIsMove<G, std::void_t<decltype(std::declval<const G&>().is_move(0))>> : std::true_type {};

// The table's bucket size: Game::kTableWays if the game sets it, else 4.
template <class G, class = void>
struct TableWays : std::integral_constant<int, 4> {};
template <class G>
struct TableWays<G, std::void_t<decltype(G::kTableWays)>> : std::integral_constant<int, G::kTableWays> {};

// Does Game choose the windows of its exact searches (bool window(lo, hi,
// alpha, beta) const)?
template <class G, class = void>
struct HasWindow : std::false_type {};
template <class G>
struct HasWindow<
    G, std::void_t<decltype(std::declval<const G&>().window(0, 0, std::declval<int&>(), std::declval<int&>()))>>
    : std::true_type {};

// Does Game have full_bounds(lo, hi): its real quick bounds where bounds()
// gives trivial ones inside a trick (65, 83)?  The roots of the questions
// and of the move values are framed with them (few calls, so they pay).
template <class G, class = void>
struct HasFullBounds : std::false_type {};
template <class G>
struct HasFullBounds<G, std::void_t<decltype(std::declval<const G&>().full_bounds(std::declval<int&>(),
                                                                                   std::declval<int&>()))>>
    : std::true_type {};
template <class G>
void root_bounds(const G& g, int& lo, int& hi) {
  if constexpr (HasFullBounds<G>::value) g.full_bounds(lo, hi);
  else g.bounds(lo, hi);
}

// The table type: Game::Table if the game has one (with TTable's
// prefetch / lookup / store), else TTable<Game::Key> with TableWays ways.
template <class G, class = void>
struct TableOf { using type = TTable<typename G::Key, TableWays<G>::value>; };
template <class G>
struct TableOf<G, std::void_t<typename G::Table>> { using type = typename G::Table; };

// Does Game let its table grow (static constexpr bool kGrowTable = true)?
// Then the search grows the table in place (TTable::grow) whenever
// TTable::wants_growth() (3/4 full, and the cap allows).
template <class G, class = void>
struct GrowsTable : std::false_type {};
template <class G>
struct GrowsTable<G, std::void_t<decltype(G::kGrowTable)>> : std::integral_constant<bool, G::kGrowTable> {};

// Does Game report relevant cards (partition search)?
template <class G, class = void>
struct HasRelevance : std::false_type {};
template <class G>
struct HasRelevance<G, std::void_t<decltype(std::declval<const G&>().move_relevance())>> : std::true_type {};

// Does Game keep a cut-off cache of 2^kCutCacheBits entries (static
// constexpr int kCutCacheBits, with Mask mover_hand() const)?  See
// CutCache below.
template <class G, class = void>
struct CutCacheBits : std::integral_constant<int, 0> {};
template <class G>
struct CutCacheBits<G, std::void_t<decltype(G::kCutCacheBits)>> : std::integral_constant<int, G::kCutCacheBits> {};

// Does Game key a cut-off cache inside tricks too (std::uint64_t
// inner_cut_key() const)?
template <class G, class = void>
struct HasInnerCutKey : std::false_type {};
template <class G>
struct HasInnerCutKey<G, std::void_t<decltype(std::declval<const G&>().inner_cut_key())>> : std::true_type {};

// Does Game say whether to use killer moves (bool killers() const)?  Games
// without it always do.
template <class G, class = void>
struct HasKillerSwitch : std::false_type {};
template <class G>
struct HasKillerSwitch<G, std::void_t<decltype(std::declval<const G&>().killers())>> : std::true_type {};

// Does Game tell the moves whose results are those of a move searched
// (Mask equivalent_moves(move, rel) const: the moves, as bits of a Mask,
// whose children lie in the class of the result the child after `move`
// returned, rel its relevant cards)?  Partition search games only.
template <class G, class = void>
struct HasEquivalentMoves : std::false_type {};
template <class G>
struct HasEquivalentMoves<G, std::void_t<decltype(std::declval<const G&>().equivalent_moves(0, Mask{}))>>
    : std::true_type {};

template <class Game>
class Search {
 public:
  using Table = typename TableOf<Game>::type;

  // poll (optional, see Poll): called every kPollNodes nodes; budget
  // (optional): the limits of the call (see the top of the file).
  Search(Game& game, Table& table, const Poll* poll = nullptr, const Budget* budget = nullptr)
      : g_(game), tt_(table), poll_(poll), budget_(budget && budget->limited() ? budget : nullptr),
        cut_cache_(game.depth(), kCutCache),
        inner_cut_cache_(game.depth(), kInnerCutCache) {
    std::fill(killer_, killer_ + kKillerCount, -1);
    std::fill(root_move_lo_, root_move_lo_ + kRootMoveSlots, -kInf);
    std::fill(root_move_hi_, root_move_hi_ + kRootMoveSlots, kInf);
    next_check();
  }

  // 2^16 nodes: some 10 ms of a 65 search.  The Python reference reports
  // progress at the same counts (POLL_NODES, src/openhand/progress.py).
  static constexpr std::uint64_t kPollNodes = std::uint64_t(1) << 16;

  std::uint64_t nodes() const { return nodes_; }

  // The killer moves (see killer_), to hand on to a search of a related
  // position (Solver::batch_until's siblings): only an ordering hint.
  void get_killers(int* out) const { std::copy(killer_, killer_ + kKillerCount, out); }
  void set_killers(const int* in) { std::copy(in, in + kKillerCount, killer_); }

  // What the finished root questions proved (see the top of the file):
  // true bounds on the root's value, and the root move that holds the
  // bound of the side to move (its lower bound when it maximises), else
  // the move with the best bound in the last pass, else the first move the
  // search would try (-1 only for a root without moves).  root_proved(): whether that move was proved so.
  int root_lo() const { return root_lo_; }
  int root_hi() const { return root_hi_; }
  int root_move() const {
    return proved_move_ >= 0 ? proved_move_ : guess_move_ >= 0 ? guess_move_ : first_move_;
  }
  bool root_proved() const { return proved_move_ >= 0; }

  // Fail-soft alpha-beta: the value of the rest of the game if it lies in
  // (alpha, beta); otherwise a bound on the side the window was left.
  // Compiled twice, for the storable positions and for the others, so
  // that the latter carry none of the table's branches (65: 2% fewer
  // instructions on a full deal, node counts identical).
  int alphabeta(int alpha, int beta) {
    return g_.storable() ? node<true>(alpha, beta) : node<false>(alpha, beta);
  }

 private:
  template <bool kStore>
  int node(int alpha, int beta) {
    constexpr bool kRel = HasRelevance<Game>::value;
    if (__builtin_expect(++nodes_ >= check_at_, 0)) check();
    const Ply ply(ply_);
    const bool root = ply_ == 1;
#ifdef OPENHAND_TRACE
    const int tr_d = std::min(g_.depth(), 15);
    ++depth_nodes_[tr_d][g_.storable()];
#endif
    if (g_.is_terminal()) {
      const int v = g_.terminal_value();
      if constexpr (kRel) rel_ = g_.terminal_relevance();
      return v;
    }
    if constexpr (HasSolveRest<Game>::value) {
      int v;
      if (g_.solve_rest(alpha, beta, v)) {
        if constexpr (kRel) rel_ = g_.terminal_relevance();
        return v;
      }
    }
    int first = -1;
    Mask narrowed_rel = 0;  // partition search: what narrowed the window
    constexpr bool store = kStore;
    typename Game::Key key{};
    std::uint64_t hash = 0;
    if (store) {
      // Start fetching the table bucket now: the quick bounds are computed
      // while it arrives, and spare the probe when they settle the node.
      key = g_.key();
      hash = Game::hash(key);
      tt_.prefetch(hash);
      if constexpr (kCutCache) cut_cache_.prefetch(g_.cut_key());
    }
    int lo, hi;
    g_.bounds(lo, hi);
    if constexpr (HasRefineBounds<Game>::value) {
      if (store && lo < beta && lo != hi && hi > alpha) g_.refine_bounds(alpha, beta, lo, hi);
    }
    if (lo >= beta || lo == hi || hi <= alpha) {
#ifdef OPENHAND_TRACE
      ++depth_bound_[tr_d][store];
#endif
      if constexpr (kRel) {
        rel_ = lo >= beta ? g_.bounds_relevance(true)
             : hi <= alpha ? g_.bounds_relevance(false)
             : g_.bounds_relevance(true) | g_.bounds_relevance(false);
      }
      return lo >= beta || lo == hi ? lo : hi;
    }
    if (store) {
      if constexpr (kRel) {
        // Every matching class narrows the bounds.  A cut or a narrowed
        // window depends on the source of each bound it used: the quick
        // bounds or the one entry that gave it.  (In a null window, which
        // is all MTD(f) asks, a cut needs one bound and nothing narrows.)
        const int quick_lo = lo, quick_hi = hi;
        // (The keys of the entries used are copied: a table shared by
        // threads may change an entry once the probe has let go of it.)
        typename Game::Key lo_key{}, hi_key{};
        bool lo_entry = false, hi_entry = false;
        const auto use = [&](const auto& e) {
          if (e.lo > lo) { lo = e.lo; lo_key = e.key; lo_entry = true; }
          if (e.hi < hi) { hi = e.hi; hi_key = e.key; hi_entry = true; }
          if (first < 0 && e.move != 255) first = g_.from_key(e.move);
          return lo >= beta || hi <= alpha;
        };
        tt_.probe_all(key, hash, use);
        const auto source = [&](bool used, const typename Game::Key& k, bool lower) {
          return used ? g_.entry_relevance(k) : g_.bounds_relevance(lower);
        };
        if (lo >= beta || hi <= alpha) {
#ifdef OPENHAND_TRACE
          ++depth_tt_[tr_d];
#endif
          rel_ = lo >= beta ? source(lo_entry, lo_key, true) : source(hi_entry, hi_key, false);
          return lo >= beta ? lo : hi;
        }
        if (lo == hi) {
          rel_ = source(lo_entry, lo_key, true) | source(hi_entry, hi_key, false);
          return lo;
        }
        if (lo > alpha || quick_lo > alpha) narrowed_rel = source(lo_entry, lo_key, true);
        if (hi < beta || quick_hi < beta) narrowed_rel |= source(hi_entry, hi_key, false);
      } else {
        int elo, ehi, emove;
        if (tt_.lookup(key, hash, elo, ehi, emove)) {
          lo = std::max(lo, elo);
          hi = std::min(hi, ehi);
          first = emove == 255 ? -1 : g_.from_key(emove);
        }
        if (lo >= beta || lo == hi) return lo;
        if (hi <= alpha) return hi;
      }
    }
    alpha = std::max(alpha, lo);
    beta = std::min(beta, hi);
    if constexpr (HasSolveStored<Game>::value) {
      int v, m = -1;
      if (store && g_.solve_stored(alpha, beta, first, v, m)) {
        if constexpr (kRel) rel_ = g_.terminal_relevance() | narrowed_rel;
        store_result(key, hash, alpha, beta, v, m);
        return v;
      }
    }

    int moves[Game::kMaxMoves];
    int cached = -1;  // the cut-off cache's move (CutCache), if any
    if constexpr (kCutCache) {
      if (store) cached = cut_cache_.move(g_.cut_key(), g_.mover_hand());
    }
    if constexpr (kInnerCutCache) {
      // (A forced move needs no hint: the cache's line is not fetched.)
      if (!store && !g_.forced()) first = inner_cut_cache_.move(g_.inner_cut_key(), g_.mover_hand());  // (-1: none)
    }
#ifdef OPENHAND_TRACE
    // Where a trick start's first move came from: 0 the cut-off cache, 1
    // the table, 2 the ordering or a killer (see waste_; 65 keeps none).
    const int tr_source = cached >= 0 ? 0 : first >= 0 ? 1 : 2;
#endif
    if (cached >= 0) first = cached;  // (before the table's move)
    else if (store && first < 0 && use_killers()) first = killer_[killer_slot()];
    // Staged move generation: a first move to try (the cut-off cache's,
    // the table's) is searched before the others are listed and ordered,
    // which most such nodes never need, since that move cuts.  The order
    // is the same as listing them all first (moves() puts `first` first),
    // so node counts do not change (65's full deals 0-19: 1.1% less time,
    // the 33 question 1.4%).  Not where an enhanced transposition cutoff
    // looks every child up first.
    bool etc_here = false;
    if constexpr (HasEtc<Game>::value) etc_here = g_.etc_node();
    bool staged = false;  // moves[0] is `first`, the others not yet listed
    if constexpr (HasIsMove<Game>::value) staged = first >= 0 && !etc_here && g_.is_move(first);
    int n = 1;
    if (staged) moves[0] = first;
    else n = g_.moves(moves, first);
    const bool maxing = g_.maximizing();
    if constexpr (HasEtc<Game>::value) {
      // Enhanced transposition cutoff: where every child is a stored
      // position, look all the children up (their buckets fetched together)
      // before searching any.  Sound: a max node's value is at least
      // gain + value of each child, so gain + a child's stored lower bound
      // is a true lower bound of this node; if it reaches beta the node
      // fails high with it, exactly as a searched child would have made it
      // (min nodes: upper bounds and alpha).  Nothing is stored here: the
      // node is no trick start.  With one move there is nothing to gain:
      // that child is searched, and probes its entry, at once.
      if (n > 1 && etc_here) {
        typename Game::Key ck[Game::kMaxMoves];
        std::uint64_t ch[Game::kMaxMoves];
        int cg[Game::kMaxMoves];
        if constexpr (HasProbing<Game>::value) g_.set_probing(true);
        for (int i = 0; i < n; ++i) {
          cg[i] = g_.play(moves[i]);
          ck[i] = g_.key();
          ch[i] = Game::hash(ck[i]);
          tt_.prefetch(ch[i]);
          g_.undo(moves[i]);
        }
        if constexpr (HasProbing<Game>::value) g_.set_probing(false);
        for (int i = 0; i < n; ++i) {
          if constexpr (kRel) {
            int cut = kInf;
            typename Game::Key used{};
            const auto use = [&](const auto& e) {
              if (maxing ? e.lo + cg[i] >= beta : e.hi + cg[i] <= alpha) {
                cut = (maxing ? e.lo : e.hi) + cg[i];
                used = e.key;
                return true;
              }
              return false;
            };
            tt_.probe_all(ck[i], ch[i], use);
            if (cut != kInf) {
              g_.play(moves[i]);
              rel_ = g_.move_relevance() | g_.entry_relevance(used);
              g_.undo(moves[i]);
              return cut;
            }
          } else {
            int elo, ehi, emove;
            if (tt_.lookup(ck[i], ch[i], elo, ehi, emove)) {
              if (maxing && elo + cg[i] >= beta) return elo + cg[i];
              if (!maxing && ehi + cg[i] <= alpha) return ehi + cg[i];
            }
          }
        }
      }
    }
    int best = maxing ? -kInf : kInf, best_move = -1;
    int a = alpha, b = beta;
    Mask rel = 0;  // partition search: the relevant cards of the result
    bool cut = false;
    // Moves whose children lie in the class of an earlier child's result
    // (HasEquivalentMoves: see equivalent_moves()): they have that result,
    // which changes nothing here (its value and relevant cards are already
    // taken in), so they are not searched.
    Mask equivalent = 0;
#ifdef OPENHAND_TRACE
    const std::uint64_t tr_loop = nodes_;
    std::uint64_t tr_move = nodes_, tr_second = nodes_;
#endif
    for (int i = 0; i < n; ++i) {
      if constexpr (HasEquivalentMoves<Game>::value) {
        if (equivalent & bit(moves[i])) continue;
      }
#ifdef OPENHAND_TRACE
      tr_move = nodes_;
      if (i == 1) tr_second = nodes_;
#endif
      const int gain = g_.play(moves[i]);
      Mask child_rel = 0;
      if constexpr (kRel) child_rel = g_.move_relevance();
      const int v = gain + alphabeta(a - gain, b - gain);
      if constexpr (kRel) child_rel |= rel_;
      g_.undo(moves[i]);
      if (maxing ? v > best : v < best) { best = v; best_move = moves[i]; }
      if (root) {
        pass_move_ = best_move;
        if (!in_children_) keep_root_move_bound(moves[i], v, a, b);
      }
      if (maxing) a = std::max(a, v); else b = std::min(b, v);
      if (a >= b) {
        if (store && use_killers()) killer_[killer_slot()] = moves[i];
        if constexpr (kCutCache) {
          if (store) cut_cache_.keep(g_.cut_key(), moves[i]);
        }
        if constexpr (kInnerCutCache) {
          if (!store && i > 0) inner_cut_cache_.keep(g_.inner_cut_key(), moves[i]);
        }
        // This move alone proves the bound (its value is the best).
        rel = child_rel;
        cut = true;
#ifdef OPENHAND_TRACE
        ++cut_at_[std::min(i, 3)][g_.storable()];
        if (i > 0) {
          waste_[tr_d][store] += tr_move - tr_loop;
          if (store) waste_by_source_[tr_d][moves[0] == first ? tr_source : 2] += tr_move - tr_loop;
          waste_after_first_[tr_d] += tr_move - tr_second;
        }
#endif
        break;
      }
      rel |= child_rel;
      if (staged) {  // the first move did not cut: list them all (`first` stays first)
        n = g_.moves(moves, first);
        staged = false;
      }
      if constexpr (HasEquivalentMoves<Game>::value) {
        if (i + 1 < n) equivalent |= g_.equivalent_moves(moves[i], child_rel);  // (none after the last)
      }
    }
    if constexpr (kRel) {
      if (!cut) rel |= g_.all_moves_relevance(moves, n, rel);
      rel_ = rel | narrowed_rel;
    }
#ifdef OPENHAND_TRACE
    if (!cut) ++all_nodes_[g_.storable()];
#endif
    if (store) store_result(key, hash, alpha, beta, best, best_move);
#ifdef OPENHAND_TRACE
    if (store) {
      // How far the full quick bounds fell short of settling a searched
      // trick start, on the side its result fell (bound_gap_).
      int ql, qh;
      root_bounds(g_, ql, qh);
      if (best <= alpha) ++bound_gap_[tr_d][0][std::clamp(qh - alpha, 0, 15)];
      else if (best >= beta) ++bound_gap_[tr_d][1][std::clamp(beta - ql, 0, 15)];
    }
#endif
    return best;
  }

 public:
  // Store a storable position's result `best` of a search in (alpha, beta)
  // (with partition search, for the class of its relevant cards rel_, in
  // the same bucket: hash() covers only what every class keeps exact).
  void store_result(const typename Game::Key& key, std::uint64_t hash, int alpha, int beta, int best,
                    int best_move) {
    // best <= alpha: every move was tried and none beat alpha (max node)
    // or a refutation proved it (min node): an upper bound, and so on.
    const int m = best_move < 0 ? -1 : g_.to_key(best_move);
    typename Game::Key stored = key;
    if constexpr (HasRelevance<Game>::value) stored = g_.class_key(key, rel_);
    if (best <= alpha) tt_.store(stored, hash, g_.depth(), -kInf, best, m);
    else if (best >= beta) tt_.store(stored, hash, g_.depth(), best, kInf, m);
    else tt_.store(stored, hash, g_.depth(), best, best, m);
    if constexpr (GrowsTable<Game>::value) {
      if (tt_.wants_growth()) tt_.grow([](const typename Game::Key& k) { return Game::hash(k); });
    }
  }

  // Is the value of the rest at least target?
  bool at_least(int target) {
    int lo, hi;
    root_bounds(g_, lo, hi);
    begin(lo, hi);
    return pass(target - 1, target) >= target;
  }
  // The same as one fail-soft null-window answer (a bound; Solver::batch_until).
  int null_window(int target) { return alphabeta(target - 1, target); }

  // The exact value of the rest, by MTD(f) from a first guess.
  int exact(int guess) {
    int lo, hi;
    root_bounds(g_, lo, hi);
    return exact_within(lo, hi, guess);
  }

  // The same within true bounds [lo, hi] known to the caller.
  int exact_within(int lo, int hi, int guess) {
    begin(lo, hi);
    guess = std::clamp(guess, lo, hi);
    if constexpr (HasWindow<Game>::value) {
      // The game picks each window (lo <= alpha < beta <= hi); the answer
      // narrows [lo, hi] whichever side it falls, so this terminates.
      int alpha, beta;
      while (lo < hi && g_.window(lo, hi, alpha, beta)) {
        const int v = pass(alpha, beta);
#ifdef OPENHAND_TRACE
        std::fprintf(stderr, "window (%d, %d) v=%d nodes=%llu\n", alpha, beta, v, (unsigned long long)nodes_);
#endif
        if (v <= alpha) hi = v;
        else if (v >= beta) lo = v;
        else lo = hi = v;
      }
    }
    while (lo < hi) {
      const int beta = std::max(guess, lo + 1);
      const int v = pass(beta - 1, beta);
#ifdef OPENHAND_TRACE
      std::fprintf(stderr, "mtd beta=%d v=%d nodes=%llu\n", beta, v, (unsigned long long)nodes_);
#endif
      if (v < beta) hi = v; else lo = v;
      guess = v;
    }
    return lo;
  }

  // The exact value of the rest within true bounds [lo, hi], by bisection
  // on null-window questions.  Where values move in steps of 1 over a wide
  // range (Eighty-Three's card points), MTD(f) from a guess tends to creep
  // one point per pass; halving needs about log2(hi - lo) passes, fewer
  // when a fail-soft answer is itself a tighter bound.
  int bisect(int lo, int hi) {
    begin(lo, hi);
    while (lo < hi) {
      const int beta = lo + (hi - lo + 1) / 2;
      const int v = pass(beta - 1, beta);
      if (v >= beta) lo = v; else hi = v;
    }
    return lo;
  }

  // The exact value after each legal move, given the position's exact
  // value: out_moves/out_values, returns n.  A move's value is at most the
  // position's when the side to move maximises (at least it otherwise), so
  // that bound frames its search.  Equivalent moves share one search.
  //
  // out_hi (optional): with a Budget, the moves' values may be left
  // unfinished: out_values / out_hi then hold true bounds [lo, hi] of each
  // move's value (lo == hi: finished).  They are filled before any search
  // (the frame and each child's quick bounds), each narrowed as its search
  // finishes, the one cut narrowed by what its passes proved; then
  // LimitReached goes on to the caller.  The root's bounds and move
  // (root_lo() ...) stay those of the root's own search.
  int move_values(int value, int* out_moves, int* out_values, bool bisection = false, int* out_hi = nullptr) {
    const int n = g_.legal_moves(out_moves);
    int rep[Game::kMaxMoves], lo[Game::kMaxMoves], hi[Game::kMaxMoves], gain[Game::kMaxMoves];
    frame_moves(value, out_moves, n, rep, lo, hi, gain);
    const auto report = [&] {
      for (int i = 0; i < n; ++i) {
        out_values[i] = lo[i];
        if (out_hi) out_hi[i] = hi[i];
      }
    };
    const int root_lo = root_lo_, root_hi = root_hi_;
    in_children_ = true;
    int i = 0;
    try {
      for (; i < n; ++i) {
        if (rep[i] != i) continue;
        lo[i] = hi[i] = one_move(out_moves[i], lo[i] - gain[i], hi[i] - gain[i], value, bisection);
        for (int j = i + 1; j < n; ++j)
          if (rep[j] == i) lo[j] = hi[j] = lo[i];
      }
    } catch (const LimitReached&) {
      // The cut move's passes narrowed its child's bounds (root_lo_ ...).
      lo[i] = std::max(lo[i], root_lo_ + gain[i]);
      hi[i] = std::min(hi[i], root_hi_ + gain[i]);
      for (int j = i + 1; j < n; ++j)
        if (rep[j] == i) { lo[j] = lo[i]; hi[j] = hi[i]; }
      in_children_ = false;
      root_lo_ = root_lo, root_hi_ = root_hi;
      report();
      throw;
    }
    in_children_ = false;
    root_lo_ = root_lo, root_hi_ = root_hi;
    report();
    return n;
  }

  // For move_values and a Solver spreading moves over threads: each legal
  // move's representative (the index of the first move of its class), and
  // true bounds on its value from the frame (the root's exact value; +-kInf
  // for none, when a finished child's value is read at once) and the
  // child's quick bounds; gain: what the move itself adds.
  void frame_moves(int value, const int* moves, int n, int* rep, int* lo, int* hi, int* gain) {
    const bool maxing = g_.maximizing();
    for (int i = 0; i < n; ++i) {
      const int r = g_.representative(moves[i]);
      rep[i] = i;
      for (int j = 0; j < i; ++j)
        if (rep[j] == j && g_.representative(moves[j]) == r) { rep[i] = j; break; }
      gain[i] = g_.play(moves[i]);
      int l = -kInf, h = kInf;
      if (!g_.is_terminal()) root_bounds(g_, l, h);
      else if (value == kInf || value == -kInf) l = h = g_.terminal_value();  // (no frame: parallel_moves)
      g_.undo(moves[i]);
      if (maxing) h = std::min(h, value - gain[i]); else l = std::max(l, value - gain[i]);
      if (moves[i] >= 0 && moves[i] < kRootMoveSlots) {
        l = std::max(l, root_move_lo_[moves[i]] - gain[i]);
        h = std::min(h, root_move_hi_[moves[i]] - gain[i]);
      }
      h = std::max(l, h);
      lo[i] = gain[i] + l;
      hi[i] = gain[i] + h;
    }
  }

  // The exact value after `move` (its gain included), its rest known to
  // lie in [lo, hi] (from frame_moves), given the root's exact value.
  int one_move(int move, int lo, int hi, int value, bool bisection) {
    const int gain = g_.play(move);
    ++nodes_;
    int v;
    if (g_.is_terminal()) {
      v = g_.terminal_value();
    } else {
      (void)value;
      v = bisection ? bisect(lo, hi) : exact_within(lo, hi, value - gain);
    }
    g_.undo(move);
    return gain + v;
  }

 private:
  // Entered and left by every alphabeta() call (also when a throw unwinds
  // it): ply_ 1 is the root of the current question.
  struct Ply {
    int& p;
    explicit Ply(int& ply) : p(ply) { ++p; }
    ~Ply() { --p; }
  };

  // A root question starts within true bounds [lo, hi]; the first one
  // also notes the move the search would try first (the table's, else the
  // ordering's), the best move found when nothing better was proved.
  void begin(int lo, int hi) {
    root_lo_ = lo;
    root_hi_ = hi;
    if (first_move_ >= 0 || in_children_ || g_.is_terminal()) return;
    int first = -1;
    if (g_.storable()) {
      const typename Game::Key key = g_.key();
      int elo, ehi, emove;
      if (tt_.lookup(key, Game::hash(key), elo, ehi, emove) && emove != 255) first = g_.from_key(emove);
    }
    int moves[Game::kMaxMoves];
    if (g_.moves(moves, first) > 0) first_move_ = moves[0];
  }

  // One root question in (alpha, beta), its answer kept (see root_lo()).
  // Fail-soft: v >= beta is a lower bound, v <= alpha an upper one, else
  // the value.  The root's best move in the pass holds v when v is on the
  // side to move's good side of the window: a maximising root failing
  // high (its cutting move's child returned at least v) or exact; a
  // minimising root failing low or exact.  Otherwise it proved nothing.
  int pass(int alpha, int beta) {
    pass_move_ = -1;
    const int v = alphabeta(alpha, beta);
    if (v < beta) root_hi_ = std::min(root_hi_, v);
    if (v > alpha) root_lo_ = std::max(root_lo_, v);
    const bool good = g_.maximizing() ? v > alpha : v < beta;
    if (!in_children_ && pass_move_ >= 0) {
      if (good) proved_move_ = pass_move_;
      else guess_move_ = pass_move_;  // the best bound of a pass that proved none
    }
    return v;
  }

  // The node count reached check_at_: the budget's node limit, or a poll
  // (every kPollNodes nodes: the clock, then the binding's hook).
  void check() {
    if (budget_ && budget_->nodes && nodes_ >= budget_->nodes) throw LimitReached{};
    if ((nodes_ & (kPollNodes - 1)) == 0) {
      if (budget_ && budget_->has_deadline && std::chrono::steady_clock::now() >= budget_->deadline)
        throw LimitReached{};
      if (poll_ && poll_->fn && poll_->fn(poll_->ctx, nodes_)) throw Interrupted{};
    }
    next_check();
  }
  void next_check() {
    check_at_ = (nodes_ | (kPollNodes - 1)) + 1;
    if (budget_ && budget_->nodes && budget_->nodes > nodes_) check_at_ = std::min(check_at_, budget_->nodes);
  }

  Game& g_;
  Table& tt_;
  const Poll* poll_;
  const Budget* budget_;
  std::uint64_t nodes_ = 0;
  std::uint64_t check_at_ = 0;  // the next node count at which check() runs
  int ply_ = 0;
  int root_lo_ = -kInf, root_hi_ = kInf;
  int pass_move_ = -1, proved_move_ = -1, guess_move_ = -1, first_move_ = -1;
  bool in_children_ = false;  // move_values() is searching the root's children
  // What the root's own passes proved of each move's value (gain
  // included): every child they searched answered in its window with a
  // fail-soft bound, a true one, which move_values() starts each move's
  // search from (frame_moves()).  The last failing pass of a root's
  // MTD(f) bounds every move from above, often below the root's value,
  // which a move's search would otherwise creep down to a pass a point.
  static constexpr int kRootMoveSlots = 128;
  int root_move_lo_[kRootMoveSlots], root_move_hi_[kRootMoveSlots];
  void keep_root_move_bound(int move, int v, int alpha, int beta) {
    if (move < 0 || move >= kRootMoveSlots) return;
    if (v > alpha) root_move_lo_[move] = std::max(root_move_lo_[move], v);
    if (v < beta) root_move_hi_[move] = std::min(root_move_hi_[move], v);
  }
  Mask rel_ = 0;  // partition search: the relevant cards of the last result
  // Killer moves: at a stored position the table's move is tried first; where
  // the table has none, the move that last cut off at a stored position of
  // the same depth is (if legal: moves() puts `first` first only then).
  // Measured on 65 full deals: 3-18% fewer nodes (then; 65 keeps none
  // since its cut-off caches, see game.hpp).  Sixty-Six and Eighty-Three
  // keep them; one per depth and seat to move took 5% and 1% more nodes
  // there.
  static constexpr int kKillerDepths = 64;

 public:
  static constexpr int kKillerCount = kKillerDepths;  // get_killers()'s length

 private:
  int killer_[kKillerCount];  // one per slot (killer_slot())

  // The cut-off cache: at a trick start, the move that last cut where the
  // game's cut_key() was the same (65: the side to move and its partner
  // held the very same hands; 83: the side to move), tried first; where
  // the cache has none, the table's move, else the killer (games that
  // keep killers).  A refutation depends on
  // the mover's cards more than on the depth and seat a killer is kept
  // by: 65's full deals 0-19, 10.6% fewer nodes in all (per deal median
  // 0.924x, max 0.991x) with the cache's move in the place of 65's killer
  // (then one per depth and seat, tried after the table's move); 7.1%
  // fewer again with it first (per deal median 0.942x, max 0.998x: the
  // table's move is that of any class in the bucket, from any earlier
  // window, the cache's the latest cut by this very hand; the table's
  // move then tried second, as the killer was: 1% fewer than without);
  // values identical.  Direct-mapped, the newest cut kept.
  static constexpr int kCutCacheBits = CutCacheBits<Game>::value;
  static constexpr bool kCutCache = kCutCacheBits > 0;
  class CutCache {
   public:
    // Sized to the search: 2^(depth + 3) entries up to 2^kCutCacheBits, so
    // that a small search (a bot's endgame) does not clear a large cache.
    CutCache(int depth, bool used)
        : bits_(std::min(kCutCacheBits, std::max(4, depth + 3))), entries_(used ? std::size_t(1) << bits_ : 0, 0) {}
    // The move kept for `key` if the mover holds it (keys of other
    // positions may share an entry), else -1.
    int move(std::uint64_t key, Mask mover_hand) const {
      const std::uint64_t h = mix64(key);
      const std::uint64_t e = entries_[index(h)];
      const int m = int(e & 0xFF) - 1;
      return ((e ^ h) & ~std::uint64_t(0xFF)) == 0 && m >= 0 && (mover_hand >> m & 1) ? m : -1;
    }
    // Start fetching key's entry (a trick start asks for it only after
    // its quick bounds and table probe, whose work hides the wait).
    void prefetch(std::uint64_t key) const {
      if (!entries_.empty()) __builtin_prefetch(&entries_[index(mix64(key))]);
    }
    void keep(std::uint64_t key, int move) {
      const std::uint64_t h = mix64(key);
      entries_[index(h)] = (h & ~std::uint64_t(0xFF)) | std::uint64_t(move + 1);
    }

   private:
    // An entry is one word, so that a look-up reads one cache line: the
    // top 56 bits of the key's mix (the index is its top bits_, the rest
    // tells keys of one index apart) and the move + 1 in the low byte (0:
    // none).  (Keys and moves in two arrays, two lines a look-up: the
    // inner look-up's two loads were some 3% of a 65 search's samples.)
    std::size_t index(std::uint64_t h) const { return std::size_t(h >> (64 - bits_)); }
    int bits_;
    std::vector<std::uint64_t> entries_;
  };
  CutCache cut_cache_;
  // The same inside a trick (games with inner_cut_key(): 65's mover's
  // legal cards and the card winning the trick so far, with its place),
  // tried first, and kept only where a move other than the ordering's
  // first cut: inside a trick the first card tried makes some 97% of the
  // cutoffs, and keeping those too displaced the useful entries (65's
  // full deals 0, 1, 4, 5, 6: 60.7M nodes against 52.8M; 64.4M without
  // this cache; with today's key, deals 0-19 29% more).  On full deals
  // 0-19, keyed then by the mover's hand and the trick's cards, 17.3%
  // fewer nodes than the trick starts' cache alone (per deal median
  // 0.777x, max 1.14x), 15.3% less time; values identical.
  static constexpr bool kInnerCutCache = kCutCache && HasInnerCutKey<Game>::value;
  CutCache inner_cut_cache_;
  bool use_killers() const {
    if constexpr (HasKillerSwitch<Game>::value) return g_.killers();
    else return true;
  }
  int killer_slot() const { return std::min(g_.depth(), kKillerDepths - 1); }
#ifdef OPENHAND_TRACE
 public:
  std::uint64_t cut_at_[4][2] = {}, all_nodes_[2] = {};
  std::uint64_t depth_nodes_[16][2] = {}, depth_bound_[16][2] = {}, depth_tt_[16] = {};
  // [tricks][failed low, failed high][points short, 1..15]: searched trick
  // starts by how far their full quick bounds were from settling them.
  std::uint64_t bound_gap_[16][2][16] = {};
  // [tricks][storable]: nodes spent in the moves tried before a later
  // move cut off (an ordering's cost; nested: a waste inside a wasted
  // subtree counts at both depths); at trick starts also by where the
  // first move came from (the cut-off cache, the table, the ordering),
  // and the part spent after the first move (what trying the others in
  // another order could save at most).
  std::uint64_t waste_[16][2] = {}, waste_by_source_[16][3] = {}, waste_after_first_[16] = {};
  ~Search() {
    for (int d = 0; d < 16; ++d)
      if (depth_nodes_[d][0] + depth_nodes_[d][1])
        std::fprintf(stderr,
                     "tricks %2d: inner %10llu (bound-cut %9llu) starts %10llu bound-cut %9llu table-cut %9llu\n", d,
                     (unsigned long long)depth_nodes_[d][0], (unsigned long long)depth_bound_[d][0],
                     (unsigned long long)depth_nodes_[d][1], (unsigned long long)depth_bound_[d][1],
                     (unsigned long long)depth_tt_[d]);
    for (int st = 0; st < 2; ++st)
      std::fprintf(stderr, "storable=%d cuts at move 0..3+: %llu %llu %llu %llu, no cut: %llu\n", st,
                   (unsigned long long)cut_at_[0][st], (unsigned long long)cut_at_[1][st],
                   (unsigned long long)cut_at_[2][st], (unsigned long long)cut_at_[3][st],
                   (unsigned long long)all_nodes_[st]);
    for (int d = 0; d < 16; ++d)
      if (waste_[d][0] + waste_[d][1])
        std::fprintf(stderr,
                     "tricks %2d: before a later cut: inner %llu starts %llu (first from cache %llu table %llu "
                     "ordering %llu), after the first move %llu\n",
                     d, (unsigned long long)waste_[d][0], (unsigned long long)waste_[d][1],
                     (unsigned long long)waste_by_source_[d][0], (unsigned long long)waste_by_source_[d][1],
                     (unsigned long long)waste_by_source_[d][2], (unsigned long long)waste_after_first_[d]);
    for (int d = 0; d < 16; ++d)
      for (int w = 0; w < 2; ++w) {
        if (!bound_gap_[d][w][1] && !bound_gap_[d][w][2]) continue;
        std::fprintf(stderr, "tricks %2d failed %s, bound short by 1..8:", d, w ? "high" : "low ");
        for (int g = 1; g <= 8; ++g) std::fprintf(stderr, " %llu", (unsigned long long)bound_gap_[d][w][g]);
        std::fprintf(stderr, "\n");
      }
  }
#endif
};

}  // namespace openhand
