// HTTP server: routes are small lambdas that parse, call Game/Engine, answer.
#include "server/server.h"

#include <httplib.h>
#include <pthread.h>
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <iostream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <thread>

#include "core/notation.h"
#include "engine/engine.h"
#include "engine/value.h"
#include "game/game.h"
#include "game/json.h"
#include "game/record.h"
#include "server/connection.h"
#include "server/online.h"
#include "server/reply.h"
#include "server/request.h"
#include "store/store.h"

namespace gomoku {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

int64_t msSince(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

json pointList(const std::vector<Pos>& v) {
  json a = json::array();
  for (Pos p : v) a.push_back(pointName(p));
  return a;
}

/// Escapes text for HTML content; bytes beyond ASCII (perhaps not UTF-8)
/// become '?'.
std::string htmlEscape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (static_cast<unsigned char>(c) >= 0x80) {
      out += '?';
      continue;
    }
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

/// The 404 page of an unknown page (not under /api/), in both UI languages.
std::string notFoundPage(const std::string& path) {
  return "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
         "<title>Page not found - Gomoku</title>"
         "<style>body{font-family:system-ui,sans-serif;max-width:34em;margin:4em auto;padding:0 1em;"
         "line-height:1.5}a{font-size:1.2em}</style></head><body>"
         "<h1>Page not found</h1><p>There is no page <code>" +
         htmlEscape(path) +
         "</code> here. / Diese Seite gibt es nicht.</p>"
         "<p><a href=\"/\">Back to the game / Zur\u00fcck zum Spiel</a></p></body></html>\n";
}

/// A computer turn or an analysis, run in its own thread on a pooled engine.
struct SearchJob {
  std::string id;
  bool analyze = false;
  bool review = false;  ///< /review: every position of the record, see reviewLoop
  int64_t capMs = 0;    ///< the watchdog stops it after this (0: maxThinkMs)
  bool sync = false;  ///< /move, /analyze: the request thread removes and joins it
  GameRequest request;
  Game game;
  Level level = Level::MEDIUM;
  uint64_t seed = 1;  ///< the levels' random choices (the request's, or drawn)
  int64_t analyzeMs = 0;
  Clock::time_point started = Clock::now();

  std::mutex m;
  std::condition_variable cv;
  bool done = false;
  Progress progress;
  bool hasProgress = false;
  json reviewed = json::array();  ///< /review: the positions analysed so far
  size_t reviewTotal = 0;
  int status = 200;
  json result;
  Clock::time_point finished;
  std::atomic<bool> stopAsked{false};

  /// "engine": an external engine plays the stones (nullptr: ours).
  const ExternalEngine* external = nullptr;

  Engine* engine = nullptr;
  int slot = -1;
  std::thread thread;
};

/// An external engine that failed (crashed, timed out, played an illegal
/// move): 502, the server itself is fine.
struct ExternalFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A reviewed position's value after each completed search depth.
using DepthValues = std::map<int, int>;

/// Largest search time a position of /review may ask for.
constexpr int64_t MAX_REVIEW_POSITION_MS = 2000;

// Browsers keep connections open and each one holds a worker while it lives:
// a short keep-alive keeps several tabs served.
constexpr int KEEP_ALIVE_SEC = 2;
constexpr int KEEP_ALIVE_MAX_REQUESTS = 100;

ConnectionLimits connectionLimits(const ServerOptions& o) {
  ConnectionLimits l;
  l.maxHeadBytes = o.maxHeadBytes;
  l.requestTimeoutSec = o.requestTimeoutSec;
  l.readTimeoutSec = o.readTimeoutSec;
  l.writeTimeoutSec = o.writeTimeoutSec;
  l.keepAliveSec = KEEP_ALIVE_SEC;
  l.keepAliveMaxRequests = KEEP_ALIVE_MAX_REQUESTS;
  return l;
}

}  // namespace

struct HttpServer::Impl {
  ServerOptions opt;
  GuardedServer http{connectionLimits(opt)};
  std::thread listenThread;
  int boundPort = -1;

  std::mutex m;  // guards jobs, engines, busy, nextId
  std::map<std::string, std::shared_ptr<SearchJob>> jobs;
  std::vector<std::unique_ptr<Engine>> engines;
  std::vector<bool> busy;
  uint64_t nextId = 1;
  std::mt19937_64 idRng{std::random_device{}()};

  std::atomic<bool> stopping{false};
  std::thread watchdog;
  std::mutex wdMutex;
  std::condition_variable wdCv;

  // Online games: the store and the routes over it (server/online.h).
  std::unique_ptr<Store> store;
  std::unique_ptr<OnlineGames> online;

