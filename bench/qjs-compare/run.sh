#!/usr/bin/env bash
# Measures modernc.org/quickjs against github.com/fastschema/qjs side by side
# and prints Markdown tables: cold start (hyperfine), awaited Go calls, memory
# limit, deadline, cost of an armed deadline, stack depth. See README.md.
#
#   bench/qjs-compare/run.sh            # REPS=5 timed repetitions, RUNS=30 hyperfine runs
#   REPS=9 RUNS=50 bench/qjs-compare/run.sh | tee results/$(date +%F-%H%M).md
#   WAIT_LOAD=2 bench/qjs-compare/run.sh  # first wait (up to WAIT_MAX=1800 s) for a 1-min load below 2
set -euo pipefail
cd "$(dirname "$0")"
export GOWORK=off GOFLAGS=-mod=readonly
REPS=${REPS:-5}
RUNS=${RUNS:-30}

if ! command -v hyperfine >/dev/null; then
	echo "hyperfine is missing: apt-get install -y hyperfine" >&2
	exit 1
fi
if [ -n "${WAIT_LOAD:-}" ]; then
	end=$((SECONDS + ${WAIT_MAX:-1800}))
	while awk -v max="$WAIT_LOAD" '{ exit !($1 >= max) }' /proc/loadavg && [ $SECONDS -lt $end ]; do
		sleep 5
	done
fi
mkdir -p bin
go build -o bin/ ./cmd/start-modernc ./cmd/start-qjs ./cmd/compare

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/cache"

echo "# modernc.org/quickjs vs github.com/fastschema/qjs"
echo
echo "$(date -u '+%F %H:%M UTC'), $(nproc) cores, $(go version | cut -d' ' -f3), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "### Cold start: a CLI that evaluates \`1+1\` and exits"
echo
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
# The warm-up runs fill qjs's on-disk wazero cache; "no cache" compiles the
# WASM module in every process, as a first run on a new machine does.
hyperfine -N --style none --warmup 3 --runs "$RUNS" --export-json "$tmp/start.json" \
	-n modernc ./bin/start-modernc \
	-n 'qjs, wazero cache warm' "env QJS_CACHE_DIR=$tmp/cache ./bin/start-qjs" \
	-n 'qjs, no cache' 'env -u QJS_CACHE_DIR ./bin/start-qjs' \
	-n 'node -e 0' 'node -e 0' >/dev/null
./bin/compare startup "$tmp/start.json"
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
QJS_CACHE_DIR="$tmp/cache" ./bin/compare all -reps "$REPS"
