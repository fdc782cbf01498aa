// `gomoku match`: two players (our levels, engine limits, external Gomocup
// brains) play games from balanced openings with colours alternated; prints
// one line a game, then W/L/D, score and an Elo estimate.
#include <algorithm>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "app/commands.h"
#include "match/match.h"
#include "match/matchlog.h"
#include "match/sprt.h"

namespace gomoku::app {

namespace {

using namespace gomoku::match;

/// One side's options: --a LEVEL, --a-cmd, --a-time-ms, --a-depth, --a-nodes.
struct SideOptions {
  std::string level;
  std::string command;
  int64_t timeMs = 0;
  int depth = 0;
  uint64_t nodes = 0;
  int threads = 1;
  std::string name;

  void add(CLI::App* cmd, const std::string& side, const std::string& defaultLevel,
           const std::string& colourAlias) {
    level = defaultLevel;
    cmd->add_option("--" + side, level,
                    "player " + upper(side) + ": easy, medium (= normal), hard or random")
        ->capture_default_str();
    cmd->add_option("--" + side + "-cmd," + colourAlias, command,
                    "player " + upper(side) + " is an external Gomocup brain run by this command");
    cmd->add_option("--" + side + "-time-ms", timeMs,
                    "player " + upper(side) + " is our engine with this much time a move");
    cmd->add_option("--" + side + "-depth", depth,
                    "player " + upper(side) + " is our engine searching to this depth");
    cmd->add_option("--" + side + "-nodes", nodes,
                    "player " + upper(side) + " is our engine with this node budget a move");
    cmd->add_option("--" + side + "-threads", threads,
                    "player " + upper(side) + " (our engine with limits) searches with this many threads")
        ->check(CLI::Range(1, 64));
    cmd->add_option("--" + side + "-name", name, "name printed for player " + upper(side));
  }

  static std::string upper(const std::string& s) {
    std::string out = s;
    for (char& c : out) c = char(std::toupper(static_cast<unsigned char>(c)));
    return out;
  }

