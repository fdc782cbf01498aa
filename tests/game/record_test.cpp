// Records: spaced and compact text, error positions, round trips, .psq.
#include "game/record.h"

#include <gtest/gtest.h>

#include <random>

#include "game/json.h"
#include "test_util.h"

using namespace gomoku;

namespace {
RuleSet rs(Variant v, int size = 15) { return RuleSet{v, size, false, Opening::FREE}; }
}  // namespace

TEST(Record, CompactAndSpacedFormsAreTheSame) {
  EXPECT_EQ(splitRecord("h8i9j10"), (std::vector<std::string>{"h8", "i9", "j10"}));
  EXPECT_EQ(splitRecord("  H8  i9\nJ10 "), (std::vector<std::string>{"H8", "i9", "J10"}));
  EXPECT_EQ(splitRecord("h8 reel:j9 decline propose:a1,b2"),
            (std::vector<std::string>{"h8", "reel:j9", "decline", "propose:a1,b2"}));
  RecordError e1, e2;
  auto a = replayRecord(rs(Variant::RENJU), "h8i9j10k11", &e1);
  auto b = replayRecord(rs(Variant::RENJU), "H8 I9 j10 k11", &e2);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(gameStateJson(*a), gameStateJson(*b));
}

TEST(Record, ErrorsNameTheTokenAndItsPosition) {
  RecordError err;
  EXPECT_FALSE(replayRecord(rs(Variant::GOMOKU), "h8 i9 h8", &err));
  EXPECT_EQ(err.index, 3);
  EXPECT_EQ(err.token, "h8");
  EXPECT_NE(err.describe().find("token 3 \"h8\""), std::string::npos) << err.describe();
  EXPECT_FALSE(replayRecord(rs(Variant::GOMOKU), "h8 banana", &err));
  EXPECT_EQ(err.index, 2);
  EXPECT_FALSE(replayRecord(rs(Variant::GOMOKU, 13), "h8 n14", &err));
  EXPECT_NE(err.message.find("off the"), std::string::npos);
  EXPECT_FALSE(replayRecord(rs(Variant::GOMOKU, 40), "h8", &err));
  EXPECT_EQ(err.index, 0);
}

TEST(Record, RandomGamesRoundTripThroughTextAndPsq) {
  std::mt19937_64 rng(7);
  for (Variant v : {Variant::GOMOKU, Variant::RENJU, Variant::CAPTURES, Variant::FISHING}) {
    for (int n = 0; n < 40; ++n) {
      Game g(rs(v, v == Variant::CAPTURES ? 19 : 15));
      for (int step = 0; step < 120 && !g.over(); ++step) {
        auto pts = g.legalPoints();
        auto toks = g.legalTokens();
        if (g.phase() == Phase::REEL_PENDING && !pts.empty() && rng() % 4) {
          ASSERT_EQ(g.apply(Action::reel(pts[rng() % pts.size()])), "");
        } else if (g.phase() == Phase::REEL_PENDING) {
          ASSERT_EQ(g.applyToken(std::find(toks.begin(), toks.end(), "reel") != toks.end() ? "reel" : "decline"), "");
        } else if (!pts.empty()) {
          ASSERT_EQ(g.apply(Action::place(pts[rng() % pts.size()])), "");
        } else {
          break;
        }
      }
      std::string text = formatRecord(g);
      RecordError err;
      auto back = replayRecord(g.rules(), text, &err);
      ASSERT_TRUE(back) << err.describe();
      EXPECT_EQ(gameStateJson(*back), gameStateJson(g));
      EXPECT_EQ(formatRecord(*back), text);
      std::string perr;
      auto psq = toPsq(g, &perr);
      bool onlyStones = std::all_of(g.actions().begin(), g.actions().end(),
                                    [](const Action& a) { return a.type == ActionType::PLACE; });
      ASSERT_EQ(psq.has_value(), onlyStones) << perr;
      if (psq) {
        auto fromFile = fromPsq(g.rules(), *psq, &err);
        ASSERT_TRUE(fromFile) << err.describe();
        EXPECT_EQ(gameStateJson(*fromFile), gameStateJson(g));
      }
    }
  }
}

TEST(Record, PsqFormat) {
  RecordError err;
  auto g = replayRecord(rs(Variant::GOMOKU), "a1 o15 h8", &err);
  std::string perr;
  EXPECT_EQ(*toPsq(*g, &perr), "Piskvorky 15x15, 11:11, 0\n1,15,0\n15,1,0\n8,8,0\n-1\n");
  // Piskvork writes brain names and timing after the moves; they are ignored.
  auto in = fromPsq(rs(Variant::GOMOKU), "Piskvorky 20x20, 11:11, 0\r\n10,10,105\r\n11,11,93\r\npbrain-a.exe\r\n-1\r\n", &err);
  ASSERT_TRUE(in) << err.describe();
  EXPECT_EQ(in->rules().size, 20);
  EXPECT_EQ(formatRecord(*in), "j11 k10");
  EXPECT_FALSE(fromPsq(rs(Variant::GOMOKU), "hello", &err));
  EXPECT_FALSE(fromPsq(rs(Variant::GOMOKU), "Piskvorky 15x15, 11:11, 0\n16,1,0\n", &err));
  EXPECT_EQ(err.index, 1);
}
