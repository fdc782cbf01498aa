// The match log and --resume: a match continued from its log counts the
// logged games, plays only the missing ones, and ends with the same games as
// a match played in one go; logs of another match or with results that their
// records contradict are refused.
#include <gtest/gtest.h>

#include "match/matchlog.h"

using namespace gomoku;
using namespace gomoku::match;

namespace {

MatchConfig randomMatch(int games, uint64_t seed = 9) {
  MatchConfig config;
  config.rules.variant = Variant::GOMOKU;
  config.rules.size = 15;
  config.a = *parseLevelSpec("random");
  config.b = *parseLevelSpec("random");
  config.aName = "random (A)";
  config.bName = "random (B)";
  config.games = games;
  config.seed = seed;
  config.openings = openingsFor(config.rules);
  return config;
}

/// Plays a match and returns its log text.
std::string playLogged(const MatchConfig& config, std::vector<MatchGame>* played = nullptr) {
  std::string log = matchLogHeader(config, int(config.openings.size())) + "\n";
  std::string err;
  auto s = runMatch(
      config,
      [&](const MatchGame& g) {
        if (!g.resumed) log += matchLogGame(g) + "\n";
        if (played) played->push_back(g);
      },
      &err);
  EXPECT_TRUE(s) << err;
  return log;
}

}  // namespace

TEST(MatchLog, ResumingPlaysOnlyTheMissingGamesAndGivesTheSameMatch) {
  // The whole match in one go...
  MatchConfig full = randomMatch(10);
  std::vector<MatchGame> whole;
  std::string wholeLog = playLogged(full, &whole);

  // ...and the first 4 games, then resumed to 10.
  MatchConfig first = randomMatch(4);
  std::string log = playLogged(first);
  std::string err;
  auto logged = readMatchLog(log, full, full.openings, &err);
  ASSERT_TRUE(logged) << err;
  ASSERT_EQ(logged->size(), 4u);
  MatchConfig rest = randomMatch(10);
  rest.resumed = *logged;
  int playedNow = 0;
  std::vector<std::string> records;
  auto s = runMatch(
      rest,
      [&](const MatchGame& g) {
        playedNow += !g.resumed;
        records.push_back(g.outcome.record);
      },
      &err);
  ASSERT_TRUE(s) << err;
  EXPECT_EQ(playedNow, 6);
  EXPECT_EQ(s->elo.games, 10);
  ASSERT_EQ(records.size(), 10u);
  for (size_t i = 0; i < 10; ++i) EXPECT_EQ(records[i], whole[i].outcome.record) << "game " << i + 1;
  auto again = readMatchLog(wholeLog, full, full.openings, &err);
  ASSERT_TRUE(again) << err;
  EXPECT_EQ(again->size(), 10u);
}

TEST(MatchLog, EverythingAlreadyPlayedIsReportedAndCounted) {
  MatchConfig config = randomMatch(6);
  std::string err;
  auto logged = readMatchLog(playLogged(config), config, config.openings, &err);
  ASSERT_TRUE(logged) << err;
  config.resumed = *logged;
  int reported = 0;
  auto s = runMatch(config, [&](const MatchGame& g) { reported += g.resumed; }, &err);
  ASSERT_TRUE(s) << err;
  EXPECT_EQ(reported, 6);
  EXPECT_EQ(s->elo.games, 6);
}

TEST(MatchLog, AnotherMatchOrAContradictedResultIsRefused) {
  MatchConfig config = randomMatch(4);
  const std::string log = playLogged(config);
  std::string err;

  MatchConfig otherSeed = randomMatch(4, 10);
  EXPECT_FALSE(readMatchLog(log, otherSeed, otherSeed.openings, &err));
  EXPECT_NE(err.find("seed"), std::string::npos) << err;

  MatchConfig otherRules = config;
  otherRules.rules.exactFive = true;
  EXPECT_FALSE(readMatchLog(log, otherRules, otherRules.openings, &err));
  EXPECT_NE(err.find("exactFive"), std::string::npos) << err;

  // Flip the first game's winner: its record says otherwise.
  std::string tampered = log;
  size_t at = tampered.find("\"winner\":\"");
  ASSERT_NE(at, std::string::npos);
  at += 10;
  tampered.replace(at, tampered.find('"', at) - at, tampered.compare(at, 5, "black") == 0 ? "white" : "black");
  EXPECT_FALSE(readMatchLog(tampered, config, config.openings, &err));
  EXPECT_NE(err.find("the record gives"), std::string::npos) << err;

  // A game moved to another number has the wrong opening or colours.
  std::string renumbered = log;
  at = renumbered.find("\"game\":1,");
  ASSERT_NE(at, std::string::npos);
  renumbered.replace(at, 9, "\"game\":2,");
  EXPECT_FALSE(readMatchLog(renumbered, config, config.openings, &err));

  EXPECT_FALSE(readMatchLog("h8 i9\n", config, config.openings, &err));
  EXPECT_NE(err.find("not a JSON object"), std::string::npos) << err;
  EXPECT_FALSE(readMatchLog("{\"game\":1}\n", config, config.openings, &err));
  EXPECT_NE(err.find("no header"), std::string::npos) << err;
}

TEST(MatchLog, ALastLineCutOffByACrashIsDropped) {
  MatchConfig config = randomMatch(4);
  const std::string log = playLogged(config);
  std::string err;
  std::string cut = log.substr(0, log.size() - 20);  // the last game, half written
  auto games = readMatchLog(cut, config, config.openings, &err);
  ASSERT_TRUE(games) << err;
  EXPECT_EQ(games->size(), 3u);
  // The same damage in the middle of the log is an error.
  size_t secondLine = log.find('\n', log.find('\n') + 1);
  std::string middle = log.substr(0, secondLine - 20) + log.substr(secondLine);
  EXPECT_FALSE(readMatchLog(middle, config, config.openings, &err));
  // An empty log is an empty match.
  auto none = readMatchLog("", config, config.openings, &err);
  ASSERT_TRUE(none) << err;
  EXPECT_TRUE(none->empty());
}
