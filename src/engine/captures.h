#pragma once
/// Gomoku with captures AI: alpha-beta over turns with an evaluation and
/// move generation that understand pair captures (capture threats, pairs to
/// protect, captures that break a line, the race to five pairs), and a
/// threat search (VCF) in which a four is forcing only if the defender
/// cannot break it by capturing a stone out of it.
#include <atomic>
#include <functional>

#include "engine/engine.h"

namespace gomoku {

struct CapturesSettings {
  int maxDepth = 4;
  int width = 10;
  int64_t timeMs = 1000;
  int vcfDepth = 8;         ///< attacker fours in the root VCF (0: none)
  int randomTop = 1;        ///< pick among this many near-best root moves
};
CapturesSettings capturesSettings(Level level);

ThinkResult thinkCaptures(const Game& game, const CapturesSettings& settings,
                          const std::atomic<bool>& stop, uint64_t seed,
                          const std::function<void(const Progress&)>& onProgress = {});

/// VCF under capture rules for the side to move: a point that starts a
/// forced win by continuous fours (or captures that reach five pairs),
/// where every four must survive the defender's captures. NO_POS if none.
Pos capturesVcf(Board& board, int maxFours, uint64_t* nodes = nullptr);

}  // namespace gomoku
