#!/usr/bin/env bash
# Time per move of each level, per game: plays two quick games (easy vs
# medium) per rule to get positions, then asks `gomoku move --json` for
# every 4th position at each level and prints the median and worst
# thinking time the engine reports.
# Usage: scripts/level-times.sh [path/to/gomoku] [positions per rule]
set -euo pipefail
gomoku=${1:-build/test/gomoku}
per_rule=${2:-10}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf "%-9s %-7s %9s %9s %5s\n" rules level median_ms worst_ms n
for rules in freestyle renju captures fishing; do
  "$gomoku" match --rules "$rules" --a easy --b medium --games 2 --quiet --records "$tmp/$rules.txt" >/dev/null
  # Record prefixes: every 4th action of each game, up to per_rule positions.
  : > "$tmp/$rules.pos"
  while IFS= read -r rec; do
    [[ "$rec" == \#* || -z "$rec" ]] && continue
    read -ra toks <<< "$rec"
    for ((n = 4; n < ${#toks[@]}; n += 4)); do
      echo "${toks[*]:0:n}" >> "$tmp/$rules.pos"
    done
  done < "$tmp/$rules.txt"
  head -n "$per_rule" "$tmp/$rules.pos" > "$tmp/$rules.sel"
  for level in easy medium hard; do
    : > "$tmp/times"
    while IFS= read -r rec; do
      out=$("$gomoku" move --rules "$rules" --record "$rec" --level "$level" --json 2>/dev/null) || continue
      python3 -c 'import json,sys; print(json.loads(sys.argv[1])["timeMs"])' "$out" >> "$tmp/times"
    done < "$tmp/$rules.sel"
    sort -n "$tmp/times" | awk -v r="$rules" -v l="$level" '
      { t[NR] = $1 } END { if (NR == 0) exit; m = (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2;
        printf "%-9s %-7s %9d %9d %5d\n", r, l, m, t[NR], NR }'
  done
done
