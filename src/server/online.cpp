// Online games: routes under /api/v1/games (online.h, docs/api.md).
#include "server/online.h"

#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>
#include <random>

#include "game/json.h"
#include "server/reply.h"
#include "server/request.h"
#include "server/room.h"
#include "server/secret.h"

namespace gomoku {

using nlohmann::json;

namespace {

constexpr int MAX_RETRIES = 8;          // version conflicts before giving up (busy game)
constexpr int64_t MAX_POLL_MS = 25000;  // longest wait of GET /games/{id}?after=N
constexpr double MAX_CLOCK_MINUTES = 180;
constexpr double MAX_INCREMENT_SECONDS = 180;
const char* GAME_PATH = R"(/api/v1/games/([A-Za-z0-9_-]{16}))";

/// A game read from the store and rebuilt.
struct Loaded {
  StoredGame row;
  Room room;
};

/// Thrown when stored data does not rebuild (written by something else).
struct DamagedGame {};

std::optional<Loaded> loadRoom(Store& store, const std::string& id) {
  std::optional<StoredGame> row = store.load(id);
  if (!row) return std::nullopt;
  std::optional<RoomSettings> settings;
  try {
    settings = RoomSettings::fromJson(json::parse(row->settings));
  } catch (const json::exception&) {
  }
  if (!settings) throw DamagedGame{};
  Loaded l{std::move(*row), Room(*settings)};
  for (const StoredEvent& e : l.row.events)
    if (!l.room.replay(e).empty()) throw DamagedGame{};
  return l;
}

/// Appends the flag event while the running clock has run out; returns the
/// game as it stands after. nullopt: no such game.
std::optional<Loaded> loadSettled(Store& store, const std::string& id) {
  for (int i = 0; i < MAX_RETRIES; ++i) {
    std::optional<Loaded> l = loadRoom(store, id);
    if (!l) return l;
    std::optional<StoredEvent> flag = l->room.flagEvent(wallClockMs());
    if (!flag) return l;
    AppendExtras x;
    x.finished = true;
    if (store.append(id, l->room.version(), *flag, x) == AppendResult::OK) {
      l->room.replay(*flag);
      return l;
    }
  }
  return loadRoom(store, id);
}

std::optional<Seat> seatOfToken(const StoredGame& g, const std::string& token) {
  if (token.empty()) return std::nullopt;
  std::string h = sha256Hex(token);
  for (Seat s : {Seat::BLACK, Seat::WHITE})
    if (!g.seatHash[int(s)].empty() && constantTimeEqual(g.seatHash[int(s)], h)) return s;
  return std::nullopt;
}

/// The link the friend opens. The host comes from the request (checked to
/// be a plain host[:port]), the scheme from a proxy's X-Forwarded-Proto.
std::string inviteLink(const httplib::Request& req, const std::string& id) {
  std::string path = "/?game=" + id;
  std::string host = req.get_header_value("Host");
  bool ok = !host.empty() && host.size() <= 255 &&
            std::all_of(host.begin(), host.end(), [](char c) {
              return std::isalnum((unsigned char)c) || c == '.' || c == '-' || c == ':' || c == '[' || c == ']';
            });
  if (!ok) return path;
  std::string scheme = req.get_header_value("X-Forwarded-Proto") == "https" ? "https" : "http";
  return scheme + "://" + host + path;
}

/// One server-sent event: "id", "data" (one line of JSON), blank line.
std::string sseMessage(int64_t id, const json& data) {
  return "id: " + std::to_string(id) + "\ndata: " + jsonText(data) + "\n\n";
}

json eventJson(const StoredEvent& e) {
  return json{{"seq", e.seq}, {"kind", e.kind}, {"data", e.data}, {"atMs", e.atMs}};
}

}  // namespace

struct OnlineGames::Impl {
  /// Store failures become 503 with a message that names nothing internal;
  /// the cause goes to the server's log.
  template <typename F>
  static void guarded(OnlineGames& self, httplib::Response& res, F&& f) {
    try {
      f();
    } catch (const StoreError& e) {
      if (!self.opt_.quiet) std::cerr << "game store: " << e.what() << "\n";
      sendError(res, 503, "the game store is unavailable; try again in a moment");
      res.set_header("Retry-After", "2");
    } catch (const DamagedGame&) {
      sendError(res, 500, "this game cannot be read");
    } catch (const std::exception& e) {
      if (!self.opt_.quiet) std::cerr << "online games: " << e.what() << "\n";
      sendError(res, 500, "internal error");
    }
  }

