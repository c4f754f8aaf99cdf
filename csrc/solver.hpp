// solver.hpp: the object the binding holds, one template for every game.
//
// A Solver<Game> owns the game's transposition table(s), kept across calls
// (their entries depend on the position alone, so what one solve learns
// holds for every later one), and the poll its searches call (search.hpp:
// Pollable).  Each call builds the Game from the binding's Deal, makes the
// table room for it and runs one Search<Game>:
//   value        the exact value;
//   at_least     is the value at least target? (one null-window search);
//   move_values  the exact value and that of every legal move;
//   batch        many positions: values, or 0/1 answers of at_least;
//   batch_until  at_least on positions in order, stopping at the first
//                answer equal to `stop` (the short-circuit and / or of a
//                choice node whose children are play positions, as the
//                Eighty-Three bid feasibility asks), fail-soft bounds out;
//                each search starts from the last one's killer moves.
// Node counts are added to *nodes (the binding starts it at 0).  value and
// move_values find the root's value the game's way (root_value); at_least
// and batch_until ask the search's null-window question directly (a
// finished position is one node of it).
//
// Limits: set_limit(nodes, seconds) bounds each later value, at_least and
// move_values call (0: none; batches are never limited).  A call that
// reaches its limit returns what it proved in its Partial (cut = 1): true
// bounds [lo, hi] on the value, the root move found best (proved: it was
// shown to hold the side to move's bound) and, for move_values, bounds on
// every move's value.  The table keeps every finished result, so the same
// question asked again goes on from there.
//
// Threads: set_threads(k) spreads move_values' per-move searches over k
// threads; the root's value is then the best of its moves' (not searched
// first, as one thread does: see parallel_moves()).  65 and 83 share the
// Solver's one table between the threads, each probe and store holding
// its bucket's lock (TTable::share), so what one thread proves the others
// use; a game with tables of its own (66) gives each thread its own.
// Every entry is a true bound whoever stored it and exact values are
// unique, so the answers are those of one thread (node counts are not).
// The calling thread alone runs the binding's poll; a stop there
// (or a limit reached on any thread) stops every thread within a poll.
// With a node limit, each thread's searches may spend that many nodes.
// parallel_items() spreads other work over the same threads and shared
// table: items that ask batch_until's questions through a Worker of
// their thread (Eighty-Three's bid table: a pair's choice tree an item,
// eightythree/choice_tree.hpp: choice_values).
//
// Every input was validated by the Python side: nothing here checks it.
//
// What differs per game are hooks on the Game (besides search.hpp's
// interface, whose kMaxMoves must not exceed kMoveValues below).
// Required:
//   using Deal = ...;                 // the binding's position struct
//   explicit Game(const Deal&)  or  Game(const Deal&, Tables&)
//   int root_value(Search<Game>& s);  // the root's exact value, the
//                                     // game's way (MTD(f) from a guess,
//                                     // bisection, a terminal shortcut)
//   static std::size_t table_entries(int depth, bool many);
//                                     // (unless the game has Tables) the
//                                     // entries to reserve before a
//                                     // search from depth() `depth`;
//                                     // many: one of batch_until's
//                                     // related questions
// Optional (detected at compile time):
//   using Tables = ...;               // the game's own tables: Tables(cap
//                                     // bytes), bytes(), search_table()
//                                     // (the Search's), reserve(depth,
//                                     // many).  Default: OneTable, the
//                                     // Search's table type, the whole cap
//   static constexpr bool kBisection; // move values by bisection
//                                     // (Search::bisect), not MTD(f)
//   static int value_offset(const Deal&);
//                                     // a constant of the position the
//                                     // search leaves out of its values:
//                                     // added to every value, subtracted
//                                     // from every target
//   int move_code(int move) const;    // a move as the binding names it
//                                     // (default: as the search does)
//   std::uint64_t extra_nodes() const;  // nodes the game counted itself
//                                     // (its own sub-searches), added to
//                                     // the search's
//   std::uint64_t trick_starts() const; // the trick starts its play has
//                                     // reached (DDS's kind of node
//                                     // count; Solver::trick_starts())
#pragma once
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <ctime>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "search.hpp"

