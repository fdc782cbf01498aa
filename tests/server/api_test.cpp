// HTTP API tests: a real server on a loopback port, started and stopped by
// each test fixture, spoken to with cpp-httplib's client.
#include <gtest/gtest.h>
#include <httplib.h>

#include <atomic>
#include <chrono>
#include <nlohmann/json.hpp>
#include <thread>

#include "server/server.h"
#include "server/test_server.h"

using nlohmann::json;

namespace gomoku {
namespace {

class ApiTest : public ::testing::Test {
 protected:
  void SetUp() override { startServer(ServerOptions{}); }
  void TearDown() override { server_.reset(); }

  void startServer(ServerOptions opt) {
    port_ = test::startTestServer(opt, server_, client_);
    ASSERT_GT(port_, 0);
  }

  /// POSTs a JSON body; returns {status, parsed body}.
  std::pair<int, json> post(const std::string& path, const std::string& body) {
    auto res = client_->Post(path.c_str(), body, "application/json");
    if (!res) return {0, json()};
    json j = json::parse(res->body, nullptr, false);
    return {res->status, j};
  }
  std::pair<int, json> post(const std::string& path, const json& body) { return post(path, body.dump()); }
  std::pair<int, json> get(const std::string& path) {
    auto res = client_->Get(path.c_str());
    if (!res) return {0, json()};
    return {res->status, json::parse(res->body, nullptr, false)};
  }