  explicit Impl(ServerOptions o) : opt(std::move(o)) {
    if (opt.maxSearches < 1) opt.maxSearches = 1;
    if (!opt.db.empty()) {
      store = openStore(opt.db);
      OnlineOptions oo;
      oo.maxWatchers = std::max(1, opt.maxWatchers);
      oo.gamesPerMinute = opt.gamesPerMinute;
      oo.maxOpenGames = opt.maxOpenGames;
      oo.abandonAfterMs = opt.abandonAfterMs;
      oo.sweepEveryMs = opt.sweepEveryMs;
      oo.quiet = opt.quiet;
      online = std::make_unique<OnlineGames>(*store, oo);
    }
    engines.resize(size_t(opt.maxSearches));
    busy.assign(size_t(opt.maxSearches), false);
    setupRoutes();
    watchdog = std::thread([this] { watchdogLoop(); });
  }

  ~Impl() { shutdown(); }

  std::mutex shutdownMutex;
  bool shutDown = false;

  /// Idempotent; a second caller waits until the first one has finished.
  void shutdown() {
    std::lock_guard once(shutdownMutex);
    if (shutDown) return;
    shutDown = true;
    stopping = true;
    if (online) online->stop();  // wakes event streams, which hold workers
    http.stop();
    if (listenThread.joinable()) listenThread.join();
    {
      std::lock_guard lk(wdMutex);
      wdCv.notify_all();
    }
    if (watchdog.joinable()) watchdog.join();
    std::map<std::string, std::shared_ptr<SearchJob>> all;
    {
      std::lock_guard lk(m);
      all.swap(jobs);
      for (auto& [id, job] : all)
        if (job->engine) job->engine->stop();
    }
    // /move and /analyze join their own job thread (runSync) once the stop
    // has ended it; joining it here too would be a double join.
    for (auto& [id, job] : all)
      if (!job->sync && job->thread.joinable()) job->thread.join();
  }

  // ---- engines and searches ----

  /// Finds a free engine slot, or -1 when maxSearches are running.
  int acquireSlot() {
    for (size_t i = 0; i < busy.size(); ++i)
      if (!busy[i]) {
        busy[i] = true;
        if (!engines[i]) {
          engines[i] = std::make_unique<Engine>(opt.hashMiB);
          engines[i]->setThreads(opt.threads);
        }
        return int(i);
      }
    return -1;
  }

  int runningCount() {
    int n = 0;
    for (bool b : busy) n += b;
    return n;
  }

  /// Starts a job; returns false (503) when every engine is busy.
  bool launch(const std::shared_ptr<SearchJob>& job) {
    std::lock_guard lk(m);
    if (stopping) return false;
    int slot = acquireSlot();
    if (slot < 0) return false;
    job->slot = slot;
    job->engine = engines[size_t(slot)].get();
    // Behind a proxy the instance name leads the id, so the proxy can send
    // the polls of a search to the process that runs it (docs/deploy.md).
    job->id = (opt.name.empty() ? "" : opt.name + "-") + std::to_string(nextId++) + "-" +
              std::to_string(idRng() % 1000000);
    jobs[job->id] = job;
    job->thread = std::thread([this, job] { runJob(job); });
    std::vector<std::shared_ptr<SearchJob>> dropped = dropOldFinished();
    // Joining is quick (they are done) and needs no lock: the job threads
    // never take m after marking themselves done.
    for (auto& old : dropped)
      if (old->thread.joinable()) old->thread.join();
    return true;
  }

  /// Forgets the oldest finished searches beyond maxKeptSearches, so a client
  /// starting searches in a loop cannot grow memory for keepResultMs. Caller
  /// holds m; returns the dropped jobs (their threads still to be joined).
  std::vector<std::shared_ptr<SearchJob>> dropOldFinished() {
    std::vector<std::pair<Clock::time_point, std::string>> finished;
    for (auto& [id, job] : jobs) {
      if (job->sync) continue;
      std::lock_guard jl(job->m);
      if (job->done) finished.emplace_back(job->finished, id);
    }
    std::vector<std::shared_ptr<SearchJob>> dropped;
    if (finished.size() <= opt.maxKeptSearches) return dropped;
    std::sort(finished.begin(), finished.end());
    for (size_t i = 0; i < finished.size() - opt.maxKeptSearches; ++i) {
      auto it = jobs.find(finished[i].second);
      dropped.push_back(it->second);
      jobs.erase(it);
    }
    return dropped;
  }

  void runJob(const std::shared_ptr<SearchJob>& job) {
    json result;
    int status = 200;
    try {
      auto onProgress = [job](const Progress& p) {
        std::lock_guard lk(job->m);
        job->progress = p;
        job->hasProgress = true;
      };
      job->engine->clear();
      job->engine->setSeed(job->seed);
      if (job->review) {
        result = reviewLoop(*job);
      } else {
        bool external = false;
        ThinkResult r = thinkFor(*job, job->game, &external, onProgress);
        result = job->analyze ? analysisJson(job->game, r) : turnJson(*job, r, &status);
        if (external && status == 200) markExternal(*job, job->analyze ? result : result["search"]);
      }
    } catch (const ExternalFailure& e) {
      status = 502;
      result = json{{"error", e.what()}};
    } catch (const std::exception& e) {
      status = 500;
      result = json{{"error", std::string("search failed: ") + e.what()}};
    }
    {
      std::lock_guard lk(m);
      busy[size_t(job->slot)] = false;
      job->engine = nullptr;
    }
    {
      std::lock_guard lk(job->m);
      job->result = std::move(result);
      job->status = status;
      job->done = true;
      job->finished = Clock::now();
    }
    job->cv.notify_all();
  }

