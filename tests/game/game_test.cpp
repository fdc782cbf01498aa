// Game flow: turns, fives, exact five, renju flow, openings, undo,
// resignation, rejected actions leaving the game unchanged.
#include "game/game.h"

#include <gtest/gtest.h>

#include "core/notation.h"
#include "game/json.h"
#include "game/record.h"
#include "test_util.h"

using namespace gomoku;
using gomoku::test::at;

namespace {

RuleSet rs(Variant v, Opening o = Opening::FREE, bool exact = false) {
  return RuleSet{v, RuleSet::defaultSize(v), exact, o};
}

Game replay(const RuleSet& r, const std::string& rec) {
  RecordError err;
  auto g = replayRecord(r, rec, &err);
  EXPECT_TRUE(g) << err.describe();
  return g ? *g : Game(r);
}

}  // namespace

TEST(GomokuGame, TurnsAlternateAndFiveWins) {
  Game g(rs(Variant::GOMOKU));
  EXPECT_EQ(*g.toMove(), BLACK);
  ASSERT_EQ(g.applyToken("h8"), "");
  EXPECT_EQ(*g.toMove(), WHITE);
  g = replay(rs(Variant::GOMOKU), "h8 a1 h9 a2 h10 a3 h11 a4 h12");
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.result()->winner, Result::BLACK_WINS);
  EXPECT_EQ(g.result()->reason, "five");
  EXPECT_FALSE(g.toMove().has_value());
  EXPECT_NE(g.applyToken("b1"), "") << "no moves after the end";
}

TEST(GomokuGame, OverlineWinsInFreestyleOnly) {
  const std::string rec = "a1 o15 b1 o14 c1 o13 e1 o12 f1 o10 d1";
  Game free = replay(rs(Variant::GOMOKU), rec);
  EXPECT_TRUE(free.over());
  Game exact = replay(rs(Variant::GOMOKU, Opening::FREE, true), rec);
  EXPECT_FALSE(exact.over()) << "an overline is an ordinary line under exactly five";
  // White's overline does not win either.
  Game w = replay(rs(Variant::GOMOKU, Opening::FREE, true),
                  "h8 a1 h10 b1 j12 c1 k12 e1 l12 f1 m12 d1");
  EXPECT_FALSE(w.over());
}

TEST(GomokuGame, ExactFiveWinsThroughAnotherDirection) {
  // d1 completes a six across (a1..f1 without d1) and an exact five up the d column.
  const std::string rec = "a1 o15 b1 o13 c1 o11 e1 o9 f1 o7 d2 n15 d3 n13 d4 n11 d5 n9 d1";
  Game g = replay(rs(Variant::GOMOKU, Opening::FREE, true), rec);
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.result()->winner, Result::BLACK_WINS);
  EXPECT_EQ(g.result()->line.size(), 5u) << "only the exact five is the winning line";
}

TEST(GomokuGame, IllegalActionsAreRejectedAndChangeNothing) {
  Game g = replay(rs(Variant::GOMOKU), "h8 i9");
  auto before = gameStateJson(g);
  EXPECT_NE(g.applyToken("h8").find("occupied"), std::string::npos);
  EXPECT_NE(g.applyToken("p1").find("off the"), std::string::npos);
  EXPECT_NE(g.applyToken("reel:h8"), "");
  EXPECT_NE(g.applyToken("pass"), "");
  EXPECT_NE(g.applyToken("swap"), "");
  EXPECT_NE(g.applyToken("zz"), "");
  EXPECT_EQ(gameStateJson(g), before);
}

TEST(GomokuGame, UndoAndResign) {
  Game g = replay(rs(Variant::GOMOKU), "h8 i9 j10");
  ASSERT_EQ(g.undo(), "");
  EXPECT_EQ(formatRecord(g), "h8 i9");
  EXPECT_EQ(*g.toMove(), BLACK);
  ASSERT_EQ(g.applyToken("resign"), "");
  EXPECT_EQ(g.result()->winner, Result::WHITE_WINS);
  EXPECT_EQ(g.result()->reason, "resignation");
  Game h = replay(rs(Variant::GOMOKU), "h8 resign:black");
  EXPECT_EQ(h.result()->winner, Result::WHITE_WINS);
}