  /// Builds the spec, or returns an error.
  std::string toSpec(PlayerSpec* spec) const {
    if (!command.empty()) {
      spec->kind = PlayerSpec::Kind::BRAIN;
      spec->command = command;
      return {};
    }
    if (timeMs > 0 || depth > 0 || nodes > 0) {
      spec->kind = PlayerSpec::Kind::LIMITS;
      spec->limits.timeMs = timeMs;
      spec->limits.depth = depth;
      spec->limits.nodes = nodes;
      spec->limits.threads = threads;
      return {};
    }
    auto parsed = parseLevelSpec(level);
    if (!parsed)
      return "unknown level \"" + level + "\" (use easy, medium, normal, hard or random)";
    spec->kind = parsed->kind;
    spec->level = parsed->level;
    return {};
  }
};

/// Set by the first Ctrl-C (SIGINT) or SIGTERM: no new game starts, the
/// running ones finish and the totals are printed. The handler then goes
/// back to the default, so a second Ctrl-C ends the program at once.
std::atomic<bool> g_stop{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void onStopSignal(int sig) {
  g_stop.store(true);
  std::signal(sig, SIG_DFL);
}

/// The command line as typed, quoted for a POSIX shell where needed.
std::string commandLine() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string raw((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::string out, arg;
  auto flush = [&] {
    bool plain = !arg.empty() && arg.find_first_not_of(
                                     "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                     "0123456789-_./=:,+%@") == std::string::npos;
    if (!out.empty()) out += ' ';
    if (plain) {
      out += arg;
    } else {
      out += '\'';
      for (char c : arg) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
      out += '\'';
    }
    arg.clear();
  };
  for (char c : raw) {
    if (c == '\0')
      flush();
    else
      arg += c;
  }
  if (!arg.empty()) flush();
  return out;
}

}  // namespace

void registerMatchCommands(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "match",
      "Play two players against each other from balanced openings, colours alternated;\n"
      "print W/L/D and an Elo estimate. A player is one of our levels, our engine with\n"
      "limits, or an external Gomocup brain (freestyle, exact five and renju only).");
  static RuleOptions rules;
  static SideOptions a, b;
  static int games = 100, jobs = 1, maxMoves = 0;
  static uint64_t seed = 1;
  static size_t hashMiB = 64, brainMemoryMiB = 0;
  static int64_t turnMs = 5000, matchMs = 0, graceMs = 1000, startMs = 10000;
  static std::string openingsFile, recordsFile, logFile, sprtText;
  static bool brainStderr = false, quiet = false, resume = false;

  cmd->add_option("--rules", rules.rules, "freestyle (Gomoku), renju, captures or fishing")
      ->capture_default_str();
  cmd->add_option("--size", rules.size, "board size, 5 to 22 (default 15; captures 19)");
  cmd->add_flag("--exact-five", rules.exactFive, "Gomoku: only exactly five wins");
  a.add(cmd, "a", "hard", "--black-cmd");
  b.add(cmd, "b", "medium", "--white-cmd");
  cmd->add_option("--games", games, "number of games (two per opening, colours swapped)")
      ->capture_default_str();
  cmd->add_option("--seed", seed, "orders the openings; seeds random choices (easy, random)")
      ->capture_default_str();
  cmd->add_option("--jobs", jobs, "games played at the same time")->capture_default_str();
  cmd->add_option(
      "--max-moves", maxMoves,
      "a game with this many stones placed is a draw (default: twice the board's points)");
  cmd->add_option("--openings", openingsFile,
                  "read openings from a file: one record per line, # comments");
  cmd->add_option("--hash", hashMiB, "engine hash table per player, MiB")->capture_default_str();
  cmd->add_option("--timeout-turn", turnMs, "brains: ms per move (INFO timeout_turn)")
      ->capture_default_str();
  cmd->add_option("--timeout-match", matchMs, "brains: ms per game, 0 = none (INFO timeout_match)")
      ->capture_default_str();
  cmd->add_option("--grace-ms", graceMs, "brains: extra ms before a late answer forfeits")
      ->capture_default_str();
  cmd->add_option("--start-timeout-ms", startMs, "brains: ms to answer START")
      ->capture_default_str();
  cmd->add_option("--brain-memory", brainMemoryMiB,
                  "brains: memory limit in MiB sent as INFO max_memory (0 = none; Rapfi needs one)")
      ->capture_default_str();
  cmd->add_flag("--brain-stderr", brainStderr, "show the brains' stderr (default: discarded)");
  cmd->add_option("--records", recordsFile, "write every game's record to this file");
  cmd->add_option("--log", logFile,
                  "append every finished game to this file (JSON lines), for --resume");
  cmd->add_flag("--resume", resume,
                "continue the match in the --log file: its games count, the missing ones are played");
  cmd->add_flag("--quiet", quiet, "print only the totals");
  cmd->add_option("--sprt", sprtText,
                  "sequential test ELO0,ELO1 (alpha = beta = 0.05): print the LLR after each\n"
                  "pair of games and stop when it reaches a bound; --games is then the most played");

  cmd->callback([] {
    auto fail = [](const std::string& msg) {
      std::cerr << "error: " << msg << "\n";
      setExitCode(2);
    };
    MatchConfig config;
    std::string err = rules.toRuleSet(&config.rules);
    if (!err.empty()) return fail(err);
    if (!(err = a.toSpec(&config.a)).empty()) return fail("--a: " + err);
    if (!(err = b.toSpec(&config.b)).empty()) return fail("--b: " + err);
    for (PlayerSpec* s : {&config.a, &config.b}) {
      s->hashMiB = hashMiB;
      s->turnTimeoutMs = turnMs;
      s->matchTimeoutMs = matchMs;
      s->graceMs = graceMs;
      s->startTimeoutMs = startMs;
      s->brainStderr = brainStderr;
      s->maxMemoryBytes = uint64_t(brainMemoryMiB) << 20;
      if (s->kind == PlayerSpec::Kind::BRAIN && config.rules.variant != Variant::GOMOKU &&
          config.rules.variant != Variant::RENJU)
        return fail(
            "external brains play freestyle, exact five and renju only: the Gomocup "
            "protocol has no " +
            variantName(config.rules.variant));
    }
    // Fishing calls its middle level "normal".
    auto label = [&](const PlayerSpec& spec) {
      bool normal = config.rules.variant == Variant::FISHING &&
                    spec.kind == PlayerSpec::Kind::LEVEL && spec.level == Level::MEDIUM;
      return normal ? std::string("normal") : spec.label();
    };
    config.aName = a.name.empty() ? label(config.a) : a.name;
    config.bName = b.name.empty() ? label(config.b) : b.name;
    if (config.aName == config.bName) {
      config.aName += " (A)";
      config.bName += " (B)";
    }
    if (games <= 0) return fail("--games must be positive");
    config.games = games;
    config.seed = seed;
    config.jobs = std::max(1, jobs);
    config.gameOptions.maxMoves = maxMoves;
    if (!openingsFile.empty()) {
      std::ifstream in(openingsFile);
      if (!in) return fail("cannot read " + openingsFile);
      std::stringstream ss;
      ss << in.rdbuf();
      config.openings = parseOpenings(config.rules, ss.str(), &err);
      if (config.openings.empty()) return fail(openingsFile + ": " + err);
    }
    if (config.openings.empty()) config.openings = openingsFor(config.rules);
    std::optional<SprtConfig> sprt;
    if (!sprtText.empty() && !(sprt = parseSprt(sprtText, &err))) return fail(err);
    if (resume && logFile.empty()) return fail("--resume needs --log FILE (the log of the match to continue)");
    std::ofstream log;
    if (!logFile.empty()) {
      std::error_code ec;
      const bool exists = std::filesystem::exists(logFile, ec) && std::filesystem::file_size(logFile, ec) > 0;
      if (exists && !resume)
        return fail(logFile + " already holds a match: add --resume to continue it, or choose another file");
      std::string header = matchLogHeader(config, int(config.openings.size()));
      std::string kept = header + "\n";
      if (exists) {
        std::ifstream in(logFile);
        std::stringstream ss;
        ss << in.rdbuf();
        auto logged = readMatchLog(ss.str(), config, config.openings, &err);
        if (!logged) return fail(logFile + ": " + err);
        std::sort(logged->begin(), logged->end(),
                  [](const MatchGame& x, const MatchGame& y) { return x.index < y.index; });
        for (const MatchGame& g : *logged) {
          kept += matchLogGame(g) + "\n";  // every game stays in the log...
          if (g.index < config.games) config.resumed.push_back(g);  // ...those within --games count
        }
        std::cout << "Resuming from " << logFile << ": " << config.resumed.size() << " of " << config.games
                  << " games already played.\n";
      }
      // Rewrite the log whole (a line cut off by a crash is dropped), then append.
      const std::string tmp = logFile + ".tmp";
      {
        std::ofstream out(tmp, std::ios::trunc);
        if (!(out << kept) || !out.flush()) return fail("cannot write " + tmp);
      }
      if (std::rename(tmp.c_str(), logFile.c_str()) != 0) return fail("cannot replace " + logFile);
      log.open(logFile, std::ios::app);
      if (!log) return fail("cannot write " + logFile);
    }
    std::ofstream records;
    if (!recordsFile.empty()) {
      records.open(recordsFile);
      if (!records) return fail("cannot write " + recordsFile);
    }

    config.stop = &g_stop;
    for (int sig : {SIGINT, SIGTERM})  // keep a signal ignored if it was (nohup, "&")
      if (std::signal(sig, onStopSignal) == SIG_IGN) std::signal(sig, SIG_IGN);
    // Games are reported in order, so game 2k+1 completes the pair 2k, 2k+1
    // (one opening, colours swapped).
    std::vector<double> pairScores;
    double firstOfPair = 0;
    std::optional<SprtStatus> sprtResult;
    auto summary = runMatch(
        config,
        [&](const MatchGame& g) {
          if (!quiet) std::cout << formatGameLine(g, config) << (g.resumed ? " (from the log)" : "") << std::endl;
          if (sprt && !sprtResult) {
            if (g.index % 2 == 0) {
              firstOfPair = g.aScore();
            } else {
              pairScores.push_back(firstOfPair + g.aScore());
              SprtStatus st = sprtStatus(*sprt, pairScores);
              if (!quiet) std::cout << formatSprt(st, *sprt) << std::endl;
              if (st.decision != 0) {
                sprtResult = st;
                g_stop.store(true);  // no new game starts; running ones finish
              }
            }
          }
          if (log && !g.resumed) {
            log << matchLogGame(g) << "\n";
            log.flush();
          }
          if (records) {
            records << "# " << formatGameLine(g, config) << "\n" << g.outcome.record << "\n";
            records.flush();
          }
        },
        &err);
    for (int sig : {SIGINT, SIGTERM})
      if (std::signal(sig, SIG_DFL) == SIG_IGN) std::signal(sig, SIG_IGN);
    if (!summary) return fail(err);
    if (!quiet) std::cout << "\n";
    if (sprtResult)
      std::cout << "The SPRT decided after " << 2 * sprtResult->pairs << " games.\n";
    else if (g_stop.load())
      std::cout << "Stopped after " << summary->elo.games << " of " << config.games << " games.\n";
    std::cout << formatSummary(*summary, config);
    if (sprt) std::cout << formatSprt(sprtResult ? *sprtResult : sprtStatus(*sprt, pairScores), *sprt) << "\n";
    std::cout << "Command: " << commandLine() << std::endl;
    setExitCode(0);
  });
}

}  // namespace gomoku::app