  /// Counts a creation by addr; false (and the seconds to wait) when the
  /// address has created gamesPerMinute games in the last minute.
  static bool allowCreate(OnlineGames& self, const std::string& addr, int* retryAfter) {
    std::lock_guard lk(self.rateMutex_);
    int64_t now = wallClockMs();
    if (self.created_.size() > 10000)  // forget quiet addresses
      for (auto it = self.created_.begin(); it != self.created_.end();)
        it = it->second.empty() || now - it->second.back() > 60000 ? self.created_.erase(it) : std::next(it);
    auto& times = self.created_[addr];
    while (!times.empty() && now - times.front() >= 60000) times.pop_front();
    if (int(times.size()) >= self.opt_.gamesPerMinute) {
      *retryAfter = int((60000 - (now - times.front())) / 1000) + 1;
      return false;
    }
    times.push_back(now);
    return true;
  }

  static void create(OnlineGames& self, const httplib::Request& req, httplib::Response& res) {
    GameRequest gr;
    Game game;
    json body;
    std::string err;
    // A misspelt "seat" or "clock" is a 400 too: it would silently start another game.
    int status = parseGameRequest(req.body, &gr, &game, &body, &err, {"seat", "clock"});
    if (status != 200) return sendError(res, status, err);
    if (!gr.record.empty())
      return sendError(res, 400, "an online game starts with an empty record");
    RoomSettings s;
    s.rules = gr.rules;
    if (body.contains("clock") && !body["clock"].is_null()) {
      const json& c = body["clock"];
      if (!c.is_object() || !c.contains("minutes") || !c["minutes"].is_number())
        return sendError(res, 400, "'clock' must be {\"minutes\": number, \"increment\": seconds}");
      if (!onlyFields(c, {}, {"minutes", "increment"}, "'clock'", &err))
        return sendError(res, 400, err);
      double minutes = c["minutes"].get<double>();
      double inc = c.contains("increment") ? (c["increment"].is_number() ? c["increment"].get<double>() : -1) : 0;
      if (!(minutes > 0 && minutes <= MAX_CLOCK_MINUTES))
        return sendError(res, 400, "'clock.minutes' must be more than 0 and at most 180");
      if (!(inc >= 0 && inc <= MAX_INCREMENT_SECONDS))
        return sendError(res, 400, "'clock.increment' must be 0 to 180 seconds");
      s.clockMs = std::max<int64_t>(1000, int64_t(minutes * 60000));
      s.incrementMs = int64_t(inc * 1000);
    }
    std::string seatWord = "random";
    if (body.contains("seat") && !body["seat"].is_null()) {
      if (!body["seat"].is_string()) return sendError(res, 400, "'seat' must be \"black\", \"white\" or \"random\"");
      seatWord = body["seat"].get<std::string>();
    }
    if (seatWord == "random") {
      seatWord = (randomBase64Url(1)[0] & 1) ? "black" : "white";
    }
    std::optional<Seat> seat = parseSeat(seatWord);
    if (!seat) return sendError(res, 400, "'seat' must be \"black\", \"white\" or \"random\"");
    s.creator = *seat;

    int retryAfter = 0;
    if (!allowCreate(self, req.remote_addr, &retryAfter)) {
      res.set_header("Retry-After", std::to_string(retryAfter));
      return sendError(res, 429, "too many new games from your address: at most " +
                                std::to_string(self.opt_.gamesPerMinute) + " a minute");
    }
    if (self.store_.openGames() >= self.opt_.maxOpenGames) {
      res.set_header("Retry-After", "60");
      return sendError(res, 429, "the server has too many unfinished games; try again later");
    }
    StoredGame g;
    g.id = newGameId();
    g.settings = jsonText(s.toJson());
    std::string token = newSeatToken();
    g.seatHash[int(*seat)] = sha256Hex(token);
    g.createdMs = g.updatedMs = wallClockMs();
    self.store_.create(g);
    Room room(s);
    sendJson(res, 201, json{{"id", g.id}, {"seat", seatName(*seat)}, {"token", token},
                        {"invite", inviteLink(req, g.id)}, {"game", room.toJson(g.createdMs)}});
  }

