// Renju forbidden points: Board::forbidden() against hand-built positions
// (the examples of our rules page, textbook shapes, nested true/false
// threes three and four levels deep) and against the slow reference of
// renju_reference.h on many random positions.
//
// Diagrams: 'x' black, 'o' white, '.' empty, capital letters label empty
// points. Small diagrams are 9x9 windows whose centre is H8 (columns d..l,
// rows 12..4, as the comment above each shows); full diagrams are the whole
// 15x15 board (columns a..o, rows 15..1).
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/notation.h"
#include "rules/board.h"
#include "rules/renju_reference.h"
#include "test_util.h"

using namespace gomoku;
using gomoku::test::Diagram;
namespace ref = gomoku::reference;

namespace {

/// A 9x9 window centred on H8.
Diagram window(const char* text) { return Diagram(Rule::RENJU, text, 15, 3, 3); }
/// The whole 15x15 board.
Diagram full(const char* text) { return Diagram(Rule::RENJU, text, 15, 0, 0); }

/// The diagram text with the stones on the given points taken away (for
/// control positions that differ from a test's main diagram by a stone or
/// two). (ox, oy) is where the diagram sits, as for Diagram.
std::string without(const std::string& text, int ox, int oy, std::vector<const char*> points) {
  auto rows = test::diagramRows(text);
  int h = int(rows.size());
  for (const char* name : points) {
    Point pt = *parsePoint(name);
    auto& cell = rows.at(size_t(h - 1 - (pt.y - oy))).at(size_t(pt.x - ox));
    if (cell != 'x' && cell != 'o') throw std::runtime_error(std::string("no stone on ") + name);
    cell = '.';
  }
  std::string out;
  for (auto& r : rows) out += r + "\n";
  return out;
}
std::string windowWithout(const char* text, std::vector<const char*> points) {
  return without(text, 3, 3, std::move(points));
}
std::string fullWithout(const char* text, std::vector<const char*> points) {
  return without(text, 0, 0, std::move(points));
}

/// The verdict of the fast board for a labelled point, checked against the
/// slow reference (any disagreement fails the test on its own).
Forbid judge(Diagram& d, char label) {
  Pos p = d[label];
  uint64_t hash = d.board.hash();
  Forbid fast = d.board.forbidden(p);
  ref::Grid g = ref::gridFromBoard(d.board);
  Forbid slow = ref::forbidden(g, posX(p), posY(p));
  EXPECT_EQ(forbidName(fast), std::string(forbidName(slow)))
      << "board and reference disagree on " << label << " = " << pointName(p) << "\n"
      << d.board.toString();
  // The recursive check places and removes stones: nothing may be left over.
  EXPECT_EQ(d.board.hash(), hash);
  EXPECT_EQ(d.board.verify(), "");
  return fast;
}

/// Puts a black stone on a labelled point without changing the side to move
/// (to judge deeper points "with the first stone placed").
void fill(Diagram& d, char label) {
  d.board.play(d[label]);
  d.board.pass();
}

int threes(Diagram& d, char label) {
  ref::Grid g = ref::gridFromBoard(d.board);
  return ref::threeCount(g, posX(d[label]), posY(d[label]));
}

int fours(Diagram& d, char label) {
  ref::Grid g = ref::gridFromBoard(d.board);
  return ref::fourCount(g, posX(d[label]), posY(d[label]));
}

}  // namespace

// ---- the examples of the rules page ------------------------------------------

TEST(RenjuRulesPage, DoubleThree) {
  // F8-G8 across and H9-H10 up become two threes crossing at A = H8.
  //           d e f g h i j k l
  auto d = window(R"(
              . . . . . . . . .
              . . . . . . . . .
              . . . . x . . . .
              . . . . x . . . .
              . . x x A . . . .
              . . . . . . . . .
              . . . . . . . . .
              . . . . . . . . .
              . . . . . . . . .
  )");
  EXPECT_EQ(threes(d, 'A'), 2);
  EXPECT_EQ(judge(d, 'A'), Forbid::DOUBLE_THREE);
  EXPECT_EQ(d.board.threat(d['A'], BLACK), T_33);
}

