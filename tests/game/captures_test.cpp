// Gomoku with captures: pair captures in every direction, edges, safe
// gaps, winning by five pairs or by a line, undo, the tournament opening.
#include <gtest/gtest.h>

#include "core/notation.h"
#include "game/record.h"
#include "test_util.h"

using namespace gomoku;
using gomoku::test::at;
using gomoku::test::Diagram;

namespace {

RuleSet captures(int size = 19) { return RuleSet{Variant::CAPTURES, size, false, Opening::FREE}; }

}  // namespace

TEST(CapturesBoard, FlankedPairIsRemoved) {
  Diagram d(Rule::CAPTURES, "x o o A", 19);
  d.board.play(d['A']);
  EXPECT_EQ(d.board.score(BLACK), 1);
  EXPECT_EQ(d.board.at(makePos(3, 2)), EMPTY);
  EXPECT_EQ(d.board.at(makePos(4, 2)), EMPTY);
  EXPECT_EQ(d.board.verify(), "");
}

TEST(CapturesBoard, OneOrThreeStonesAreNotCaptured) {
  Diagram one(Rule::CAPTURES, "x o A", 19);
  one.board.play(one['A']);
  EXPECT_EQ(one.board.score(BLACK), 0);
  Diagram three(Rule::CAPTURES, "x o o o A", 19);
  three.board.play(three['A']);
  EXPECT_EQ(three.board.score(BLACK), 0);
  EXPECT_EQ(three.board.stoneCount(), 5);
}

TEST(CapturesBoard, AllEightDirectionsAtOnce) {
  Diagram d(Rule::CAPTURES, R"(
    x . . x . . x
    . o . o . o .
    . . o o o . .
    x o o A o o x
    . . o o o . .
    . o . o . o .
    x . . x . . x
  )", 19);
  EXPECT_EQ(d.board.capturesAt(d['A'], BLACK), 8);
  d.board.play(d['A']);
  EXPECT_EQ(d.board.score(BLACK), 8);
  EXPECT_EQ(d.board.stoneCount(), 9) << "eight black flankers plus the new stone remain";
  EXPECT_EQ(d.board.verify(), "");
  d.board.undo();
  EXPECT_EQ(d.board.score(BLACK), 0);
  EXPECT_EQ(d.board.stoneCount(), 8 + 16);
  EXPECT_EQ(d.board.verify(), "");
}

TEST(CapturesBoard, NeverAcrossTheEdge) {
  // Pair against the left edge: there is no flanking point beyond it.
  Diagram d(Rule::CAPTURES, "o o A . .", 19, 0, 5);
  d.board.play(d['A']);
  EXPECT_EQ(d.board.score(BLACK), 0);
  EXPECT_EQ(d.board.stoneCount(), 3);
}

TEST(CapturesBoard, PlayingIntoAFlankedGapIsSafe) {
  // White plays into x . o x: its new stone and the other o form a flanked
  // pair, but captures happen only on the capturing player's move.
  Diagram d(Rule::CAPTURES, "x A o x", 19);
  d.board.pass();  // White to move
  d.board.play(d['A']);
  EXPECT_EQ(d.board.score(BLACK), 0);
  EXPECT_EQ(d.board.score(WHITE), 0);
  EXPECT_EQ(d.board.stoneCount(), 4);
}

TEST(CapturesGame, TournamentOpeningRule) {
  Game g(captures());
  EXPECT_NE(g.applyToken("a1"), "") << "first stone must be on the centre";
  ASSERT_EQ(g.applyToken("j10"), "");
  ASSERT_EQ(g.applyToken("k11"), "");
  std::string err = g.applyToken("l12");  // two points from the centre: inside 5x5
  EXPECT_NE(err.find("three points"), std::string::npos) << err;
  EXPECT_NE(g.applyToken("h8"), "");  // corner of the 5x5 square
  EXPECT_EQ(g.applyToken("m10"), "");  // three points away on the row
  // Later black stones may go anywhere.
  ASSERT_EQ(g.applyToken("a1"), "");
  EXPECT_EQ(g.applyToken("j11"), "");
  for (int size : {13, 15}) {
    Game s(captures(size));
    Pos c = s.board().center();
    EXPECT_EQ(s.applyToken(pointName(c)), "") << size;
  }
}

TEST(CapturesGame, FivePairsWin) {
  // Black captures pairs again and again; White keeps feeding pairs.
  // Rows 1..5: "x o o ." with the capture on the fourth column each time.
  Game g(captures());
  std::string rec = "j10 a1 ";  // centre first; white somewhere
  // Build five flanked pairs on the left edge area (Black's 2nd stone is
  // far from the centre, as the opening rule demands).
  rec += "a3 b3 a5 c3 a7 b5 a9 c5 a11 b7 a13 c7 a15 b9 a17 c9 b18 b11 c18 c11 ";
  rec += "d3 ";   // captures b3 c3
  rec += "d18 d5 ";  // white d18, black d5 captures b5 c5
  rec += "e18 d7 ";
  rec += "f18 d9 ";
  rec += "g18 d11";
  RecordError err;
  auto game = replayRecord(captures(), rec, &err);
  ASSERT_TRUE(game) << err.describe();
  ASSERT_TRUE(game->over());
  EXPECT_EQ(game->score(BLACK), 5);
  EXPECT_EQ(game->result()->winner, Result::BLACK_WINS);
  EXPECT_EQ(game->result()->reason, "captures");
}

TEST(CapturesGame, UndoRestoresCapturedStones) {
  RecordError err;
  auto g = replayRecord(captures(), "j10 j11 a3 j12 j13", &err);
  ASSERT_TRUE(g) << err.describe();
  EXPECT_EQ(g->score(BLACK), 1);
  EXPECT_TRUE(g->board().isEmpty(at("j11")));
  ASSERT_EQ(g->undo(), "");
  EXPECT_EQ(g->score(BLACK), 0);
  EXPECT_EQ(g->board().at(at("j11")), WHITE_STONE);
  EXPECT_EQ(g->board().at(at("j12")), WHITE_STONE);
}

TEST(CapturesGame, LineOfFiveOrMoreWins) {
  RecordError err;
  auto g = replayRecord(captures(), "j10 a1 a5 a2 a6 a3 a7 b1 a8 b2 a9", &err);
  ASSERT_TRUE(g) << err.describe();
  ASSERT_TRUE(g->over());
  EXPECT_EQ(g->result()->reason, "five");
  EXPECT_EQ(g->result()->line.size(), 5u);
}
