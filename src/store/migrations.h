#pragma once
/// Schema migrations, in order. A database records the versions it has
/// applied (table schema_migrations); opening a store applies the missing
/// ones in one transaction each. Never edit an applied migration: add the
/// next version.
#include <array>
#include <string_view>

namespace gomoku::migrations {

struct Migration {
  int version;
  std::string_view name;
  std::string_view sqlite;
  std::string_view postgres;
};

inline constexpr std::array<Migration, 1> ALL{{
    {1, "games and events",
     R"sql(
CREATE TABLE games (
  id TEXT PRIMARY KEY,
  settings TEXT NOT NULL,
  black_hash TEXT NOT NULL DEFAULT '',
  white_hash TEXT NOT NULL DEFAULT '',
  version INTEGER NOT NULL DEFAULT 0,
  finished INTEGER NOT NULL DEFAULT 0,
  created_ms INTEGER NOT NULL,
  updated_ms INTEGER NOT NULL
);
CREATE INDEX games_open_idle ON games (finished, updated_ms);
CREATE TABLE events (
  game_id TEXT NOT NULL REFERENCES games (id),
  seq INTEGER NOT NULL,
  kind TEXT NOT NULL,
  data TEXT NOT NULL,
  at_ms INTEGER NOT NULL,
  PRIMARY KEY (game_id, seq)
);
)sql",
     R"sql(
CREATE TABLE games (
  id TEXT PRIMARY KEY,
  settings TEXT NOT NULL,
  black_hash TEXT NOT NULL DEFAULT '',
  white_hash TEXT NOT NULL DEFAULT '',
  version BIGINT NOT NULL DEFAULT 0,
  finished BOOLEAN NOT NULL DEFAULT FALSE,
  created_ms BIGINT NOT NULL,
  updated_ms BIGINT NOT NULL
);
CREATE INDEX games_open_idle ON games (finished, updated_ms);
CREATE TABLE events (
  game_id TEXT NOT NULL REFERENCES games (id),
  seq BIGINT NOT NULL,
  kind TEXT NOT NULL,
  data TEXT NOT NULL,
  at_ms BIGINT NOT NULL,
  PRIMARY KEY (game_id, seq)
);
)sql"},
}};

}  // namespace gomoku::migrations
