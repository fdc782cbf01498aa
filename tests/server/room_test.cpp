// Room: an online game rebuilt from events (no network, no store).
#include "server/room.h"

#include <gtest/gtest.h>

namespace gomoku {
namespace {

Room playedRoom(int size, const std::vector<std::string>& moves, int64_t clockMs, int64_t* t) {
  RoomSettings s;
  s.rules.size = size;
  s.clockMs = clockMs;
  Room r(s);
  int64_t seq = 0;
  *t = 1000;
  EXPECT_EQ(r.replay({++seq, "join", "white", *t}), "");
  for (size_t i = 0; i < moves.size(); ++i) {
    *t += 10;
    EXPECT_EQ(r.replay({++seq, "act", std::string(i % 2 ? "white " : "black ") + moves[i], *t}), "") << moves[i];
  }
  return r;
}

TEST(Room, RunningOutOfTimeLosesWhenTheOtherCanStillWin) {
  int64_t t;
  Room r = playedRoom(15, {"h8", "a1", "i8"}, 5000, &t);
  EXPECT_EQ(r.actor(), Seat::WHITE);
  EXPECT_FALSE(r.flagEvent(t + 4000));
  auto flag = r.flagEvent(t + 5000);
  ASSERT_TRUE(flag);
  EXPECT_EQ(flag->kind, "flag");
  EXPECT_EQ(flag->data, "white");
  ASSERT_EQ(r.replay(*flag), "");
  auto j = r.toJson(t + 6000);
  EXPECT_EQ(j["result"]["winner"], "black");
  EXPECT_EQ(j["result"]["reason"], "time");
  EXPECT_EQ(j["clock"]["white"], 0);
  EXPECT_EQ(j["clock"]["running"], nullptr);
}

TEST(Room, RunningOutOfTimeDrawsWhenTheOtherCannotWin) {
  // 5x5: White's stones a1 c2 e3 b4 d5 meet every row, column and both long
  // diagonals, so Black has no five cells in a row left to fill.
  int64_t t;
  Room r = playedRoom(5, {"b1", "a1", "d1", "c2", "a2", "e3", "b2", "b4", "e1", "d5", "c1"}, 5000, &t);
  ASSERT_FALSE(r.over());
  EXPECT_EQ(r.actor(), Seat::WHITE);
  auto flag = r.flagEvent(t + 5000);
  ASSERT_TRUE(flag);
  ASSERT_EQ(r.replay(*flag), "");
  auto j = r.toJson(t + 6000);
  EXPECT_EQ(j["result"]["winner"], "draw");
  EXPECT_EQ(j["result"]["reason"], "time");
}

TEST(Room, EventsThatDoNotFitAreReported) {
  int64_t t;
  Room r = playedRoom(15, {"h8"}, 0, &t);
  EXPECT_NE(r.replay({3, "act", "black i9", t}), "");  // not Black's turn
  EXPECT_NE(r.replay({3, "join", "white", t}), "");   // the seat is taken
  EXPECT_NE(r.replay({3, "teleport", "white", t}), "");
  EXPECT_NE(r.replay({3, "act", "", t}), "");
  EXPECT_EQ(r.version(), 2);
  EXPECT_EQ(r.toJson(t)["record"], "h8");
}

}  // namespace
}  // namespace gomoku
