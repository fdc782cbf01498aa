// Input limits of the HTTP server (docs/api.md, "Limits"): bodies, records,
// chunked uploads, stalled clients, search time and retained searches. Each
// test starts its own server on a loopback port; raw-socket clients wait a
// bounded time for the server's reaction.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "server/server.h"

using nlohmann::json;

namespace gomoku {
namespace {

class LimitsTest : public ::testing::Test {
 protected:
  void start(ServerOptions opt) {
    opt.host = "127.0.0.1";
    opt.port = 0;
    opt.quiet = true;
    server_ = std::make_unique<HttpServer>(opt);
    port_ = server_->start();
    ASSERT_GT(port_, 0);
    client_ = std::make_unique<httplib::Client>("127.0.0.1", port_);
    client_->set_read_timeout(30, 0);
  }
  void TearDown() override { server_.reset(); }

  std::pair<int, json> post(const std::string& path, const std::string& body) {
    auto res = client_->Post(path.c_str(), body, "application/json");
    if (!res) return {0, json()};
    return {res->status, json::parse(res->body, nullptr, false)};
  }
  std::pair<int, json> get(const std::string& path) {
    auto res = client_->Get(path.c_str());
    if (!res) return {0, json()};
    return {res->status, json::parse(res->body, nullptr, false)};
  }

  /// A raw TCP connection to the server (for requests httplib won't send).
  int connectRaw() {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(uint16_t(port_));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
      ::close(fd);
      return -1;
    }
    return fd;
  }
  static void sendAll(int fd, const std::string& s) {
    size_t off = 0;
    while (off < s.size()) {
      ssize_t n = ::send(fd, s.data() + off, s.size() - off, MSG_NOSIGNAL);
      if (n <= 0) return;
      off += size_t(n);
    }
  }
  /// Reads until the server closes the connection or `seconds` pass.
  /// *closed tells which happened.
  static std::string readUntilClosed(int fd, int seconds, bool* closed) {
    std::string got;
    *closed = false;
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    while (std::chrono::steady_clock::now() < deadline) {
      pollfd p{fd, POLLIN, 0};
      if (::poll(&p, 1, 100) <= 0) continue;
      char buf[4096];
      ssize_t n = ::recv(fd, buf, sizeof buf, 0);
      if (n <= 0) {
        *closed = true;
        break;
      }
      got.append(buf, size_t(n));
    }
    return got;
  }

  std::unique_ptr<HttpServer> server_;
  std::unique_ptr<httplib::Client> client_;
  int port_ = 0;
};

TEST_F(LimitsTest, BodyOverTheLimitGets413AndTheLimitIsAnOption) {
  ServerOptions opt;
  opt.maxBodyBytes = 1024;
  start(opt);
  std::string body = R"({"rules":"freestyle","record":")" + std::string(2000, ' ') + "\"}";
  auto [status, j] = post("/api/v1/state", body);
  EXPECT_EQ(status, 413);
  EXPECT_TRUE(j.contains("error")) << j.dump();
  auto [ok, j2] = post("/api/v1/state", R"({"rules":"freestyle","record":"h8"})");
  EXPECT_EQ(ok, 200);
}

TEST_F(LimitsTest, LongRecordsAsArraysAreRefusedToo) {
  start(ServerOptions{});
  json tokens = json::array();
  for (int i = 0; i < 7000; ++i) tokens.push_back("h8");  // 21000 record characters, 35 KB body
  auto [status, j] = post("/api/v1/state", json{{"rules", "freestyle"}, {"record", tokens}}.dump());
  EXPECT_EQ(status, 400);
  EXPECT_NE(j.value("error", "").find("too long"), std::string::npos) << j.dump();
}

// Found by fuzz_api: nlohmann::json throws out_of_range, not parse_error,
// for a number beyond a double; it came back as a 500.
TEST_F(LimitsTest, NumbersBeyondADoubleAreMalformedJson) {
  start(ServerOptions{});
  for (const char* body : {R"({"rules":"freestyle","size":1e400})", R"({"rules":"freestyle","record":[-1e999]})",
                           R"({"rules":"freestyle","level":"easy","x":11e3002})"}) {
    auto [status, j] = post("/api/v1/state", body);
    EXPECT_EQ(status, 400) << body << " -> " << j.dump();
    EXPECT_NE(j.value("error", "").find("malformed JSON"), std::string::npos) << j.dump();
    auto [s2, j2] = post("/api/v1/move", body);
    EXPECT_EQ(s2, 400) << body << " -> " << j2.dump();
  }
}

TEST_F(LimitsTest, ChunkedBodiesAreRefusedBeforeTheyAreRead) {
  start(ServerOptions{});
  int fd = connectRaw();
  ASSERT_GE(fd, 0);
  // A chunk announced as 1 MiB and never finished: a server reading the body
  // first would wait for it; this one must answer from the headers alone.
  sendAll(fd,
          "POST /api/v1/state HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
          "Transfer-Encoding: chunked\r\n\r\n100000\r\n{\"rules\":\"freestyle\",\"record\":\"");
  bool closed = false;
  std::string got = readUntilClosed(fd, 5, &closed);
  ::close(fd);
  ASSERT_EQ(got.rfind("HTTP/1.1 411", 0), 0u) << got;
  EXPECT_NE(got.find("Content-Length"), std::string::npos) << got;
  EXPECT_NE(got.find("Connection: close"), std::string::npos) << got;
}