  /// Polls an asynchronous search until it is no longer running.
  json waitSearch(const std::string& id) {
    for (int i = 0; i < 600; ++i) {
      auto [status, j] = get("/api/v1/search/" + id);
      EXPECT_EQ(status, 200);
      if (status != 200 || j.value("status", "") != "running") return j;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ADD_FAILURE() << "search did not finish";
    return json();
  }

  std::unique_ptr<HttpServer> server_;
  std::unique_ptr<httplib::Client> client_;
  int port_ = 0;
};

TEST_F(ApiTest, HealthReportsOk) {
  auto [status, j] = get("/api/v1/health");
  EXPECT_EQ(status, 200);
  EXPECT_EQ(j["status"], "ok");
  EXPECT_EQ(j["searches"]["max"], 2);
}

TEST_F(ApiTest, StateOfAnEmptyGameForEveryVariant) {
  for (const char* rules : {"freestyle", "renju", "captures", "fishing"}) {
    auto [status, j] = post("/api/v1/state", json{{"rules", rules}});
    ASSERT_EQ(status, 200) << rules << ": " << j.dump();
    EXPECT_EQ(j["rules"], rules);
    EXPECT_EQ(j["toMove"], "black");
    EXPECT_EQ(j["size"], std::string(rules) == "captures" ? 19 : 15);
    EXPECT_TRUE(j["result"].is_null());
    EXPECT_EQ(j["board"].size(), j["size"].get<size_t>());
  }
}

TEST_F(ApiTest, StateReplaysTheRecord) {
  auto [status, j] = post("/api/v1/state", json{{"rules", "freestyle"}, {"record", "h8 i9 h9"}});
  ASSERT_EQ(status, 200);
  EXPECT_EQ(j["toMove"], "white");
  EXPECT_EQ(j["lastMove"], "h9");
  EXPECT_EQ(j["record"], "h8 i9 h9");
  // Row 9 from the bottom is board row 15 - 9 = 6 from the top.
  EXPECT_EQ(j["board"][6].get<std::string>().substr(7, 2), "xo");
}

TEST_F(ApiTest, RecordMayBeAnArrayOfTokens) {
  auto [status, j] = post("/api/v1/state", json{{"rules", "freestyle"}, {"record", {"h8", "i9"}}});
  ASSERT_EQ(status, 200);
  EXPECT_EQ(j["record"], "h8 i9");
}

TEST_F(ApiTest, ReplayGivesTheStateAfterEveryAction) {
  auto [status, j] = post("/api/v1/replay", json{{"rules", "captures"}, {"record", "j10 d3 c3 e3 f3"}});
  ASSERT_EQ(status, 200) << j.dump();
  ASSERT_EQ(j["states"].size(), 6u);
  EXPECT_EQ(j["states"][0]["stones"], 0);
  EXPECT_EQ(j["states"][4]["captures"]["black"], 0);
  EXPECT_EQ(j["states"][5]["captures"]["black"], 1);
  EXPECT_EQ(j["states"][5]["record"], "j10 d3 c3 e3 f3");
  auto [s2, j2] = post("/api/v1/replay", json{{"rules", "captures"}, {"record", "j10 j10"}});
  EXPECT_EQ(s2, 422);
  EXPECT_TRUE(j2.contains("error"));
}

TEST_F(ApiTest, RenjuReportsForbiddenPoints) {
  // i8 would make two open threes (h8-i8-j8 and i8-i9-i10).
  auto [status, j] = post("/api/v1/state", json{{"rules", "renju"}, {"record", "h8 a1 j8 a15 i9 o1 i10 o15"}});
  ASSERT_EQ(status, 200);
  EXPECT_EQ(j["forbidden"], json({"i8"}));
  auto [s2, lost] = post("/api/v1/state", json{{"rules", "renju"}, {"record", "h8 a1 j8 a15 i9 o1 i10 o15 i8"}});
  ASSERT_EQ(s2, 200);
  EXPECT_EQ(lost["result"]["winner"], "white");
  EXPECT_EQ(lost["result"]["reason"], "forbidden-double-three");
}

TEST_F(ApiTest, FishingPendingReelAndChain) {
  const std::string base = "h8 a1 i8 a3 j8 n1 k8 g5 c5 n3 d5 a13 e5 n13 f5 g13 l8";
  auto [status, j] = post("/api/v1/state", json{{"rules", "fishing"}, {"record", base}});
  ASSERT_EQ(status, 200);
  EXPECT_EQ(j["phaseName"], "reel-pending");
  EXPECT_EQ(j["pending"]["player"], "black");
  EXPECT_EQ(j["pending"]["points"], 1);
  EXPECT_EQ(j["pending"]["rod"].size(), 5u);
  // Converting g5 completes c5-g5: a chained reel.
  auto [s2, chain] = post("/api/v1/state", json{{"rules", "fishing"}, {"record", base + " reel:g5"}});
  ASSERT_EQ(s2, 200);
  EXPECT_EQ(chain["phaseName"], "reel-pending");
  EXPECT_EQ(chain["captures"]["black"], 1);
  auto [s3, declined] = post("/api/v1/state", json{{"rules", "fishing"}, {"record", base + " reel:g5 decline"}});
  ASSERT_EQ(s3, 200);
  EXPECT_EQ(declined["toMove"], "white");
  EXPECT_TRUE(declined["pending"].is_null());
}

TEST_F(ApiTest, BadInputGivesA4xxWithAMessage) {
  struct Case {
    std::string body;
    int status;
  };
  const std::vector<Case> cases = {
      {"{not json", 400},
      {"[1,2]", 400},
      {R"({})", 400},
      {R"({"rules":"chess"})", 400},
      {R"({"rules":42})", 400},
      {R"({"rules":"freestyle","size":99})", 400},
      {R"({"rules":"freestyle","size":-3})", 400},
      {R"({"rules":"freestyle","size":"big"})", 400},
      {R"({"rules":"freestyle","size":1e300})", 400},
      {R"({"rules":"freestyle","exactFive":"yes"})", 400},
      {R"({"rules":"freestyle","opening":"rif"})", 400},
      {R"({"rules":"freestyle","opening":"nope"})", 400},
      {R"({"rules":"freestyle","record":7})", 400},
      {R"({"rules":"freestyle","record":"h8 h8"})", 422},
      {R"({"rules":"freestyle","record":"z99"})", 422},
      {R"({"rules":"renju","record":"a1"})", 422},
  };
  for (const Case& c : cases) {
    auto [status, j] = post("/api/v1/state", c.body);
    EXPECT_EQ(status, c.status) << c.body;
    ASSERT_TRUE(j.is_object()) << c.body;
    EXPECT_TRUE(j.contains("error") && j["error"].is_string() && !j["error"].get<std::string>().empty())
        << c.body;
  }
}

TEST_F(ApiTest, HugeBodiesAndRecordsAreRefused) {
  std::string huge(200 * 1024, ' ');
  huge = R"({"rules":"freestyle","record":")" + huge + "\"}";
  auto [status, j] = post("/api/v1/state", huge);
  EXPECT_EQ(status, 413);
  EXPECT_TRUE(j.contains("error"));