  static void join(OnlineGames& self, const std::string& id, httplib::Response& res) {
    for (int i = 0; i < MAX_RETRIES; ++i) {
      std::optional<Loaded> l = loadSettled(self.store_, id);
      if (!l) return sendError(res, 404, "no such game");
      Seat free = otherSeat(l->room.settings().creator);
      if (l->room.joined(free)) return sendError(res, 409, "both seats of this game are taken");
      if (l->room.over()) return sendError(res, 409, "this game is over");
      std::string token = newSeatToken();
      StoredEvent e{l->room.version() + 1, "join", seatName(free), wallClockMs()};
      AppendExtras x;
      x.claimSeat = free;
      x.claimHash = sha256Hex(token);
      AppendResult r = self.store_.append(id, l->room.version(), e, x);
      if (r == AppendResult::NOT_FOUND) return sendError(res, 404, "no such game");
      if (r == AppendResult::OK) {
        l->room.replay(e);
        return sendJson(res, 200, json{{"id", id}, {"seat", seatName(free)}, {"token", token},
                                   {"game", l->room.toJson(e.atMs)}});
      }
    }
    sendError(res, 503, "the game is busy; try again");
  }

  /// A new game for an accepted rematch: the same settings, the seats'
  /// tokens swapped, both seats taken. Returns its id.
  static std::string createRematch(OnlineGames& self, const Loaded& l) {
    RoomSettings s = l.room.settings();
    s.creator = Seat::BLACK;
    StoredGame g;
    g.id = newGameId();
    g.settings = jsonText(s.toJson());
    g.seatHash[int(Seat::BLACK)] = l.row.seatHash[int(Seat::WHITE)];
    g.createdMs = g.updatedMs = wallClockMs();
    self.store_.create(g);
    AppendExtras x;
    x.claimSeat = Seat::WHITE;
    x.claimHash = l.row.seatHash[int(Seat::BLACK)];
    self.store_.append(g.id, 0, StoredEvent{1, "join", "white", g.createdMs}, x);
    return g.id;
  }

  static void act(OnlineGames& self, const std::string& id, const httplib::Request& req,
                  httplib::Response& res) {
    json body;
    try {
      body = json::parse(req.body);
    } catch (const json::exception&) {
      return sendError(res, 400, "malformed JSON: send {\"token\": ..., \"action\": ...}");
    }
    if (!body.is_object()) return sendError(res, 400, "the request body must be a JSON object");
    std::string err;
    if (!onlyFields(body, {}, {"token", "action"}, "this request", &err))
      return sendError(res, 400, err);
    std::string token = body.contains("token") && body["token"].is_string() ? body["token"].get<std::string>() : "";
    if (!body.contains("action") || !body["action"].is_string())
      return sendError(res, 400, "'action' must be a string: a record token or an offer (docs/api.md)");
    std::string action = body["action"].get<std::string>();
    if (action.size() > 64) return sendError(res, 400, "'action' is too long");
    for (int i = 0; i < MAX_RETRIES; ++i) {
      std::optional<Loaded> l = loadSettled(self.store_, id);
      if (!l) return sendError(res, 404, "no such game");
      std::optional<Seat> seat = seatOfToken(l->row, token);
      if (!seat) return sendError(res, 403, "this token holds no seat in this game");
      int64_t now = wallClockMs();
      Room::Decision d = l->room.decide(*seat, action, now);
      if (!d.event) return sendError(res, 409, d.refusal);
      if (d.needsRematchGame) d.event->data = std::string(seatName(*seat)) + " " + createRematch(self, *l);
      AppendExtras x;
      x.finished = d.finishes;
      AppendResult r = self.store_.append(id, l->room.version(), *d.event, x);
      if (r == AppendResult::NOT_FOUND) return sendError(res, 404, "no such game");
      if (r == AppendResult::OK) {
        l->room.replay(*d.event);
        return sendJson(res, 200, json{{"event", eventJson(*d.event)}, {"game", l->room.toJson(now)}});
      }
    }
    sendError(res, 503, "the game is busy; try again");
  }

