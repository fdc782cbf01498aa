// The store contract, run against every store this build has: SQLite in a
// file and in memory here; PostgreSQL when the test can start a server.
#include "store/store.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <atomic>
#include <filesystem>
#include <thread>

#include "store_backends.h"

namespace gomoku {
namespace {

namespace fs = std::filesystem;

StoredGame newGame(const std::string& id, int64_t at = 1000) {
  StoredGame g;
  g.id = id;
  g.settings = R"({"rules":"freestyle"})";
  g.seatHash[0] = "hash-black";
  g.createdMs = at;
  return g;
}

StoredEvent ev(const std::string& kind, const std::string& data, int64_t at = 2000) {
  StoredEvent e;
  e.kind = kind;
  e.data = data;
  e.atMs = at;
  return e;
}

class StoreTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    std::string why;
    backend_ = test::makeBackend(GetParam(), &why);
    // PostgreSQL comes with scripts/deps.sh test; without it this fails.
    ASSERT_TRUE(backend_) << GetParam() << ": " << why;
    store_ = backend_->open();
  }
  std::unique_ptr<test::StoreBackend> backend_;
  std::unique_ptr<Store> store_;
};

TEST_P(StoreTest, CreateAndLoad) {
  store_->create(newGame("g1", 1234));
  auto g = store_->load("g1");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->id, "g1");
  EXPECT_EQ(g->settings, R"({"rules":"freestyle"})");
  EXPECT_EQ(g->seatHash[0], "hash-black");
  EXPECT_EQ(g->seatHash[1], "");
  EXPECT_EQ(g->version, 0);
  EXPECT_FALSE(g->finished);
  EXPECT_EQ(g->createdMs, 1234);
  EXPECT_TRUE(g->events.empty());
  EXPECT_FALSE(store_->load("nope"));
  EXPECT_THROW(store_->create(newGame("g1")), StoreError);
}

TEST_P(StoreTest, AppendChecksTheVersion) {
  store_->create(newGame("g"));
  EXPECT_EQ(store_->append("g", 0, ev("act", "black h8", 10)), AppendResult::OK);
  EXPECT_EQ(store_->append("g", 1, ev("act", "white i9", 20)), AppendResult::OK);
  // A writer that read version 1 is too late now.
  EXPECT_EQ(store_->append("g", 1, ev("act", "white j9", 30)), AppendResult::CONFLICT);
  EXPECT_EQ(store_->append("g", 5, ev("act", "white j9", 30)), AppendResult::CONFLICT);
  EXPECT_EQ(store_->append("other", 0, ev("act", "h8")), AppendResult::NOT_FOUND);
  auto g = store_->load("g");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->version, 2);
  ASSERT_EQ(g->events.size(), 2u);
  EXPECT_EQ(g->events[0].seq, 1);
  EXPECT_EQ(g->events[0].data, "black h8");
  EXPECT_EQ(g->events[1].seq, 2);
  EXPECT_EQ(g->events[1].kind, "act");
  EXPECT_EQ(g->events[1].data, "white i9");
  EXPECT_EQ(g->events[1].atMs, 20);
  EXPECT_EQ(g->updatedMs, 20);
}

TEST_P(StoreTest, ASeatIsClaimedOnce) {
  store_->create(newGame("g"));
  AppendExtras claim;
  claim.claimSeat = Seat::WHITE;
  claim.claimHash = "hash-white";
  EXPECT_EQ(store_->append("g", 0, ev("join", "white"), claim), AppendResult::OK);
  claim.claimHash = "intruder";
  EXPECT_EQ(store_->append("g", 1, ev("join", "white"), claim), AppendResult::CONFLICT);
  // The black seat was filled at creation.
  claim.claimSeat = Seat::BLACK;
  EXPECT_EQ(store_->append("g", 1, ev("join", "black"), claim), AppendResult::CONFLICT);
  auto g = store_->load("g");
  EXPECT_EQ(g->seatHash[1], "hash-white");
  EXPECT_EQ(g->seatHash[0], "hash-black");
  EXPECT_EQ(g->version, 1);
}

TEST_P(StoreTest, FinishedAndIdleGames) {
  store_->create(newGame("a", 100));
  store_->create(newGame("b", 100));
  store_->create(newGame("c", 5000));
  EXPECT_EQ(store_->openGames(), 3);
  AppendExtras fin;
  fin.finished = true;
  EXPECT_EQ(store_->append("b", 0, ev("act", "resign", 200), fin), AppendResult::OK);
  EXPECT_TRUE(store_->load("b")->finished);
  EXPECT_EQ(store_->openGames(), 2);
  EXPECT_EQ(store_->idleGames(1000, 10), std::vector<std::string>{"a"});
  EXPECT_EQ(store_->idleGames(6000, 10), (std::vector<std::string>{"a", "c"}));
  EXPECT_EQ(store_->idleGames(6000, 1).size(), 1u);
  // A finished game stays finished whatever comes after.
  EXPECT_EQ(store_->append("b", 1, ev("rematch", "x", 300)), AppendResult::OK);
  EXPECT_TRUE(store_->load("b")->finished);
}

