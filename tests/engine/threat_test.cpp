// Threat search: VCF wins found and checked by replaying them on a Board,
// refuted threats, three defences, renju forbidden points in threat lines.
#include "engine/threat.h"

#include <gtest/gtest.h>

#include "test_util.h"

using namespace gomoku;
using gomoku::test::at;
using gomoku::test::Diagram;

namespace {

/// Replays a VCF line (attacker, defender, ...) and reports whether the
/// attacker's last stone made a five; every attacker move must be a four
/// and every defender move the forced block.
bool replayVcf(Board b, const std::vector<Pos>& pv) {
  Color att = b.sideToMove();
  for (size_t i = 0; i < pv.size(); ++i) {
    Pos m = pv[i];
    bool attacker = b.sideToMove() == att;
    if (m == NO_POS && !attacker) {
      // Renju: the defender cannot block (forbidden point) and passes.
      b.pass();
      continue;
    }
    if (m == NO_POS || !b.isEmpty(m)) return false;
    if (attacker && b.threat(m, att) < T_B4) return false;
    if (!attacker && !b.makesFive(m, att)) return false;
    b.play(m);
    if (attacker && b.isFiveAt(m)) return i + 1 == pv.size();
  }
  return false;
}

int runVcf(Board& board, int fours = 30, uint64_t budget = 1'000'000,
           std::vector<Pos>* pv = nullptr) {
  Position pos(board);
  ThreatSearch ts(pos);
  int r = withRule(board.rule(), [&]<Rule R>() { return ts.vcf<R>(fours, budget); });
  if (pv) *pv = ts.pv();
  return r;
}

}  // namespace

TEST(Vcf, FiveNowIsOnePly) {
  Diagram d(Rule::FREESTYLE, R"(
    . x x x x A .
    . o o o . . .
  )");
  std::vector<Pos> pv;
  EXPECT_EQ(runVcf(d.board, 10, 1000, &pv), 1);
  ASSERT_FALSE(pv.empty());
  EXPECT_TRUE(pv[0] == d['A'] || d.board.makesFive(pv[0], BLACK));
}

TEST(Vcf, DoubleFourWins) {
  // Black: c4-e4 blocked on the left, g5-g7 blocked on top. g4 makes two fours.
  Diagram d(Rule::FREESTYLE, R"(
    . . . . . o . .
    . . . . . x . .
    . . . . . x . .
    . . . . . x . .
    o x x x . A . .
    . . . . . . o o
    . . . . . . o .
  )");
  std::vector<Pos> pv;
  int r = runVcf(d.board, 10, 100000, &pv);
  EXPECT_EQ(r, 3);
  ASSERT_FALSE(pv.empty());
  EXPECT_EQ(pv[0], d['A']);
  EXPECT_TRUE(replayVcf(d.board, pv));
}

TEST(Vcf, LongChainOfFours) {
  // Found by a seeded random-playout search for long VCFs: Black wins with
  // six fours (h7 j7 i8 i10 k8 k9 h8 j10 j8 g8 l8).
  Diagram d(Rule::FREESTYLE, R"(
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . x . . . . .
    . . . o . . . o x . x . . . .
    . . . x o . . . . . x . . . .
    . . . . . . . . x . . o . . .
    . . . . o . . . . . . . . . .
    . . . . . . x . x . x . . . .
    . . . . . . o . . . o . . . .
    . . . o . . . . . . . . . . .
    . . . x o . . . . . . o . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
  )",
            15, 0, 0);
  std::vector<Pos> pv;
  int r = runVcf(d.board, 30, 1'000'000, &pv);
  EXPECT_GE(r, 9);
  EXPECT_TRUE(replayVcf(d.board, pv));
  // The shortest line needs three fours: with two allowed there is none.
  EXPECT_EQ(runVcf(d.board, 3, 1'000'000, &pv), 7);
  EXPECT_TRUE(replayVcf(d.board, pv));
  EXPECT_EQ(runVcf(d.board, 2), 0);
}

TEST(Vcf, RenjuWhiteExploitsForbiddenBlockInLongLine) {
  // White to move wins by fours; the last Black block (i7) would be a
  // forbidden point for Black, so the line ends one block early.
  Diagram d(Rule::RENJU, R"(
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . x . . . . . o x . . . .
    . . . . . . . . . . . . . . .
    . . . x . . o x x o . x . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . o . . . . .
    . . . o . . x . . . . . . . .
    . . . . . o o . . . . . . . .
    . . . x . . . . . . . . . . .
    . . . . . o . . x . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
  )",
            15, 0, 0);
  d.board.pass();
  ASSERT_EQ(d.board.sideToMove(), WHITE);
  std::vector<Pos> pv;
  int r = runVcf(d.board, 30, 1'000'000, &pv);
  ASSERT_GT(r, 0);
  EXPECT_TRUE(replayVcf(d.board, pv));
  // Under freestyle rules the same stones give Black that block: no VCF
  // along this line (Black blocks i7 legally).
  Diagram f(Rule::FREESTYLE, R"(
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . x . . . . . o x . . . .
    . . . . . . . . . . . . . . .
    . . . x . . o x x o . x . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . o . . . . .
    . . . o . . x . . . . . . . .
    . . . . . o o . . . . . . . .
    . . . x . . . . . . . . . . .
    . . . . . o . . x . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
  )",
            15, 0, 0);
  f.board.pass();
  std::vector<Pos> fpv;
  int fr = runVcf(f.board, 30, 1'000'000, &fpv);
  if (fr) {
    EXPECT_TRUE(replayVcf(f.board, fpv));
  }
  EXPECT_NE(std::find(pv.begin(), pv.end(), NO_POS), pv.end())
      << "line should use the forbidden block";
}

