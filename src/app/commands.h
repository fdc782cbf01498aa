#pragma once
// Subcommands of the gomoku binary. Each register function adds its
// subcommands to the CLI11 app; the callbacks set the process exit code.
#include <CLI/CLI.hpp>

#include <string>

#include "rules/ruleset.h"

namespace gomoku::app {

/// Options every game-related subcommand shares: --rules, --size,
/// --exact-five, --opening.
struct RuleOptions {
  std::string rules = "freestyle";
  int size = 0;  ///< 0: the variant's default
  bool exactFive = false;
  std::string opening = "free";
  void add(CLI::App* cmd);
  /// Builds the RuleSet or returns an error message.
  std::string toRuleSet(RuleSet* out) const;
};

void setExitCode(int code);
int exitCode();

void registerStateCommands(CLI::App& app);  ///< state, convert
void registerBenchCommands(CLI::App& app);  ///< bench
void registerEngineCommands(CLI::App& app);  ///< move, brain
void registerMatchCommands(CLI::App& app);  ///< match
void registerTacticsCommand(CLI::App& app);  ///< tactics
void registerServeCommand(CLI::App& app);   ///< serve

}  // namespace gomoku::app
