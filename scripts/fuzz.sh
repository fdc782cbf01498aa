#!/usr/bin/env bash
# Runs one libFuzzer target of the `fuzz` preset (clang, ASan + UBSan,
# coverage on all code) for a while, niced. Not part of scripts/test.
#
#   scripts/fuzz.sh TARGET [SECONDS]      TARGET: record, psq, api or protocol
#   scripts/fuzz.sh TARGET --pick N       afterwards: the N inputs of the work
#                                         corpus with the most coverage each,
#                                         copied to fuzz/corpus/TARGET/
#
# The work corpus is build/fuzz/work/TARGET (seeded from the committed
# fuzz/corpus/TARGET); crashes, leaks and timeouts are written to
# build/fuzz/artifacts/TARGET/. Keep the committed corpora small (tens of
# files): they run as ordinary tests in every build.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: $0 TARGET [SECONDS | --pick N]}
bin=build/fuzz/fuzz/fuzz_$target
work=build/fuzz/work/$target
art=build/fuzz/artifacts/$target
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}

if [ "${2:-}" = --pick ]; then
  n=${3:?--pick needs a count}
  [ -x "$bin" ] || { echo "no $bin" >&2; exit 1; }
  # Coverage of each input alone: "INITED cov: N" of a corpus run over a
  # folder holding just that file.
  one=$(mktemp -d)
  trap 'rm -rf "$one"' EXIT
  for f in "$work"/*; do
    rm -f "$one"/*
    cp "$f" "$one/"
    cov=$("$bin" -runs=0 "$one" 2>&1 | sed -n 's/.*INITED cov: \([0-9]*\).*/\1/p' | head -1)
    echo "${cov:-0} $f"
  done | sort -rn | head -n "$n" | while read -r cov f; do
    cp "$f" "fuzz/corpus/$target/fuzz-$(basename "$f" | cut -c1-12)"
    echo "picked $(basename "$f") (cov $cov)"
  done
  exit 0
fi

secs=${2:-600}
cmake --preset fuzz >/dev/null
cmake --build build/fuzz -j2 --target "fuzz_$target"
mkdir -p "$work" "$art"
exec nice "$bin" -max_total_time="$secs" -print_final_stats=1 -rss_limit_mb=2048 -timeout=30 \
  -artifact_prefix="$art/" "$work" "fuzz/corpus/$target"
