// `gomoku bench [depth]`: the engine's deterministic bench. Prints one line
// per position, then the signature and the speed (Stockfish style).
#include <iomanip>
#include <iostream>

#include "app/commands.h"
#include "engine/bench.h"

namespace gomoku::app {

void registerBenchCommands(CLI::App& app) {
  auto* bench = app.add_subcommand(
      "bench",
      "Search the fixed bench positions (freestyle, standard, renju) to a fixed depth; "
      "prints the node-count signature and nodes per second");
  static int depth = BENCH_DEPTH;  // CLI11 binds options to storage that outlives parse()
  bench->add_option("depth", depth, "search depth")
      ->capture_default_str()
      ->check(CLI::Range(1, 20));
  bench->callback([] {
    BenchResult r = runBench(depth);
    for (const auto& line : r.lines) std::cerr << line << "\n";
    std::cerr << "===========================\n"
              << "Total time (ms) : " << r.elapsedMs << "\n"
              << "Nodes searched  : " << r.nodes << "\n"
              << "Nodes/second    : " << std::fixed << std::setprecision(0) << r.nodesPerSecond
              << "\n"
              << "Nodes/CPU second: " << r.nodesPerCpuSecond << "\n";
    std::cout << "Bench: " << r.signature << "\n";
    setExitCode(0);
  });
}

}  // namespace gomoku::app
