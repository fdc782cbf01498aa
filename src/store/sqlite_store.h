#pragma once
/// The embedded store: one SQLite file in WAL mode (readers do not block the
/// writer), synchronous=FULL so that a committed action survives a crash of
/// the process or the machine. One writing connection, used under a mutex
/// (SQLite writes one transaction at a time anyway), and a few read-only
/// connections for loads, which WAL lets run beside the writer.
#include <memory>
#include <string>

#include "store/store.h"

namespace gomoku {

/// path: a file (its folder is created) or ":memory:". Throws StoreError.
std::unique_ptr<Store> openSqliteStore(const std::string& path);

}  // namespace gomoku
