// Socket stream with limits on the request head and the request's total time
// (see connection.h), and the keep-alive loop that feeds cpp-httplib one
// request at a time.
#include "server/connection.h"

#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <string>
#include <nlohmann/json.hpp>

#include "server/request.h"

namespace gomoku {

namespace {

using Clock = std::chrono::steady_clock;

/// Waits up to ms for fd to become readable (POLLIN) or writable (POLLOUT).
/// Returns > 0 when ready, 0 on timeout, < 0 on error; EINTR is retried.
int waitFor(int fd, short events, int64_t ms) {
  auto until = Clock::now() + std::chrono::milliseconds(ms);
  for (;;) {
    pollfd p{fd, events, 0};
    int64_t left = std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now()).count();
    int r = ::poll(&p, 1, int(std::max<int64_t>(left, 0)));
    if (r < 0 && errno == EINTR) continue;
    if (r > 0 && (p.revents & (POLLERR | POLLNVAL))) return -1;
    return r;
  }
}

void addressOf(const sockaddr_storage& addr, socklen_t len, std::string& ip, int& port) {
  char host[NI_MAXHOST], serv[NI_MAXSERV];
  if (::getnameinfo(reinterpret_cast<const sockaddr*>(&addr), len, host, sizeof host, serv,
                    sizeof serv, NI_NUMERICHOST | NI_NUMERICSERV) == 0) {
    ip = host;
    port = std::atoi(serv);
  }
}

class GuardedStream final : public httplib::Stream {
 public:
  GuardedStream(int fd, const ConnectionLimits& limits) : fd_(fd), limits_(limits) {}

  /// Resets the head budget and starts the clock of the next request.
  void beginRequest() {
    streaming_ = false;
    headBytes_ = 0;
    inHead_ = true;
    lastWasNewline_ = false;
    deadline_ = Clock::now() + std::chrono::seconds(limits_.requestTimeoutSec);
  }

  /// Why the request broke a limit (0: it did not). The connection must not
  /// be used again, and what cpp-httplib makes of the cut-off request is not
  /// sent: GuardedServer answers instead (see answerBroken).
  enum Broken { NONE, HEAD_TOO_LARGE, TOO_SLOW };
  Broken broken() const { return broken_; }

  /// Bytes already received and not yet handed to cpp-httplib (pipelining).
  bool hasBuffered() const { return pos_ < len_; }

  bool is_readable() const override {
    return hasBuffered() || waitFor(fd_, POLLIN, readWaitMs()) > 0;
  }

  bool is_writable() const override {
    return waitFor(fd_, POLLOUT, int64_t(limits_.writeTimeoutSec) * 1000) > 0;
  }

  ssize_t read(char* ptr, size_t size) override {
    if (size == 0) return 0;
    // Whatever was written must go out before we wait for the client (an
    // "100 Continue" before the body, for one).
    if (!out_.empty() && !flush()) return -1;
    if (!hasBuffered()) {
      if (readWaitMs() <= 0 || waitFor(fd_, POLLIN, readWaitMs()) <= 0) {
        broken_ = TOO_SLOW;
        return -1;
      }
      ssize_t n;
      do n = ::recv(fd_, buf_, sizeof buf_, 0);
      while (n < 0 && errno == EINTR);
      if (n <= 0) return n;
      pos_ = 0;
      len_ = size_t(n);
    }
    size_t k = std::min(size, len_ - pos_);
    if (inHead_ && !countHead(k)) {
      broken_ = HEAD_TOO_LARGE;
      return -1;
    }
    std::memcpy(ptr, buf_ + pos_, k);
    pos_ += k;
    return ssize_t(k);
  }

  /// Collects the answer: cpp-httplib writes the status line and headers,
  /// then the body, in separate calls, and two small segments meet the
  /// client's delayed ACK (about 40 ms on every kept-alive request). flush()
  /// sends it all at once when the request is answered.
  ssize_t write(const char* ptr, size_t size) override {
    if (broken_ != NONE) return -1;
    out_.append(ptr, size);
    if ((streaming_ || out_.size() >= MAX_BUFFERED) && !flush()) return -1;
    return ssize_t(size);
  }

  /// Sends the collected answer; false when the client does not take it in
  /// time or the connection failed.
  bool flush() {
    size_t off = 0;
    while (off < out_.size()) {
      if (!is_writable()) break;
      ssize_t n = sendNow(out_.data() + off, out_.size() - off);
      if (n <= 0) break;
      off += size_t(n);
    }
    bool ok = off == out_.size();
    out_.clear();
    return ok;
  }

  /// An answer that never ends (server-sent events): every write goes out
  /// at once instead of waiting for the end of the answer.
  void setStreaming(bool on) { streaming_ = on; }

  /// Drops a collected answer that must not be sent (a broken request).
  void discard() { out_.clear(); }

  /// Sends without the broken-request check (GuardedServer's own answer).
  ssize_t sendNow(const char* ptr, size_t size) {
    ssize_t n;
    do n = ::send(fd_, ptr, size, MSG_NOSIGNAL);
    while (n < 0 && errno == EINTR);
    return n;
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    sockaddr_storage addr{};
    socklen_t len = sizeof addr;
    if (::getpeername(fd_, reinterpret_cast<sockaddr*>(&addr), &len) == 0) addressOf(addr, len, ip, port);
  }

