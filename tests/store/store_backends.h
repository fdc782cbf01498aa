#pragma once
// The stores the contract tests run against. "sqlite-file" and
// "sqlite-memory" are always there; "postgresql" when this build has it and
// the test can start a server.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "pg_server.h"
#include "store/store.h"

namespace gomoku::test {

/// A fresh folder under the temp dir, removed with everything in it.
struct TempDir {
  std::filesystem::path path;
  TempDir() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "gomoku-store-XXXXXX").string();
    path = ::mkdtemp(tmpl.data());
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

class StoreBackend {
 public:
  virtual ~StoreBackend() = default;
  /// A new connection to this backend's one database.
  virtual std::unique_ptr<Store> open() = 0;
};

class SqliteFileBackend : public StoreBackend {
 public:
  std::unique_ptr<Store> open() override { return openStore((dir_.path / "games.db").string()); }

 private:
  TempDir dir_;
};

/// Every open() of ":memory:" is a database of its own, so a second
/// connection is the same store object.
class SqliteMemoryBackend : public StoreBackend {
 public:
  std::unique_ptr<Store> open() override {
    if (!first_) {
      auto s = openStore(":memory:");
      first_ = s.get();
      return s;
    }
    return std::make_unique<Shared>(*first_);
  }
 private:
  class Shared : public Store {
   public:
    explicit Shared(Store& s) : s_(s) {}
    void create(const StoredGame& g) override { s_.create(g); }
    std::optional<StoredGame> load(const std::string& id) override { return s_.load(id); }
    AppendResult append(const std::string& id, int64_t v, const StoredEvent& e,
                        const AppendExtras& x) override {
      return s_.append(id, v, e, x);
    }
    std::vector<std::string> idleGames(int64_t b, int l) override { return s_.idleGames(b, l); }
    int64_t openGames() override { return s_.openGames(); }
    std::string kind() const override { return s_.kind(); }

   private:
    Store& s_;
  };
  Store* first_ = nullptr;
};

/// One PostgreSQL server for the whole test program (started on first use,
/// stopped at exit); every backend gets a fresh database on it.
inline PgServer* sharedPgServer(std::string* why) {
  static std::unique_ptr<PgServer> server;
  static bool tried = false;
  static std::string failure;
  if (!tried) {
    tried = true;
    server = std::make_unique<PgServer>();
    if (!server->start()) {
      failure = server->why();
      server.reset();
    }
  }
  *why = failure;
  return server.get();
}

class PostgresBackend : public StoreBackend {
 public:
  /// Empty on success, else why PostgreSQL is not available.
  std::string setUp() {
    std::string why;
    PgServer* pg = sharedPgServer(&why);
    if (!pg) return why;
    static int counter = 0;
    std::string db = "store_test_" + std::to_string(++counter);
    if (!pg->createDatabase(db)) return "CREATE DATABASE failed: " + pg->why();
    uri_ = pg->uri(db);
    return {};
  }
  std::unique_ptr<Store> open() override { return openStore(uri_); }
  const std::string& uri() const { return uri_; }

 private:
  std::string uri_;
};

inline std::vector<std::string> backendNames() { return {"sqlite_file", "sqlite_memory", "postgresql"}; }

/// The backend, or nullptr and *why.
inline std::unique_ptr<StoreBackend> makeBackend(const std::string& name, std::string* why) {
  if (name == "sqlite_file") return std::make_unique<SqliteFileBackend>();
  if (name == "sqlite_memory") return std::make_unique<SqliteMemoryBackend>();
  if (name == "postgresql") {
    auto b = std::make_unique<PostgresBackend>();
    *why = b->setUp();
    if (why->empty()) return b;
  }
  return nullptr;
}

}  // namespace gomoku::test
