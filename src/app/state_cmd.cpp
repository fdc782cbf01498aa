// `gomoku state` and `gomoku convert`: replay a record, print JSON / convert
// between the text form and Piskvork .psq.
#include <fstream>
#include <iostream>
#include <sstream>

#include "app/commands.h"
#include "game/json.h"
#include "game/record.h"

namespace gomoku::app {

namespace {
int g_exitCode = 0;  // set once by the subcommand that ran
}

void setExitCode(int code) { g_exitCode = code; }
int exitCode() { return g_exitCode; }

void RuleOptions::add(CLI::App* cmd) {
  cmd->add_option("--rules", rules, "freestyle (Gomoku), renju, captures or fishing")
      ->capture_default_str();
  cmd->add_option("--size", size, "board size, 5 to 22 (default 15; captures 19)");
  cmd->add_flag("--exact-five", exactFive, "Gomoku: only exactly five wins");
  cmd->add_option("--opening", opening, "free, swap, swap2 (Gomoku) or rif (Renju)")
      ->capture_default_str();
}

std::string RuleOptions::toRuleSet(RuleSet* out) const {
  auto v = parseVariant(rules);
  if (!v) return "unknown rules \"" + rules + "\" (use freestyle, renju, captures or fishing)";
  auto o = parseOpening(opening);
  if (!o) return "unknown opening \"" + opening + "\" (use free, swap, swap2 or rif)";
  out->variant = *v;
  out->size = size ? size : RuleSet::defaultSize(*v);
  out->exactFive = exactFive;
  out->opening = *o;
  return out->validate();
}

namespace {

std::string readAll(const std::string& path) {
  if (path == "-") {
    std::stringstream ss;
    ss << std::cin.rdbuf();
    return ss.str();
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

void registerStateCommands(CLI::App& app) {
  // ---- state ----
  auto* state = app.add_subcommand(
      "state", "Replay a game record and print the game state as one JSON object");
  static RuleOptions stateRules;
  static std::string record;
  static std::string recordFile;
  stateRules.add(state);
  state->add_option("--record", record, "the record: tokens like \"h8 i9 reel:j9\" or \"h8i9j10\"");
  state->add_option("--record-file", recordFile, "read the record from a file (- for stdin)");
  state->callback([] {
    RuleSet rs;
    std::string err = stateRules.toRuleSet(&rs);
    if (!err.empty()) {
      std::cerr << "error: " << err << "\n";
      return setExitCode(2);
    }
    std::string text = record;
    if (!recordFile.empty()) {
      try {
        text = readAll(recordFile);
      } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return setExitCode(2);
      }
    }
    RecordError rerr;
    auto game = replayRecord(rs, text, &rerr);
    if (!game) {
      std::cerr << "error: " << rerr.describe() << "\n";
      return setExitCode(2);
    }
    std::cout << gameStateJson(*game).dump() << "\n";
  });

  // ---- convert ----
  auto* convert = app.add_subcommand(
      "convert", "Convert a record between the text form and Piskvork .psq");
  static RuleOptions convRules;
  static std::string from = "text", to = "psq", input = "-";
  convRules.add(convert);
  convert->add_option("--from", from, "input format: text or psq")->capture_default_str();
  convert->add_option("--to", to, "output format: text or psq")->capture_default_str();
  convert->add_option("--input", input, "input file (- for stdin)")->capture_default_str();
  convert->callback([] {
    RuleSet rs;
    std::string err = convRules.toRuleSet(&rs);
    if (!err.empty()) {
      std::cerr << "error: " << err << "\n";
      return setExitCode(2);
    }
    std::string text;
    try {
      text = readAll(input);
    } catch (const std::exception& e) {
      std::cerr << "error: " << e.what() << "\n";
      return setExitCode(2);
    }
    RecordError rerr;
    std::optional<Game> game;
    if (from == "psq") game = fromPsq(rs, text, &rerr);
    else if (from == "text") game = replayRecord(rs, text, &rerr);
    else {
      std::cerr << "error: unknown format \"" << from << "\" (use text or psq)\n";
      return setExitCode(2);
    }
    if (!game) {
      std::cerr << "error: " << rerr.describe() << "\n";
      return setExitCode(2);
    }
    if (to == "text") {
      std::cout << formatRecord(*game) << "\n";
    } else if (to == "psq") {
      std::string perr;
      auto psq = toPsq(*game, &perr);
      if (!psq) {
        std::cerr << "error: " << perr << "\n";
        return setExitCode(2);
      }
      std::cout << *psq;
    } else {
      std::cerr << "error: unknown format \"" << to << "\" (use text or psq)\n";
      return setExitCode(2);
    }
  });
}

}  // namespace gomoku::app