TEST(GomokuGame, FullBoardIsADraw) {
  RuleSet r{Variant::GOMOKU, 5, false, Opening::FREE};
  const char* rows[5] = {"xxoox", "ooxxo", "xxoox", "ooxxo", "xxoox"};
  std::vector<std::string> b, w;
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 5; ++x)
      (rows[y][x] == 'x' ? b : w).push_back(std::string(1, char('a' + x)) + std::to_string(5 - y));
  std::string rec;
  for (size_t i = 0; i < b.size(); ++i) rec += b[i] + " " + (i < w.size() ? w[i] + " " : "");
  Game g = replay(r, rec);
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.result()->winner, Result::DRAW);
  EXPECT_EQ(g.result()->reason, "full-board");
}

TEST(RenjuGame, FirstStoneOnTheCentre) {
  Game g(rs(Variant::RENJU));
  EXPECT_NE(g.applyToken("a1"), "");
  EXPECT_EQ(g.applyToken("h8"), "");
}

TEST(RenjuGame, ForbiddenMoveLoses) {
  // i8 makes two threes at once: g8 h8 i8 across and i8 i9 i10 up.
  Game g = replay(rs(Variant::RENJU), "h8 a1 g8 a3 i9 a5 i10 o15");
  auto forb = g.forbiddenPoints();
  EXPECT_NE(std::find(forb.begin(), forb.end(), at("i8")), forb.end());
  ASSERT_EQ(g.applyToken("i8"), "");
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.result()->winner, Result::WHITE_WINS);
  EXPECT_EQ(g.result()->reason, "forbidden-double-three");
  // White to move: no forbidden points are listed.
  Game w = replay(rs(Variant::RENJU), "h8 a1 g8 a3 i9 a5 i10");
  EXPECT_TRUE(w.forbiddenPoints().empty());
}

TEST(RenjuGame, FiveTakesPrecedenceOverForbidden) {
  // e8 completes a8..e8 (exactly five) and at the same time a four up the
  // e column and a four on the diagonal e8-h11: a double-four, but the
  // five takes precedence and Black wins.
  Game g = replay(rs(Variant::RENJU),
                  "h8 a1 a8 a2 b8 a3 c8 a5 d8 o15 e9 n15 e10 m15 e11 o13 f9 n13 g10 m13 h11 o11");
  ASSERT_FALSE(g.over());
  ASSERT_GE(g.board().pattern(at("e8"), VERTICAL, BLACK), B4);
  ASSERT_GE(g.board().pattern(at("e8"), DIAGONAL, BLACK), B4);
  ASSERT_EQ(g.applyToken("e8"), "");
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.result()->winner, Result::BLACK_WINS);
  EXPECT_EQ(g.result()->reason, "five");
}

TEST(RenjuGame, OverlineLosesForBlackButWinsForWhite) {
  Game b = replay(rs(Variant::RENJU), "h8 a1 i8 a2 j8 a3 l8 a4 m8 o15 k8");
  ASSERT_TRUE(b.over());
  EXPECT_EQ(b.result()->reason, "forbidden-overline");
  EXPECT_EQ(b.result()->winner, Result::WHITE_WINS);
  Game w = replay(rs(Variant::RENJU), "h8 a1 o15 a2 o13 a3 o11 a5 o9 a6 n1 a4");
  ASSERT_TRUE(w.over());
  EXPECT_EQ(w.result()->winner, Result::WHITE_WINS);
  EXPECT_EQ(w.result()->reason, "five");
}

