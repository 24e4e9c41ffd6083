#!/usr/bin/env bash
# Runs every Fuzz target in the module for the given budget each.
#
# Go's fuzz coordinator can stop with a bare "context deadline exceeded"
# when the budget ends while a worker is still busy with an input (no
# failing input is written then). That is not a finding: such a run is
# tried once more, and only a run that writes a failing input, or fails the
# same way twice, fails the build.
set -uo pipefail
budget=${1:-10s}
cd "$(dirname "$0")/.."
status=0
while read -r file; do
  pkg=./$(dirname "${file#./}")
  for target in $(grep -oE '^func Fuzz[A-Za-z0-9_]*' "$file" | sed 's/^func //'); do
    for attempt in 1 2; do
      echo "fuzz $pkg $target ($budget)"
      out=$(go test -run='^$' -fuzz="^${target}\$" -fuzztime="$budget" "$pkg" 2>&1)
      rc=$?
      echo "$out" | grep -v '^fuzz: elapsed'
      if [ $rc -eq 0 ]; then break; fi
      if [ $attempt -eq 1 ] && ! grep -q 'Failing input written' <<<"$out" && grep -q 'context deadline exceeded' <<<"$out"; then
        echo "fuzz $pkg $target: the coordinator timed out without a finding; once more"
        continue
      fi
      status=1
      break
    done
  done
done < <(grep -rl --include='*_test.go' -E '^func Fuzz[A-Za-z0-9_]*\(f \*testing\.F\)' .)
exit $status
