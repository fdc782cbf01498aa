// Kept-alive connections answer at once: every request after the first on
// one connection used to wait about 44 ms (the answer went out in two
// segments, Nagle's algorithm met the client's delayed ACK). A raw socket
// client sends each request in one write, as a browser does, and times the
// answers; the bound is generous (a timed test is no benchmark, see
// scripts/load.sh for the figures) but the stall fails it.
#include <gtest/gtest.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "server/server.h"
#include "server/test_server.h"

namespace gomoku {
namespace {

using Clock = std::chrono::steady_clock;

/// Reads one HTTP answer (head and Content-Length body) from fd; empty on
/// failure or after 5 s.
std::string readAnswer(int fd) {
  std::string got;
  auto deadline = Clock::now() + std::chrono::seconds(5);
  size_t need = std::string::npos;
  while (Clock::now() < deadline) {
    size_t headEnd = got.find("\r\n\r\n");
    if (headEnd != std::string::npos && need == std::string::npos) {
      size_t cl = got.find("Content-Length: ");
      if (cl == std::string::npos || cl > headEnd) return "";
      need = headEnd + 4 + std::stoul(got.substr(cl + 16));
    }
    if (need != std::string::npos && got.size() >= need) return got;
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 50) <= 0) continue;
    char buf[8192];
    ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) return "";
    got.append(buf, size_t(n));
  }
  return "";
}

TEST(KeepAliveTest, SequentialRequestsOnOneConnectionAreNotDelayed) {
  std::unique_ptr<HttpServer> server;
  std::unique_ptr<httplib::Client> client;
  int port = test::startTestServer(ServerOptions{}, server, client);
  ASSERT_GT(port, 0);
  int fd = test::connectLoopback(port);
  ASSERT_GE(fd, 0);
  const std::string body = R"({"rules":"renju","record":"h8 h9 i8 g8 i10 i9 j9 k10 j7"})";
  const std::string request = "POST /api/v1/state HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                              "Content-Type: application/json\r\nContent-Length: " +
                              std::to_string(body.size()) + "\r\n\r\n" + body;
  std::vector<double> ms;
  for (int i = 0; i < 50; ++i) {
    auto t0 = Clock::now();
    ASSERT_EQ(::send(fd, request.data(), request.size(), MSG_NOSIGNAL), ssize_t(request.size()));
    std::string answer = readAnswer(fd);
    ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    ASSERT_EQ(answer.rfind("HTTP/1.1 200", 0), 0u) << "request " << i << ": " << answer;
    ASSERT_NE(answer.find("\"toMove\":\"white\""), std::string::npos) << answer;
  }
  ::close(fd);
  std::vector<double> sorted = ms;
  std::sort(sorted.begin(), sorted.end());
  double median = sorted[sorted.size() / 2];
  // One answer costs well under a millisecond of work; the stall made every
  // one after the first take 40+ ms. 20 ms leaves room for a loaded machine.
  EXPECT_LT(median, 20.0) << "median of 50 kept-alive requests: " << median << " ms";
}

}  // namespace
}  // namespace gomoku