namespace openhand {

// The moves every move_values buffer of the binding holds.
constexpr int kMoveValues = 64;

// What a limited call proved when it was cut (see the top of the file);
// cut = 0: it finished, and only move is set (the root's best move found,
// -1 if the call did not search).
struct Partial {
  int cut = 0;
  int lo = 0, hi = 0;
  int move = -1;
  int proved = 0;
};

// One table of the Search's type (search.hpp: TableOf), given the whole
// memory cap, reserved to Game::table_entries() before each search.
template <class Game>
class OneTable {
 public:
  using Table = typename TableOf<Game>::type;
  explicit OneTable(std::size_t table_bytes) : table_(table_bytes) {}
  std::size_t bytes() const { return table_.bytes(); }
  Table& search_table() { return table_; }
  void reserve(int depth, bool many) { table_.reserve(Game::table_entries(depth, many)); }

 private:
  Table table_;
};

// The optional hooks, each named by an alias that is well-formed only for
// a game that has it.  HookOr<Default, Hook, G>::type is Hook<G> if so,
// else Default; kHas<G, Hook>: does G have it?
template <class Default, template <class> class Hook, class G, class = void>
struct HookOr {
  using type = Default;
  static constexpr bool found = false;
};
template <class Default, template <class> class Hook, class G>
struct HookOr<Default, Hook, G, std::void_t<Hook<G>>> {
  using type = Hook<G>;
  static constexpr bool found = true;
};
template <class G, template <class> class Hook>
constexpr bool kHas = HookOr<void, Hook, G>::found;

template <class G>
using TablesHook = typename G::Tables;
template <class G>
using BisectionHook = decltype(G::kBisection);
template <class G>
using ValueOffsetHook = decltype(G::value_offset(std::declval<const typename G::Deal&>()));
template <class G>
using MoveCodeHook = decltype(std::declval<const G&>().move_code(0));
template <class G>
using ExtraNodesHook = decltype(std::declval<const G&>().extra_nodes());
template <class G>
using TrickStartsHook = decltype(std::declval<const G&>().trick_starts());

// D is always Game::Deal: a second parameter only so that the binding can
// name the Deal type in its declaration of the template (Cython).
template <class Game, class D = typename Game::Deal>
class Solver : public Pollable {
  static_assert(std::is_same_v<D, typename Game::Deal>, "Solver<Game, D>: D must be Game::Deal");
  static_assert(Game::kMaxMoves <= kMoveValues, "the binding's move_values buffers are too small");

 public:
  using Deal = D;
  using Tables = typename HookOr<OneTable<Game>, TablesHook, Game>::type;

  // Do move_values' threads share the one table (65, 83), or has each
  // its own tables (a game with tables of its own: 66)?
  static constexpr bool kSharedTable = std::is_same_v<Tables, OneTable<Game>>;

  explicit Solver(std::size_t table_bytes) : tables_(table_bytes), table_cap_(table_bytes) {}

  // move_values' threads (at least 1).  A game with tables of its own
  // (66) gives each extra thread its own, made here with the same memory
  // cap and kept; 65 and 83 share the Solver's one table (kSharedTable),
  // so make none: an unused table held a mapping of the whole cap, and,
  // freed, pushed a used one out of the memory kept for the next solver
  // (KeptTable, ttable.hpp), whose table then faulted in fresh pages
  // (65, every first card of full deal 1 on 2 threads right after deal 0's:
  // 0.7 s of system time, the first thread 1.74 s of CPU instead of 1.2 s).
  void set_threads(int k) {
    threads_ = std::max(1, k);
    if constexpr (!kSharedTable)
      while (int(extra_.size()) < threads_ - 1) extra_.emplace_back(new Tables(table_cap_));
  }
  int threads() const { return threads_; }
  // The CPU seconds of the last move_values on each of its threads: how
  // long it would take on idle cores (the slowest thread), for benchmarks
  // on a shared machine.
  const std::vector<double>& last_cpu() const { return last_cpu_; }
  // The trick starts every search of this solver has reached so far, for
  // a game that counts them (Game::trick_starts(); else 0): the bridge
  // solver DDS's kind of node count, for the benchmark against it.
  std::uint64_t trick_starts() const { return trick_starts_; }

  std::size_t table_bytes() const { return tables_.bytes(); }

  // The limits of every later value, at_least and move_values call
  // (nodes 0 / seconds <= 0: none).
  void set_limit(std::uint64_t nodes, double seconds) {
    limit_nodes_ = nodes;
    limit_seconds_ = seconds;
  }

