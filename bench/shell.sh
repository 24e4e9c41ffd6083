#!/usr/bin/env bash
# Shell tool benchmarks (issue 6): the bash({command:"true"}) round trip
# through tools.Invoke against spawning `sh -c true` and `bash -c true`
# directly, and a 100 MB stream into the spill file against the same
# producer piped into cat. Runs each benchmark COUNT times and reports the
# best run (the least disturbed by other load) and the ratios.
#   bench/shell.sh [COUNT]
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-10}
out=$(go test -run '^$' -bench 'BashTrue|SpawnShTrue|SpawnBashTrue|Stream' -benchtime 1s -count "$count" ./tools/shell)
echo "$out" | grep -E '^Benchmark' | awk '
  { name=$1; sub(/-[0-9]+$/, "", name); ns=$3+0
    if (!(name in best) || ns < best[name]) best[name]=ns }
  END {
    for (n in best) printf "%-26s best %12.0f ns/op\n", n, best[n]
    printf "bash true / sh -c true      %.2fx (goal <= 1.3x)\n", best["BenchmarkBashTrue"]/best["BenchmarkSpawnShTrue"]
    printf "bash true / bash -c true    %.2fx (tool overhead over its own shell)\n", best["BenchmarkBashTrue"]/best["BenchmarkSpawnBashTrue"]
    printf "100 MB stream               %.0f MB/s (goal >= 500)\n", 1e8/best["BenchmarkStream100MB"]*1e3
    printf "100 MB producer into cat    %.0f MB/s (upper bound here)\n", 1e8/best["BenchmarkStreamBaseline"]*1e3
  }' | sort
