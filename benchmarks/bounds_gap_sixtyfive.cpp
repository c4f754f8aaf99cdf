// bounds_gap_sixtyfive.cpp: how loose 65's quick bounds are at trick
// starts.  For positions read from a file (nodes_sixtyfive.cpp's format,
// "N E S W LEADER TRICKS"), the mean distance of the exact value (points
// objective) from full_bounds()'s lower and upper bound; and the same
// bounds capped by what a side can gain winning at most W tricks, W from
// the exact value of the skeleton (the tricks objective): a side winning
// w tricks gains at most 2 a trick it wins plus the points of the
// opponents' winning cards in the others, plus the last trick's bonus.
// (Sound: a side's skeleton-optimal strategy holds the other side to its
// count.)  Also the bounds with the caps of refine_bounds() for a window
// next to each bound (so that every cap is tried): their distance from
// the value, how many positions they tightened, and a check that every
// bound holds (exit status 1 and the first failing line otherwise).  The
// benchmarks/README.md figures (65's "Quick tricks for the points
// objective"; the thirtieth session's strategy caps):
//
//   python -c "from openhand.sixtyfive import random_position as r
//   for s in range(300):
//       p = r(seed=1000 + s, tricks_left=4)
//       print(*[sum(1 << int(c) for c in h) for h in p.hands], p.leader, 4)" > q4.txt
//   c++ -O2 -std=c++17 -mpopcnt -I csrc benchmarks/bounds_gap_sixtyfive.cpp -o gap65
//   ./gap65 q4.txt
//
// and 30,000 trick starts of 3 to 6 tricks, half of them random deals
// played down, half dealt from every ace and king and random others:
//
//   python -c "import random; from openhand.sixtyfive import random_position as r
//   for i in range(30000):
//       g, t = random.Random(i), 3 + i % 4
//       if i % 2 == 0:
//           p = r(seed=70000 + i, tricks_left=t); print(*[sum(1 << int(c) for c in h) for h in p.hands], p.leader, t)
//           continue
//       c = [16 * s + k for s in range(4) for k in (13, 14)]
//       c += g.sample([16 * s + k for s in range(4) for k in range(3, 13)], 4 * t - 8); g.shuffle(c)
//       print(*[sum(1 << x for x in c[h * t:(h + 1) * t]) for h in range(4)], g.randrange(4), t)" > mixed.txt
//   ./gap65 mixed.txt
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
  double below = 0, above = 0, below_w = 0, above_w = 0, below_r = 0, above_r = 0;
  int tightened = 0;
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
    Game g(d);
    g.full_bounds(lo, hi);
    const int total = kTrickPoints * tricks + kLastTrickBonus;
    const int hi_w = std::min(hi, gain_winning_at_most(h[1] | h[3], tricks, w));
    const int lo_w = std::max(lo, total - gain_winning_at_most(h[0] | h[2], tricks, tricks - w));
    if (lo_w > v || hi_w < v) { std::fprintf(stderr, "unsound bound: %d <= %d <= %d fails\n", lo_w, v, hi_w); return 1; }
    int lo_r = lo, hi_r = hi;
    if (lo < hi) g.refine_bounds(hi - 1, lo + 1, lo_r, hi_r);  // (right after its bounds)
    if (lo_r > v || hi_r < v) {
      std::fprintf(stderr, "line %d: unsound refined bound: %d <= %d <= %d fails\n", n + 1, lo_r, v, hi_r);
      return 1;
    }
    tightened += lo_r > lo || hi_r < hi;
    below += v - lo; above += hi - v; below_w += v - lo_w; above_w += hi_w - v; below_r += v - lo_r; above_r += hi_r - v;
    ++n;
  }
  std::printf("%d positions: value - lower %.2f, upper - value %.2f; with the skeleton's count %.2f, %.2f;\n"
              "  with refine_bounds()' caps %.2f, %.2f (tightened in %d positions; every bound holds)\n", n,
              below / n, above / n, below_w / n, above_w / n, below_r / n, above_r / n, tightened);
}
