#pragma once
/// The deterministic bench: a fixed set of positions for every searched
/// rule, each searched to a fixed depth with one thread and a fixed table
/// size. The node total is the signature quoted as "Bench: N" in commits
/// that change search behaviour; nodes per second is the speed figure.
#include <cstdint>
#include <string>
#include <vector>

namespace gomoku {

struct BenchResult {
  uint64_t nodes = 0;      ///< all positions, threat-search nodes included
  uint64_t signature = 0;  ///< = nodes; the regression signature
  uint64_t moveHash = 0;   ///< hash of the chosen moves and per-position nodes
  int64_t elapsedMs = 0;
  double nodesPerSecond = 0;  ///< wall clock
  /// Per second of process CPU time: what one core does when the machine is
  /// shared (the bench is single-threaded, so CPU time ~ busy wall time).
  double nodesPerCpuSecond = 0;
  std::vector<std::string> lines;  ///< one line per position: rule, moves, result
};

/// The bench depth used when none is given: deep enough for the singular
/// extension (depth 7 and more) to show in the signature.
constexpr int BENCH_DEPTH = 8;
/// Table size of the bench (fixed so node counts never depend on settings).
constexpr size_t BENCH_HASH_MIB = 16;

/// Runs the bench to `depth` plies.
BenchResult runBench(int depth = BENCH_DEPTH);

/// The bench positions as (rule name, move list) pairs, for tests.
std::vector<std::pair<std::string, std::string>> benchPositions();

}  // namespace gomoku
