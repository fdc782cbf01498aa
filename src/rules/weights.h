#pragma once
// Evaluation weights fitted to game results by tools/fit_eval.cpp
// (scripts/fit-eval.sh writes this file; do not edit it by hand).
// Fitted on 20800 positions (0 games, 20800 labelled positions); held-out loss 0.52482 (previous weights: 0.53752), K 576.
#include <cstdint>

namespace gomoku::weights {

/// One set of weights: the per-point scores the board sums for a colour,
/// and the evaluation's terms for a side to move (rules/pattern.h weightSet).
struct Set {
  /// Per direction: what a stone on an empty point would make along that
  /// line. DEAD OL B1 F1 B2 F2 B3 F3 B4 D4 F4 F5.
  int16_t pattern[12];
  /// Added to a point's score for its two strongest building shapes together
  /// (rules/pattern.h pairIndex): B2+B2, F2+B2, F2+F2, B3+B2, B3+F2, B3+B3,
  /// F3+B2, F3+F2, F3+B3, F3+F3, B4+B2, B4+F2, B4+B3, B4+F3, B4+B4.
  int16_t pair[15];
  /// Added to a point's score for its combined threat class.
  /// none B3 F3 33 B4 43 44 F4 five.
  int16_t combo[9];
  /// Evaluation: (ownScale * own score sum - oppScale * opponent's) / 64.
  int ownScale, oppScale;
  /// Evaluation: per threat class, for up to four points of that class.
  int16_t threatOwn[9], threatOpp[9];
  /// Evaluation: the side to move's edge in a quiet position.
  int tempo;
  /// Added to a point's score for its shape, the unordered set of its four
  /// patterns (rules/pattern.h shapeIndex); all zero when not fitted.
  int16_t shape[1001];
};

/// 0: freestyle and exact five (both colours); 1: renju, Black;
/// 2: renju, White; 3: captures and fishing (both colours).
inline constexpr Set SETS[4] = {
  {{0, 0, 0, 7, 7, 24, 33, 0, 271, 251, 105, 1000},
   {0, 19, 43, 42, 111, 180, 71, 199, 260, 0, 168, 489, 571, 271, 1098},
   {0, 0, 114, 5, 24, 502, 242, 486, 2000},
   32, 25,
   {0, 29, 92, 268, -19, 400, 400, 600, 0},
   {0, -4, 91, 163, 21, 521, -30, 408, 0},
   12,
   {}},
  {{0, 0, 1, 0, 0, 0, 0, 20, 170, 0, 0, 1000},
   {1, 28, 24, 0, 98, 110, 35, 152, 186, 0, 86, 432, 423, 124, 343},
   {0, 1, 79, 0, 86, 365, 142, 360, 2000},
   32, 30,
   {0, 93, 72, 117, 57, 400, 400, 600, 0},
   {0, 80, 54, 179, 61, 381, -15, 253, 0},
   451,
   {}},
  {{0, 0, 1, 0, 0, 0, 0, 20, 170, 0, 0, 1000},
   {1, 28, 24, 0, 98, 110, 35, 152, 186, 0, 86, 432, 423, 124, 343},
   {0, 1, 79, 0, 86, 365, 142, 360, 2000},
   32, 30,
   {0, 93, 72, 117, 57, 400, 400, 600, 0},
   {0, 80, 54, 179, 61, 381, -15, 253, 0},
   451,
   {}},
  {{0, 0, 1, 0, 0, 0, 0, 20, 170, 0, 0, 1000},
   {1, 28, 24, 0, 98, 110, 35, 152, 186, 0, 86, 432, 423, 124, 343},
   {0, 1, 79, 0, 86, 365, 142, 360, 2000},
   32, 30,
   {0, 93, 72, 117, 57, 400, 400, 600, 0},
   {0, 80, 54, 179, 61, 381, -15, 253, 0},
   451,
   {}},
};

}  // namespace gomoku::weights
