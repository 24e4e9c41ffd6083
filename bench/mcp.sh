#!/usr/bin/env bash
# MCP server benchmarks (issue 7): codemode round trips over stdio on a warm
# `atomic-script serve` (a real go-sdk client and the built binary), against
# the goal (<= 20 ms median for `return 1`) and against running the same
# script as a fresh process (`atomic-script run -e 'return 1'`, hyperfine),
# which is what a host without a server would pay; and the resident memory
# of an idle server. Writes bench/results/mcp.txt.
#   bench/mcp.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-500}
out=$(go test -run '^$' -bench 'Codemode|DirectToolCall' -benchtime "${rounds}x" ./internal/mcpserver)
mem=$(go test -run 'TestIdleServerMemory' -v ./internal/mcpserver | grep -o 'idle server RSS: .*')
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/atomic-script" ./cmd/atomic-script
(cd "$tmp" && HOME="$tmp" ATOMIC_HOME="$tmp/.atomic" hyperfine -N --warmup 5 --runs 50 --export-json "$tmp/run.json" \
  "$tmp/atomic-script run -e 'return 1'" >/dev/null 2>&1)
cold=$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"][0]; print("%.3f" % (r["median"]*1e3))' "$tmp/run.json")
{
  echo "# bench/mcp.sh on $(date -u +%Y-%m-%d), $(nproc) CPUs, $rounds rounds each"
  echo "$out" | grep -E '^Benchmark'
  echo "$out" | awk -v cold="$cold" '
    /^BenchmarkCodemodeReturn1/ { for (i=1;i<=NF;i++) if ($(i+1)=="ms-median") m=$i }
    END {
      printf "codemode return 1 median      %.3f ms = %.2fx the 20 ms goal\n", m, m/20
      printf "fresh process run -e return 1 %.3f ms median (hyperfine) = %.1fx the warm server\n", cold, cold/m
    }'
  echo "$mem"
} | tee bench/results/mcp.txt
