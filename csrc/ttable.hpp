// ttable.hpp: a transposition table of value bounds with a memory cap.
//
// Entries hold a lower and an upper bound on a position's value plus the
// best move found.  The searches store only values that depend on the
// position alone (never on the path to it), so an entry stays true for every
// later search, whatever deal or target it came from: the table never needs
// clearing and can be shared across many solves on one thread.
//
// Layout: buckets of Ways entries (4 by default); a new position replaces the
// entry of the bucket with the least remaining depth (shallow results are
// cheap to redo), among equals the first from a slot that turns.  A bucket
// fills from its front and no entry is ever emptied (stored depths are at
// least 1), so its entries in use are a prefix: probes and stores stop at
// the first empty one, which makes a mostly empty table (a small endgame in
// a large bucket) cheap to probe.  Large buckets (16 ways or more: 65's)
// also keep a filter tag per entry, so that a probe reads only the
// entries that may match (TableBucket).
//
// Matching: a probe finds the entries whose key table_match()es the probed
// one.  By default that is equality.  A game whose keys describe classes of
// positions (65: entries that leave some low cards unnamed, see
// sixtyfive/key.hpp) overloads table_match() for its Key type; then several
// entries may match one position, each with bounds true for all of it, and
// lookup() intersects them (probe_all() hands each one to the caller, as
// partition search needs).  store() merges only into an equal key.
#pragma once
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <stdexcept>
#include <type_traits>
#include <vector>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace openhand {

// Does the stored key answer for the probed position?  Overloaded (found by
// argument-dependent lookup) by games whose stored keys name classes.
template <class Key>
inline bool table_match(const Key& stored, const Key& probe) { return stored == probe; }
// Does the class `general` hold every position of the class `specific`?
template <class Key>
inline bool table_covers(const Key& general, const Key& specific) { return general == specific; }

// Tables' memory kept between solvers.  A table's memory is mapped once
// at its cap and the system zeroes each page on first touch; on this
// project's hosts that first touch cost 7-17% of a full 65 deal's time (a
// virtual machine whose host backs a guest's freed pages anew), and every
// fresh Solver paid it again.  So a freed table's mapping is kept, with
// the bytes its table used, and the next table of the same cap takes it,
// zeroing those bytes as it comes to use them (its pages already backed:
// a tenth of the cost), as DDS keeps its memory between boards.  At most
// kKeptTables are kept (one Solver's tables: 66 has two), the most
// recently freed; release_kept_tables() hands them back to the system
// (Python: openhand.release_memory()).
struct KeptTable {
  void* raw;            // the mapping (as mmap returned it)
  std::size_t mapped;   // its length
  void* start;          // where the entries start in it
  std::size_t touched;  // the bytes from start its table used
};
constexpr std::size_t kKeptTables = 2;
inline std::mutex& kept_tables_mutex() {
  static std::mutex m;
  return m;
}
inline std::vector<KeptTable>& kept_tables() {
  static std::vector<KeptTable> kept;
  return kept;
}
// Unmap every kept table; returns the bytes their tables had used.
inline std::size_t release_kept_tables() {
  std::lock_guard<std::mutex> lock(kept_tables_mutex());
  std::size_t bytes = 0;
  for (const KeptTable& k : kept_tables()) {
    bytes += k.touched;
#if defined(__linux__)
    munmap(k.raw, k.mapped);
#endif
  }
  kept_tables().clear();
  return bytes;
}

// The memory of a table of buckets of kWays entries (any Entry type whose
// all-zero bytes mean "empty"), shared by TTable and the games' own tables.
// It never grows past max_bytes.  The whole cap is mapped once, untouched
// (the system hands out zeroed pages as they are first written), and the
// table uses a prefix of it: it starts small and grows (losing its
// contents) when reserve() asks for more, so a small endgame does not pay
// for touching a large table, and double_buckets() grows it in place for a
// caller that moves the entries itself (TTable::grow()).
template <class Entry, int kWays>
class BucketMemory {
 public:
  static constexpr std::size_t kLine = 64;
  static constexpr std::size_t kHuge = std::size_t(2) << 20;

