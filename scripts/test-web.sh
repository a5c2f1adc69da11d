#!/usr/bin/env bash
# The page in a real browser: starts the release build's `equity serve` on a free loopback port,
# runs web/tests (pytest + Selenium + headless Chromium), stops the server. Screenshots of each
# view go to build/release/web-screenshots/. Needs the release build (no C++ build of its own) and
# the packages scripts/setup.sh installs; skips with a message where no browser is installed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${EQUITY_BUILD_DIR:-$root/build/release}
program=$build/equity
python=/usr/bin/python3

if [ ! -x "$program" ]; then
  echo "test-web: no $program: build first (cmake --preset release && cmake --build --preset release)" >&2
  exit 1
fi
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null ||
   ! "$python" -c 'import selenium, pytest' 2>/dev/null; then
  echo "test-web: SKIPPED: chromium, chromium-driver, python3-selenium or python3-pytest is missing (scripts/setup.sh installs them)" >&2
  exit 0
fi

log=$(mktemp)
"$program" serve --port 0 >"$log" 2>&1 &
server=$!
stop_server() {
  kill "$server" 2>/dev/null || return 0
  for _ in $(seq 100); do kill -0 "$server" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$server" 2>/dev/null; then
    echo "test-web: the server did not stop within 10 s of SIGTERM; killed" >&2
    kill -9 "$server" 2>/dev/null
  fi
  wait "$server" 2>/dev/null || true
  rm -f "$log"
}
trap stop_server EXIT
url=""
for _ in $(seq 100); do
  url=$(grep -o 'http://[^ ]*' "$log" || true)
  [ -n "$url" ] && break
  sleep 0.1
done
if [ -z "$url" ]; then
  echo "test-web: the server did not start:" >&2
  cat "$log" >&2
  exit 1
fi

export EQUITY_URL=$url EQUITY_PROGRAM=$program EQUITY_SCREENSHOTS=$build/web-screenshots NO_PROXY="*" no_proxy="*" PYTHONDONTWRITEBYTECODE=1
mkdir -p "$EQUITY_SCREENSHOTS"
cd "$root/web/tests"
"$python" -m pytest -q -p no:cacheprovider "$@" .
echo "test-web: screenshots in $EQUITY_SCREENSHOTS" >&2
