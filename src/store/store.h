#pragma once
/// Online games kept: one small interface with an SQLite implementation (one
/// file, the default) and a PostgreSQL one (several server processes). A
/// game is a row (settings, the hashes of the seats' tokens, a version) plus
/// an append-only list of events; the version is the number of events, and
/// appending checks it, so two actions racing for one game never both apply.
/// What the events mean is the server's business (server/room.h): the store
/// only keeps them, in order, durably.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace gomoku {

/// A storage failure (disk, database connection): the request fails with 503
/// and nothing is answered as applied.
class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct StoredEvent {
  int64_t seq = 0;   ///< 1, 2, ... within its game
  std::string kind;  ///< e.g. "join", "act" (server/room.h)
  std::string data;  ///< kind-specific text
  int64_t atMs = 0;  ///< wall clock, milliseconds since 1970
};

/// The two seats of a game; a seat holds the hash of its player's token.
enum class Seat : uint8_t { BLACK, WHITE };
constexpr int SEAT_NB = 2;

struct StoredGame {
  std::string id;
  std::string settings;  ///< JSON text, as created
  std::string seatHash[SEAT_NB];  ///< empty: the seat is free
  int64_t version = 0;   ///< number of events
  bool finished = false;
  int64_t createdMs = 0;
  int64_t updatedMs = 0;
  std::vector<StoredEvent> events;
};

/// Optional parts of an append, applied in the same transaction.
struct AppendExtras {
  bool finished = false;  ///< the event ends the game
  std::optional<Seat> claimSeat;  ///< fills this free seat with claimHash
  std::string claimHash;
};

enum class AppendResult : uint8_t {
  OK,
  CONFLICT,   ///< the version moved on (or the seat was taken): reload and decide again
  NOT_FOUND,
};

/// Watch: in-process wake-ups when a game's version grows. Every store
/// publishes its own appends; the PostgreSQL store also publishes what other
/// processes append (LISTEN/NOTIFY). A watcher subscribes before it reads the
/// game, so that no append between the read and the wait is missed.
class Watch {
 public:
  struct Slot {
    std::condition_variable cv;
    int64_t version = 0;  ///< highest version published since subscribed
    uint64_t wakes = 0;   ///< publishAll() calls: reload whatever the version
    int users = 0;
  };
  class Subscription {
   public:
    Subscription(Watch& w, std::string id);
    ~Subscription();
    Subscription(const Subscription&) = delete;
    Subscription& operator=(const Subscription&) = delete;
    /// Waits until the version exceeds `after`, the timeout passes or the
    /// watch is closed; returns the highest version published (may be <= after).
    int64_t wait(int64_t after, std::chrono::milliseconds timeout);

   private:
    Watch& w_;
    std::string id_;
    Slot* slot_;
  };

  void publish(const std::string& id, int64_t version);
  /// Wakes every watcher to reload (events may have been missed).
  void publishAll();
  /// Wakes every watcher for good (server shutdown).
  void close();
  bool closed() const;
  /// Games watched right now in this process (tests, health).
  size_t watchedGames() const;

 private:
  mutable std::mutex m_;
  std::map<std::string, std::unique_ptr<Slot>> slots_;
  bool closed_ = false;
};

class Store {
 public:
  virtual ~Store() = default;
  /// Adds a game with version 0 and no events. Throws StoreError (also on a
  /// duplicate id).
  virtual void create(const StoredGame& game) = 0;
  /// The game with all its events, or nullopt if there is none.
  virtual std::optional<StoredGame> load(const std::string& id) = 0;
  /// Appends `event` as number expectedVersion + 1 if the game's version is
  /// still expectedVersion (and, with extras.claimSeat, that seat still
  /// free), and commits before returning OK. Publishes the new version.
  virtual AppendResult append(const std::string& id, int64_t expectedVersion,
                              const StoredEvent& event, const AppendExtras& extras = {}) = 0;
  /// Unfinished games whose last change is older than beforeMs (at most limit).
  virtual std::vector<std::string> idleGames(int64_t beforeMs, int limit) = 0;
  /// Number of unfinished games.
  virtual int64_t openGames() = 0;
  /// "sqlite" or "postgresql".
  virtual std::string kind() const = 0;

  Watch& watch() { return watch_; }

 protected:
  Watch watch_;
};

/// Opens the store named by `spec`: "postgresql://..." (or "postgres://...")
/// for PostgreSQL, ":memory:" for a private in-memory SQLite database,
/// anything else is an SQLite file (created with its folder if missing).
/// Applies pending schema migrations. Throws StoreError with a message fit
/// for the user.
std::unique_ptr<Store> openStore(const std::string& spec);

/// The default database file: $XDG_STATE_HOME/gomoku/games.db, else
/// ~/.local/state/gomoku/games.db, else ./gomoku-games.db.
std::string defaultDatabasePath();

/// Milliseconds since 1970 (event times, clocks).
int64_t wallClockMs();

}  // namespace gomoku
