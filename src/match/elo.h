#pragma once
/// Elo arithmetic for match results: the logistic Elo model, the score's
/// standard error from the per-game outcomes, and a 95% interval.
#include <string>

namespace gomoku::match {

/// Expected score (0..1) of a player rated `elo` points above the opponent.
double scoreFromElo(double elo);
/// Elo difference for an expected score s: -400 log10(1/s - 1).
/// Returns -infinity for s <= 0 and +infinity for s >= 1.
double eloFromScore(double s);

/// Wins, losses and draws seen from one player's side, and what they say.
struct EloEstimate {
  int wins = 0, losses = 0, draws = 0;
  int games = 0;
  double score = 0.5;     ///< (wins + draws/2) / games
  double stdError = 0;    ///< standard error of the score (per-game trinomial variance)
  double elo = 0;         ///< point estimate; +-infinity at 100% / 0%
  double lo = 0, hi = 0;  ///< 95% interval of the Elo difference; may be +-infinity
  /// Half-width of the 95% interval, (hi - lo) / 2; infinity when one end is
  /// unbounded.
  double margin = 0;
  double los = 0.5;  ///< likelihood of superiority, from wins and losses only
  double drawRatio = 0;
  bool wilson = false;  ///< the interval is Wilson's (see estimateElo)
};

/// z for a two-sided 95% normal interval.
constexpr double Z95 = 1.959963984540054;

/// Estimates the Elo difference from a result.
///
/// The score's variance is the sample variance of the per-game scores
/// (1, 1/2, 0), divided by the number of games; the interval is the score
/// +- 1.96 standard errors mapped through eloFromScore (as cutechess-cli
/// does). Where that interval would leave 0..1 (a lopsided result over few
/// games, or 100% / 0% where the spread is zero and the estimate infinite),
/// the Wilson score interval takes its place: it stays inside 0..1 and its
/// far end is infinite only at 100% or 0%, where the near end is the bound
/// n / (n + 1.96^2) ("at least this much better, with 95% confidence").
EloEstimate estimateElo(int wins, int losses, int draws);

/// "+191", "-inf", "+inf"; rounded to whole Elo points.
std::string formatEloValue(double elo);
/// e.g. "+191 +- 85 (95%: +106 .. +276)", "> +570 (95%; every game won)".
std::string formatElo(const EloEstimate& e);

}  // namespace gomoku::match
