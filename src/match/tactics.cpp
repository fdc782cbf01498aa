#include "match/tactics.h"

#include <algorithm>
#include <sstream>

#include "core/notation.h"
#include "game/record.h"

namespace gomoku::match {

std::optional<std::vector<TacticsPosition>> parseTactics(const std::string& text,
                                                         std::string* error) {
  std::vector<TacticsPosition> out;
  std::istringstream in(text);
  std::string line;
  int number = 0;
  auto fail = [&](const std::string& msg) {
    if (error) *error = "line " + std::to_string(number) + ": " + msg;
    return std::nullopt;
  };
  while (std::getline(in, line)) {
    ++number;
    if (size_t hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream words(line);
    std::string kind, rules;
    if (!(words >> kind)) continue;  // blank or comment
    TacticsPosition p;
    p.line = number;
    if (kind != "win" && kind != "defend") return fail("kind must be win or defend, not \"" + kind + "\"");
    p.win = kind == "win";
    if (!(words >> rules)) return fail("rules missing");
    if (rules == "freestyle") {
      p.rules.variant = Variant::GOMOKU;
    } else if (rules == "exact") {
      p.rules.variant = Variant::GOMOKU;
      p.rules.exactFive = true;
    } else if (rules == "renju") {
      p.rules.variant = Variant::RENJU;
    } else {
      return fail("rules must be freestyle, exact or renju, not \"" + rules + "\"");
    }
    std::string word;
    bool colon = false;
    while (words >> word) {
      if (word == ":") {
        colon = true;
        break;
      }
      p.record += (p.record.empty() ? "" : " ") + word;
    }
    if (!colon) return fail("no \" : \" before the answers");
    RecordError rerr;
    auto game = replayRecord(p.rules, p.record, &rerr);
    if (!game) return fail(rerr.describe());
    if (game->over() || game->phase() != Phase::PLAY) return fail("the game is over or not in play");
    while (words >> word) {
      auto pt = parsePoint(word);
      if (!pt || !game->board().inside(pt->x, pt->y) || !game->board().isEmpty(toPos(*pt)))
        return fail("answer \"" + word + "\" is not an empty point");
      p.answers.push_back(toPos(*pt));
    }
    if (p.answers.empty()) return fail("no answers");
    out.push_back(std::move(p));
  }
  return out;
}

const char* tacticsRulesName(const RuleSet& rules) {
  if (rules.variant == Variant::RENJU) return "renju";
  return rules.exactFive ? "exact" : "freestyle";
}

TacticsScore runTactics(const std::vector<TacticsPosition>& set, int64_t timeMs, int threads,
                        uint64_t nodes) {
  TacticsScore s;
  Engine engine;
  for (const TacticsPosition& p : set) {
    RecordError err;
    auto game = replayRecord(p.rules, p.record, &err);
    if (!game) continue;  // parseTactics checked it
    engine.clear();
    Limits lim;
    lim.timeMs = timeMs;
    lim.nodes = nodes;
    lim.threads = threads;
    ThinkResult r = engine.think(*game, lim);
    bool ok = std::find(p.answers.begin(), p.answers.end(), r.move) != p.answers.end();
    (p.win ? s.wins : s.defences)++;
    if (ok) (p.win ? s.winsSolved : s.defencesSolved)++;
    else {
      s.failedLines.push_back(p.line);
      s.failedMoves.push_back(r.move);
    }
  }
  return s;
}

}  // namespace gomoku::match
