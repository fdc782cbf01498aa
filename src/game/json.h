#pragma once
/// The game state as JSON: the one shape shared by `gomoku state` and the
/// HTTP API (docs/api.md describes every field).
#include <nlohmann/json.hpp>

#include "game/game.h"

namespace gomoku {

/// rules, size, exactFive, opening, phase, toMove, board, captures,
/// pending, result, moves, lastMove, record, swapped, forbidden (renju),
/// legal, legalTokens.
nlohmann::json gameStateJson(const Game& game);

std::string colorName(Color c);  ///< "black" / "white"

}  // namespace gomoku
