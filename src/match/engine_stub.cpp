// Built instead of engine_player.cpp while the engine library is missing.
#include "match/player.h"

namespace gomoku::match {

std::unique_ptr<Player> makeEnginePlayer(const PlayerSpec&, std::string* error) {
  if (error) *error = "this build has no engine: only random players and external brains";
  return nullptr;
}

}  // namespace gomoku::match
