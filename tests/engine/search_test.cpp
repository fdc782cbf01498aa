// Search: forced wins within a node budget, only defences, renju forbidden
// points on both sides, determinism, limits and the bench positions.
#include "engine/search.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <sstream>
#include <string>
#include <vector>

#include "core/notation.h"
#include "engine/bench.h"
#include "engine/threat.h"
#include "test_util.h"

using namespace gomoku;
using gomoku::test::at;
using gomoku::test::Diagram;

namespace {

SearchResult searchNodes(const Board& b, uint64_t nodes, int depth = 0, SearchConfig config = {}) {
  TranspositionTable tt(8);
  Searcher s(tt);
  SearchLimits l;
  l.nodes = nodes;
  l.depth = depth;
  return s.search(b, l, config);
}

/// Expects the search, at each node budget, to play one of `answers`.
void expectOneOf(const Board& b, const std::vector<std::string>& answers,
                 std::initializer_list<uint64_t> budgets) {
  for (uint64_t nodes : budgets) {
    SearchResult res = searchNodes(b, nodes);
    EXPECT_NE(std::find(answers.begin(), answers.end(), pointName(res.best)), answers.end())
        << nodes << " nodes: played " << pointName(res.best) << ", value " << res.value << " depth "
        << res.depth;
  }
}

// Black has a VCF of three fours (found by a seeded random-playout search).
const char* LONG_VCF = R"(
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
)";

// Two open twos crossing on h8 (= A): a double three there wins in
// freestyle; in renju it is a forbidden point for Black.
const char* DOUBLE_THREE = R"(
  . . . . . . . . . . .
  . . . . . . . . . . .
  . . . . . . . . . o .
  . . . . . . . . . . .
  . . . x x A . . . . .
  . . . . . x . . . . .
  . . . . . x . . . . .
  . . . . . . . . . . .
  . . o . . . . . . . .
  . . . . . . . . . o .
)";

bool isFourFor(const Board& b, Pos m, Color c) { return b.threat(m, c) >= T_B4; }

}  // namespace

