// `gomoku move` (the computer's turn for a position) and `gomoku brain`
// (the Gomocup protocol on stdin/stdout).
#include <iostream>
#include <optional>
#include <random>

#include "app/commands.h"
#include "core/notation.h"
#include "engine/engine.h"
#include "game/json.h"
#include "game/record.h"
#include "protocol/brain.h"

namespace gomoku::app {

void registerEngineCommands(CLI::App& app) {
  // ---- move ----
  auto* move = app.add_subcommand(
      "move", "Print the computer's turn (record tokens) for a position");
  static RuleOptions rules;
  static std::string record, level = "medium";
  static int64_t timeMs = 0;
  static int depth = 0;
  static uint64_t nodes = 0;
  static bool json = false;
  static std::optional<uint64_t> seed;
  rules.add(move);
  move->add_option("--record", record, "the record so far");
  move->add_option("--level", level, "easy, medium (= normal) or hard")->capture_default_str();
  move->add_option("--time-ms", timeMs, "think for this long instead of a level (1 to 600000)")
      ->check(CLI::Range(int64_t(1), int64_t(600000)));
  move->add_option("--depth", depth, "search to this depth instead of a level (1 to 60)")
      ->check(CLI::Range(1, 60));
  move->add_option("--nodes", nodes, "node budget instead of a level");
  move->add_option("--seed", seed,
                   "seed of the levels' random choices (the same seed repeats the answer); "
                   "default: a new one each run")
      ->check([](const std::string& s) {
        bool digits = !s.empty() && s.find_first_not_of("0123456789") == std::string::npos &&
                      (s.size() < 20 || (s.size() == 20 && s <= "18446744073709551615"));
        return digits ? std::string() : std::string("--seed: an integer from 0 to 2^64-1");
      });
  move->add_flag("--json", json, "print evaluation, depth, nodes and principal variation too");
  move->callback([] {
    RuleSet rs;
    std::string err = rules.toRuleSet(&rs);
    if (!err.empty()) {
      std::cerr << "error: " << err << "\n";
      return setExitCode(2);
    }
    RecordError rerr;
    auto game = replayRecord(rs, record, &rerr);
    if (!game) {
      std::cerr << "error: " << rerr.describe() << "\n";
      return setExitCode(2);
    }
    if (game->over()) {
      std::cerr << "error: the game is over; there is no move to make\n";
      return setExitCode(2);
    }
    Engine engine;
    std::random_device rd;
    const uint64_t usedSeed = seed ? *seed : uint64_t(rd()) << 32 | rd();
    engine.setSeed(usedSeed);
    ThinkResult r;
    if (timeMs || depth || nodes) {
      Limits lim;
      lim.timeMs = timeMs;
      lim.depth = depth;
      lim.nodes = nodes;
      r = engine.think(*game, lim);
    } else {
      auto lv = parseLevel(level);
      if (!lv) {
        std::cerr << "error: unknown level \"" << level << "\" (use easy, medium or hard)\n";
        return setExitCode(2);
      }
      r = engine.think(*game, *lv);
    }
    std::string line;
    for (auto& t : r.tokens) line += (line.empty() ? "" : " ") + t;
    if (!json) {
      std::cout << line << "\n";
      return;
    }
    nlohmann::json j;
    j["tokens"] = r.tokens;
    j["move"] = line;
    j["eval"] = r.eval;
    j["mateIn"] = r.mateIn ? nlohmann::json(*r.mateIn) : nlohmann::json(nullptr);
    j["depth"] = r.depth;
    j["nodes"] = r.nodes;
    j["timeMs"] = r.timeMs;
    auto pv = nlohmann::json::array();
    for (Pos p : r.pv) pv.push_back(pointName(p));
    j["pv"] = pv;
    j["seed"] = usedSeed;
    std::cout << j.dump() << "\n";
  });

  // ---- brain ----
  auto* brain = app.add_subcommand(
      "brain", "Gomocup (piskvork) brain on stdin/stdout, with Yixin-Board extensions");
  static size_t hashMiB = 64;
  brain->add_option("--hash", hashMiB, "transposition table size in MiB before INFO max_memory")
      ->capture_default_str()
      ->check(CLI::Range(size_t(1), size_t(4096)));
  brain->callback([] {
    BrainOptions opt;
    opt.defaultHashMiB = hashMiB;
    setExitCode(runBrain(std::cin, std::cout, opt));
  });
}

}  // namespace gomoku::app