  /// The turn (or analysis) of the side to act in `g`: an external engine's
  /// stone when the job names one and a stone is due, else our engine (which
  /// also makes the opening choices and draw answers for a brain). *external
  /// tells which.
  ThinkResult thinkFor(SearchJob& job, const Game& g, bool* external,
                       const std::function<void(const Progress&)>& onProgress = {}) {
    *external = job.external && g.phase() == Phase::PLAY;
    if (*external) {
      int64_t ms = job.analyze || job.review ? job.analyzeMs : levelSettings(job.level, g.rules().variant).limits.timeMs;
      ExternalMove reply = job.external->play(g, ms);
      if (!reply.error.empty())
        throw ExternalFailure("the engine '" + job.external->name + "' failed: " + reply.error);
      Game trial = g;
      std::string err = trial.applyToken(reply.token);
      if (!err.empty())
        throw ExternalFailure("the engine '" + job.external->name + "' played an illegal move: " + err);
      ThinkResult r;
      r.tokens = {reply.token};
      r.move = trial.board().lastMove();
      r.pv = {r.move};
      r.timeMs = reply.timeMs;
      return r;
    }
    if (job.analyze || job.review) {
      Limits lim;
      lim.timeMs = job.analyzeMs;
      return job.engine->think(g, lim, onProgress);
    }
    return job.engine->think(g, job.level, onProgress);
  }

  /// An external engine gives a move, not a value.
  static void markExternal(const SearchJob& job, json& search) {
    if (!search.is_object()) return;
    search["eval"] = nullptr;
    search["mateIn"] = nullptr;
    search["engine"] = job.external->name;
  }

  static json searchJson(const ThinkResult& r) {
    json s{{"depth", r.depth}, {"eval", r.eval}, {"nodes", r.nodes},
           {"timeMs", r.timeMs}, {"pv", pointList(r.pv)}};
    s["mateIn"] = r.mateIn ? json(*r.mateIn) : json(nullptr);
    return s;
  }

  /// Applies the computer's tokens and describes the turn.
  json turnJson(SearchJob& job, const ThinkResult& r, int* status) {
    Game g = job.game;
    std::optional<Color> mover = g.toMove();
    json steps = json::array();
    json actions = json::array();
    for (const std::string& t : r.tokens) {
      std::string err = g.applyToken(t);
      if (!err.empty()) {
        *status = 500;
        return json{{"error", "engine produced an illegal action '" + t + "': " + err}};
      }
      actions.push_back(t);
      steps.push_back(stateJson(g));
    }
    json s = searchJson(r);
    s["level"] = levelName(job.level);
    s["seed"] = job.seed;
    s["side"] = mover ? json(*mover == BLACK ? "black" : "white") : json(nullptr);
    json state = stateJson(g);
    return json{{"actions", actions}, {"record", state["record"]}, {"state", state},
                {"steps", steps}, {"search", s}};
  }

  json analysisJson(const Game& g, const ThinkResult& r) {
    json s = searchJson(r);
    std::optional<Color> side = g.toMove();
    s["side"] = side ? json(*side == BLACK ? "black" : "white") : json(nullptr);
    s["best"] = r.tokens;
    return s;
  }

  /// The evaluation of one reviewed position (docs/api.md, /review).
  static json reviewPosition(size_t ply, const Game& g, const ThinkResult* r) {
    json p{{"ply", ply}, {"phase", phaseName(g.phase())}};
    std::optional<Color> side = g.toMove();
    p["side"] = side ? json(*side == BLACK ? "black" : "white") : json(nullptr);
    if (g.over()) {
      Result::Winner w = g.result()->winner;
      p["eval"] = nullptr;
      p["mateIn"] = nullptr;
      p["evalBlack"] = w == Result::BLACK_WINS ? VALUE_WIN : w == Result::WHITE_WINS ? -VALUE_WIN : 0;
      p["best"] = json::array();
      p["pv"] = json::array();
      return p;
    }
    p.update(searchJson(*r));
    p["best"] = r->tokens;
    // Opening choices and draw answers are decisions, not evaluations of the
    // position: no value for the graph there.
    bool valued = g.phase() == Phase::PLAY || g.phase() == Phase::REEL_PENDING;
    if (!valued) {
      p["eval"] = nullptr;
      p["mateIn"] = nullptr;
    }
    p["evalBlack"] = valued ? json(*side == BLACK ? r->eval : -r->eval) : json(nullptr);
    return p;
  }

