#pragma once
/// Players of a match: our engine at a level or with explicit limits, an
/// external Gomocup brain, or a random mover (a baseline for testing the
/// harness). A player object lives for many games, one at a time.
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "game/game.h"

namespace gomoku::match {

/// How a player's turn (or its start of game) went.
struct Turn {
  /// The record tokens the player chose ("h8"; "k9", "reel:h8" in fishing).
  std::vector<std::string> tokens;
  /// Non-empty when the player forfeits the game instead: "timeout",
  /// "crash", "bad-output" or "illegal"; `detail` says more.
  std::string failure;
  std::string detail;
  int64_t ms = 0;  ///< wall time the turn took
  bool failed() const { return !failure.empty(); }
  static Turn of(std::vector<std::string> tokens) {
    Turn t;
    t.tokens = std::move(tokens);
    return t;
  }
  static Turn fail(std::string kind, std::string detail) {
    Turn t;
    t.failure = std::move(kind);
    t.detail = std::move(detail);
    return t;
  }
};

class Player {
 public:
  virtual ~Player() = default;
  /// A new game starts under `rules`; this player has `color`. A failed
  /// Turn (for a brain that does not start) forfeits the game.
  virtual Turn newGame(const RuleSet& rules, Color color, uint64_t gameSeed) = 0;
  /// It is this player's turn in `game` (game.toMove() is its colour).
  virtual Turn play(const Game& game) = 0;
  /// The game is over (or abandoned); release what the game held.
  virtual void endGame() {}
};

/// What kind of player to build for each game slot.
struct PlayerSpec {
  enum class Kind : uint8_t { LEVEL, LIMITS, BRAIN, RANDOM } kind = Kind::LEVEL;
  Level level = Level::MEDIUM;
  Limits limits;        ///< Kind::LIMITS: our engine with these limits
  size_t hashMiB = 64;  ///< engine transposition table
  // Kind::BRAIN
  std::string command;             ///< run through /bin/sh -c
  int64_t turnTimeoutMs = 5000;    ///< sent as INFO timeout_turn
  int64_t matchTimeoutMs = 0;      ///< sent as INFO timeout_match (0: none)
  int64_t graceMs = 1000;          ///< extra time before a slow answer forfeits
  int64_t startTimeoutMs = 10000;  ///< to answer START
  bool brainStderr = false;        ///< let the brain's stderr through (else /dev/null)
  /// Sent as INFO max_memory (bytes); 0 means "no limit" as the protocol
  /// says, but some brains (Rapfi) then never answer: give them a size.
  uint64_t maxMemoryBytes = 0;

  /// Short name for the result lines: "hard", "depth 6", "pbrain-x", ...
  std::string label() const;
};

/// "easy", "medium" / "normal", "hard" (what Engine::think takes) and
/// "random"; nullopt otherwise.
std::optional<PlayerSpec> parseLevelSpec(std::string_view s);
std::string levelLabel(Level l);

/// Builds a player; nullptr and *error when it cannot be built.
std::unique_ptr<Player> makePlayer(const PlayerSpec& spec, std::string* error);

/// Uniformly random among the legal points (never a renju forbidden point
/// while another point is left); reels convert a random enemy stone and are
/// never declined. Deterministic for a game seed.
class RandomPlayer : public Player {
 public:
  Turn newGame(const RuleSet& rules, Color color, uint64_t gameSeed) override;
  Turn play(const Game& game) override;

 private:
  std::mt19937_64 rng_;
};

/// Our engine (defined in engine_player.cpp).
std::unique_ptr<Player> makeEnginePlayer(const PlayerSpec& spec, std::string* error);
/// An external brain (brain.cpp).
std::unique_ptr<Player> makeBrainPlayer(const PlayerSpec& spec);

}  // namespace gomoku::match
