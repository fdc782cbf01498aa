// The Gomocup client against fake brains written in bash: one that plays the
// first empty point, and misbehaving ones that hang, crash, or print
// garbage. Every misbehaviour must lose the game quickly, never hang it.
#include "match/brain.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

#include "core/timer.h"
#include "game/record.h"
#include "match/match.h"

using namespace gomoku;
using namespace gomoku::match;

namespace {

// The fake brain. $1 = behaviour, $2 = a file that receives every line the
// brain reads (and its pid first). It keeps the board and answers with the
// first empty point, scanning rows from the top (Gomocup y = 0) left to right.
const char* FAKE_BRAIN = R"BASH(
mode=$1; log=${2:-/dev/null}
echo "pid $$" >> "$log"
declare -A taken
n=15
answer() {
  case $mode in
    hang) sleep 1000; return;;
    garbage) echo "hello world"; return;;
    occupied) echo "7,7"; return;;
    offboard) echo "99,3"; return;;
    crash) exit 3;;
    chatter) echo "MESSAGE thinking hard"; echo "DEBUG depth 1";;
  esac
  for ((y = 0; y < n; y++)); do
    for ((x = 0; x < n; x++)); do
      if [[ -z ${taken[$x,$y]} ]]; then taken[$x,$y]=1; echo "$x,$y"; return; fi
    done
  done
}
inboard=0
while IFS= read -r line; do
  line=${line%$'\r'}
  echo "$line" >> "$log"
  if ((inboard)); then
    if [[ $line == DONE ]]; then inboard=0; answer
    else IFS=, read -r x y f <<< "$line"; taken[$x,$y]=$f; fi
    continue
  fi
  case $line in
    START*) n=${line#START }; taken=()
            if [[ $mode == nostart ]]; then sleep 1000; fi
            if [[ $mode == badstart ]]; then echo "ERROR unsupported size"; else echo OK; fi;;
    BEGIN) answer;;
    TURN*) taken[${line#TURN }]=2; answer;;
    BOARD) inboard=1;;
    INFO*|ABOUT) ;;
    END) exit 0;;
    *) echo "UNKNOWN $line";;
  esac
done
)BASH";

class BrainTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/gomoku-brain-test-XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
    std::ofstream(dir_ + "/brain.sh") << FAKE_BRAIN;
  }
  void TearDown() override {
    if (!dir_.empty()) std::system(("rm -rf '" + dir_ + "'").c_str());
  }

  PlayerSpec brain(const std::string& mode, const std::string& log = "") {
    PlayerSpec s;
    s.kind = PlayerSpec::Kind::BRAIN;
    s.command = "bash " + dir_ + "/brain.sh " + mode + (log.empty() ? "" : " " + dir_ + "/" + log);
    s.turnTimeoutMs = 300;
    s.graceMs = 200;
    s.startTimeoutMs = 1000;
    return s;
  }
  std::string readLog(const std::string& log) {
    std::ifstream in(dir_ + "/" + log);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }
  /// The pids the brains wrote to a log.
  std::vector<pid_t> pids(const std::string& log) {
    std::vector<pid_t> out;
    std::istringstream in(readLog(log));
    std::string line;
    while (std::getline(in, line))
      if (line.rfind("pid ", 0) == 0) out.push_back(pid_t(std::stol(line.substr(4))));
    return out;
  }
  /// Whether a process still runs, allowing a moment for an orphan to be
  /// reaped (a killed grandchild is reaped by init, not by us); zombies
  /// count as gone.
  static bool alive(pid_t pid) {
    for (int i = 0; i < 200; ++i) {
      std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
      std::string text;
      if (!stat || !std::getline(stat, text)) return false;
      size_t close = text.rfind(')');
      if (close != std::string::npos && close + 2 < text.size() && text[close + 2] == 'Z')
        return false;
      usleep(10000);
    }
    return true;
  }

  GameOutcome play(const PlayerSpec& blackSpec, const PlayerSpec& whiteSpec,
                   const std::string& opening, Variant v = Variant::GOMOKU, bool exact = false) {
    std::string err;
    auto black = makePlayer(blackSpec, &err);
    auto white = makePlayer(whiteSpec, &err);
    RuleSet rules;
    rules.variant = v;
    rules.exactFive = exact;
    return playGame(rules, opening, *black, *white);
  }

  std::string dir_;
};

