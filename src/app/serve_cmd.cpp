// `gomoku serve`: the web UI and the JSON API (src/server).
#include <algorithm>
#include <cctype>

#include "app/commands.h"
#include "server/server.h"

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
  cmd->add_flag("--quiet", opt->quiet, "no request log");
  cmd->callback([opt] { setExitCode(runServer(*opt)); });
}

}  // namespace gomoku::app