TEST(RenjuGame, PassesAndDraws) {
  Game g = replay(rs(Variant::RENJU), "h8 i9");
  EXPECT_NE(g.applyToken("pass"), "") << "no pass in the first three moves";
  ASSERT_EQ(g.applyToken("j10"), "");
  ASSERT_EQ(g.applyToken("pass"), "");
  EXPECT_EQ(*g.toMove(), BLACK);
  ASSERT_EQ(g.applyToken("pass"), "");
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.result()->reason, "passes");
  EXPECT_EQ(g.result()->winner, Result::DRAW);

  Game d = replay(rs(Variant::RENJU), "h8 i9 j10 draw");
  EXPECT_EQ(d.phase(), Phase::DRAW_OFFERED);
  EXPECT_EQ(*d.toMove(), BLACK) << "White offered; Black answers";
  Game declined = d;
  ASSERT_EQ(declined.applyToken("decline"), "");
  EXPECT_EQ(*declined.toMove(), WHITE);
  ASSERT_EQ(d.applyToken("accept"), "");
  EXPECT_EQ(d.result()->reason, "agreement");
  // A pass between stones resets the count.
  Game p = replay(rs(Variant::RENJU), "h8 i9 j10 pass k11 pass");
  EXPECT_FALSE(p.over());
}

TEST(Openings, SwapGivesTheChoiceAfterThreeStones) {
  Game g = replay(rs(Variant::GOMOKU, Opening::SWAP), "h8 i9 j8");
  EXPECT_EQ(g.phase(), Phase::SWAP_CHOICE);
  EXPECT_NE(g.applyToken("k8"), "");
  Game s = g;
  ASSERT_EQ(s.applyToken("swap"), "");
  EXPECT_TRUE(s.swapped());
  EXPECT_EQ(*s.toMove(), WHITE);
  ASSERT_EQ(g.applyToken("stay"), "");
  EXPECT_FALSE(g.swapped());
  ASSERT_EQ(g.applyToken("k8"), "");
  EXPECT_EQ(g.board().at(at("k8")), WHITE_STONE);
}

TEST(Openings, Swap2AllBranches) {
  const RuleSet r = rs(Variant::GOMOKU, Opening::SWAP2);
  Game g = replay(r, "h8 i9 j8");
  EXPECT_EQ(g.phase(), Phase::SWAP2_CHOICE);
  Game take = replay(r, "h8 i9 j8 swap");
  EXPECT_TRUE(take.swapped());
  EXPECT_EQ(take.phase(), Phase::PLAY);
  Game two = replay(r, "h8 i9 j8 add2 k9 g7");
  EXPECT_EQ(two.phase(), Phase::SWAP2_FINAL);
  EXPECT_EQ(two.board().at(at("k9")), WHITE_STONE);
  EXPECT_EQ(two.board().at(at("g7")), BLACK_STONE);
  EXPECT_NE(two.applyToken("add2"), "");
  Game fin = replay(r, "h8 i9 j8 add2 k9 g7 swap l10");
  EXPECT_TRUE(fin.swapped());
  EXPECT_EQ(fin.board().at(at("l10")), WHITE_STONE);
  EXPECT_NE(rs(Variant::RENJU, Opening::SWAP2).validate(), "") << "swap2 is for Gomoku";
}

