// The tactics set's file format and scoring: records that replay, answers
// that are empty points, clear errors otherwise; a five to make and a five
// to block are solved, a wrong answer set counts as a failure.
#include "match/tactics.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "core/notation.h"

using namespace gomoku;
using namespace gomoku::match;

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
}

TEST(Tactics, TheProjectSetParses) {
  std::ifstream in(std::string(GOMOKU_SOURCE_DIR) + "/data/tactics.txt");
  ASSERT_TRUE(in) << "data/tactics.txt is missing";
  std::stringstream ss;
  ss << in.rdbuf();
  std::string err;
  auto set = parseTactics(ss.str(), &err);
  ASSERT_TRUE(set) << err;
  int wins = 0, defences = 0;
  for (const TacticsPosition& p : *set) (p.win ? wins : defences)++;
  EXPECT_GE(wins, 100);
  EXPECT_GE(defences, 10);
}
