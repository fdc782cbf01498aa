#pragma once
// Runs the real `gomoku` binary (GOMOKU_BINARY), or another of our programs,
// as a user would.
#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>

namespace gomoku::test {

struct CmdResult {
  int status;       ///< exit status, -1 if killed
  std::string out;  ///< stdout and stderr together
};

/// Runs `binary args` through the shell.
inline CmdResult runProgram(const std::string& binary, const std::string& args) {
  std::string cmd = binary + " " + args + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  std::array<char, 4096> buf;
  while (size_t n = fread(buf.data(), 1, buf.size(), p)) out.append(buf.data(), n);
  int st = pclose(p);
  return {WIFEXITED(st) ? WEXITSTATUS(st) : -1, out};
}

inline CmdResult runGomoku(const std::string& args) { return runProgram(GOMOKU_BINARY, args); }

}  // namespace gomoku::test