  void get_local_ip_and_port(std::string& ip, int& port) const override {
    sockaddr_storage addr{};
    socklen_t len = sizeof addr;
    if (::getsockname(fd_, reinterpret_cast<sockaddr*>(&addr), &len) == 0) addressOf(addr, len, ip, port);
  }

  socket_t socket() const override { return fd_; }

 private:
  /// Time a read may still wait: the per-read timeout, cut short by the
  /// request's deadline.
  int64_t readWaitMs() const {
    int64_t toDeadline =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - Clock::now()).count();
    return std::min<int64_t>(int64_t(limits_.readTimeoutSec) * 1000, toDeadline);
  }

  /// Counts k bytes (from buf_ + pos_) against the head budget and notices
  /// the empty line that ends the head. False when the budget is spent.
  bool countHead(size_t k) {
    for (size_t i = 0; i < k && inHead_; ++i) {
      char c = buf_[pos_ + i];
      if (++headBytes_ > limits_.maxHeadBytes) return false;
      if (c == '\n') {
        if (lastWasNewline_) inHead_ = false;  // "\r\n\r\n" or "\n\n": the body follows
        lastWasNewline_ = true;
      } else if (c != '\r') {
        lastWasNewline_ = false;
      }
    }
    return true;
  }

  /// A larger answer (a static file) goes out in pieces of about this size.
  static constexpr size_t MAX_BUFFERED = 64 * 1024;

  int fd_;
  const ConnectionLimits& limits_;
  std::string out_;
  bool streaming_ = false;
  char buf_[4096];
  size_t pos_ = 0, len_ = 0;
  size_t headBytes_ = 0;
  bool inHead_ = true;
  bool lastWasNewline_ = false;
  Broken broken_ = NONE;
  Clock::time_point deadline_ = Clock::now();
};

/// The answer to a request cut off by a limit: 431 or 408 with a JSON error,
/// and the connection closes.
void answerBroken(GuardedStream& stream, const ConnectionLimits& limits) {
  bool head = stream.broken() == GuardedStream::HEAD_TOO_LARGE;
  std::string body = jsonText(nlohmann::json{
      {"error", head ? "request head too large: the request line and headers may have at most " +
                           std::to_string(limits.maxHeadBytes) + " bytes"
                     : "request not received in time: it must arrive within " +
                           std::to_string(limits.requestTimeoutSec) + " s, with no pause over " +
                           std::to_string(limits.readTimeoutSec) + " s"}});
  std::string msg = std::string(head ? "HTTP/1.1 431 Request Header Fields Too Large\r\n"
                                     : "HTTP/1.1 408 Request Timeout\r\n") +
                    "Content-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
                    "\r\nConnection: close\r\n\r\n" + body;
  for (size_t off = 0; off < msg.size() && stream.is_writable();) {
    ssize_t n = stream.sendNow(msg.data() + off, msg.size() - off);
    if (n <= 0) break;
    off += size_t(n);
  }
}

/// Event streams (GET /api/v1/games/{id}/events, or any request asking for
/// text/event-stream) are answered piece by piece as events happen.
bool isEventStream(const httplib::Request& req) {
  const std::string suffix = "/events";
  bool path = req.path.rfind("/api/v1/games/", 0) == 0 && req.path.size() > suffix.size() &&
              req.path.compare(req.path.size() - suffix.size(), suffix.size(), suffix) == 0;
  return path || req.get_header_value("Accept").find("text/event-stream") != std::string::npos;
}

}  // namespace

bool GuardedServer::process_and_close_socket(socket_t sock) {
  // Each answer is one write (GuardedStream::flush): send it at once rather
  // than wait for the ACK of an earlier segment (Nagle).
  int one = 1;
  ::setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  GuardedStream stream(sock, limits_);
  bool ok = false;
  for (int left = std::max(1, limits_.keepAliveMaxRequests); left > 0; --left) {
    // Wait for the next request in short slices, so that stop() is noticed.
    bool ready = stream.hasBuffered();
    for (auto until = Clock::now() + std::chrono::seconds(limits_.keepAliveSec);
         !ready && svr_sock_ != INVALID_SOCKET && Clock::now() < until;) {
      int r = waitFor(sock, POLLIN, 50);
      if (r < 0) break;
      ready = r > 0;
    }
    if (!ready || svr_sock_ == INVALID_SOCKET) break;
    stream.beginRequest();
    bool closed = false;
    // A request with Transfer-Encoding is refused before its body is read
    // (server.cpp), so the rest of the body would follow as the next
    // "request": close after answering it.
    bool chunked = false;
    ok = process_request(stream, left == 1, closed, [&](httplib::Request& req) {
      chunked = req.has_header("Transfer-Encoding");
      stream.setStreaming(isEventStream(req));
    });
    if (stream.broken() != GuardedStream::NONE) {
      stream.discard();
      answerBroken(stream, limits_);
      ok = false;
      break;
    }
    if (!stream.flush()) ok = false;
    if (!ok || closed || chunked) break;
  }
  ::shutdown(sock, SHUT_RDWR);
  ::close(sock);
  return ok;
}

}  // namespace gomoku
