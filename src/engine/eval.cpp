#include "engine/eval.h"

#include <algorithm>

namespace gomoku {

namespace {

/// Extra weight of threat classes per colour, beyond the per-point score
/// sums: [own, opponent]. A point where a colour makes a four and a three is
/// nearly decisive for the side to move; for the opponent it is a point we
/// must watch. Chosen by hand (scale: a lone open two ~ 40).
constexpr int THREAT_BONUS[2][THREAT_NB] = {
    // none B3  F3   33   B4   43   44   F4   five
    {0, 4, 24, 120, 30, 400, 400, 600, 0},
    {0, 3, 18, 80, 20, 220, 220, 200, 0},
};

}  // namespace

Value evaluate(const Board& b) {
  Color us = b.sideToMove(), them = ~us;
  // Tempo: the side to move is ahead by a little in any quiet position.
  int v = (b.scoreSum(us) - b.scoreSum(them)) / 2 + 15;
  for (int t = T_B3; t < T_FIVE; ++t) {
    v += THREAT_BONUS[0][t] * std::min(b.threatCount(us, Threat(t)), 4);
    v -= THREAT_BONUS[1][t] * std::min(b.threatCount(them, Threat(t)), 4);
  }
  return std::clamp(v, -VALUE_WIN_MIN / 4, VALUE_WIN_MIN / 4);
}

}  // namespace gomoku
