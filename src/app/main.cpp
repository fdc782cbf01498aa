// gomoku: one binary, several subcommands (see `gomoku --help`).
#include <CLI/CLI.hpp>

#include <fstream>
#include <iostream>
#include <sstream>

#include "app/commands.h"

int main(int argc, char** argv) {
  using namespace gomoku::app;
  CLI::App app{"gomoku: Gomoku, Renju, Gomoku with captures and Fishing Gomoku\n"
               "Engine, Gomocup brain, game records and a web UI in one program."};
  app.require_subcommand(1);
  app.set_version_flag("--version", "gomoku 0.1.0");
  registerStateCommands(app);
  registerBenchCommands(app);
  registerEngineCommands(app);
  registerMatchCommands(app);
  registerTacticsCommand(app);
  registerServeCommand(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  return exitCode();
}
