// Our engine as a match player: one Engine (and transposition table) per
// player object, cleared and reseeded before every game so that a game's
// moves depend on nothing but the game and its seed (with depth or node
// limits; time limits depend on the machine's load).
#include "core/timer.h"
#include "match/player.h"

namespace gomoku::match {

namespace {

class EnginePlayer : public Player {
 public:
  explicit EnginePlayer(const PlayerSpec& spec) : spec_(spec), engine_(spec.hashMiB) {}

  Turn newGame(const RuleSet&, Color, uint64_t gameSeed) override {
    engine_.clear();
    engine_.setSeed(gameSeed);  // the levels' random picks
    return {};
  }

  Turn play(const Game& game) override {
    Stopwatch clock;
    ThinkResult r = spec_.kind == PlayerSpec::Kind::LIMITS ? engine_.think(game, spec_.limits)
                                                           : engine_.think(game, spec_.level);
    Turn t;
    t.tokens = std::move(r.tokens);
    t.ms = clock.millis();
    if (t.tokens.empty()) return Turn::fail("illegal", "the engine returned no move");
    return t;
  }

 private:
  PlayerSpec spec_;
  Engine engine_;
};

}  // namespace

std::unique_ptr<Player> makeEnginePlayer(const PlayerSpec& spec, std::string*) {
  return std::make_unique<EnginePlayer>(spec);
}

}  // namespace gomoku::match
