#!/usr/bin/env bash
# Checks every C++ file of the repository against .clang-format without changing anything: prints
# each difference and exits non-zero if a file is not formatted. To format: the same file list with
# `clang-format -i`.
set -euo pipefail
cd "$(dirname "$0")/.."
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files '*.cpp' '*.hpp' '*.h' '*.cc')
else
  mapfile -t files < <(find . -path ./build -prune -o -type f \( -name '*.cpp' -o -name '*.hpp' -o -name '*.h' -o -name '*.cc' \) -print | sort)
fi
clang-format --version >&2
clang-format --style=file --dry-run --Werror "${files[@]}"
echo "check-format: ${#files[@]} files formatted as .clang-format says" >&2