  // `initial`: the entries it starts with room for (see reserve()).
  explicit BucketMemory(std::size_t max_bytes, std::size_t initial = std::size_t(1) << 12) {
    if (max_bytes < sizeof(Entry) * kWays) throw std::invalid_argument("table memory cap too small");
    // (Divided, not multiplied: a cap near 2^64 bytes must not overflow.)
    while (cap_buckets_ <= max_bytes / (2 * kWays * sizeof(Entry))) cap_buckets_ *= 2;
    // The cap is a limit, not a promise: a cap beyond what the system will
    // map (an address space of some 128 TiB) maps what it will.
    while (!allocate(cap_buckets_ * kWays * sizeof(Entry))) {
      if (cap_buckets_ * kWays <= initial) throw std::bad_alloc();
      cap_buckets_ /= 2;
    }
    reserve(initial);
  }

  // A freed table's mapping is kept for the next (see KeptTable), with the
  // bytes that may hold entries: those it used (bytes() only grows, so none
  // beyond it was written) and those still stale from the mapping's last
  // table.
  ~BucketMemory() {
    if (entries_) entries_.get_deleter().touched = std::max(bytes(), stale_);
  }
  BucketMemory(const BucketMemory&) = delete;
  BucketMemory& operator=(const BucketMemory&) = delete;

  // Make room for about `entries` entries (within the cap); a table that
  // grows here starts empty.
  void reserve(std::size_t entries) {
    std::size_t buckets = 1;
    while (buckets * kWays < entries && buckets < cap_buckets_) buckets *= 2;
    if (buckets <= mask_ + 1) return;
    std::memset(static_cast<void*>(entries_.get()), 0, bytes());  // pages already touched
    mask_ = buckets - 1;
    zero_stale();
  }

  // Twice as many buckets, keeping every entry where it is: the new ones
  // (never used, so zero) are empty.  Only while can_double().
  void double_buckets() {
    mask_ = 2 * mask_ + 1;
    zero_stale();
  }

  std::size_t bytes() const { return (mask_ + 1) * kWays * sizeof(Entry); }
  std::size_t buckets() const { return mask_ + 1; }
  std::size_t entries() const { return (mask_ + 1) * kWays; }
  // Could the memory hold twice as many entries within the cap?
  bool can_double() const { return mask_ + 1 < cap_buckets_; }
  std::size_t cap_buckets() const { return cap_buckets_; }

  // The kWays entries of hash's bucket.
  Entry* bucket(std::uint64_t hash) { return &entries_.get()[(hash & mask_) * kWays]; }
  const Entry* bucket(std::uint64_t hash) const { return &entries_.get()[(hash & mask_) * kWays]; }

  // Hint the cache about the bucket a later probe or store will read: its
  // first kPrefetchLines lines.  A bucket's entries in use are a prefix
  // of it, and a 65 probe reads 11-14 entries on average (2 a line), so
  // fetching all 32 lines of a 64-way bucket mostly fetched what no probe
  // read, and the prefetches queued behind one another: 8 lines took 8%
  // less user time on 65's full deals 0, 1, 4, 5, 6 (4% on the skeleton's
  // 50 deals; 6 to 12 lines alike; also prefetching ahead while a probe
  // scans past them: 2-3% slower).  With 65's filter tags (TableBucket)
  // the first line holds the tags and 7 hold the first 14 entries: 4, 6
  // or 10 lines took 1.024x, 1.016x, 1.002x the time of 8.
  static constexpr std::size_t kPrefetchLines = 8;
  void prefetch(std::uint64_t hash) const {
    const char* b = reinterpret_cast<const char*>(bucket(hash));
    for (std::size_t off = 0; off < std::min(kPrefetchLines * kLine, kWays * sizeof(Entry)); off += kLine)
      __builtin_prefetch(b + off);
  }

