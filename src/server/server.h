#pragma once
/// HTTP front-end: a stateless JSON API over Game and Engine, plus the static
/// web UI. Every request carries the whole game ({rules, size, exactFive,
/// opening, record}); the server keeps no games, only running searches.
/// Routes and examples: docs/api.md.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace gomoku {

class Game;

/// A stone an external engine chose, or why it could not.
struct ExternalMove {
  std::string token;  ///< the point, e.g. "h8"; empty on failure
  std::string error;  ///< set on failure (the brain crashed, timed out, ...)
  int64_t timeMs = 0;
};

/// An external engine offered as an opponent and analyser, e.g. a Gomocup
/// brain (`gomoku serve --brain NAME=COMMAND`; the app layer wires the
/// brain runner of src/match in). It plays stones only, in Gomoku and Renju.
struct ExternalEngine {
  std::string name;         ///< what requests name in "engine"
  std::string description;  ///< shown in /api/v1/info (e.g. the command)
  /// The side to act's stone in `game` (phase play), within about timeMs.
  /// Called on a search thread, one call per search.
  std::function<ExternalMove(const Game& game, int64_t timeMs)> play;
};

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;  ///< 0 picks a free port (tests)
#ifdef GOMOKU_WEB_DIR
  std::string webRoot = GOMOKU_WEB_DIR;  ///< static files; empty serves none
#else
  std::string webRoot;
#endif
  int maxSearches = 2;              ///< searches running at once; more get 503
  int threads = 0;                  ///< threads of Hard and analysis searches (0: Hard's 2)
  int64_t maxThinkMs = 30000;       ///< hard cap of one search (watchdog)
  int64_t maxAnalyzeMs = 10000;     ///< largest timeMs accepted by /analyze
  int64_t maxReviewMs = 180000;     ///< a whole /review (less time a position in long games)
  size_t maxBodyBytes = 64 * 1024;  ///< larger request bodies get 413
  size_t maxHeadBytes = 16 * 1024;  ///< request line + all header lines; more gets 400
  int requestTimeoutSec = 10;       ///< a whole request (head and body) must arrive within this
  int readTimeoutSec = 10;          ///< a request stalled this long in one read is dropped
  int writeTimeoutSec = 10;         ///< likewise for a client that stops reading the answer
  size_t maxKeptSearches = 128;     ///< finished async searches kept readable (oldest dropped)
  size_t hashMiB = 32;              ///< transposition table of each engine
  int64_t keepResultMs = 120000;    ///< how long a finished search stays readable
  bool quiet = false;               ///< no banner, no request log
  /// Instance name (scale-out): sent as the X-Gomoku-Instance header of every
  /// answer and in /api/v1/health, and the first part of search ids; empty
  /// sends none. Letters, digits and '-', at most 16 (`gomoku serve` checks).
  std::string name;
  /// External engines (--brain), by name; requests choose one with "engine".
  std::vector<ExternalEngine> engines;

  // Online games (server/online.h, docs/api.md). Empty db: no online games.
  std::string db;              ///< SQLite file, ":memory:" or postgresql://...
  int maxWatchers = 64;        ///< event streams + long polls at once (each holds a worker)
  int gamesPerMinute = 20;     ///< new games per client address and minute; more get 429
  int64_t maxOpenGames = 10000;               ///< unfinished games; more get 429
  int64_t abandonAfterMs = 24LL * 3600 * 1000;  ///< an unfinished game idle this long ends
  int64_t sweepEveryMs = 60000;               ///< how often idle games are looked for
};

/// A server that can be started and stopped from another thread (tests, the
/// `serve` subcommand). With options.db set, the constructor opens the game
/// store and throws StoreError (store/store.h) if it cannot.
class HttpServer {
 public:
  explicit HttpServer(ServerOptions options);
  ~HttpServer();  ///< stops and joins
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  /// Binds host:port (port 0: any free port). Returns the bound port, or -1.
  int bind();
  /// Serves until stop(); call after bind(). Blocks.
  bool listen();
  /// bind() + listen() in a background thread; returns the port or -1.
  int start();
  /// Stops listening, ends event streams, asks running searches to stop
  /// and waits for them.
  void stop();
  int port() const;
  const ServerOptions& options() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Binds, prints "Open http://HOST:PORT/ in your browser" and serves until
/// the process ends (SIGINT/SIGTERM stop it cleanly). Returns an exit code.
int runServer(const ServerOptions& options);

}  // namespace gomoku
