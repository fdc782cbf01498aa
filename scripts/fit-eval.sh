#!/usr/bin/env bash
# Fits the evaluation weights (src/rules/weights.h) to game results: plays
# fast self-play games from random openings (freestyle and renju), adds any
# record files given (sparring games, `gomoku match --records`), runs
# tools/fit_eval (Texel-style logistic fit, every tenth game held out) and
# rewrites src/rules/weights.h: one weight set fitted to the freestyle
# games (used by every rule but renju) and one for each colour fitted to
# the renju games. Each opening is played twice, colours swapped; the two
# sides get different node budgets (N and 4N/5) so that the two games
# differ (with equal budgets they would repeat each other move for move).
# Rebuild, then test the new weights against the previous build with
# `gomoku match --sprt` before keeping them (docs/engine-log.md).
#
# Usage: scripts/fit-eval.sh [--games N] [--nodes N] [--jobs J] [--seed S]
#          [--build DIR] [--keep DIR] [RECORDS...]
#   --games N   self-play games per rule (default 2000)
#   --nodes N   node budget a move of the self-play (default 20000)
#   --keep DIR  keep the generated games there (default: a temporary folder)
set -euo pipefail
cd "$(dirname "$0")/.."
games=2000 nodes=20000 jobs=$(nproc) seed=1 build=build/test keep=""
records=()
while [ $# -gt 0 ]; do
  case "$1" in
    --games) games=$2; shift 2 ;;
    --nodes) nodes=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "fit-eval.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) records+=("$1"); shift ;;
  esac
done
cmake --build "$build" --target gomoku fit_eval -j"$(nproc)" >/dev/null
if [ -n "$keep" ]; then mkdir -p "$keep"; dir=$keep; else dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT; fi

# Random openings: Black on the centre, then three more stones (white,
# black, white) on distinct points within three of it, so that no game
# repeats another and neither side starts with a threat.
awk -v n="$(( (games + 1) / 2 ))" -v seed="$seed" 'BEGIN {
  srand(seed); cols = "abcdefghijklmno"
  for (g = 0; g < n; g++) {
    delete used; used["8,8"] = 1; line = "h8"
    for (k = 0; k < 3; k++) {
      do { x = 8 + int(rand() * 7) - 3; y = 8 + int(rand() * 7) - 3 } while ((x "," y) in used)
      used[x "," y] = 1; line = line " " substr(cols, x, 1) y
    }
    print line
  }
}' > "$dir/openings.txt"

for rules in freestyle renju; do
  echo "== $games self-play games, $rules, $nodes nodes a move" >&2
  "$build/gomoku" match --rules "$rules" --a-nodes "$nodes" --b-nodes "$(( nodes * 4 / 5 ))" \
    --openings "$dir/openings.txt" --games "$games" --jobs "$jobs" --seed "$seed" \
    --records "$dir/$rules.txt" --quiet >&2
done
"$build/fit_eval" --rules freestyle "$dir/freestyle.txt" ${records[@]+"${records[@]}"} \
  --rules renju "$dir/renju.txt" --out src/rules/weights.h
