#pragma once
/// The match log (`gomoku match --log FILE`): one JSON object per line, a
/// header describing the match, then one line per finished game, flushed as
/// each game ends. `--resume` reads it back, so a long match interrupted
/// (Ctrl-C, a reboot, the end of a working session) continues where it
/// stopped and its totals count every game played so far.
///
///   {"gomokuMatchLog":1,"rules":"fishing","exactFive":false,"size":15,"a":"hard","b":"normal",
///    "seed":1,"openings":32,"maxMoves":0}
///   {"game":1,"opening":17,"aBlack":true,"winner":"black","reason":"points","detail":"",
///    "forfeited":null,"moves":93,"seconds":201.4,"record":"h8 i9 ..."}
#include <optional>
#include <string>
#include <vector>

#include "match/match.h"

namespace gomoku::match {

/// The header line for a match (no newline).
std::string matchLogHeader(const MatchConfig& config, int openingCount);

/// One game's line (no newline).
std::string matchLogGame(const MatchGame& game);

/// Reads a log written for `config`: checks that the header describes the
/// same match (rules, size, players, seed, openings, move cap) and that every
/// game has the opening and colours that game number is scheduled with, and
/// that its record replays to the logged result. Returns the games (any
/// order; a game number logged twice keeps the first), or nullopt and
/// *error naming the line at fault. A last line cut off by a crash is
/// ignored.
std::optional<std::vector<MatchGame>> readMatchLog(const std::string& text, const MatchConfig& config,
                                                   const std::vector<MatchOpening>& openings,
                                                   std::string* error);

}  // namespace gomoku::match
