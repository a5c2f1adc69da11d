#!/usr/bin/env bash
# Builds the Python module (build/python: the library and python/ only, Release, warnings as
# errors) and runs its pytest suite (python/tests) against it and the release build's program.
# Usage: scripts/test-python.sh [pytest arguments...]
# The JSON tests compare with build/release/equity: build the release preset first
# (scripts/test.sh does). Debian's python3 is used (its numpy and pytest); PYTHON overrides it.
set -euo pipefail
cd "$(dirname "$0")/.."

python=${PYTHON:-/usr/bin/python3}
[ -x "$python" ] || python=python3
build=build/python

cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DEQUITY_PYTHON=ON -DEQUITY_BUILD_TESTS=OFF \
  -DEQUITY_BUILD_BENCHMARKS=OFF -DEQUITY_WARNINGS_AS_ERRORS=ON -DPython_EXECUTABLE="$(command -v "$python")" >/dev/null
cmake --build "$build" --target _equity -j 2

export PYTHONPATH="$PWD/$build/python${PYTHONPATH:+:$PYTHONPATH}"
export EQUITY_CLI="${EQUITY_CLI:-$PWD/build/release/equity}"
status=0
"$python" -m pytest -q -p no:cacheprovider python/tests "$@" || status=$?
if [ "$status" -eq 5 ]; then
  echo "test-python: pytest collected no tests" >&2
  exit 1
fi
exit "$status"
