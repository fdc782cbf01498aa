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

/// A computer turn or an analysis, run in its own thread on a pooled engine.
struct SearchJob {
  std::string id;
  bool analyze = false;
  bool sync = false;  ///< /move, /analyze: the request thread removes and joins it
  GameRequest request;
  Game game;
  Level level = Level::MEDIUM;
  int64_t analyzeMs = 0;
  Clock::time_point started = Clock::now();

  std::mutex m;
  std::condition_variable cv;
  bool done = false;
  Progress progress;
  bool hasProgress = false;
  int status = 200;
  json result;
  Clock::time_point finished;
  std::atomic<bool> stopAsked{false};

  Engine* engine = nullptr;
  int slot = -1;
  std::thread thread;
};

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
        if (!engines[i]) engines[i] = std::make_unique<Engine>(opt.hashMiB);
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
      ThinkResult r;
      if (job->analyze) {
        Limits lim;
        lim.timeMs = job->analyzeMs;
        r = job->engine->think(job->game, lim, onProgress);
      } else {
        r = job->engine->think(job->game, job->level, onProgress);
      }
      result = job->analyze ? analysisJson(job->game, r) : turnJson(*job, r, &status);
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

  json progressJson(SearchJob& job) {
    // caller holds job.m
    json p{{"elapsedMs", msSince(job.started)}};
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
          if (!finished && job->engine && msSince(job->started) > opt.maxThinkMs)
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

  /// Parses the body into a job (game + level); on error fills res.
  std::shared_ptr<SearchJob> parseSearch(const httplib::Request& req, httplib::Response& res,
                                         bool analyze) {
    json body;
    std::string err;
    auto job = std::make_shared<SearchJob>();
    job->analyze = analyze;
    int status = parseGameRequest(req.body, &job->request, &job->game, &body, &err);
    if (status != 200) {
      sendError(res, status, err);
      return nullptr;
    }
    if (analyze) {
      int64_t ms = 1500;
      if (body.contains("timeMs")) {
        if (!body["timeMs"].is_number_integer()) {
          sendError(res, 400, "'timeMs' must be an integer number of milliseconds");
          return nullptr;
        }
        ms = body["timeMs"].get<int64_t>();
        if (ms < 10 || ms > opt.maxAnalyzeMs) {
          sendError(res, 400, "'timeMs' must be between 10 and " + std::to_string(opt.maxAnalyzeMs));
          return nullptr;
        }
      }
      job->analyzeMs = ms;
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
    }
    if (job->game.over()) {
      sendError(res, 409, "the game is over: there is nothing to search");
      return nullptr;
    }
    return job;
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
      if (auto job = parseSearch(req, res, false)) runSync(job, res);
    });

    http.Post("/api/v1/analyze", [this](const httplib::Request& req, httplib::Response& res) {
      if (auto job = parseSearch(req, res, true)) runSync(job, res);
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
      auto job = parseSearch(req, res, analyze);
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
