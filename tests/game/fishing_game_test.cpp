// Fishing through the Game: pending reel, conversion, chains, declines,
// the no-target reel, the win check before conversion, full board.
#include <gtest/gtest.h>

#include "core/notation.h"
#include "game/record.h"
#include "test_util.h"

using namespace gomoku;
using gomoku::test::at;

namespace {

RuleSet fishing() { return RuleSet{Variant::FISHING, 15, false, Opening::FREE}; }

Game play(const std::string& record) {
  RecordError err;
  auto g = replayRecord(fishing(), record, &err);
  EXPECT_TRUE(g.has_value()) << err.describe();
  return g ? *g : Game(fishing());
}

}  // namespace

TEST(FishingGame, FiveMakesAPendingReelForTheMover) {
  Game g = play("h8 a1 i8 a2 j8 a3 k8 a4 l8");
  ASSERT_EQ(g.phase(), Phase::REEL_PENDING);
  EXPECT_EQ(*g.toMove(), BLACK);
  EXPECT_EQ(g.pending()->rod.points, 1);
  EXPECT_EQ(g.pending()->rod.count, 5);
  // Clicking an empty point or an own stone does nothing: both are rejected.
  EXPECT_NE(g.applyToken("m8"), "");
  EXPECT_NE(g.applyToken("reel:h8"), "");
  EXPECT_NE(g.applyToken("reel:c3"), "");
  EXPECT_NE(g.applyToken("reel"), "") << "White has stones, a target is required";
  EXPECT_EQ(g.phase(), Phase::REEL_PENDING);
}

TEST(FishingGame, ReelRemovesRodScoresAndConverts) {
  Game g = play("h8 a1 i8 a2 j8 a3 k8 a4 l8 reel:a2");
  EXPECT_EQ(g.phase(), Phase::PLAY);
  EXPECT_EQ(g.score(BLACK), 1);
  for (auto p : {"h8", "i8", "j8", "k8", "l8"}) EXPECT_TRUE(g.board().isEmpty(at(p))) << p;
  EXPECT_EQ(g.board().at(at("a2")), BLACK_STONE);
  EXPECT_EQ(g.board().at(at("a1")), WHITE_STONE);
  EXPECT_EQ(*g.toMove(), WHITE);
  EXPECT_FALSE(g.canUndo());
}

TEST(FishingGame, DeclineKeepsStonesAndTheOldFiveNeverTriggersAgain) {
  Game g = play("h8 a1 i8 a2 j8 a3 k8 a4 l8 decline");
  EXPECT_EQ(g.phase(), Phase::PLAY);
  EXPECT_EQ(*g.toMove(), WHITE);
  EXPECT_EQ(g.board().at(at("h8")), BLACK_STONE);
  EXPECT_EQ(g.score(BLACK), 0);
  // Black plays elsewhere: no reel from the standing five.
  ASSERT_EQ(g.applyToken("b1"), "");
  ASSERT_EQ(g.applyToken("c5"), "");
  EXPECT_EQ(g.phase(), Phase::PLAY);
  // Extending the declined five to six counts only windows with the new
  // stone: 1 point, 5 stones (the far end stays).
  ASSERT_EQ(g.applyToken("b2"), "");
  ASSERT_EQ(g.applyToken("m8"), "");
  ASSERT_EQ(g.phase(), Phase::REEL_PENDING);
  EXPECT_EQ(g.pending()->rod.points, 1);
  EXPECT_EQ(g.pending()->rod.count, 5);
  ASSERT_EQ(g.applyToken("reel:a1"), "");
  EXPECT_EQ(g.board().at(at("h8")), BLACK_STONE) << "the excess stone stays";
  EXPECT_TRUE(g.board().isEmpty(at("i8")));
}

TEST(FishingGame, ConvertedStoneStartsAChain) {
  // Black: e1..e4 and a row h8..k8. White stones on e5 (would complete the
  // column) and elsewhere. Black completes the row with l8, converts e5,
  // which makes e1..e5 a new five: a chained reel.
  Game g = play("e1 e5 e2 a15 e3 b15 e4 c15 h8 d15 i8 f15 j8 g15 k8 a14 l8");
  ASSERT_EQ(g.phase(), Phase::REEL_PENDING);
  ASSERT_EQ(g.applyToken("reel:e5"), "");
  ASSERT_EQ(g.phase(), Phase::REEL_PENDING) << "chain";
  EXPECT_EQ(*g.toMove(), BLACK);
  EXPECT_EQ(g.pending()->rod.points, 1);
  EXPECT_EQ(g.score(BLACK), 1);
  ASSERT_EQ(g.applyToken("reel:a15"), "");
  EXPECT_EQ(g.score(BLACK), 2);
  EXPECT_TRUE(g.board().isEmpty(at("e1")));
  EXPECT_TRUE(g.board().isEmpty(at("e5")));
  EXPECT_EQ(*g.toMove(), WHITE);
}

TEST(FishingGame, ChainedReelMayBeDeclined) {
  Game g = play("e1 e5 e2 a15 e3 b15 e4 c15 h8 d15 i8 f15 j8 g15 k8 a14 l8 reel:e5 decline");
  EXPECT_EQ(g.phase(), Phase::PLAY);
  EXPECT_EQ(g.score(BLACK), 1);
  EXPECT_EQ(g.board().at(at("e5")), BLACK_STONE);
  EXPECT_EQ(*g.toMove(), WHITE);
}

