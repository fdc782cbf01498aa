#pragma once
// Evaluation weights fitted to game results by tools/fit_eval.cpp
// (scripts/fit-eval.sh writes this file; do not edit it by hand).
// Fitted on 76548 positions of 5000 games; held-out loss 0.45370 (hand-set: 0.48214), K 492.
#include <cstdint>

namespace gomoku::weights {

/// Per direction and colour: what a stone on an empty point would make
/// along that line. DEAD OL B1 F1 B2 F2 B3 F3 B4 D4 F4 F5.
inline constexpr int16_t PATTERN[12] = {0, 0, 1, 0, 0, 0, 0, 20, 170, 0, 0, 1000};
/// Added to a point's score for its two strongest building shapes together
/// (rules/pattern.h pairIndex): B2+B2, F2+B2, F2+F2, B3+B2, B3+F2, B3+B3,
/// F3+B2, F3+F2, F3+B3, F3+F3, B4+B2, B4+F2, B4+B3, B4+F3, B4+B4.
inline constexpr int16_t PAIR[15] = {1, 28, 24, 0, 98, 110, 35, 152, 186, 0, 86, 432, 423, 124, 343};
/// Added to a point's score for its combined threat class.
/// none B3 F3 33 B4 43 44 F4 five.
inline constexpr int16_t COMBO[9] = {0, 1, 79, 0, 86, 365, 142, 360, 2000};
/// Evaluation: (OWN_SCALE * own score sum - OPP_SCALE * opponent's) / 64.
inline constexpr int OWN_SCALE = 32;
inline constexpr int OPP_SCALE = 30;
/// Evaluation: per threat class, for up to four points of that class.
inline constexpr int16_t THREAT_OWN[9] = {0, 93, 72, 117, 57, 400, 400, 600, 0};
inline constexpr int16_t THREAT_OPP[9] = {0, 80, 54, 179, 61, 381, -15, 253, 0};
/// Evaluation: the side to move's edge in a quiet position.
inline constexpr int TEMPO = 451;

}  // namespace gomoku::weights
