#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test, timing each stage:
#   1. the Release suite (the preset CI and users build);
#   2. AddressSanitizer + UndefinedBehaviorSanitizer over the portable build (EQUITY_PORTABLE=ON:
#      the fallbacks of the platform-specific code get built and tested there), fast tests only; the
#      test executables' own code and the Monte Carlo trial kernels under AddressSanitizer alone
#      (EQUITY_SANITIZE_TESTS; UBSan doubled their build); clang, so that the same build holds the
#      libFuzzer targets of stage 7 (the library is compiled under the sanitizers once);
#   3. ThreadSanitizer over the suites of the parallel code only (target equity_parallel_tests,
#      label "parallel"), fast tests only;
#   4. the Python package installed as users do (pip install --no-build-isolation --no-index . into
#      build/venv) and its pytest suite against it (scripts/test-python.sh --installed);
#   5. the web page in headless Chromium against the release build's `equity serve`
#      (scripts/test-web.sh; screenshots in build/release/web-screenshots/);
#   5b. the cluster jobs (scripts/slurm/) on a one-node Slurm cluster started as root on this machine
#      (scripts/test-slurm.sh; skipped with a message where it cannot be root);
#   6. every C++ file against .clang-format (scripts/check-format.sh);
#   7. every libFuzzer target (the asan build's: ASan + UBSan) for EQUITY_FUZZ_SECONDS seconds each
#      (default 10) from its seed corpus, which holds every defect input found so far
#      (scripts/fuzz.sh --preset asan; its default preset, fuzz, instruments the whole library for
#      long runs).
# The test presets run two tests at a time (the machines CI has have two cores).
# Exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."

start=$SECONDS
stage_start=$SECONDS
stage() {  # prints the time of the stage just finished
  echo "test.sh: $1 took $((SECONDS - stage_start)) s (total $((SECONDS - start)) s)" >&2
  stage_start=$SECONDS
}

scripts/setup.sh
stage setup

# A compiler cache for this run (build/ccache), seeded by the release build: pip's build of the
# Python package compiles the same library objects with the same flags (the library is
# position-independent in every build) and takes them from it. The sanitizer builds share nothing
# with it and do without.
export CCACHE_DIR="$PWD/build/ccache"
launcher=() python_env=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache) python_env=(CMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi

cmake --preset release "${launcher[@]}"
cmake --build --preset release
stage "release build"
ctest --preset release
stage "release tests"

cmake --preset asan
cmake --build --preset asan
stage "asan+ubsan (portable) build, with the fuzz targets"
ctest --preset asan
stage "asan+ubsan (portable) tests"

cmake --preset tsan
cmake --build --preset tsan
stage "tsan build (parallel suites)"
ctest --preset tsan
stage "tsan tests (parallel suites)"

env "${python_env[@]}" scripts/test-python.sh --installed
stage "python package: pip install and tests"

scripts/test-web.sh
stage "web page in headless Chromium"

scripts/test-slurm.sh build/release
stage "slurm: table and batch as job arrays on a one-node cluster"

scripts/check-format.sh
stage "format check"

scripts/fuzz.sh --preset asan "${EQUITY_FUZZ_SECONDS:-10}"
stage "fuzz (every target)"
echo "test.sh: all stages passed in $((SECONDS - start)) s" >&2
