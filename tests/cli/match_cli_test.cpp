// `gomoku match` as a user runs it: game lines, totals, exit codes.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli_util.h"

#include <array>
#include <cstdio>
#include <fstream>
#include <string>

namespace {

using gomoku::test::CmdResult;
CmdResult run(const std::string& args) { return gomoku::test::runGomoku(args); }

int countLines(const std::string& text, const std::string& prefix) {
  int n = 0;
  size_t pos = 0;
  while ((pos = text.find("\n" + prefix, pos)) != std::string::npos) ++n, ++pos;
  return n + (text.rfind(prefix, 0) == 0);
}

}  // namespace

TEST(MatchCli, RandomPlayersPrintGamesAndTotals) {
  CmdResult r = run("match --a random --b random --games 6 --seed 7");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(countLines(r.out, "game "), 6) << r.out;
  EXPECT_NE(r.out.find("game   1: opening"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("black random (A), white random (B)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("black random (B), white random (A)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Result for random (A): W "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Score: "), std::string::npos);
  EXPECT_NE(r.out.find("Elo difference (random (A) - random (B)): "), std::string::npos);
  EXPECT_NE(r.out.find("Command: "), std::string::npos);
  EXPECT_NE(r.out.find("match --a random --b random --games 6 --seed 7"), std::string::npos);
  // The same seed, the same games (random players are seeded per game); only
  // the times at the ends of the lines may differ.
  CmdResult again = run("match --a random --b random --games 6 --seed 7 --jobs 2");
  ASSERT_EQ(again.status, 0);
  auto gamesOnly = [](const std::string& text) {
    std::string out;
    size_t pos = 0;
    while (pos < text.size()) {
      size_t end = text.find('\n', pos);
      if (end == std::string::npos) end = text.size();
      std::string line = text.substr(pos, end - pos);
      if (line.rfind("game ", 0) == 0) out += line.substr(0, line.rfind(", ")) + "\n";
      pos = end + 1;
    }
    return out;
  };
  EXPECT_EQ(gamesOnly(r.out), gamesOnly(again.out));
  EXPECT_EQ(countLines(gamesOnly(r.out), "game "), 6);
}

TEST(MatchCli, EveryRuleAndRecords) {
  for (const char* rules : {"freestyle", "renju", "captures", "fishing", "freestyle --exact-five",
                            "freestyle --size 19", "captures --size 13"}) {
    std::string recs = testing::TempDir() + "match_records.txt";
    CmdResult r = run(std::string("match --quiet --a random --b random --games 2 --rules ") +
                      rules + " --records " + recs);
    ASSERT_EQ(r.status, 0) << rules << "\n" << r.out;
    EXPECT_EQ(countLines(r.out, "game "), 0) << "--quiet";
    EXPECT_NE(r.out.find("Games: 2"), std::string::npos) << r.out;
    std::ifstream in(recs);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(countLines(text, "# game "), 2) << text;
  }
}

TEST(MatchCli, ExternalBrainAndOpeningFile) {
  std::string dir = testing::TempDir();
  // A brain that always answers with the first empty point of the top row.
  std::ofstream(dir + "row_brain.sh") << R"(
declare -A t
while read -r line; do
  line=${line%$'\r'}
  case $line in
    START*) echo OK;;
    TURN*) t[${line#TURN }]=1;;&
    [0-9]*,*) IFS=, read -r x y f <<< "$line"; t[$x,$y]=1;;
  esac
  case $line in
    TURN*|BEGIN|DONE) for ((x = 0; x < 15; x++)); do
        if [[ -z ${t[$x,0]} ]]; then t[$x,0]=1; echo "$x,0"; break; fi; done;;
    END) exit 0;;
  esac
done
)";
  std::ofstream(dir + "openings.txt") << "# two of mine\nh8 i9 k8\nh8 g8 h10 j7\n";
  CmdResult r =
      run("match --a random --b-cmd 'bash " + dir + "row_brain.sh' --games 4 --openings " + dir +
          "openings.txt --timeout-turn 2000");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("white row_brain.sh"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("forfeits"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(h8 i9 k8)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(h8 g8 h10 j7)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("2 openings used"), std::string::npos) << r.out;

  // A brain that never answers loses every game on time, quickly.
  CmdResult hang = run("match --a random --b-cmd 'sleep 30' --games 2 --start-timeout-ms 300");
  ASSERT_EQ(hang.status, 0) << hang.out;
  EXPECT_NE(hang.out.find("Result for random: W 2  L 0  D 0"), std::string::npos) << hang.out;
  EXPECT_NE(hang.out.find("forfeits, timeout"), std::string::npos) << hang.out;
  EXPECT_NE(hang.out.find("Forfeits: random 0, sleep 2"), std::string::npos) << hang.out;
}

