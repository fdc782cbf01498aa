// The tactics set's file format and scoring: records that replay, answers
// that are empty points, clear errors otherwise; a five to make and a five
// to block are solved, a wrong answer set counts as a failure.
#include "match/tactics.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "core/notation.h"
#include "match/openings.h"

using namespace gomoku;
using namespace gomoku::match;

namespace {
/// The text of a file in the project's data/ folder ("" when missing).
std::string dataFile(const std::string& name) {
  std::ifstream in(std::string(GOMOKU_SOURCE_DIR) + "/data/" + name);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}
}  // namespace

TEST(Tactics, ParsesPositions) {
  std::string err;
  auto set = parseTactics(
      "# a comment line\n"
      "\n"
      "win freestyle h8 a1 i8 a2 j8 a3 k8 a4 : g8 l8   # open four: either end\n"
      "defend renju h8 a1 i8 a2 j8 a3 k8 : g8 l8\n"
      "win exact h8 a1 : h9\n",
      &err);
  ASSERT_TRUE(set) << err;
  ASSERT_EQ(set->size(), 3u);
  EXPECT_TRUE((*set)[0].win);
  EXPECT_EQ((*set)[0].line, 3);
  EXPECT_EQ((*set)[0].record, "h8 a1 i8 a2 j8 a3 k8 a4");
  ASSERT_EQ((*set)[0].answers.size(), 2u);
  EXPECT_EQ(pointName((*set)[0].answers[1]), "l8");
  EXPECT_FALSE((*set)[1].win);
  EXPECT_EQ((*set)[1].rules.variant, Variant::RENJU);
  EXPECT_TRUE((*set)[2].rules.exactFive);
}

TEST(Tactics, RefusesBadLines) {
  for (const char* bad : {
           "lose freestyle h8 : i9",          // unknown kind
           "win caro h8 : i9",                // unknown rules
           "win freestyle h8 i9",             // no colon
           "win freestyle h8 h8 : i9",        // record does not replay
           "win freestyle h8 i9 : h8",        // answer occupied
           "win freestyle h8 i9 : z99",       // answer off the board
           "win freestyle h8 i9 :",           // no answers
           "win freestyle h8 a1 i8 a2 j8 a3 k8 a4 l8 : m8",  // game over
       }) {
    std::string err;
    EXPECT_FALSE(parseTactics(bad, &err)) << bad;
    EXPECT_NE(err.find("line 1"), std::string::npos) << bad << ": " << err;
  }
}

TEST(Tactics, SolvesAndFails) {
  std::string err;
  // Black has an open four: g8 or l8 wins. White facing Black's open three
  // h8 i8 j8 must block next to it (g8 or k8): a block one point further
  // leaves Black a straight four on the other side.
  auto set = parseTactics(
      "win freestyle h8 a1 i8 a2 j8 a3 k8 a4 : g8 l8\n"
      "defend freestyle h8 a1 i8 c1 j8 e1 : g8 k8\n"
      "win freestyle h8 a1 i8 a2 j8 a3 k8 a4 : a5\n",  // a wrong answer set
      &err);
  ASSERT_TRUE(set) << err;
  TacticsScore s = runTactics(*set, 100);
  EXPECT_EQ(s.wins, 2);
  EXPECT_EQ(s.winsSolved, 1);
  EXPECT_EQ(s.defences, 1);
  EXPECT_EQ(s.defencesSolved, 1);
  ASSERT_EQ(s.failedLines.size(), 1u);
  EXPECT_EQ(s.failedLines[0], 3);
  // The move played there is one of the two winning ones (not the answer).
  ASSERT_EQ(s.failedMoves.size(), 1u);
  std::string played = pointName(s.failedMoves[0]);
  EXPECT_TRUE(played == "g8" || played == "l8") << played;
}

TEST(Tactics, TheProjectSetParses) {
  std::string text = dataFile("tactics.txt");
  ASSERT_FALSE(text.empty()) << "data/tactics.txt is missing";
  std::string err;
  auto set = parseTactics(text, &err);
  ASSERT_TRUE(set) << err;
  int wins = 0, defences = 0, renju = 0;
  for (const TacticsPosition& p : *set) {
    (p.win ? wins : defences)++;
    renju += p.rules.variant == Variant::RENJU;
  }
  // At least 200 positions, freestyle and renju (issue #10).
  EXPECT_GE(wins + defences, 200);
  EXPECT_GE(defences, 300);
  EXPECT_GE(renju, 40);
  EXPECT_GE(wins + defences - renju, 150);
}

TEST(Tactics, NodeBudgetRepeatsExactly) {
  // With a node budget (no clock) the whole run is deterministic: the same
  // positions solved on every run, here the first few of the project set.
  std::string err;
  auto set = parseTactics(dataFile("tactics.txt"), &err);
  ASSERT_TRUE(set) << err;
  set->resize(12);
  TacticsScore a = runTactics(*set, 0, 1, 20'000);
  TacticsScore b = runTactics(*set, 0, 1, 20'000);
  EXPECT_EQ(a.wins + a.defences, 12);
  EXPECT_EQ(a.winsSolved, b.winsSolved);
  EXPECT_EQ(a.defencesSolved, b.defencesSolved);
  EXPECT_EQ(a.failedLines, b.failedLines);
  EXPECT_GT(a.winsSolved + a.defencesSolved, 0);
}

TEST(Tactics, OpeningsFileParses) {
  // data/openings-balanced.txt: records `gomoku match --openings` accepts.
  std::string text = dataFile("openings-balanced.txt");
  ASSERT_FALSE(text.empty()) << "data/openings-balanced.txt is missing";
  std::string err;
  auto openings = parseOpenings(RuleSet{}, text, &err);
  EXPECT_EQ(err, "");
  EXPECT_GE(openings.size(), 100u);
}
