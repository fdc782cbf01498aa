// Board: make/undo, incremental patterns against a from-scratch recompute,
// fives, exact five, hash.
#include "rules/board.h"

#include <gtest/gtest.h>

#include <random>
#include <set>

#include "core/notation.h"
#include "test_util.h"

using namespace gomoku;
using gomoku::test::at;
using gomoku::test::Diagram;

TEST(Board, EmptyBoardIsConsistent) {
  for (Rule r : {Rule::FREESTYLE, Rule::STANDARD, Rule::RENJU, Rule::CAPTURES, Rule::FISHING})
    for (int size : {5, 13, 15, 19, 22}) {
      Board b(r, size);
      EXPECT_EQ(b.verify(), "") << ruleName(r) << " " << size;
      EXPECT_EQ(b.stoneCount(), 0);
      EXPECT_EQ(b.threatCount(BLACK, T_NONE), size * size);
    }
}

TEST(Board, PlayAndUndoRestoreEverything) {
  Board b(Rule::FREESTYLE, 15);
  uint64_t h0 = b.hash();
  b.play(at("h8"));
  EXPECT_EQ(b.at(at("h8")), BLACK_STONE);
  EXPECT_EQ(b.sideToMove(), WHITE);
  b.play(at("i9"));
  EXPECT_EQ(b.verify(), "");
  b.undo();
  b.undo();
  EXPECT_EQ(b.hash(), h0);
  EXPECT_EQ(b.stoneCount(), 0);
  EXPECT_EQ(b.sideToMove(), BLACK);
  EXPECT_EQ(b.verify(), "");
}

TEST(Board, HashDependsOnPositionNotOrder) {
  Board a(Rule::FREESTYLE, 15), b(Rule::FREESTYLE, 15);
  for (auto m : {"h8", "a1", "c3", "o15"}) a.play(at(m));
  for (auto m : {"c3", "o15", "h8", "a1"}) b.play(at(m));
  EXPECT_EQ(a.hash(), b.hash());
}

TEST(Board, PatternsSeeOpenThreeAndFours) {
  // Black: three in a row h8 i8 j8, both ends open.
  Diagram d(Rule::FREESTYLE, R"(
    . . . . . . . . .
    . . A x x x B . .
    . . . . . . . . .
  )");
  Board& b = d.board;
  Pos g = d['A'], k = d['B'];
  EXPECT_EQ(b.pattern(g, HORIZONTAL, BLACK), F4);
  EXPECT_EQ(b.pattern(k, HORIZONTAL, BLACK), F4);
  EXPECT_EQ(b.threat(g, BLACK), T_F4);
  EXPECT_EQ(b.threatCount(BLACK, T_F4), 2);
  EXPECT_EQ(b.verify(), "");
}

TEST(Board, PairOfShapesOnOnePoint) {
  // A: Black makes a two across and a two down (F2 + F2). B: one two only.
  Diagram d(Rule::FREESTYLE, R"(
    . . . . . . .
    . . . x . . .
    . . x A . . .
    . . . . . . .
    . . . . . . .
  )", 15, 3, 3);
  Diagram e(Rule::FREESTYLE, R"(
    . . . . . . .
    . . . . . . .
    . . x B . . .
    . . . . . . .
    . . . . . . .
  )", 15, 3, 3);
  Pattern pa[DIR_NB], pb[DIR_NB];
  for (int dir = 0; dir < DIR_NB; ++dir) {
    pa[dir] = d.board.pattern(d['A'], Dir(dir), BLACK);
    pb[dir] = e.board.pattern(e['B'], Dir(dir), BLACK);
  }
  EXPECT_EQ(pa[HORIZONTAL], F2);
  EXPECT_EQ(pa[VERTICAL], F2);
  EXPECT_EQ(pairIndex(pa), 2);  // F2 + F2
  EXPECT_EQ(pairIndex(pb), -1);
  // Every pair of levels has its own index, strongest pair last.
  std::set<int> seen;
  const Pattern levels[] = {B2, F2, B3, F3, B4};
  for (Pattern hi : levels)
    for (Pattern lo : levels) {
      if (lo > hi) continue;
      Pattern p[DIR_NB] = {lo, DEAD, hi, B1};
      int i = pairIndex(p);
      EXPECT_GE(i, 0);
      EXPECT_LT(i, PAIR_NB);
      seen.insert(i);
    }
  EXPECT_EQ(int(seen.size()), PAIR_NB);
  Pattern top[DIR_NB] = {B4, B4, F2, F3};
  EXPECT_EQ(pairIndex(top), PAIR_NB - 1);
}