  /// Marks each stone of the record by what it lost for its player against
  /// the engine's choice: positions[k] is before action k, [k+1] after it.
  /// byDepth[k]: the value of positions[k] after each completed iteration.
  static json reviewMoves(const GameRequest& request, const json& positions,
                          const std::vector<DepthValues>& byDepth, Variant variant) {
    // Evaluation units differ: Fishing counts 1000 a capture point.
    const int unit = variant == Variant::FISHING ? 8 : 1;
    const int inaccuracy = 60 * unit, mistake = 150 * unit, blunder = 400 * unit;
    std::vector<std::string> tokens = splitRecord(request.record);
    json moves = json::array();
    for (size_t k = 0; k + 1 < positions.size() && k < tokens.size(); ++k) {
      const json& before = positions[k];
      const json& after = positions[k + 1];
      json m{{"ply", k + 1}, {"token", tokens[k]}, {"side", before["side"]},
             {"best", before["best"]}, {"loss", nullptr}, {"mark", nullptr}};
      bool stone = parsePoint(tokens[k]).has_value();
      bool own = !before["best"].empty() && before["best"][0] == tokens[k];
      if (stone && !own && before["evalBlack"].is_number() && after["evalBlack"].is_number() &&
          before["side"].is_string()) {
        int sign = before["side"] == "black" ? 1 : -1;
        int v0 = sign * before["evalBlack"].get<int>(), v1 = sign * after["evalBlack"].get<int>();
        // Values of searches of different depths swing with the parity (a
        // four is worth far more to the side to move): compare the position
        // at depth d with the one after the stone at depth d - 1, the same
        // tree as far as the stone, when the sides alternate.
        if (after["side"].is_string() && after["side"] != before["side"] && k + 1 < byDepth.size()) {
          const DepthValues &d0 = byDepth[k], &d1 = byDepth[k + 1];
          for (auto it = d0.rbegin(); it != d0.rend(); ++it)
            if (auto next = d1.find(it->first - 1); next != d1.end()) {
              v0 = it->second;
              v1 = -next->second;
              break;
            }
        }
        int loss = std::max(0, v0 - v1);
        m["loss"] = loss;
        const char* mark = nullptr;
        if (v0 > -VALUE_WIN_MIN && v1 <= -VALUE_WIN_MIN) mark = "blunder";  // into a forced loss
        else if (v0 >= VALUE_WIN_MIN && v1 < VALUE_WIN_MIN) mark = "mistake";  // a forced win let go
        else if (loss >= blunder) mark = "blunder";
        else if (loss >= mistake) mark = "mistake";
        else if (loss >= inaccuracy) mark = "inaccuracy";
        if (mark) m["mark"] = mark;
      } else if (stone && own) {
        m["loss"] = 0;
      }
      moves.push_back(std::move(m));
    }
    return moves;
  }

  /// /review: analyses the position after every prefix of the record, in
  /// order, publishing each as it is done; a stop ends it early.
  json reviewLoop(SearchJob& job) {
    std::vector<std::string> tokens = splitRecord(job.request.record);
    Game g(job.request.rules);
    json positions = json::array();
    std::vector<DepthValues> byDepth;
    bool complete = true;
    std::string failure;
    for (size_t k = 0; k <= tokens.size(); ++k) {
      if (job.stopAsked || stopping) {
        complete = false;
        break;
      }
      ThinkResult r;
      bool external = false;
      DepthValues values;
      if (!g.over()) {
        try {
          r = thinkFor(job, g, &external, [&values](const Progress& p) { values[p.depth] = p.eval; });
        } catch (const ExternalFailure& e) {  // keep what is done
          failure = e.what();
          complete = false;
          break;
        }
        if (job.stopAsked || stopping) {  // cut short: not a fair value
          complete = false;
          break;
        }
      }
      positions.push_back(reviewPosition(k, g, &r));
      byDepth.push_back(std::move(values));
      if (external) {
        markExternal(job, positions.back());
        positions.back()["evalBlack"] = nullptr;
      }
      {
        std::lock_guard lk(job.m);
        job.reviewed.push_back(positions.back());
      }
      if (k < tokens.size() && !g.applyToken(tokens[k]).empty()) break;  // replayed before: cannot fail
    }
    json out{{"complete", complete}, {"positions", positions},
             {"moves", reviewMoves(job.request, positions, byDepth, job.request.rules.variant)}};
    if (!failure.empty()) out["error"] = failure;
    return out;
  }

  json progressJson(SearchJob& job) {
    // caller holds job.m
    json p{{"elapsedMs", msSince(job.started)}};
    if (job.review) {
      p["done"] = job.reviewed.size();
      p["total"] = job.reviewTotal;
      p["positions"] = job.reviewed;
      return p;
    }
    if (job.hasProgress) {
      p["depth"] = job.progress.depth;
      p["eval"] = job.progress.eval;
      p["nodes"] = job.progress.nodes;
      p["pv"] = pointList(job.progress.pv);
    } else {
      p["depth"] = 0;
    }
    return p;
  }

