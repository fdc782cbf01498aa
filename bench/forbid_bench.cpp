// Renju forbidden-point checks per second: Board::forbidden() on every empty
// point of a fixed set of mid-game positions.
#include <benchmark/benchmark.h>

#include <cmath>
#include <random>
#include <vector>

#include "rules/board.h"

using namespace gomoku;

namespace {

constexpr int POSITION_NB = 32;

/// Fixed pseudo-random renju positions of 30 to 70 stones, clustered round
/// the centre with Black often next to its own stones, so threes and fours
/// (and nested true/false threes) are common. Every move is legal: no five,
/// no forbidden black stone.
std::vector<Board> midGamePositions() {
  std::vector<Board> out;
  std::mt19937_64 rng(1996);
  while (int(out.size()) < POSITION_NB) {
    Board b(Rule::RENJU, 15);
    int stones = 30 + int(rng() % 41);
    std::normal_distribution<double> spread(0, 2.2);
    std::vector<Pos> blacks{b.center()};
    b.play(b.center());
    for (int n = 1; n < stones; ++n) {
      bool black = b.sideToMove() == BLACK;
      for (int attempt = 0; attempt < 60; ++attempt) {
        int x, y;
        if (black && rng() % 2) {
          Pos near = blacks[rng() % blacks.size()];
          x = posX(near) + int(rng() % 5) - 2, y = posY(near) + int(rng() % 5) - 2;
        } else {
          x = 7 + int(std::lround(spread(rng))), y = 7 + int(std::lround(spread(rng)));
        }
        Pos p = makePos(x, y);
        if (!b.inside(x, y) || !b.isEmpty(p) || b.makesFive(p, b.sideToMove())) continue;
        if (black && b.isForbidden(p)) continue;
        if (black) blacks.push_back(p);
        b.play(p);
        break;
      }
    }
    if (b.sideToMove() != BLACK) b.pass();
    out.push_back(std::move(b));
  }
  return out;
}

/// The empty points of each position; with `hardOnly`, only those that get
/// past the pattern filter into the overline / double-four / true-three
/// logic (the expensive part).
std::vector<std::vector<Pos>> pointsOf(std::vector<Board>& boards, bool hardOnly) {
  std::vector<std::vector<Pos>> out;
  for (Board& b : boards) {
    std::vector<Pos> pts;
    for (int y = 0; y < b.size(); ++y)
      for (int x = 0; x < b.size(); ++x) {
        Pos p = makePos(x, y);
        if (!b.isEmpty(p)) continue;
        bool hard = b.threat(p, BLACK) == T_33 || b.threat(p, BLACK) == T_44;
        for (int d = 0; d < DIR_NB; ++d) hard = hard || b.pattern(p, Dir(d), BLACK) == OL;
        if (!hardOnly || hard) pts.push_back(p);
      }
    out.push_back(std::move(pts));
  }
  return out;
}

void forbidChecks(benchmark::State& state, bool hardOnly) {
  std::vector<Board> boards = midGamePositions();
  auto points = pointsOf(boards, hardOnly);
  long checks = 0, forbidden = 0;
  for (auto _ : state) {
    for (size_t i = 0; i < boards.size(); ++i)
      for (Pos p : points[i]) {
        Forbid f = boards[i].forbidden(p);
        benchmark::DoNotOptimize(f);
        forbidden += f != Forbid::NONE;
      }
    for (auto& pts : points) checks += long(pts.size());
  }
  state.SetItemsProcessed(checks);
  state.counters["forbidden_share"] = checks ? double(forbidden) / double(checks) : 0.0;
  state.SetLabel(hardOnly ? "checks (filtered points)" : "checks (every empty point)");
}

}  // namespace

BENCHMARK_CAPTURE(forbidChecks, every_empty_point, false);
BENCHMARK_CAPTURE(forbidChecks, past_the_filter, true);
