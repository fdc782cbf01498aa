#include "match/elo.h"

#include <cmath>
#include <cstdio>
#include <limits>

namespace gomoku::match {

namespace {
constexpr double INF = std::numeric_limits<double>::infinity();
}

double scoreFromElo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

double eloFromScore(double s) {
  if (s <= 0) return -INF;
  if (s >= 1) return INF;
  return -400.0 * std::log10(1.0 / s - 1.0);
}

EloEstimate estimateElo(int wins, int losses, int draws) {
  EloEstimate e;
  e.wins = wins;
  e.losses = losses;
  e.draws = draws;
  e.games = wins + losses + draws;
  if (e.games == 0) return e;  // nothing known: 50%, 0 +- 0
  const double n = e.games;
  e.score = (wins + 0.5 * draws) / n;
  e.drawRatio = draws / n;
  const double s = e.score;
  const double var =
      (wins * (1 - s) * (1 - s) + draws * (0.5 - s) * (0.5 - s) + losses * s * s) / n;
  e.stdError = std::sqrt(var / n);
  e.elo = eloFromScore(s);
  if (wins + losses > 0)
    e.los = 0.5 * (1.0 + std::erf((wins - losses) / std::sqrt(2.0 * (wins + losses))));

  double lo = s - Z95 * e.stdError, hi = s + Z95 * e.stdError;
  if (lo <= 0 || hi >= 1) {
    // The normal approximation leaves 0..1 (lopsided results, few games,
    // or no spread at all at 0% / 100%): use the Wilson score interval,
    // which stays inside and reaches 0 or 1 only at 0% or 100%.
    const double z2n = Z95 * Z95 / n;
    const double centre = (s + z2n / 2) / (1 + z2n);
    const double half = Z95 / (1 + z2n) * std::sqrt(s * (1 - s) / n + z2n / (4 * n));
    lo = s <= 0 ? 0.0 : centre - half;
    hi = s >= 1 ? 1.0 : centre + half;
    e.wilson = true;
  }
  e.lo = eloFromScore(lo);
  e.hi = eloFromScore(hi);
  e.margin = (e.hi - e.lo) / 2;  // infinite when an end is
  return e;
}

std::string formatEloValue(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  char buf[32];
  long r = std::lround(elo);
  std::snprintf(buf, sizeof buf, r > 0 ? "+%ld" : "%ld", r);
  return buf;
}

std::string formatElo(const EloEstimate& e) {
  if (e.games == 0) return "no games";
  if (e.score >= 1) return "> " + formatEloValue(e.lo) + " (95%; every game won)";
  if (e.score <= 0) return "< " + formatEloValue(e.hi) + " (95%; every game lost)";
  std::string out = formatEloValue(e.elo) + " +- ";
  if (std::isinf(e.margin)) {
    out += "inf";
  } else {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f", e.margin);
    out += buf;
  }
  out += " (95%: " + formatEloValue(e.lo) + " .. " + formatEloValue(e.hi) + ")";
  return out;
}

}  // namespace gomoku::match
