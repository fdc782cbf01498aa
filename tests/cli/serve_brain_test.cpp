// `gomoku serve --brain NAME=COMMAND`: a Gomocup brain (our own
// pbrain-gomoku) offered as an opponent and analyser, driven over the
// protocol one process per search. Real processes, a real loopback port.
#include <gtest/gtest.h>
#include <httplib.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <string>
#include <thread>

#include "child_process.h"
#include "cli/cli_util.h"

using nlohmann::json;
namespace fs = std::filesystem;

namespace {

class ServeBrainTest : public ::testing::Test {
 protected:
  void SetUp() override {
    log_ = fs::temp_directory_path() / ("gomoku-serve-brain-" + std::to_string(::getpid()) + ".log");
    ASSERT_TRUE(server_.start({GOMOKU_BINARY, "serve", "--host", "127.0.0.1", "--port", "0", "--quiet",
                               "--brain", std::string("ours=") + PBRAIN_BINARY, "--brain", "broken=/bin/false"},
                              true, log_));
    std::string line = server_.readLine(60);
    std::smatch m;
    ASSERT_TRUE(std::regex_search(line, m, std::regex(R"(127\.0\.0\.1:(\d+)/)"))) << line;
    client_ = std::make_unique<httplib::Client>("127.0.0.1", std::stoi(m[1]));
    client_->set_read_timeout(60, 0);
  }
  void TearDown() override {
    server_.stop();
    fs::remove(log_);
  }

  std::pair<int, json> post(const std::string& path, const json& body) {
    auto res = client_->Post(path.c_str(), body.dump(), "application/json");
    if (!res) return {0, json()};
    return {res->status, json::parse(res->body, nullptr, false)};
  }