TEST(Board, ShapeIndexIgnoresDirectionsAndCoversEveryShape) {
  // Every unordered set of four levels (DEAD and OL are one level) has its
  // own index below SHAPE_NB, whatever the order of the directions.
  std::set<int> seen;
  int sets = 0;
  for (int a = OL; a < PATTERN_NB; ++a)
    for (int b = OL; b <= a; ++b)
      for (int c = OL; c <= b; ++c)
        for (int d = OL; d <= c; ++d) {
          ++sets;
          Pattern p[DIR_NB] = {Pattern(a), Pattern(b), Pattern(c), Pattern(d)};
          int i = shapeIndex(p);
          EXPECT_GE(i, 0);
          EXPECT_LT(i, SHAPE_NB);
          seen.insert(i);
          Pattern q[DIR_NB] = {Pattern(c), Pattern(a), Pattern(d), Pattern(b)};
          EXPECT_EQ(shapeIndex(q), i);
        }
  EXPECT_EQ(sets, SHAPE_NB);
  EXPECT_EQ(int(seen.size()), SHAPE_NB);
  Pattern dead[DIR_NB] = {DEAD, OL, DEAD, DEAD}, fives[DIR_NB] = {F5, F5, F5, F5};
  EXPECT_EQ(shapeIndex(dead), 0);
  EXPECT_EQ(shapeIndex(fives), SHAPE_NB - 1);
}

TEST(Board, FreestyleOverlineWinsExactFiveDoesNot) {
  const char* diagram = R"(
    . . . . . . . . . .
    . x x x A x x . . .
    . . . . . . . . . .
  )";
  Diagram df(Rule::FREESTYLE, diagram), de(Rule::STANDARD, diagram);
  Board &free = df.board, &exact = de.board;
  Pos gap = df['A'];
  EXPECT_TRUE(free.makesFive(gap, BLACK));
  EXPECT_FALSE(exact.makesFive(gap, BLACK));
  EXPECT_EQ(exact.pattern(gap, HORIZONTAL, BLACK), OL);
  exact.play(gap);
  EXPECT_FALSE(exact.isFiveAt(gap));
  free.play(gap);
  EXPECT_TRUE(free.isFiveAt(gap));
}

TEST(Board, ExactFiveWinsWhenAnotherDirectionIsExact) {
  // The gap point makes an overline across and an exact five down.
  Diagram d(Rule::STANDARD, R"(
    . . . . . . . . . .
    . . . . x . . . . .
    . . . . x . . . . .
    . x x x A x x . . .
    . . . . x . . . . .
    . . . . x . . . . .
    . . . . . . . . . .
  )");
  Board& b = d.board;
  Pos gap = d['A'];
  EXPECT_TRUE(b.makesFive(gap, BLACK));
  b.play(gap);
  EXPECT_TRUE(b.isFiveAt(gap));
}

TEST(Board, RenjuWhiteOverlineWinsBlackDoesNot) {
  const char* diagram = R"(
    . . . . . . . . . .
    . x x x A x x . . .
    . o o o B o o . . .
    . . . . . . . . . .
  )";
  Diagram d(Rule::RENJU, diagram);
  EXPECT_FALSE(d.board.makesFive(d['A'], BLACK));
  EXPECT_TRUE(d.board.makesFive(d['B'], WHITE));
}

// Random make/undo with the from-scratch comparison after every step, per
// rule. The final hash doubles as a regression signature of the sequence.
class BoardStress : public ::testing::TestWithParam<Rule> {};

TEST_P(BoardStress, RandomMakeUndoMatchesRecompute) {
  Rule rule = GetParam();
  std::mt19937_64 rng(20261129 + int(rule));
  for (int game = 0; game < 6; ++game) {
    int size = std::array{15, 13, 19, 9, 22, 15}[game];
    Board b(rule, size);
    std::vector<uint64_t> hashes{b.hash()};
    for (int step = 0; step < 160; ++step) {
      bool back = b.ply() > 0 && rng() % 4 == 0;
      if (back) {
        b.undo();
        hashes.pop_back();
        ASSERT_EQ(b.hash(), hashes.back());
      } else {
        std::vector<Pos> empties;
        for (int y = 0; y < size; ++y)
          for (int x = 0; x < size; ++x)
            if (b.isEmpty(makePos(x, y))) empties.push_back(makePos(x, y));
        if (empties.empty()) break;
        Pos p = empties[rng() % empties.size()];
        uint64_t predicted = b.hashAfter(p);
        int stonesBefore = b.stoneCount();
        b.play(p);
        hashes.push_back(b.hash());
        // The search prefetches the child's table entry by this prediction:
        // exact whenever the move took nothing off the board.
        if (b.stoneCount() == stonesBefore + 1) {
          ASSERT_EQ(predicted, b.hash());
        }
        if (rule == Rule::FISHING && rng() % 2 == 0) {
          RodInfo rod = b.rodAt(p);
          if (rod.points > 0) {
            Pos target = NO_POS;
            for (Pos q : empties)
              if (b.at(q) == stoneOf(b.sideToMove())) target = q;
            b.reel(rod, target);
            hashes.push_back(b.hash());
          }
        }
      }
      ASSERT_EQ(b.verify(), "") << "rule " << ruleName(rule) << " game " << game << " step " << step;
    }
    while (b.ply() > 0) b.undo();
    EXPECT_EQ(b.hash(), hashes.front());
    EXPECT_EQ(b.stoneCount(), 0);
    EXPECT_EQ(b.verify(), "");
  }
}

INSTANTIATE_TEST_SUITE_P(AllRules, BoardStress,
                         ::testing::Values(Rule::FREESTYLE, Rule::STANDARD, Rule::RENJU,
                                           Rule::CAPTURES, Rule::FISHING),
                         [](const auto& param) { return ruleName(param.param); });
