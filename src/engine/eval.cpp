#include "engine/eval.h"

#include <algorithm>

#include "rules/weights.h"

namespace gomoku {

Value evaluate(const Board& b) {
  Color us = b.sideToMove(), them = ~us;
  // The weights are fitted by tools/fit_eval.cpp (rules/weights.h). Own threats
  // weigh more than the opponent's: we move first.
  // The terms are those of the side to move's weight set.
  const weights::Set& w = weights::SETS[weightSet(b.rule(), us)];
  int v = (b.scoreSum(us) * w.ownScale - b.scoreSum(them) * w.oppScale) / 64 + w.tempo;
  for (int t = T_B3; t < T_FIVE; ++t) {
    v += w.threatOwn[t] * std::min(b.threatCount(us, Threat(t)), 4);
    v -= w.threatOpp[t] * std::min(b.threatCount(them, Threat(t)), 4);
  }
  return std::clamp(v, -VALUE_WIN_MIN / 4, VALUE_WIN_MIN / 4);
}

}  // namespace gomoku
