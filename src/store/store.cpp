// The parts every store shares: the in-process watch, opening by spec, the
// default database location.
#include "store/store.h"

#include <cstdlib>
#include <filesystem>

#include "store/postgres_store.h"
#include "store/sqlite_store.h"

namespace gomoku {

Watch::Subscription::Subscription(Watch& w, std::string id) : w_(w), id_(std::move(id)) {
  std::lock_guard lk(w_.m_);
  auto& s = w_.slots_[id_];
  if (!s) s = std::make_unique<Slot>();
  s->users++;
  slot_ = s.get();
}

Watch::Subscription::~Subscription() {
  std::lock_guard lk(w_.m_);
  if (--slot_->users == 0) w_.slots_.erase(id_);
}

int64_t Watch::Subscription::wait(int64_t after, std::chrono::milliseconds timeout) {
  std::unique_lock lk(w_.m_);
  const uint64_t wakes = slot_->wakes;
  slot_->cv.wait_for(lk, timeout,
                     [&] { return w_.closed_ || slot_->version > after || slot_->wakes != wakes; });
  return slot_->version;
}

void Watch::publish(const std::string& id, int64_t version) {
  std::lock_guard lk(m_);
  auto it = slots_.find(id);
  if (it == slots_.end()) return;  // nobody watches this game here
  if (version > it->second->version) it->second->version = version;
  it->second->cv.notify_all();
}

void Watch::publishAll() {
  std::lock_guard lk(m_);
  for (auto& [id, s] : slots_) {
    s->wakes++;
    s->cv.notify_all();
  }
}

void Watch::close() {
  std::lock_guard lk(m_);
  closed_ = true;
  for (auto& [id, s] : slots_) s->cv.notify_all();
}

bool Watch::closed() const {
  std::lock_guard lk(m_);
  return closed_;
}

size_t Watch::watchedGames() const {
  std::lock_guard lk(m_);
  return slots_.size();
}

std::unique_ptr<Store> openStore(const std::string& spec) {
  if (spec.rfind("postgresql://", 0) == 0 || spec.rfind("postgres://", 0) == 0)
    return openPostgresStore(spec);
  return openSqliteStore(spec);
}

std::string defaultDatabasePath() {
  namespace fs = std::filesystem;
  if (const char* x = std::getenv("XDG_STATE_HOME"); x && *x)
    return (fs::path(x) / "gomoku" / "games.db").string();
  if (const char* h = std::getenv("HOME"); h && *h)
    return (fs::path(h) / ".local" / "state" / "gomoku" / "games.db").string();
  return "gomoku-games.db";
}

int64_t wallClockMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace gomoku
