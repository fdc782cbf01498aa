#pragma once
/// Sequential probability ratio test for matches, the way engine authors
/// accept or reject a change: H0 "A is elo0 better than B" against H1 "A is
/// elo1 better", with error rates alpha (accepting H1 when H0 holds) and
/// beta. The match stops as soon as the log-likelihood ratio leaves
/// [lower, upper].
///
/// Games are counted in pairs (each opening is played twice with colours
/// swapped), so that an opening that favours one colour does not inflate
/// the variance: a pair scores 0, 1/2, 1, 3/2 or 2 for A (the pentanomial
/// model). The LLR is the generalised SPRT's normal approximation
///     LLR = N (s1 - s0) (2 m - s0 - s1) / (2 v)
/// with N pairs, m and v the mean and variance of a pair's score per game,
/// and s0, s1 the expected scores at elo0 and elo1 (logistic Elo). Each of
/// the five buckets starts with a quarter of a pair (see sprt.cpp).
#include <optional>
#include <string>
#include <vector>

namespace gomoku::match {

struct SprtConfig {
  double elo0 = 0, elo1 = 10;
  double alpha = 0.05, beta = 0.05;
};

/// Parses "ELO0,ELO1" (e.g. "0,10" or "-5,5"); elo0 < elo1.
std::optional<SprtConfig> parseSprt(const std::string& text, std::string* error);

struct SprtStatus {
  int pairs = 0;             ///< completed pairs counted
  int penta[5] = {};         ///< pairs scoring 0, 1/2, 1, 3/2, 2 for A
  double llr = 0;            ///< log-likelihood ratio of H1 against H0
  double lower = 0, upper = 0;  ///< ln(beta / (1 - alpha)), ln((1 - beta) / alpha)
  /// 0 while undecided, +1 when H1 is accepted (llr >= upper), -1 when H0 is.
  int decision = 0;
};

/// The test's state after the pairs whose scores (0..2, in halves) are given.
SprtStatus sprtStatus(const SprtConfig& config, const std::vector<double>& pairScores);

/// "LLR 1.52 (-2.94, 2.94) [0, 10], 37 pairs: continue" / "... H1 accepted".
std::string formatSprt(const SprtStatus& s, const SprtConfig& config);

}  // namespace gomoku::match
