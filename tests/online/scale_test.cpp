// Scale-out of online games (docs/deploy.md): two `gomoku serve` processes
// on one PostgreSQL (started by the test in a temp folder), behind nginx.
// The two players' event streams are held by different processes; each move
// posted through nginx reaches the other player's stream at once, carried
// from process to process by LISTEN/NOTIFY.
#include <gtest/gtest.h>
#include <httplib.h>

#include <nlohmann/json.hpp>

#include "pg_server.h"
#include "process_util.h"
#include "sse_reader.h"

using nlohmann::json;
namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {

TEST(Scale, PlayersOnTwoProcessesSeeEachOthersMovesLive) {
  gomoku::test::PgServer pg;
  ASSERT_TRUE(pg.start()) << pg.why();
  ASSERT_TRUE(pg.createDatabase("gomoku")) << pg.why();
  char tmpl[] = "/tmp/gomoku-scale-XXXXXX";
  ASSERT_NE(::mkdtemp(tmpl), nullptr);
  fs::path dir = tmpl;
  ::chmod(dir.c_str(), 0755);  // nginx's workers drop root

  gomoku::test::Child backends[2], nginx;
  int ports[2];
  const char* names[2] = {"alpha", "beta"};
  for (int i = 0; i < 2; ++i) {
    ports[i] = gomoku::test::startServe(backends[i], GOMOKU_BINARY,
                                        {"--name", names[i], "--db", pg.uri("gomoku"), "--quiet"},
                                        dir / (std::string(names[i]) + ".log"));
    ASSERT_GT(ports[i], 0) << names[i] << " did not start; see " << dir;
  }
  int port = gomoku::test::startNginx(nginx, NGINX_BINARY, dir, {{"alpha", ports[0]}, {"beta", ports[1]}});
  ASSERT_GT(port, 0) << "nginx did not start; see " << dir;

  httplib::Client cli("127.0.0.1", port);
  auto post = [&](const std::string& path, const json& body) {
    auto r = cli.Post(path.c_str(), body.dump(), "application/json");
    return r ? std::pair<int, json>{r->status, json::parse(r->body, nullptr, false)} : std::pair<int, json>{0, json()};
  };
  auto [s1, created] = post("/api/v1/games", json{{"rules", "freestyle"}, {"seat", "black"}});
  ASSERT_EQ(s1, 201) << created.dump();
  std::string id = created["id"], black = created["token"];
  auto [s2, joined] = post("/api/v1/games/" + id + "/join", json::object());
  ASSERT_EQ(s2, 200) << joined.dump();
  std::string white = joined["token"];

  // Each player's stream through nginx, until the two are on different
  // processes (round robin makes that quick).
  std::unique_ptr<gomoku::test::EventReader> streams[2];
  for (int tries = 0; tries < 10; ++tries) {
    for (auto& s : streams) {
      if (s && !(streams[0] && streams[1] && streams[0]->instance() == streams[1]->instance())) continue;
      s = std::make_unique<gomoku::test::EventReader>(port, id);
      ASSERT_EQ(s->status(), 200);
      ASSERT_EQ(s->waitFor(1).size(), 1u);
    }
    if (streams[0]->instance() != streams[1]->instance()) break;
    streams[1].reset();
  }
  ASSERT_TRUE(streams[0] && streams[1]);
  ASSERT_NE(streams[0]->instance(), streams[1]->instance());
  std::printf("black's stream on %s, white's on %s\n", streams[0]->instance().c_str(),
              streams[1]->instance().c_str());

  // Moves alternate; each one must show up on both streams within a second,
  // whichever process took the POST.
  const char* moves[] = {"h8", "a1", "i8", "b1", "j8", "c1", "k8", "d1", "l8"};
  std::map<std::string, int> served;
  for (int i = 0; i < 9; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    auto r = cli.Post(("/api/v1/games/" + id + "/actions").c_str(),
                      json{{"token", i % 2 ? white : black}, {"action", moves[i]}}.dump(), "application/json");
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200) << r->body;
    ++served[r->get_header_value("X-Gomoku-Instance")];
    for (auto& s : streams) {
      auto msgs = s->waitFor(size_t(i) + 2);
      ASSERT_EQ(msgs.size(), size_t(i) + 2) << "move " << moves[i] << " did not reach " << s->instance();
      EXPECT_EQ(msgs.back().second["event"]["data"], std::string(i % 2 ? "white " : "black ") + moves[i]);
    }
    EXPECT_LT(std::chrono::steady_clock::now() - t0, 1s) << moves[i];
  }
  EXPECT_EQ(streams[1]->waitFor(10).back().second["game"]["result"]["winner"], "black");
  EXPECT_EQ(served.size(), 2u) << "all moves went to one process";
  for (auto& s : streams) s.reset();

  nginx.stop(SIGQUIT);
  for (auto& b : backends) {
    int st = b.stop(SIGTERM);
    EXPECT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0) << st;
  }
  if (!::testing::Test::HasFailure()) fs::remove_all(dir);
}

}  // namespace
