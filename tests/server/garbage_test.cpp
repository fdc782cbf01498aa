// Seeded random garbage at the socket level: request lines, header lines and
// bodies cut, repeated, oversized or malformed, pipelined several to a
// connection. The server must answer each complete request or close the
// connection, never crash, and still serve a normal request afterwards. Run
// under ASan + UBSan by scripts/test like every unit test.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <iostream>
#include <map>
#include <random>
#include <string>

#include "server/server.h"
#include "server/test_server.h"

namespace gomoku {
namespace {

/// Sends everything (the server may close early: that is allowed), half
/// closes, and reads until the server closes or `ms` pass. Returns the answer
/// and whether the server closed in time.
std::pair<std::string, bool> exchange(int port, const std::string& data, int ms) {
  int fd = test::connectLoopback(port);
  if (fd < 0) return {"", false};
  size_t off = 0;
  while (off < data.size()) {
    ssize_t n = ::send(fd, data.data() + off, data.size() - off, MSG_NOSIGNAL);
    if (n <= 0) break;
    off += size_t(n);
  }
  ::shutdown(fd, SHUT_WR);
  std::string got;
  bool closed = false;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  while (!closed && std::chrono::steady_clock::now() < deadline) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 20) <= 0) continue;
    char buf[8192];
    ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0)
      closed = true;
    else
      got.append(buf, size_t(n));
  }
  ::close(fd);
  return {got, closed};
}

class Garbage {
 public:
  explicit Garbage(uint64_t seed) : rng_(seed) {}

  std::string request() {
    std::string r;
    switch (pick(6)) {
      case 0: r = "GET /api/v1/health HTTP/1.1\r\n"; break;
      case 1: r = "POST /api/v1/state HTTP/1.1\r\n"; break;
      case 2: r = "POST /api/v1/move HTTP/1.0\r\n"; break;
      case 3: r = "GET /" + std::string(size_t(pick(12000)), 'a') + " HTTP/1.1\r\n"; break;
      case 4: r = bytes(pick(80)) + "\r\n"; break;
      default: r = "GET /index.html HTTP/1.1\n"; break;
    }
    const int headers = pick(4) == 0 ? pick(3000) : pick(8);
    std::string body = pick(2) ? R"({"rules":"freestyle","record":"h8 i9","level":"easy"})" : bytes(pick(300));
    for (int i = 0; i < headers; ++i) {
      switch (pick(8)) {
        case 0: r += "Content-Length: " + std::to_string(long(pick(100000)) - 50) + "\r\n"; break;
        case 1: r += "Content-Length: " + std::to_string(body.size()) + "\r\n"; break;
        case 2: r += "Transfer-Encoding: chunked\r\n"; break;
        case 3: r += "X-" + bytes(pick(20)) + ": " + bytes(pick(200)) + "\r\n"; break;
        case 4: r += "Connection: " + std::string(pick(2) ? "close" : "keep-alive") + "\r\n"; break;
        case 5: r += "Expect: 100-continue\r\n"; break;
        case 6: r += "Range: bytes=" + std::to_string(pick(50)) + "-" + std::to_string(pick(50)) + "\r\n"; break;
        default: r += "X-Long: " + std::string(size_t(pick(10000)), 'z') + "\r\n"; break;
      }
    }
    if (pick(5)) r += "\r\n" + body;
    if (pick(4) == 0) r.resize(size_t(pick(int(r.size()) + 1)));  // cut anywhere
    return r;
  }

 private:
  int pick(int n) { return n <= 0 ? 0 : int(rng_() % uint64_t(n)); }
  std::string bytes(int n) {
    std::string s;
    for (int i = 0; i < n; ++i) s += char(pick(4) ? 'a' + pick(26) : pick(256));
    return s;
  }
  std::mt19937_64 rng_;
};

TEST(Garbage, RandomRequestsNeverBreakTheServer) {
  ServerOptions opt;
  opt.host = "127.0.0.1";
  opt.port = 0;
  opt.quiet = true;
  opt.requestTimeoutSec = 2;
  opt.readTimeoutSec = 1;
  opt.maxHeadBytes = 8 * 1024;
  HttpServer server(opt);
  const int port = server.start();
  ASSERT_GT(port, 0);
  Garbage g(20261129);
  int answered = 0;
  std::map<std::string, int> statuses;
  for (int i = 0; i < 400; ++i) {
    std::string data;
    const int pipelined = 1 + (i % 3);
    for (int k = 0; k < pipelined; ++k) data += g.request();
    auto [got, closed] = exchange(port, data, 8000);
    // Every connection ends within the request deadline (plus a search at
    // most; easy answers in well under a second).
    EXPECT_TRUE(closed) << "request " << i << " left the connection open";
    if (!got.empty()) {
      ++answered;
      ++statuses[got.substr(0, 12)];
      EXPECT_EQ(got.rfind("HTTP/1.", 0), 0u) << "request " << i << ": " << got.substr(0, 80);
      // Garbage is the client's fault: never a 500 (a 503 only when busy).
      EXPECT_EQ(got.find("HTTP/1.1 500"), std::string::npos)
          << "request " << i << ":\n" << data.substr(0, 600) << "\n->\n" << got.substr(0, 600);
    }
  }
  // The garbage reaches many parts of the server: successes and many kinds of
  // refusal (400, 404, 411, 413, 416, 431 with this seed).
  std::string seen;
  for (auto& [status, n] : statuses) seen += status + " x" + std::to_string(n) + "; ";
  EXPECT_GT(answered, 150) << seen;
  EXPECT_GE(statuses.size(), 6u) << seen;
  EXPECT_TRUE(statuses.count("HTTP/1.1 200") && statuses.count("HTTP/1.1 431")) << seen;
  auto [ok, closed] = exchange(port, "GET /api/v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 5000);
  EXPECT_EQ(ok.rfind("HTTP/1.1 200", 0), 0u) << ok;
  EXPECT_NE(ok.find("\"status\":\"ok\""), std::string::npos) << ok;
}

}  // namespace
}  // namespace gomoku
