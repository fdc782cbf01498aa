// `gomoku serve`: the web UI and the JSON API (src/server), with any
// Gomocup brains (--brain) offered as opponents and analysers.
#include <algorithm>
#include <cctype>
#include <iostream>

#include "app/commands.h"
#include "core/timer.h"
#include "match/player.h"
#include "server/server.h"
#include "store/store.h"

namespace gomoku::app {

namespace {

/// NAME=COMMAND of --brain as an external engine: one brain process per
/// search (started, given the position, asked for one move, ended), with the
/// search's time as the Gomocup turn time plus a second of grace.
std::string brainEngine(const std::string& option, ExternalEngine* out) {
  size_t eq = option.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 >= option.size())
    return "--brain: expected NAME=COMMAND, e.g. --brain mybrain=/usr/local/bin/pbrain-x";
  std::string name = option.substr(0, eq), command = option.substr(eq + 1);
  bool ok = name.size() <= 32 && std::all_of(name.begin(), name.end(), [](char c) {
              return std::isalnum((unsigned char)c) || c == '-' || c == '_';
            });
  if (!ok) return "--brain: the NAME '" + name + "' must be 1 to 32 letters, digits, '-' or '_'";
  if (name == "builtin") return "--brain: 'builtin' names our own engine; choose another NAME";
  out->name = name;
  out->description = command;
  out->play = [command](const Game& game, int64_t timeMs) {
    match::PlayerSpec spec;
    spec.kind = match::PlayerSpec::Kind::BRAIN;
    spec.command = command;
    spec.turnTimeoutMs = std::max<int64_t>(timeMs, 1);
    spec.graceMs = 1000;
    spec.startTimeoutMs = 5000;
    ExternalMove m;
    std::string err;
    auto player = match::makePlayer(spec, &err);
    if (!player) {
      m.error = err;
      return m;
    }
    Stopwatch clock;
    Color side = game.toMove().value_or(BLACK);
    match::Turn t = player->newGame(game.rules(), side, 0);
    if (!t.failed()) t = player->play(game);
    player->endGame();
    m.timeMs = clock.millis();
    if (t.failed()) m.error = t.failure + ": " + t.detail;
    else if (t.tokens.size() != 1) m.error = "no single move";
    else m.token = t.tokens[0];
    return m;
  };
  return {};
}

}  // namespace

void registerServeCommand(CLI::App& app) {
  auto opt = std::make_shared<ServerOptions>();
  auto brains = std::make_shared<std::vector<std::string>>();
  CLI::App* cmd = app.add_subcommand("serve", "Serve the web UI and the JSON API (docs/api.md)");
  cmd->add_option("--host", opt->host, "address to listen on")->capture_default_str();
  cmd->add_option("--port", opt->port, "TCP port (0: any free port)")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  cmd->add_option("--web", opt->webRoot, "folder with the web UI")->capture_default_str();
  cmd->add_option("--max-searches", opt->maxSearches, "computer searches running at once")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  cmd->add_option("--threads", opt->threads,
                  "search threads (lazy SMP) of each Hard move and each analysis; 0: Hard's own "
                  "two, analysis one")
      ->check(CLI::Range(0, 64))
      ->capture_default_str();
  cmd->add_option("--name", opt->name,
                  "instance name, sent as the X-Gomoku-Instance header and in /api/v1/health "
                  "(several processes behind a proxy: docs/deploy.md)")
      ->check([](const std::string& s) {
        bool ok = !s.empty() && s.size() <= 16 &&
                  std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum((unsigned char)c) || c == '-'; });
        return ok ? std::string() : std::string("--name: 1 to 16 letters, digits or '-'");
      });
  opt->db = defaultDatabasePath();
  cmd->add_option("--db", opt->db,
                  "online games: an SQLite file, :memory: (kept only while the server runs) or "
                  "postgresql://... (several processes: docs/deploy.md)")
      ->capture_default_str();
  cmd->add_option("--max-watchers", opt->maxWatchers,
                  "live connections of online games at once (each holds a thread)")
      ->check(CLI::Range(1, 20000))
      ->capture_default_str();
  cmd->add_option("--games-per-minute", opt->gamesPerMinute,
                  "online games one address may create per minute")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  cmd->add_option("--max-open-games", opt->maxOpenGames, "unfinished online games at most")
      ->check(CLI::Range(int64_t(1), int64_t(100000000)))
      ->capture_default_str();
  auto abandonHours = std::make_shared<double>(24);
  cmd->add_option("--abandon-after", *abandonHours,
                  "hours after which an unfinished online game with no action ends")
      ->check(CLI::Range(0.0001, 24.0 * 365))
      ->capture_default_str();
  cmd->add_option("--brain", *brains,
                  "NAME=COMMAND: offer a Gomocup brain as an opponent and analyser for Gomoku and "
                  "Renju (repeatable; requests choose it with \"engine\": NAME, docs/api.md)");
  cmd->add_flag("--quiet", opt->quiet, "no request log");
  cmd->callback([opt, brains, abandonHours] {
    opt->abandonAfterMs = int64_t(*abandonHours * 3600 * 1000);
    // A short idle limit is only useful if idle games are looked for often.
    opt->sweepEveryMs = std::clamp<int64_t>(opt->abandonAfterMs / 10, 100, 60000);
    for (const std::string& spec : *brains) {
      ExternalEngine e;
      std::string err = brainEngine(spec, &e);
      for (const ExternalEngine& other : opt->engines)
        if (err.empty() && other.name == e.name) err = "--brain: the name '" + e.name + "' is given twice";
      if (!err.empty()) {
        std::cerr << "error: " << err << "\n";
        return setExitCode(2);
      }
      opt->engines.push_back(std::move(e));
    }
    setExitCode(runServer(*opt));
  });
}

}  // namespace gomoku::app
