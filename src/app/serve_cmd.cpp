// `gomoku serve`: the web UI and the JSON API (src/server).
#include <algorithm>
#include <cctype>

#include "app/commands.h"
#include "server/server.h"
#include "store/store.h"

namespace gomoku::app {

void registerServeCommand(CLI::App& app) {
  auto opt = std::make_shared<ServerOptions>();
  CLI::App* cmd = app.add_subcommand("serve", "Serve the web UI and the JSON API (docs/api.md)");
  cmd->add_option("--host", opt->host, "address to listen on")->capture_default_str();
  cmd->add_option("--port", opt->port, "TCP port (0: any free port)")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  cmd->add_option("--web", opt->webRoot, "folder with the web UI")->capture_default_str();
  cmd->add_option("--max-searches", opt->maxSearches, "computer searches running at once")
      ->check(CLI::Range(1, 64))
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
  cmd->add_flag("--quiet", opt->quiet, "no request log");
  cmd->callback([opt, abandonHours] {
    opt->abandonAfterMs = int64_t(*abandonHours * 3600 * 1000);
    // A short idle limit is only useful if idle games are looked for often.
    opt->sweepEveryMs = std::clamp<int64_t>(opt->abandonAfterMs / 10, 100, 60000);
    setExitCode(runServer(*opt));
  });
}

}  // namespace gomoku::app
