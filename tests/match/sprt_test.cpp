// The sequential test: bounds from alpha and beta, the LLR of known pair
// results worked out by hand, decisions at the bounds, and bad --sprt text.
#include "match/sprt.h"

#include <gtest/gtest.h>

#include <cmath>

#include "match/elo.h"

using namespace gomoku::match;

TEST(Sprt, BoundsFromErrorRates) {
  SprtStatus s = sprtStatus(SprtConfig{}, {});
  EXPECT_NEAR(s.lower, std::log(0.05 / 0.95), 1e-12);  // -2.94
  EXPECT_NEAR(s.upper, std::log(0.95 / 0.05), 1e-12);  // +2.94
  EXPECT_EQ(s.pairs, 0);
  EXPECT_EQ(s.decision, 0);
  EXPECT_DOUBLE_EQ(s.llr, 0);
}

TEST(Sprt, LlrOfKnownPairs) {
  // 10 pairs scoring 1 and 10 scoring 3/2 (per game 0.5 and 0.75), plus a
  // quarter pair in each of the five buckets (per game 0, 1/4, 1/2, 3/4, 1):
  // weight 21.25, mean 13.125 / 21.25, mean square 8.59375 / 21.25.
  std::vector<double> pairs;
  for (int i = 0; i < 10; ++i) pairs.push_back(1.0), pairs.push_back(1.5);
  SprtConfig c{0, 10};
  SprtStatus s = sprtStatus(c, pairs);
  double s0 = 0.5, s1 = scoreFromElo(10);
  double mean = 13.125 / 21.25, var = 8.59375 / 21.25 - mean * mean;
  double expected = 20 * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
  EXPECT_NEAR(s.llr, expected, 0.01 * expected);
  EXPECT_EQ(s.pairs, 20);
  EXPECT_EQ(s.penta[2], 10);
  EXPECT_EQ(s.penta[3], 10);
  EXPECT_EQ(s.decision, 0);  // about 1.39: not yet
  // Forty more such pairs cross the upper bound.
  for (int i = 0; i < 20; ++i) pairs.push_back(1.0), pairs.push_back(1.5);
  SprtStatus t = sprtStatus(c, pairs);
  EXPECT_GT(t.llr, t.upper);
  EXPECT_EQ(t.decision, 1);
}

TEST(Sprt, EvenResultsAcceptH0AndLopsidedOnesH1) {
  SprtConfig c{0, 10};
  std::vector<double> even;
  for (int i = 0; i < 2000; ++i) even.push_back(i % 2 ? 0.5 : 1.5);  // mean 0.5, LLR -3.3
  SprtStatus e = sprtStatus(c, even);
  EXPECT_LT(e.llr, 0);
  EXPECT_EQ(e.decision, -1);
  // Every pair lost: no spread at all, still a finite LLR and H0.
  SprtStatus lost = sprtStatus(c, std::vector<double>(30, 0.0));
  EXPECT_TRUE(std::isfinite(lost.llr));
  EXPECT_EQ(lost.decision, -1);
  // Every pair won: H1.
  SprtStatus won = sprtStatus(c, std::vector<double>(30, 2.0));
  EXPECT_TRUE(std::isfinite(won.llr));
  EXPECT_EQ(won.decision, 1);
  // A test for a loss ([-10, 0]) reads the same pairs the other way.
  SprtStatus neg = sprtStatus(SprtConfig{-10, 0}, std::vector<double>(30, 0.0));
  EXPECT_EQ(neg.decision, -1);
}

TEST(Sprt, ParsesBounds) {
  std::string err;
  auto c = parseSprt("0,10", &err);
  ASSERT_TRUE(c);
  EXPECT_DOUBLE_EQ(c->elo0, 0);
  EXPECT_DOUBLE_EQ(c->elo1, 10);
  auto d = parseSprt("-5.5, 2.5", &err);
  ASSERT_TRUE(d);
  EXPECT_DOUBLE_EQ(d->elo0, -5.5);
  for (const char* bad : {"", "10", "10,0", "5,5", "a,b", "0,10,20", "0;10", "0,5000"}) {
    err.clear();
    EXPECT_FALSE(parseSprt(bad, &err)) << bad;
    EXPECT_NE(err.find("--sprt"), std::string::npos) << bad;
  }
}

TEST(Sprt, FormatsTheState) {
  SprtConfig c{0, 10};
  std::string line = formatSprt(sprtStatus(c, std::vector<double>(30, 2.0)), c);
  EXPECT_NE(line.find("LLR"), std::string::npos);
  EXPECT_NE(line.find("30 pairs"), std::string::npos);
  EXPECT_NE(line.find("H1 accepted"), std::string::npos);
}