  /// RAII count of one waiting connection (event stream or long poll).
  struct WatcherSlot {
    OnlineGames& self;
    bool ok;
    explicit WatcherSlot(OnlineGames& s) : self(s), ok(++s.watchers_ <= s.opt_.maxWatchers) {}
    ~WatcherSlot() { --self.watchers_; }
  };

  static void busyWatchers(httplib::Response& res) {
    res.set_header("Retry-After", "5");
    sendError(res, 503, "too many live connections: poll GET /api/v1/games/{id} instead");
  }

  static void get(OnlineGames& self, const std::string& id, const httplib::Request& req,
                  httplib::Response& res) {
    if (!req.has_param("after")) {
      std::optional<Loaded> l = loadSettled(self.store_, id);
      if (!l) return sendError(res, 404, "no such game");
      json j = l->room.toJson(wallClockMs());
      j["id"] = id;
      return sendJson(res, 200, j);
    }
    // Long poll: answer once the version exceeds `after`, or after 25 s.
    int64_t after = 0;
    try {
      after = std::stoll(req.get_param_value("after"));
    } catch (...) {
      return sendError(res, 400, "'after' must be a version number");
    }
    WatcherSlot slot(self);
    if (!slot.ok) return busyWatchers(res);
    Watch::Subscription sub(self.store_.watch(), id);
    auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(MAX_POLL_MS);
    for (;;) {
      std::optional<Loaded> l = loadSettled(self.store_, id);
      if (!l) return sendError(res, 404, "no such game");
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now());
      if (l->room.version() > after || left.count() <= 0 || self.stopping_) {
        json j = l->room.toJson(wallClockMs());
        j["id"] = id;
        return sendJson(res, 200, j);
      }
      if (auto f = l->room.msToFlag(wallClockMs())) left = std::min(left, std::chrono::milliseconds(*f + 5));
      sub.wait(after, left);
    }
  }

  /// State of one event stream, shared by the calls of its content provider.
  struct Stream {
    std::string id;
    int64_t sent = -1;  ///< last version sent; -1: nothing yet
    bool snapshotFirst = true;
    std::unique_ptr<Watch::Subscription> sub;
    std::unique_ptr<WatcherSlot> slot;
    std::chrono::steady_clock::time_point lastWrite = std::chrono::steady_clock::now();
  };

  /// One turn of an event stream: send what is new, else wait a while.
  static bool pump(OnlineGames& self, Stream& st, httplib::DataSink& sink) {
    if (self.stopping_) {
      sink.done();
      return true;
    }
    std::optional<Loaded> l;
    try {
      l = loadSettled(self.store_, st.id);
    } catch (...) {
      return false;  // the client reconnects and resumes
    }
    if (!l) return false;
    std::string out;
    if (st.sent < 0) {
      json j = l->room.toJson(wallClockMs());
      j["id"] = st.id;
      out = sseMessage(l->room.version(), json{{"event", nullptr}, {"game", j}});
      st.sent = l->room.version();
    } else if (l->room.version() > st.sent) {
      // Every missed event, each with the game as it was right after it.
      Room r(l->room.settings());
      for (const StoredEvent& e : l->row.events) {
        r.replay(e);
        if (e.seq <= st.sent) continue;
        json j = r.toJson(wallClockMs());
        j["id"] = st.id;
        out += sseMessage(e.seq, json{{"event", eventJson(e)}, {"game", j}});
      }
      st.sent = l->room.version();
    }
    auto now = std::chrono::steady_clock::now();
    if (out.empty() && now - st.lastWrite >= std::chrono::milliseconds(self.opt_.heartbeatMs))
      out = ": keep-alive\n\n";
    if (!out.empty()) {
      if (!sink.write(out.data(), out.size())) return false;
      st.lastWrite = now;
    }
    auto wait = std::chrono::milliseconds(self.opt_.heartbeatMs);
    if (auto f = l->room.msToFlag(wallClockMs())) wait = std::min(wait, std::chrono::milliseconds(std::max<int64_t>(*f + 5, 1)));
    st.sub->wait(st.sent, wait);
    return true;
  }

