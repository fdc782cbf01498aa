// Elo arithmetic: known scores map to known differences, margins shrink with
// more games, and 0% / 100% give a one-sided bound instead of nonsense.
#include "match/elo.h"

#include <gtest/gtest.h>

#include <cmath>
#include <tuple>

using namespace gomoku::match;

TEST(Elo, KnownScores) {
  EXPECT_DOUBLE_EQ(eloFromScore(0.5), 0.0);
  EXPECT_NEAR(eloFromScore(0.75), 400 * std::log10(3.0), 1e-9);  // 190.85
  EXPECT_NEAR(eloFromScore(0.75), 190.85, 0.01);
  EXPECT_NEAR(eloFromScore(0.25), -190.85, 0.01);
  EXPECT_NEAR(eloFromScore(10.0 / 11.0), 400.0, 1e-9);
  EXPECT_NEAR(eloFromScore(0.64), 99.95, 0.01);
  EXPECT_TRUE(std::isinf(eloFromScore(1.0)) && eloFromScore(1.0) > 0);
  EXPECT_TRUE(std::isinf(eloFromScore(0.0)) && eloFromScore(0.0) < 0);
  for (double e : {-600.0, -100.0, 0.0, 35.0, 400.0})
    EXPECT_NEAR(eloFromScore(scoreFromElo(e)), e, 1e-9);
}

TEST(Elo, EstimateFromResults) {
  EloEstimate e = estimateElo(60, 20, 20);
  EXPECT_EQ(e.games, 100);
  EXPECT_DOUBLE_EQ(e.score, 0.7);
  EXPECT_NEAR(e.elo, eloFromScore(0.7), 1e-9);  // +147
  EXPECT_DOUBLE_EQ(e.drawRatio, 0.2);
  // Per-game scores 1 (60x), 0 (20x), 1/2 (20x) around 0.7: variance 0.16.
  const double var = (60 * 0.09 + 20 * 0.49 + 20 * 0.04) / 100.0;
  EXPECT_NEAR(e.stdError, std::sqrt(var / 100), 1e-12);
  EXPECT_NEAR(e.lo, eloFromScore(0.7 - Z95 * e.stdError), 1e-9);
  EXPECT_NEAR(e.hi, eloFromScore(0.7 + Z95 * e.stdError), 1e-9);
  EXPECT_LT(e.lo, e.elo);
  EXPECT_GT(e.hi, e.elo);
  EXPECT_NEAR(e.margin, (e.hi - e.lo) / 2, 1e-9);
  EXPECT_NEAR(e.margin, 66, 1);  // 0.7 +- 0.078 -> +87 .. +219
  EXPECT_GT(e.los, 0.999);
  EXPECT_EQ(formatElo(e).substr(0, 10), "+147 +- 66");
}

TEST(Elo, MarginShrinksWithGames) {
  double prev = INFINITY;
  for (int n : {1, 4, 16, 64}) {
    EloEstimate e = estimateElo(6 * n, 2 * n, 2 * n);
    EXPECT_NEAR(e.elo, eloFromScore(0.7), 1e-9) << n;
    EXPECT_LT(e.margin, prev) << n;
    if (n >= 16) {
      EXPECT_NEAR(prev / e.margin, 2.0, 0.25) << "about 1/sqrt(games)";
    }
    prev = e.margin;
  }
}

TEST(Elo, DrawsNarrowTheInterval) {
  // The same 50% score: all decisive games vary more than half draws.
  EXPECT_LT(estimateElo(25, 25, 50).margin, estimateElo(50, 50, 0).margin);
  EloEstimate even = estimateElo(50, 50, 0);
  EXPECT_DOUBLE_EQ(even.elo, 0);
  EXPECT_NEAR(even.lo, -even.hi, 1e-9);
  EXPECT_DOUBLE_EQ(even.los, 0.5);
}

TEST(Elo, PerfectScoresGiveABound) {
  EloEstimate e = estimateElo(100, 0, 0);
  EXPECT_TRUE(std::isinf(e.elo) && e.elo > 0);
  EXPECT_TRUE(std::isinf(e.hi));
  EXPECT_TRUE(std::isinf(e.margin));
  EXPECT_TRUE(e.wilson);
  EXPECT_NEAR(e.lo, eloFromScore(100 / (100 + Z95 * Z95)), 1e-9);
  EXPECT_GT(e.lo, 500);
  EXPECT_LT(e.lo, 650);
  EXPECT_EQ(formatElo(e).substr(0, 3), "> +");
  // More games, a higher bound.
  EXPECT_GT(estimateElo(400, 0, 0).lo, e.lo);
  EXPECT_LT(estimateElo(4, 0, 0).lo, e.lo);

  EloEstimate z = estimateElo(0, 30, 0);
  EXPECT_TRUE(std::isinf(z.elo) && z.elo < 0);
  EXPECT_NEAR(z.hi, -estimateElo(30, 0, 0).lo, 1e-9);
  EXPECT_EQ(formatElo(z).substr(0, 3), "< -");

  // Nearly perfect: score + 1.96 SE would pass 100%; Wilson keeps both
  // ends finite and around the estimate.
  for (auto [w, l, d] : {std::tuple{19, 0, 1}, std::tuple{98, 2, 0}, std::tuple{1, 0, 0}}) {
    EloEstimate n = estimateElo(w, l, d);
    if (l + d == 0) continue;
    EXPECT_TRUE(n.wilson);
    EXPECT_FALSE(std::isinf(n.elo));
    EXPECT_FALSE(std::isinf(n.hi));
    EXPECT_LT(n.lo, n.elo);
    EXPECT_GT(n.hi, n.elo);
    EXPECT_EQ(formatElo(n).find("inf"), std::string::npos) << formatElo(n);
  }
  EloEstimate m = estimateElo(98, 2, 0);  // Wilson: 0.930 .. 0.995
  EXPECT_NEAR(m.lo, 449, 2);
  EXPECT_NEAR(m.hi, 906, 5);
  EXPECT_FALSE(estimateElo(60, 20, 20).wilson);
}

TEST(Elo, NoGamesAndFormatting) {
  EloEstimate e = estimateElo(0, 0, 0);
  EXPECT_EQ(e.games, 0);
  EXPECT_EQ(formatElo(e), "no games");
  EXPECT_EQ(formatEloValue(190.85), "+191");
  EXPECT_EQ(formatEloValue(-0.2), "0");
  EXPECT_EQ(formatEloValue(-35.6), "-36");
  EXPECT_EQ(formatEloValue(INFINITY), "+inf");
  EXPECT_NEAR(estimateElo(60, 40, 0).los, 0.977, 0.001);
}
