#!/usr/bin/env bash
# Builds the Python module and runs its pytest suite (python/tests) against it and the release
# build's program. Two ways:
#   scripts/test-python.sh [pytest arguments...]
#       builds build/python (the library and python/ only, Release, warnings as errors) and tests it
#       through PYTHONPATH: the quick loop while working on the module;
#   scripts/test-python.sh --installed [pytest arguments...]
#       installs the package as users do, `pip install --no-build-isolation --no-index .`, into a
#       venv (build/venv, with Debian's numpy and pytest), and tests the installed package:
#       scripts/test.sh runs this.
# The JSON tests compare with build/release/equity: build the release preset first (scripts/test.sh
# does). Debian's python3 is used (its numpy, pytest and scikit-build); PYTHON overrides it.
set -euo pipefail
cd "$(dirname "$0")/.."

python=${PYTHON:-/usr/bin/python3}
[ -x "$python" ] || python=python3
export EQUITY_CLI="${EQUITY_CLI:-$PWD/build/release/equity}"

if [ "${1:-}" = "--installed" ]; then
  shift
  venv=build/venv
  "$python" -m venv --system-site-packages "$venv"
  log=build/pip-install.log
  echo "test-python: pip install --no-build-isolation --no-index . into $venv (log: $log)"
  if ! SKBUILD_CONFIGURE_OPTIONS="-DEQUITY_WARNINGS_AS_ERRORS=ON" CMAKE_BUILD_PARALLEL_LEVEL=2 \
    "$venv/bin/pip" install --no-build-isolation --no-index --no-deps --force-reinstall . >"$log" 2>&1; then
    tail -40 "$log" >&2
    echo "test-python: pip install failed (the whole log: $log)" >&2
    exit 1
  fi
  python="$venv/bin/python"
  export EQUITY_EXPECT_INSTALLED=1
else
  build=build/python
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DEQUITY_PYTHON=ON -DEQUITY_BUILD_TESTS=OFF \
    -DEQUITY_BUILD_BENCHMARKS=OFF -DEQUITY_WARNINGS_AS_ERRORS=ON -DPython_EXECUTABLE="$(command -v "$python")" >/dev/null
  cmake --build "$build" --target _equity -j 2
  export PYTHONPATH="$PWD/$build/python${PYTHONPATH:+:$PYTHONPATH}"
fi

status=0
"$python" -m pytest -q -p no:cacheprovider python/tests "$@" || status=$?
if [ "$status" -eq 5 ]; then
  echo "test-python: pytest collected no tests" >&2
  exit 1
fi
exit "$status"
