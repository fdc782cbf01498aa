// Games and matches without an engine: scripted and random players, the Game
// state machine as the referee.
#include <gtest/gtest.h>

#include <deque>

#include "game/record.h"
#include "match/match.h"

using namespace gomoku;
using namespace gomoku::match;

namespace {

RuleSet rulesFor(Variant v, int size = 0) {
  RuleSet r;
  r.variant = v;
  r.size = size ? size : RuleSet::defaultSize(v);
  return r;
}

/// Plays the given turns in order (each turn one or more tokens).
class ScriptedPlayer : public Player {
 public:
  explicit ScriptedPlayer(std::vector<std::vector<std::string>> turns)
      : script_(std::move(turns)) {}
  Turn newGame(const RuleSet&, Color, uint64_t) override {
    turns_.assign(script_.begin(), script_.end());
    return {};
  }
  Turn play(const Game&) override {
    if (turns_.empty()) return Turn::fail("illegal", "script exhausted");
    Turn t = Turn::of(turns_.front());
    turns_.pop_front();
    return t;
  }

 private:
  std::vector<std::vector<std::string>> script_;
  std::deque<std::vector<std::string>> turns_;
};

std::vector<std::vector<std::string>> single(std::initializer_list<const char*> moves) {
  std::vector<std::vector<std::string>> out;
  for (const char* m : moves) out.push_back({m});
  return out;
}

}  // namespace

TEST(PlayGame, FiveWins) {
  ScriptedPlayer black(single({"j8", "k8", "l8"})), white(single({"a1", "a2", "a3"}));
  // Opening h8 a15 i8 a14: Black to move with two in a row.
  GameOutcome o = playGame(rulesFor(Variant::GOMOKU), "h8 a15 i8 a14", black, white);
  EXPECT_EQ(o.winner, Result::BLACK_WINS);
  EXPECT_EQ(o.reason, "five");
  EXPECT_FALSE(o.forfeited);
  EXPECT_EQ(o.moves, 9);
  EXPECT_EQ(o.record, "h8 a15 i8 a14 j8 a1 k8 a2 l8");
}

TEST(PlayGame, RenjuForbiddenMoveLoses) {
  // j8 makes two open threes (h8 i8 j8 and j8 j9 j10): a double-three.
  ScriptedPlayer black(single({"i8", "j10", "j9", "j8"})), white(single({"a1", "a3", "a5", "a7"}));
  GameOutcome o = playGame(rulesFor(Variant::RENJU), "h8 a15", black, white);
  EXPECT_EQ(o.winner, Result::WHITE_WINS);
  EXPECT_EQ(o.reason, "forbidden-double-three");
  EXPECT_FALSE(o.forfeited);
}

TEST(PlayGame, FullBoardIsADraw) {
  // 5x5, rows from the top: xxoox / ooxxo / xxoox / ooxxo / xxoox has no
  // five for either colour in any line.
  std::vector<std::string> blackMoves, whiteMoves;
  const char* rows[5] = {"xxoox", "ooxxo", "xxoox", "ooxxo", "xxoox"};
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 5; ++c) {
      std::string p = std::string(1, char('a' + c)) + std::to_string(5 - r);
      (rows[r][c] == 'x' ? blackMoves : whiteMoves).push_back(p);
    }
  ASSERT_EQ(blackMoves.size(), 13u);
  std::vector<std::vector<std::string>> bt, wt;
  for (auto& m : blackMoves) bt.push_back({m});
  for (auto& m : whiteMoves) wt.push_back({m});
  ScriptedPlayer black(bt), white(wt);
  GameOutcome o = playGame(rulesFor(Variant::GOMOKU, 5), "", black, white);
  EXPECT_EQ(o.winner, Result::DRAW);
  EXPECT_EQ(o.reason, "full-board");
  EXPECT_EQ(o.moves, 25);
}

TEST(PlayGame, MoveCapIsADraw) {
  RandomPlayer black, white;
  GameOptions opt;
  opt.maxMoves = 10;
  GameOutcome o = playGame(rulesFor(Variant::GOMOKU), "h8 i9 k8", black, white, 1, 2, opt);
  EXPECT_EQ(o.winner, Result::DRAW);
  EXPECT_EQ(o.reason, "move-cap");
  EXPECT_EQ(o.moves, 10);
}