TEST(RenjuRulesPage, DoubleFourOnTwoLines) {
  // A simple four across (D8 white) and one down (H4 white).
  //           d e f g h i j k l
  auto d = window(R"(
              . . . . . . . . .
              . . . . . . . . .
              . . . . . . . . .
              . . . . . . . . .
              o x x x A . . . .
              . . . . x . . . .
              . . . . x . . . .
              . . . . x . . . .
              . . . . o . . . .
  )");
  EXPECT_EQ(fours(d, 'A'), 2);
  EXPECT_EQ(judge(d, 'A'), Forbid::DOUBLE_FOUR);
}

TEST(RenjuRulesPage, DoubleFourOnOneLine) {
  // X . X A X . X: after A = G8 both E8 (B) and I8 (C) make a five, with
  // different stones, so these are two fours.
  //           d e f g h i j k l
  auto d = window(R"(
              . . . . . . . . .
              . . . . . . . . .
              . . . . . . . . .
              . . . . . . . . .
              x B x A x C x . .
              . . . . . . . . .
              . . . . . . . . .
              . . . . . . . . .
              . . . . . . . . .
  )");
  EXPECT_EQ(fours(d, 'A'), 2);
  EXPECT_EQ(judge(d, 'A'), Forbid::DOUBLE_FOUR);
  EXPECT_EQ(d.board.pattern(d['A'], HORIZONTAL, BLACK), D4);
  fill(d, 'A');
  EXPECT_TRUE(d.board.makesFive(d['B'], BLACK));
  EXPECT_TRUE(d.board.makesFive(d['C'], BLACK));
}

TEST(RenjuRulesPage, Overline) {
  //           d e f g h i j k l
  auto d = window(R"(
              . . . . . . . . .
              . . . . . . . . .
              . . . . . . . . .
              . . . . . . . . .
              . x x x A x x . .
              . . . . . . . . .
              . . . . . . . . .
              . . . . . . . . .
              . . . . . . . . .
  )");
  EXPECT_EQ(judge(d, 'A'), Forbid::OVERLINE);
  EXPECT_FALSE(d.board.makesFive(d['A'], BLACK));
}

TEST(RenjuRulesPage, FourThreeIsAllowed) {
  // A four across (five point I8) and a three down.
  //           d e f g h i j k l
  auto d = window(R"(
              . . . . . . . . .
              . . . . . . . . .
              . . . . x . . . .
              . . . . x . . . .
              o x x x A . . . .
              . . . . . . . . .
              . . . . . . . . .
              . . . . . . . . .
              . . . . . . . . .
  )");
  EXPECT_EQ(fours(d, 'A'), 1);
  EXPECT_EQ(threes(d, 'A'), 1);
  EXPECT_EQ(judge(d, 'A'), Forbid::NONE);
  EXPECT_EQ(d.board.threat(d['A'], BLACK), T_43);
}

TEST(RenjuRulesPage, FiveBeatsForbidden) {
  // A = H8 makes a five across and a four down: the five wins.
  //           d e f g h i j k l
  auto d = window(R"(
              . . . . . . . . .
              . . . . x . . . .
              . . . . x . . . .
              . . . . x . . . .
              x x x x A . . . .
              . . . . . . . . .
              . . . . . . . . .
              . . . . . . . . .
              . . . . . . . . .
  )");
  EXPECT_TRUE(d.board.makesFive(d['A'], BLACK));
  EXPECT_EQ(judge(d, 'A'), Forbid::NONE);
}

TEST(RenjuRulesPage, FiveBeatsOverlineAndDoubleFour) {
  // Stronger: A makes a five across, an overline down and a four on the
  // diagonal. Without D8 the five is gone and the overline counts.
  //           d e f g h i j k l
  const char* text = R"(
              . . . . . . . . .
              . . . . x . . . .
              . . . . x . . . .
              . . . . x . . . .
              x x x x A . . . .
              . . . x x . . . .
              . . x . x . . . .
              . x . . x . . . .
              . . . . . . . . .
  )";
  auto d = window(text);
  EXPECT_EQ(judge(d, 'A'), Forbid::NONE);
  auto e = window(windowWithout(text, {"d8"}).c_str());
  EXPECT_EQ(judge(e, 'A'), Forbid::OVERLINE);
}

