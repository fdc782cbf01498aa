// Engine facade: the computer's turn in every phase of every game is legal
// (checked through Game), levels behave as described, determinism.
#include "engine/engine.h"

#include <gtest/gtest.h>

#include <thread>

#include "core/notation.h"
#include "game/record.h"
#include "test_util.h"

using namespace gomoku;
using gomoku::test::at;

namespace {

RuleSet rs(Variant v, Opening o = Opening::FREE, bool exact = false) {
  return RuleSet{v, RuleSet::defaultSize(v), exact, o};
}

Game replay(const RuleSet& r, const std::string& rec) {
  Game g(r);
  std::istringstream in(rec);
  std::string t;
  while (in >> t) EXPECT_EQ(g.applyToken(t), "") << t;
  return g;
}

/// A depth limit with a node cap: explicit limits get the hard level's
/// threat searches, which only a node (or time) limit bounds; the cap keeps
/// these tests quick in sanitizer builds.
Limits depth(int d, uint64_t nodes = 100'000) {
  Limits l;
  l.depth = d;
  l.nodes = nodes;
  return l;
}

/// Applies the computer's tokens; all must be legal.
void applyAll(Game& g, const ThinkResult& r) {
  ASSERT_FALSE(r.tokens.empty()) << phaseName(g.phase());
  for (const auto& t : r.tokens) ASSERT_EQ(g.applyToken(t), "") << t;
}

}  // namespace

TEST(Engine, LevelNames) {
  EXPECT_EQ(parseLevel("easy"), Level::EASY);
  EXPECT_EQ(parseLevel("normal"), Level::MEDIUM);
  EXPECT_EQ(parseLevel("hard"), Level::HARD);
  EXPECT_FALSE(parseLevel("expert"));
  EXPECT_EQ(levelName(Level::MEDIUM), "medium");
}

TEST(Engine, FirstMovesAreLegal) {
  Engine e(8);
  for (Variant v : {Variant::GOMOKU, Variant::RENJU, Variant::CAPTURES, Variant::FISHING}) {
    Game g(rs(v));
    for (int i = 0; i < 6 && !g.over(); ++i) {
      ThinkResult r = e.think(g, depth(3));
      applyAll(g, r);
    }
    EXPECT_GE(g.stonesPlayed(), 6) << variantName(v);
  }
}

TEST(Engine, RenjuStartsOnTheCentre) {
  Engine e(8);
  Game g(rs(Variant::RENJU));
  ThinkResult r = e.think(g, depth(2));
  ASSERT_EQ(r.tokens.size(), 1u);
  EXPECT_EQ(r.tokens[0], "h8");
}

TEST(Engine, WinsAndBlocksFives) {
  Engine e(8);
  // Black to move with four in a row: five.
  Game win = replay(rs(Variant::GOMOKU), "h8 a1 h9 a2 h10 a3 h11 b5");
  EXPECT_TRUE(e.think(win, depth(2)).tokens[0] == "h12" ||
              e.think(win, depth(2)).tokens[0] == "h7");
  ThinkResult r = e.think(win, depth(2));
  ASSERT_TRUE(r.mateIn.has_value());
  EXPECT_EQ(*r.mateIn, 1);
  // White to move must block the four h8-h11 (h7 is taken).
  Game block = replay(rs(Variant::GOMOKU), "h8 h7 h9 a2 h10 a3 h11");
  EXPECT_EQ(e.think(block, depth(2)).tokens[0], "h12");
  // Every level blocks.
  for (Level l : {Level::EASY, Level::MEDIUM})
    EXPECT_EQ(e.think(block, l).tokens[0], "h12") << levelName(l);
}

TEST(Engine, EveryLevelAnswersAnOpenThree) {
  Engine e(8);
  // Black's open three h8-h10 (h7, h11 empty); White to move.
  Game g = replay(rs(Variant::GOMOKU), "h8 j9 h9 k12 h10");
  for (Level l : {Level::EASY, Level::MEDIUM}) {
    ThinkResult r = e.think(g, l);
    ASSERT_EQ(r.tokens.size(), 1u);
    Game after = g;
    applyAll(after, r);
    // After White's answer Black has no straight-four point.
    EXPECT_EQ(after.board().threatCount(BLACK, T_F4), 0) << levelName(l) << " " << r.tokens[0];
  }
}

