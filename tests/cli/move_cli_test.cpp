// `gomoku move --seed`: the same seed repeats the computer's answer, other
// seeds vary the first moves of every level (issue 11, bug 11; issue 10).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "cli/cli_util.h"

namespace {

std::string computerMove(const std::string& args) {
  auto r = gomoku::test::runGomoku("move --rules renju --record h8 " + args);
  EXPECT_EQ(r.status, 0) << r.out;
  return r.out;
}

TEST(MoveCli, TheSeedDecidesAmongNearBestMoves) {
  for (const char* level : {"easy", "medium", "hard"}) {
    std::set<std::string> seen;
    for (int seed = 1; seed <= 5; ++seed) {
      std::string args = std::string("--level ") + level + " --seed " + std::to_string(seed);
      std::string a = computerMove(args);
      EXPECT_EQ(computerMove(args), a) << args;
      seen.insert(a);
    }
    EXPECT_GE(seen.size(), 2u) << level;
  }
  auto j = nlohmann::json::parse(computerMove("--level easy --seed 42 --json"));
  EXPECT_EQ(j["seed"], 42);
  EXPECT_EQ(gomoku::test::runGomoku("move --rules renju --record h8 --seed -1").status, 2);
}

}  // namespace
