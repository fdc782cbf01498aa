#pragma once
/// Search values and move limits shared by the engine modules.
#include <cstdint>

#include "core/types.h"

namespace gomoku {

/// A search score from the point of view of the side to move. Wins are
/// encoded as VALUE_WIN minus the ply (from the root) at which the five is
/// played, so shorter wins score higher and longer losses score higher.
using Value = int32_t;

constexpr Value VALUE_ZERO = 0;
constexpr Value VALUE_WIN = 30000;
constexpr Value VALUE_INFINITE = 30001;
constexpr Value VALUE_NONE = 30002;
/// Anything beyond this is a proven win or loss.
constexpr Value VALUE_WIN_MIN = VALUE_WIN - 1000;

constexpr int MAX_PLY = 128;
/// At most every point of the largest board.
constexpr int MAX_MOVES = MAX_SIZE * MAX_SIZE;

/// A win whose five is placed `ply` plies from the root.
constexpr Value winIn(int ply) { return VALUE_WIN - ply; }
/// A loss whose five (by the opponent) is placed `ply` plies from the root.
constexpr Value lossIn(int ply) { return -VALUE_WIN + ply; }
constexpr bool isDecisive(Value v) { return v >= VALUE_WIN_MIN || v <= -VALUE_WIN_MIN; }

}  // namespace gomoku
