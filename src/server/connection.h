#pragma once
/// The connection layer under the routes: cpp-httplib parses requests and
/// calls the handlers, but the socket reads and writes go through our own
/// stream, which bounds what cpp-httplib 0.11 cannot bound by itself:
///
///   - the request head (request line and all header lines together) is at
///     most `maxHeadBytes`; a longer head is answered 400 and the connection
///     closed, however many header lines it has;
///   - a whole request (head and body) must arrive within `requestTimeoutSec`
///     of its first byte, so a client trickling a byte now and then cannot
///     hold a worker for long;
///   - each read or write waits at most `readTimeoutSec` / `writeTimeoutSec`.
///
/// Everything else (keep-alive, routing, the response) is cpp-httplib's.
#include <httplib.h>

#include <cstddef>

namespace gomoku {

struct ConnectionLimits {
  size_t maxHeadBytes = 16 * 1024;
  int requestTimeoutSec = 10;
  int readTimeoutSec = 10;
  int writeTimeoutSec = 10;
  int keepAliveSec = 2;
  int keepAliveMaxRequests = 100;
};

class GuardedServer : public httplib::Server {
 public:
  explicit GuardedServer(const ConnectionLimits& limits) : limits_(limits) {}

 private:
  // Called by cpp-httplib's accept loop (a virtual of httplib::Server) for
  // every accepted connection, on a worker thread.
  bool process_and_close_socket(socket_t sock) override;

  ConnectionLimits limits_;
};

}  // namespace gomoku
