#pragma once
/// The tactics set: positions taken from sparring games where the side to
/// move either has a forced win (kind "win": the answers are the moves that
/// keep it) or must find one of very few holding moves (kind "defend": the
/// answers are the only moves after which the opponent has no forced win).
/// Each answer set was proved by a peer engine given ample time on every
/// candidate move (data/README.md says how). `gomoku tactics` measures how
/// many our engine solves at a given time a move.
///
/// File format, one position a line ('#' starts a comment):
///     KIND RULES RECORD... : ANSWER...
///     win freestyle h8 i9 j6 g7 h6 g9 : g6 j8
///     defend renju h8 h9 i8 g8 : j8 f8
/// KIND is win or defend; RULES is freestyle, exact (exactly five) or renju.
#include <optional>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "game/game.h"

namespace gomoku::match {

struct TacticsPosition {
  int line = 0;     ///< 1-based line in the file
  bool win = true;  ///< win: find a winning move; defend: find a holding move
  RuleSet rules;
  std::string record;
  std::vector<Pos> answers;
};

/// Parses a tactics file. Every record must replay to a position with the
/// side to move in play, every answer must be an empty point of it;
/// otherwise nullopt and *error names the line and what is wrong.
std::optional<std::vector<TacticsPosition>> parseTactics(const std::string& text,
                                                         std::string* error);

/// The RULES word of a position's line: "freestyle", "exact" or "renju".
const char* tacticsRulesName(const RuleSet& rules);

struct TacticsScore {
  int wins = 0, winsSolved = 0;
  int defences = 0, defencesSolved = 0;
  std::vector<int> failedLines;  ///< lines whose move was not an answer
  std::vector<Pos> failedMoves;  ///< the move played on each of those lines
};

/// Our engine (Hard's settings, one thread, `timeMs` a position, a fresh
/// table each time) on every position. With `nodes` (and timeMs 0) the
/// search stops on a node budget instead: the same result every run.
TacticsScore runTactics(const std::vector<TacticsPosition>& set, int64_t timeMs, int threads = 1,
                        uint64_t nodes = 0);

}  // namespace gomoku::match
