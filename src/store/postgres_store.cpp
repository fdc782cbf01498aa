// PostgreSQL store (postgres_store.h).
#include "store/postgres_store.h"

#include <libpq-fe.h>
#include <poll.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#include "store/migrations.h"

namespace gomoku {

namespace {

constexpr int POOL_SIZE = 4;
constexpr const char* CHANNEL = "gomoku_events";
// Held while migrating, so that processes starting together migrate once.
constexpr const char* MIGRATION_LOCK = "SELECT pg_advisory_xact_lock(7412001)";

/// A result, cleared when it goes out of scope.
class Result {
 public:
  explicit Result(PGresult* r) : r_(r) {}
  ~Result() { PQclear(r_); }
  Result(const Result&) = delete;
  Result& operator=(const Result&) = delete;
  int rows() const { return PQntuples(r_); }
  std::string text(int row, int col) const { return PQgetvalue(r_, row, col); }
  int64_t integer(int row, int col) const { return std::stoll(PQgetvalue(r_, row, col)); }
  int64_t affected() const {
    const char* n = PQcmdTuples(r_);
    return *n ? std::stoll(n) : 0;
  }

 private:
  PGresult* r_;
};

std::string errorOf(PGconn* c) {
  std::string m = PQerrorMessage(c);
  while (!m.empty() && (m.back() == '\n' || m.back() == ' ')) m.pop_back();
  return m;
}

PGconn* connect(const std::string& uri) {
  PGconn* c = PQconnectdb(uri.c_str());
  if (PQstatus(c) != CONNECTION_OK) {
    std::string m = errorOf(c);
    PQfinish(c);
    throw StoreError("cannot connect to PostgreSQL: " + m);
  }
  // Notices ("relation already exists, skipping") are not for the log.
  PQsetNoticeProcessor(c, [](void*, const char*) {}, nullptr);
  return c;
}

/// Runs sql with text parameters; throws StoreError unless it succeeds.
Result run(PGconn* c, const char* sql, std::initializer_list<std::string> params = {}) {
  std::vector<const char*> values;
  for (const std::string& p : params) values.push_back(p.c_str());
  PGresult* r = PQexecParams(c, sql, int(values.size()), nullptr, values.data(), nullptr, nullptr, 0);
  ExecStatusType st = PQresultStatus(r);
  if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) {
    std::string m = PQresultErrorMessage(r);
    PQclear(r);
    while (!m.empty() && m.back() == '\n') m.pop_back();
    throw StoreError("PostgreSQL: " + m);
  }
  return Result(r);
}

class PostgresStore final : public Store {
 public:
  explicit PostgresStore(const std::string& uri) : uri_(uri) {
    try {
      for (int i = 0; i < POOL_SIZE; ++i) free_.push_back(connect(uri));
      migrate(free_.front());
      listener_ = connect(uri);
      run(listener_, (std::string("LISTEN ") + CHANNEL).c_str());
    } catch (...) {
      for (PGconn* c : free_) PQfinish(c);
      if (listener_) PQfinish(listener_);
      throw;
    }
    listenThread_ = std::thread([this] { listen(); });
  }

  ~PostgresStore() override {
    stop_ = true;
    if (listenThread_.joinable()) listenThread_.join();
    PQfinish(listener_);
    for (PGconn* c : free_) PQfinish(c);
  }

  std::string kind() const override { return "postgresql"; }

  void create(const StoredGame& g) override {
    Lease c(*this);
    run(c, "INSERT INTO games (id, settings, black_hash, white_hash, version, finished, created_ms, "
           "updated_ms) VALUES ($1, $2, $3, $4, 0, FALSE, $5, $5)",
        {g.id, g.settings, g.seatHash[0], g.seatHash[1], std::to_string(g.createdMs)});
  }

