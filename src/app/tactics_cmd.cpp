// `gomoku tactics`: how many positions of the tactics set (data/tactics.txt)
// our engine solves at given times a move.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "app/commands.h"
#include "match/tactics.h"

namespace gomoku::app {

void registerTacticsCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "tactics",
      "Solve the tactics set (forced wins and only defences proved by a peer engine,\n"
      "from sparring games) at each given time a move; print how many are solved");
  static std::string file = std::string(GOMOKU_DATA_DIR) + "/tactics.txt";
  static std::vector<int64_t> times = {300, 1000};
  static int threads = 1;
  static bool verbose = false;
  cmd->add_option("--file", file, "the tactics file")->capture_default_str();
  cmd->add_option("--time-ms", times, "time a position, ms (one or more)")
      ->capture_default_str()
      ->check(CLI::Range(int64_t(1), int64_t(600000)));
  cmd->add_option("--threads", threads, "search threads")->check(CLI::Range(1, 64))->capture_default_str();
  cmd->add_flag("--verbose", verbose, "list the lines of the positions not solved");
  cmd->callback([] {
    std::ifstream in(file);
    if (!in) {
      std::cerr << "error: cannot read " << file << "\n";
      return setExitCode(2);
    }
    std::stringstream ss;
    ss << in.rdbuf();
    std::string err;
    auto set = match::parseTactics(ss.str(), &err);
    if (!set) {
      std::cerr << "error: " << file << ": " << err << "\n";
      return setExitCode(2);
    }
    for (int64_t t : times) {
      match::TacticsScore s = match::runTactics(*set, t, threads);
      auto pct = [](int a, int b) { return b ? 100.0 * a / b : 0.0; };
      char buf[200];
      std::snprintf(buf, sizeof buf, "%lld ms: wins %d/%d (%.1f%%), defences %d/%d (%.1f%%)",
                    static_cast<long long>(t), s.winsSolved, s.wins, pct(s.winsSolved, s.wins),
                    s.defencesSolved, s.defences, pct(s.defencesSolved, s.defences));
      std::cout << buf << std::endl;
      if (verbose && !s.failedLines.empty()) {
        std::cout << "  not solved, lines:";
        for (int l : s.failedLines) std::cout << " " << l;
        std::cout << std::endl;
      }
    }
    setExitCode(0);
  });
}

}  // namespace gomoku::app