TEST(FishingGame, NoTargetReelWhenTheEnemyHasNoStone) {
  // Black declines a column five h1-h5. White completes a nine in the middle
  // (nine stones reeled, 5 points) and converts h5: its only stone left.
  // Black then completes a10-e10, converts h5 back, which re-forms h1-h5
  // around the converted stone: a chained reel with no white stone to take.
  Game g = play(
      "a10 a15 b10 b15 c10 c15 d10 d15 h1 f15 h2 g15 h3 h15 h4 i15 h5 decline e15");
  ASSERT_EQ(g.phase(), Phase::REEL_PENDING);
  EXPECT_EQ(g.pending()->rod.points, 5);
  EXPECT_EQ(g.pending()->rod.count, 9);
  ASSERT_EQ(g.applyToken("reel:h5"), "");
  EXPECT_EQ(g.score(WHITE), 5);
  ASSERT_EQ(g.applyToken("e10"), "");
  ASSERT_EQ(g.applyToken("reel:h5"), "");
  ASSERT_EQ(g.phase(), Phase::REEL_PENDING) << "the converted stone forms a new five";
  EXPECT_NE(g.applyToken("reel:a15"), "") << "no white stone is left to convert";
  auto tokens = g.legalTokens();
  EXPECT_NE(std::find(tokens.begin(), tokens.end(), "reel"), tokens.end());
  ASSERT_EQ(g.applyToken("reel"), "");
  EXPECT_EQ(g.score(BLACK), 2);
  EXPECT_EQ(*g.toMove(), WHITE);
  EXPECT_TRUE(g.board().isEmpty(at("h5")));
}

namespace {

/// White stones on a spacing-2 grid in the top rows: never two adjacent,
/// so White never makes a five.
std::vector<std::string> whiteFiller() {
  std::vector<std::string> out;
  for (int row : {15, 13, 11})
    for (char col = 'a'; col <= 'o'; col += 2) out.push_back(col + std::to_string(row));
  return out;
}

std::string interleave(const std::vector<std::string>& black, std::vector<std::string>& white,
                       const std::string& afterLastBlack = "") {
  std::string rec;
  for (size_t i = 0; i < black.size(); ++i) {
    rec += black[i] + " ";
    if (i + 1 < black.size()) {
      rec += white.front() + " ";
      white.erase(white.begin());
    }
  }
  return rec + afterLastBlack;
}

}  // namespace

TEST(FishingGame, ReachingTenWinsBeforeConversion) {
  // A 9+9 cross completed at its centre scores 10 at once.
  std::vector<std::string> black = {"d8", "e8", "f8", "g8", "i8", "j8", "k8", "l8",
                                    "h4", "h5", "h6", "h7", "h9", "h10", "h11", "h12", "h8"};
  auto white = whiteFiller();
  Game g = play(interleave(black, white));
  ASSERT_EQ(g.phase(), Phase::REEL_PENDING);
  EXPECT_EQ(g.pending()->rod.points, 10);
  ASSERT_EQ(g.applyToken("reel:a15"), "");
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.result()->winner, Result::BLACK_WINS);
  EXPECT_EQ(g.result()->reason, "points");
  EXPECT_EQ(g.score(BLACK), 10);
  EXPECT_EQ(g.board().at(at("a15")), WHITE_STONE) << "no conversion once the game is won";
}

TEST(FishingGame, OvershootingTenIsAWin) {
  // Nine in the middle (5 points), then a 7+7 cross (6 points): 11.
  std::vector<std::string> nine = {"a1", "b1", "c1", "d1", "f1", "g1", "h1", "i1", "e1"};
  std::vector<std::string> cross = {"e8", "f8", "g8", "i8", "j8", "k8", "h5",
                                    "h6", "h7", "h9", "h10", "h11", "h8"};
  auto white = whiteFiller();
  std::string rec = interleave(nine, white, "reel:a15 ");
  rec += white.front() + " ";
  white.erase(white.begin());
  rec += interleave(cross, white);
  Game g = play(rec);
  ASSERT_EQ(g.score(BLACK), 5);
  ASSERT_EQ(g.phase(), Phase::REEL_PENDING);
  EXPECT_EQ(g.pending()->rod.points, 6);
  ASSERT_EQ(g.applyToken("reel"), "") << "a winning reel needs no target";
  ASSERT_TRUE(g.over());
  EXPECT_EQ(g.score(BLACK), 11);
  EXPECT_EQ(g.result()->winner, Result::BLACK_WINS);
}

TEST(FishingGame, FullBoardGoesToPointsOrDraw) {
  // 5x5 board filled without any five: equal points, a draw.
  RuleSet rs{Variant::FISHING, 5, false, Opening::FREE};
  const char* rows[5] = {"xxoox", "ooxxo", "xxoox", "ooxxo", "xxoox"};
  std::vector<std::string> black, white;
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 5; ++c) {
      std::string p = std::string(1, char('a' + c)) + std::to_string(5 - r);
      (rows[r][c] == 'x' ? black : white).push_back(p);
    }
  std::string rec = interleave(black, white);
  RecordError err;
  auto g = replayRecord(rs, rec, &err);
  ASSERT_TRUE(g) << err.describe();
  ASSERT_TRUE(g->over());
  EXPECT_EQ(g->result()->winner, Result::DRAW);
  EXPECT_EQ(g->result()->reason, "full-board");
}
