// The built-in openings: legal for their rule on the usual board sizes, no
// side already won, nothing pending, no two alike.
#include "match/openings.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/notation.h"
#include "game/record.h"

using namespace gomoku;
using namespace gomoku::match;

namespace {

RuleSet rulesFor(Variant v, int size = 0, bool exactFive = false) {
  RuleSet r;
  r.variant = v;
  r.size = size ? size : RuleSet::defaultSize(v);
  r.exactFive = exactFive;
  return r;
}

std::vector<Point> points(const std::string& record) {
  std::vector<Point> out;
  for (const std::string& tok : splitRecord(record)) out.push_back(*parsePoint(tok));
  return out;
}

/// The smallest of the 8 symmetric images of a record around the centre,
/// as text: two openings that are mirror images get the same key.
std::string canonical(const std::string& record, int size) {
  const int c = size / 2;
  std::string best;
  for (int s = 0; s < 8; ++s) {
    std::string key;
    for (Point p : points(record)) {
      int x = p.x - c, y = p.y - c;
      if (s & 1) x = -x;
      if (s & 2) y = -y;
      if (s & 4) std::swap(x, y);
      key += std::to_string(x) + "," + std::to_string(y) + " ";
    }
    if (best.empty() || key < best) best = key;
  }
  return best;
}

}  // namespace

TEST(Openings, EveryBuiltinOpeningIsLegalAndUndecided) {
  struct Case {
    RuleSet rules;
    size_t minimum;
  };
  const std::vector<Case> cases = {
      {rulesFor(Variant::GOMOKU), 24},       {rulesFor(Variant::GOMOKU, 15, true), 24},
      {rulesFor(Variant::RENJU), 26},        {rulesFor(Variant::CAPTURES), 16},
      {rulesFor(Variant::FISHING), 24},      {rulesFor(Variant::GOMOKU, 19), 24},
      {rulesFor(Variant::GOMOKU, 13), 24},   {rulesFor(Variant::CAPTURES, 13), 16},
      {rulesFor(Variant::CAPTURES, 15), 16}, {rulesFor(Variant::RENJU, 19), 26},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(variantName(c.rules.variant) + " " + std::to_string(c.rules.size));
    auto openings = openingsFor(c.rules);
    // On the usual sizes every written opening fits.
    EXPECT_EQ(openings.size(), builtinOpeningRecords(c.rules.variant).size());
    EXPECT_GE(openings.size(), c.minimum);
    std::set<std::string> seen;
    for (const MatchOpening& o : openings) {
      SCOPED_TRACE(o.record);
      EXPECT_EQ(checkOpening(c.rules, o.record), "");
      RecordError err;
      auto game = replayRecord(c.rules, o.record, &err);
      ASSERT_TRUE(game) << err.describe();
      EXPECT_FALSE(game->over());
      EXPECT_EQ(game->phase(), Phase::PLAY);
      EXPECT_GE(game->stonesPlayed(), 2);
      EXPECT_LE(game->stonesPlayed(), 4);
      EXPECT_EQ(game->score(BLACK), 0);  // no capture, no reel yet
      EXPECT_EQ(game->score(WHITE), 0);
      // The side to move has no five to make, so nobody is about to win.
      const Board& b = game->board();
      Color mover = *game->toMove();
      EXPECT_EQ(b.threatCount(mover, T_FIVE), 0);
      // Black's first stone is on the centre.
      EXPECT_EQ(points(o.record)[0], toPoint(b.center()));
      EXPECT_TRUE(seen.insert(canonical(o.record, c.rules.size)).second) << "a symmetric duplicate";
    }
  }
}

TEST(Openings, RenjuHasTheTwentySixRifShapes) {
  RuleSet r = rulesFor(Variant::RENJU);
  auto openings = openingsFor(r);
  ASSERT_EQ(openings.size(), 26u);
  int direct = 0, indirect = 0;
  for (const MatchOpening& o : openings) {
    auto p = points(o.record);
    ASSERT_EQ(p.size(), 3u);
    EXPECT_EQ(p[0], (Point{7, 7}));
    int dx = p[1].x - 7, dy = p[1].y - 7;
    EXPECT_EQ(std::max(std::abs(dx), std::abs(dy)), 1) << o.record;
    (dx == 0 || dy == 0 ? direct : indirect)++;
    EXPECT_LE(std::max(std::abs(p[2].x - 7), std::abs(p[2].y - 7)), 2) << o.record;
  }
  EXPECT_EQ(direct, 13);
  EXPECT_EQ(indirect, 13);
}

TEST(Openings, CapturesRespectTheSecondStoneRule) {
  RuleSet r = rulesFor(Variant::CAPTURES);
  for (const MatchOpening& o : openingsFor(r)) {
    auto p = points(o.record);
    EXPECT_GE(std::max(std::abs(p[2].x - 9), std::abs(p[2].y - 9)), 3) << o.record;
  }
}

TEST(Openings, RecentreAndSmallBoards) {
  EXPECT_EQ(recentre("h8 i9 k8", 15), "h8 i9 k8");
  EXPECT_EQ(recentre("h8 i9 k8", 19), "j10 k11 m10");
  EXPECT_EQ(recentre("h8 i9 k8", 13), "g7 h8 j7");
  EXPECT_EQ(recentre("h8 h5", 7), "d4 d1");
  EXPECT_EQ(recentre("h8 h3", 7), "");  // falls off the board
  EXPECT_EQ(recentre("h8 pass", 15), "");
  // Whatever fits a tiny board is still legal there.
  for (int size : {5, 7, 9}) {
    RuleSet r = rulesFor(Variant::GOMOKU, size);
    for (const MatchOpening& o : openingsFor(r))
      EXPECT_EQ(checkOpening(r, o.record), "") << o.record;
  }
  EXPECT_LT(openingsFor(rulesFor(Variant::GOMOKU, 5)).size(),
            builtinOpeningRecords(Variant::GOMOKU).size());
}

TEST(Openings, CheckOpeningRejectsBadOnes) {
  RuleSet renju = rulesFor(Variant::RENJU);
  EXPECT_NE(checkOpening(renju, "a1 h8"), "");  // renju starts on the centre
  EXPECT_NE(checkOpening(renju, "h8 h8"), "");  // occupied
  EXPECT_NE(checkOpening(renju, ""), "");       // empty
  RuleSet gomoku = rulesFor(Variant::GOMOKU);
  EXPECT_NE(checkOpening(gomoku, "h8 a1 i8 a2 j8 a3 k8 a4 l8"), "");  // Black has won
  RuleSet fishing = rulesFor(Variant::FISHING);
  EXPECT_NE(checkOpening(fishing, "h8 a1 i8 a2 j8 a3 k8 a4 l8"), "");  // a reel pending
  RuleSet captures = rulesFor(Variant::CAPTURES);
  EXPECT_NE(checkOpening(captures, "j10 k10 k11"), "");  // second black stone too close
}

TEST(Openings, ParseOpeningFiles) {
  RuleSet r = rulesFor(Variant::GOMOKU);
  std::string err;
  auto list = parseOpenings(r, "# mine\n\nh8 i9 k8\n  h8i8h11  \r\n", &err);
  ASSERT_EQ(list.size(), 2u) << err;
  EXPECT_EQ(list[1].record, "h8 i8 h11");
  EXPECT_TRUE(parseOpenings(r, "h8 i9\nh8 h8\n", &err).empty());
  EXPECT_NE(err.find("line 2"), std::string::npos) << err;
  EXPECT_TRUE(parseOpenings(r, "# nothing\n", &err).empty());
}