  std::optional<StoredGame> load(const std::string& id) override {
    Lease c(*this);
    // One snapshot for the row and its events.
    run(c, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    try {
      Result r = run(c, "SELECT settings, black_hash, white_hash, version, finished, created_ms, "
                        "updated_ms FROM games WHERE id = $1", {id});
      if (r.rows() == 0) {
        run(c, "COMMIT");
        return std::nullopt;
      }
      StoredGame g;
      g.id = id;
      g.settings = r.text(0, 0);
      g.seatHash[0] = r.text(0, 1);
      g.seatHash[1] = r.text(0, 2);
      g.version = r.integer(0, 3);
      g.finished = r.text(0, 4) == "t";
      g.createdMs = r.integer(0, 5);
      g.updatedMs = r.integer(0, 6);
      Result ev = run(c, "SELECT seq, kind, data, at_ms FROM events WHERE game_id = $1 ORDER BY seq", {id});
      for (int i = 0; i < ev.rows(); ++i)
        g.events.push_back({ev.integer(i, 0), ev.text(i, 1), ev.text(i, 2), ev.integer(i, 3)});
      run(c, "COMMIT");
      return g;
    } catch (...) {
      rollback(c);
      throw;
    }
  }

  AppendResult append(const std::string& id, int64_t expectedVersion, const StoredEvent& e,
                      const AppendExtras& x) override {
    const std::string next = std::to_string(expectedVersion + 1);
    {
      Lease c(*this);
      run(c, "BEGIN");
      try {
        // The WHERE clause is the version check: a concurrent append to the
        // same game waits for this row lock and then matches no row.
        std::string sql = "UPDATE games SET version = version + 1, updated_ms = $3, "
                          "finished = finished OR $4";
        if (x.claimSeat) sql += *x.claimSeat == Seat::BLACK ? ", black_hash = $5" : ", white_hash = $5";
        sql += " WHERE id = $1 AND version = $2";
        if (x.claimSeat) sql += *x.claimSeat == Seat::BLACK ? " AND black_hash = ''" : " AND white_hash = ''";
        Result up = x.claimSeat
                        ? run(c, sql.c_str(), {id, std::to_string(expectedVersion), std::to_string(e.atMs),
                                               x.finished ? "true" : "false", x.claimHash})
                        : run(c, sql.c_str(), {id, std::to_string(expectedVersion), std::to_string(e.atMs),
                                               x.finished ? "true" : "false"});
        if (up.affected() == 0) {
          rollback(c);
          Result ex = run(c, "SELECT 1 FROM games WHERE id = $1", {id});
          return ex.rows() ? AppendResult::CONFLICT : AppendResult::NOT_FOUND;
        }
        run(c, "INSERT INTO events (game_id, seq, kind, data, at_ms) VALUES ($1, $2, $3, $4, $5)",
            {id, next, e.kind, e.data, std::to_string(e.atMs)});
        // Delivered to every listener when (and only if) the commit succeeds.
        run(c, "SELECT pg_notify($1, $2)", {CHANNEL, id + " " + next});
        run(c, "COMMIT");
      } catch (...) {
        rollback(c);
        throw;
      }
    }
    watch_.publish(id, expectedVersion + 1);
    return AppendResult::OK;
  }

  std::vector<std::string> idleGames(int64_t beforeMs, int limit) override {
    Lease c(*this);
    Result r = run(c, "SELECT id FROM games WHERE NOT finished AND updated_ms < $1 ORDER BY updated_ms LIMIT $2",
                   {std::to_string(beforeMs), std::to_string(limit)});
    std::vector<std::string> out;
    for (int i = 0; i < r.rows(); ++i) out.push_back(r.text(i, 0));
    return out;
  }

  int64_t openGames() override {
    Lease c(*this);
    Result r = run(c, "SELECT count(*) FROM games WHERE NOT finished");
    return r.integer(0, 0);
  }

 private:
  /// A pooled connection for one call; a broken one is reset first.
  class Lease {
   public:
    explicit Lease(PostgresStore& s) : s_(s) {
      std::unique_lock lk(s.m_);
      s.cv_.wait(lk, [&] { return !s.free_.empty(); });
      c_ = s.free_.back();
      s.free_.pop_back();
      lk.unlock();
      if (PQstatus(c_) != CONNECTION_OK) PQreset(c_);
      if (PQstatus(c_) != CONNECTION_OK) {
        std::string m = errorOf(c_);
        release();
        throw StoreError("PostgreSQL connection lost: " + m);
      }
    }
    ~Lease() { release(); }
    operator PGconn*() const { return c_; }

   private:
    void release() {
      if (!c_) return;
      std::lock_guard lk(s_.m_);
      s_.free_.push_back(c_);
      c_ = nullptr;
      s_.cv_.notify_one();
    }
    PostgresStore& s_;
    PGconn* c_ = nullptr;
  };

  static void rollback(PGconn* c) {
    if (PQtransactionStatus(c) != PQTRANS_IDLE) PQclear(PQexec(c, "ROLLBACK"));
  }

  void migrate(PGconn* c) {
    run(c, "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
           "name TEXT NOT NULL, applied_ms BIGINT NOT NULL)");
    for (const auto& mig : migrations::ALL) {
      run(c, "BEGIN");
      try {
        run(c, MIGRATION_LOCK);
        Result have = run(c, "SELECT 1 FROM schema_migrations WHERE version = $1", {std::to_string(mig.version)});
        if (have.rows() == 0) {
          PGresult* r = PQexec(c, std::string(mig.postgres).c_str());  // several statements
          bool ok = PQresultStatus(r) == PGRES_COMMAND_OK;
          std::string m = PQresultErrorMessage(r);
          PQclear(r);
          if (!ok) throw StoreError("PostgreSQL migration " + std::to_string(mig.version) + ": " + m);
          run(c, "INSERT INTO schema_migrations (version, name, applied_ms) VALUES ($1, $2, $3)",
              {std::to_string(mig.version), std::string(mig.name), std::to_string(wallClockMs())});
        }
        run(c, "COMMIT");
      } catch (...) {
        rollback(c);
        throw;
      }
    }
    Result top = run(c, "SELECT coalesce(max(version), 0) FROM schema_migrations");
    if (top.integer(0, 0) > migrations::ALL.back().version)
      throw StoreError("the database's schema version " + top.text(0, 0) +
                       " is newer than this program's " + std::to_string(migrations::ALL.back().version));
  }

  /// Publishes the appends of every process (NOTIFY "id version").
  void listen() {
    while (!stop_) {
      if (PQstatus(listener_) != CONNECTION_OK) {
        // Lost: reconnect, listen again, and wake every watcher so that it
        // reloads (notifications may have been missed meanwhile).
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        PQreset(listener_);
        if (PQstatus(listener_) == CONNECTION_OK) {
          PGresult* r = PQexec(listener_, (std::string("LISTEN ") + CHANNEL).c_str());
          PQclear(r);
          watch_.publishAll();
        }
        continue;
      }
      pollfd p{PQsocket(listener_), POLLIN, 0};
      if (::poll(&p, 1, 100) <= 0) continue;
      if (!PQconsumeInput(listener_)) continue;
      while (PGnotify* n = PQnotifies(listener_)) {
        std::string payload = n->extra;
        PQfreemem(n);
        size_t sp = payload.rfind(' ');
        if (sp == std::string::npos) continue;
        try {
          watch_.publish(payload.substr(0, sp), std::stoll(payload.substr(sp + 1)));
        } catch (...) {
        }
      }
    }
  }

  std::string uri_;
  std::mutex m_;
  std::condition_variable cv_;
  std::vector<PGconn*> free_;
  PGconn* listener_ = nullptr;
  std::atomic<bool> stop_{false};
  std::thread listenThread_;
};

}  // namespace

std::unique_ptr<Store> openPostgresStore(const std::string& uri) {
  return std::make_unique<PostgresStore>(uri);
}

}  // namespace gomoku
