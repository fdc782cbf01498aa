#!/usr/bin/env bash
# Runs one libFuzzer target of the `fuzz` preset (clang, ASan + UBSan,
# coverage on all code) for a while, niced. Not part of scripts/test.
#
#   scripts/fuzz.sh TARGET [SECONDS]      TARGET: record, psq, api or protocol
#   scripts/fuzz.sh TARGET --pick         afterwards: add the work inputs that
#                                         reach new code (edges) to the
#                                         committed corpus fuzz/corpus/TARGET/
#
# The work corpus is build/fuzz/work/TARGET (seeded from the committed
# fuzz/corpus/TARGET); crashes, leaks and timeouts are written to
# build/fuzz/artifacts/TARGET/. Keep the committed corpora small (tens of
# files): they run as ordinary tests in every build.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: $0 TARGET [SECONDS | --pick]}
bin=build/fuzz/fuzz/fuzz_$target
work=build/fuzz/work/$target
art=build/fuzz/artifacts/$target
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}

if [ "${2:-}" = --pick ]; then
  [ -x "$bin" ] || { echo "no $bin" >&2; exit 1; }
  # libFuzzer's merge adds to the committed corpus only the work inputs that
  # reach code it does not reach yet; without hit counters (-use_counters=0)
  # that is a few tens of inputs, not the hundreds of the work corpus.
  before=$(ls "fuzz/corpus/$target" | wc -l)
  "$bin" -merge=1 -use_counters=0 "fuzz/corpus/$target" "$work" 2>&1 | grep -E "MERGE-OUTER: [0-9]+ new" || true
  echo "fuzz/corpus/$target: $before -> $(ls "fuzz/corpus/$target" | wc -l) files"
  exit 0
fi

secs=${2:-600}
cmake --preset fuzz >/dev/null
cmake --build build/fuzz -j2 --target "fuzz_$target"
mkdir -p "$work" "$art"
exec nice "$bin" -max_total_time="$secs" -print_final_stats=1 -rss_limit_mb=2048 -timeout=30 \
  -artifact_prefix="$art/" "$work" "fuzz/corpus/$target"