TEST(Vcf, NoFoursNoWin) {
  Diagram d(Rule::FREESTYLE, R"(
    . . . . . .
    . x x . . .
    . o . x . .
    . . o . . .
  )");
  EXPECT_EQ(runVcf(d.board), 0);
}

TEST(Vcf, DefenderFiveRefutesTheFours) {
  // White to move would win; Black's fours must not ignore White's four.
  // Black to move here has a four (c4-e4 + f4), but White already has a
  // five point at f6... so Black must block f6 first, which is no four.
  Diagram d(Rule::FREESTYLE, R"(
    . . . . . . . .
    . o o o o A . .
    . . . . . . . .
    o x x x . . . .
    . . . . . x . .
  )");
  EXPECT_EQ(runVcf(d.board), 0);
}

TEST(Vcf, ExactFiveIgnoresOverlineFours) {
  // c4-f4 black with g4 empty and h4 black: g4 makes six, which is no five
  // under exactly-five rules, so g4 is not a winning point there.
  const char* diagram = R"(
    . . . . . . . .
    o x x x x A x .
    . . . . . . . .
    . . o . o . . .
  )";
  Diagram free(Rule::FREESTYLE, diagram);
  Diagram exact(Rule::STANDARD, diagram);
  EXPECT_EQ(runVcf(free.board), 1);
  EXPECT_EQ(runVcf(exact.board), 0);
}

TEST(Vcf, RenjuWhiteWinsThroughForbiddenBlock) {
  // White's four on the top row has its five point at A, which is an
  // overline point for Black (x x . x x x below on the column... here the
  // row of Black stones makes A a six for Black), so Black cannot block.
  Diagram d(Rule::RENJU, R"(
    . . . . . . . . . .
    . . . . . . . . . .
    x x x A x x . . . .
    . . . o . . . . . .
    . . . o . . . . . .
    . . . o . . . . . .
    . . . . . . . . . .
    . o . . o . . . . .
  )");
  // White to move: Black has a five point? No: A would make six for Black.
  d.board.pass();
  ASSERT_EQ(d.board.sideToMove(), WHITE);
  ASSERT_FALSE(d.board.makesFive(d['A'], BLACK));
  ASSERT_TRUE(d.board.isForbidden(d['A']));
  std::vector<Pos> pv;
  int r = runVcf(d.board, 10, 100000, &pv);
  ASSERT_GT(r, 0) << d.board.toString();
  // White plays the four on the column (above or below), Black cannot take A.
  EXPECT_NE(pv[0], d['A']);
}

TEST(Vcf, RenjuBlackNeverPlaysForbiddenFour) {
  // The same stones with Black to move: A is an overline for Black, so it
  // is not a five and not a four either.
  Diagram d(Rule::RENJU, R"(
    . . . . . .
    x x x A x x
    . . . . . .
    . o . o o .
    o . . . . .
  )");
  std::vector<Pos> pv;
  int r = runVcf(d.board, 10, 100000, &pv);
  for (Pos p : pv) EXPECT_NE(p, d['A']);
  EXPECT_EQ(r, 0);
}

TEST(BuildingFour, AFourBuildsWithATwoOrAClosedThreeBeside) {
  // A, B and C each make a four closed by White on the left. A also makes
  // an open two upwards, B a closed three downwards, C nothing else; D
  // makes a four and an open three (a four-three, not a simple four).
  Diagram d(Rule::FREESTYLE, R"(
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . x . . . . . . . .
    . . o x x x A . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . o x x x B . . . . . . . .
    . . . . . . x . . . . . . . .
    . . . . . . x . . . . . . . .
    . . . . . . o . . . . . . . .
    . . . . . . . . . . . x . . .
    . . o x x x C . . . . x . . .
    . . . . . . . . o x x D x . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
  )", 15, 0, 0);
  for (char c : {'A', 'B', 'C'}) EXPECT_EQ(d.board.threat(d[c], BLACK), T_B4) << c;
  EXPECT_TRUE(isBuildingFour(d.board, d['A'], BLACK));
  EXPECT_TRUE(isBuildingFour(d.board, d['B'], BLACK));
  EXPECT_FALSE(isBuildingFour(d.board, d['C'], BLACK));
  EXPECT_EQ(d.board.threat(d['D'], BLACK), T_43);
  EXPECT_FALSE(isBuildingFour(d.board, d['D'], BLACK));
  // None of them is a four for White.
  for (char c : {'A', 'B', 'C', 'D'}) EXPECT_FALSE(isBuildingFour(d.board, d[c], WHITE)) << c;
}