TEST(Engine, RenjuMediumIsHardsSearchWithLessTime) {
  // Renju's Medium is Hard's threat settings on one thread with a shorter
  // time (the Gomoku Medium's root VCT was too costly there); the Gomoku
  // Medium keeps its own settings.
  LevelSettings hard = levelSettings(Level::HARD, Variant::RENJU);
  LevelSettings medium = levelSettings(Level::MEDIUM, Variant::RENJU);
  EXPECT_EQ(medium.config.vctDepth, 0);
  EXPECT_FALSE(medium.config.rootVctDefence);
  EXPECT_EQ(medium.config.leafVcfFours, hard.config.leafVcfFours);
  EXPECT_EQ(medium.config.rootVcfNodes, hard.config.rootVcfNodes);
  EXPECT_EQ(medium.limits.threads, 1);
  EXPECT_GT(medium.limits.timeMs, 0);
  EXPECT_LT(medium.limits.timeMs, hard.limits.timeMs);
  EXPECT_GT(levelSettings(Level::MEDIUM, Variant::GOMOKU).config.vctDepth, 0);
  // It still blocks an open three (Black h8-h10, White to move).
  Engine e(8);
  Game g = replay(rs(Variant::RENJU), "h8 j9 h9 k12 h10");
  ThinkResult r = e.think(g, Level::MEDIUM);
  ASSERT_EQ(r.tokens.size(), 1u);
  Game after = g;
  applyAll(after, r);
  EXPECT_EQ(after.board().threatCount(BLACK, T_F4), 0) << r.tokens[0];
}

TEST(Engine, FindsForcedWinThroughTheFacade) {
  // Black: h8-h10 (blocked below by h7) and i11-k11 (blocked by l11):
  // h11 makes two fours at once. White's other stones are scattered.
  Engine e(8);
  Game g = replay(rs(Variant::GOMOKU), "h8 h7 h9 a1 h10 c1 i11 e1 j11 a15 k11 l11");
  ThinkResult r = e.think(g, Level::MEDIUM);
  EXPECT_EQ(r.tokens[0], "h11");
  ASSERT_TRUE(r.mateIn.has_value());
  EXPECT_EQ(*r.mateIn, 3);
}

