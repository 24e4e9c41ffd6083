#!/usr/bin/env bash
# Runs every Fuzz target in the module for the given budget each.
set -euo pipefail
budget=${1:-10s}
cd "$(dirname "$0")/.."
grep -rl --include='*_test.go' -E '^func Fuzz[A-Za-z0-9_]*\(f \*testing\.F\)' . | while read -r file; do
  pkg=./$(dirname "${file#./}")
  grep -oE '^func Fuzz[A-Za-z0-9_]*' "$file" | sed 's/^func //' | while read -r target; do
    echo "fuzz $pkg $target ($budget)"
    go test -run='^$' -fuzz="^${target}\$" -fuzztime="$budget" "$pkg"
  done
done