  int value(const Deal& d, std::uint64_t* nodes, Partial* part = nullptr) {
    Run r(*this, d, false, true);
    const int off = offset(d);
    try {
      const int v = r.game.root_value(r.search);
      *nodes += r.nodes();
      if (part) *part = Partial{0, v + off, v + off, move_code(r, r.search.root_move()), 1};
      return v + off;
    } catch (const LimitReached&) {
      *nodes += r.nodes();
      cut(r, off, part);
      return r.search.root_lo() + off;
    }
  }

  bool at_least(const Deal& d, int target, std::uint64_t* nodes, Partial* part = nullptr) {
    Run r(*this, d, false, true);
    const int off = offset(d);
    try {
      const bool yes = r.search.at_least(target - off);
      *nodes += r.nodes();
      if (part) *part = Partial{0, r.search.root_lo() + off, r.search.root_hi() + off,
                                move_code(r, r.search.root_move()), int(r.search.root_proved())};
      return yes;
    } catch (const LimitReached&) {
      *nodes += r.nodes();
      cut(r, off, part);
      return false;
    }
  }

  // The position's value and each legal move's (moves as the binding
  // names them, in the game's legal_moves() order); returns how many.
  // Buffers of kMoveValues.  his (optional): with a limit, values / his
  // are bounds [lo, hi] on each move's value (equal once finished), and
  // *value the root's lower bound when the root itself was not finished.
  int move_values(const Deal& d, int* value, int* moves, int* values, std::uint64_t* nodes,
                  Partial* part = nullptr, int* his = nullptr) {
    Run r(*this, d, false, true);
    const int off = offset(d);
    int n = r.game.legal_moves(moves);  // (at the root: move_values() finds the same)
    last_cpu_.clear();
    if (threads_ > 1 && n > 1) {
      parallel_moves(d, r, value, moves, n, values, his, nodes, part);
    } else {
      bool finished_root = false;
      try {
        const double t0 = thread_cpu_seconds();
        *value = r.game.root_value(r.search);
        finished_root = true;
        n = r.search.move_values(*value, moves, values, bisection(), his);
        last_cpu_.push_back(thread_cpu_seconds() - t0);
        *nodes += r.nodes();
        if (part) *part = Partial{0, *value, *value, move_code(r, r.search.root_move()), 1};
      } catch (const LimitReached&) {
        *nodes += r.nodes();
        cut(r, 0, part);
        if (!finished_root) {
          *value = r.search.root_lo();
          n = 0;
        }
        // else move_values() filled the moves' bounds before its first search
      }
    }
    *value += off;
    if (part) { part->lo += off; part->hi += off; }
    for (int i = 0; i < n; ++i) {
      values[i] += off;
      if (his) his[i] += off;
      if constexpr (kHas<Game, MoveCodeHook>) moves[i] = r.game.move_code(moves[i]);
    }
    return n;
  }


  // out[i]: the value of deals[i], or with `threshold` 1/0 for "at least
  // target".
  void batch(const Deal* deals, int n, bool threshold, int target, int* out, std::uint64_t* nodes) {
    const Unlimited unlimited(*this);
    for (int i = 0; i < n; ++i)
      out[i] = threshold ? int(at_least(deals[i], target, nodes)) : value(deals[i], nodes);
  }

  // "At least target?" for deals in order, stopping after the first answer
  // equal to `stop` (0 or 1).  out[i] is the null-window search's
  // fail-soft result: at least target means "yes" and is a lower bound on
  // the value, under target "no" and an upper bound (fail-soft alpha-beta
  // returns true bounds), so the caller can keep the tighter bound.
  // Returns how many were answered.  The table is reserved as for a batch
  // of related questions (table_entries(depth, many = true)).
  int batch_until(const Deal* deals, int n, int target, int stop, int* out, std::uint64_t* nodes) {
    for (int i = 0; i < n; ++i) {
      Run r(*this, deals[i], true);
      out[i] = ask(r.search, deals[i], target, killers_);
      *nodes += r.nodes();
      if (int(out[i] >= target) == stop) return i + 1;
    }
    return n;
  }

  // batch_until's killer moves, handed from each search to the next: its
  // positions are siblings (Eighty-Three's bid table: leaves that differ
  // in one discard), whose cutting moves are alike.  Only an ordering
  // hint, so answers do not change; on the bid tables of seeds 1 2 5 6 19,
  // 5-35% fewer play nodes than killers fresh for every leaf (killers per
  // seat as well: the tables -3.5% to +5.5%, 6-trick solves +8%).
  struct Killers {
    int moves[Search<Game>::kKillerCount];
    bool known = false;
  };