TEST_F(LimitsTest, StalledClientsAreDisconnected) {
  ServerOptions opt;
  opt.readTimeoutSec = 1;
  start(opt);
  int fd = connectRaw();
  ASSERT_GE(fd, 0);
  sendAll(fd, "POST /api/v1/state HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Le");  // and nothing more
  bool closed = false;
  readUntilClosed(fd, 10, &closed);
  ::close(fd);
  EXPECT_TRUE(closed) << "the server kept a stalled connection open for 10 s (read timeout 1 s)";
  // A body that stops arriving half-way is dropped the same way.
  fd = connectRaw();
  ASSERT_GE(fd, 0);
  sendAll(fd, "POST /api/v1/state HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{\"rules\"");
  readUntilClosed(fd, 10, &closed);
  ::close(fd);
  EXPECT_TRUE(closed);
  auto [status, j] = get("/api/v1/health");
  EXPECT_EQ(status, 200);
}

TEST_F(LimitsTest, OverlongUrisAndHeadersAreRefused) {
  start(ServerOptions{});
  auto res = client_->Get(("/api/v1/search/" + std::string(20000, 'a')).c_str());
  ASSERT_TRUE(res);
  EXPECT_GE(res->status, 400);
  httplib::Headers h{{"X-Filler", std::string(20000, 'b')}};
  auto res2 = client_->Get("/api/v1/health", h);
  EXPECT_TRUE(!res2 || res2->status >= 400);
  auto [status, j] = get("/api/v1/health");
  EXPECT_EQ(status, 200);
}

TEST_F(LimitsTest, TheWatchdogEndsLongSearches) {
  ServerOptions opt;
  opt.maxThinkMs = 200;
  start(opt);
  // Asks for 8 s of analysis; the watchdog stops it long before.
  auto [status, j] = post("/api/v1/analyze", R"({"rules":"freestyle","record":"h8 i9","timeMs":8000})");
  ASSERT_EQ(status, 200) << j.dump();
  EXPECT_LT(j["timeMs"].get<int64_t>(), 6000) << j.dump();
}

TEST_F(LimitsTest, OnlyTheNewestFinishedSearchesAreKept) {
  ServerOptions opt;
  opt.maxKeptSearches = 3;
  opt.maxSearches = 1;
  start(opt);
  std::vector<std::string> ids;
  for (int i = 0; i < 6; ++i) {
    auto [status, j] = post("/api/v1/search", R"({"rules":"freestyle","record":"h8","level":"easy"})");
    ASSERT_EQ(status, 202) << j.dump();
    ids.push_back(j["id"]);
    for (int k = 0; k < 400; ++k) {  // at most 20 s
      auto [s, p] = get("/api/v1/search/" + ids.back());
      ASSERT_EQ(s, 200);
      if (p["status"] != "running") break;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
  // Starting the sixth dropped the oldest beyond three finished ones.
  int kept = 0;
  for (size_t i = 0; i < ids.size(); ++i) {
    auto [s, p] = get("/api/v1/search/" + ids[i]);
    if (i < 2) {
      EXPECT_EQ(s, 404) << "search " << i << " should have been forgotten";
    }
    if (s == 200) ++kept;
  }
  EXPECT_GE(kept, 3);
  EXPECT_LE(kept, 4);  // three finished plus the newest
}

TEST_F(LimitsTest, TheInstanceNameIsInEveryAnswer) {
  ServerOptions opt;
  opt.name = "alpha";
  start(opt);
  auto res = client_->Get("/api/v1/health");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->get_header_value("X-Gomoku-Instance"), "alpha");
  EXPECT_EQ(json::parse(res->body)["instance"], "alpha");
  auto err = client_->Post("/api/v1/state", "{", "application/json");
  ASSERT_TRUE(err);
  EXPECT_EQ(err->status, 400);
  EXPECT_EQ(err->get_header_value("X-Gomoku-Instance"), "alpha");
  // Search ids start with the name, so a proxy can route the polls.
  auto [status, j] = post("/api/v1/search", R"({"rules":"freestyle","record":"h8","level":"easy"})");
  ASSERT_EQ(status, 202) << j.dump();
  EXPECT_EQ(j["id"].get<std::string>().rfind("alpha-", 0), 0u) << j.dump();
  auto [s2, p] = get("/api/v1/search/" + j["id"].get<std::string>());
  EXPECT_EQ(s2, 200) << p.dump();
}

TEST_F(LimitsTest, NoInstanceHeaderWithoutAName) {
  start(ServerOptions{});
  auto res = client_->Get("/api/v1/health");
  ASSERT_TRUE(res);
  EXPECT_FALSE(res->has_header("X-Gomoku-Instance"));
  EXPECT_FALSE(json::parse(res->body).contains("instance"));
}

}  // namespace
}  // namespace gomoku