TEST(MatchCli, OurOwnBrainOverTheProtocol) {
  // Our engine level against our own Gomocup brain: both ends of the
  // protocol are ours, and neither may forfeit.
  for (const char* rules : {"freestyle", "renju"}) {
    // The brain is told 100 ms a move; the long grace keeps a slow machine
    // (sanitizers, other load) from turning a late answer into a forfeit.
    CmdResult r = run(std::string("match --rules ") + rules + " --a easy --b-cmd " + PBRAIN_BINARY +
                      " --timeout-turn 100 --grace-ms 20000 --games 2");
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("white pbrain-gomoku"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("forfeits"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Games: 2"), std::string::npos) << r.out;
  }
}

TEST(MatchCli, SigtermStopsWithTotals) {
  // A brain that never starts: every game takes the 300 ms start timeout.
  // SIGTERM once the first game is reported (so the handler is in place,
  // however slow the start under a sanitizer) ends the match after the game
  // in progress.
  const std::string out = testing::TempDir() + "match_sigterm.txt";
  std::ofstream(out, std::ios::trunc).flush();  // no game line from an earlier run
  CmdResult r =
      run("match --a random --b-cmd 'sleep 30' --games 100 --start-timeout-ms 300 > " + out +
          " 2>&1 & pid=$!; i=0; until grep -q '^game' " + out +
          " || [ $i -ge 600 ]; do sleep 0.1; i=$((i+1)); done; kill -TERM $pid; wait $pid; st=$?; cat " +
          out + "; exit $st");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("Stopped after "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" of 100 games."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Elo difference"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("game 100:"), std::string::npos) << r.out;
}

TEST(MatchCli, Errors) {
  CmdResult r = run("match --a expert --games 2");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("unknown level"), std::string::npos) << r.out;
  r = run("match --rules fishing --a random --b-cmd ./pbrain --games 2");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("Gomocup protocol has no fishing"), std::string::npos) << r.out;
  r = run("match --rules chess --a random --b random");
  EXPECT_EQ(r.status, 2);
  r = run("match --a random --b random --games 0");
  EXPECT_EQ(r.status, 2);
  r = run("match --a random --b random --openings /nonexistent/file");
  EXPECT_EQ(r.status, 2);
}

TEST(MatchCli, LogAndResume) {
  std::string log = testing::TempDir() + "match_log.jsonl";
  std::remove(log.c_str());
  CmdResult r = run("match --a random --b random --games 4 --seed 3 --log " + log);
  ASSERT_EQ(r.status, 0) << r.out;
  // The log is never overwritten by accident.
  r = run("match --a random --b random --games 4 --seed 3 --log " + log);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("add --resume"), std::string::npos) << r.out;
  // Resumed to 8 games: 4 from the log, 4 played.
  r = run("match --a random --b random --games 8 --seed 3 --log " + log + " --resume");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("4 of 8 games already played"), std::string::npos) << r.out;
  EXPECT_EQ(countLines(r.out, "game "), 8) << r.out;
  EXPECT_NE(r.out.find("game   4: "), std::string::npos);
  EXPECT_NE(r.out.find("(from the log)"), std::string::npos);
  EXPECT_NE(r.out.find("Games: 8"), std::string::npos) << r.out;
  std::ifstream in(log);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(countLines(text, "{\"aBlack\""), 8) << text;
  // Fewer games than logged: the totals of the first ones; the log keeps all.
  r = run("match --a random --b random --games 2 --seed 3 --log " + log + " --resume --quiet");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("Games: 2 "), std::string::npos) << r.out;
  std::ifstream in2(log);
  std::string text2((std::istreambuf_iterator<char>(in2)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text2, text);
  // The same log for another match is refused; --resume alone too.
  r = run("match --a random --b random --games 8 --seed 4 --log " + log + " --resume");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("another match"), std::string::npos) << r.out;
  r = run("match --a random --b random --resume");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("--resume needs --log"), std::string::npos) << r.out;
}

TEST(MatchCli, SprtStopsAtABound) {
  // Fixed-depth search against a random player wins every pair: the test
  // accepts H1 long before the 200 games allowed, and says so.
  CmdResult r = run("match --a-depth 2 --b random --games 200 --sprt 0,200 --seed 3");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("LLR"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("H1 accepted"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("The SPRT decided after "), std::string::npos) << r.out;
  int games = countLines(r.out, "game ");
  EXPECT_GE(games, 4);
  EXPECT_LT(games, 60) << r.out;
  // The other way round, H0 is accepted.
  CmdResult h0 = run("match --a random --b-depth 2 --games 200 --sprt 0,200 --seed 3 --quiet");
  ASSERT_EQ(h0.status, 0) << h0.out;
  EXPECT_NE(h0.out.find("H0 accepted"), std::string::npos) << h0.out;
  // Bad bounds are refused with a message.
  CmdResult bad = run("match --a random --b random --games 2 --sprt 10,0");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.out.find("--sprt"), std::string::npos) << bad.out;
}