  // One thread's batch_until in parallel_items(): the same questions on
  // the thread's Game and Search, the Solver's table (shared meanwhile),
  // the thread's poll and killers of its own.
  class Worker {
   public:
    Worker(Tables& tables, const Poll& poll) : tables_(tables), poll_(poll) {}
    int batch_until(const Deal* deals, int n, int target, int stop, int* out, std::uint64_t* nodes) {
      for (int i = 0; i < n; ++i) {
        Game game = make_with(deals[i], tables_);
        Budget unlimited;
        Search<Game> search(game, tables_.search_table(), &poll_, &unlimited);
        out[i] = ask(search, deals[i], target, killers_);
        *nodes += search.nodes() + extra_nodes(game);
        trick_starts += trick_starts_of(game);
        if (int(out[i] >= target) == stop) return i + 1;
      }
      return n;
    }
    const Poll& poll() const { return poll_; }
    std::uint64_t trick_starts = 0;

   private:
    Tables& tables_;
    const Poll& poll_;
    Killers killers_;
  };

  // item(worker, i) for every i in [0, n) on up to threads() threads (see
  // on_threads(): one table shared, 65 and 83), each thread taking the
  // next item left and asking its play questions through its Worker (the
  // Eighty-Three bid table's pairs, a choice tree each).  The table is
  // first made room for batches of play positions of `depth`.  Rethrows
  // what stopped a thread (Interrupted from the binding's poll first).
  template <class Item>
  void parallel_items(int n, int depth, Item&& item) {
    tables_.reserve(depth, true);
    last_cpu_.clear();
    std::atomic<int> next{0};
    std::vector<std::uint64_t> starts(threads_, 0);
    const int k = std::max(1, std::min(threads_, n));
    const ThreadsOutcome out = on_threads(k, [&](int w, const Poll& poll, const std::atomic<bool>& stop,
                                                 Tables& tables) {
      if (!kSharedTable) tables.reserve(depth, true);
      Worker worker(tables, poll);
      struct Count {  // the thread's trick starts, on every way out
        Worker& worker;
        std::uint64_t& starts;
        ~Count() { starts = worker.trick_starts; }
      } count{worker, starts[w]};
      for (;;) {
        const int i = next.fetch_add(1);
        if (i >= n || stop.load()) break;
        item(worker, i);
      }
    });
    for (int w = 0; w < k; ++w) trick_starts_ += starts[w];
    rethrow(out);
  }

 private:
  // One of batch_until's questions: the null-window search's fail-soft
  // answer (the game offset added), its killers handed on.
  static int ask(Search<Game>& search, const Deal& d, int target, Killers& killers) {
    if (killers.known) search.set_killers(killers.moves);
    const int off = offset(d);
    const int v = off + search.null_window(target - off);
    search.get_killers(killers.moves);
    killers.known = true;
    return v;
  }
  Killers killers_;
  // One question's Game and its Search, the tables made room for it;
  // limited: the call's Budget applies (set_limit()).
  struct Run {
    Game game;
    Budget budget;
    Search<Game> search;
    Solver& owner;
    Run(Solver& solver, const Deal& d, bool many, bool limited = false)
        : game(solver.make(d)),
          budget(limited ? solver.budget() : Budget{}),
          search(game, solver.tables_.search_table(), &solver.poll_, &budget),
          owner(solver) {
      solver.tables_.reserve(game.depth(), many);
    }
    ~Run() { owner.trick_starts_ += trick_starts_of(game); }
    Run(const Run&) = delete;
    Run& operator=(const Run&) = delete;
    std::uint64_t nodes() const { return search.nodes() + extra_nodes(game); }
  };