TEST(Openings, Rif1996StartToFinish) {
  const RuleSet r = rs(Variant::RENJU, Opening::RIF);
  Game g(r);
  EXPECT_NE(g.applyToken("a1"), "");
  ASSERT_EQ(g.applyToken("h8"), "");
  EXPECT_NE(g.applyToken("h10"), "") << "stone 2 must touch the centre";
  ASSERT_EQ(g.applyToken("h9"), "");
  EXPECT_NE(g.applyToken("l12"), "") << "stone 3 within the central 5x5";
  ASSERT_EQ(g.applyToken("j10"), "");
  EXPECT_EQ(g.phase(), Phase::SWAP_CHOICE);
  ASSERT_EQ(g.applyToken("swap"), "");
  ASSERT_EQ(g.applyToken("i7"), "");  // move 4, White
  EXPECT_EQ(g.phase(), Phase::RIF_PROPOSE);
  EXPECT_EQ(*g.toMove(), BLACK);
  EXPECT_NE(g.applyToken("g9"), "") << "Black must propose two moves";
  ASSERT_EQ(g.applyToken("propose:g9,k11"), "");
  EXPECT_EQ(g.phase(), Phase::RIF_KEEP);
  EXPECT_NE(g.applyToken("keep:a1"), "");
  ASSERT_EQ(g.applyToken("keep:k11"), "");
  EXPECT_EQ(g.board().at(at("k11")), BLACK_STONE);
  EXPECT_TRUE(g.board().isEmpty(at("g9")));
  EXPECT_EQ(g.phase(), Phase::PLAY);
  EXPECT_EQ(*g.toMove(), WHITE);
  ASSERT_EQ(g.applyToken("g9"), "");  // move 6
  EXPECT_EQ(g.stonesPlayed(), 6);
}

TEST(Openings, RifRejectsSymmetricProposals) {
  // Centre h8, h9 (direct), h10: the position is symmetric about column h,
  // so g11 and i11 mirror each other.
  Game g = replay(rs(Variant::RENJU, Opening::RIF), "h8 h9 h10 stay h7");
  std::string err = g.applyToken("propose:g11,i11");
  EXPECT_NE(err.find("symmetric"), std::string::npos) << err;
  EXPECT_EQ(g.applyToken("propose:g11,j12"), "");
}

TEST(Openings, NoPassBeforeTheRifOpeningIsComplete) {
  // Issue 11, bug 14: a pass at move 4 handed White's stone to Black and
  // Black's proposals to White.
  const RuleSet r = rs(Variant::RENJU, Opening::RIF);
  Game g = replay(r, "h8 h9 j10 stay");
  std::string err = g.applyToken("pass");
  EXPECT_NE(err.find("RIF opening"), std::string::npos) << err;
  ASSERT_EQ(g.applyToken("i7"), "");
  EXPECT_NE(g.applyToken("pass"), "") << "Black proposes, it cannot pass";
  ASSERT_EQ(g.applyToken("propose:g9,k11"), "");
  EXPECT_NE(g.applyToken("pass"), "") << "White keeps, it cannot pass";
  ASSERT_EQ(g.applyToken("keep:k11"), "");
  EXPECT_EQ(g.applyToken("pass"), "") << "the opening is complete: White may pass";
  RecordError rerr;
  EXPECT_FALSE(replayRecord(r, "h8 h9 j10 stay pass a1 propose:c3,e5 keep:c3", &rerr));
  EXPECT_NE(rerr.describe().find("RIF opening"), std::string::npos) << rerr.describe();
  // Renju with the swap opening: no pass before the colours are chosen.
  Game s = replay(rs(Variant::RENJU, Opening::SWAP), "h8 h9 j10");
  EXPECT_NE(s.applyToken("pass"), "");
  ASSERT_EQ(s.applyToken("stay"), "");
  EXPECT_EQ(s.applyToken("pass"), "");
}

TEST(FishingGame, HasNoResignation) {
  // Issue 11, bug 13: "New Game is the only reset".
  Game g = replay(rs(Variant::FISHING), "h8");
  std::string err = g.applyToken("resign");
  EXPECT_NE(err.find("no resignation"), std::string::npos) << err;
  EXPECT_NE(g.applyToken("resign:black"), "");
  EXPECT_FALSE(g.over());
  for (const std::string& t : g.legalTokens()) EXPECT_NE(t, "resign");
  RecordError rerr;
  EXPECT_FALSE(replayRecord(rs(Variant::FISHING), "h8 resign", &rerr));
  // The other games keep it.
  for (Variant v : {Variant::GOMOKU, Variant::RENJU, Variant::CAPTURES}) {
    Game o = replay(rs(v), v == Variant::CAPTURES ? "j10" : "h8");
    EXPECT_EQ(o.applyToken("resign"), "");
  }
}