 private:
  // Map `bytes` of zeroed memory, aligned to cache lines (to 2 MB pages
  // when large); false if the system refuses.
  bool allocate(std::size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    // A large table on 2 MB pages: probes land at random, and with 4 KB
    // pages nearly every probe of a table of tens of MB also misses the TLB
    // and waits for a page walk.  Anonymous mmap memory comes zeroed (every
    // entry empty), as calloc's does; the hint is only a hint (the kernel may
    // keep small pages), so correctness never depends on it.
    if (bytes >= kHuge * 2) {
      const std::size_t len = bytes + kHuge;
      if (take_kept(len)) return true;
      void* raw = mmap(nullptr, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      if (raw == MAP_FAILED) return false;
      const std::uintptr_t p = (reinterpret_cast<std::uintptr_t>(raw) + kHuge - 1) & ~std::uintptr_t(kHuge - 1);
      madvise(reinterpret_cast<void*>(p), bytes, MADV_HUGEPAGE);
      entries_.reset(reinterpret_cast<Entry*>(p));
      entries_.get_deleter().raw = raw;
      entries_.get_deleter().mapped = len;
      return true;
    }
#endif
    // Cache-line aligned (calloc promises only 16 bytes): a bucket then
    // spans whole lines, all of which prefetch() fetches, instead of
    // straddling one more line that a probe would wait for.  calloc, not
    // aligned_alloc + memset: a large zeroed block comes as untouched pages.
    void* raw = std::calloc(bytes + kLine, 1);
    if (!raw) return false;
    const std::uintptr_t p = (reinterpret_cast<std::uintptr_t>(raw) + kLine - 1) & ~std::uintptr_t(kLine - 1);
    entries_.reset(reinterpret_cast<Entry*>(p));
    entries_.get_deleter().raw = raw;
    entries_.get_deleter().mapped = 0;
    return true;
  }

  // A kept table's mapping of length len (see KeptTable), its stale bytes
  // to be zeroed as the table comes to use them; false if none is kept.
  bool take_kept(std::size_t len) {
    std::unique_lock<std::mutex> lock(kept_tables_mutex());
    std::vector<KeptTable>& kept = kept_tables();
    for (std::size_t i = 0; i < kept.size(); ++i) {
      if (kept[i].mapped != len) continue;
      const KeptTable k = kept[i];
      kept.erase(kept.begin() + std::ptrdiff_t(i));
      lock.unlock();
      entries_.reset(static_cast<Entry*>(k.start));
      entries_.get_deleter().raw = k.raw;
      entries_.get_deleter().mapped = k.mapped;
      stale_ = k.touched;
      zeroed_ = 0;
      zero_stale();  // the bucket in use before reserve()
      return true;
    }
    return false;
  }

  struct Free {
    void* raw = nullptr;        // the block calloc or mmap returned (entries start in it)
    std::size_t mapped = 0;     // its length if mmap'ed, else 0
    std::size_t touched = 0;    // the bytes the table used (set as it is freed)
    void operator()(Entry* start) const {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
      if (mapped) {
        // Kept, the oldest kept one unmapped if there are too many.
        KeptTable oldest{nullptr, 0, nullptr, 0};
        {
          std::lock_guard<std::mutex> lock(kept_tables_mutex());
          std::vector<KeptTable>& kept = kept_tables();
          if (kept.size() >= kKeptTables) {
            oldest = kept.front();
            kept.erase(kept.begin());
          }
          kept.push_back(KeptTable{raw, mapped, start, touched});
        }
        if (oldest.raw) munmap(oldest.raw, oldest.mapped);
        return;
      }
#endif
      std::free(raw);
    }
  };
  std::unique_ptr<Entry, Free> entries_;
  std::size_t mask_ = 0;         // buckets in use - 1
  std::size_t cap_buckets_ = 1;  // buckets mapped (a power of two)
  // A kept mapping (see KeptTable) holds its last table's entries in its
  // first stale_ bytes; the table zeroes them as it comes to use them
  // (zero_stale(): the first zeroed_ are done), so a small table on a
  // large kept mapping zeroes only what it uses.
  std::size_t stale_ = 0, zeroed_ = 0;
  // Called as the table grows.  A table that grows into memory never
  // touched first hands back the kept ones (release_kept_tables()), so
  // that kept memory never adds to what live tables use: the process's
  // peak stays that of its live tables.
  void zero_stale() {
    if (bytes() > stale_) release_kept_tables();
    const std::size_t used = std::min(bytes(), stale_);
    if (zeroed_ >= used) return;
    std::memset(reinterpret_cast<char*>(entries_.get()) + zeroed_, 0, used - zeroed_);
    zeroed_ = used;
  }
};

// One spinlock per bucket, for a table shared by threads (TTable::share).
class BucketLocks {
 public:
  void resize(std::size_t buckets) {
    if (buckets <= n_) return;
    locks_.reset(new std::atomic<std::uint8_t>[buckets]);
    for (std::size_t i = 0; i < buckets; ++i) locks_[i].store(0, std::memory_order_relaxed);
    n_ = buckets;
  }
  void lock(std::size_t b) {
    std::atomic<std::uint8_t>& l = locks_[b];
    while (l.exchange(1, std::memory_order_acquire))
      while (l.load(std::memory_order_relaxed)) {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
      }
  }
  void unlock(std::size_t b) { locks_[b].store(0, std::memory_order_release); }
  // Start fetching b's lock (its line is written when the lock is taken).
  void prefetch(std::size_t b) const { __builtin_prefetch(&locks_[b], 1); }

