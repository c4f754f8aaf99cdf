// levels_sixtyfive.cpp: one 65 solve with the search's per-level statistics
// (built by levels_sixtyfive.py with -DOPENHAND_TRACE, which makes every
// Search print, on standard error, the nodes it visited at each number of
// tricks left).  Arguments: the four hand masks (N E S W) and the leader.
// Prints "VALUE NODES SECONDS" on standard output (SECONDS: the CPU time
// of the solving thread, as in the other benchmarks).
#include <time.h>

#include <cstdio>
#include <cstdlib>

#include "sixtyfive/game.hpp"
#include "solver.hpp"

int main(int argc, char** argv) {
  using namespace openhand::sixtyfive;
  if (argc != 7) {
    std::fprintf(stderr, "usage: %s N E S W LEADER TABLE_MB\n", argv[0]);
    return 2;
  }
  Deal d{};
  for (int h = 0; h < 4; ++h) d.hands[h] = std::strtoull(argv[1 + h], nullptr, 10);
  d.leader = std::atoi(argv[5]);
  openhand::Solver<Game> solver(std::size_t(std::atoi(argv[6])) << 20);
  std::uint64_t nodes = 0;
  const auto cpu_seconds = [] {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
  };
  const double start = cpu_seconds();
  const int v = solver.value(d, &nodes);
  const double t = cpu_seconds() - start;
  std::printf("%d %llu %.3f\n", v, static_cast<unsigned long long>(nodes), t);
  return 0;
}
