#pragma once
/// The PostgreSQL store, for several `gomoku serve` processes on one
/// database: a small pool of connections (libpq), appends as transactions
/// whose version check is the UPDATE's WHERE clause, and a listener
/// connection (LISTEN gomoku_events) that publishes every other process's
/// appends into this process's Watch, so its event streams see them at once.
#include <memory>
#include <string>

#include "store/store.h"

namespace gomoku {

/// uri: "postgresql://user@host:port/db" (any libpq connection URI).
/// Throws StoreError when the database cannot be reached or migrated.
std::unique_ptr<Store> openPostgresStore(const std::string& uri);

}  // namespace gomoku