  std::string longRecord;
  while (longRecord.size() < 20000) longRecord += "h8 ";
  auto [s2, j2] = post("/api/v1/state", json{{"rules", "freestyle"}, {"record", longRecord}});
  EXPECT_EQ(s2, 400);
  EXPECT_TRUE(j2.contains("error"));
}

TEST_F(ApiTest, MovePlaysTheComputersTurn) {
  auto [status, j] = post("/api/v1/move", json{{"rules", "freestyle"}, {"record", "h8"}, {"level", "easy"}});
  ASSERT_EQ(status, 200) << j.dump();
  ASSERT_FALSE(j["actions"].empty());
  EXPECT_EQ(j["record"], "h8 " + j["actions"][0].get<std::string>());
  EXPECT_EQ(j["state"]["toMove"], "black");
  EXPECT_EQ(j["steps"].size(), j["actions"].size());
  EXPECT_TRUE(j["search"].contains("depth"));
  EXPECT_TRUE(j["search"].contains("eval"));
  EXPECT_TRUE(j["search"]["pv"].is_array());
}

TEST_F(ApiTest, MoveWorksForEveryVariantAndLevel) {
  for (const char* rules : {"freestyle", "renju", "captures", "fishing"})
    for (const char* level : {"easy", "normal"}) {
      auto [status, j] = post("/api/v1/move", json{{"rules", rules}, {"level", level}});
      ASSERT_EQ(status, 200) << rules << " " << level << ": " << j.dump();
      EXPECT_EQ(j["state"]["stones"], 1) << rules;
    }
}

TEST_F(ApiTest, ComputerCompletesAPendingReel) {
  // White to move with four in a row and a pending reel after its five.
  const std::string rec = "h8 a1 i8 a2 j8 a3 k8 a4 o15";
  auto [status, j] = post("/api/v1/move", json{{"rules", "fishing"}, {"record", rec}, {"level", "easy"}});
  ASSERT_EQ(status, 200) << j.dump();
  // Whatever it played, the turn never ends with its own reel left pending.
  const json& st = j["state"];
  if (!st["pending"].is_null()) {
    EXPECT_NE(st["pending"]["player"], "white");
  }
}

TEST_F(ApiTest, MoveRejectsBadLevelsAndFinishedGames) {
  auto [s1, j1] = post("/api/v1/move", json{{"rules", "freestyle"}, {"level", "grandmaster"}});
  EXPECT_EQ(s1, 400);
  EXPECT_TRUE(j1.contains("error"));
  auto [s2, j2] = post("/api/v1/move", json{{"rules", "freestyle"}, {"record", "h8 a1 i8 a2 j8 a3 k8 a4 l8"}});
  EXPECT_EQ(s2, 409);
  EXPECT_TRUE(j2.contains("error"));
}

TEST_F(ApiTest, UnknownFieldsAreRejectedByName) {
  // "moves" instead of "record" used to be ignored: the computer answered
  // the empty board.
  auto [s1, j1] = post("/api/v1/move",
                       json{{"rules", "freestyle"}, {"moves", {"h8", "i9"}}, {"level", "easy"}});
  EXPECT_EQ(s1, 400);
  EXPECT_NE(j1.value("error", "").find("unknown field 'moves'"), std::string::npos) << j1.dump();
  EXPECT_NE(j1.value("error", "").find("record"), std::string::npos) << j1.dump();
  // A field of another request is unknown here: /move has no timeMs.
  auto [s2, j2] = post("/api/v1/move", json{{"rules", "freestyle"}, {"timeMs", 200}});
  EXPECT_EQ(s2, 400);
  EXPECT_NE(j2.value("error", "").find("'timeMs'"), std::string::npos) << j2.dump();
  auto [s3, j3] = post("/api/v1/state", json{{"rules", "renju"}, {"recrod", "h8"}});
  EXPECT_EQ(s3, 400);
  EXPECT_NE(j3.value("error", "").find("'recrod'"), std::string::npos) << j3.dump();
  auto [s4, j4] = post("/api/v1/replay", json{{"rules", "renju"}, {"level", "hard"}});
  EXPECT_EQ(s4, 400);
  auto [s5, j5] =
      post("/api/v1/review", json{{"rules", "freestyle"}, {"record", "h8"}, {"level", "hard"}});
  EXPECT_EQ(s5, 400);
  // Every field a request documents is still taken.
  auto [s6, j6] = post("/api/v1/move", json{{"rules", "freestyle"},
                                            {"size", 15},
                                            {"exactFive", false},
                                            {"opening", "free"},
                                            {"record", "h8"},
                                            {"level", "easy"},
                                            {"seed", 3},
                                            {"engine", "builtin"}});
  EXPECT_EQ(s6, 200) << j6.dump();
  auto [s7, j7] = post("/api/v1/state", json{{"rules", "freestyle"},
                                             {"size", 15},
                                             {"exactFive", true},
                                             {"opening", "free"},
                                             {"record", "h8"}});
  EXPECT_EQ(s7, 200) << j7.dump();
}

TEST_F(ApiTest, AnalyzeReturnsEvaluationAndLine) {
  auto [status, j] = post("/api/v1/analyze", json{{"rules", "freestyle"}, {"record", "h8 i9"}, {"timeMs", 200}});
  ASSERT_EQ(status, 200) << j.dump();
  EXPECT_EQ(j["side"], "black");
  EXPECT_TRUE(j["eval"].is_number());
  EXPECT_TRUE(j["pv"].is_array());
  EXPECT_TRUE(j["best"].is_array());
  auto [s2, j2] = post("/api/v1/analyze", json{{"rules", "freestyle"}, {"timeMs", 86400000}});
  EXPECT_EQ(s2, 400);
  auto [s3, j3] = post("/api/v1/analyze", json{{"rules", "freestyle"}, {"timeMs", "soon"}});
  EXPECT_EQ(s3, 400);
}

TEST_F(ApiTest, AsyncSearchReportsProgressAndResult) {
  auto [status, j] = post("/api/v1/search", json{{"rules", "renju"}, {"record", "h8 i9"}, {"level", "easy"}});
  ASSERT_EQ(status, 202) << j.dump();
  ASSERT_TRUE(j["id"].is_string());
  EXPECT_TRUE(j["progress"].contains("elapsedMs"));
  json done = waitSearch(j["id"]);
  ASSERT_EQ(done["status"], "done") << done.dump();
  EXPECT_FALSE(done["result"]["actions"].empty());
  EXPECT_EQ(done["result"]["state"]["toMove"], "white");

  auto [s404, j404] = get("/api/v1/search/no-such-id");
  EXPECT_EQ(s404, 404);
  EXPECT_TRUE(j404.contains("error"));
}

TEST_F(ApiTest, AsyncAnalysisCanBeStopped) {
  auto [status, j] = post("/api/v1/search",
                          json{{"rules", "freestyle"}, {"record", "h8 i9 j10"}, {"analyze", true}, {"timeMs", 5000}});
  ASSERT_EQ(status, 202) << j.dump();
  auto t0 = std::chrono::steady_clock::now();
  auto [s2, j2] = post("/api/v1/search/" + j["id"].get<std::string>() + "/stop", std::string("{}"));
  EXPECT_EQ(s2, 200);
  json done = waitSearch(j["id"]);
  EXPECT_EQ(done["status"], "done") << done.dump();
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(4));
}

TEST_F(ApiTest, ConcurrentSearchesAreBounded) {
  ServerOptions opt;
  opt.maxSearches = 1;
  startServer(opt);
  auto [s1, j1] = post("/api/v1/search",
                       json{{"rules", "freestyle"}, {"record", "h8 i9 j10"}, {"analyze", true}, {"timeMs", 3000}});
  ASSERT_EQ(s1, 202);
  auto [s2, j2] = post("/api/v1/move", json{{"rules", "freestyle"}, {"record", "h8"}});
  auto [s3, first] = get("/api/v1/search/" + j1["id"].get<std::string>());
  if (first["status"] != "running" && s2 == 200) GTEST_SKIP() << "the first search ended too soon to overlap";
  EXPECT_EQ(s2, 503);
  EXPECT_NE(j2.value("error", "").find("busy"), std::string::npos);
  post("/api/v1/search/" + j1["id"].get<std::string>() + "/stop", std::string("{}"));
  waitSearch(j1["id"]);
  auto [s4, j4] = post("/api/v1/move", json{{"rules", "freestyle"}, {"record", "h8"}, {"level", "easy"}});
  EXPECT_EQ(s4, 200) << j4.dump();
}

TEST_F(ApiTest, StopEndsRunningSearchesQuickly) {
  auto [s1, j1] = post("/api/v1/search",
                       json{{"rules", "freestyle"}, {"record", "h8 i9"}, {"analyze", true}, {"timeMs", 8000}});
  ASSERT_EQ(s1, 202);
  auto t0 = std::chrono::steady_clock::now();
  server_->stop();
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(3));
}

