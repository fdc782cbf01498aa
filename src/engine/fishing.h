#pragma once
/// Fishing Gomoku AI: a search over whole turns (a stone, then every reel it
/// triggers, chains included, with the conversion target chosen), scored by
/// the true reel rules: rod windows, reeled stones, conversion, first to 10.
#include <atomic>
#include <cstdint>
#include <functional>

#include "engine/engine.h"

namespace gomoku {

/// How hard the fishing AI tries. The product levels map onto these:
/// easy = one ply, random among the three best; normal/medium = tactics +
/// alpha-beta to 6 plies; hard = iterative deepening to 12 plies, wider.
struct FishingSettings {
  int maxDepth = 6;          ///< plies (whole turns)
  int width = 8;             ///< candidate turns per node
  int rootTargets = 3;       ///< conversion targets tried by search at the root
  int64_t timeMs = 1500;     ///< budget: no deeper iteration after half of it, abort at 5/4 of it
  int randomTop = 1;         ///< choose at random among this many best root turns
};
FishingSettings fishingSettings(Level level);

/// The computer's whole turn in a fishing game (PLAY or its own
/// REEL_PENDING): record tokens, evaluation, depth, nodes, PV (stones).
ThinkResult thinkFishing(const Game& game, const FishingSettings& settings,
                         const std::atomic<bool>& stop, uint64_t seed,
                         const std::function<void(const Progress&)>& onProgress = {});

/// The value of a stone of colour c on empty p: rod points it would score.
int rodPointsIfPlayed(const Board& b, Pos p, Color c);

}  // namespace gomoku