  /// Polls a search (or review) until it is no longer running (at most 30 s).
  json waitDone(const std::string& id) {
    json j;
    for (int i = 0; i < 600; ++i) {
      auto res = client_->Get(("/api/v1/search/" + id).c_str());
      if (!res) return json();
      j = json::parse(res->body, nullptr, false);
      if (j.value("status", "") != "running") break;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return j;
  }

  fs::path log_;
  gomoku::test::Child server_;
  std::unique_ptr<httplib::Client> client_;
};

TEST_F(ServeBrainTest, InfoListsTheBrainForGomokuAndRenju) {
  auto res = client_->Get("/api/v1/info");
  ASSERT_TRUE(res);
  ASSERT_EQ(res->status, 200);
  json info = json::parse(res->body);
  ASSERT_EQ(info["engines"].size(), 3u) << info.dump();
  EXPECT_EQ(info["engines"][0]["name"], "builtin");
  EXPECT_EQ(info["engines"][0]["rules"].size(), 4u);
  EXPECT_EQ(info["engines"][1]["name"], "ours");
  EXPECT_EQ(info["engines"][1]["builtin"], false);
  EXPECT_EQ(info["engines"][1]["rules"], json({"freestyle", "renju"}));
}

TEST_F(ServeBrainTest, TheBrainPlaysTheComputersTurn) {
  // White must block the four, Black must complete it: the brain sees the
  // position with the right colours.
  auto [s1, block] = post("/api/v1/move", {{"rules", "freestyle"}, {"record", "h8 a1 i8 a2 j8 a3 k8"},
                                           {"engine", "ours"}, {"level", "easy"}});
  ASSERT_EQ(s1, 200) << block.dump();
  ASSERT_EQ(block["actions"].size(), 1u);
  EXPECT_TRUE(block["actions"][0] == "g8" || block["actions"][0] == "l8") << block.dump();
  EXPECT_EQ(block["search"]["engine"], "ours");
  EXPECT_TRUE(block["search"]["eval"].is_null());
  auto [s2, win] = post("/api/v1/move", {{"rules", "renju"}, {"record", "h8 a1 i8 a2 j8 a3 k8 a4"},
                                         {"engine", "ours"}, {"level", "easy"}});
  ASSERT_EQ(s2, 200) << win.dump();
  EXPECT_EQ(win["state"]["result"]["winner"], "black") << win.dump();
  // The opening choices stay with the built-in engine.
  auto [s3, choice] = post("/api/v1/move", {{"rules", "freestyle"}, {"opening", "swap"}, {"record", "h8 i9 j10"},
                                            {"engine", "ours"}, {"level", "easy"}});
  ASSERT_EQ(s3, 200) << choice.dump();
  EXPECT_TRUE(choice["actions"][0] == "swap" || choice["actions"][0] == "stay") << choice.dump();
}

TEST_F(ServeBrainTest, TheBrainAnalysesAndReviews) {
  auto [s1, a] = post("/api/v1/analyze", {{"rules", "freestyle"}, {"record", "h8 a1 i8 a2 j8 a3 k8"},
                                          {"engine", "ours"}, {"timeMs", 300}});
  ASSERT_EQ(s1, 200) << a.dump();
  ASSERT_EQ(a["best"].size(), 1u);
  EXPECT_TRUE(a["best"][0] == "g8" || a["best"][0] == "l8") << a.dump();
  EXPECT_EQ(a["side"], "white");
  auto [s2, started] = post("/api/v1/review", {{"rules", "renju"}, {"record", "h8 i9 h9"},
                                               {"engine", "ours"}, {"timeMs", 100}});
  ASSERT_EQ(s2, 202) << started.dump();
  json done = waitDone(started["id"]);
  ASSERT_EQ(done["status"], "done") << done.dump();
  ASSERT_EQ(done["result"]["positions"].size(), 4u);
  for (const json& p : done["result"]["positions"]) {
    EXPECT_EQ(p["best"].size(), 1u) << p.dump();
    EXPECT_EQ(p["engine"], "ours");
  }
}

TEST_F(ServeBrainTest, CapturesFishingUnknownAndFailingBrainsAreRefused) {
  for (const char* rules : {"captures", "fishing"}) {
    auto [s, j] = post("/api/v1/move", {{"rules", rules}, {"record", ""}, {"engine", "ours"}});
    EXPECT_EQ(s, 400) << rules;
    EXPECT_NE(j.value("error", "").find("Gomocup brain"), std::string::npos) << j.dump();
    auto [s2, j2] = post("/api/v1/review", {{"rules", rules}, {"record", ""}, {"engine", "ours"}});
    EXPECT_EQ(s2, 400) << rules;
  }
  auto [s3, j3] = post("/api/v1/move", {{"rules", "freestyle"}, {"record", "h8"}, {"engine", "nobody"}});
  EXPECT_EQ(s3, 400);
  EXPECT_NE(j3.value("error", "").find("ours"), std::string::npos) << "lists the names: " << j3.dump();
  auto [s4, j4] = post("/api/v1/move", {{"rules", "freestyle"}, {"record", "h8"}, {"engine", "broken"}});
  EXPECT_EQ(s4, 502) << j4.dump();
  EXPECT_NE(j4.value("error", "").find("broken"), std::string::npos) << j4.dump();
  // A review keeps what was done and says why it ended.
  auto [s6, started] = post("/api/v1/review", {{"rules", "freestyle"}, {"record", "h8 i9"}, {"engine", "broken"}});
  ASSERT_EQ(s6, 202) << started.dump();
  json done = waitDone(started["id"]);
  ASSERT_EQ(done["status"], "done") << done.dump();
  EXPECT_EQ(done["result"]["complete"], false);
  EXPECT_NE(done["result"].value("error", "").find("broken"), std::string::npos) << done.dump();
  // The server is still there.
  auto [s5, j5] = post("/api/v1/move", {{"rules", "freestyle"}, {"record", "h8"}, {"engine", "ours"}});
  EXPECT_EQ(s5, 200) << j5.dump();
}

TEST(ServeBrainCli, BadBrainOptionsAreRefused) {
  for (const char* bad : {"--brain noequals", "--brain =cmd", "--brain 'a b=cmd'", "--brain builtin=cmd",
                          "--brain x=/bin/true --brain x=/bin/true"}) {
    // An unusable host: should a bad option get through, the server exits.
    auto r = gomoku::test::runGomoku(std::string("serve --host 999.1.1.1 --port 0 ") + bad);
    EXPECT_EQ(r.status, 2) << bad << ": " << r.out;
    EXPECT_NE(r.out.find("--brain"), std::string::npos) << r.out;
  }
}

}  // namespace
