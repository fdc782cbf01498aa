#!/usr/bin/env bash
# scripts/load.sh --online: N online games at once through the API
# (scripts/load/online.mjs), on a fresh SQLite file (or --db URL). Then the
# server is stopped, started again on the same database, and every game's
# record is read back and compared with what its clients were answered.
# Prints requests/s, p50/p99, errors (must be 0) and the comparison.
#
#   scripts/load.sh --online [--games 500] [--moves 40] [--sockets 64]
#                   [--db postgresql://...] [--gomoku build/test/gomoku] [--streams]
# --streams: each player also holds the game's event stream (the server gets
# a worker thread per stream: --max-watchers 2 x games).
set -euo pipefail
cd "$(dirname "$0")/../.."
gomoku=build/test/gomoku games=500 moves=40 sockets=64 db= streams=
while [ $# -gt 0 ]; do
  case "$1" in
    --gomoku) gomoku=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --moves) moves=$2; shift 2 ;;
    --sockets) sockets=$2; shift 2 ;;
    --db) db=$2; shift 2 ;;
    --streams) streams=--streams; shift ;;
    *) echo "usage: $0 --online [--games N] [--moves N] [--sockets N] [--db URL] [--gomoku PATH] [--streams]" >&2; exit 2 ;;
  esac
done
[ -x "$gomoku" ] || { echo "no $gomoku: build first" >&2; exit 1; }
command -v node >/dev/null || { echo "node is needed (scripts/deps.sh test)" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gomoku-online-load.XXXXXX")
[ -n "$db" ] || db=$tmp/games.db
watchers=64
[ -z "$streams" ] || watchers=$((2 * games + 16))
pid=
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

# Limits opened up for one client address playing every game.
start() {
  "$gomoku" serve --host 127.0.0.1 --port 0 --quiet --db "$db" --games-per-minute 1000000 \
    --max-open-games 1000000 --max-watchers "$watchers" >"$tmp/serve.out" 2>"$tmp/serve.err" &
  pid=$!
  port=
  for _ in $(seq 300); do
    port=$(sed -n 's|.*127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$tmp/serve.out")
    [ -n "$port" ] && break
    kill -0 "$pid" 2>/dev/null || { cat "$tmp/serve.err" >&2; exit 1; }
    sleep 0.1
  done
  [ -n "$port" ] || { echo "the server did not start" >&2; exit 1; }
}
rss() { awk '/^VmRSS/ {print $2}' "/proc/$pid/status"; }

start
echo "server: $gomoku serve --db $db on port $port (pid $pid)"
echo "== $games games at once, random legal moves, at most $moves actions each, $sockets client sockets"
fail=0
node scripts/load/online.mjs play --url "http://127.0.0.1:$port/" --games "$games" --moves "$moves" \
  --sockets "$sockets" --out "$tmp/records.json" $streams || fail=1
echo "rss_kib after the games: $(rss), threads: $(awk '/^Threads/ {print $2}' "/proc/$pid/status")"
kill "$pid"
wait "$pid" || true
pid=
echo "== server restarted on the same database: every game's record as answered"
start
node scripts/load/online.mjs verify --url "http://127.0.0.1:$port/" --in "$tmp/records.json" || fail=1
exit $fail
