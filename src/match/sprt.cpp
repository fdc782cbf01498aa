#include "match/sprt.h"

#include <cmath>
#include <cstdio>
#include <sstream>

#include "match/elo.h"

namespace gomoku::match {

std::optional<SprtConfig> parseSprt(const std::string& text, std::string* error) {
  SprtConfig c;
  std::istringstream in(text);
  char comma = 0;
  if (!(in >> c.elo0 >> comma >> c.elo1) || comma != ',' || !(in >> std::ws).eof()) {
    if (error) *error = "--sprt wants two Elo bounds, e.g. --sprt 0,10 (got \"" + text + "\")";
    return std::nullopt;
  }
  if (!(c.elo0 < c.elo1) || std::abs(c.elo0) > 1000 || std::abs(c.elo1) > 1000) {
    if (error) *error = "--sprt: ELO0 must be below ELO1, both within +-1000 (got \"" + text + "\")";
    return std::nullopt;
  }
  return c;
}

SprtStatus sprtStatus(const SprtConfig& config, const std::vector<double>& pairScores) {
  SprtStatus s;
  s.lower = std::log(config.beta / (1 - config.alpha));
  s.upper = std::log((1 - config.beta) / config.alpha);
  for (double p : pairScores) {
    int k = int(std::lround(p * 2));
    if (k < 0 || k > 4) continue;
    ++s.penta[k];
    ++s.pairs;
  }
  if (s.pairs == 0) return s;
  // A quarter of a pair in every bucket keeps the variance positive when
  // every pair so far scored the same (all won or all lost), so that one
  // or two lopsided pairs cannot end the test; over the hundreds of pairs
  // a real test needs its pull on the mean is negligible.
  constexpr double PRIOR = 0.25;
  double n = 0, sum = 0, sumSq = 0;
  for (int k = 0; k < 5; ++k) {
    double w = s.penta[k] + PRIOR, x = k / 4.0;  // a pair's score per game
    n += w;
    sum += w * x;
    sumSq += w * x * x;
  }
  double mean = sum / n, var = sumSq / n - mean * mean;
  double s0 = scoreFromElo(config.elo0), s1 = scoreFromElo(config.elo1);
  s.llr = s.pairs * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
  s.decision = s.llr >= s.upper ? 1 : (s.llr <= s.lower ? -1 : 0);
  return s;
}

std::string formatSprt(const SprtStatus& s, const SprtConfig& config) {
  char buf[200];
  const char* verdict =
      s.decision > 0 ? "H1 accepted" : (s.decision < 0 ? "H0 accepted" : "continue");
  std::snprintf(buf, sizeof buf,
                "SPRT [%g, %g] alpha %g beta %g: LLR %.2f (%.2f, %.2f), %d pairs "
                "[%d %d %d %d %d]: %s",
                config.elo0, config.elo1, config.alpha, config.beta, s.llr, s.lower, s.upper,
                s.pairs, s.penta[0], s.penta[1], s.penta[2], s.penta[3], s.penta[4], verdict);
  return buf;
}

}  // namespace gomoku::match
