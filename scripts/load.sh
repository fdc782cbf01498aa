#!/usr/bin/env bash
# Load test of `gomoku serve` on a loopback port with wrk (Debian package).
# First /state alone on 32 kept-alive connections (wrk reuses each one),
# paced and saturated: the figures that show a per-request stall (targets on
# loopback, paced: p50 under 1 ms, p99 under 5 ms); then, in rounds, /state
# requests and a steady stream of
# /move requests at the easy and medium levels. Prints requests per second,
# p50/p99 latency and errors of each stream, and the server's resident memory
# (VmRSS from /proc) after a warm-up and after every round: it must not grow.
# Exits non-zero if any request failed. A benchmark, not a test: run it by
# hand (it is not part of scripts/test).
#
# With --online (first argument): online games instead, see scripts/load/online.sh.
#
#   scripts/load.sh [--gomoku build/test/gomoku] [--seconds 30] [--rounds 2]
#                   [--keepalive-connections 32] [--state-connections 16]
#                   [--max-searches 2]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = --online ]; then shift; exec scripts/load/online.sh "$@"; fi
gomoku=build/test/gomoku seconds=30 rounds=2 keepConns=32 stateConns=16 searches=2
while [ $# -gt 0 ]; do
  case "$1" in
    --gomoku) gomoku=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --keepalive-connections) keepConns=$2; shift 2 ;;
    --state-connections) stateConns=$2; shift 2 ;;
    --max-searches) searches=$2; shift 2 ;;
    *) echo "usage: $0 [--gomoku PATH] [--seconds N] [--rounds N] [--keepalive-connections N] [--state-connections N] [--max-searches N]" >&2; exit 2 ;;
  esac
done
scripts/deps.sh load
[ -x "$gomoku" ] || { echo "no $gomoku: build first (cmake --preset release && cmake --build build/test)" >&2; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/gomoku-load.XXXXXX")
pid=
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

"$gomoku" serve --host 127.0.0.1 --port 0 --quiet --max-searches "$searches" >"$tmp/serve.out" 2>"$tmp/serve.err" &
pid=$!
port=
for _ in $(seq 300); do  # at most 30 s
  port=$(sed -n 's|.*127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$tmp/serve.out")
  [ -n "$port" ] && break
  kill -0 "$pid" 2>/dev/null || { cat "$tmp/serve.err" >&2; exit 1; }
  sleep 0.1
done
[ -n "$port" ] || { echo "the server did not start" >&2; exit 1; }
url=http://127.0.0.1:$port

cat scripts/load/state.lua scripts/load/report.lua >"$tmp/state.lua"
cat scripts/load/move.lua scripts/load/report.lua >"$tmp/move.lua"
cat scripts/load/state.lua scripts/load/paced.lua scripts/load/report.lua >"$tmp/paced.lua"
rss() { awk '/^VmRSS/ {print $2}' "/proc/$pid/status"; }

# Waits (at most 30 s) until no search runs: wrk stops with /move requests
# still being computed, and the next round's must not find the slots busy.
idle() {
  local r
  for _ in $(seq 300); do
    exec 3<>"/dev/tcp/127.0.0.1/$port"
    printf 'GET /api/v1/health HTTP/1.0\r\n\r\n' >&3
    r=$(cat <&3)
    exec 3<&-
    case "$r" in *'"running":0'*) return 0 ;; esac
    sleep 0.1
  done
  echo "searches still running after 30 s" >&2
}

# One round: both streams at once for N seconds. Prints their RESULT lines.
round() {
  idle
  wrk -t2 -c"$stateConns" -d"${1}s" --timeout 30s -s "$tmp/state.lua" "$url" >"$tmp/state.txt" &
  local w=$!
  wrk -t1 -c"$searches" -d"${1}s" --timeout 30s -s "$tmp/move.lua" "$url" >"$tmp/move.txt"
  wait "$w"
  echo "state: $(grep ^RESULT "$tmp/state.txt")"
  echo "move:  $(grep ^RESULT "$tmp/move.txt")"
  grep -h ^FAILED "$tmp/state.txt" "$tmp/move.txt" || true
}

errors() { sed -n 's/.*non2xx=\([0-9]*\) connect=\([0-9]*\) read=\([0-9]*\) write=\([0-9]*\) timeout=\([0-9]*\).*/\1+\2+\3+\4+\5/p' "$1"; }

echo "server: $gomoku serve --max-searches $searches on $url (pid $pid)"
echo "wrk: /state -t2 -c$stateConns and /move -t1 -c$searches (easy and medium), ${seconds}s a round"
echo "rss_kib cold: $(rss)"
round 5 >/dev/null
echo "rss_kib after warm-up: $(rss)"
fail=0

# Kept-alive /state alone, twice. Paced: each connection sends a request
# every 10 ms, as busy browsers would, so the latency is each answer's own;
# the targets apply here, and a per-request stall (such as the 40 ms of
# Nagle's algorithm meeting a delayed ACK) shows at once. Saturated: every
# connection sends its next request as soon as the answer is in, for the
# throughput (its latency is mostly the queue: connections / requests per s).
keepalive() {  # NAME SCRIPT
  idle
  wrk -t2 -c"$keepConns" -d"${seconds}s" --timeout 30s -s "$2" "$url" >"$tmp/keep.txt"
  echo "state $1: $(grep ^RESULT "$tmp/keep.txt")"
  grep -h ^FAILED "$tmp/keep.txt" || true
  local n
  n=$(errors "$tmp/keep.txt")
  if [ -z "$n" ]; then echo "wrk failed: $(cat "$tmp/keep.txt")"; fail=1
  elif [ $((n)) -ne 0 ]; then echo "ERRORS in kept-alive state ($1): $((n))"; fail=1; fi
}
echo "== kept-alive /state, $keepConns connections, ${seconds}s each"
keepalive paced "$tmp/paced.lua"
awk '/^RESULT/ { for (i = 1; i <= NF; ++i) { split($i, kv, "="); v[kv[1]] = kv[2] }
  printf "paced: p50 %s ms (%s), p99 %s ms (%s)\n", v["p50_ms"], v["p50_ms"] < 1 ? "target met" : "OVER 1 ms",
         v["p99_ms"], v["p99_ms"] < 5 ? "target met" : "OVER 5 ms" }' "$tmp/keep.txt"
keepalive saturated "$tmp/state.lua"
echo "rss_kib after kept-alive state: $(rss)"
for r in $(seq "$rounds"); do
  echo "== round $r"
  round "$seconds"
  for f in "$tmp/state.txt" "$tmp/move.txt"; do
    n=$(errors "$f")
    [ -n "$n" ] || { echo "wrk failed: $(cat "$f")"; fail=1; continue; }
    n=$((n))
    [ "$n" -eq 0 ] || { echo "ERRORS in $(basename "$f" .txt): $n"; fail=1; }
  done
  echo "rss_kib after round $r: $(rss)"
done
kill -0 "$pid" || { echo "the server died" >&2; exit 1; }
exit $fail