TEST_F(ApiTest, ManyClientsAtOnceGetAnswersAndTheServerStaysUp) {
  // Bounded: 6 clients x 15 requests on the loopback interface.
  std::atomic<int> bad{0};
  std::vector<std::thread> clients;
  for (int c = 0; c < 6; ++c)
    clients.emplace_back([&, c] {
      httplib::Client cli("127.0.0.1", port_);
      cli.set_read_timeout(30, 0);
      for (int i = 0; i < 15; ++i) {
        std::string body;
        const char* path = "/api/v1/state";
        switch ((c + i) % 4) {
          case 0: body = R"({"rules":"renju","record":"h8 i9 j10"})"; break;
          case 1: body = "{\"rules\":"; break;
          case 2: body = R"({"rules":"fishing","record":"h8 i9","level":"easy"})"; path = "/api/v1/move"; break;
          default: body = R"({"rules":"captures","record":"j10 j10"})"; break;
        }
        auto res = cli.Post(path, body, "application/json");
        if (!res || !(res->status == 200 || res->status == 400 || res->status == 422 || res->status == 503))
          ++bad;
        else if (json::parse(res->body, nullptr, false).is_discarded())
          ++bad;
      }
    });
  for (auto& t : clients) t.join();
  EXPECT_EQ(bad.load(), 0);
  auto [status, j] = get("/api/v1/health");
  EXPECT_EQ(status, 200);
  EXPECT_EQ(j["searches"]["running"], 0);
}