  // move_values over threads_ threads (see the top of the file): each
  // thread takes the next move left (one per class of equivalent moves)
  // and finds its exact value the game's way (root_value() of the child)
  // on its own Game and tables; the root's value is the best of them, so
  // it is not searched first (on one thread that search warms the table
  // for the moves; here it would leave the other threads idle).  Fills
  // *value, values (and his) and *part as move_values does (values
  // without the game offset); adds every thread's nodes; rethrows what
  // stopped a thread, Interrupted from the binding's poll first (a limit
  // is reported in *part, the bounds of the root those of its moves).
  void parallel_moves(const Deal& d, Run& r, int* value, const int* moves, int n, int* values, int* his,
                      std::uint64_t* nodes, Partial* part) {
    int rep[Game::kMaxMoves], lo[Game::kMaxMoves], hi[Game::kMaxMoves], gain[Game::kMaxMoves];
    const bool maxing = r.game.maximizing();
    r.search.frame_moves(maxing ? kInf : -kInf, moves, n, rep, lo, hi, gain);  // no frame: quick bounds
    // One move per class, in the search's own order (the likely best
    // first): the first values finished are then near the root's, the
    // guess of every later move's MTD(f) (best_value below), and the
    // dearest searches start first, so the threads finish together.  (65,
    // every first card's value of full deals 0-9 on 2 threads: nodes
    // against one thread's median 1.06 -> 1.01, speed-up median 1.76x ->
    // 1.92x by the CPU critical path; legal order before.)
    int ordered[Game::kMaxMoves], rank[Game::kMaxMoves];
    const int m = r.game.moves(ordered, -1);
    std::vector<int> todo;
    for (int i = 0; i < n; ++i) {
      if (rep[i] != i) continue;
      const int ri = r.game.representative(moves[i]);
      rank[i] = int(std::find_if(ordered, ordered + m, [&](int o) { return r.game.representative(o) == ri; }) - ordered);
      todo.push_back(i);
    }
    std::stable_sort(todo.begin(), todo.end(), [&](int a, int b) { return rank[a] < rank[b]; });
    // The last move second: while the first thread proves the likely best
    // move, the second takes the likely worst rather than the second
    // best, whose tree shares most of its positions with the first's and
    // would be searched alongside it before either has stored them.  (65,
    // every first card's value of full deals 0-9 on 2 threads: nodes
    // against one thread's median 1.07-1.08 -> 0.95-0.99; speed-up by wall
    // time 1.72x, 1.84x, 1.66x in three runs -> 1.65x-1.96x in eight,
    // median 1.83x.)
    if (todo.size() > 2) std::rotate(todo.begin() + 1, todo.end() - 1, todo.end());
    std::atomic<int> next{0};
    std::vector<std::uint64_t> spent(threads_, 0), starts(threads_, 0);
    constexpr int kNone = kInf + 1;
    std::atomic<int> best_value{kNone};
    const int k = std::min<int>(threads_, int(todo.size()));
    // A thread that finds no move left helps one still being searched: it
    // searches the same move on the shared table (what either stores, the
    // other finds), the first to finish gives its value, and the other
    // stops at its next poll (Help) and goes on.  The end of a run then
    // no longer waits on one thread's last move alone.  frame_lo / frame_hi:
    // the moves' frames, read by both (lo / hi are written once a move ends).
    const std::vector<int> frame_lo(lo, lo + n), frame_hi(hi, hi + n);
    std::unique_ptr<std::atomic<bool>[]> finished(new std::atomic<bool>[n]);
    for (int i = 0; i < n; ++i) finished[i].store(false);
    std::unique_ptr<std::atomic<int>[]> searching(new std::atomic<int>[k]);
    for (int w = 0; w < k; ++w) searching[w].store(-1);
    const ThreadsOutcome out = on_threads(k, [&](int w, const Poll& poll, const std::atomic<bool>& stop,
                                                 Tables& tables) {
      // The thread's poll, which also stops a search of a move finished
      // by another thread (done: that move's flag, while searching it).
      struct Help {
        const Poll* base;
        const std::atomic<bool>* done = nullptr;
      } help{&poll};
      const Poll help_poll{[](void* ctx, std::uint64_t nodes) -> int {
                             Help& h = *static_cast<Help*>(ctx);
                             if (h.base->fn(h.base->ctx, nodes)) return 1;
                             return h.done && h.done->load(std::memory_order_relaxed) ? 1 : 0;
                           },
                           &help};
      std::optional<Game> g;
      std::optional<Search<Game>> s;
      std::uint64_t spent_before = 0, starts_before = 0;  // of the searches set aside (below)
      // A node limit counts the thread's nodes over its searches: a fresh
      // one gets what the ones set aside left.
      Budget budget = r.budget;
      std::uint64_t searched_before = 0;
      const auto fresh = [&] {
        if (s) {
          searched_before += s->nodes();
          spent_before += s->nodes() + extra_nodes(*g);
          starts_before += trick_starts_of(*g);
          if (r.budget.nodes) budget.nodes = r.budget.nodes > searched_before ? r.budget.nodes - searched_before : 1;
        }
        s.reset();
        g.emplace(make_with(d, tables));
        s.emplace(*g, tables.search_table(), &help_poll, &budget);
      };
      fresh();
      if (!kSharedTable) tables.reserve(g->depth(), false);
      int i = -1;
      bool helping = false;
      struct Count {  // the thread's nodes, on every way out
        std::optional<Search<Game>>& s;
        std::optional<Game>& g;
        const std::uint64_t& spent_before;
        const std::uint64_t& starts_before;
        std::uint64_t& spent;
        std::uint64_t& starts;
        ~Count() {
          spent = spent_before + s->nodes() + extra_nodes(*g);
          starts = starts_before + trick_starts_of(*g);
        }
      } count{s, g, spent_before, starts_before, spent[w], starts[w]};
      try {
        for (;;) {
          if (stop.load()) break;
          const int t = next.fetch_add(1);
          helping = t >= int(todo.size());
          if (!helping) {
            i = todo[t];
          } else {
            if constexpr (!kSharedTable) break;  // (tables of its own: helping would repeat the search)
            i = -1;
            for (int o = 0; o < k && i < 0; ++o) {
              const int c = o == w ? -1 : searching[o].load();
              if (c >= 0 && !finished[c].load()) i = c;
            }
            if (i < 0) break;
          }
          searching[w].store(i);
          help.done = &finished[i];
          int v;
          try {
            const int gi = g->play(moves[i]);
            const int known = best_value.load();
            if (g->is_terminal()) v = gi + g->terminal_value();
            else if (known != kNone && !bisection()) v = gi + s->exact_within(frame_lo[i] - gi, frame_hi[i] - gi, known - gi);
            else v = gi + g->root_value(*s);
            g->undo(moves[i]);
          } catch (const Interrupted&) {
            if (!finished[i].load() || stop.load()) throw;
            // Another thread gave this move's value first.  The search
            // was left inside its tree: a fresh one goes on.
            help.done = nullptr;
            searching[w].store(-1);
            i = -1;
            fresh();
            continue;
          }
          help.done = nullptr;
          searching[w].store(-1);
          if (!finished[i].exchange(true)) {
            // The best value finished so far: MTD(f)'s first guess for
            // the moves still to come, as the root's value is one
            // thread's (the best moves' values lie next to it).
            int b = best_value.load();
            while ((b == kNone || (maxing ? v > b : v < b)) && !best_value.compare_exchange_weak(b, v)) {
            }
            lo[i] = hi[i] = v;
          }
          i = -1;
        }
      } catch (...) {
        if (i >= 0 && !helping && !finished[i].exchange(true)) {  // the move being searched keeps what its passes proved
          lo[i] = std::max(lo[i], s->root_lo() + gain[i]);
          hi[i] = std::min(hi[i], s->root_hi() + gain[i]);
        }
        throw;
      }
    });
    for (int i = 0; i < n; ++i)
      if (rep[i] != i) { lo[i] = lo[rep[i]]; hi[i] = hi[rep[i]]; }
    for (int i = 0; i < n; ++i) {
      values[i] = lo[i];
      if (his) his[i] = hi[i];
    }
    for (int w = 0; w < k; ++w) *nodes += spent[w];
    for (int w = 0; w < k; ++w) trick_starts_ += starts[w];
    // The root: the best of its moves' bounds, and the move that holds it.
    int best = 0;
    for (int i = 1; i < n; ++i)
      if (maxing ? lo[i] > lo[best] : hi[i] < hi[best]) best = i;
    int root_lo = lo[0], root_hi = hi[0];
    for (int i = 1; i < n; ++i) {
      root_lo = maxing ? std::max(root_lo, lo[i]) : std::min(root_lo, lo[i]);
      root_hi = maxing ? std::max(root_hi, hi[i]) : std::min(root_hi, hi[i]);
    }
    *value = root_lo;
    if (part) *part = Partial{root_lo < root_hi, root_lo, root_hi, move_code(r, moves[best]), 1};
    if (rethrow(out) && part) part->cut = 1;
  }