PlayerSpec randomSpec() { return *parseLevelSpec("random"); }

}  // namespace

TEST(Gomocup, Coordinates) {
  // x = column from the left, y = row from the TOP; our rows count from the bottom.
  EXPECT_EQ(toGomocup(makePos(0, 14), 15), "0,0");  // a15, top-left
  EXPECT_EQ(toGomocup(makePos(7, 7), 15), "7,7");   // h8, the centre
  EXPECT_EQ(toGomocup(makePos(0, 0), 15), "0,14");  // a1, bottom-left
  EXPECT_EQ(toGomocup(makePos(18, 0), 19), "18,18");
  EXPECT_EQ(fromGomocup("0,0", 15), makePos(0, 14));
  EXPECT_EQ(fromGomocup(" 3 , 4 ", 15), makePos(3, 10));
  bool off = false;
  EXPECT_EQ(fromGomocup("15,0", 15, &off), NO_POS);
  EXPECT_TRUE(off);
  EXPECT_EQ(fromGomocup("-1,2", 15, &off), NO_POS);
  EXPECT_TRUE(off);
  for (const char* bad : {"", "7", "7,", "a,b", "7,7,7", "OK", "7;7"}) {
    EXPECT_EQ(fromGomocup(bad, 15, &off), NO_POS) << bad;
    EXPECT_FALSE(off) << bad;
  }
}

TEST_F(BrainTest, FirstEmptyBrainsPlayAWholeGame) {
  GameOutcome o = play(brain("first", "black.log"), brain("first", "white.log"), "h8 i9 k8");
  EXPECT_FALSE(o.forfeited) << o.reason << ": " << o.detail;
  EXPECT_TRUE(o.reason == "five" || o.reason == "full-board") << o.reason;
  // White moved first after the opening: the top-left corner.
  EXPECT_EQ(o.record.substr(0, 13), "h8 i9 k8 a15 ") << o.record;
  std::string w = readLog("white.log");
  EXPECT_NE(w.find("START 15\n"), std::string::npos) << w;
  EXPECT_NE(w.find("INFO timeout_turn 300\n"), std::string::npos) << w;
  EXPECT_NE(w.find("INFO rule 0\n"), std::string::npos) << w;
  // The opening as a BOARD block: h8 = 7,7 (opponent), i9 = 8,6 (own), k8 = 10,7.
  EXPECT_NE(w.find("BOARD\n7,7,2\n8,6,1\n10,7,2\nDONE\n"), std::string::npos) << w;
  // Black learns the opening too, then only single TURNs: White's a15 is 0,0.
  std::string b = readLog("black.log");
  EXPECT_NE(b.find("BOARD\n7,7,1\n8,6,2\n10,7,1\n0,0,2\nDONE\n"), std::string::npos) << b;
  EXPECT_NE(b.find("TURN 2,0\n"), std::string::npos) << b;
  EXPECT_NE(b.find("END\n"), std::string::npos);
  for (pid_t p : pids("black.log")) EXPECT_FALSE(alive(p));
  RecordError err;
  EXPECT_TRUE(replayRecord(RuleSet{}, o.record, &err)) << err.describe();
}

TEST_F(BrainTest, BeginOnAnEmptyBoardAndRuleCodes) {
  GameOutcome o = play(brain("first", "b.log"), randomSpec(), "");
  EXPECT_FALSE(o.forfeited) << o.detail;
  EXPECT_EQ(o.record.substr(0, 4), "a15 ");
  EXPECT_NE(readLog("b.log").find("BEGIN\n"), std::string::npos);
  play(brain("first", "exact.log"), randomSpec(), "h8 i9", Variant::GOMOKU, true);
  EXPECT_NE(readLog("exact.log").find("INFO rule 1\n"), std::string::npos);
  play(randomSpec(), brain("first", "renju.log"), "h8 i9 k8", Variant::RENJU);
  EXPECT_NE(readLog("renju.log").find("INFO rule 4\n"), std::string::npos);
}

TEST_F(BrainTest, ChatterIsIgnored) {
  GameOutcome o = play(brain("chatter"), randomSpec(), "h8 i9");
  EXPECT_FALSE(o.forfeited) << o.detail;
}

