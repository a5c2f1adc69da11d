#!/usr/bin/env bash
# Builds the libFuzzer targets (the fuzz preset: clang, AddressSanitizer + UndefinedBehaviorSanitizer)
# and runs each for SECONDS_PER_TARGET seconds (default 30) from its seed corpus in fuzz/corpus/,
# with its dictionary from fuzz/dict/ when there is one. New inputs go to build/fuzz/corpus/ (the
# seeds in the repository are only read). Any crash, sanitizer report, timeout or out-of-memory
# fails the run: the reproducer is kept under build/fuzz/crashes/ and the script exits non-zero
# after trying every target. Prints the executions of each target.
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET]
#   build/fuzz/fuzz_range build/fuzz/crashes/fuzz_range-crash-...   (replays one reproducer)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-30}"
if ! [[ "$seconds" =~ ^[1-9][0-9]*$ ]]; then
  echo "fuzz.sh: SECONDS_PER_TARGET must be a whole number of seconds above 0, not '$seconds'" >&2
  exit 2
fi
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz

build=build/fuzz
mkdir -p "$build/crashes" "$build/logs"
failed=()
summary=()
for target in $(cat "$build/fuzz_targets.txt" | tr ';' ' '); do
  work="$build/corpus/$target"
  mkdir -p "$work"
  args=(-max_total_time="$seconds" -timeout=25 -rss_limit_mb=2048 -print_final_stats=1
        -artifact_prefix="$build/crashes/$target-")
  if [[ -f "fuzz/dict/$target.dict" ]]; then args+=(-dict="fuzz/dict/$target.dict"); fi
  log="$build/logs/$target.log"
  echo "== $target: ${seconds}s"
  if "$build/$target" "${args[@]}" "$work" "fuzz/corpus/$target" >"$log" 2>&1; then
    status=ok
  else
    status=FAILED
    failed+=("$target")
    tail -n 30 "$log" >&2
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  summary+=("$(printf '%-18s %12s executions  %s' "$target" "${runs:-?}" "$status")")
done

echo
printf '%s\n' "${summary[@]}"
if ((${#failed[@]})); then
  echo "fuzz.sh: ${#failed[@]} target(s) failed: ${failed[*]}; reproducers in $build/crashes/, logs in $build/logs/" >&2
  exit 1
fi
