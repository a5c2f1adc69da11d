#!/usr/bin/env bash
# Installs the Debian 12 packages the project builds with. A no-op when everything is present.
# Run as root (or with sudo available).
set -euo pipefail

packages=(cmake g++ make libtbb-dev libeigen3-dev libcli11-dev libgtest-dev libbenchmark-dev
  nlohmann-json3-dev libfmt-dev libcpp-httplib-dev libboost-dev clang clang-format libfuzzer-14-dev
  pybind11-dev python3-dev python3-pybind11 python3-numpy python3-skbuild python3-pytest python3-venv
  python3-setuptools python3-pip chromium chromium-driver python3-selenium
  slurm-wlm munge  # scripts/test-slurm.sh: a one-node Slurm cluster
  ccache)  # scripts/test.sh: pip's build of the Python package takes the release build's objects

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all build dependencies are installed" >&2
  exit 0
fi

echo "setup: installing ${missing[*]}" >&2
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo_cmd=(sudo); else
    echo "setup: need root to install: ${missing[*]}" >&2; exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "setup: done" >&2
