#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, AddressSanitizer + UndefinedBehaviorSanitizer; target
# equity_fuzz_targets of the fuzz preset, or of the asan preset, which builds them beside the tests)
# and runs each for SECONDS_PER_TARGET seconds (default 30) from its seed corpus in fuzz/corpus/,
# with its dictionary from fuzz/dict/ when there is one. New inputs go to build/PRESET/corpus/ (the
# seeds in the repository are only read). Any crash, sanitizer report, timeout or out-of-memory
# fails the run: the reproducer is kept under build/PRESET/crashes/ and the script exits non-zero
# after trying every target. Runs as many targets at a time as there are cores. Prints the
# executions of each target.
#
#   scripts/fuzz.sh [--preset fuzz|asan] [SECONDS_PER_TARGET]
#   build/fuzz/fuzz_range build/fuzz/crashes/fuzz_range-crash-...   (replays one reproducer)
#
# The fuzz preset instruments the whole library for coverage (-fsanitize=fuzzer-no-link): the one
# for long runs. scripts/test.sh runs the asan preset's targets for 10 s each, so that CI compiles
# the library under the sanitizers once.
set -euo pipefail
cd "$(dirname "$0")/.."
preset=fuzz
if [[ "${1:-}" == --preset ]]; then
  preset="${2:-}"
  shift 2 || true
fi
if [[ "$preset" != fuzz && "$preset" != asan ]]; then
  echo "fuzz.sh: --preset must be fuzz or asan, not '$preset'" >&2
  exit 2
fi
seconds="${1:-30}"
if ! [[ "$seconds" =~ ^[1-9][0-9]*$ ]]; then
  echo "fuzz.sh: SECONDS_PER_TARGET must be a whole number of seconds above 0, not '$seconds'" >&2
  exit 2
fi
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" --target equity_fuzz_targets

build="build/$preset"
mkdir -p "$build/crashes" "$build/logs"
jobs=$(nproc 2>/dev/null || echo 1)  # targets run side by side, one a core: each is one process
failed=()
summary=()

# Runs one target; its log holds libFuzzer's output, its status file "ok" or "FAILED".
run_target() {
  local target=$1 work="$build/corpus/$1" log="$build/logs/$1.log"
  mkdir -p "$work"
  local args=(-max_total_time="$seconds" -timeout=25 -rss_limit_mb=2048 -print_final_stats=1
              -artifact_prefix="$build/crashes/$target-")
  if [[ -f "fuzz/dict/$target.dict" ]]; then args+=(-dict="fuzz/dict/$target.dict"); fi
  if "$build/$target" "${args[@]}" "$work" "fuzz/corpus/$target" >"$log" 2>&1; then
    echo ok >"$build/logs/$target.status"
  else
    echo FAILED >"$build/logs/$target.status"
  fi
}

targets=($(cat "$build/fuzz_targets.txt" | tr ';' ' '))
echo "== ${#targets[@]} targets, ${seconds}s each, $jobs at a time"
running=0
for target in "${targets[@]}"; do
  rm -f "$build/logs/$target.status"
  if ((running >= jobs)); then
    wait -n || true
    running=$((running - 1))
  fi
  run_target "$target" &
  running=$((running + 1))
done
wait

for target in "${targets[@]}"; do
  log="$build/logs/$target.log"
  status=$(cat "$build/logs/$target.status" 2>/dev/null || echo FAILED)
  if [[ "$status" != ok ]]; then
    failed+=("$target")
    echo "== $target FAILED:" >&2
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
