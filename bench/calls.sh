#!/usr/bin/env bash
# bench/calls.sh — memory and --json size against the number of tool calls
# (issue 20: every call's record was kept, about 1 KiB a call). Runs
# `atomic-script run --json` with N awaited todo_get calls for N = 1, 1k,
# 100k and 1M and prints each run's peak RSS (/usr/bin/time) and the size of
# its --json result, with the RSS over the 1-call run. Goal: within 64 MiB
# of the 1-call run at 1,000,000 calls, and --json under 1 MB.
# Needs: go, /usr/bin/time (Debian: time). COUNTS="1 1000" for a quick run.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /usr/bin/time ] || { echo "calls.sh: /usr/bin/time not found (apt-get install time)" >&2; exit 2; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
go build -o "$WORK/atomic-script" ./cmd/atomic-script
cd "$WORK"
base=""
printf '%10s %12s %12s %12s %10s\n' calls "peak RSS" "over 1 call" "--json" "wall"
for n in ${COUNTS:-1 1000 100000 1000000}; do
	/usr/bin/time -f '%M %e' -o time.txt "$WORK/atomic-script" run --json --timeout 30m \
		-e "for (let i = 0; i < $n; i++) await tools.todo_get()" >out.json
	read -r rss wall <time.txt
	size=$(wc -c <out.json)
	[ -n "$base" ] || base=$rss
	awk -v n="$n" -v rss="$rss" -v base="$base" -v size="$size" -v wall="$wall" \
		'BEGIN { printf "%10d %9.1f MiB %9.1f MiB %9.1f KB %8ss\n", n, rss/1024, (rss-base)/1024, size/1000, wall }'
done
