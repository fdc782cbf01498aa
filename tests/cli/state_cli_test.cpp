// `gomoku state` / `gomoku convert` as a user runs them: real process,
// stdout JSON, exit codes.
#include <gtest/gtest.h>

#include "cli/cli_util.h"

#include <array>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <sys/wait.h>

namespace {

using gomoku::test::CmdResult;
CmdResult run(const std::string& args) { return gomoku::test::runGomoku(args); }

}  // namespace

TEST(StateCli, PrintsTheGameState) {
  CmdResult r = run("state --rules freestyle --record 'h8 i9 h9'");
  ASSERT_EQ(r.status, 0) << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["rules"], "freestyle");
  EXPECT_EQ(j["size"], 15);
  EXPECT_EQ(j["toMove"], "white");
  EXPECT_EQ(j["moves"], 3);
  EXPECT_EQ(j["board"].size(), 15u);
  EXPECT_EQ(j["board"][7].get<std::string>().substr(7, 1), "x") << "row 8 is the 8th from the top";
  EXPECT_EQ(j["board"][6].get<std::string>().substr(7, 2), "xo");
  EXPECT_TRUE(j["result"].is_null());
  EXPECT_TRUE(j["pending"].is_null());
  EXPECT_EQ(j["captures"]["black"], 0);
}

TEST(StateCli, FishingPendingAndCaptures) {
  CmdResult f = run("state --rules fishing --record 'h8 a1 i8 a2 j8 a3 k8 a4 l8'");
  ASSERT_EQ(f.status, 0) << f.out;
  auto j = nlohmann::json::parse(f.out);
  EXPECT_EQ(j["pending"]["player"], "black");
  EXPECT_EQ(j["pending"]["points"], 1);
  EXPECT_EQ(j["pending"]["rod"].size(), 5u);
  CmdResult c = run("state --rules captures --size 13 --record 'g7 g8 a1 g9 g10'");
  ASSERT_EQ(c.status, 0) << c.out;
  auto k = nlohmann::json::parse(c.out);
  EXPECT_EQ(k["size"], 13);
  EXPECT_EQ(k["captures"]["black"], 1);
}

TEST(StateCli, IllegalRecordExitsWithStatus2) {
  CmdResult r = run("state --rules renju --record 'h8 h9 h8'");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("token 3"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("h8"), std::string::npos);
  EXPECT_EQ(run("state --rules chess --record ''").status, 2);
  EXPECT_EQ(run("state --rules freestyle --size 99 --record ''").status, 2);
  EXPECT_EQ(run("state --bogus").status, 2);
}

TEST(StateCli, HelpListsSubcommands) {
  CmdResult r = run("--help");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("state"), std::string::npos);
  EXPECT_NE(r.out.find("convert"), std::string::npos);
}

TEST(StateCli, ConvertRoundTrip) {
  std::string path = ::testing::TempDir() + "/game.txt";
  FILE* f = fopen(path.c_str(), "w");
  fputs("h8 i9 j10", f);
  fclose(f);
  CmdResult r = run("convert --rules freestyle --from text --to psq --input " + path);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("Piskvorky 15x15"), std::string::npos);
  std::string psqPath = ::testing::TempDir() + "/game.psq";
  f = fopen(psqPath.c_str(), "w");
  fputs(r.out.c_str(), f);
  fclose(f);
  CmdResult back = run("convert --rules freestyle --from psq --to text --input " + psqPath);
  ASSERT_EQ(back.status, 0) << back.out;
  EXPECT_EQ(back.out, "h8 i9 j10\n");
}

TEST(StateCli, FishingHasNoResignation) {
  CmdResult r = run("state --rules fishing --record 'h8 resign'");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("no resignation"), std::string::npos) << r.out;
}

TEST(StateCli, NoPassBeforeTheRifOpeningIsComplete) {
  CmdResult r = run("state --rules renju --opening rif --record 'h8 h9 j10 stay pass a1 propose:c3,e5 keep:c3'");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("token 5"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("RIF opening"), std::string::npos) << r.out;
}
