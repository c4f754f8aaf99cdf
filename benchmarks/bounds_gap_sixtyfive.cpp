// bounds_gap_sixtyfive.cpp: how loose 65's quick bounds are at trick
// starts.  For positions read from a file (nodes_sixtyfive.cpp's format,
// "N E S W LEADER TRICKS"), the mean distance of the exact value (points
// objective) from full_bounds()'s lower and upper bound; and the same
// bounds capped by what a side can gain winning at most W tricks, W from
// the exact value of the skeleton (the tricks objective): a side winning
// w tricks gains at most 2 a trick it wins plus the points of the
// opponents' winning cards in the others, plus the last trick's bonus.
// (Sound: a side's skeleton-optimal strategy holds the other side to its
// count.)  The benchmarks/README.md figure (65's "Quick tricks for the
// points objective"):
//
//   python -c "from openhand.sixtyfive import random_position as r
//   for s in range(300):
//       p = r(seed=1000 + s, tricks_left=4)
//       print(*[sum(1 << int(c) for c in h) for h in p.hands], p.leader, 4)" > q4.txt
//   c++ -O2 -std=c++17 -mpopcnt -I csrc benchmarks/bounds_gap_sixtyfive.cpp -o gap65
//   ./gap65 q4.txt
#include <algorithm>
#include <cstdio>
#include "sixtyfive/game.hpp"
#include "solver.hpp"
using namespace openhand;
using namespace openhand::sixtyfive;

// At most what a side gains against opponents holding `opp` in `tricks`
// tricks when it wins at most `most` of them.
static int gain_winning_at_most(Mask opp, int tricks, int most) {
  int p[48], n = 0;
  for (int c : cards_of(opp)) p[n++] = card_points(c);
  std::sort(p, p + n, [](int a, int b) { return a > b; });
  int best = 0;
  for (int w = 0; w <= std::min(most, tricks); ++w) {
    int g = kTrickPoints * w;
    for (int i = 0; i < tricks - w && i < n; ++i) g += p[i];
    best = std::max(best, g);
  }
  return best + kLastTrickBonus;
}

int main(int argc, char** argv) {
  if (argc < 2) { std::fprintf(stderr, "usage: %s POSITIONS\n", argv[0]); return 2; }
  FILE* f = std::fopen(argv[1], "r");
  if (!f) { std::perror(argv[1]); return 2; }
  unsigned long long h[4];
  int leader, tricks, n = 0;
  double below = 0, above = 0, below_w = 0, above_w = 0;
  while (std::fscanf(f, "%llu %llu %llu %llu %d %d", &h[0], &h[1], &h[2], &h[3], &leader, &tricks) == 6) {
    Deal d{};
    for (int i = 0; i < 4; ++i) d.hands[i] = h[i];
    d.leader = leader;
    std::uint64_t nodes = 0;
    d.objective = kTricks;
    const int w = Solver<Game>(std::size_t(64) << 20).value(d, &nodes);  // tricks N-S take
    d.objective = kPoints;
    const int v = Solver<Game>(std::size_t(64) << 20).value(d, &nodes) - ns_points_held(d);
    int lo, hi;
    Game(d).full_bounds(lo, hi);
    const int total = kTrickPoints * tricks + kLastTrickBonus;
    const int hi_w = std::min(hi, gain_winning_at_most(h[1] | h[3], tricks, w));
    const int lo_w = std::max(lo, total - gain_winning_at_most(h[0] | h[2], tricks, tricks - w));
    if (lo_w > v || hi_w < v) { std::fprintf(stderr, "unsound bound: %d <= %d <= %d fails\n", lo_w, v, hi_w); return 1; }
    below += v - lo; above += hi - v; below_w += v - lo_w; above_w += hi_w - v; ++n;
  }
  std::printf("%d positions: value - lower %.2f, upper - value %.2f; with the skeleton's count %.2f, %.2f\n", n,
              below / n, above / n, below_w / n, above_w / n);
}
