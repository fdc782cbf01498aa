#include "server/request.h"

#include <algorithm>

#include "game/json.h"
#include "game/record.h"

namespace gomoku {

using nlohmann::json;

int parseGameRequest(const std::string& body, GameRequest* out, Game* game, json* j,
                     std::string* error, std::initializer_list<const char*> extra) {
  try {
    *j = json::parse(body);
  } catch (const json::exception& e) {
    // parse_error, and out_of_range for a number beyond a double (1e400).
    *error = std::string("malformed JSON: ") + e.what();
    return 400;
  }
  if (!j->is_object()) {
    *error = "the request body must be a JSON object";
    return 400;
  }
  const json& b = *j;
  RuleSet rs;
  if (!b.contains("rules") || !b["rules"].is_string()) {
    *error = "'rules' is required: \"freestyle\", \"renju\", \"captures\" or \"fishing\"";
    return 400;
  }
  auto variant = parseVariant(b["rules"].get<std::string>());
  if (!variant) {
    *error = "unknown rules '" + b["rules"].get<std::string>() +
             "' (freestyle, renju, captures, fishing)";
    return 400;
  }
  rs.variant = *variant;
  rs.size = RuleSet::defaultSize(rs.variant);
  if (b.contains("size") && !b["size"].is_null()) {
    if (!b["size"].is_number_integer()) {
      *error = "'size' must be an integer";
      return 400;
    }
    int64_t size = b["size"].get<int64_t>();
    if (size < MIN_SIZE || size > MAX_SIZE) {
      *error = "'size' must be between " + std::to_string(MIN_SIZE) + " and " +
               std::to_string(MAX_SIZE);
      return 400;
    }
    rs.size = int(size);
  }
  if (b.contains("exactFive") && !b["exactFive"].is_null()) {
    if (!b["exactFive"].is_boolean()) {
      *error = "'exactFive' must be true or false";
      return 400;
    }
    rs.exactFive = b["exactFive"].get<bool>();
  }
  if (b.contains("opening") && !b["opening"].is_null()) {
    if (!b["opening"].is_string()) {
      *error = "'opening' must be a string: free, swap, swap2 or rif";
      return 400;
    }
    auto o = parseOpening(b["opening"].get<std::string>());
    if (!o) {
      *error = "unknown opening '" + b["opening"].get<std::string>() + "' (free, swap, swap2, rif)";
      return 400;
    }
    rs.opening = *o;
  }
  std::string invalid = rs.validate();
  if (!invalid.empty()) {
    *error = invalid;
    return 400;
  }
  std::string record;
  if (b.contains("record") && !b["record"].is_null()) {
    if (b["record"].is_string()) {
      record = b["record"].get<std::string>();
    } else if (b["record"].is_array()) {
      for (const json& t : b["record"]) {
        if (!t.is_string()) {
          *error = "'record' must be a string of tokens or an array of token strings";
          return 400;
        }
        record += t.get<std::string>() + " ";
      }
    } else {
      *error = "'record' must be a string of tokens or an array of token strings";
      return 400;
    }
  }
  if (record.size() > MAX_RECORD_CHARS) {
    *error = "'record' is too long";
    return 400;
  }
  // Before the replay: a rejected request costs no replay.
  if (!onlyFields(b, GAME_FIELDS, extra, "this request", error)) return 400;
  RecordError recErr;
  std::optional<Game> replayed = replayRecord(rs, record, &recErr);
  if (!replayed) {
    *error = "illegal record: " + recErr.describe();
    return 422;
  }
  *game = std::move(*replayed);
  out->rules = rs;
  out->record = record;
  return 200;
}

bool onlyFields(const json& object, std::span<const char* const> fields,
                std::initializer_list<const char*> extra, const char* what, std::string* error) {
  auto known = [&](const std::string& key) {
    auto is = [&](const char* f) { return key == f; };
    return std::any_of(fields.begin(), fields.end(), is) ||
           std::any_of(extra.begin(), extra.end(), is);
  };
  for (const auto& item : object.items()) {
    if (known(item.key())) continue;
    // Only a rejected request pays for the list of what it may carry.
    std::string list;
    for (const char* f : fields) list += (list.empty() ? "" : ", ") + std::string(f);
    for (const char* f : extra) list += (list.empty() ? "" : ", ") + std::string(f);
    *error = "unknown field '" + item.key() + "' (" + what + " takes: " + list + ")";
    return false;
  }
  return true;
}

json stateJson(const Game& game) { return gameStateJson(game); }

std::string jsonText(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

}  // namespace gomoku