TEST(Search, FindsVcfWinWithinNodeBudget) {
  for (Rule r : {Rule::FREESTYLE, Rule::STANDARD, Rule::RENJU}) {
    Diagram d(r, LONG_VCF, 15, 0, 0);
    SearchResult res = searchNodes(d.board, 50'000);
    EXPECT_GE(res.value, VALUE_WIN_MIN) << ruleName(r);
    EXPECT_TRUE(isFourFor(d.board, res.best, BLACK)) << ruleName(r) << " " << pointName(res.best);
    EXPECT_LE(res.nodes, 50'000u);
    EXPECT_GT(mateDistance(res.value), 0);
  }
}

TEST(Search, QuiescenceFoursReachAWinBehindTheHorizon) {
  // LONG_VCF with no threat search at the root, one ply of depth and a
  // leaf VCF of a single four: the root's four and its forced block leave
  // Black at the horizon one four short of what the leaf VCF can finish.
  // Only the quiescence's own fours (near Black's last stone) bridge it;
  // without them the same search sees no win. Renju too (since session
  // 27): none of these fours is forbidden to Black.
  for (Rule r : {Rule::FREESTYLE, Rule::RENJU}) {
    Diagram d(r, LONG_VCF, 15, 0, 0);
    SearchConfig c;
    c.rootVcfFours = 0;
    c.rootVcfDefence = false;
    c.leafVcfFours = 1;
    c.quiescenceFours = 0;
    SearchResult flat = searchNodes(d.board, 1'000'000, 1, c);
    EXPECT_LT(flat.value, VALUE_WIN_MIN) << ruleName(r) << " " << pointName(flat.best);
    c.quiescenceFours = 4;
    SearchResult deep = searchNodes(d.board, 1'000'000, 1, c);
    EXPECT_GE(deep.value, VALUE_WIN_MIN) << ruleName(r) << " " << pointName(deep.best);
    EXPECT_TRUE(isFourFor(d.board, deep.best, BLACK)) << ruleName(r) << " " << pointName(deep.best);
  }
}

TEST(Search, PlaysFiveAndBlocksFive) {
  Diagram win(Rule::FREESTYLE, R"(
    . o o o o B .
    . . . . . . .
    A x x x x . .
  )");
  EXPECT_EQ(searchNodes(win.board, 10'000).best, win['A']);
  // White to move must block Black's four at A.
  Diagram block(Rule::FREESTYLE, R"(
    . . . . . . .
    . . o o . . .
    A x x x x o .
    . . . . . o .
  )");
  block.board.pass();
  SearchResult res = searchNodes(block.board, 10'000);
  EXPECT_EQ(res.best, block['A']);
}

TEST(Search, BlocksAnOpenThree) {
  // White to move; Black's open three e5-g5 must be answered at its ends
  // (or by a White four, which White does not have).
  Diagram d(Rule::FREESTYLE, R"(
    . . . . . . . . .
    . . . o . . . . .
    . . A x x x B . .
    . . . . . . o . .
    . . . . . . . . .
  )");
  d.board.pass();
  SearchResult res = searchNodes(d.board, 200'000, 4);
  EXPECT_TRUE(res.best == d['A'] || res.best == d['B']) << pointName(res.best);
}

TEST(Search, DoubleThreeWinsInFreestyle) {
  Diagram d(Rule::FREESTYLE, DOUBLE_THREE);
  SearchConfig c;
  c.vctDepth = 4;
  c.vctNodes = 100'000;
  SearchResult res = searchNodes(d.board, 300'000, 0, c);
  EXPECT_GE(res.value, VALUE_WIN_MIN) << pointName(res.best);
}

TEST(Search, RenjuBlackNeverPlaysForbiddenDoubleThree) {
  Diagram d(Rule::RENJU, DOUBLE_THREE);
  ASSERT_TRUE(d.board.isForbidden(d['A']));
  SearchConfig c;
  c.vctDepth = 4;
  c.vctNodes = 100'000;
  for (uint64_t nodes : {1'000ull, 50'000ull, 300'000ull}) {
    SearchResult res = searchNodes(d.board, nodes, 0, c);
    EXPECT_NE(res.best, d['A']) << nodes;
    EXPECT_FALSE(d.board.isForbidden(res.best));
  }
}

TEST(Search, RenjuWhiteMayUseTheSamePoint) {
  // The colours reversed: White's double three on A is no forbidden point.
  std::string text = DOUBLE_THREE;
  for (char& ch : text) ch = ch == 'x' ? 'o' : ch == 'o' ? 'x' : ch;
  Diagram d(Rule::RENJU, text);
  d.board.pass();
  ASSERT_EQ(d.board.sideToMove(), WHITE);
  SearchConfig c;
  c.vctDepth = 4;
  c.vctNodes = 100'000;
  SearchResult res = searchNodes(d.board, 300'000, 0, c);
  EXPECT_GE(res.value, VALUE_WIN_MIN) << pointName(res.best);
}

TEST(Search, RenjuWhiteExploitsForbiddenBlock) {
  // White's four ends where Black's block (i7) is a forbidden point.
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
  SearchResult res = searchNodes(d.board, 100'000);
  EXPECT_GE(res.value, VALUE_WIN_MIN);
  EXPECT_TRUE(isFourFor(d.board, res.best, WHITE));
}

TEST(Search, RenjuBlackCannotBlockOnForbiddenPoint) {
  // Black to move faces White's four whose five point A is an overline
  // point for Black: Black is lost, and the search must not put a stone
  // on A (that would lose at once by the forbidden rule anyway).
  Diagram d(Rule::RENJU, R"(
    . . . . . . . . . .
    x x x A x x . . . .
    . . . o . . . . . .
    . . . o . . . . . .
    . . . o . . . . . .
    . . . o . . . . . .
    . o . . . . . . o .
  )");
  ASSERT_TRUE(d.board.makesFive(d['A'], WHITE));
  ASSERT_TRUE(d.board.isForbidden(d['A']));
  SearchResult res = searchNodes(d.board, 10'000);
  EXPECT_NE(res.best, d['A']);
  EXPECT_LE(res.value, -VALUE_WIN_MIN);
}

TEST(Search, FindsTheOnlyDefenceAgainstVcf) {
  // White to move; Black threatens a VCF and exactly one White stone stops
  // it (checked by trying every point; positions from a seeded
  // random-playout search).
  struct Case {
    Rule rule;
    const char* diagram;
    const char* defence;
  };
  const Case cases[] = {
      {Rule::FREESTYLE, R"(
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . x x o . . . . .
    . . . . . . . o . . . . . . .
    . . . . o . . . . x . . . . .
    . . . . o x . . . . o . . . .
    . . . . x . x . x . . . . . .
    . . . . o o . x . . x x . . .
    . . . . . . . . . . . . . . .
    . . . . o . . . . . . o . . .
    . . . o x o . . . x . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
  )",
       "j7"},
      {Rule::RENJU, R"(
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . x . x . . . . o x . . .
    . . . . . . . . . o . . . . .
    . . . o . . . . . . . . . . .
    . . . o . . . x o . . o . . .
    . . . . x . . o x . x . . . .
    . . . x . o . . x . . . . . .
    . . . . . x o . x . . . . . .
    . . . . x x . . . . o x . . .
    . . . . o o . x . . o o . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
  )",
       "j7"},
  };
  for (const Case& c : cases) {
    Diagram d(c.rule, c.diagram, 15, 0, 0);
    d.board.pass();
    ASSERT_EQ(d.board.sideToMove(), WHITE);
    SearchResult res = searchNodes(d.board, 300'000);
    EXPECT_EQ(pointName(res.best), c.defence) << ruleName(c.rule);
  }
}

TEST(Search, PreventsAVctThreat) {
  // Black (f8 g8 h6 h7) threatens to win by threes (a VCT, no VCF); White
  // to move has exactly one answer after which Black has no VCT of four
  // threats (checked over every White move with a 1 M-node VCT; positions
  // from a seeded search over White stones).
  struct Case {
    const char* whites[4];
    const char* defence;
  };
  const Case cases[] = {
      {{"k7", "g7", "i10", "f12"}, "h8"},
      {{"g7", "j8", "e4", "k10"}, "h8"},
      {{"e10", "f9", "k11", "k4"}, "h9"},
  };
  const char* blacks[] = {"f8", "g8", "h6", "h7"};
  for (const Case& c : cases) {
    Board b(Rule::FREESTYLE, 15);
    for (int i = 0; i < 4; ++i) {
      b.play(at(blacks[i]));
      b.play(at(c.whites[i]));
    }
    b.pass();
    ASSERT_EQ(b.sideToMove(), WHITE);
    {
      Board pb = b;
      pb.pass();
      Position pos(pb);
      ThreatSearch ts(pos);
      ASSERT_EQ(ts.vcf<Rule::FREESTYLE>(30, 100'000), 0);
      ASSERT_TRUE(ts.vct<Rule::FREESTYLE>(4, 30, 50'000));
    }
    SearchConfig cfg;
    cfg.vctDepth = 4;
    cfg.vctNodes = 50'000;
    cfg.rootVctDefence = true;
    SearchResult res = searchNodes(b, 1'000'000, 4, cfg);
    EXPECT_EQ(pointName(res.best), c.defence) << c.whites[0];
  }
}

TEST(Search, DeterministicNodesAndMove) {
  auto run = [](Rule r, const char* moves, int depth) {
    Board b(r, 15);
    std::istringstream in(moves);
    std::string t;
    while (in >> t) b.play(at(t.c_str()));
    TranspositionTable tt(4);
    Searcher s(tt);
    SearchLimits l;
    l.depth = depth;
    SearchResult res = s.search(b, l, SearchConfig{});
    return std::make_pair(res.best, res.nodes);
  };
  for (Rule r : {Rule::FREESTYLE, Rule::STANDARD, Rule::RENJU}) {
    auto a = run(r, "h8 i9 i8 g8 j7 h9", 5);
    auto b = run(r, "h8 i9 i8 g8 j7 h9", 5);
    EXPECT_EQ(a, b) << ruleName(r);
    EXPECT_GT(a.second, 100u);
  }
  // Deep enough for the singular extension (from depth 7), whose tests
  // search the same node again without its table move.
  auto a = run(Rule::FREESTYLE, "h8 i9 i8 g8 j7 h9", 9);
  auto b = run(Rule::FREESTYLE, "h8 i9 i8 g8 j7 h9", 9);
  EXPECT_EQ(a, b);
}

TEST(Search, NodeLimitStopsWithALegalMove) {
  Board b(Rule::FREESTYLE, 15);
  for (auto m : {"h8", "i9", "i8", "g8"}) b.play(at(m));
  SearchResult res = searchNodes(b, 3'000);
  EXPECT_NE(res.best, NO_POS);
  EXPECT_TRUE(b.isEmpty(res.best));
  EXPECT_LT(res.depth, 64);
}

TEST(Search, StopFlagEndsTheSearch) {
  Board b(Rule::FREESTYLE, 15);
  for (auto m : {"h8", "i9", "i8", "g8"}) b.play(at(m));
  TranspositionTable tt(4);
  Searcher s(tt);
  std::atomic<bool> stop{true};  // already set: the search returns at once
  SearchResult res = s.search(b, SearchLimits{}, SearchConfig{}, {}, &stop);
  EXPECT_NE(res.best, NO_POS);
  EXPECT_TRUE(b.isEmpty(res.best));
}

TEST(Search, AllowedPointsRestrictTheRoot) {
  Board b(Rule::FREESTYLE, 15);
  std::vector<Pos> allowed = {at("a1"), at("o15")};
  TranspositionTable tt(4);
  Searcher s(tt);
  SearchLimits l;
  l.depth = 2;
  SearchResult res = s.search(b, l, SearchConfig{}, allowed);
  EXPECT_TRUE(res.best == at("a1") || res.best == at("o15"));
}

TEST(Bench, PositionsAreLegalAndUndecided) {
  for (auto& [rule, moves] : benchPositions()) {
    Rule r = rule == "renju" ? Rule::RENJU : rule == "standard" ? Rule::STANDARD : Rule::FREESTYLE;
    Board b(r, 15);
    std::istringstream in(moves);
    std::string t;
    while (in >> t) {
      Pos p = at(t.c_str());
      ASSERT_TRUE(b.isEmpty(p)) << moves;
      if (r == Rule::RENJU && b.sideToMove() == BLACK) {
        EXPECT_FALSE(b.isForbidden(p)) << moves << " " << t;
      }
      b.play(p);
      EXPECT_FALSE(b.isFiveAt(p)) << moves;
    }
    EXPECT_EQ(b.threatCount(b.sideToMove(), T_FIVE), 0) << moves;
  }
}

TEST(Bench, SignatureIsReproducible) {
  BenchResult a = runBench(3), b = runBench(3);
  EXPECT_EQ(a.signature, b.signature);
  EXPECT_EQ(a.moveHash, b.moveHash);
  EXPECT_EQ(a.lines.size(), benchPositions().size());
}

TEST(Search, DeepIterationsOnANearlyFullBoard) {
  // A 5x5 board where every line holds both colours (no five is possible)
  // and seven points are empty: the tree is tiny, so iterative deepening
  // runs to depth 60, with cut-offs at nodes that have 30 and more plies
  // left (where the history update once could overflow). The board fills
  // up in every line: a draw.
  Diagram d(Rule::FREESTYLE, R"(
    x o x o x
    o x o x o
    x o . . .
    . . . o x
    o x . x o
  )", 5, 0, 0);
  ASSERT_EQ(d.board.emptyCount(), 7);
  SearchResult r = searchNodes(d.board, 0, 60);
  ASSERT_NE(r.best, NO_POS);
  EXPECT_TRUE(d.board.isEmpty(r.best));
  EXPECT_EQ(r.value, VALUE_ZERO);
  EXPECT_EQ(r.depth, 60);
}

// Renju three extension: White's win here is a threat sequence of about 25
// plies (threes and fours, Black's blocks between; Rapfi, a peer engine,
// calls it a mate in 27 plies). Answers to a three with at most two blocks
// cost no depth in renju, so a depth-13 search proves it (depth 11 did
// before razoring); without the extension the same depth values the
// position at about +310.
TEST(Search, RenjuThreeExtensionProvesLongWhiteWin) {
  Board b(Rule::RENJU, 15);
  for (auto m : {"h8", "f8", "i5", "g9", "h10", "g7", "h9", "h7", "f7"}) b.play(at(m));
  ASSERT_EQ(b.sideToMove(), WHITE);
  SearchResult res = searchNodes(b, 0, 13);
  EXPECT_GE(res.value, VALUE_WIN_MIN) << "value " << res.value << " depth " << res.depth;
  EXPECT_TRUE(b.isEmpty(res.best));
}

TEST(Search, RootThreeHoldsAgainstAFourThree) {
  // From a sparring game against Rapfi (data/tactics.txt): White threatens
  // a four-three, and Black's winning answer h3 is on none of its lines;
  // it makes an open three (h3 i4 j5) that White must answer first. The
  // root searched only the points on White's lines and Black's fours, saw
  // every one of them lost, and played e5 expecting to be mated in 16.
  Board b(Rule::FREESTYLE, 15);
  for (auto m : {"h8", "f7", "j10", "g7", "f8", "e7", "h7", "e8", "h9", "d7", "c7", "h10", "e6",
                 "g6", "d9", "h5", "i4", "g5", "g4", "h4", "f6", "i5", "j5", "g3", "j6", "f4"})
    b.play(at(m));
  ASSERT_EQ(b.sideToMove(), BLACK);
  SearchResult res = searchNodes(b, 300'000);
  EXPECT_EQ(pointName(res.best), "h3") << "value " << res.value;
  EXPECT_GT(res.value, -VALUE_WIN_MIN);
}

TEST(Search, SingularExtensionFindsTheOnlyDefence) {
  // From a sparring game against Rapfi (data/tactics.txt): only g5 holds
  // for White; a peer engine given ample time proves every other move lost.
  // Without the singular extension the search played j8 within this budget
  // (and still at 1,000,000 nodes); with it, g5.
  Board b(Rule::FREESTYLE, 15);
  for (auto m : {"h8", "i8", "g10", "h7", "g6", "i9", "i7", "g9", "f9", "e8", "h6"}) b.play(at(m));
  ASSERT_EQ(b.sideToMove(), WHITE);
  SearchResult res = searchNodes(b, 1'000'000);
  EXPECT_EQ(pointName(res.best), "g5") << "value " << res.value << " depth " << res.depth;
}

TEST(Search, ForcedBlockCarryFindsTheOnlyDefence) {
  // From a sparring game against Rapfi (data/tactics.txt): only g8 holds
  // for Black. With the 0.3 ply each forced block adds to the line
  // (FORCED_EXT_CARRY) the search finds it within 100,000 nodes; without
  // it, it played g5 there (and g8 from 200,000 on).
  Board b(Rule::FREESTYLE, 15);
  for (auto m :
       {"h8",  "i8",  "f6",  "h9",  "g10", "i10", "g9",  "i7",  "i9",  "g7",  "g11", "g12", "h10",
        "f12", "f8",  "e7",  "f7",  "f9",  "h12", "f10", "f13", "j11", "k12", "j12", "j10", "k9",
        "k11", "l12", "k13", "k14", "h6",  "k7",  "k8",  "f5",  "h7",  "h5",  "e8",  "i5"})
    b.play(at(m));
  ASSERT_EQ(b.sideToMove(), BLACK);
  for (uint64_t nodes : {100'000, 200'000, 400'000}) {
    SearchResult res = searchNodes(b, nodes);
    EXPECT_EQ(pointName(res.best), "g8")
        << nodes << " nodes: value " << res.value << " depth " << res.depth;
  }
}

TEST(Search, RenjuSemiTacticalReductionsFindTheWin) {
  // From a sparring game against Rapfi (data/tactics.txt, renju): Black
  // wins with any of six moves. With the semi-tactical moves reduced and
  // pruned in renju too, the search finds one within 100,000 nodes; when
  // renju exempted them, it played e9 up to 800,000 nodes.
  Board b(Rule::RENJU, 15);
  for (auto m : {"h8", "i9", "h6", "j8", "g7", "k7", "h10", "i5"}) b.play(at(m));
  ASSERT_EQ(b.sideToMove(), BLACK);
  expectOneOf(b, {"f6", "f8", "h7", "j6", "e7", "g9"}, {100'000, 200'000});
}

TEST(Search, RenjuThreeExtensionTakesEveryOpenThree) {
  // From two sparring games against Rapfi that reached the same position
  // (data/tactics.txt, renju): Black wins with any of five moves. With the
  // three extension for every single open three (up to three blocks), the
  // search finds one from 50,000 nodes; when only the straight threes with
  // two blocks were extended, it played i4 up to 100,000 nodes.
  Board b(Rule::RENJU, 15);
  for (auto m : {"h8", "h9", "j6", "g8", "i10", "g10", "g9", "i7", "i8", "h7", "f9", "g7",
                 "j7", "j8", "h6", "f7", "e7",  "g6",  "e6", "f5", "g5", "f6", "f4", "e3",
                 "e4", "d4", "e5", "e8", "h5",  "c5",  "b6", "g3", "k6", "l6"})
    b.play(at(m));
  ASSERT_EQ(b.sideToMove(), BLACK);
  expectOneOf(b, {"i6", "j5", "k8", "l5", "m4"}, {50'000, 100'000});
}

TEST(Search, ProbCutFindsAnEarlyWin) {
  // From two sparring games against Rapfi (data/tactics.txt, freestyle):
  // after six stones Black wins with i7 or f9. With ProbCut (a shallow
  // search far above beta ends a node) the search finds one from 50,000
  // nodes; without it, it played i9 at both budgets.
  Board b(Rule::FREESTYLE, 15);
  for (auto m : {"h8", "g8", "i11", "j7", "g9", "h7"}) b.play(at(m));
  ASSERT_EQ(b.sideToMove(), BLACK);
  expectOneOf(b, {"i7", "f9"}, {50'000, 100'000});
}
