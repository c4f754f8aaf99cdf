// nodes_eightythree.cpp: the value of Eighty-Three play positions read from
// a file, one per line ("N E S W TRUMP BIDDER LEADER": hand masks in the
// Python card ids, trick starts), each with a fresh Solver (8 MiB, the
// play solver's default), printing "VALUE NODES SECONDS" per line
// (SECONDS: the solving thread's CPU time) and the totals.  The scratch
// driver of benchmarks/README.md's Eighty-Three search experiments (node
// counts are deterministic; -DOPENHAND_TRACE prints per tricks left the
// nodes and the cuts by quick bounds and table, inside tricks and at
// trick starts, and where the cutoffs fell):
//
//   PYTHONPATH=src python -c "from openhand.eightythree.deal import random_play_position as r
//   from openhand.eightythree.solver import _spec
//   for i in range(300):
//       hands, trump, bidder, leader, _ = _spec(r(seed=i, tricks_left=6))
//       print(*hands, trump, bidder, leader)" > e6.txt
//   c++ -O2 -std=c++17 -mpopcnt -I csrc benchmarks/nodes_eightythree.cpp -o nodes83
//   ./nodes83 e6.txt
#include <time.h>
#include <cstdio>
#include "eightythree/game.hpp"
#include "solver.hpp"
int main(int argc, char** argv) {
  using namespace openhand::eightythree;
  if (argc < 2) { std::fprintf(stderr, "usage: %s POSITIONS\n", argv[0]); return 2; }
  FILE* f = std::fopen(argv[1], "r");
  if (!f) { std::perror(argv[1]); return 2; }
  const auto cpu = [] {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
  };
  unsigned long long h[4];
  int trump, bidder, leader;
  double tt = 0;
  unsigned long long tn = 0;
  while (std::fscanf(f, "%llu %llu %llu %llu %d %d %d", &h[0], &h[1], &h[2], &h[3], &trump, &bidder, &leader) == 7) {
    Deal d{};
    for (int i = 0; i < 4; ++i) d.hands[i] = h[i];
    d.trump = trump; d.bidder = bidder; d.leader = leader; d.ntrick = 0;
    openhand::Solver<Game> solver(std::size_t(8) << 20);
    std::uint64_t nodes = 0;
    const double t0 = cpu();
    const int v = solver.value(d, &nodes);
    const double t = cpu() - t0;
    tt += t; tn += nodes;
    std::printf("%d %llu %.4f\n", v, (unsigned long long)nodes, t);
  }
  std::printf("total %llu %.3f\n", tn, tt);
}
