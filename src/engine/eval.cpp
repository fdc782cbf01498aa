#include "engine/eval.h"

#include <algorithm>

#include "rules/weights.h"

namespace gomoku {

Value evaluate(const Board& b) {
  Color us = b.sideToMove(), them = ~us;
  // The weights are fitted to game results (rules/weights.h). Own threats
  // weigh more than the opponent's: we move first.
  using namespace weights;
  int v = (b.scoreSum(us) * OWN_SCALE - b.scoreSum(them) * OPP_SCALE) / 64 + TEMPO;
  for (int t = T_B3; t < T_FIVE; ++t) {
    v += THREAT_OWN[t] * std::min(b.threatCount(us, Threat(t)), 4);
    v -= THREAT_OPP[t] * std::min(b.threatCount(them, Threat(t)), 4);
  }
  return std::clamp(v, -VALUE_WIN_MIN / 4, VALUE_WIN_MIN / 4);
}

}  // namespace gomoku
