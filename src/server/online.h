#pragma once
/// Online games over HTTP (docs/api.md, "Online games"): the routes under
/// /api/v1/games. They parse, authenticate a seat's token, let Room decide
/// and the Store keep; no game lives in this process between requests, so
/// several processes can serve one PostgreSQL store.
#include <httplib.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <thread>

#include "store/store.h"

namespace gomoku {

struct OnlineOptions {
  int maxWatchers = 64;          ///< event streams and long polls at once; more get 503
  int gamesPerMinute = 20;       ///< games one address may create per minute; more get 429
  int64_t maxOpenGames = 10000;  ///< unfinished games on the server; more get 429
  int64_t abandonAfterMs = 24LL * 3600 * 1000;  ///< an unfinished game idle this long ends
  int64_t sweepEveryMs = 60000;  ///< how often idle games are looked for
  int64_t heartbeatMs = 15000;   ///< a comment line on quiet event streams (finds dead clients)
  bool quiet = false;            ///< no store errors on stderr
};

class OnlineGames {
 public:
  OnlineGames(Store& store, OnlineOptions options);
  ~OnlineGames();
  OnlineGames(const OnlineGames&) = delete;
  OnlineGames& operator=(const OnlineGames&) = delete;

  void addRoutes(httplib::Server& http);
  /// Ends event streams and long polls and the idle sweeper; idempotent.
  void stop();
  int watchers() const { return watchers_; }

 private:
  struct Impl;
  friend struct Impl;
  Store& store_;
  OnlineOptions opt_;
  std::atomic<int> watchers_{0};
  std::atomic<bool> stopping_{false};
  std::mutex rateMutex_;
  std::map<std::string, std::deque<int64_t>> created_;  ///< address -> creation times (ms)
  std::mutex sweepMutex_;
  std::condition_variable sweepCv_;
  std::thread sweeper_;
};

}  // namespace gomoku