 private:
  std::unique_ptr<std::atomic<std::uint8_t>[]> locks_;
  std::size_t n_ = 0;
};

// A bucket of TTable: kWays entries.  A large bucket (65's 64 ways) also
// keeps a filter tag of each entry (the top 8 bits of the hash it was
// stored under, never 0; 0 marks an empty entry) in a block of its own at
// its start.  Keys that match or cover one another share their hash
// (every game's hash covers only what its keys keep exact), so only
// entries of the probe's tag are read: a probe compares the block's tags
// at once (one cache line for 64 ways) instead of walking every entry in
// use.  (65's full deals: a probe walked 18 entries on average, of which
// 6 had the probe's hash and 0.8 matched.  Full deals 0-19, the
// package's paired runs: with 16-bit tags, exact value 0.937x the time,
// the 33 question 0.923x; 8-bit tags 0.993x again; node counts
// identical.)
template <class Entry, int kWays, bool kTagged = (kWays >= 16)>
struct TableBucket {
  static constexpr bool kHasTags = false;
  Entry e[kWays];
};
template <class Entry, int kWays>
struct TableBucket<Entry, kWays, true> {
  static constexpr bool kHasTags = true;
  static constexpr int kTagSlots = (kWays + 15) / 16 * 16;  // whole blocks of 16 tags (the unused ones stay 0)
  alignas(16) std::uint8_t tags[kTagSlots];
  Entry e[kWays];
  // The tag of an entry stored under `hash` (never 0: that marks an empty
  // entry).  From the hash's top bits: a bucket's entries share its low
  // ones (the bucket's index).
  static std::uint8_t tag_of(std::uint64_t hash) {
    const std::uint8_t t = static_cast<std::uint8_t>(hash >> 56);
    return t ? t : 1;
  }
  // The entries whose tag is t (bit i: entry i), in one pass over the tags.
  std::uint64_t with_tag(std::uint8_t t) const {
    std::uint64_t m = 0;
#if defined(__SSE2__)
    const __m128i tv = _mm_set1_epi8(static_cast<char>(t));
    for (int k = 0; k < kTagSlots / 16; ++k) {
      const __m128i a = _mm_load_si128(reinterpret_cast<const __m128i*>(tags + 16 * k));
      m |= std::uint64_t(unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(a, tv)))) << (16 * k);
    }
#else
    for (int i = 0; i < kTagSlots; ++i) m |= std::uint64_t(tags[i] == t) << i;
#endif
    return kWays == 64 ? m : m & ((std::uint64_t(1) << kWays) - 1);
  }
};

template <class Key, int Ways = 4>
class TTable {
 public:
  struct Entry {
    Key key;
    std::int16_t lo, hi;
    std::uint8_t move;
    std::uint8_t depth;  // 0 = empty
    std::uint16_t tag;   // bits 8..23 of the hash it was stored under (see splits())
  };
  static constexpr int kWays = Ways;
  static_assert(kWays <= 64, "a bucket's entries are a 64-bit mask");
  using Bucket = TableBucket<Entry, kWays>;

  // (The memory counts in buckets: a cap holds as many as fit whole, with
  // their tags.)
  explicit TTable(std::size_t max_bytes) : mem_(max_bytes, std::max<std::size_t>(1, (std::size_t(1) << 12) / kWays)) {}

  void reserve(std::size_t entries) {
    const std::size_t before = mem_.bytes();
    mem_.reserve((entries + kWays - 1) / kWays);
    if (mem_.bytes() != before) filled_ = 0, evicted_ = 0;  // a new, empty table
  }
  std::size_t bytes() const { return mem_.bytes(); }
  // (While shared, the bucket's lock too: a probe takes it first, and the
  // locks, a byte a bucket, are another random line.)
  void prefetch(std::uint64_t hash) const {
    mem_.prefetch(hash);
    if (shared_) locks_.prefetch(hash & (mem_.buckets() - 1));
  }

