#pragma once
// Test servers on loopback: starting one with a client, and raw TCP
// connections for requests that an HTTP client library would not send.
#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <utility>

#include "server/server.h"

namespace gomoku::test {

/// Connects to 127.0.0.1:port; returns the socket or -1.
inline int connectLoopback(int port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(uint16_t(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

/// Starts `opt` on a free loopback port, quietly, with a client for it
/// (30 s read timeout). Returns the port, or -1.
inline int startTestServer(ServerOptions opt, std::unique_ptr<HttpServer>& server,
                           std::unique_ptr<httplib::Client>& client) {
  server.reset();
  opt.host = "127.0.0.1";
  opt.port = 0;
  opt.quiet = true;
  server = std::make_unique<HttpServer>(opt);
  int port = server->start();
  if (port <= 0) return -1;
  client = std::make_unique<httplib::Client>("127.0.0.1", port);
  client->set_read_timeout(30, 0);
  return port;
}

/// POSTs a JSON body; returns {status, parsed body} ({0, null} when no answer).
inline std::pair<int, nlohmann::json> postJson(httplib::Client& client, const std::string& path,
                                               const nlohmann::json& body) {
  auto res = client.Post(path.c_str(), body.dump(), "application/json");
  if (!res) return {0, nlohmann::json()};
  return {res->status, nlohmann::json::parse(res->body, nullptr, false)};
}

/// Polls GET /api/v1/search/{id} every 50 ms until it is no longer running
/// (at most `seconds`); returns the last answer (null on a failed poll).
inline nlohmann::json waitSearch(httplib::Client& client, const std::string& id, int seconds = 60) {
  nlohmann::json j;
  for (int i = 0; i < seconds * 20; ++i) {
    auto res = client.Get(("/api/v1/search/" + id).c_str());
    if (!res || res->status != 200) return nlohmann::json();
    j = nlohmann::json::parse(res->body, nullptr, false);
    if (j.value("status", "") != "running") return j;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return j;
}

}  // namespace gomoku::test
