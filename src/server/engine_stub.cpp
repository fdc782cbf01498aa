// Temporary stand-in for the Engine facade, compiled only while main has no
// gomoku_engine library (see CMakeLists.txt): it lets the server and the web
// UI be developed and tested before the real engine lands. It plays a legal,
// never forbidden, shallow greedy move and nothing more.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>

#include "core/notation.h"
#include "engine/engine.h"

namespace gomoku {

std::optional<Level> parseLevel(std::string_view s) {
  if (s == "easy") return Level::EASY;
  if (s == "medium" || s == "normal") return Level::MEDIUM;
  if (s == "hard") return Level::HARD;
  return std::nullopt;
}

std::string levelName(Level l) {
  return l == Level::EASY ? "easy" : l == Level::HARD ? "hard" : "medium";
}

struct Engine::Impl {
  std::atomic<bool> stop{false};
};

Engine::Engine(size_t) : impl_(new Impl) {}
Engine::~Engine() { delete impl_; }
void Engine::setHashMiB(size_t) {}
void Engine::clear() {}
void Engine::stop() { impl_->stop = true; }

namespace {

int pointScore(const Game& g, Pos p, Color me) {
  const Board& b = g.board();
  int s = 0;
  if (b.makesFive(p, me)) s += 100000;
  if (b.makesFive(p, ~me)) s += 50000;
  s += b.cellScore(p, me) * 2 + b.cellScore(p, ~me);
  Pos c = b.center();
  s -= std::abs(posX(p) - posX(c)) + std::abs(posY(p) - posY(c));
  return s;
}

std::string pickToken(const Game& g) {
  Color me = g.toMove().value_or(BLACK);
  const Board& b = g.board();
  switch (g.phase()) {
    case Phase::REEL_PENDING: {
      for (int y = 0; y < b.size(); ++y)
        for (int x = 0; x < b.size(); ++x) {
          Pos p = makePos(x, y);
          std::string t = "reel:" + pointName(p);
          if (b.at(p) == stoneOf(~me) && g.check(*parseAction(t, nullptr)).empty()) return t;
        }
      return "reel";
    }
    case Phase::SWAP_CHOICE:
    case Phase::SWAP2_CHOICE:
    case Phase::SWAP2_FINAL: return "stay";
    case Phase::DRAW_OFFERED: return "decline";
    case Phase::RIF_KEEP: return "keep:" + pointName(g.proposals().first);
    default: break;
  }
  std::vector<Pos> legal = g.legalPoints();
  std::vector<Pos> forbidden = g.forbiddenPoints();
  std::vector<Pos> ok;
  for (Pos p : legal)
    if (std::find(forbidden.begin(), forbidden.end(), p) == forbidden.end()) ok.push_back(p);
  if (ok.empty()) {
    auto tokens = g.legalTokens();
    return tokens.empty() ? "resign" : tokens.front();
  }
  std::sort(ok.begin(), ok.end(), [&](Pos a, Pos c) {
    int sa = pointScore(g, a, me), sc = pointScore(g, c, me);
    return sa != sc ? sa > sc : a < c;
  });
  if (g.phase() == Phase::RIF_PROPOSE) {
    for (size_t i = 1; i < ok.size(); ++i) {
      std::string t = "propose:" + pointName(ok[0]) + "," + pointName(ok[i]);
      std::string err;
      auto a = parseAction(t, &err);
      if (a && g.check(*a).empty()) return t;
    }
  }
  return pointName(ok.front());
}

}  // namespace

ThinkResult Engine::think(const Game& game, const Limits&,
                          const std::function<void(const Progress&)>& onProgress) {
  auto start = std::chrono::steady_clock::now();
  impl_->stop = false;
  ThinkResult r;
  Game g = game;
  std::optional<Color> me = g.toMove();
  // The whole turn: a stone, then (fishing) every reel of its chain.
  for (int guard = 0; guard < 64 && !g.over(); ++guard) {
    std::string t = pickToken(g);
    if (!g.applyToken(t).empty()) break;
    r.tokens.push_back(t);
    if (auto a = parseAction(t, nullptr); a && a->type == ActionType::PLACE) r.move = a->pos;
    if (g.phase() != Phase::REEL_PENDING || g.toMove() != me) break;
  }
  r.depth = 1;
  r.timeMs = std::chrono::duration_cast<std::chrono::milliseconds>(
                 std::chrono::steady_clock::now() - start)
                 .count();
  if (r.move != NO_POS) r.pv = {r.move};
  if (onProgress) onProgress(Progress{1, 0, 1, r.timeMs, r.pv});
  return r;
}

ThinkResult Engine::think(const Game& game, Level,
                          const std::function<void(const Progress&)>& onProgress) {
  return think(game, Limits{}, onProgress);
}

}  // namespace gomoku