  json jobStatusJson(SearchJob& job) {
    std::lock_guard lk(job.m);
    json j{{"id", job.id}, {"progress", progressJson(job)}};
    if (!job.done) {
      j["status"] = "running";
    } else if (job.status == 200) {
      j["status"] = "done";
      j["result"] = job.result;
    } else {
      j["status"] = "error";
      j["error"] = job.result.value("error", "search failed");
    }
    return j;
  }

  std::shared_ptr<SearchJob> findJob(const std::string& id) {
    std::lock_guard lk(m);
    auto it = jobs.find(id);
    return it == jobs.end() ? nullptr : it->second;
  }

  /// Stops searches that run too long and forgets old finished ones.
  void watchdogLoop() {
    std::unique_lock wl(wdMutex);
    while (!stopping) {
      wdCv.wait_for(wl, std::chrono::milliseconds(50));
      std::vector<std::shared_ptr<SearchJob>> expired;
      {
        std::lock_guard lk(m);
        for (auto it = jobs.begin(); it != jobs.end();) {
          auto& job = it->second;
          bool finished;
          Clock::time_point fin;
          {
            std::lock_guard jl(job->m);
            finished = job->done;
            fin = job->finished;
          }
          // Repeated on every tick: a stop that arrives before think() has
          // started (and reset its flag) must not be lost.
          if (!finished && job->engine &&
              msSince(job->started) > (job->capMs > 0 ? job->capMs : opt.maxThinkMs))
            job->stopAsked = true;
          if (!finished && job->engine && job->stopAsked) job->engine->stop();
          if (finished && !job->sync && msSince(fin) > opt.keepResultMs) {
            expired.push_back(job);
            it = jobs.erase(it);
          } else {
            ++it;
          }
        }
        for (auto& job : dropOldFinished()) expired.push_back(job);
      }
      for (auto& job : expired)
        if (job->thread.joinable()) job->thread.join();
    }
  }

  // ---- request parsing ----

  /// A job with the request's game; nullptr (with the error sent) when the
  /// body or its record is bad.
  static std::shared_ptr<SearchJob> parseJob(const httplib::Request& req, httplib::Response& res,
                                             json* body,
                                             std::initializer_list<const char*> fields) {
    std::string err;
    auto job = std::make_shared<SearchJob>();
    int status = parseGameRequest(req.body, &job->request, &job->game, body, &err, fields);
    if (status != 200) {
      sendError(res, status, err);
      return nullptr;
    }
    return job;
  }

  /// The body's "timeMs" (default `def`, 10 to `max`) into *out; false (with
  /// the error sent) when it is not such an integer.
  static bool parseTimeMs(const json& body, int64_t def, int64_t max, int64_t* out,
                          httplib::Response& res) {
    *out = def;
    if (!body.contains("timeMs")) return true;
    if (!body["timeMs"].is_number_integer()) {
      sendError(res, 400, "'timeMs' must be an integer number of milliseconds");
      return false;
    }
    *out = body["timeMs"].get<int64_t>();
    if (*out < 10 || *out > max) {
      sendError(res, 400, "'timeMs' must be between 10 and " + std::to_string(max));
      return false;
    }
    return true;
  }

  /// Parses the body into a job (game + level); on error fills res.
  std::shared_ptr<SearchJob> parseSearch(const httplib::Request& req, httplib::Response& res,
                                         bool analyze, bool polled) {
    json body;
    auto job = polled ? parseJob(req, res, &body, {"analyze", "timeMs", "level", "seed", "engine"})
               : analyze ? parseJob(req, res, &body, {"timeMs", "engine"})
                         : parseJob(req, res, &body, {"level", "seed", "engine"});
    if (!job) return nullptr;
    job->analyze = analyze;
    if (analyze) {
      if (!parseTimeMs(body, 1500, opt.maxAnalyzeMs, &job->analyzeMs, res)) return nullptr;
    } else {
      std::string lv = "medium";
      if (body.contains("level")) {
        if (!body["level"].is_string()) {
          sendError(res, 400, "'level' must be a string: easy, medium (normal) or hard");
          return nullptr;
        }
        lv = body["level"].get<std::string>();
      }
      auto level = parseLevel(lv);
      if (!level) {
        sendError(res, 400, "unknown level '" + lv + "' (easy, medium, normal, hard)");
        return nullptr;
      }
      job->level = *level;
      // Without a seed every game gets its own: the weaker levels vary
      // their moves by it, and the same seed repeats them.
      if (body.contains("seed")) {
        if (!body["seed"].is_number_unsigned()) {
          sendError(res, 400, "'seed' must be a non-negative integer");
          return nullptr;
        }
        job->seed = body["seed"].get<uint64_t>();
      } else {
        std::lock_guard lk(m);
        job->seed = idRng() >> 11;  // 53 bits: exact as a JavaScript number
      }
    }
    if (!parseEngine(body, *job, res)) return nullptr;
    if (job->game.over()) {
      sendError(res, 409, "the game is over: there is nothing to search");
      return nullptr;
    }
    return job;
  }