TEST(PlayGame, IllegalMoveForfeitsAndIsRecorded) {
  ScriptedPlayer black(single({"h8"})), white(single({"a1"}));  // h8 is taken
  RuleSet rules = rulesFor(Variant::GOMOKU);
  GameOutcome o = playGame(rules, "h8 i9 k8 a2", black, white);
  EXPECT_EQ(o.winner, Result::WHITE_WINS);
  EXPECT_EQ(o.reason, "illegal");
  ASSERT_TRUE(o.forfeited);
  EXPECT_EQ(*o.forfeited, BLACK);
  EXPECT_NE(o.detail.find("occupied"), std::string::npos) << o.detail;
  EXPECT_EQ(o.record, "h8 i9 k8 a2 resign:black");
  RecordError err;
  auto replay = replayRecord(rules, o.record, &err);
  ASSERT_TRUE(replay) << err.describe();
  EXPECT_EQ(replay->result()->winner, Result::WHITE_WINS);
}

TEST(PlayGame, TokensBeyondTheTurnForfeit) {
  ScriptedPlayer black(std::vector<std::vector<std::string>>{{"j8", "a1"}}), white(single({"a2"}));
  GameOutcome o = playGame(rulesFor(Variant::GOMOKU), "h8 i9 k8 a2", black, white);
  EXPECT_EQ(o.reason, "illegal");
  EXPECT_EQ(*o.forfeited, BLACK);
}

TEST(PlayGame, FishingReelsAreAdjudicated) {
  // Black completes a five on l8 and reels in the same turn, converting a1.
  ScriptedPlayer black({{"j8"}, {"k8"}, {"l8", "reel:a1"}}), white(single({"a1", "a2", "a3"}));
  GameOptions opt;
  opt.maxMoves = 10;
  GameOutcome o = playGame(rulesFor(Variant::FISHING), "h8 a15 i8 a14", black, white, 1, 2, opt);
  EXPECT_EQ(o.reason, "move-cap");
  EXPECT_NE(o.record.find("l8 reel:a1"), std::string::npos) << o.record;
  // Random players play whole fishing games: reels, conversions, points.
  RandomPlayer rb, rw;
  int decided = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    GameOutcome g = playGame(rulesFor(Variant::FISHING), "h8 i9 k8", rb, rw, seed, seed + 100);
    EXPECT_TRUE(g.reason == "points" || g.reason == "full-board" || g.reason == "move-cap")
        << g.reason;
    EXPECT_FALSE(g.forfeited) << g.detail;
    decided += g.reason == "points";
    RecordError err;
    EXPECT_TRUE(replayRecord(rulesFor(Variant::FISHING), g.record, &err)) << err.describe();
  }
  EXPECT_GT(decided, 0);
}

TEST(PlayGame, CapturesAndRenjuWithRandomPlayers) {
  RandomPlayer rb, rw;
  for (Variant v : {Variant::CAPTURES, Variant::RENJU}) {
    RuleSet rules = rulesFor(v);
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      std::string opening = openingsFor(rules)[seed].record;
      GameOutcome g = playGame(rules, opening, rb, rw, seed, seed + 7);
      EXPECT_FALSE(g.forfeited) << g.detail;
      EXPECT_NE(g.reason, "");
      EXPECT_NE(g.reason.rfind("forbidden", 0), 0u) << "random players avoid forbidden points";
      RecordError err;
      auto replay = replayRecord(rules, g.record, &err);
      ASSERT_TRUE(replay) << err.describe();
      if (g.reason != "move-cap") {
        EXPECT_EQ(replay->result()->reason, g.reason);
      }
    }
  }
}

TEST(Schedule, PairsShareAnOpeningWithColoursSwapped) {
  const int openings = 7;
  std::vector<int> uses(openings, 0);
  for (int i = 0; i < 2 * openings; ++i) {
    MatchGame g = scheduleGame(i, openings, 42);
    EXPECT_EQ(g.aIsBlack, i % 2 == 0);
    if (i % 2 == 1) {
      EXPECT_EQ(g.openingIndex, scheduleGame(i - 1, openings, 42).openingIndex);
    } else {
      uses[size_t(g.openingIndex)]++;
    }
  }
  // One pass uses every opening exactly once.
  for (int u : uses) EXPECT_EQ(u, 1);
  // The seed changes the order.
  bool differs = false;
  for (int i = 0; i < 2 * openings; i += 2)
    differs |=
        scheduleGame(i, openings, 42).openingIndex != scheduleGame(i, openings, 43).openingIndex;
  EXPECT_TRUE(differs);
}