TEST_F(ApiTest, ServesTheWebUi) {
  auto res = client_->Get("/");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  EXPECT_NE(res->body.find("id=\"board\""), std::string::npos);
  auto js = client_->Get("/js/main.js");
  ASSERT_TRUE(js);
  EXPECT_EQ(js->status, 200);
  EXPECT_NE(js->get_header_value("Content-Type").find("javascript"), std::string::npos);
  auto [s404, j404] = get("/api/v1/nothing-here");
  EXPECT_EQ(s404, 404);
  EXPECT_TRUE(j404.contains("error"));
  auto up = client_->Get("/../CMakeLists.txt");
  ASSERT_TRUE(up);
  EXPECT_NE(up->status, 200);
}

TEST_F(ApiTest, UnknownPagesGetAnHtmlPageWithALinkHome) {
  auto res = client_->Get("/nope/<b>");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 404);
  EXPECT_NE(res->get_header_value("Content-Type").find("text/html"), std::string::npos);
  EXPECT_NE(res->body.find("<a href=\"/\">"), std::string::npos) << res->body;
  EXPECT_NE(res->body.find("/nope/&lt;b&gt;"), std::string::npos) << res->body;
  EXPECT_EQ(res->body.find("<b>"), std::string::npos) << "the path is escaped";
  // The API keeps its JSON errors, for any method.
  for (auto* path : {"/api/nope", "/api/v1/nope"}) {
    auto api = client_->Get(path);
    ASSERT_TRUE(api);
    EXPECT_EQ(api->status, 404);
    EXPECT_NE(api->get_header_value("Content-Type").find("application/json"), std::string::npos);
    EXPECT_TRUE(json::parse(api->body, nullptr, false).contains("error")) << api->body;
  }
  auto [s, j] = post("/api/v1/nope", std::string("{}"));
  EXPECT_EQ(s, 404);
  EXPECT_TRUE(j.contains("error"));
}

}  // namespace
}  // namespace gomoku
