// Scale-out (docs/deploy.md): two `gomoku serve` processes behind nginx on
// loopback ports, round robin. The test starts both servers and nginx (with a
// configuration written into a temporary folder, nothing under /etc), plays a
// whole game through nginx with /state and /move requests, checks from the
// X-Gomoku-Instance header that both backends answered, and stops everything.
#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "process_util.h"

using nlohmann::json;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

using gomoku::test::Child;

class NginxTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/gomoku-nginx-XXXXXX";
    ASSERT_NE(::mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
    // nginx's workers drop root privileges and must reach the temp folders.
    ::chmod(dir_.c_str(), 0755);
  }
  void TearDown() override {
    nginx_.stop(SIGQUIT);
    for (auto& b : backends_) b.stop();
    if (!::testing::Test::HasFailure()) fs::remove_all(dir_);
    else std::fprintf(stderr, "logs kept in %s\n", dir_.c_str());
  }

  /// Starts `gomoku serve --port 0 --name NAME`; returns its port.
  int startBackend(Child& c, const std::string& name) {
    return gomoku::test::startServe(c, GOMOKU_BINARY, {"--name", name, "--db", ":memory:"},
                                    dir_ / (name + ".log"));
  }

  fs::path dir_;
  Child backends_[2];
  Child nginx_;
};

TEST_F(NginxTest, TwoServersBehindNginxPlayAWholeGameRoundRobin) {
  int a = startBackend(backends_[0], "alpha");
  int b = startBackend(backends_[1], "beta");
  ASSERT_GT(a, 0) << "first gomoku serve did not start";
  ASSERT_GT(b, 0) << "second gomoku serve did not start";

  int port = gomoku::test::startNginx(nginx_, NGINX_BINARY, dir_, {{"alpha", a}, {"beta", b}});
  ASSERT_GT(port, 0) << "nginx did not start; see " << dir_;

  httplib::Client cli("127.0.0.1", port);
  cli.set_read_timeout(60, 0);
  std::map<std::string, int> served;
  auto post = [&](const std::string& path, const json& body) {
    auto r = cli.Post(path.c_str(), body.dump(), "application/json");
    if (!r) return std::pair<int, json>{0, json()};
    ++served[r->get_header_value("X-Gomoku-Instance")];
    return std::pair<int, json>{r->status, json::parse(r->body, nullptr, false)};
  };

  // Round robin: consecutive requests alternate between the backends.
  std::vector<std::string> names;
  for (int i = 0; i < 4; ++i) {
    auto r = cli.Get("/api/v1/health");
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200);
    names.push_back(json::parse(r->body)["instance"]);
    ++served[r->get_header_value("X-Gomoku-Instance")];
  }
  EXPECT_NE(names[0], names[1]);
  EXPECT_EQ(names[0], names[2]);
  EXPECT_EQ(names[1], names[3]);

  // A whole game, the computer playing both sides at the easy level: every
  // turn is a /state of the record, then a /move, possibly on the other
  // backend; the stateless API makes that work.
  std::string record;
  json state;
  int turns = 0;
  for (; turns < 230; ++turns) {
    auto [s1, st] = post("/api/v1/state", json{{"rules", "freestyle"}, {"record", record}});
    ASSERT_EQ(s1, 200) << st.dump();
    ASSERT_EQ(st["record"], record);
    state = st;
    if (!st["result"].is_null()) break;
    auto [s2, mv] = post("/api/v1/move", json{{"rules", "freestyle"}, {"record", record}, {"level", "easy"}});
    ASSERT_EQ(s2, 200) << mv.dump();
    ASSERT_FALSE(mv["actions"].empty());
    record = mv["record"];
  }
  ASSERT_FALSE(state["result"].is_null()) << "the game did not end: " << record;
  EXPECT_GT(turns, 5);
  std::printf("game over after %d actions: %s\n", turns, state["result"].dump().c_str());

  // Asynchronous searches: the id names the backend that runs the search and
  // nginx sends every poll there, whichever backend round robin would pick.
  for (int k = 0; k < 2; ++k) {
    auto [s, started] = post("/api/v1/search", json{{"rules", "renju"}, {"record", "h8 i9"}, {"level", "easy"}});
    ASSERT_EQ(s, 202) << started.dump();
    std::string id = started["id"];
    std::string owner = id.substr(0, id.find('-'));
    json last;
    for (int i = 0; i < 200; ++i) {  // at most 20 s
      auto r = cli.Get(("/api/v1/search/" + id).c_str());
      ASSERT_TRUE(r);
      ASSERT_EQ(r->status, 200) << r->body;
      EXPECT_EQ(r->get_header_value("X-Gomoku-Instance"), owner);
      last = json::parse(r->body);
      if (last["status"] != "running") break;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    EXPECT_EQ(last["status"], "done") << last.dump();
  }

  // nginx bounds the request head, which the servers alone do not
  // (docs/api.md, "Limits"): 2000 header lines are refused.
  httplib::Headers many;
  for (int i = 0; i < 2000; ++i) many.emplace("X-Filler-" + std::to_string(i), std::string(100, 'x'));
  auto big = cli.Get("/api/v1/health", many);
  EXPECT_TRUE(!big || big->status == 400 || big->status == 431 || big->status == 494)
      << (big ? std::to_string(big->status) : "");

  // Errors pass through nginx unchanged.
  auto [s422, e422] = post("/api/v1/state", json{{"rules", "freestyle"}, {"record", "h8 h8"}});
  EXPECT_EQ(s422, 422);
  EXPECT_TRUE(e422.contains("error"));

  int total = 0;
  for (auto& [n, k] : served) total += k;
  std::printf("requests: alpha %d, beta %d\n", served["alpha"], served["beta"]);
  EXPECT_EQ(served.count(""), 0u) << "an answer without X-Gomoku-Instance";
  EXPECT_GE(served["alpha"], total / 4);
  EXPECT_GE(served["beta"], total / 4);

  // The servers stop cleanly on SIGTERM.
  nginx_.stop(SIGQUIT);
  for (auto& bk : backends_) {
    int st = bk.stop(SIGTERM);
    EXPECT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0) << "status " << st;
  }
}

}  // namespace

namespace {

// `gomoku serve` ends on SIGTERM while a /move is being computed: the
// signal stops the search, the request gets its answer, the process exits 0.
// (The job thread used to be joined twice then, and the process hung.)
TEST_F(NginxTest, ServeStopsOnSigtermDuringASearch) {
  int port = startBackend(backends_[0], "solo");
  ASSERT_GT(port, 0);
  std::atomic<int> status{-1};
  std::thread client([&] {
    httplib::Client cli("127.0.0.1", port);
    cli.set_read_timeout(30, 0);
    auto r = cli.Post("/api/v1/analyze", R"({"rules":"freestyle","record":"h8 i9","timeMs":10000})",
                      "application/json");
    status = r ? r->status : 0;
  });
  // Wait (at most 10 s) until the search runs, then stop the server.
  httplib::Client probe("127.0.0.1", port);
  for (int i = 0; i < 100; ++i) {
    auto h = probe.Get("/api/v1/health");
    if (h && json::parse(h->body)["searches"]["running"] == 1) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  int st = backends_[0].stop(SIGTERM);  // SIGKILL after 10 s
  client.join();
  EXPECT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0) << "status " << st << " (killed: it hung)";
  EXPECT_EQ(status.load(), 200);
}

}  // namespace
