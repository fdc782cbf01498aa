#pragma once
/// Static evaluation from the board's incremental pattern sums.
#include "engine/value.h"
#include "rules/board.h"

namespace gomoku {

/// The side to move's view of a quiet position (no five point for either
/// side). Built only from O(1) incremental data: per colour the sum of the
/// per-point scores (how much each empty point would give that colour) and
/// the counts of points per threat class.
///
/// Own threats count more than the opponent's because we move first: an
/// open three of ours becomes a straight four now, theirs must wait a move.
Value evaluate(const Board& b);

}  // namespace gomoku