TEST(RenjuRulesPage, FalseThreeItsFourPointMakesAFive) {
  // Down: a true three. Across: blocked by D8, so only B = I8 turns it into
  // a straight four, and B makes a five in column I first. One true three:
  // A is allowed. Without the column I stones A is a double-three.
  //           d e f g h i j k l
  const char* text = R"(
              . . . . . . . . .
              . . . . . . . . .
              . . . . x . . . .
              . . . . x . . . .
              o . x x A B . . .
              . . . . . x . . .
              . . . . . x . . .
              . . . . . x . . .
              . . . . . x . . .
  )";
  auto d = window(text);
  EXPECT_EQ(threes(d, 'A'), 2);
  EXPECT_EQ(judge(d, 'A'), Forbid::NONE);
  fill(d, 'A');
  EXPECT_TRUE(d.board.makesFive(d['B'], BLACK));

  auto e = window(windowWithout(text, {"i4", "i5", "i6", "i7"}).c_str());
  EXPECT_EQ(judge(e, 'A'), Forbid::DOUBLE_THREE);
}

TEST(RenjuRulesPage, FalseThreeItsFourPointIsForbidden) {
  // As above, but B = I8 (with A in place) is a double-four: the straight
  // four across and the four I5-I8 (I4 white). B may not be played, so the
  // three across is false and A is allowed.
  //           d e f g h i j k l
  auto d = window(R"(
              . . . . . . . . .
              . . . . . . . . .
              . . . . x . . . .
              . . . . x . . . .
              o . x x A B . . .
              . . . . . x . . .
              . . . . . x . . .
              . . . . . x . . .
              . . . . . o . . .
  )");
  EXPECT_EQ(threes(d, 'A'), 2);
  EXPECT_EQ(judge(d, 'A'), Forbid::NONE);
  fill(d, 'A');
  EXPECT_EQ(judge(d, 'B'), Forbid::DOUBLE_FOUR);
}

TEST(RenjuRulesPage, FalseThreeItsFourPointIsAnOverline) {
  // B = I8 would join I6-I7 and I9-I11 into six.
  //           d e f g h i j k l
  auto d = window(R"(
              . . . . . . . . .
              . . . . . x . . .
              . . . . x x . . .
              . . . . x x . . .
              o . x x A B . . .
              . . . . . x . . .
              . . . . . x . . .
              . . . . . . . . .
              . . . . . . . . .
  )");
  EXPECT_EQ(judge(d, 'A'), Forbid::NONE);
  fill(d, 'A');
  EXPECT_EQ(judge(d, 'B'), Forbid::OVERLINE);
}

TEST(RenjuRulesPage, NestedTwoLevels) {
  // The page's nested example. Across, only B = I8 makes the straight four.
  // With A filled, B makes that four plus a three down (I8-I10) and a three
  // on the diagonal H9-I8-J7, both true: B is a double-three itself, so the
  // three across is false and A is allowed (two levels: even, allowed).
  // Without J7, B is a mere four-three, the three across is true and A is
  // forbidden.
  //           d e f g h i j k l
  const char* text = R"(
              . . . . . . . . .
              . . . . . . . . .
              . . . . x x . . .
              . . . . x x . . .
              o . x x A B . . .
              . . . . . . x . .
              . . . . . . . . .
              . . . . . . . . .
              . . . . . . . . .
  )";
  auto d = window(text);
  EXPECT_EQ(threes(d, 'A'), 2);
  EXPECT_EQ(judge(d, 'A'), Forbid::NONE);
  fill(d, 'A');
  EXPECT_EQ(fours(d, 'B'), 1);
  EXPECT_EQ(threes(d, 'B'), 2);
  EXPECT_EQ(judge(d, 'B'), Forbid::DOUBLE_THREE);

  auto e = window(windowWithout(text, {"j7"}).c_str());
  EXPECT_EQ(judge(e, 'A'), Forbid::DOUBLE_THREE);
}

// ---- deeper nesting (our own constructions) ----------------------------------