  // Growth, for a caller that can tell each stored key's bucket (the hash
  // it was stored under): a search that starts with a small table and
  // grows it as it fills never touches the memory a large cap would allow
  // but a small problem does not need (on this machine zeroing fresh pages
  // cost 0.9 s of a 3.6 s full deal with a 512 MiB table).  A table is
  // worth growing, while the cap allows, once 3/4 of its entries are filled
  // or once full buckets have lost as many entries as 1/1024 of its size
  // since it last grew (kEvictionShare).  A game whose hash leaves out much
  // of its key (65's classes, see sixtyfive/key.hpp) fills some buckets
  // long before the table is 3/4 full: on 65's first 6 full deals under the
  // points objective the second rule took 323.3M -> 286.7M nodes (deal 3
  // 149.1M -> 121.7M), the table growing to its cap where the first rule
  // alone had left it at 64 MiB.  Only a lost entry that twice as many
  // buckets would have kept counts (splits()): 65's classes of one
  // position share its hash, and so its bucket at any size, and losses
  // among them made the table grow to its cap for nothing (nineteenth
  // session: 65's full deals 0, 1, 4, 5, 6 grew to 256 MiB instead of 512,
  // 13.5 s -> 12.1 s with the page faults, +0.6% nodes; the 50 full deals
  // +0.36% nodes, per deal at most +2.4%).
  bool wants_growth() const { return !shared_ && full(); }
  // Shared: growth is the owner's to schedule (start_growth() and
  // grow_part() with every thread at Solver's Gate), when this says so.
  bool shared_wants_growth() const { return shared_ && full(); }

  // Shared by threads (Solver::parallel_moves) while on: every probe and
  // store holds its bucket's lock; reserve() and grow() must not run while
  // another thread uses the table.  Off: as before, one thread, no lock.
  void share(bool on) {
    if (on) locks_.resize(mem_.cap_buckets());
    shared_ = on;
  }
  // Double the table in place: each bucket's entries whose hash
  // (`bucket_of`, the hash a key was stored under) now selects the new
  // bucket beside it move there, the rest stay (in order, so a bucket's
  // entries in use stay a prefix).  Every entry stays true: nothing is lost.
  template <class BucketOf>
  void grow(BucketOf&& bucket_of) {
    const std::size_t old_buckets = start_growth();
    grow_part(bucket_of, old_buckets, 0, old_buckets);
  }
  // The same in parts, for threads that share the table and grow it
  // together (Solver's Gate): start_growth() doubles the buckets and
  // returns how many there were; grow_part() then moves the entries of the
  // old buckets [b0, b1), each part by one thread, and the table is used
  // again only once every part is done.  (The moves touch the new half's
  // pages, which the system zeroes on first touch: the parts share that.)
  std::size_t start_growth() {
    const std::size_t old_buckets = mem_.buckets();
    mem_.double_buckets();
    evicted_ = 0;
    return old_buckets;
  }
  template <class BucketOf>
  void grow_part(BucketOf&& bucket_of, std::size_t old_buckets, std::size_t b0, std::size_t b1) {
    for (std::size_t b = b0; b < b1; ++b) {
      Bucket* here = mem_.bucket(b);
      Bucket* there = mem_.bucket(b + old_buckets);
      int kept = 0, moved = 0, i = 0;
      for (; i < kWays && here->e[i].depth; ++i) {
        const bool move = mem_.bucket(bucket_of(here->e[i].key)) == there;
        const int to = move ? moved++ : kept++;
        Bucket* dest = move ? there : here;
        if constexpr (Bucket::kHasTags) dest->tags[to] = here->tags[i];
        dest->e[to] = here->e[i];
      }
      for (int j = kept; j < i; ++j) {
        here->e[j] = Entry{};
        if constexpr (Bucket::kHasTags) here->tags[j] = 0;
      }
    }
  }

  // The stored bounds and move of key, if any (with class keys: the bounds
  // of every matching entry, intersected, and the first move found).
  bool lookup(const Key& key, std::uint64_t hash, int& lo, int& hi, int& move) const {
    lo = -32768;
    hi = 32767;
    move = 255;
    return probe_all(key, hash, [&](const Entry& e) {
      if (e.lo > lo) lo = e.lo;
      if (e.hi < hi) hi = e.hi;
      if (move == 255) move = e.move;
    }) > 0;
  }