  /// Parses a /review request (the game may be over); on error fills res.
  std::shared_ptr<SearchJob> parseReview(const httplib::Request& req, httplib::Response& res) {
    json body;
    auto job = parseJob(req, res, &body, {"timeMs", "engine"});
    if (!job) return nullptr;
    job->review = true;
    int64_t ms;
    if (!parseTimeMs(body, 300, MAX_REVIEW_POSITION_MS, &ms, res)) return nullptr;
    size_t actions = splitRecord(job->request.record).size();
    if (actions > MAX_REPLAY_ACTIONS) {
      sendError(res, 400, "the record is too long to review (at most " +
                              std::to_string(MAX_REPLAY_ACTIONS) + " actions)");
      return nullptr;
    }
    if (!parseEngine(body, *job, res)) return nullptr;
    job->reviewTotal = actions + 1;
    // A long game gets less time a position, so the whole review fits in
    // maxReviewMs (the watchdog ends it there).
    int64_t share = opt.maxReviewMs * 9 / 10 / int64_t(job->reviewTotal);
    job->analyzeMs = std::max<int64_t>(10, std::min(ms, share));
    job->capMs = opt.maxReviewMs;
    return job;
  }

  /// The request's "engine" (absent or "builtin": ours) into job.external;
  /// false (with the error sent) for an unknown name or a game it cannot play.
  bool parseEngine(const json& body, SearchJob& job, httplib::Response& res) {
    if (!body.contains("engine")) return true;
    std::string names = "builtin";
    for (const ExternalEngine& e : opt.engines) names += ", " + e.name;
    if (!body["engine"].is_string()) {
      sendError(res, 400, "'engine' must be a string: " + names);
      return false;
    }
    std::string name = body["engine"].get<std::string>();
    if (name == "builtin") return true;
    for (const ExternalEngine& e : opt.engines)
      if (e.name == name) job.external = &e;
    if (!job.external) {
      sendError(res, 400, "unknown engine '" + name + "' (" + names + ")");
      return false;
    }
    Variant v = job.request.rules.variant;
    if (v != Variant::GOMOKU && v != Variant::RENJU) {
      sendError(res, 400, "the engine '" + name + "' is a Gomocup brain: it plays Gomoku (freestyle, exact five) "
                          "and Renju, not " + variantName(v));
      return false;
    }
    return true;
  }

  void sendBusy(httplib::Response& res) {
    sendError(res, 503, "the server is busy: " + std::to_string(opt.maxSearches) +
                            " searches are already running; try again in a moment");
    res.set_header("Retry-After", "1");
  }

  /// Runs a job to completion in the request thread's time and answers.
  void runSync(const std::shared_ptr<SearchJob>& job, httplib::Response& res) {
    job->sync = true;
    if (!launch(job)) return sendBusy(res);
    {
      std::unique_lock lk(job->m);
      job->cv.wait(lk, [&] { return job->done; });
    }
    {
      std::lock_guard lk(m);
      jobs.erase(job->id);
    }
    if (job->thread.joinable()) job->thread.join();
    sendJson(res, job->status, job->result);
  }

  // ---- routes ----

