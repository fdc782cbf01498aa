#pragma once
/// Parsing of the game every API request carries:
///   {"rules": "freestyle"|"renju"|"captures"|"fishing", "size": 15,
///    "exactFive": false, "opening": "free"|"swap"|"swap2"|"rif",
///    "record": "h8 i9 ..."}
/// Only "rules" is required. Errors come back as an HTTP status (400 for
/// malformed input, 422 for a record that is not legal) and a message.
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <span>
#include <string>

#include "game/game.h"

namespace gomoku {

struct GameRequest {
  RuleSet rules;
  std::string record;
};

/// Limits that keep a request cheap to parse and replay.
constexpr size_t MAX_RECORD_CHARS = 16 * 1024;
/// /replay answers one state per action; this bounds its answer.
constexpr size_t MAX_REPLAY_ACTIONS = 1000;

/// Parses body into *out, replays the record into *game (a fresh Game) and
/// keeps the parsed JSON in *json. Returns 200, or a 4xx status with *error.
/// The body may hold only the game fields (GAME_FIELDS) and `extra`; any
/// other field is a 400 naming it and listing the known ones (a misspelt
/// field would otherwise be ignored silently: `"moves"` for `"record"`
/// searched the empty board).
int parseGameRequest(const std::string& body, GameRequest* out, Game* game, nlohmann::json* json,
                     std::string* error, std::initializer_list<const char*> extra = {});

/// The fields every game request may carry (see the top of this file).
inline constexpr const char* GAME_FIELDS[] = {"rules", "size", "exactFive", "opening", "record"};

/// Checks that `object` holds only `fields` and `extra` (the game request's
/// check, also the online game's `{"token", "action"}` and a clock's
/// `{"minutes", "increment"}`); else sets *error to a message naming the
/// first unknown field, `what` ("this request", "'clock'") and the known
/// ones, and returns false.
bool onlyFields(const nlohmann::json& object, std::span<const char* const> fields,
                std::initializer_list<const char*> extra, const char* what, std::string* error);

/// The state JSON (gameStateJson, shared with `gomoku state`).
nlohmann::json stateJson(const Game& game);

/// The text of an answer. Error messages can quote the request (a JSON parse
/// error shows the bytes it stopped at, a 404 the path), which need not be
/// UTF-8: such bytes become U+FFFD instead of making dump() throw.
std::string jsonText(const nlohmann::json& j);

}  // namespace gomoku