TEST_P(StoreTest, RacingAppendsNeverBothApply) {
  store_->create(newGame("race"));
  auto second = backend_->open();  // a second connection, as another process would have
  constexpr int ROUNDS = 40;
  std::atomic<int> wins{0}, conflicts{0};
  for (int round = 0; round < ROUNDS; ++round) {
    std::atomic<int> ready{0};
    auto racer = [&](Store* s, const char* who) {
      ready++;
      while (ready < 2) std::this_thread::yield();
      AppendResult r = s->append("race", round, ev("act", who));
      (r == AppendResult::OK ? wins : conflicts)++;
    };
    std::thread a(racer, store_.get(), "a"), b(racer, second.get(), "b");
    a.join();
    b.join();
  }
  EXPECT_EQ(wins, ROUNDS);
  EXPECT_EQ(conflicts, ROUNDS);
  auto g = store_->load("race");
  EXPECT_EQ(g->version, ROUNDS);
  ASSERT_EQ(g->events.size(), size_t(ROUNDS));
  for (int i = 0; i < ROUNDS; ++i) EXPECT_EQ(g->events[size_t(i)].seq, i + 1);
}

TEST_P(StoreTest, WatchersWakeOnAppend) {
  store_->create(newGame("w"));
  Watch::Subscription sub(store_->watch(), "w");
  EXPECT_EQ(store_->watch().watchedGames(), 1u);
  // Nothing happens: the wait ends at the timeout.
  EXPECT_EQ(sub.wait(0, std::chrono::milliseconds(30)), 0);
  std::thread writer([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    store_->append("w", 0, ev("act", "h8"));
  });
  auto t0 = std::chrono::steady_clock::now();
  EXPECT_EQ(sub.wait(0, std::chrono::seconds(10)), 1);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
  writer.join();
}

TEST_P(StoreTest, ClosingTheWatchWakesWatchers) {
  store_->create(newGame("w"));
  Watch::Subscription sub(store_->watch(), "w");
  std::thread closer([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    store_->watch().close();
  });
  auto t0 = std::chrono::steady_clock::now();
  sub.wait(0, std::chrono::seconds(20));
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(10));
  EXPECT_TRUE(store_->watch().closed());
  closer.join();
}

INSTANTIATE_TEST_SUITE_P(Backends, StoreTest,
                         ::testing::ValuesIn(test::backendNames()),
                         [](const auto& p) { return p.param; });

// ---- PostgreSQL only ----

TEST(PostgresStore, AnAppendThroughOneProcessWakesWatchersOfAnother) {
  std::string why;
  auto backend = test::makeBackend("postgresql", &why);
  ASSERT_TRUE(backend) << why;
  // Two stores are two processes' views: separate pools and listeners.
  auto a = backend->open();
  auto b = backend->open();
  a->create(newGame("shared"));
  Watch::Subscription sub(b->watch(), "shared");
  auto t0 = std::chrono::steady_clock::now();
  ASSERT_EQ(a->append("shared", 0, ev("act", "h8")), AppendResult::OK);
  EXPECT_EQ(sub.wait(0, std::chrono::seconds(10)), 1);  // NOTIFY, not a timeout
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(2));
  EXPECT_EQ(b->load("shared")->version, 1);
  // Reopening migrates nothing twice.
  a.reset();
  a = backend->open();
  EXPECT_EQ(a->load("shared")->events.at(0).data, "h8");
}

TEST(PostgresStore, UnreachableServerIsAClearError) {
  try {
    openStore("postgresql://gomoku@127.0.0.1:1/none?connect_timeout=2");
    FAIL() << "connected to nothing";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot connect to PostgreSQL"), std::string::npos) << e.what();
  }
}

// ---- SQLite only ----

TEST(SqliteStore, ReopenedFileKeepsEverything) {
  test::SqliteFileBackend backend;
  auto store = backend.open();
  store->create(newGame("keep"));
  ASSERT_EQ(store->append("keep", 0, ev("act", "h8")), AppendResult::OK);
  store.reset();
  store = backend.open();  // migrations already applied: nothing to do
  auto g = store->load("keep");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->version, 1);
  EXPECT_EQ(g->events.at(0).data, "h8");
}

TEST(SqliteStore, FileUsesWalAndRecordsItsMigrations) {
  test::TempDir dir;
  std::string path = (dir.path / "sub" / "games.db").string();  // the folder is created
  { openStore(path); }
  { openStore(path); }  // a second open applies nothing twice
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  auto one = [&](const char* sql) {
    sqlite3_stmt* st = nullptr;
    EXPECT_EQ(sqlite3_prepare_v2(db, sql, -1, &st, nullptr), SQLITE_OK);
    EXPECT_EQ(sqlite3_step(st), SQLITE_ROW);
    std::string v = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
    return v;
  };
  EXPECT_EQ(one("PRAGMA journal_mode"), "wal");
  EXPECT_EQ(one("SELECT count(*) || ':' || max(version) FROM schema_migrations"), "1:1");
  // A schema from a newer program is refused, not misread.
  ASSERT_EQ(sqlite3_exec(db, "INSERT INTO schema_migrations VALUES (99, 'future', 0)", nullptr,
                         nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(db);
  try {
    openStore(path);
    FAIL() << "a newer schema was accepted";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("newer"), std::string::npos) << e.what();
  }
}

TEST(SqliteStore, UnopenableFileIsAClearError) {
  test::TempDir dir;
  fs::path file = dir.path / "plain";
  { std::ofstream(file) << "x"; }
  try {
    openStore((file / "games.db").string());  // a folder that is a file
    FAIL() << "opened a database below a plain file";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("games.db"), std::string::npos) << e.what();
  }
  try {
    std::ofstream(dir.path / "junk.db") << std::string(4096, 'j');
    openStore((dir.path / "junk.db").string());
    FAIL() << "opened a file that is not a database";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("junk.db"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace gomoku