  void setupRoutes() {
    // More workers (with the short keep-alive above) keep several tabs served.
    // Event streams and long polls of online games hold a worker each while
    // they wait: they get workers of their own (at most maxWatchers of them).
    int workers = 32 + (online ? std::max(1, opt.maxWatchers) : 0);
    http.new_task_queue = [workers] { return new httplib::ThreadPool(size_t(workers)); };
    // Keep-alive, read and write timeouts, the request head and the
    // request's total time are enforced by GuardedServer (connection.h); the
    // two keep-alive setters only fill in the Keep-Alive header of answers.
    http.set_keep_alive_timeout(KEEP_ALIVE_SEC);
    http.set_keep_alive_max_count(KEEP_ALIVE_MAX_REQUESTS);
    http.set_payload_max_length(opt.maxBodyBytes);
    if (!opt.name.empty()) http.set_default_headers({{"X-Gomoku-Instance", opt.name}});

    // cpp-httplib 0.11 applies the payload limit only to bodies with a
    // Content-Length; a chunked body would be read whole, however long. The
    // pre-routing handler runs before the body is read: refuse those.
    http.set_pre_routing_handler([](const httplib::Request& req, httplib::Response& res) {
      if (!req.has_header("Transfer-Encoding")) return httplib::Server::HandlerResponse::Unhandled;
      sendError(res, 411, "send the request body with a Content-Length (no Transfer-Encoding)");
      res.set_header("Connection", "close");
      return httplib::Server::HandlerResponse::Handled;
    });

    for (auto [ext, type] : {std::pair{"js", "text/javascript; charset=utf-8"},
                             std::pair{"mjs", "text/javascript; charset=utf-8"},
                             std::pair{"css", "text/css; charset=utf-8"},
                             std::pair{"html", "text/html; charset=utf-8"},
                             std::pair{"svg", "image/svg+xml"},
                             std::pair{"json", "application/json"},
                             std::pair{"webmanifest", "application/manifest+json"},
                             std::pair{"png", "image/png"},
                             std::pair{"ico", "image/x-icon"},
                             std::pair{"txt", "text/plain; charset=utf-8"}})
      http.set_file_extension_and_mimetype_mapping(ext, type);
    if (!opt.webRoot.empty() && !http.set_mount_point("/", opt.webRoot) && !opt.quiet)
      std::cerr << "warning: web root '" << opt.webRoot << "' not found; only the API is served\n";

    http.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
      if (!res.body.empty()) return;
      // A person who mistyped a page gets a page back; programs calling the
      // API keep their JSON errors.
      if (res.status == 404 && req.path.rfind("/api/", 0) != 0)
        return res.set_content(notFoundPage(req.path), "text/html; charset=utf-8");
      std::string msg;
      switch (res.status) {
        case 400: msg = "bad request: malformed request line or headers"; break;
        case 404: msg = "not found: " + req.path; break;
        case 405: msg = "method not allowed"; break;
        case 411: msg = "a Content-Length is required"; break;
        case 413: msg = "request body too large"; break;
        case 414: msg = "request URI too long"; break;
        default: msg = "HTTP error " + std::to_string(res.status);
      }
      res.set_content(jsonText(json{{"error", msg}}), "application/json");
    });
    http.set_exception_handler([](const httplib::Request&, httplib::Response& res,
                                  std::exception_ptr ep) {
      std::string what = "internal error";
      try {
        if (ep) std::rethrow_exception(ep);
      } catch (const std::exception& e) {
        what += std::string(": ") + e.what();
      } catch (...) {
      }
      sendError(res, 500, what);
    });
    if (!opt.quiet)
      http.set_logger([](const httplib::Request& req, const httplib::Response& res) {
        if (req.path.rfind("/api/", 0) == 0 && req.method == "GET" &&
            req.path.find("/search/") != std::string::npos)
          return;  // progress polls would flood the log
        std::fprintf(stderr, "%s %s -> %d\n", req.method.c_str(), req.path.c_str(), res.status);
      });

    http.Get("/api/v1/health", [this](const httplib::Request&, httplib::Response& res) {
      int running;
      {
        std::lock_guard lk(m);
        running = runningCount();
      }
      json h{{"status", "ok"},
             {"version", GOMOKU_VERSION_STRING},
             {"searches", {{"running", running}, {"max", opt.maxSearches}}}};
      if (!opt.name.empty()) h["instance"] = opt.name;
      sendJson(res, 200, h);
    });

    // What this server offers: the games, the levels and the engines (the
    // built-in one and any --brain), for the UI's choices.
    http.Get("/api/v1/info", [this](const httplib::Request&, httplib::Response& res) {
      json engineList = json::array();
      engineList.push_back({{"name", "builtin"},
                            {"builtin", true},
                            {"rules", {"freestyle", "renju", "captures", "fishing"}}});
      for (const ExternalEngine& e : opt.engines)
        engineList.push_back({{"name", e.name},
                              {"builtin", false},
                              {"description", e.description},
                              {"rules", {"freestyle", "renju"}}});
      json info{{"version", GOMOKU_VERSION_STRING},
                {"rules", {"freestyle", "renju", "captures", "fishing"}},
                {"levels", {"easy", "medium", "hard"}},
                {"engines", engineList},
                {"limits",
                 {{"maxSearches", opt.maxSearches},
                  {"analyzeMs", {10, opt.maxAnalyzeMs}},
                  {"reviewPositionMs", {10, MAX_REVIEW_POSITION_MS}},
                  {"maxReviewMs", opt.maxReviewMs},
                  {"maxActions", MAX_REPLAY_ACTIONS}}}};
      if (!opt.name.empty()) info["instance"] = opt.name;
      sendJson(res, 200, info);
    });

    if (online) online->addRoutes(http);

    http.Post("/api/v1/state", [](const httplib::Request& req, httplib::Response& res) {
      GameRequest gr;
      Game game;
      json body;
      std::string err;
      int status = parseGameRequest(req.body, &gr, &game, &body, &err);
      if (status != 200) return sendError(res, status, err);
      sendJson(res, 200, stateJson(game));
    });