  static void events(OnlineGames& self, const std::string& id, const httplib::Request& req,
                     httplib::Response& res) {
    auto st = std::make_shared<Stream>();
    st->id = id;
    st->slot = std::make_unique<WatcherSlot>(self);
    if (!st->slot->ok) return busyWatchers(res);
    std::string last = req.get_header_value("Last-Event-ID");
    if (last.empty() && req.has_param("after")) last = req.get_param_value("after");
    if (!last.empty()) {
      try {
        st->sent = std::max<int64_t>(0, std::stoll(last));
      } catch (...) {
        return sendError(res, 400, "Last-Event-ID must be an event number");
      }
    }
    st->sub = std::make_unique<Watch::Subscription>(self.store_.watch(), id);
    if (!loadRoom(self.store_, id)) return sendError(res, 404, "no such game");
    res.set_header("Cache-Control", "no-store");
    res.set_header("X-Accel-Buffering", "no");  // nginx: pass each event on at once
    OnlineGames* me = &self;
    res.set_chunked_content_provider(
        "text/event-stream",
        [me, st](size_t, httplib::DataSink& sink) { return pump(*me, *st, sink); });
  }

  static void sweep(OnlineGames& self) {
    std::unique_lock lk(self.sweepMutex_);
    while (!self.stopping_) {
      self.sweepCv_.wait_for(lk, std::chrono::milliseconds(self.opt_.sweepEveryMs));
      if (self.stopping_) break;
      try {
        for (const std::string& id : self.store_.idleGames(wallClockMs() - self.opt_.abandonAfterMs, 100)) {
          std::optional<Loaded> l = loadRoom(self.store_, id);
          if (!l || l->room.over()) continue;
          AppendExtras x;
          x.finished = true;
          self.store_.append(id, l->room.version(), StoredEvent{l->room.version() + 1, "abandon", "", wallClockMs()}, x);
        }
      } catch (const StoreError& e) {
        if (!self.opt_.quiet) std::cerr << "game store: " << e.what() << "\n";
      } catch (const DamagedGame&) {
      }
    }
  }
};

OnlineGames::OnlineGames(Store& store, OnlineOptions options) : store_(store), opt_(options) {
  sweeper_ = std::thread([this] { Impl::sweep(*this); });
}

OnlineGames::~OnlineGames() { stop(); }

void OnlineGames::stop() {
  {
    std::lock_guard lk(sweepMutex_);
    stopping_ = true;
    sweepCv_.notify_all();
  }
  store_.watch().close();
  if (sweeper_.joinable()) sweeper_.join();
}

void OnlineGames::addRoutes(httplib::Server& http) {
  http.Post("/api/v1/games", [this](const httplib::Request& req, httplib::Response& res) {
    Impl::guarded(*this, res, [&] { Impl::create(*this, req, res); });
  });
  http.Post(std::string(GAME_PATH) + "/join", [this](const httplib::Request& req, httplib::Response& res) {
    Impl::guarded(*this, res, [&] { Impl::join(*this, req.matches[1], res); });
  });
  http.Post(std::string(GAME_PATH) + "/actions", [this](const httplib::Request& req, httplib::Response& res) {
    Impl::guarded(*this, res, [&] { Impl::act(*this, req.matches[1], req, res); });
  });
  http.Get(GAME_PATH, [this](const httplib::Request& req, httplib::Response& res) {
    Impl::guarded(*this, res, [&] { Impl::get(*this, req.matches[1], req, res); });
  });
  http.Get(std::string(GAME_PATH) + "/events", [this](const httplib::Request& req, httplib::Response& res) {
    Impl::guarded(*this, res, [&] { Impl::events(*this, req.matches[1], req, res); });
  });
}

}  // namespace gomoku
