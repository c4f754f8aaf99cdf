// nodes_sixtyfive.cpp: the value of 65 positions read from a file, one
// per line ("N E S W LEADER TRICKS": hand masks, the leader, the tricks
// left), each with a fresh Solver (a 512 MiB cap, or TABLE_MB), printing "TRICKS VALUE
// NODES SECONDS" per line (SECONDS: the solving thread's CPU time) and the
// totals; with TARGET, "can N-S reach TARGET?" instead of the value (VALUE
// 1 or 0: the benchmarks' 33 and 41 questions), or with TARGET "cards"
// every first card's value (Solver::move_values; VALUE the position's,
// NODES those of the root and every move).  The scratch driver of benchmarks/README.md's search experiments
// (node counts; callgrind's instruction counts of the whole process):
//
//   python -c "from openhand.sixtyfive import random_position as r
//   for s in range(10):
//       p = r(seed=s, tricks_left=9)
//       print(*[sum(1 << int(c) for c in h) for h in p.hands], p.leader, 9)" > p9.txt
//   c++ -O3 -std=c++17 -mpopcnt -I csrc benchmarks/nodes_sixtyfive.cpp -o nodes65
//   ./nodes65 p9.txt [OBJECTIVE [TABLE_MB [TARGET]]]   # OBJECTIVE 1: the tricks objective
//   valgrind --tool=callgrind ./nodes65 p9.txt
#include <time.h>
#include <cstdio>
#include <cstdlib>
#include <string>
#include "sixtyfive/game.hpp"
#include "solver.hpp"
int main(int argc, char** argv) {
  using namespace openhand::sixtyfive;
  if (argc < 2) { std::fprintf(stderr, "usage: %s POSITIONS [OBJECTIVE [TABLE_MB [TARGET | cards]]]\n", argv[0]); return 2; }
  FILE* f = std::fopen(argv[1], "r");
  if (!f) { std::perror(argv[1]); return 2; }
  int objective = argc > 2 ? std::atoi(argv[2]) : 0;
  const long table_mb = argc > 3 ? std::atol(argv[3]) : 512;
  if (table_mb < 1) { std::fprintf(stderr, "TABLE_MB must be a positive number of MiB\n"); return 2; }
  const bool cards = argc > 4 && std::string(argv[4]) == "cards";
  const bool question = argc > 4 && !cards;
  const int target = question ? std::atoi(argv[4]) : 0;
  unsigned long long h[4]; int leader, tricks;
  const auto cpu = [] {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
  };
  double tt = 0; unsigned long long tn = 0;
  while (std::fscanf(f, "%llu %llu %llu %llu %d %d", &h[0], &h[1], &h[2], &h[3], &leader, &tricks) == 6) {
    Deal d{};
    for (int i = 0; i < 4; ++i) d.hands[i] = h[i];
    d.leader = leader; d.objective = objective;
    openhand::Solver<Game> solver(std::size_t(table_mb) << 20);
    std::uint64_t nodes = 0;
    const double t0 = cpu();
    int v;
    if (cards) {
      int moves[openhand::kMoveValues], values[openhand::kMoveValues];
      solver.move_values(d, &v, moves, values, &nodes);
    } else {
      v = question ? int(solver.at_least(d, target, &nodes)) : solver.value(d, &nodes);
    }
    const double t = cpu() - t0;
    tt += t; tn += nodes;
    std::printf("%d %d %llu %.3f %llu\n", tricks, v, (unsigned long long)nodes, t, (unsigned long long)solver.trick_starts());
    std::fflush(stdout);
  }
  std::printf("total %llu %.3f\n", tn, tt);
}
