#pragma once
/// Actions of a game record and their text tokens (see docs/records.md).
#include <optional>
#include <string>
#include <string_view>

#include "core/types.h"

namespace gomoku {

enum class ActionType : uint8_t {
  PLACE,    ///< "h8": a stone of the side to move
  REEL,     ///< "reel:j9" / "reel": fishing, complete the pending reel
  DECLINE,  ///< "decline": decline a pending reel or a draw offer
  PASS,     ///< "pass": renju
  SWAP,     ///< "swap": the player entitled to choose colours swaps
  STAY,     ///< "stay": ... or keeps them
  ADD2,     ///< "add2": swap2, the second player will place two more stones
  PROPOSE,  ///< "propose:j9,k10": RIF, Black's two fifth-move proposals
  KEEP,     ///< "keep:j9": RIF, White keeps one proposal (becomes move 5)
  DRAW,     ///< "draw": the side to move offers a draw
  ACCEPT,   ///< "accept": the offered side accepts the draw
  RESIGN,   ///< "resign" (side to move) or "resign:black" / "resign:white"
};

struct Action {
  ActionType type = ActionType::PLACE;
  Pos pos = NO_POS;   ///< PLACE, REEL target, KEEP, first PROPOSE point
  Pos pos2 = NO_POS;  ///< second PROPOSE point
  std::optional<Color> color;  ///< RESIGN with an explicit colour
  bool operator==(const Action&) const = default;

  static Action make(ActionType t, Pos p = NO_POS, Pos p2 = NO_POS) {
    Action a;
    a.type = t;
    a.pos = p;
    a.pos2 = p2;
    return a;
  }
  static Action place(Pos p) { return make(ActionType::PLACE, p); }
  static Action reel(Pos target = NO_POS) { return make(ActionType::REEL, target); }
  static Action simple(ActionType t) { return make(t); }
};

/// Prints an action as its record token.
std::string actionToken(const Action& a);
/// Parses one token; on failure returns nullopt and sets *error.
std::optional<Action> parseAction(std::string_view token, std::string* error);

}  // namespace gomoku
