#include "match/matchlog.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "game/record.h"

namespace gomoku::match {

using nlohmann::json;

namespace {

const char* winnerWord(Result::Winner w) {
  return w == Result::BLACK_WINS ? "black" : w == Result::WHITE_WINS ? "white" : "draw";
}

std::optional<Result::Winner> parseWinner(const std::string& s) {
  if (s == "black") return Result::BLACK_WINS;
  if (s == "white") return Result::WHITE_WINS;
  if (s == "draw") return Result::DRAW;
  return std::nullopt;
}

json headerJson(const MatchConfig& config, int openingCount) {
  return json{{"gomokuMatchLog", 1},
              {"rules", variantName(config.rules.variant)},
              {"exactFive", config.rules.exactFive},
              {"size", config.rules.size},
              {"a", config.aName},
              {"b", config.bName},
              {"seed", config.seed},
              {"openings", openingCount},
              {"maxMoves", config.gameOptions.maxMoves}};
}

/// The game a log line describes, checked against the schedule and replayed.
/// Throws json exceptions for missing or mistyped fields.
std::string readGame(const json& j, const MatchConfig& config, const std::vector<MatchOpening>& openings,
                     MatchGame* out) {
  const int number = j.at("game").get<int>();
  if (number < 1) return "game number " + std::to_string(number) + " is not positive";
  MatchGame g = scheduleGame(number - 1, int(openings.size()), config.seed);
  if (j.at("opening").get<int>() != g.openingIndex + 1 || j.at("aBlack").get<bool>() != g.aIsBlack)
    return "game " + std::to_string(number) + " has another opening or other colours than this match gives it";
  g.opening = openings[size_t(g.openingIndex)].record;
  GameOutcome& o = g.outcome;
  auto winner = parseWinner(j.at("winner").get<std::string>());
  if (!winner) return "unknown winner \"" + j.at("winner").get<std::string>() + "\"";
  o.winner = *winner;
  o.reason = j.at("reason").get<std::string>();
  o.detail = j.value("detail", "");
  if (j.contains("forfeited") && !j.at("forfeited").is_null()) {
    const std::string f = j.at("forfeited").get<std::string>();
    if (f != "black" && f != "white") return "unknown colour \"" + f + "\" in forfeited";
    o.forfeited = f == "black" ? BLACK : WHITE;
  }
  o.moves = j.at("moves").get<int>();
  o.seconds = j.at("seconds").get<double>();
  o.record = j.at("record").get<std::string>();

  // The record must start with the opening and replay to the logged result.
  const std::vector<std::string> tokens = splitRecord(o.record), start = splitRecord(g.opening);
  if (tokens.size() < start.size() || !std::equal(start.begin(), start.end(), tokens.begin()))
    return "game " + std::to_string(number) + ": the record does not start with the opening " + g.opening;
  Game game(config.rules);
  for (const std::string& tok : tokens) {
    std::string err = game.applyToken(tok);
    if (!err.empty()) return "game " + std::to_string(number) + ": \"" + tok + "\": " + err;
  }
  const Result::Winner replayed = game.over() ? game.result()->winner : Result::DRAW;
  // A forfeit in Fishing, which has no resignation, is not in the record.
  const bool unrecordedForfeit = o.forfeited && !game.over();
  if (replayed != o.winner && !unrecordedForfeit)
    return "game " + std::to_string(number) + ": the record gives " + winnerWord(replayed) + ", the log " +
           winnerWord(o.winner);
  *out = std::move(g);
  return {};
}

}  // namespace

std::string matchLogHeader(const MatchConfig& config, int openingCount) {
  return headerJson(config, openingCount).dump();
}

std::string matchLogGame(const MatchGame& g) {
  const GameOutcome& o = g.outcome;
  json j{{"game", g.index + 1},
         {"opening", g.openingIndex + 1},
         {"aBlack", g.aIsBlack},
         {"winner", winnerWord(o.winner)},
         {"reason", o.reason},
         {"detail", o.detail},
         {"forfeited", o.forfeited ? json(*o.forfeited == BLACK ? "black" : "white") : json(nullptr)},
         {"moves", o.moves},
         {"seconds", std::round(o.seconds * 10) / 10},
         {"record", o.record}};
  return j.dump();
}

std::optional<std::vector<MatchGame>> readMatchLog(const std::string& text, const MatchConfig& config,
                                                   const std::vector<MatchOpening>& openings,
                                                   std::string* error) {
  auto fail = [&](int line, const std::string& msg) -> std::optional<std::vector<MatchGame>> {
    if (error) *error = "line " + std::to_string(line) + ": " + msg;
    return std::nullopt;
  };
  std::vector<std::string> lines;
  {
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) lines.push_back(line);
  }
  // A crash can leave the last line half written: it is dropped (that game
  // is played again). Only the last line gets this benefit of the doubt.
  const bool lastComplete = !text.empty() && text.back() == '\n';
  std::vector<MatchGame> games;
  std::set<int> seen;
  bool haveHeader = false;
  for (size_t i = 0; i < lines.size(); ++i) {
    const int lineNo = int(i) + 1;
    if (lines[i].find_first_not_of(" \t\r") == std::string::npos) continue;
    json j = json::parse(lines[i], nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
      if (i + 1 == lines.size() && !lastComplete) break;
      return fail(lineNo, "not a JSON object");
    }
    if (!haveHeader) {
      if (!j.contains("gomokuMatchLog")) return fail(lineNo, "not a match log (no header line)");
      json want = headerJson(config, int(openings.size()));
      for (auto& [key, value] : want.items())
        if (key != "gomokuMatchLog" && (!j.contains(key) || j.at(key) != value))
          return fail(lineNo, "the log is of another match: " + key + " is " +
                                  (j.contains(key) ? j.at(key).dump() : std::string("missing")) +
                                  " there and " + value.dump() + " here");
      haveHeader = true;
      continue;
    }
    MatchGame g;
    std::string err;
    try {
      err = readGame(j, config, openings, &g);
    } catch (const json::exception& e) {
      err = std::string("a game line needs game, opening, aBlack, winner, reason, moves, seconds, record (") +
            e.what() + ")";
    }
    if (!err.empty()) return fail(lineNo, err);
    if (seen.insert(g.index).second) games.push_back(std::move(g));
  }
  if (!haveHeader && !text.empty()) return fail(1, "not a match log (no header line)");
  return games;
}

}  // namespace gomoku::match
