#include "engine/bench.h"

#include <ctime>
#include <sstream>

#include "core/notation.h"
#include "core/timer.h"
#include "engine/search.h"
#include "engine/tt.h"
#include "rules/board.h"

namespace gomoku {

namespace {

struct BenchPosition {
  Rule rule;
  const char* moves;
};

// Openings and middle games of different lengths, written by hand; none
// contains a five, and Black's renju moves are never forbidden.
constexpr BenchPosition POSITIONS[] = {
    {Rule::FREESTYLE, "h8 i9 i8 g8 j7 h9"},
    {Rule::FREESTYLE, "h8 i9 g9 i7 i8 g10 j9 h10"},
    {Rule::FREESTYLE, "h8 i7 g9 j7 h7 h6 i8 g8 j9 k10 g10 f11 h10 h11"},
    {Rule::FREESTYLE, "h8 g9 i9 g7 g8 f8 i7 i8 e9 j6 h10 k7 f10"},
    {Rule::STANDARD, "h8 i9 h10 h9 g9 i7 i8 j8 g11"},
    {Rule::STANDARD, "h8 g7 i9 g9 g8 h9 i7 i8"},
    {Rule::STANDARD, "h8 i8 i9 j10 g9 h9 g8 f8 g7 g10"},
    {Rule::RENJU, "h8 i9 j8 j9 h9 h10 i10"},
    {Rule::RENJU, "h8 h9 i8 g8 i10 i9 j9 k10 j7"},
    {Rule::RENJU, "h8 i7 j8 i9 i8 g8 k8 l8 j10 j9 k9 h9"},
    {Rule::RENJU, "h8 g9 i10 h10 i9 i8 j9 k9 j11 g7 k12"},
};

}  // namespace

std::vector<std::pair<std::string, std::string>> benchPositions() {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& p : POSITIONS) out.emplace_back(ruleName(p.rule), p.moves);
  return out;
}

BenchResult runBench(int depth) {
  BenchResult res;
  TranspositionTable tt(BENCH_HASH_MIB);
  Searcher searcher(tt);
  SearchLimits limits;
  limits.depth = depth;
  limits.threads = 1;
  SearchConfig config;  // the defaults: what "medium" and "hard" build on
  Stopwatch clock;
  std::clock_t cpuStart = std::clock();
  uint64_t h = 0xB3C4D5E6F7A80911ULL;
  for (const auto& bp : POSITIONS) {
    Board board(bp.rule, 15);
    std::istringstream in(bp.moves);
    std::string tok;
    while (in >> tok) board.play(toPos(*parsePoint(tok)));
    tt.clear();
    SearchResult r = searcher.search(board, limits, config);
    res.nodes += r.nodes;
    h = (h ^ uint64_t(r.best + 1)) * 0x100000001B3ULL;
    h = (h ^ r.nodes) * 0x100000001B3ULL;
    std::ostringstream line;
    line << ruleName(bp.rule) << " [" << bp.moves << "] -> "
         << (r.best == NO_POS ? std::string("none") : pointName(r.best)) << " value " << r.value
         << " depth " << r.depth << " nodes " << r.nodes << " (" << r.source << ")";
    res.lines.push_back(line.str());
  }
  res.elapsedMs = clock.millis();
  double cpuSeconds = double(std::clock() - cpuStart) / CLOCKS_PER_SEC;
  res.nodesPerCpuSecond = cpuSeconds > 0 ? double(res.nodes) / cpuSeconds : 0;
  res.signature = res.nodes;
  res.moveHash = h;
  res.nodesPerSecond = res.elapsedMs > 0 ? double(res.nodes) * 1000.0 / double(res.elapsedMs) : 0;
  return res;
}

}  // namespace gomoku
