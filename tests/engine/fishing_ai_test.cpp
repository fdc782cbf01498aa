// Fishing AI: positions where the right answer is known.
#include <gtest/gtest.h>

#include <atomic>

#include "core/notation.h"
#include "engine/fishing.h"
#include "game/record.h"
#include "test_util.h"

using namespace gomoku;
using gomoku::test::at;

namespace {

Game fishingGame(const std::string& record) {
  RecordError err;
  auto g = replayRecord(RuleSet{Variant::FISHING, 15, false, Opening::FREE}, record, &err);
  EXPECT_TRUE(g) << err.describe();
  return *g;
}

ThinkResult think(const Game& g, Level level) {
  std::atomic<bool> stop{false};
  return thinkFishing(g, fishingSettings(level), stop, 1);
}

}  // namespace

TEST(FishingAi, TwoRodsAtOnceBeatASingleRod) {
  // Black (to move) can complete the edge-closed four l10-o10 at k10
  // (1 point) or play e5, which completes the row a5-d5 and the column
  // e1-e4 at once (2 points). Edges and White's e6 close the fours, so
  // neither can grow first; White's other stones are far apart.
  Game g = fishingGame(
      "a5 e6 b5 a15 c5 d15 d5 g15 e1 j15 e2 m15 e3 a12 e4 d12 "
      "l10 g12 m10 j12 n10 m12 o10 o1");
  ASSERT_EQ(*g.toMove(), BLACK);
  ASSERT_EQ(rodPointsIfPlayed(g.board(), at("e5"), BLACK), 2);
  ASSERT_EQ(rodPointsIfPlayed(g.board(), at("k10"), BLACK), 1);
  // Judged by the scoring model itself: one and two plies. (Deeper
  // searches may rightly prefer to first lengthen a line and later convert
  // the stone White blocks with; see ChoosesTheConversionThatStartsAChain.)
  for (int depth : {1, 2}) {
    FishingSettings fs = fishingSettings(Level::MEDIUM);
    fs.maxDepth = depth;
    std::atomic<bool> stop{false};
    ThinkResult r = thinkFishing(g, fs, stop, 1);
    ASSERT_FALSE(r.tokens.empty());
    EXPECT_EQ(r.tokens.front(), "e5") << "depth " << depth;
    ASSERT_GE(r.tokens.size(), 2u) << "the computer reels at once";
    EXPECT_EQ(r.tokens[1].rfind("reel", 0), 0u);
    // The whole turn is legal and leaves the opponent to move.
    Game after = g;
    for (auto& t : r.tokens) ASSERT_EQ(after.applyToken(t), "") << t;
    EXPECT_EQ(*after.toMove(), WHITE);
    EXPECT_EQ(after.score(BLACK), 2);
  }
}

TEST(FishingAi, ChoosesTheConversionThatStartsAChain) {
  // Black completes a row five with l8 (g8 is White's); among White's
  // stones, e5 is the one whose conversion completes Black's e1-e4 column:
  // a chained reel.
  Game g = fishingGame("e1 e5 e2 g8 e3 a15 e4 d15 h8 g15 i8 j15 j8 m15 k8 a12");
  ASSERT_EQ(*g.toMove(), BLACK);
  for (Level lv : {Level::MEDIUM, Level::HARD}) {
    ThinkResult r = think(g, lv);
    ASSERT_GE(r.tokens.size(), 3u) << levelName(lv) << ": stone, reel, chained reel";
    EXPECT_EQ(r.tokens[0], "l8");
    EXPECT_EQ(r.tokens[1], "reel:e5");
    Game after = g;
    for (auto& t : r.tokens) ASSERT_EQ(after.applyToken(t), "") << t;
    EXPECT_EQ(after.score(BLACK), 2);
  }
}

TEST(FishingAi, BlocksTheOpponentsRod) {
  // White threatens a five at l8 (h8-k8); Black has nothing better.
  Game g = fishingGame("a1 h8 c1 i8 e1 j8 a3 k8");
  ASSERT_EQ(*g.toMove(), BLACK);
  ThinkResult r = think(g, Level::MEDIUM);
  ASSERT_FALSE(r.tokens.empty());
  EXPECT_TRUE(r.tokens[0] == "l8" || r.tokens[0] == "g8") << r.tokens[0];
}

TEST(FishingAi, CompletesAPendingReelItFaces) {
  // A record ending right after Black's rod: the computer, as Black, reels.
  Game g = fishingGame("h8 a1 i8 a2 j8 a3 k8 a4 l8");
  ASSERT_EQ(g.phase(), Phase::REEL_PENDING);
  ThinkResult r = think(g, Level::EASY);
  ASSERT_EQ(r.tokens.size(), 1u);
  EXPECT_EQ(r.tokens[0].rfind("reel:", 0), 0u);
  EXPECT_EQ(g.check(*parseAction(r.tokens[0], nullptr)), "");
}

TEST(FishingAi, SameTurnEveryRun) {
  Game g = fishingGame("h8 h9 i8 i9 j8");
  EXPECT_EQ(think(g, Level::MEDIUM).tokens, think(g, Level::MEDIUM).tokens);
  EXPECT_EQ(think(g, Level::EASY).tokens, think(g, Level::EASY).tokens);
}
