#pragma once
/// Game records: the text form (one token per action, spaced; the compact
/// renju.net form "h8i9j10" is read too) and Piskvork .psq files.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game/game.h"

namespace gomoku {

/// Where and why a record could not be read or replayed.
struct RecordError {
  int index = 0;      ///< 1-based number of the offending token (0: the record as a whole)
  std::string token;  ///< the offending token
  std::string message;
  std::string describe() const;  ///< e.g. `token 5 "h8": h8 is already occupied`
};

/// Splits a record into tokens. Whitespace separates tokens; a chunk made
/// only of points ("h8i9j10") is split into them.
std::vector<std::string> splitRecord(std::string_view text);

/// Replays a record on a new game; nullopt and *error when a token is
/// unreadable or illegal.
std::optional<Game> replayRecord(const RuleSet& rules, std::string_view text, RecordError* error);

/// The record of a game, tokens separated by single spaces.
std::string formatRecord(const Game& game);

/// Piskvork .psq: "Piskvorky WxH, 11:11, 0", then one "x,y,ms" line per stone
/// (1-based, y counted from the top), closed by "-1". Only games whose record
/// holds nothing but stones can be exported; the error says why otherwise.
std::optional<std::string> toPsq(const Game& game, std::string* error);
/// Reads a .psq; the board size comes from the file (rules.size is replaced).
std::optional<Game> fromPsq(RuleSet rules, std::string_view text, RecordError* error);

}  // namespace gomoku