// A chain A -> B -> C (-> D): each point's three across or on a diagonal
// has exactly one four point, the next label, and every other three in the
// chain is plainly true.
//  - A = H8: three down (H8-H10, true) and three across F8-H8 blocked by D8,
//    four point B = I8 only.
//  - B = I8 (A filled): straight four across, three down I8-I10 (true) and
//    three H9-I8-J7 on the diagonal, blocked by F11, four point C = K6 only.
//  - C = K6 (A, B filled): straight four on that diagonal plus, in the
//    three-level case, the four K3-K6 (K2 white): a double-four.
// C forbidden -> B's diagonal three false -> B allowed (four-three) -> A's
// three across true -> A is a double-three. Three levels: odd, forbidden.
TEST(RenjuNested, ThreeLevels) {
  //       a b c d e f g h i j k l m n o
  auto d = full(R"(
          . . . . . . . . . . . . . . .
          . . . . . . . . . . . . . . .
          . . . . . . . . . . . . . . .
          . . . . . . . . . . . . . . .
          . . . . . o . . . . . . . . .
          . . . . . . . x x . . . . . .
          . . . . . . . x x . . . . . .
          . . . o . x x A B . . . . . .
          . . . . . . . . . x . . . . .
          . . . . . . . . . . C . . . .
          . . . . . . . . . . x . . . .
          . . . . . . . . . . x . . . .
          . . . . . . . . . . x . . . .
          . . . . . . . . . . o . . . .
          . . . . . . . . . . . . . . .
  )");
  EXPECT_EQ(judge(d, 'A'), Forbid::DOUBLE_THREE);
  fill(d, 'A');
  EXPECT_EQ(judge(d, 'B'), Forbid::NONE);
  fill(d, 'B');
  EXPECT_EQ(judge(d, 'C'), Forbid::DOUBLE_FOUR);
}

// Four levels: C = K6 now makes its straight four plus a three down K4-K6
// (true) and a three across K6-M6 blocked by O6, four point D = J6 only.
// D = J6 (A, B, C filled) makes the straight four across and the four
// G3-J6 on the diagonal (F2 white): a double-four.
// D forbidden -> C's three across false -> C allowed -> B's diagonal three
// true -> B a double-three -> A's three across false -> A allowed. Four
// levels: even, allowed. Without G3 and H4, D is allowed and every verdict
// flips back: A is forbidden.
TEST(RenjuNested, FourLevels) {
  //       a b c d e f g h i j k l m n o
  const char* text = R"(
          . . . . . . . . . . . . . . .
          . . . . . . . . . . . . . . .
          . . . . . . . . . . . . . . .
          . . . . . . . . . . . . . . .
          . . . . . o . . . . . . . . .
          . . . . . . . x x . . . . . .
          . . . . . . . x x . . . . . .
          . . . o . x x A B . . . . . .
          . . . . . . . . . x . . . . .
          . . . . . . . . . D C x x . o
          . . . . . . . . x . x . . . .
          . . . . . . . x . . x . . . .
          . . . . . . x . . . . . . . .
          . . . . . o . . . . . . . . .
          . . . . . . . . . . . . . . .
  )";
  auto d = full(text);
  EXPECT_EQ(threes(d, 'A'), 2);
  EXPECT_EQ(judge(d, 'A'), Forbid::NONE);
  fill(d, 'A');
  EXPECT_EQ(judge(d, 'B'), Forbid::DOUBLE_THREE);
  fill(d, 'B');
  EXPECT_EQ(threes(d, 'C'), 2);
  EXPECT_EQ(judge(d, 'C'), Forbid::NONE);
  fill(d, 'C');
  EXPECT_EQ(judge(d, 'D'), Forbid::DOUBLE_FOUR);

  auto e = full(fullWithout(text, {"g3", "h4"}).c_str());
  EXPECT_EQ(judge(e, 'A'), Forbid::DOUBLE_THREE);
  fill(e, 'A');
  EXPECT_EQ(judge(e, 'B'), Forbid::NONE);
  fill(e, 'B');
  EXPECT_EQ(judge(e, 'C'), Forbid::DOUBLE_THREE);
  fill(e, 'C');
  EXPECT_EQ(judge(e, 'D'), Forbid::NONE);
}