TEST(Engine, DeterministicWithDepthLimit) {
  Game g = replay(rs(Variant::GOMOKU), "h8 i9 i8 g8 j7 h9");
  ThinkResult a, b;
  {
    Engine e(8);
    a = e.think(g, depth(5, 150'000));
  }
  {
    Engine e(8);
    b = e.think(g, depth(5, 150'000));
  }
  EXPECT_EQ(a.tokens, b.tokens);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_GE(a.depth, 1);
  EXPECT_GT(a.nodes, 1000u);
}

TEST(Engine, EasyIsSeededAndReproducible) {
  Game g = replay(rs(Variant::GOMOKU), "h8 i9 i8 g8");
  std::vector<std::string> first, second;
  for (int run = 0; run < 2; ++run) {
    Engine e(8);
    e.setSeed(42);
    auto& out = run == 0 ? first : second;
    Game h = g;
    for (int i = 0; i < 6 && !h.over(); ++i) {
      ThinkResult r = e.think(h, Level::EASY);
      out.push_back(r.tokens.at(0));
      applyAll(h, r);
    }
  }
  EXPECT_EQ(first, second);
  // Different seeds give different games somewhere (randomised choice);
  // one position alone may have a single move within the margin.
  std::set<std::vector<std::string>> games;
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    Engine e(8);
    e.setSeed(seed);
    std::vector<std::string> moves;
    Game h = g;
    for (int i = 0; i < 4 && !h.over(); ++i) {
      ThinkResult r = e.think(h, Level::EASY);
      moves.push_back(r.tokens.at(0));
      applyAll(h, r);
    }
    games.insert(moves);
  }
  EXPECT_GT(games.size(), 1u);
}

TEST(Engine, TimeLimitReturnsALegalMove) {
  Engine e(8);
  Game g = replay(rs(Variant::GOMOKU), "h8 i9 i8 g8 j7 h9");
  Limits l;
  l.timeMs = 100;
  ThinkResult r = e.think(g, l);
  Game after = g;
  applyAll(after, r);
  EXPECT_LT(r.depth, 64);
  // Match time alone also bounds the move.
  Limits m;
  m.matchTimeLeftMs = 2000;
  r = e.think(g, m);
  after = g;
  applyAll(after, r);
}

TEST(Engine, StopEndsAnUnlimitedThink) {
  Engine e(8);
  Game g = replay(rs(Variant::GOMOKU), "h8 i9 i8 g8 j7 h9");
  ThinkResult r;
  std::thread t([&] { r = e.think(g, Limits{}); });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  e.stop();
  t.join();
  Game after = g;
  applyAll(after, r);
}

TEST(Engine, ThreadsOptionGivesALegalMove) {
  Engine e(8);
  Game g = replay(rs(Variant::RENJU), "h8 i9 j8 j9 h9 h10 i10");
  Limits l;
  l.depth = 5;
  l.threads = 2;
  ThinkResult r = e.think(g, l);
  Game after = g;
  applyAll(after, r);
}

TEST(Engine, SetThreadsAppliesToHardAndTimedSearchesOnly) {
  // `gomoku serve --threads N`: Hard's moves and timed analyses use N
  // threads; Easy and Medium keep one (their strength is calibrated), and
  // a depth-limited search keeps one so that it repeats exactly.
  // Black's open three ends every search quickly (a VCF at the root).
  Game g = replay(rs(Variant::GOMOKU), "h8 a1 i8 b1 j8 c1");
  Engine e(8);
  Limits timed;
  timed.timeMs = 150;
  EXPECT_EQ(e.think(g, timed).threads, 1);
  e.setThreads(3);
  ThinkResult r = e.think(g, timed);
  EXPECT_EQ(r.threads, 3);
  Game after = g;
  applyAll(after, r);
  EXPECT_EQ(e.think(g, depth(3, 0)).threads, 1);
  EXPECT_EQ(e.think(g, Level::MEDIUM).threads, 1);
  EXPECT_EQ(e.think(g, Level::HARD).threads, 3);
  e.setThreads(0);
  EXPECT_EQ(e.think(g, Level::HARD).threads, levelSettings(Level::HARD, g.rules().variant).limits.threads);
}

// ---- opening protocols -------------------------------------------------------

TEST(Engine, SwapOpeningStonesAndChoice) {
  Engine e(8);
  for (Variant v : {Variant::GOMOKU, Variant::RENJU}) {
    Game g(rs(v, Opening::SWAP));
    ASSERT_EQ(g.phase(), Phase::OPENING_STONES);
    ThinkResult r = e.think(g, depth(3));
    EXPECT_EQ(r.tokens.size(), 3u) << "the opener places all three stones in one turn";
    applyAll(g, r);
    ASSERT_EQ(g.phase(), Phase::SWAP_CHOICE);
    r = e.think(g, depth(3));
    ASSERT_EQ(r.tokens.size(), 1u);
    EXPECT_TRUE(r.tokens[0] == "swap" || r.tokens[0] == "stay");
    applyAll(g, r);
    EXPECT_EQ(g.phase(), Phase::PLAY);
  }
}

TEST(Engine, SwapChoiceTakesTheBetterColour) {
  Engine e(8);
  // Black's opener stones form an open three: White to move must block but
  // Black keeps the initiative... with a straight three Black is clearly
  // better, so the chooser (holding White) swaps to Black.
  Game g(rs(Variant::GOMOKU, Opening::SWAP));
  for (auto t : {"h8", "a1", "h9"}) ASSERT_EQ(g.applyToken(t), "");
  ASSERT_EQ(g.phase(), Phase::SWAP_CHOICE);
  // Here White's stone is far away: Black is better.
  EXPECT_EQ(e.think(g, depth(4)).tokens[0], "swap");
}

TEST(Engine, Swap2AllPhases) {
  Engine e(8);
  Game g(rs(Variant::GOMOKU, Opening::SWAP2));
  applyAll(g, e.think(g, depth(3)));
  ASSERT_EQ(g.phase(), Phase::SWAP2_CHOICE);
  ThinkResult r = e.think(g, depth(3));
  ASSERT_EQ(r.tokens.size(), 1u);
  EXPECT_TRUE(r.tokens[0] == "swap" || r.tokens[0] == "stay");
  // The person chooses add2 instead; the engine then places the two stones
  // when it is asked to (hot-seat), and the opener's final choice.
  ASSERT_EQ(g.applyToken("add2"), "");
  ASSERT_EQ(g.phase(), Phase::SWAP2_STONES);
  r = e.think(g, depth(3));
  EXPECT_EQ(r.tokens.size(), 2u);
  applyAll(g, r);
  ASSERT_EQ(g.phase(), Phase::SWAP2_FINAL);
  r = e.think(g, depth(3));
  EXPECT_TRUE(r.tokens.at(0) == "swap" || r.tokens.at(0) == "stay");
  applyAll(g, r);
  EXPECT_EQ(g.phase(), Phase::PLAY);
}

TEST(Engine, RifAllPhases) {
  Engine e(8);
  Game g(rs(Variant::RENJU, Opening::RIF));
  ThinkResult r = e.think(g, depth(3));
  ASSERT_EQ(r.tokens.size(), 3u);
  EXPECT_EQ(r.tokens[0], "h8");
  applyAll(g, r);
  ASSERT_EQ(g.phase(), Phase::SWAP_CHOICE);
  applyAll(g, e.think(g, depth(3)));
  ASSERT_EQ(g.phase(), Phase::PLAY);
  applyAll(g, e.think(g, depth(3)));  // move 4
  ASSERT_EQ(g.phase(), Phase::RIF_PROPOSE);
  r = e.think(g, depth(3));
  ASSERT_EQ(r.tokens.size(), 1u);
  EXPECT_EQ(r.tokens[0].rfind("propose:", 0), 0u);
  applyAll(g, r);
  ASSERT_EQ(g.phase(), Phase::RIF_KEEP);
  r = e.think(g, depth(3));
  EXPECT_EQ(r.tokens.at(0).rfind("keep:", 0), 0u);
  applyAll(g, r);
  EXPECT_EQ(g.phase(), Phase::PLAY);
  EXPECT_EQ(g.stonesPlayed(), 5);
}

TEST(Engine, DeclinesAnEarlyDraw) {
  Engine e(8);
  Game g = replay(rs(Variant::RENJU), "h8 i9 j8 draw");
  ASSERT_EQ(g.phase(), Phase::DRAW_OFFERED);
  ThinkResult r = e.think(g, depth(3));
  EXPECT_EQ(r.tokens.at(0), "decline");
  applyAll(g, r);
}

// ---- captures and fishing (interim AIs) -------------------------------------

TEST(Engine, CapturesSelfPlayIsLegal) {
  Engine e(8);
  Game g(rs(Variant::CAPTURES));
  for (int i = 0; i < 40 && !g.over(); ++i) applyAll(g, e.think(g, Level::MEDIUM));
  EXPECT_TRUE(g.over() || g.stonesPlayed() == 40);
}

TEST(Engine, CapturesTakesTheFifthPair) {
  // Black has taken four pairs (set up by replaying captures), and can
  // take a fifth: that wins at once.
  Engine e(8);
  Game g(rs(Variant::CAPTURES));
  // Each capture: White b<n>, Black a<n>, White c<n>, Black d<n> takes
  // b<n> and c<n> (x o o x).
  const char* rec = "j10 b2 a2 c2 d2 b4 a4 c4 d4 b6 a6 c6 d6 b8 a8 c8 d8 b10 a10 c10";
  std::istringstream in(rec);
  std::string t;
  while (in >> t) ASSERT_EQ(g.applyToken(t), "") << t;
  ASSERT_EQ(g.score(BLACK), 4);
  ThinkResult r = e.think(g, Level::EASY);
  EXPECT_EQ(r.tokens.at(0), "d10");
  applyAll(g, r);
  EXPECT_TRUE(g.over());
}

TEST(Engine, CapturesRespectsTheThirdMoveRule) {
  Engine e(8);
  Game g = replay(rs(Variant::CAPTURES), "j10 k11");
  ThinkResult r = e.think(g, Level::MEDIUM);
  Game after = g;
  applyAll(after, r);
  Pos p = at(r.tokens[0].c_str());
  EXPECT_GE(std::max(std::abs(posX(p) - 9), std::abs(posY(p) - 9)), 3);
}

TEST(Engine, FishingTurnIsLegalAndReelsAtOnce) {
  Engine e(8);
  // White (the computer) has four in a row with open ends. Whatever it
  // plays, its tokens are legal and it never leaves its own reel pending.
  Game g =
      replay(RuleSet{Variant::FISHING, 15, false, Opening::FREE}, "a1 h8 a3 h9 a5 h10 a7 h11 c9");
  ASSERT_EQ(g.phase(), Phase::PLAY);
  ThinkResult r = e.think(g, Level::MEDIUM);
  applyAll(g, r);
  EXPECT_FALSE(g.phase() == Phase::REEL_PENDING && g.pending()->player == WHITE);
  for (size_t i = 1; i < r.tokens.size(); ++i) EXPECT_EQ(r.tokens[i].rfind("reel", 0), 0u);
}

TEST(Engine, FishingPendingReelIsCompleted) {
  Engine e(8);
  // Black made a rod; with the reel pending, think() completes it.
  Game g =
      replay(RuleSet{Variant::FISHING, 15, false, Opening::FREE}, "h8 a1 h9 a3 h10 a5 h11 a7 h12");
  ASSERT_EQ(g.phase(), Phase::REEL_PENDING);
  ThinkResult r = e.think(g, depth(2));
  ASSERT_EQ(r.tokens.size(), 1u);
  EXPECT_EQ(r.tokens[0].rfind("reel:", 0), 0u);
  applyAll(g, r);
}

TEST(Engine, PlaysAWholeGameAgainstItself) {
  // Easy against easy (different seeds) in each searched rule, to the end:
  // no illegal token and, in renju, no forbidden move.
  for (Variant v : {Variant::GOMOKU, Variant::RENJU}) {
    Engine black(8), white(8);
    black.setSeed(3);
    white.setSeed(4);
    Game g(rs(v));
    for (int i = 0; i < 225 && !g.over(); ++i)
      applyAll(g, (g.board().sideToMove() == BLACK ? black : white).think(g, Level::EASY));
    ASSERT_TRUE(g.over()) << variantName(v);
    EXPECT_EQ(g.result()->reason.rfind("forbidden", 0), std::string::npos) << g.result()->reason;
  }
}