TEST(RunMatch, DeterministicForASeedWhateverTheJobs) {
  MatchConfig config;
  config.rules = rulesFor(Variant::GOMOKU);
  config.a = *parseLevelSpec("random");
  config.b = *parseLevelSpec("random");
  config.games = 12;
  config.seed = 5;
  std::vector<std::string> lines;
  std::string err;
  auto one = runMatch(
      config, [&](const MatchGame& g) { lines.push_back(g.outcome.record); }, &err);
  ASSERT_TRUE(one) << err;
  ASSERT_EQ(lines.size(), 12u);
  for (size_t i = 0; i < lines.size(); ++i) EXPECT_EQ(one->games[i].index, int(i));
  config.jobs = 2;
  std::vector<std::string> lines2;
  auto two = runMatch(
      config, [&](const MatchGame& g) { lines2.push_back(g.outcome.record); }, &err);
  ASSERT_TRUE(two) << err;
  EXPECT_EQ(lines, lines2) << "games are reported in order and do not depend on the job";
  EXPECT_EQ(one->elo.wins, two->elo.wins);
  EXPECT_EQ(one->elo.games, 12);
  EXPECT_EQ(one->aBlack[0] + one->aBlack[1] + one->aBlack[2], 6);
  EXPECT_EQ(one->openingsUsed, 6);
  std::string text = formatSummary(*one, config);
  EXPECT_NE(text.find("Elo difference"), std::string::npos) << text;
  EXPECT_NE(formatGameLine(one->games[0], config).find("opening"), std::string::npos);
}

TEST(RunMatch, StopsEarlyWithTheGamesSoFar) {
  MatchConfig config;
  config.rules = rulesFor(Variant::GOMOKU);
  config.a = *parseLevelSpec("random");
  config.b = *parseLevelSpec("random");
  config.games = 400;
  config.jobs = 2;
  std::atomic<bool> stop{false};
  config.stop = &stop;
  int seen = 0;
  std::string err;
  auto s = runMatch(
      config,
      [&](const MatchGame&) {
        if (++seen == 5) stop = true;
      },
      &err);
  ASSERT_TRUE(s) << err;
  EXPECT_GE(s->elo.games, 5);
  // Games already running finish (and with two jobs one may have run
  // ahead of the report order), but no new ones start.
  EXPECT_LT(s->elo.games, 400);
  EXPECT_EQ(int(s->games.size()), s->elo.games);
  EXPECT_EQ(seen, s->elo.games);
}

TEST(RunMatch, SummaryCountsFromAsView) {
  std::vector<MatchGame> games(4);
  games[0].aIsBlack = true;  // A (black) wins
  games[0].outcome.winner = Result::BLACK_WINS;
  games[1].aIsBlack = false;  // A (white) loses
  games[1].outcome.winner = Result::BLACK_WINS;
  games[2].aIsBlack = true;  // draw
  games[2].outcome.winner = Result::DRAW;
  games[3].aIsBlack = false;  // B (black) forfeits
  games[3].outcome.winner = Result::WHITE_WINS;
  games[3].outcome.forfeited = BLACK;
  MatchSummary s = summarize(games);
  EXPECT_EQ(s.elo.wins, 2);
  EXPECT_EQ(s.elo.losses, 1);
  EXPECT_EQ(s.elo.draws, 1);
  EXPECT_EQ(s.aBlack[0], 1);
  EXPECT_EQ(s.aBlack[2], 1);
  EXPECT_EQ(s.aWhite[0], 1);
  EXPECT_EQ(s.aWhite[1], 1);
  EXPECT_EQ(s.forfeitsA, 0);
  EXPECT_EQ(s.forfeitsB, 1);
}

TEST(RunMatch, ErrorsBeforeAnyGame) {
  MatchConfig config;
  config.rules = rulesFor(Variant::GOMOKU);
  config.a = *parseLevelSpec("random");
  config.b = *parseLevelSpec("random");
  config.games = 0;
  std::string err;
  EXPECT_FALSE(runMatch(config, {}, &err));
  EXPECT_NE(err.find("games"), std::string::npos) << err;
  EXPECT_TRUE(parseLevelSpec("normal"));
  EXPECT_EQ(parseLevelSpec("normal")->level, Level::MEDIUM);
  EXPECT_FALSE(parseLevelSpec("expert"));
}

TEST(RunMatch, EngineOnDepthLimitsIsDeterministic) {
  // Our engine with depth limits: the same seed gives the same games, one
  // job or two (engines are cleared and reseeded before every game).
  MatchConfig config;
  config.rules = rulesFor(Variant::GOMOKU);
  config.a.kind = PlayerSpec::Kind::LIMITS;
  config.a.limits.depth = 2;
  config.a.hashMiB = 4;
  config.b = config.a;
  config.games = 2;
  config.seed = 3;
  std::string err;
  std::vector<std::string> runs[2];
  for (int jobs : {1, 2}) {
    config.jobs = jobs;
    auto s = runMatch(
        config, [&](const MatchGame& g) { runs[jobs - 1].push_back(g.outcome.record); }, &err);
    ASSERT_TRUE(s) << err;
    for (const MatchGame& g : s->games) {
      EXPECT_FALSE(g.outcome.forfeited) << g.outcome.detail;
      EXPECT_TRUE(g.outcome.reason == "five" || g.outcome.reason == "full-board")
          << g.outcome.reason;
    }
  }
  EXPECT_EQ(runs[0], runs[1]);
}
