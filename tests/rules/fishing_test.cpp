// Fishing: the rod formula of the rules, every shape of the reference table,
// and a brute-force cross-check (rod windows enumerated one by one).
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "rules/board.h"
#include "test_util.h"

using namespace gomoku;
using gomoku::test::Diagram;

namespace {

/// Places the labelled stone 'A' for Black and returns its rod.
RodInfo rodOf(const std::string& diagram, int size = 19) {
  Diagram d(Rule::FISHING, diagram, size, 0, 0);
  d.board.play(d['A']);
  return d.board.rodAt(d['A']);
}

/// Reference: enumerate every window of five points in every direction that
/// contains p and holds only p's colour; points = windows, stones = union.
std::pair<int, std::set<Pos>> bruteRod(const Board& b, Pos p) {
  int windows = 0;
  std::set<Pos> stones;
  for (int d = 0; d < DIR_NB; ++d)
    for (int start = -4; start <= 0; ++start) {
      bool full = true;
      for (int i = 0; i < 5; ++i)
        if (b.at(Pos(p + (start + i) * DIR_STEP[d])) != b.at(p)) full = false;
      if (!full) continue;
      ++windows;
      for (int i = 0; i < 5; ++i) stones.insert(Pos(p + (start + i) * DIR_STEP[d]));
    }
  return {windows, stones};
}

}  // namespace

TEST(FishingShapes, PlainFiveAnywhereOnTheLine) {
  for (int gap = 0; gap < 5; ++gap) {
    std::string row = "xxxxx";
    row[gap] = 'A';
    std::string spaced;
    for (char c : row) spaced += std::string(1, c) + " ";
    RodInfo r = rodOf(spaced);
    EXPECT_EQ(r.points, 1) << gap;
    EXPECT_EQ(r.count, 5) << gap;
  }
}

TEST(FishingShapes, SixCompletedInOneMove) {
  RodInfo r = rodOf("x x x A x x");
  EXPECT_EQ(r.points, 2);
  EXPECT_EQ(r.count, 6);
}

TEST(FishingShapes, NineWithTheNewStoneInTheMiddle) {
  RodInfo r = rodOf("x x x x A x x x x");
  EXPECT_EQ(r.points, 5);
  EXPECT_EQ(r.count, 9);
}

TEST(FishingShapes, NineWithTheNewStoneAtTheEnd) {
  RodInfo r = rodOf("x x x x x x x x A");
  EXPECT_EQ(r.points, 1);
  EXPECT_EQ(r.count, 5);
}

TEST(FishingShapes, TwelveInTheMiddleLeavesTheExcess) {
  RodInfo r = rodOf("x x x x x A x x x x x x");
  EXPECT_EQ(r.points, 5);
  EXPECT_EQ(r.count, 9);
}

TEST(FishingShapes, VShapeTwoFivesSharingTheVertex) {
  RodInfo r = rodOf(R"(
    x . . . . . . . x
    . x . . . . . x .
    . . x . . . x . .
    . . . x . x . . .
    . . . . A . . . .
  )");
  EXPECT_EQ(r.points, 2);
  EXPECT_EQ(r.count, 9);
}

TEST(FishingShapes, LShape) {
  RodInfo r = rodOf(R"(
    x . . . .
    x . . . .
    x . . . .
    x . . . .
    A x x x x
  )");
  EXPECT_EQ(r.points, 2);
  EXPECT_EQ(r.count, 9);
}

TEST(FishingShapes, TShapeThreeArmsOfFour) {
  // Three one-sided arms of four in three different directions.
  RodInfo t = rodOf(R"(
    x . . . . . . . .
    . x . . . . . . .
    . . x . . . . . .
    . . . x . . . . .
    x x x x A . . . .
    . . . . x . . . .
    . . . . x . . . .
    . . . . x . . . .
    . . . . x . . . .
  )");
  EXPECT_EQ(t.points, 3);
  EXPECT_EQ(t.count, 13);
}

TEST(FishingShapes, Cross13And17) {
  RodInfo c13 = rodOf(R"(
    . . . x . . .
    . . . x . . .
    . . . x . . .
    x x x A x x x
    . . . x . . .
    . . . x . . .
    . . . x . . .
  )");
  EXPECT_EQ(c13.points, 6);
  EXPECT_EQ(c13.count, 13);
  RodInfo c17 = rodOf(R"(
    . . . . x . . . .
    . . . . x . . . .
    . . . . x . . . .
    . . . . x . . . .
    x x x x A x x x x
    . . . . x . . . .
    . . . . x . . . .
    . . . . x . . . .
    . . . . x . . . .
  )");
  EXPECT_EQ(c17.points, 10);
  EXPECT_EQ(c17.count, 17);
}

TEST(FishingShapes, FullAsteriskIsTheMaximum) {
  RodInfo r = rodOf(R"(
    x . . . x . . . x
    . x . . x . . x .
    . . x . x . x . .
    . . . x x x . . .
    x x x x A x x x x
    . . . x x x . . .
    . . x . x . x . .
    . x . . x . . x .
    x . . . x . . . x
  )");
  EXPECT_EQ(r.points, 20);
  EXPECT_EQ(r.count, 33);
}

TEST(FishingShapes, EdgeStopsTheLine) {
  // Four stones against the edge plus the new one: a five at the edge.
  RodInfo r = rodOf("A x x x x", 15);
  EXPECT_EQ(r.points, 1);
  RodInfo none = rodOf("A x x x . x", 15);
  EXPECT_EQ(none.points, 0);
  EXPECT_EQ(none.count, 1);
}

TEST(FishingFormula, MatchesBruteForceWindowsOnRandomBoards) {
  std::mt19937_64 rng(42);
  int checked = 0, scoring = 0;
  for (int game = 0; game < 300; ++game) {
    Board b(Rule::FISHING, 15);
    // Dense clusters of mostly black stones so long lines and crosses occur.
    for (int i = 0; i < 90; ++i) {
      Pos p = makePos(3 + int(rng() % 9), 3 + int(rng() % 9));
      if (!b.isEmpty(p)) continue;
      if (b.sideToMove() == WHITE && rng() % 5 != 0) b.pass();
      b.play(p);
    }
    for (int y = 0; y < 15; ++y)
      for (int x = 0; x < 15; ++x) {
        Pos p = makePos(x, y);
        if (!isStone(b.at(p))) continue;
        RodInfo r = b.rodAt(p);
        auto [windows, stones] = bruteRod(b, p);
        ASSERT_EQ(r.points, windows) << b.toString();
        std::set<Pos> got(r.stones.begin(), r.stones.begin() + r.count);
        ASSERT_EQ(int(got.size()), r.count) << "a stone is reeled twice";
        if (windows > 0) {
          ASSERT_EQ(got, stones);
        }
        ++checked;
        scoring += windows > 0;
      }
  }
  EXPECT_GT(scoring, 100);  // the sample really exercises rods
  EXPECT_GT(checked, 10000);
}
