// Make/undo throughput per rule, with the incremental pattern updates.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "rules/board.h"

using namespace gomoku;

namespace {

/// A fixed pseudo-random game prefix of `n` stones near the centre.
std::vector<Pos> randomPrefix(const Board& b, int n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Pos> moves;
  std::vector<bool> used(CELL_NB);
  int c = b.size() / 2;
  while (int(moves.size()) < n) {
    int x = c + int(rng() % 9) - 4, y = c + int(rng() % 9) - 4;
    Pos p = makePos(x, y);
    if (used[p]) continue;
    used[p] = true;
    moves.push_back(p);
  }
  return moves;
}

void makeUndo(benchmark::State& state, Rule rule) {
  Board b(rule, 15);
  for (Pos p : randomPrefix(b, 20, 7)) b.play(p);
  // Candidate moves: every empty point within the central 11x11.
  std::vector<Pos> cands;
  for (int y = 2; y < 13; ++y)
    for (int x = 2; x < 13; ++x)
      if (b.isEmpty(makePos(x, y))) cands.push_back(makePos(x, y));
  size_t i = 0;
  for (auto _ : state) {
    Pos p = cands[i++ % cands.size()];
    b.play(p);
    b.undo();
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("make+undo pairs");
}

}  // namespace

BENCHMARK_CAPTURE(makeUndo, freestyle, Rule::FREESTYLE);
BENCHMARK_CAPTURE(makeUndo, standard, Rule::STANDARD);
BENCHMARK_CAPTURE(makeUndo, renju, Rule::RENJU);
BENCHMARK_CAPTURE(makeUndo, captures, Rule::CAPTURES);
BENCHMARK_CAPTURE(makeUndo, fishing, Rule::FISHING);

BENCHMARK_MAIN();
