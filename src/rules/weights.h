#pragma once
// Evaluation weights fitted to game results by tools/fit_eval.cpp
// (scripts/fit-eval.sh writes this file; do not edit it by hand).
// Fitted on 37788 positions of 2000 games; held-out loss 0.49380 (hand-set: 0.60430), K 623.
#include <cstdint>

namespace gomoku::weights {

/// Per direction and colour: what a stone on an empty point would make
/// along that line. DEAD OL B1 F1 B2 F2 B3 F3 B4 D4 F4 F5.
inline constexpr int16_t PATTERN[12] = {0, 0, 0, 0, 0, 10, 61, 68, 110, 0, 55, 1000};
/// Added to a point's score for its combined threat class.
/// none B3 F3 33 B4 43 44 F4 five.
inline constexpr int16_t COMBO[9] = {0, 0, 57, 17, 76, 245, 0, 287, 2000};
/// Evaluation: (OWN_SCALE * own score sum - OPP_SCALE * opponent's) / 64.
inline constexpr int OWN_SCALE = 32;
inline constexpr int OPP_SCALE = 30;
/// Evaluation: per threat class, for up to four points of that class.
inline constexpr int16_t THREAT_OWN[9] = {0, 32, 68, 51, 165, 400, 400, 600, 0};
inline constexpr int16_t THREAT_OPP[9] = {0, 8, 7, 56, 207, 265, -153, 191, 0};
/// Evaluation: the side to move's edge in a quiet position.
inline constexpr int TEMPO = 199;

}  // namespace gomoku::weights
