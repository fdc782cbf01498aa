// POST /api/v1/review: every position of a record analysed in the
// background, polled through /api/v1/search/{id} (docs/api.md). A real server
// on a loopback port; short search times keep the tests quick.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "server/server.h"
#include "server/test_server.h"

using nlohmann::json;

namespace gomoku {
namespace {

class ReviewTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_GT(test::startTestServer(ServerOptions{}, server_, client_), 0); }
  void TearDown() override { server_.reset(); }

  /// Starts a review and waits for its result.
  json review(const json& body) {
    auto [status, started] = test::postJson(*client_, "/api/v1/review", body);
    EXPECT_EQ(status, 202) << started.dump();
    if (status != 202) return json();
    EXPECT_EQ(started["status"], "running");
    EXPECT_EQ(started["progress"]["total"], splitCount(body.value("record", "")) + 1);
    json done = test::waitSearch(*client_, started["id"]);
    EXPECT_EQ(done.value("status", ""), "done") << done.dump();
    return done.value("result", json());
  }
  static size_t splitCount(const std::string& record) {
    size_t n = 0;
    bool in = false;
    for (char c : record) {
      if (c != ' ' && !in) ++n;
      in = c != ' ';
    }
    return n;
  }

  std::unique_ptr<HttpServer> server_;
  std::unique_ptr<httplib::Client> client_;
};

TEST_F(ReviewTest, EveryPositionIsValuedAndTheLosingMoveIsMarked) {
  // White ignores Black's row: a1 lets the open three become an open four.
  // Before a1 White (with a two of its own) is worse but not lost; with only
  // corner stones it was lost already, which a deep enough search proves,
  // and a move in a lost position is no blunder.
  json r = review({{"rules", "freestyle"}, {"record", "h8 h9 i8 i9 j8 a1 k8 a2 l8"}, {"timeMs", 100}});
  ASSERT_TRUE(r.is_object());
  EXPECT_EQ(r["complete"], true);
  ASSERT_EQ(r["positions"].size(), 10u);
  ASSERT_EQ(r["moves"].size(), 9u);
  for (size_t k = 0; k < 9; ++k) {
    const json& p = r["positions"][k];
    EXPECT_EQ(p["ply"], k);
    EXPECT_EQ(p["side"], k % 2 ? "white" : "black");
    EXPECT_TRUE(p["evalBlack"].is_number()) << p.dump();
    EXPECT_EQ(p["best"].size(), 1u) << p.dump();
  }
  const json& last = r["positions"][9];
  EXPECT_TRUE(last["side"].is_null());
  EXPECT_EQ(last["evalBlack"], 30000) << "Black has won";
  EXPECT_LT(r["positions"][5]["evalBlack"].get<int>(), 29000) << "before a1 White is not lost";
  EXPECT_GE(r["positions"][6]["evalBlack"].get<int>(), 29000) << "after a1 Black wins by force";
  const json& a1 = r["moves"][5];
  EXPECT_EQ(a1["token"], "a1");
  EXPECT_EQ(a1["side"], "white");
  EXPECT_EQ(a1["mark"], "blunder") << a1.dump();
  EXPECT_GT(a1["loss"].get<int>(), 0);
  EXPECT_TRUE(r["moves"][8]["mark"].is_null()) << "the winning stone is no mistake";
}

TEST_F(ReviewTest, WorksForEveryGame) {
  for (json body : {json{{"rules", "renju"}, {"record", "h8 i9 j10 g8 i8"}},
                    json{{"rules", "captures"}, {"record", "j10 d3 c3 e3 f3"}},
                    json{{"rules", "fishing"}, {"record", "h8 a1 i8 a3 j8 n1 k8 g5 c5 n3 d5 a13 e5 n13 f5 g13 l8"}},
                    json{{"rules", "freestyle"}, {"opening", "swap2"}, {"record", "h8 i9 j7 stay i8 j9 k10"}}}) {
    body["timeMs"] = 30;
    json r = review(body);
    ASSERT_TRUE(r.is_object()) << body.dump();
    EXPECT_EQ(r["complete"], true);
    EXPECT_EQ(r["positions"].size(), splitCount(body["record"]) + 1) << body.dump();
    EXPECT_EQ(r["moves"].size(), splitCount(body["record"])) << body.dump();
    int valued = 0;
    for (const json& p : r["positions"]) valued += p["evalBlack"].is_number();
    EXPECT_GE(valued, 3) << body.dump();
  }
}

TEST_F(ReviewTest, ProgressGrowsAndAStopKeepsWhatIsDone) {
  const std::string record = "h8 i9 h9 h10 i8 g8 j7 k6 j8 k8 j9 j10 g10 f11 g9 g7";
  auto [status, started] = test::postJson(*client_, "/api/v1/review",
                                          {{"rules", "freestyle"}, {"record", record}, {"timeMs", 400}});
  ASSERT_EQ(status, 202);
  std::string id = started["id"];
  json poll;
  for (int i = 0; i < 100; ++i) {  // until at least one position is done
    auto res = client_->Get(("/api/v1/search/" + id).c_str());
    ASSERT_TRUE(res);
    poll = json::parse(res->body);
    if (poll["progress"]["done"].get<int>() >= 1) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_EQ(poll["status"], "running") << poll.dump();
  EXPECT_EQ(poll["progress"]["total"], 17);
  EXPECT_EQ(poll["progress"]["positions"].size(), poll["progress"]["done"].get<size_t>());
  EXPECT_EQ(poll["progress"]["positions"][0]["ply"], 0);
  auto stop = client_->Post(("/api/v1/search/" + id + "/stop").c_str(), "", "application/json");
  ASSERT_TRUE(stop);
  json done = test::waitSearch(*client_, id, 10);
  ASSERT_EQ(done["status"], "done") << done.dump();
  EXPECT_EQ(done["result"]["complete"], false);
  EXPECT_GE(done["result"]["positions"].size(), 1u);
  EXPECT_LT(done["result"]["positions"].size(), 17u);
}

TEST_F(ReviewTest, BadRequestsAreRefused) {
  auto [s1, j1] = test::postJson(*client_, "/api/v1/review", {{"rules", "freestyle"}, {"timeMs", 5}});
  EXPECT_EQ(s1, 400);
  EXPECT_NE(j1.value("error", "").find("timeMs"), std::string::npos);
  auto [s2, j2] = test::postJson(*client_, "/api/v1/review", {{"rules", "freestyle"}, {"record", "h8 h8"}});
  EXPECT_EQ(s2, 422);
  auto [s3, j3] = test::postJson(*client_, "/api/v1/review", {{"record", "h8"}});
  EXPECT_EQ(s3, 400);
}

}  // namespace
}  // namespace gomoku
