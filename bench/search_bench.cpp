// The engine bench as a Google Benchmark: nodes per second of the fixed
// bench positions (see src/engine/bench.h), with the signature as a label.
#include <benchmark/benchmark.h>

#include <string>

#include "engine/bench.h"

using namespace gomoku;

namespace {

void searchBench(benchmark::State& state) {
  BenchResult r;
  uint64_t nodes = 0;
  for (auto _ : state) {
    r = runBench(int(state.range(0)));
    nodes += r.nodes;
  }
  state.counters["nodes/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
  state.SetLabel("Bench: " + std::to_string(r.signature));
}

}  // namespace

BENCHMARK(searchBench)->Arg(BENCH_DEPTH)->Unit(benchmark::kMillisecond)->Iterations(1);