  // Call f(entry) for every entry that matches key; returns how many.  An
  // f that returns bool stops the scan by answering true (the search: an
  // entry settled the node, so the rest of the bucket is not read; on 65's
  // full deals 10% less time, see benchmarks/README.md, twentieth session).
  template <class F>
  int probe_all(const Key& key, std::uint64_t hash, F&& f) const {
    const Bucket* bucket = mem_.bucket(hash);
    const Entry* b = bucket->e;
    const Held held(*this, hash);
    int n = 0;
    const auto visit = [&](int i) {  // true: stop
      if (!table_match(b[i].key, key)) return false;
      ++n;
      if constexpr (std::is_same_v<decltype(f(b[i])), bool>) {
        return f(b[i]);
      } else {
        f(b[i]);
        return false;
      }
    };
    if constexpr (Bucket::kHasTags) {
      for (std::uint64_t c = bucket->with_tag(Bucket::tag_of(hash)); c; c &= c - 1)
        if (visit(__builtin_ctzll(c))) break;
    } else {
      for (int i = 0; i < kWays && b[i].depth; ++i)
        if (visit(i)) break;
    }
    return n;
  }

  // Merge the bounds [lo, hi] for key into the table.  With class keys an
  // entry made redundant by the new one (a class it covers, bounds no
  // tighter) is the one replaced, and a new entry that an old one makes
  // redundant is not stored.
  void store(const Key& key, std::uint64_t hash, int depth, int lo, int hi, int move) {
    Bucket* bucket = mem_.bucket(hash);
    Entry* b = bucket->e;
    const Held held(*this, hash);
    // The entries a new key can meet (one equal to it, one covering it or
    // covered by it), in the bucket's order: with tags, those of its tag
    // (all such entries share its hash); else every entry in use.  Then
    // the first empty entry, else a full bucket's shallowest.
    int stop = -1;  // the entry that settles the store, or -1
    enum { kMerge, kKeep, kReplace } what = kMerge;
    const auto meet = [&](int i) {
      if (b[i].key == key) { stop = i; what = kMerge; return true; }
      if (b[i].lo >= lo && b[i].hi <= hi && table_covers(b[i].key, key)) { stop = i; what = kKeep; return true; }
      if (lo >= b[i].lo && hi <= b[i].hi && table_covers(key, b[i].key)) { stop = i; what = kReplace; return true; }
      return false;
    };
    int empty = -1;
    if constexpr (Bucket::kHasTags) {
      for (std::uint64_t c = bucket->with_tag(Bucket::tag_of(hash)); c; c &= c - 1)
        if (meet(__builtin_ctzll(c))) break;
      if (stop < 0) {
        const std::uint64_t free = bucket->with_tag(0);
        if (free) empty = __builtin_ctzll(free);
      }
    } else {
      for (int i = 0; i < kWays; ++i) {
        if (!b[i].depth) { empty = i; break; }  // the first empty entry: the rest are empty
        if (meet(i)) break;
      }
    }
    if (stop >= 0 && what == kMerge) {
      Entry& e = b[stop];
      if (lo > e.lo) e.lo = static_cast<std::int16_t>(lo);
      if (hi < e.hi) e.hi = static_cast<std::int16_t>(hi);
      if (move >= 0) e.move = static_cast<std::uint8_t>(move);
      return;
    }
    if (stop >= 0 && what == kKeep) return;
    // victim: an entry the new one makes redundant, the first empty one,
    // or of a full bucket's shallowest entries the first from a slot that
    // turns with each such store.  (Where a bucket's entries share one
    // depth, as 65's do, always taking the first froze the others: a 65
    // deal's second MTD(f) pass, needing upper bounds, found its buckets
    // full of the first pass's lower bounds; deal 3 took 283M nodes
    // against 149M turning.)
    const bool redundant = stop >= 0;
    int victim = redundant ? stop : empty;
    if (victim < 0) {
      victim = 0;
      for (int i = 1; i < kWays; ++i)
        if (b[i].depth < b[victim].depth) victim = i;
      const unsigned start = next_turn() % kWays;
      for (int j = 0; j < kWays; ++j) {
        const int i = int((start + unsigned(j)) % kWays);
        if (b[i].depth == b[victim].depth) { victim = i; break; }
      }
    }
    Entry& e = b[victim];
    // (Empty is known from the search above, without reading the entry:
    // a store to a line not yet cached then waits in the store buffer
    // instead of stalling on a load of the entry's depth.  With 65's tags,
    // full deals 0-19 paired, the exact value 0.994x the time, 90%
    // interval 0.991-1.000, node counts identical.)
    if (victim == empty) count(filled_);
    else if (!redundant && splits(e, hash)) count(evicted_);
    if constexpr (Bucket::kHasTags) bucket->tags[victim] = Bucket::tag_of(hash);
    e.key = key;
    e.tag = static_cast<std::uint16_t>(hash >> kTagShift);
    e.lo = static_cast<std::int16_t>(lo);
    e.hi = static_cast<std::int16_t>(hi);
    e.move = static_cast<std::uint8_t>(move < 0 ? 255 : move);
    e.depth = static_cast<std::uint8_t>(depth);
  }

