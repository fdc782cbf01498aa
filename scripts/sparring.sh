#!/usr/bin/env bash
# Our engine (Hard's search settings, one thread, a fixed time a move)
# against any Gomocup brain, from the balanced openings with colours
# swapped; prints one result line:
#
#   sparring: ours vs pbrain-wine, freestyle, 300 ms a move, 100 games: W 70 L 28 D 2, 71.0%, Elo +156 +- 74
#
# Usage: scripts/sparring.sh --brain PATH [--time-ms 300] [--games 100]
#          [--rules freestyle|renju] [--exact-five] [--jobs 1] [--threads 1] [--grace-ms 1000]
#          [--gomoku build/test/gomoku] [--log FILE] [--resume] [--sprt ELO0,ELO1]
#          [--openings FILE]   (e.g. data/openings-balanced.txt; default: the built-in set)
#
# The brain gets `INFO timeout_turn` = the same time a move (and a match
# time it never reaches, with `INFO time_left`, and INFO max_memory of
# 256 MiB: Rapfi never answers after max_memory 0); it forfeits a game when it
# answers later than that plus a second's grace (--grace-ms: some brains
# check their clock only between iterations). With --log the games are
# written as they end, so a stopped run continues with --resume. The full
# game lines and totals go to stderr; stdout has only the result line.
set -euo pipefail
cd "$(dirname "$0")/.."
brain="" time_ms=300 games=100 rules=freestyle jobs=1 threads=1 grace_ms=1000
gomoku=build/test/gomoku
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --brain) brain=$2; shift 2 ;;
    --time-ms) time_ms=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --rules) rules=$2; shift 2 ;;
    --exact-five) extra+=(--exact-five); shift ;;
    --jobs) jobs=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --grace-ms) grace_ms=$2; shift 2 ;;
    --gomoku) gomoku=$2; shift 2 ;;
    --log) extra+=(--log "$2"); shift 2 ;;
    --resume) extra+=(--resume); shift ;;
    --sprt) extra+=(--sprt "$2"); shift 2 ;;
    --openings) extra+=(--openings "$2"); shift 2 ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "sparring.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
if [ -z "$brain" ]; then echo "sparring.sh: --brain PATH is required" >&2; exit 2; fi
if [ ! -x "$brain" ]; then echo "sparring.sh: $brain is not an executable file" >&2; exit 2; fi
if [ ! -x "$gomoku" ]; then echo "sparring.sh: $gomoku not found (build first: scripts/test, or --gomoku PATH)" >&2; exit 2; fi
name=$(basename "$brain")
brain_abs=$(cd "$(dirname "$brain")" && pwd)/$(basename "$brain")
out=$(mktemp)
trap 'rm -f "$out"' EXIT
# Brains often read files beside them (Rapfi's config.toml): start them there.
"$gomoku" match --rules "$rules" "${extra[@]}" --a-time-ms "$time_ms" --a-threads "$threads" --a-name ours \
  --b-cmd "cd '$(dirname "$brain_abs")' && exec '$brain_abs'" --b-name "$name" \
  --timeout-turn "$time_ms" --timeout-match $((time_ms * 1000)) --grace-ms "$grace_ms" --brain-memory 256 \
  --games "$games" --jobs "$jobs" | tee "$out" >&2
python3 - "$out" "$name" "$rules" "$time_ms" <<'EOF'
import re, sys
text = open(sys.argv[1]).read()
name, rules, ms = sys.argv[2:5]
wld = re.search(r"Result for ours: W (\d+)\s+L (\d+)\s+D (\d+)", text)
score = re.search(r"Score: ([\d.]+)%", text)
elo = re.search(r"Elo difference \(ours - [^)]*\): (.*?)(?:, LOS|$)", text, re.M)
if not (wld and score and elo):
    sys.exit("sparring.sh: the match printed no result")
w, l, d = map(int, wld.groups())
print(f"sparring: ours vs {name}, {rules}, {ms} ms a move, {w + l + d} games: "
      f"W {w} L {l} D {d}, {score.group(1)}%, Elo {elo.group(1)}")
EOF
