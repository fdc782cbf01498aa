#pragma once
// A client of a game's server-sent events (GET /api/v1/games/{id}/events)
// for tests: reads the stream in a thread and collects each message's id and
// data.
#include <httplib.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace gomoku::test {

using namespace std::chrono_literals;

/// Reads a game's event stream in a thread; collects the data lines.
class EventReader {
 public:
  EventReader(int port, const std::string& id, const std::string& lastEventId = "") {
    client_ = std::make_unique<httplib::Client>("127.0.0.1", port);
    // A long read timeout: a quiet stream sends a comment only every 15 s.
    thread_ = std::thread([=, this] {
      httplib::Client& c = *client_;
      c.set_read_timeout(30, 0);
      httplib::Headers h;
      if (!lastEventId.empty()) h.emplace("Last-Event-ID", lastEventId);
      std::string buf;
      auto res = c.Get(("/api/v1/games/" + id + "/events").c_str(), h,
                       [&](const httplib::Response& r) {
                         std::lock_guard lk(m_);
                         status_ = r.status;
                         instance_ = r.get_header_value("X-Gomoku-Instance");
                         return true;
                       },
                       [&](const char* data, size_t n) {
                         buf.append(data, n);
                         for (size_t end; (end = buf.find("\n\n")) != std::string::npos;) {
                           std::string msg = buf.substr(0, end);
                           buf.erase(0, end + 2);
                           std::lock_guard lk(m_);
                           std::string id2, payload;
                           std::istringstream in(msg);
                           for (std::string line; std::getline(in, line);) {
                             if (line.rfind("id: ", 0) == 0) id2 = line.substr(4);
                             if (line.rfind("data: ", 0) == 0) payload = line.substr(6);
                           }
                           if (!payload.empty()) messages_.push_back({id2, nlohmann::json::parse(payload)});
                         }
                         return !stop_;
                       });
      std::lock_guard lk(m_);
      if (res && !status_) status_ = res->status;
      done_ = true;
    });
  }
  ~EventReader() {
    stop();
    if (thread_.joinable()) thread_.join();
  }
  /// Waits until n messages arrived (or 10 s); returns them.
  std::vector<std::pair<std::string, nlohmann::json>> waitFor(size_t n) {
    for (int i = 0; i < 1000; ++i) {
      {
        std::lock_guard lk(m_);
        if (messages_.size() >= n || done_) return messages_;
      }
      std::this_thread::sleep_for(10ms);
    }
    std::lock_guard lk(m_);
    return messages_;
  }
  /// The X-Gomoku-Instance header of the answer (after status() returned).
  std::string instance() {
    std::lock_guard lk(m_);
    return instance_;
  }
  int status() {
    for (int i = 0; i < 500; ++i) {
      {
        std::lock_guard lk(m_);
        if (status_) return status_;
      }
      std::this_thread::sleep_for(10ms);
    }
    return 0;
  }
  /// Drops the connection, as a closed tab would.
  void stop() {
    stop_ = true;
    client_->stop();
  }

 private:
  std::unique_ptr<httplib::Client> client_;
  std::mutex m_;
  std::vector<std::pair<std::string, nlohmann::json>> messages_;
  int status_ = 0;
  std::string instance_;
  bool done_ = false;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

}  // namespace gomoku::test