 private:
  // A bucket's lock held for a probe or a store, when shared.
  struct Held {
    const TTable& t;
    std::size_t b;
    Held(const TTable& table, std::uint64_t hash) : t(table), b(hash & (table.mem_.buckets() - 1)) {
      if (t.shared_) t.locks_.lock(b);
    }
    ~Held() {
      if (t.shared_) t.locks_.unlock(b);
    }
  };

  using Memory = BucketMemory<Bucket, 1>;
  Memory mem_;
  // Would twice as many buckets have kept `e` apart from an entry stored
  // under `hash` (in its bucket now)?  Only then does the eviction speak
  // for growing: entries whose hashes agree share a bucket at any size.
  // (A table whose next index bit the tag does not hold, under 2^8 or
  // from 2^24 buckets, asks whether the hashes differ at all.)
  static constexpr int kTagShift = 8;
  bool splits(const Entry& e, std::uint64_t hash) const {
    const int k = __builtin_ctzll(mem_.buckets());  // the bit a doubled table adds to the bucket index
    if (k >= kTagShift && k < kTagShift + 16) return ((e.tag >> (k - kTagShift)) ^ (hash >> k)) & 1;
    return e.tag != static_cast<std::uint16_t>(hash >> kTagShift);
  }
  bool full() const {
    const std::size_t filled = filled_.load(std::memory_order_relaxed);
    const std::size_t evicted = evicted_.load(std::memory_order_relaxed);
    const std::size_t entries = mem_.buckets() * kWays;
    return (filled * 4 >= entries * 3 || evicted * kEvictionShare >= entries) && mem_.can_double();
  }
  // Grow once full buckets have lost 1/kEvictionShare of the table's size
  // in entries (see wants_growth()).  On 65's 50 full deals under the
  // tricks objective, growing at the first loss took 2x the time (zeroing
  // the fresh memory) for 0.3% fewer nodes; at 1/64, 0.8% more nodes
  // than 1/1024 on the first six deals under the points objective.
  static constexpr std::size_t kEvictionShare = 1024;

  // One more in a counter: an atomic add while threads share the table,
  // else a plain load and store (no locked instruction on one thread).
  void count(std::atomic<std::size_t>& n) {
    if (shared_) n.fetch_add(1, std::memory_order_relaxed);
    else n.store(n.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  }
  // store(): where a full bucket's search for a victim starts.  One turn
  // for the table on one thread (no locked instruction); a turn of each
  // thread's own while threads share it, so that no store writes a line
  // the other cores read.
  unsigned next_turn() {
    if (shared_) {
      static thread_local unsigned mine = 0;
      return mine++;
    }
    const unsigned t = turn_.load(std::memory_order_relaxed);
    turn_.store(t + 1, std::memory_order_relaxed);
    return t;
  }
  // The counters, written by stores, on a line of their own: every probe
  // reads the members around them (mem_, shared_), and a line written by
  // one thread is fetched anew by the other.
  alignas(64) std::atomic<std::size_t> filled_{0};  // entries filled so far (none is ever emptied)
  std::atomic<std::size_t> evicted_{0};  // entries full buckets lost since the table last grew
  std::atomic<unsigned> turn_{0};
  alignas(64) bool shared_ = false;
  mutable BucketLocks locks_;
};

}  // namespace openhand
