#pragma once
// Runs the real `gomoku` binary (GOMOKU_BINARY) as a user would.
#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>

namespace gomoku::test {

struct CmdResult {
  int status;       ///< exit status, -1 if killed
  std::string out;  ///< stdout and stderr together
};

inline CmdResult runGomoku(const std::string& args) {
  std::string cmd = std::string(GOMOKU_BINARY) + " " + args + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  std::array<char, 4096> buf;
  while (size_t n = fread(buf.data(), 1, buf.size(), p)) out.append(buf.data(), n);
  int st = pclose(p);
  return {WIFEXITED(st) ? WEXITSTATUS(st) : -1, out};
}

}  // namespace gomoku::test