TEST_F(BrainTest, HangingBrainLosesOnTime) {
  Stopwatch clock;
  GameOutcome o = play(randomSpec(), brain("hang", "hang.log"), "h8 i9 k8");
  EXPECT_LT(clock.seconds(), 5.0);
  EXPECT_EQ(o.winner, Result::BLACK_WINS);
  EXPECT_EQ(o.reason, "timeout");
  ASSERT_TRUE(o.forfeited);
  EXPECT_EQ(*o.forfeited, WHITE);
  EXPECT_EQ(o.record, "h8 i9 k8 resign:white");
  // The brain and its sleeping child are gone.
  for (pid_t p : pids("hang.log")) EXPECT_FALSE(alive(p));
}

TEST_F(BrainTest, BrainThatNeverStartsLoses) {
  Stopwatch clock;
  GameOutcome o = play(brain("nostart"), randomSpec(), "h8 i9");
  EXPECT_LT(clock.seconds(), 5.0);
  EXPECT_EQ(o.winner, Result::WHITE_WINS);
  EXPECT_EQ(o.reason, "timeout");
  EXPECT_NE(o.detail.find("START"), std::string::npos) << o.detail;
  GameOutcome e = play(brain("badstart"), randomSpec(), "h8 i9");
  EXPECT_EQ(e.reason, "bad-output");
  EXPECT_NE(e.detail.find("ERROR"), std::string::npos) << e.detail;
}

TEST_F(BrainTest, GarbageLoses) {
  GameOutcome o = play(brain("garbage"), randomSpec(), "h8 i9");
  EXPECT_EQ(o.winner, Result::WHITE_WINS);
  EXPECT_EQ(o.reason, "bad-output");
  EXPECT_NE(o.detail.find("hello world"), std::string::npos) << o.detail;
}

TEST_F(BrainTest, IllegalMovesLose) {
  GameOutcome o = play(brain("occupied"), randomSpec(), "h8 i9");
  EXPECT_EQ(o.winner, Result::WHITE_WINS);
  EXPECT_EQ(o.reason, "illegal");
  EXPECT_NE(o.detail.find("occupied"), std::string::npos) << o.detail;
  GameOutcome off = play(randomSpec(), brain("offboard"), "h8 i9 k8");
  EXPECT_EQ(off.winner, Result::BLACK_WINS);
  EXPECT_EQ(off.reason, "illegal");
  EXPECT_NE(off.detail.find("99,3"), std::string::npos) << off.detail;
}

TEST_F(BrainTest, CrashingOrMissingBrainLoses) {
  GameOutcome o = play(brain("crash"), randomSpec(), "h8 i9");
  EXPECT_EQ(o.winner, Result::WHITE_WINS);
  EXPECT_EQ(o.reason, "crash");
  PlayerSpec missing = brain("first");
  missing.command = dir_ + "/no-such-brain";
  GameOutcome m = play(randomSpec(), missing, "h8 i9 k8");
  EXPECT_EQ(m.winner, Result::BLACK_WINS);
  EXPECT_EQ(m.reason, "crash");
}

TEST_F(BrainTest, UnsupportedRulesAreRefused) {
  GameOutcome o = play(brain("first"), randomSpec(), "h8 i9", Variant::FISHING);
  EXPECT_EQ(o.reason, "unsupported");
}

TEST_F(BrainTest, TwoGamesAtOnce) {
  // Two jobs: four brains alive together; their pipes must not leak into
  // each other (a leaked pipe would hide a brain's exit and hang the match).
  MatchConfig config;
  config.a = brain("first", "a.log");
  config.b = brain("hang");
  config.b.turnTimeoutMs = 100;
  config.b.graceMs = 100;
  config.games = 4;
  config.jobs = 2;
  Stopwatch clock;
  std::string err;
  auto s = runMatch(config, {}, &err);
  ASSERT_TRUE(s) << err;
  EXPECT_LT(clock.seconds(), 10.0);
  EXPECT_EQ(s->elo.wins, 4);
  EXPECT_EQ(s->forfeitsB, 4);
  for (pid_t p : pids("a.log")) EXPECT_FALSE(alive(p));
}
