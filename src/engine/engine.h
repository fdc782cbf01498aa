#pragma once
/// Engine facade: the one entry point the front-ends (CLI, Gomocup brain,
/// HTTP server) use. No protocol in here.
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/search.h"
#include "game/game.h"

namespace gomoku {

enum class Level : uint8_t { EASY, MEDIUM, HARD };
/// "easy", "medium" (also "normal"), "hard".
std::optional<Level> parseLevel(std::string_view s);
std::string levelName(Level l);

/// Search limits; zero means "no limit" for each field. With no limit at
/// all, think() searches until stop() (or its maximum depth, 64).
struct Limits {
  int64_t timeMs = 0;           ///< time for this move
  int64_t matchTimeLeftMs = 0;  ///< time left in the whole match (Gomocup)
  int depth = 0;                ///< maximum iterative-deepening depth
  uint64_t nodes = 0;           ///< node budget
  int threads = 1;
};

/// Reported after each completed iteration.
struct Progress {
  int depth = 0;
  int eval = 0;  ///< centi-stone-ish score for the side to move
  uint64_t nodes = 0;
  int64_t elapsedMs = 0;
  std::vector<Pos> pv;
};

struct ThinkResult {
  /// The record tokens of the computer's whole turn, e.g. {"h8"},
  /// {"k9", "reel:h8"} in fishing, {"swap"} in an opening choice, all the
  /// opener's stones in OPENING_STONES (three) and SWAP2_STONES (two),
  /// "propose:a,b" / "keep:a" in RIF, "accept" / "decline" for a draw
  /// offer. Empty when the game is over.
  std::vector<std::string> tokens;
  Pos move = NO_POS;          ///< the stone played, if any
  int eval = 0;               ///< for the side that moved
  std::optional<int> mateIn;  ///< plies to a forced win (>0) or loss (<0)
  int depth = 0;
  uint64_t nodes = 0;
  int64_t timeMs = 0;
  std::vector<Pos> pv;
  int threads = 1;  ///< search threads used for the stone (lazy SMP)
};

/// What a level means: limits plus search settings, and for the weaker
/// levels a deliberate, seeded choice among near-best moves.
struct LevelSettings {
  Limits limits;
  SearchConfig config;
  /// Root moves within this many evaluation units of the best may be
  /// chosen at random (0: always the best move).
  int randomMargin = 0;
  /// ... but only among the first `randomTop` of them.
  int randomTop = 1;
};
/// easy: depth 4, every root move valued exactly, random among near-best,
///       short VCF only, no VCT, no defence against the opponent's VCF.
/// medium: 250 ms, VCF at the leaves, VCT and VCF defence at the root.
/// hard: 4 s at most, two threads, deeper threat searches (also the
///       settings of think() with explicit Limits).
/// Renju's medium is Hard's settings with one thread and 150 ms.
LevelSettings levelSettings(Level level, Variant variant);

class Engine {
 public:
  explicit Engine(size_t hashMiB = 64);
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  /// Resizes (and clears) the transposition table; not during think().
  void setHashMiB(size_t mib);
  /// Seed of the levels' random choices (default 1). The choice for a
  /// position depends only on the seed and the position, so replaying a
  /// game replays the computer's moves.
  void setSeed(uint64_t seed);
  /// Search threads (lazy SMP) of Hard's moves and of think() with a time
  /// limit that asks for one thread (a depth or node limit keeps one thread,
  /// so it repeats exactly); 0 (the default) keeps each level's own count.
  /// Easy and Medium always use one thread, so their strength stays put.
  void setThreads(int threads);
  void clear();  ///< forget the transposition table and history
  /// Computes the computer's turn for the side to act in `game`, at full
  /// strength within `limits`. With one thread and a depth or node limit
  /// the result (move and node count) is the same on every run for a
  /// freshly constructed or cleared engine.
  ThinkResult think(const Game& game, const Limits& limits,
                    const std::function<void(const Progress&)>& onProgress = {});
  /// The same with a product level's settings (and its deliberate mistakes).
  ThinkResult think(const Game& game, Level level,
                    const std::function<void(const Progress&)>& onProgress = {});
  /// Asks a running think() to return as soon as possible (thread-safe).
  /// A request made just before think() starts applies to that search;
  /// every think() clears the request when it returns.
  void stop();
  /// Drops a pending stop request (e.g. one that arrived after the search
  /// it was meant for had already finished).
  void clearStop();

 private:
  struct Impl;
  Impl* impl_;
};

}  // namespace gomoku
