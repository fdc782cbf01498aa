// `gomoku tactics`: how many positions of the tactics set (data/tactics.txt)
// our engine solves at given times a move.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "app/commands.h"
#include "core/notation.h"
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
  static std::vector<uint64_t> nodeBudgets;
  static bool verbose = false;
  cmd->add_option("--file", file, "the tactics file")->capture_default_str();
  cmd->add_option("--time-ms", times, "time a position, ms (one or more)")
      ->capture_default_str()
      ->check(CLI::Range(int64_t(1), int64_t(600000)));
  cmd->add_option("--threads", threads, "search threads")->check(CLI::Range(1, 64))->capture_default_str();
  cmd->add_option("--nodes", nodeBudgets,
                  "node budget a position instead of a time (one or more; deterministic "
                  "with one thread)")
      ->check(CLI::Range(uint64_t(1), uint64_t(1) << 40));
  cmd->add_flag("--verbose", verbose, "list the positions not solved (line:move played)");
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
    // Each run: a time (nodes 0) or, with --nodes, a node budget (time 0).
    std::vector<std::pair<int64_t, uint64_t>> runs;
    if (nodeBudgets.empty())
      for (int64_t t : times) runs.emplace_back(t, 0);
    for (uint64_t n : nodeBudgets) runs.emplace_back(0, n);
    // The set split by rules (the counts are printed for each as well);
    // every position is searched on its own, so the split changes nothing.
    std::vector<std::pair<std::string, std::vector<match::TacticsPosition>>> parts;
    for (const match::TacticsPosition& p : *set) {
      std::string name = match::tacticsRulesName(p.rules);
      auto it = std::find_if(parts.begin(), parts.end(),
                             [&](const auto& part) { return part.first == name; });
      if (it == parts.end()) it = parts.insert(parts.end(), {name, {}});
      it->second.push_back(p);
    }
    auto line = [](const std::string& head, const match::TacticsScore& s) {
      auto pct = [](int a, int b) { return b ? 100.0 * a / b : 0.0; };
      char buf[240];
      std::snprintf(buf, sizeof buf, "%s: wins %d/%d (%.1f%%), defences %d/%d (%.1f%%)",
                    head.c_str(), s.winsSolved, s.wins, pct(s.winsSolved, s.wins),
                    s.defencesSolved, s.defences, pct(s.defencesSolved, s.defences));
      return std::string(buf);
    };
    for (auto [t, nodes] : runs) {
      match::TacticsScore total;
      std::vector<std::string> partLines;
      std::vector<std::pair<int, Pos>> failed;  // line, move played
      for (const auto& [name, positions] : parts) {
        match::TacticsScore s = match::runTactics(positions, t, threads, nodes);
        partLines.push_back("  " + line(name, s));
        total.wins += s.wins;
        total.winsSolved += s.winsSolved;
        total.defences += s.defences;
        total.defencesSolved += s.defencesSolved;
        for (size_t i = 0; i < s.failedLines.size(); ++i)
          failed.emplace_back(s.failedLines[i], s.failedMoves[i]);
      }
      std::sort(failed.begin(), failed.end());
      std::string limit = nodes ? std::to_string(nodes) + " nodes" : std::to_string(t) + " ms";
      std::cout << line(limit, total) << std::endl;
      if (parts.size() > 1)
        for (const std::string& l : partLines) std::cout << l << std::endl;
      if (verbose && !failed.empty()) {
        std::cout << "  not solved (line:move played):";
        for (auto [l, m] : failed) std::cout << " " << l << ":" << pointName(m);
        std::cout << std::endl;
      }
    }
    setExitCode(0);
  });
}

}  // namespace gomoku::app