  // What on_threads() saw: each thread's exception (or none), and whether
  // the binding's poll asked to stop.
  struct ThreadsOutcome {
    std::vector<std::exception_ptr> failed;
    bool user_stop = false;
  };
  // body(w, poll, stop, tables) on k threads, w = 0 on the calling thread:
  // each thread's searches use `poll` (the calling thread's also runs the
  // binding's poll) and its body stops taking work once `stop` is set;
  // `tables` is the Solver's one table, shared while the threads run (65,
  // 83: TTable::share, grown together at the Gate), or a game's own per
  // thread (66).  A thread that throws stops the others at their next
  // poll.  Each thread's CPU time goes to last_cpu_.
  template <class Body>
  ThreadsOutcome on_threads(int k, Body&& body) {
    ThreadsOutcome out;
    out.failed.assign(k, nullptr);
    std::atomic<bool> stop{false};
    struct Shared {
      const Poll* inner;
      std::atomic<bool>* stop;
      bool* user_stop;
      Gate* gate;
    };
    const auto stop_poll = [](void* ctx, std::uint64_t nodes) -> int {
      Shared& sh = *static_cast<Shared*>(ctx);
      sh.gate->poll();
      if (sh.stop->load(std::memory_order_relaxed)) return 1;
      if (sh.inner && sh.inner->fn && sh.inner->fn(sh.inner->ctx, nodes)) {
        *sh.user_stop = true;
        sh.stop->store(true);
        return 1;
      }
      return 0;
    };
    std::vector<double> cpu(k, 0.0);
    Gate gate(tables_, k);
    if constexpr (kSharedTable) tables_.search_table().share(true);
    struct Unshare {
      Solver& s;
      ~Unshare() {
        if constexpr (kSharedTable) s.tables_.search_table().share(false);
      }
    } unshare{*this};
    const auto work = [&](int w) {
      struct Clock {  // the thread's CPU time, on every way out
        double& out;
        double t0;
        ~Clock() { out = thread_cpu_seconds() - t0; }
      } clock{cpu[w], thread_cpu_seconds()};
      Shared sh{w == 0 ? &poll_ : nullptr, &stop, &out.user_stop, &gate};
      const Poll poll{+stop_poll, &sh};
      Tables& tables = w == 0 || kSharedTable ? tables_ : *extra_[w - 1];
      struct Leave {
        Gate& g;
        ~Leave() { g.leave(); }
      } leave{gate};
      try {
        body(w, poll, stop, tables);
      } catch (...) {
        out.failed[w] = std::current_exception();
        stop.store(true);
      }
    };
    std::vector<std::thread> pool;
    for (int w = 1; w < k; ++w) pool.emplace_back(work, w);
    work(0);
    for (auto& t : pool) t.join();
    last_cpu_.insert(last_cpu_.end(), cpu.begin(), cpu.end());
    return out;
  }
  // Rethrow what stopped on_threads(): Interrupted if the binding's poll
  // asked, else an error of a thread's; true if a limit was reached (the
  // caller reports it), false if nothing stopped them.
  static bool rethrow(const ThreadsOutcome& out) {
    if (out.user_stop) throw Interrupted{};
    std::exception_ptr limit, other;
    for (const std::exception_ptr& failed : out.failed) {
      if (!failed) continue;
      try {
        std::rethrow_exception(failed);
      } catch (const LimitReached&) {
        limit = failed;
      } catch (const Interrupted&) {
        // stopped because another thread stopped: that thread's reason counts
      } catch (...) {
        other = failed;
      }
    }
    if (other) std::rethrow_exception(other);
    return bool(limit);
  }