TEST(ThreeDefences, OpenThreeIsBlockedAtItsEnds) {
  // White's open three d5-f5 with two free points each side: only c5 and
  // g5 stop it (after b5 or h5 White still makes a straight four).
  Diagram d(Rule::FREESTYLE, R"(
    . . . . . . . . .
    . . C o o o G . .
    . . . . . . . . .
    . . . . x . . . x
  )");
  Position pos(d.board);
  ThreatSearch ts(pos);
  Pos out[MAX_MOVES];
  int n = ts.threeDefences<Rule::FREESTYLE>(out);
  std::vector<Pos> got(out, out + n);
  std::vector<Pos> want = {d['C'], d['G']};
  std::sort(want.begin(), want.end());
  EXPECT_EQ(got, want);
}

TEST(ThreeDefences, SplitThreeHasThreeAnswers) {
  // White's split three c5 . e5 f5 between empty ends: the gap and both
  // ends answer it; Black's own four (the h-column) is an answer too.
  Diagram d(Rule::FREESTYLE, R"(
    . . . . . . . . . .
    . B o C o o D . . .
    . . . . . . . . x .
    . . . . . . . . x .
    . . . . . . . . x .
    . . . . . . . . E .
  )");
  Position pos(d.board);
  ThreatSearch ts(pos);
  Pos out[MAX_MOVES];
  int n = ts.threeDefences<Rule::FREESTYLE>(out);
  std::vector<Pos> got(out, out + n);
  // Black's four points on the column: the point above (row 6... the
  // diagram's top row is empty) and E below.
  for (char c : {'B', 'C', 'D', 'E'})
    EXPECT_NE(std::find(got.begin(), got.end(), d[c]), got.end()) << c;
  for (Pos p : got) {
    bool expected = p == d['B'] || p == d['C'] || p == d['D'] || d.board.threat(p, BLACK) >= T_B4;
    EXPECT_TRUE(expected) << pointName(p);
  }
}

TEST(FourThreeDefences, FourThreeIsAnsweredOnItsLines) {
  // White's A makes a four (c4-e4, blocked by Black's b4) and an open three
  // on the column. A itself, G (the four's five point) and F and H (the
  // three's ends) stop it; the points beyond F and H leave an open three.
  Diagram d(Rule::FREESTYLE, R"(
    . . . . . . . . .
    . . . . . P . . .
    . . . . . F . . .
    . . . . . o . . .
    . . . . . o . . .
    . x o o o A G . .
    . . . . . H . . .
    . . . . . Q . . .
    . . . . . . . . x
  )");
  ASSERT_EQ(d.board.threat(d['A'], WHITE), T_43);
  Position pos(d.board);
  ThreatSearch ts(pos);
  EXPECT_TRUE(ts.threatens<Rule::FREESTYLE>(WHITE, true));
  EXPECT_FALSE(ts.threatens<Rule::FREESTYLE>(BLACK, true));
  Pos out[MAX_MOVES];
  int n = ts.fourThreeDefences<Rule::FREESTYLE>(out);
  std::vector<Pos> got(out, out + n);
  std::vector<Pos> want = {d['A'], d['G'], d['F'], d['H']};
  std::sort(want.begin(), want.end());
  EXPECT_EQ(got, want);
}

TEST(FourThreeDefences, TwoThreatsFarApartKeepEveryLinePoint) {
  // Two White four-three points (A and B) far apart: no Black stone stops
  // both, so every legal point on their lines stays a candidate (a block
  // that makes a Black four could still hold), and Black's own four (K)
  // is among them.
  Diagram d(Rule::FREESTYLE, R"(
    . . . . . . . . . . . . .
    . . . . . . . . . . . . .
    . . . . . o . . . . . . .
    . . . . . o . . . . . . .
    . x o o o A . . . . . . .
    . . . . . . . . . . . . .
    . . . . . . . . . . . . .
    . . . . . . . . . o . . .
    . . . . . . . . . o . . .
    . . . . . . x o o B o . .
    . . . . . . . . . . . . .
    . . . . . . x x x K . . .
    . . . . . . . . . . . . .
  )");
  ASSERT_EQ(d.board.threat(d['A'], WHITE), T_43);
  ASSERT_GE(d.board.threat(d['B'], WHITE), T_43);
  Position pos(d.board);
  ThreatSearch ts(pos);
  Pos out[MAX_MOVES];
  int n = ts.fourThreeDefences<Rule::FREESTYLE>(out);
  std::vector<Pos> got(out, out + n);
  for (char c : {'A', 'B', 'K'})
    EXPECT_NE(std::find(got.begin(), got.end(), d[c]), got.end()) << c;
  EXPECT_GT(n, 8);
  for (Pos p : got) EXPECT_TRUE(d.board.isEmpty(p)) << pointName(p);
}
