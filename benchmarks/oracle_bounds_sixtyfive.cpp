// oracle_bounds_sixtyfive.cpp: how many nodes would 65's points search
// take if its quick bounds at trick starts were within D points of the
// exact value?  A research driver, not part of the core: it needs the
// hook of oracle_bounds_sixtyfive.patch, applied to a copy of csrc/ (the
// core itself never carries it).  At every trick start with
// ORACLE_MIN..ORACLE_K tricks left the patched full_bounds() asks a
// second, separate Solver for the exact value (cached per position) and
// narrows its bounds to [value - D, value + D]; such a bound names every
// card in play (so partition search stays sound, and the values stay
// exact: the driver checks nothing, compare its values with nodes65's).
// Only the main search's nodes are printed as the search's; the oracle's
// solves are counted apart.
//
//   mkdir /tmp/oracle && cp -r csrc /tmp/oracle/ && patch -d /tmp/oracle -p1 < benchmarks/oracle_bounds_sixtyfive.patch
//   c++ -O2 -std=c++17 -mpopcnt -DORACLE_MIN=3 -DORACLE_K=5 -DORACLE_D=1 -I /tmp/oracle/csrc \
//       benchmarks/oracle_bounds_sixtyfive.cpp -o oracle65
//   ./oracle65 p9.txt 1        # POSITIONS as nodes_sixtyfive.cpp's; 0: no oracle
#include <array>
#include <cstdio>
#include <cstdlib>
#include <unordered_map>
#include "sixtyfive/game.hpp"
#include "solver.hpp"
using namespace openhand::sixtyfive;
using Position5 = std::array<unsigned long long, 5>;  // the four hands and the leader
struct PositionHash {
  std::size_t operator()(const Position5& a) const noexcept {
    std::uint64_t h = a[4];
    for (int i = 0; i < 4; ++i) h = openhand::mix64(h ^ a[i]);
    return h;
  }
};
static std::unordered_map<Position5, int, PositionHash> cache;
static openhand::Solver<Game>* oracle_solver;
static unsigned long long oracle_calls = 0, oracle_nodes = 0;

int oracle(const openhand::Mask* hands, int leader) {
  const Position5 k{hands[0], hands[1], hands[2], hands[3], (unsigned long long)leader};
  const auto it = cache.find(k);
  if (it != cache.end()) return it->second;
  Deal d{};
  for (int i = 0; i < 4; ++i) d.hands[i] = hands[i];
  d.leader = leader;
  auto* hook = g_oracle;
  g_oracle = nullptr;  // the oracle's own search uses the plain bounds
  std::uint64_t n = 0;
  const int v = oracle_solver->value(d, &n);
  g_oracle = hook;
  ++oracle_calls;
  oracle_nodes += n;
  cache[k] = v;
  return v;
}

int main(int argc, char** argv) {
  if (argc < 2) { std::fprintf(stderr, "usage: %s POSITIONS [USE_ORACLE]\n", argv[0]); return 2; }
  FILE* f = std::fopen(argv[1], "r");
  if (!f) { std::perror(argv[1]); return 2; }
  const bool use = argc > 2 && std::atoi(argv[2]);
  oracle_solver = new openhand::Solver<Game>(std::size_t(256) << 20);
  unsigned long long h[4], total = 0;
  int leader, tricks;
  while (std::fscanf(f, "%llu %llu %llu %llu %d %d", &h[0], &h[1], &h[2], &h[3], &leader, &tricks) == 6) {
    Deal d{};
    for (int i = 0; i < 4; ++i) d.hands[i] = h[i];
    d.leader = leader;
    openhand::Solver<Game> solver(std::size_t(512) << 20);
    std::uint64_t nodes = 0;
    g_oracle = use ? oracle : nullptr;
    const int v = solver.value(d, &nodes);
    g_oracle = nullptr;
    total += nodes;
    std::printf("%d %d %llu\n", tricks, v, (unsigned long long)nodes);
    std::fflush(stdout);
  }
  std::printf("total %llu (oracle: %llu solves, %llu nodes)\n", total, oracle_calls, oracle_nodes);
}