  // Growing a table shared by threads (TTable::share): the table grows in
  // place, moving entries between buckets, which no other thread may see
  // half done.  So a thread that finds it full at a poll waits there until
  // every thread still searching has come to a poll too (or finished); then
  // they grow it together, each moving the entries of the next part of the
  // buckets left, and go on once every part is done.  At a poll a thread
  // holds no bucket and no pointer into the table.  (Moving the entries
  // touches the new half's pages, which the system zeroes on first touch:
  // one thread alone doing it left the others idle, some 15-20% of the
  // wall time of a full deal's every-card values on two threads.)
  struct Gate {
    static constexpr std::size_t kParts = 64;
    Tables& tables;
    int active;
    int waiting = 0;
    bool growing = false;
    std::size_t old_buckets = 0, parts_done = 0;
    std::atomic<std::size_t> next_part{0};
    std::uint64_t epoch = 0;
    std::mutex m;
    std::condition_variable cv;
    Gate(Tables& t, int threads) : tables(t), active(threads) {}
    static constexpr bool kGrows = std::is_same_v<Tables, OneTable<Game>> && GrowsTable<Game>::value;
    bool wanted() {
      if constexpr (kGrows) return tables.search_table().shared_wants_growth();
      else return false;
    }
    // Every thread still searching is here: double the table, then move
    // its entries with the others (the lock held on entry and on return).
    void start(std::unique_lock<std::mutex>& lock) {
      if constexpr (kGrows) old_buckets = tables.search_table().start_growth();
      next_part = 0;
      parts_done = 0;
      growing = true;
      cv.notify_all();
      work(lock);
    }
    // Move parts until none is left, then wait until every part is done.
    void work(std::unique_lock<std::mutex>& lock) {
      const std::uint64_t e = epoch;
      lock.unlock();
      std::size_t done = 0;
      for (std::size_t p; (p = next_part.fetch_add(1)) < kParts; ++done) {
        if constexpr (kGrows)
          tables.search_table().grow_part([](const typename Game::Key& k) { return Game::hash(k); }, old_buckets,
                                          old_buckets * p / kParts, old_buckets * (p + 1) / kParts);
      }
      lock.lock();
      parts_done += done;
      if (done > 0 && parts_done == kParts) {  // (only the part that completes the growth ends it)
        growing = false;
        waiting = 0;
        ++epoch;
        cv.notify_all();
      } else {
        cv.wait(lock, [&] { return epoch != e; });
      }
    }
    void poll() {
      if (!wanted()) return;
      std::unique_lock<std::mutex> lock(m);
      if (!wanted()) return;
      const std::uint64_t e = epoch;
      if (++waiting == active) { start(lock); return; }
      cv.wait(lock, [&] { return growing || epoch != e; });
      if (epoch == e) work(lock);
    }
    void leave() {
      std::unique_lock<std::mutex> lock(m);
      --active;
      if (waiting > 0 && waiting == active) start(lock);
    }
  };

