// Durability: `gomoku serve --db FILE` killed with SIGKILL in the middle of
// a game; a new process on the same file continues the game from the last
// answered move, with the same tokens.
#include <gtest/gtest.h>
#include <httplib.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "process_util.h"

using nlohmann::json;
namespace fs = std::filesystem;

namespace {

struct TempDir {
  fs::path path;
  TempDir() {
    char tmpl[] = "/tmp/gomoku-restart-XXXXXX";
    path = ::mkdtemp(tmpl);
  }
  ~TempDir() {
    if (!::testing::Test::HasFailure()) fs::remove_all(path);
    else std::fprintf(stderr, "files kept in %s\n", path.c_str());
  }
};

std::pair<int, json> post(int port, const std::string& path, const json& body) {
  httplib::Client c("127.0.0.1", port);
  c.set_read_timeout(30, 0);
  auto r = c.Post(path.c_str(), body.dump(), "application/json");
  if (!r) return {0, json()};
  return {r->status, json::parse(r->body, nullptr, false)};
}

TEST(Restart, SigkillMidGameLosesNoAnsweredMove) {
  TempDir dir;
  std::string db = (dir.path / "games.db").string();
  gomoku::test::Child server;
  int port = gomoku::test::startServe(server, GOMOKU_BINARY, {"--db", db, "--quiet"}, dir.path / "first.log");
  ASSERT_GT(port, 0);

  auto [s1, created] = post(port, "/api/v1/games", json{{"rules", "freestyle"}, {"seat", "black"},
                                                        {"clock", {{"minutes", 10}, {"increment", 5}}}});
  ASSERT_EQ(s1, 201) << created.dump();
  std::string id = created["id"], black = created["token"];
  auto [s2, joined] = post(port, "/api/v1/games/" + id + "/join", json::object());
  ASSERT_EQ(s2, 200);
  std::string white = joined["token"];

  // Moves are answered one by one; then the process dies at once, with a
  // move answered a moment before (nothing may be left in a buffer).
  const char* moves[] = {"h8", "a1", "i8", "b1", "j8", "c1", "k8"};
  std::string answered;
  int n = 0;
  for (const char* m : moves) {
    auto [s, r] = post(port, "/api/v1/games/" + id + "/actions",
                       json{{"token", n % 2 ? white : black}, {"action", m}});
    ASSERT_EQ(s, 200) << m << ": " << r.dump();
    answered = r["game"]["record"];
    ++n;
  }
  server.stop(SIGKILL);

  gomoku::test::Child again;
  port = gomoku::test::startServe(again, GOMOKU_BINARY, {"--db", db, "--quiet"}, dir.path / "second.log");
  ASSERT_GT(port, 0);
  httplib::Client c("127.0.0.1", port);
  auto g = c.Get(("/api/v1/games/" + id).c_str());
  ASSERT_TRUE(g);
  ASSERT_EQ(g->status, 200);
  json game = json::parse(g->body);
  EXPECT_EQ(game["record"], answered);
  EXPECT_EQ(answered, "h8 a1 i8 b1 j8 c1 k8");
  EXPECT_EQ(game["status"], "playing");
  EXPECT_EQ(game["turn"], "white");
  EXPECT_GT(game["clock"]["black"].get<int64_t>(), 9 * 60000);

  // The same tokens go on playing: White blocks, Black cannot be White.
  auto [s3, r3] = post(port, "/api/v1/games/" + id + "/actions", json{{"token", black}, {"action", "l8"}});
  EXPECT_EQ(s3, 409);
  auto [s4, r4] = post(port, "/api/v1/games/" + id + "/actions", json{{"token", white}, {"action", "l8"}});
  EXPECT_EQ(s4, 200) << r4.dump();
  EXPECT_EQ(r4["game"]["record"], "h8 a1 i8 b1 j8 c1 k8 l8");
  int st = again.stop(SIGTERM);
  EXPECT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0) << st;
  std::printf("restart: the game continued from '%s' after SIGKILL\n", answered.c_str());
}

}  // namespace
