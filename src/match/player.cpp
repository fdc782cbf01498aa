#include "match/player.h"

#include <algorithm>
#include <iterator>
#include <sstream>

#include "core/notation.h"

namespace gomoku::match {

std::string levelLabel(Level l) {
  switch (l) {
    case Level::EASY: return "easy";
    case Level::MEDIUM: return "medium";
    case Level::HARD: return "hard";
  }
  return "?";
}

std::optional<PlayerSpec> parseLevelSpec(std::string_view s) {
  PlayerSpec spec;
  if (s == "easy") {
    spec.level = Level::EASY;
  } else if (s == "medium" || s == "normal") {
    spec.level = Level::MEDIUM;  // fishing calls its middle level "normal"
  } else if (s == "hard") {
    spec.level = Level::HARD;
  } else if (s == "random") {
    spec.kind = PlayerSpec::Kind::RANDOM;
  } else {
    return std::nullopt;
  }
  return spec;
}

std::string PlayerSpec::label() const {
  switch (kind) {
    case Kind::LEVEL: return levelLabel(level);
    case Kind::RANDOM: return "random";
    case Kind::LIMITS: {
      std::string out;
      auto add = [&](const std::string& s) { out += (out.empty() ? "" : " ") + s; };
      if (limits.timeMs) add(std::to_string(limits.timeMs) + "ms");
      if (limits.depth) add("depth " + std::to_string(limits.depth));
      if (limits.nodes) add(std::to_string(limits.nodes) + " nodes");
      if (limits.threads > 1) add(std::to_string(limits.threads) + " threads");
      return out.empty() ? "engine" : out;
    }
    case Kind::BRAIN: {
      // The program's file name without its directory or arguments; for
      // "bash brain.sh" or "wine pbrain.exe", the script's.
      std::istringstream words(command);
      std::string word, prog;
      while (words >> word) {
        size_t slash = word.rfind('/');
        prog = slash == std::string::npos ? word : word.substr(slash + 1);
        static const char* wrappers[] = {"sh",   "bash", "env",    "python", "python3",
                                         "node", "wine", "wine64", "nice",   "exec"};
        if (std::find(std::begin(wrappers), std::end(wrappers), prog) == std::end(wrappers)) break;
      }
      return prog.empty() ? "brain" : prog;
    }
  }
  return "?";
}

std::unique_ptr<Player> makePlayer(const PlayerSpec& spec, std::string* error) {
  switch (spec.kind) {
    case PlayerSpec::Kind::RANDOM: return std::make_unique<RandomPlayer>();
    case PlayerSpec::Kind::BRAIN: return makeBrainPlayer(spec);
    case PlayerSpec::Kind::LEVEL:
    case PlayerSpec::Kind::LIMITS: break;
  }
  return makeEnginePlayer(spec, error);
}

// ---- RandomPlayer ----------------------------------------------------------

Turn RandomPlayer::newGame(const RuleSet&, Color, uint64_t gameSeed) {
  rng_.seed(gameSeed);
  return {};
}

Turn RandomPlayer::play(const Game& game) {
  Turn t;
  std::vector<Pos> points = game.legalPoints();
  if (game.phase() == Phase::REEL_PENDING) {
    // Convert a random enemy stone (or none, if the enemy has none left).
    if (points.empty()) return Turn::of({"reel"});
    t.tokens.push_back("reel:" + pointName(points[rng_() % points.size()]));
    return t;
  }
  if (game.phase() != Phase::PLAY) {
    // Not reached in a match (openings are free, we never offer draws),
    // but answer anything sensibly.
    auto tokens = game.legalTokens();
    if (std::find(tokens.begin(), tokens.end(), "decline") != tokens.end())
      return Turn::of({"decline"});
    if (!tokens.empty()) return Turn::of({tokens.front()});
  }
  std::vector<Pos> forbidden = game.forbiddenPoints();  // sorted by x then y
  std::vector<Pos> allowed;
  for (Pos p : points)
    if (std::find(forbidden.begin(), forbidden.end(), p) == forbidden.end()) allowed.push_back(p);
  if (allowed.empty()) allowed = points;
  if (allowed.empty()) return Turn::fail("illegal", "no legal point left");
  t.tokens.push_back(pointName(allowed[rng_() % allowed.size()]));
  return t;
}

}  // namespace gomoku::match