  // No limit while it lives (batches), the limit restored on every way out.
  struct Unlimited {
    Solver& s;
    std::uint64_t nodes;
    double seconds;
    explicit Unlimited(Solver& solver) : s(solver), nodes(solver.limit_nodes_), seconds(solver.limit_seconds_) {
      s.set_limit(0, 0);
    }
    ~Unlimited() { s.set_limit(nodes, seconds); }
  };

  Budget budget() const {
    Budget b;
    b.nodes = limit_nodes_;
    if (limit_seconds_ > 0) {
      b.has_deadline = true;
      b.deadline = std::chrono::steady_clock::now() +
                   std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                       std::chrono::duration<double>(limit_seconds_));
    }
    return b;
  }
  // The Partial of a call cut by its limit (the game offset added).  The
  // move is named by the root's Game code; the Game is inside the tree
  // now, but a move code depends only on the root's deal (83: its card
  // map), never on the position searched.
  void cut(Run& r, int off, Partial* part) {
    if (!part) return;
    *part = Partial{1, r.search.root_lo() + off, r.search.root_hi() + off, move_code(r, r.search.root_move()),
                    int(r.search.root_proved())};
  }
  static int move_code(const Run& r, int move) {
    if (move < 0) return -1;
    if constexpr (kHas<Game, MoveCodeHook>) return r.game.move_code(move);
    else return move;
  }

  Game make(const Deal& d) { return make_with(d, tables_); }
  static Game make_with(const Deal& d, Tables& tables) {
    if constexpr (std::is_constructible_v<Game, const Deal&, Tables&>) return Game(d, tables);
    else { (void)tables; return Game(d); }
  }
  static constexpr bool bisection() {
    if constexpr (kHas<Game, BisectionHook>) return Game::kBisection;
    else return false;
  }
  static int offset(const Deal& d) {
    if constexpr (kHas<Game, ValueOffsetHook>) return Game::value_offset(d);
    else return 0;
  }
  static std::uint64_t extra_nodes(const Game& g) {
    if constexpr (kHas<Game, ExtraNodesHook>) return g.extra_nodes();
    else return 0;
  }
  static std::uint64_t trick_starts_of(const Game& g) {
    if constexpr (kHas<Game, TrickStartsHook>) return g.trick_starts();
    else return 0;
  }

  Tables tables_;
  std::size_t table_cap_;
  int threads_ = 1;
  std::vector<std::unique_ptr<Tables>> extra_;  // the tables of threads 2..threads_
  std::vector<double> last_cpu_;
  std::uint64_t trick_starts_ = 0;

  static double thread_cpu_seconds() {
#if defined(CLOCK_THREAD_CPUTIME_ID)
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
#else
    return 0.0;
#endif
  }
  std::uint64_t limit_nodes_ = 0;
  double limit_seconds_ = 0;
};

}  // namespace openhand