    // Every state of the game, after 0, 1, ... n actions (review, undo and
    // move colours in the UI without one request per action).
    http.Post("/api/v1/replay", [](const httplib::Request& req, httplib::Response& res) {
      GameRequest gr;
      Game game;
      json body;
      std::string err;
      int status = parseGameRequest(req.body, &gr, &game, &body, &err);
      if (status != 200) return sendError(res, status, err);
      std::vector<std::string> tokens = splitRecord(gr.record);
      if (tokens.size() > MAX_REPLAY_ACTIONS)
        return sendError(res, 400, "the record is too long to replay (at most " +
                                       std::to_string(MAX_REPLAY_ACTIONS) + " actions)");
      Game g(gr.rules);
      json states = json::array();
      states.push_back(stateJson(g));
      for (const std::string& t : tokens) {
        std::string e = g.applyToken(t);
        if (!e.empty()) return sendError(res, 422, "illegal record: " + e);
        states.push_back(stateJson(g));
      }
      sendJson(res, 200, json{{"states", states}});
    });

    http.Post("/api/v1/move", [this](const httplib::Request& req, httplib::Response& res) {
      if (auto job = parseSearch(req, res, false, false)) runSync(job, res);
    });

    http.Post("/api/v1/analyze", [this](const httplib::Request& req, httplib::Response& res) {
      if (auto job = parseSearch(req, res, true, false)) runSync(job, res);
    });

    // Game review: every position of the record analysed in the background,
    // polled like /search (docs/api.md).
    http.Post("/api/v1/review", [this](const httplib::Request& req, httplib::Response& res) {
      auto job = parseReview(req, res);
      if (!job) return;
      if (!launch(job)) return sendBusy(res);
      sendJson(res, 202, jobStatusJson(*job));
    });

    // Asynchronous computer turn (or analysis with "analyze": true): returns
    // an id to poll for progress and the result.
    http.Post("/api/v1/search", [this](const httplib::Request& req, httplib::Response& res) {
      bool analyze = false;
      try {
        json b = json::parse(req.body);
        analyze = b.is_object() && b.value("analyze", false);
      } catch (...) {
      }
      auto job = parseSearch(req, res, analyze, true);
      if (!job) return;
      if (!launch(job)) return sendBusy(res);
      sendJson(res, 202, jobStatusJson(*job));
    });

    http.Get(R"(/api/v1/search/([A-Za-z0-9-]{1,40}))",
             [this](const httplib::Request& req, httplib::Response& res) {
               auto job = findJob(req.matches[1]);
               if (!job) return sendError(res, 404, "no such search (finished searches are kept " +
                                                        std::to_string(opt.keepResultMs / 1000) +
                                                        " s)");
               sendJson(res, 200, jobStatusJson(*job));
             });

    http.Post(R"(/api/v1/search/([A-Za-z0-9-]{1,40})/stop)",
              [this](const httplib::Request& req, httplib::Response& res) {
                auto job = findJob(req.matches[1]);
                if (!job) return sendError(res, 404, "no such search");
                {
                  std::lock_guard lk(m);
                  if (job->engine) {
                    job->stopAsked = true;
                    job->engine->stop();
                  }
                }
                sendJson(res, 200, jobStatusJson(*job));
              });
  }
};

HttpServer::HttpServer(ServerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}
HttpServer::~HttpServer() { stop(); }

int HttpServer::bind() {
  if (impl_->opt.port == 0)
    impl_->boundPort = impl_->http.bind_to_any_port(impl_->opt.host);
  else
    impl_->boundPort =
        impl_->http.bind_to_port(impl_->opt.host, impl_->opt.port) ? impl_->opt.port : -1;
  return impl_->boundPort;
}

bool HttpServer::listen() { return impl_->http.listen_after_bind(); }

int HttpServer::start() {
  int p = bind();
  if (p < 0) return -1;
  impl_->listenThread = std::thread([this] { impl_->http.listen_after_bind(); });
  for (int i = 0; i < 500 && !impl_->http.is_running(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  return p;
}

void HttpServer::stop() {
  if (impl_) impl_->shutdown();
}

int HttpServer::port() const { return impl_->boundPort; }
const ServerOptions& HttpServer::options() const { return impl_->opt; }

int runServer(const ServerOptions& options) {
  // Block SIGINT/SIGTERM in every thread; one thread waits for them and stops
  // the server, so the process ends cleanly (searches stopped and joined).
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &set, nullptr);

  std::unique_ptr<HttpServer> owned;
  try {
    owned = std::make_unique<HttpServer>(options);
  } catch (const StoreError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
  HttpServer& server = *owned;
  int port = server.bind();
  if (port < 0) {
    std::cerr << "error: cannot listen on " << options.host << ":" << options.port << "\n";
    return 1;
  }
  std::string shownHost = options.host;
  if (shownHost.find(':') != std::string::npos) shownHost = "[" + shownHost + "]";
  std::cout << "Open http://" << shownHost << ":" << port << "/ in your browser" << std::endl;

  std::thread signals([&server, set] {
    int sig = 0;
    sigwait(&set, &sig);
    server.stop();
  });
  signals.detach();
  server.listen();
  server.stop();
  return 0;
}

}  // namespace gomoku
