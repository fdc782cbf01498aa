#include "game/json.h"

#include "core/notation.h"
#include "game/record.h"
#include "game/rif.h"

namespace gomoku {

std::string colorName(Color c) { return c == BLACK ? "black" : "white"; }

namespace {

nlohmann::json pointList(const std::vector<Pos>& points) {
  auto arr = nlohmann::json::array();
  for (Pos p : points) arr.push_back(pointName(p));
  return arr;
}

}  // namespace

nlohmann::json gameStateJson(const Game& game) {
  using nlohmann::json;
  const RuleSet& r = game.rules();
  const Board& b = game.board();
  json j;
  j["rules"] = variantName(r.variant);
  j["size"] = r.size;
  j["exactFive"] = r.exactFive;
  j["opening"] = openingName(r.opening);
  // null once normal play runs (and when the game is over)
  bool special = game.phase() != Phase::PLAY && !game.over();
  j["phase"] = special ? json(phaseName(game.phase())) : json(nullptr);
  j["phaseName"] = phaseName(game.phase());
  auto tm = game.toMove();
  j["toMove"] = tm ? json(colorName(*tm)) : json(nullptr);
  j["board"] = b.rows();
  j["captures"] = {{"black", game.score(BLACK)}, {"white", game.score(WHITE)}};
  if (auto& pend = game.pending()) {
    std::vector<Pos> rod(pend->rod.stones.begin(), pend->rod.stones.begin() + pend->rod.count);
    j["pending"] = {{"player", colorName(pend->player)}, {"rod", pointList(rod)}, {"points", pend->rod.points}};
  } else {
    j["pending"] = nullptr;
  }
  if (auto& res = game.result()) {
    const char* w = res->winner == Result::BLACK_WINS ? "black" : res->winner == Result::WHITE_WINS ? "white" : "draw";
    j["result"] = {{"winner", w}, {"reason", res->reason}, {"line", pointList(res->line)}};
  } else {
    j["result"] = nullptr;
  }
  j["moves"] = game.actions().size();
  j["stones"] = game.stonesPlayed();
  j["lastMove"] = game.lastStone() == NO_POS ? json(nullptr) : json(pointName(game.lastStone()));
  j["record"] = formatRecord(game);
  j["swapped"] = game.swapped();
  if (r.variant == Variant::RENJU) j["forbidden"] = pointList(game.forbiddenPoints());
  // RIF: the name of the standard opening once the first three stones stand.
  if (r.opening == Opening::RIF && game.stonesPlayed() >= 3 && game.actions().size() >= 3) {
    const auto& acts = game.actions();
    auto name = rifOpeningName(r.size, toPoint(acts[0].pos), toPoint(acts[1].pos), toPoint(acts[2].pos));
    if (name) j["openingName"] = *name;
  }
  if (game.phase() == Phase::RIF_KEEP)
    j["proposals"] = pointList({game.proposals().first, game.proposals().second});
  j["legal"] = pointList(game.legalPoints());
  j["legalTokens"] = game.legalTokens();
  j["canUndo"] = game.canUndo();
  return j;
}

}  // namespace gomoku
