#pragma once
/// Matches between two players: games from balanced openings, each opening
/// twice with colours swapped, adjudicated by the Game state machine, and
/// the result as W/L/D with an Elo estimate.
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "game/game.h"
#include "match/elo.h"
#include "match/openings.h"
#include "match/player.h"

namespace gomoku::match {

/// How one game ended.
struct GameOutcome {
  Result::Winner winner = Result::DRAW;
  /// The Game's reason ("five", "forbidden-double-three", "points",
  /// "captures", "full-board", ...), "move-cap", or why a player forfeited:
  /// "timeout", "crash", "bad-output", "illegal", "unsupported".
  std::string reason;
  std::string detail;              ///< forfeits: what happened, e.g. `answered "hello"`
  std::optional<Color> forfeited;  ///< the colour that forfeited, if one did
  int moves = 0;                   ///< stones placed, the opening's included
  std::string record;              ///< the whole game; a forfeit ends in "resign:<colour>"
  double seconds = 0;
};

struct GameOptions {
  /// Stones placed after which a game is a draw ("move-cap"); 0: twice the
  /// number of points (a Gomoku or Renju board is full long before; captures
  /// and fishing remove stones, so their games can place more).
  int maxMoves = 0;
};

/// Plays one game from `opening` (a record; must be legal, see
/// checkOpening). The seeds go to the players' newGame().
GameOutcome playGame(const RuleSet& rules, const std::string& opening, Player& black, Player& white,
                     uint64_t blackSeed = 1, uint64_t whiteSeed = 2,
                     const GameOptions& options = {});

/// One game of a match.
struct MatchGame {
  int index = 0;         ///< 0-based number in the match
  int openingIndex = 0;  ///< 0-based index into the opening list
  std::string opening;
  bool aIsBlack = true;
  GameOutcome outcome;
  bool resumed = false;  ///< from MatchConfig::resumed, not played in this run
  /// A's score: 1 win, 0.5 draw, 0 loss.
  double aScore() const;
};

struct MatchConfig {
  RuleSet rules;
  PlayerSpec a, b;
  std::string aName = "A", bName = "B";  ///< for the printed lines
  int games = 100;
  uint64_t seed = 1;  ///< orders the openings; seeds random players
  int jobs = 1;       ///< games played at once
  /// When set (from another thread or a signal handler), no further game
  /// starts; the games running are finished and the match ends early.
  const std::atomic<bool>* stop = nullptr;
  GameOptions gameOptions;
  std::vector<MatchOpening> openings;  ///< empty: openingsFor(rules)
  /// Games already played (read from a match log): not played again, but
  /// reported through onGame in their place and counted in the totals.
  std::vector<MatchGame> resumed;
};

struct MatchSummary {
  std::vector<MatchGame> games;
  EloEstimate elo;            ///< from A's point of view
  int aBlack[3] = {0, 0, 0};  ///< A's wins, losses, draws as Black
  int aWhite[3] = {0, 0, 0};  ///< ... as White
  int forfeitsA = 0, forfeitsB = 0;
  int openingsUsed = 0;
  double seconds = 0;      ///< wall time of the match
  double gameSeconds = 0;  ///< the games' durations added up
};

/// The opening and colours of game `index`: openings are taken in a
/// seed-shuffled order, one per pair of games, A Black in the first game of
/// the pair and White in the second.
MatchGame scheduleGame(int index, int openingCount, uint64_t seed);

/// Runs a match. `onGame` is called once per game, in game order, from
/// whichever thread finished it (calls never overlap). Returns nullopt and
/// *error when the players cannot be built or there is no opening. After a
/// stop, the summary holds the games reported so far.
std::optional<MatchSummary> runMatch(const MatchConfig& config,
                                     const std::function<void(const MatchGame&)>& onGame,
                                     std::string* error);

/// Totals from a list of games.
MatchSummary summarize(std::vector<MatchGame> games);

/// "game 12: opening 6 (h8 i9 k8), black hard, white medium: 1-0 five, 37 moves, 4.1 s"
std::string formatGameLine(const MatchGame& g, const MatchConfig& config);
/// The totals block: W/L/D, score, per-colour results, Elo, forfeits, time.
std::string formatSummary(const MatchSummary& s, const MatchConfig& config);

}  // namespace gomoku::match
