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
#include "server/test_server.h"

using nlohmann::json;

namespace gomoku {
namespace {

class LimitsTest : public ::testing::Test {
 protected:
  void start(ServerOptions opt) {
    port_ = test::startTestServer(opt, server_, client_);
    ASSERT_GT(port_, 0);
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
  int connectRaw() { return test::connectLoopback(port_); }
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
    return readUntilClosedMs(fd, seconds * 1000, closed);
  }
  /// The same, for at most `ms` milliseconds.
  static std::string readUntilClosedMs(int fd, int ms, bool* closed) {
    std::string got;
    *closed = false;
    auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (std::chrono::steady_clock::now() < deadline) {
      pollfd p{fd, POLLIN, 0};
      if (::poll(&p, 1, 20) <= 0) continue;
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

// Found by tests/server/garbage_test.cpp: a JSON parse error quotes the bytes
// it stopped at, and bytes that are not UTF-8 made the answer's dump() throw
// (a 500). They are replaced now, and the answer is valid JSON.
TEST_F(LimitsTest, BadBytesInARequestGiveAJsonError) {
  start(ServerOptions{});
  for (std::string body : {std::string("{\"rules\":\"freestyle\",\"record\":\"h8\xf5\xff\"}"),
                           std::string("\xf5\xfe garbage"), std::string("{\"rules\":\"\xc3\x28\"}")}) {
    auto [status, j] = post("/api/v1/state", body);
    EXPECT_EQ(status, 400) << body;
    EXPECT_TRUE(j.is_object() && j.contains("error")) << body << " -> " << j.dump();
  }
  auto res = client_->Get("/api/no/such/\xf5\xff/path");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 404);
  EXPECT_FALSE(json::parse(res->body, nullptr, false).is_discarded()) << res->body;
  // A page (not under /api/) gets an HTML 404 that quotes the path safely.
  auto page = client_->Get("/no/such/\xf5\xff/path");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 404);
  EXPECT_NE(page->body.find("/no/such/?" "?/path"), std::string::npos) << page->body;
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
  EXPECT_TRUE(closed) << "the rest of the chunked body would be read as the next request";
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

TEST_F(LimitsTest, ManyShortHeaderLinesAreRefusedByTheirTotalSize) {
  ServerOptions opt;
  opt.maxHeadBytes = 4096;
  start(opt);
  // Each line is short; together they pass the head limit. A server bounding
  // only the length of each line would keep reading (and storing) them.
  int fd = connectRaw();
  ASSERT_GE(fd, 0);
  std::string head = "GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n";
  for (int i = 0; i < 2000; ++i) head += "X-A: b\r\n";  // 16 KB
  std::thread writer([&] { sendAll(fd, head + "\r\n"); });
  bool closed = false;
  std::string got = readUntilClosed(fd, 10, &closed);
  writer.join();
  ::close(fd);
  EXPECT_EQ(got.rfind("HTTP/1.1 431", 0), 0u) << got.substr(0, 200);
  EXPECT_NE(got.find("request head too large"), std::string::npos) << got.substr(0, 300);
  EXPECT_EQ(got.find("HTTP/1.1 200"), std::string::npos) << "a later line was read as a new request";
  EXPECT_TRUE(closed) << "the connection stays open after a head over the limit";

  // A head just under the limit is fine.
  httplib::Headers h;
  for (int i = 0; i < 200; ++i) h.emplace("X-Filler-" + std::to_string(i), "0123456789");  // ~5.4 KB
  auto big = client_->Get("/api/v1/health", h);
  ASSERT_TRUE(big);
  EXPECT_EQ(big->status, 431);
  EXPECT_NE(big->body.find("at most 4096 bytes"), std::string::npos) << big->body;
  h.clear();
  for (int i = 0; i < 100; ++i) h.emplace("X-Filler-" + std::to_string(i), "0123456789");  // ~2.7 KB
  auto ok = client_->Get("/api/v1/health", h);
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->status, 200);
}

TEST_F(LimitsTest, AClientTricklingARequestIsCutOffByTheRequestDeadline) {
  ServerOptions opt;
  opt.readTimeoutSec = 3;     // each byte comes well within this...
  opt.requestTimeoutSec = 2;  // ...but the whole request must come within this
  start(opt);
  for (std::string start : {std::string("GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "),
                            std::string("POST /api/v1/state HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                        "Content-Length: 1000\r\n\r\n{\"rules\":\"freestyle\",\"record\":\"")}) {
    int fd = connectRaw();
    ASSERT_GE(fd, 0);
    sendAll(fd, start);
    auto t0 = std::chrono::steady_clock::now();
    bool closed = false;
    std::string got;
    for (int i = 0; i < 40 && !closed; ++i) {  // a byte every 250 ms, for up to 10 s
      sendAll(fd, " ");
      got += readUntilClosedMs(fd, 250, &closed);
    }
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    ::close(fd);
    EXPECT_TRUE(closed) << start << "\n -> still open after " << s << " s";
    EXPECT_LT(s, 6.0) << start;
    EXPECT_EQ(got.rfind("HTTP/1.1 408", 0), 0u) << got;
    EXPECT_NE(got.find("within 2 s"), std::string::npos) << got;
  }
  auto [status, j] = get("/api/v1/health");
  EXPECT_EQ(status, 200);
}

TEST_F(LimitsTest, PipelinedAndKeptAliveRequestsAreAnswered) {
  start(ServerOptions{});
  int fd = connectRaw();
  ASSERT_GE(fd, 0);
  const std::string body = R"({"rules":"freestyle","record":"h8"})";
  sendAll(fd, "GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
              "POST /api/v1/state HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: " +
                  std::to_string(body.size()) + "\r\n\r\n" + body +
                  "GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  bool closed = false;
  std::string got = readUntilClosed(fd, 10, &closed);
  ::close(fd);
  EXPECT_TRUE(closed);
  size_t answers = 0;
  for (size_t at = got.find("HTTP/1.1 200"); at != std::string::npos; at = got.find("HTTP/1.1 200", at + 1))
    ++answers;
  EXPECT_EQ(answers, 3u) << got;
  EXPECT_NE(got.find("\"toMove\""), std::string::npos) << got;
  // One httplib client keeps its connection for several requests.
  for (int i = 0; i < 5; ++i) EXPECT_EQ(get("/api/v1/health").first, 200);
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
