// Captures AI: positions where the right answer is known.
#include <gtest/gtest.h>

#include <atomic>

#include "core/notation.h"
#include "engine/captures.h"
#include "game/record.h"
#include "test_util.h"

using namespace gomoku;
using gomoku::test::at;

namespace {

// Black takes four pairs on the left edge (b3 c3, b5 c5, b7 c7, b9 c9);
// White keeps d18 e18 f18 and the pair b11 c11, which Black (a11) can take
// with d11 for the fifth pair.
const char* FOUR_PAIRS =
    "j10 a1 a3 b3 a5 c3 a7 b5 a9 c5 a11 b7 a13 c7 a15 b9 a17 c9 b18 b11 c18 c11 "
    "d3 d18 d5 e18 d7 f18 d9";

Game capturesGame(const std::string& record) {
  RecordError err;
  auto g = replayRecord(RuleSet{Variant::CAPTURES, 19, false, Opening::FREE}, record, &err);
  EXPECT_TRUE(g) << err.describe();
  return *g;
}

ThinkResult think(const Game& g, Level level) {
  std::atomic<bool> stop{false};
  return thinkCaptures(g, capturesSettings(level), stop, 1);
}

}  // namespace

TEST(CapturesAi, TakesTheFifthPair) {
  // White has just made a four (d18-g18, five point h18); Black wins at
  // once by capturing the fifth pair instead of blocking.
  Game g = capturesGame(std::string(FOUR_PAIRS) + " g18");
  ASSERT_EQ(g.score(BLACK), 4);
  ASSERT_EQ(*g.toMove(), BLACK);
  for (Level lv : {Level::EASY, Level::MEDIUM, Level::HARD}) {
    ThinkResult r = think(g, lv);
    ASSERT_EQ(r.tokens.size(), 1u);
    EXPECT_EQ(r.tokens[0], "d11") << levelName(lv);
    Game after = g;
    ASSERT_EQ(after.applyToken(r.tokens[0]), "");
    ASSERT_TRUE(after.over());
    EXPECT_EQ(after.result()->reason, "captures");
  }
}

TEST(CapturesAi, AFourThatACaptureBreaksIsNotForcing) {
  // White to move: g18 makes a four, but Black answers by capturing b11 c11
  // (the fifth pair) and wins, so the four is no threat. The threat search
  // must not call it a win, and White must protect its pair with d11.
  Game g = capturesGame(FOUR_PAIRS);
  ASSERT_EQ(*g.toMove(), WHITE);
  Board b = g.board();
  EXPECT_EQ(capturesVcf(b, 8), NO_POS);
  EXPECT_EQ(b.hash(), g.board().hash()) << "the threat search leaves the board as it was";
  for (Level lv : {Level::MEDIUM, Level::HARD}) {
    ThinkResult r = think(g, lv);
    ASSERT_EQ(r.tokens.size(), 1u);
    EXPECT_EQ(r.tokens[0], "d11") << levelName(lv);
  }
}

TEST(CapturesAi, FindsAVcfThatSurvivesCaptures) {
  // Black to move with e8 f8 g8 and nothing capturable: h8 or d8 makes an
  // open four, a win the threat search must see.
  Game g = capturesGame("j10 a1 e8 a3 f8 a5 g8 a19");
  ASSERT_EQ(*g.toMove(), BLACK);
  Board b = g.board();
  Pos win = capturesVcf(b, 4);
  EXPECT_TRUE(win == at("h8") || win == at("d8") || win == at("i8") || win == at("c8"))
      << (win == NO_POS ? "none" : pointName(win));
}

TEST(CapturesAi, RespectsTheTournamentOpeningRule) {
  // Black's second stone must be outside the central 5x5 on every size.
  for (int size : {13, 15, 19}) {
    RuleSet rs{Variant::CAPTURES, size, false, Opening::FREE};
    Game g(rs);
    for (Level lv : {Level::EASY, Level::MEDIUM}) {
      Game h = g;
      std::atomic<bool> stop{false};
      for (int i = 0; i < 3; ++i) {
        ThinkResult r = thinkCaptures(h, capturesSettings(lv), stop, 7);
        ASSERT_EQ(r.tokens.size(), 1u);
        ASSERT_EQ(h.applyToken(r.tokens[0]), "") << size << " move " << i + 1;
      }
      Pos centre = h.board().center();
      EXPECT_EQ(h.board().at(centre), BLACK_STONE);
      Pos third = toPos(*parsePoint(actionToken(h.actions()[2])));
      EXPECT_GE(std::max(std::abs(posX(third) - posX(centre)), std::abs(posY(third) - posY(centre))), 3);
    }
  }
}
