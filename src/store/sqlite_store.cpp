// SQLite store (sqlite_store.h).
#include "store/sqlite_store.h"

#include <sqlite3.h>

#include <filesystem>
#include <condition_variable>
#include <mutex>
#include <vector>

#include "store/migrations.h"

namespace gomoku {

namespace {

/// A prepared statement, finalized when it goes out of scope.
class Stmt {
 public:
  Stmt(sqlite3* db, const char* sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql, -1, &st_, nullptr) != SQLITE_OK)
      throw StoreError(std::string("database: ") + sqlite3_errmsg(db));
  }
  ~Stmt() { sqlite3_finalize(st_); }
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;

  Stmt& bind(int i, const std::string& s) {
    sqlite3_bind_text(st_, i, s.data(), int(s.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Stmt& bind(int i, int64_t v) {
    sqlite3_bind_int64(st_, i, v);
    return *this;
  }
  /// True while there is a row; throws on an error.
  bool step() {
    int rc = sqlite3_step(st_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    throw StoreError(std::string("database: ") + sqlite3_errmsg(db_));
  }
  std::string text(int col) const {
    const unsigned char* t = sqlite3_column_text(st_, col);
    return t ? std::string(reinterpret_cast<const char*>(t), size_t(sqlite3_column_bytes(st_, col)))
             : std::string();
  }
  int64_t integer(int col) const { return sqlite3_column_int64(st_, col); }

 private:
  sqlite3* db_;
  sqlite3_stmt* st_ = nullptr;
};

/// Read-only connections beside the writer (file databases).
constexpr int READERS = 4;

class SqliteStore final : public Store {
 public:
  explicit SqliteStore(const std::string& path) {
    if (path != ":memory:") {
      std::filesystem::path parent = std::filesystem::path(path).parent_path();
      std::error_code ec;
      if (!parent.empty()) std::filesystem::create_directories(parent, ec);
    }
    if (sqlite3_open_v2(path.c_str(), &db_,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                        nullptr) != SQLITE_OK) {
      std::string msg = db_ ? sqlite3_errmsg(db_) : "out of memory";
      sqlite3_close(db_);
      db_ = nullptr;
      throw StoreError("cannot open the database '" + path + "': " + msg);
    }
    // Another process holding the write lock (a second server on the same
    // file) makes us wait instead of failing at once.
    sqlite3_busy_timeout(db_, 5000);
    try {
      exec("PRAGMA foreign_keys = ON");
      if (path != ":memory:") {
        Stmt wal(db_, "PRAGMA journal_mode = WAL");
        if (!wal.step() || wal.text(0) != "wal")
          throw StoreError("the database '" + path + "' cannot use WAL mode");
      }
      exec("PRAGMA synchronous = FULL");
      migrate();
    } catch (const StoreError& e) {
      sqlite3_close(db_);
      db_ = nullptr;
      throw StoreError("database '" + path + "': " + e.what());
    }
    if (path == ":memory:") return;  // a second connection would be another database
    for (int i = 0; i < READERS; ++i) {
      sqlite3* r = nullptr;
      if (sqlite3_open_v2(path.c_str(), &r, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK) {
        sqlite3_close(r);
        break;  // fewer readers; the writer still reads when there are none
      }
      sqlite3_busy_timeout(r, 5000);
      readers_.push_back(r);
    }
    freeReaders_ = readers_;
  }

  ~SqliteStore() override {
    for (sqlite3* r : readers_) sqlite3_close(r);
    sqlite3_close(db_);
  }

  std::string kind() const override { return "sqlite"; }

  void create(const StoredGame& g) override {
    std::lock_guard lk(m_);
    Stmt st(db_,
            "INSERT INTO games (id, settings, black_hash, white_hash, version, finished, "
            "created_ms, updated_ms) VALUES (?1, ?2, ?3, ?4, 0, 0, ?5, ?5)");
    st.bind(1, g.id).bind(2, g.settings).bind(3, g.seatHash[0]).bind(4, g.seatHash[1]);
    st.bind(5, g.createdMs);
    st.step();
  }

  std::optional<StoredGame> load(const std::string& id) override {
    if (readers_.empty()) {
      std::lock_guard lk(m_);
      return loadWith(db_, id);
    }
    // A reader of its own: in WAL mode reads do not wait for the writer's
    // fsync, and event streams read far more often than moves are written.
    sqlite3* db;
    {
      std::unique_lock lk(poolMutex_);
      poolCv_.wait(lk, [&] { return !freeReaders_.empty(); });
      db = freeReaders_.back();
      freeReaders_.pop_back();
    }
    struct Give {
      SqliteStore& s;
      sqlite3* db;
      ~Give() {
        std::lock_guard lk(s.poolMutex_);
        s.freeReaders_.push_back(db);
        s.poolCv_.notify_one();
      }
    } give{*this, db};
    return loadWith(db, id);
  }

  /// The row and its events in one read transaction (one snapshot).
  static std::optional<StoredGame> loadWith(sqlite3* db, const std::string& id) {
    exec(db, "BEGIN");
    try {
      StoredGame g;
      {
        Stmt st(db,
                "SELECT settings, black_hash, white_hash, version, finished, created_ms, "
                "updated_ms FROM games WHERE id = ?1");
        st.bind(1, id);
        if (!st.step()) {
          exec(db, "COMMIT");
          return std::nullopt;
        }
        g.id = id;
        g.settings = st.text(0);
        g.seatHash[0] = st.text(1);
        g.seatHash[1] = st.text(2);
        g.version = st.integer(3);
        g.finished = st.integer(4) != 0;
        g.createdMs = st.integer(5);
        g.updatedMs = st.integer(6);
      }
      Stmt ev(db, "SELECT seq, kind, data, at_ms FROM events WHERE game_id = ?1 ORDER BY seq");
      ev.bind(1, id);
      while (ev.step()) g.events.push_back({ev.integer(0), ev.text(1), ev.text(2), ev.integer(3)});
      exec(db, "COMMIT");
      return g;
    } catch (...) {
      rollback(db);
      throw;
    }
  }

  AppendResult append(const std::string& id, int64_t expectedVersion, const StoredEvent& e,
                      const AppendExtras& x) override {
    {
      std::lock_guard lk(m_);
      // IMMEDIATE takes the write lock at once: the version check and the
      // insert see no other writer in between (another process included).
      exec("BEGIN IMMEDIATE");
      try {
        std::string seatCheck;
        if (x.claimSeat)
          seatCheck = *x.claimSeat == Seat::BLACK ? ", black_hash = ?5" : ", white_hash = ?5";
        std::string sql = "UPDATE games SET version = version + 1, updated_ms = ?3, finished = "
                          "(finished OR ?4)" + seatCheck +
                          " WHERE id = ?1 AND version = ?2";
        if (x.claimSeat)
          sql += *x.claimSeat == Seat::BLACK ? " AND black_hash = ''" : " AND white_hash = ''";
        Stmt up(db_, sql.c_str());
        up.bind(1, id).bind(2, expectedVersion).bind(3, e.atMs).bind(4, int64_t(x.finished));
        if (x.claimSeat) up.bind(5, x.claimHash);
        up.step();
        if (sqlite3_changes(db_) == 0) {
          rollback();
          Stmt ex(db_, "SELECT 1 FROM games WHERE id = ?1");
          ex.bind(1, id);
          return ex.step() ? AppendResult::CONFLICT : AppendResult::NOT_FOUND;
        }
        Stmt ins(db_, "INSERT INTO events (game_id, seq, kind, data, at_ms) VALUES (?1, ?2, ?3, ?4, ?5)");
        ins.bind(1, id).bind(2, expectedVersion + 1).bind(3, e.kind).bind(4, e.data).bind(5, e.atMs);
        ins.step();
        exec("COMMIT");
      } catch (...) {
        rollback();
        throw;
      }
    }
    watch_.publish(id, expectedVersion + 1);
    return AppendResult::OK;
  }

  std::vector<std::string> idleGames(int64_t beforeMs, int limit) override {
    std::lock_guard lk(m_);
    Stmt st(db_, "SELECT id FROM games WHERE finished = 0 AND updated_ms < ?1 ORDER BY updated_ms LIMIT ?2");
    st.bind(1, beforeMs).bind(2, int64_t(limit));
    std::vector<std::string> out;
    while (st.step()) out.push_back(st.text(0));
    return out;
  }

  int64_t openGames() override {
    std::lock_guard lk(m_);
    Stmt st(db_, "SELECT count(*) FROM games WHERE finished = 0");
    st.step();
    return st.integer(0);
  }

 private:
  void exec(const char* sql) { exec(db_, sql); }
  static void exec(sqlite3* db, const char* sql) {
    char* err = nullptr;
    if (sqlite3_exec(db, sql, nullptr, nullptr, &err) != SQLITE_OK) {
      std::string msg = err ? err : sqlite3_errmsg(db);
      sqlite3_free(err);
      throw StoreError("database: " + msg);
    }
  }

  void rollback() { rollback(db_); }
  static void rollback(sqlite3* db) {
    if (!sqlite3_get_autocommit(db)) sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
  }

  void migrate() {
    exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
         "name TEXT NOT NULL, applied_ms INTEGER NOT NULL)");
    for (const auto& mig : migrations::ALL) {
      exec("BEGIN IMMEDIATE");
      try {
        Stmt have(db_, "SELECT 1 FROM schema_migrations WHERE version = ?1");
        have.bind(1, int64_t(mig.version));
        if (!have.step()) {
          exec(std::string(mig.sqlite).c_str());
          Stmt rec(db_, "INSERT INTO schema_migrations (version, name, applied_ms) VALUES (?1, ?2, ?3)");
          rec.bind(1, int64_t(mig.version)).bind(2, std::string(mig.name)).bind(3, wallClockMs());
          rec.step();
        }
        exec("COMMIT");
      } catch (...) {
        rollback();
        throw;
      }
    }
    // A file written by a newer program: refuse rather than misread it.
    Stmt top(db_, "SELECT max(version) FROM schema_migrations");
    if (top.step() && top.integer(0) > migrations::ALL.back().version)
      throw StoreError("its schema version " + std::to_string(top.integer(0)) +
                       " is newer than this program's " +
                       std::to_string(migrations::ALL.back().version));
  }

  std::mutex m_;  // guards db_, the one writing connection
  sqlite3* db_ = nullptr;
  std::vector<sqlite3*> readers_;  ///< read-only connections (files only)
  std::mutex poolMutex_;
  std::condition_variable poolCv_;
  std::vector<sqlite3*> freeReaders_;
};

}  // namespace

std::unique_ptr<Store> openSqliteStore(const std::string& path) {
  return std::make_unique<SqliteStore>(path);
}

}  // namespace gomoku
