#!/usr/bin/env bash
# bench/typescript.sh — the TypeScript figures of issue 17, side by side:
#   1. cold `run` of a small .ts against the same script as .js (hyperfine,
#      whole process; goal: ≤ 2 ms more);
#   2. the in-process benchmarks: esbuild's transform of a 2,000-line
#      script, the whole pre-run check of one (JS and TS; goals ≤ 20 ms), and
#      a small inline script checked as JavaScript against always through
#      the TypeScript transform (the choice for -e and codemode).
# Needs: go, hyperfine.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v hyperfine >/dev/null || { echo "typescript.sh: hyperfine not found" >&2; exit 2; }
RUNS=${RUNS:-40}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
go build -o "$WORK/atomic-script" ./cmd/atomic-script
printf 'const n = 41\nconst xs = [1, 2, 3].map((x) => x * n)\nreturn xs.join(",")\n' >"$WORK/small.js"
printf 'const n: number = 41\nconst xs: number[] = [1, 2, 3].map((x: number) => x * n)\nreturn xs.join(",") satisfies string\n' >"$WORK/small.ts"
echo "== cold run, .js vs .ts (median of $RUNS runs)"
hyperfine -N --warmup 5 --min-runs "$RUNS" --export-json "$WORK/cold.json" \
	"$WORK/atomic-script run $WORK/small.js" "$WORK/atomic-script run $WORK/small.ts" >/dev/null
python3 - "$WORK/cold.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
js, ts = r[0], r[1]
print(f".js: median {js['median']*1000:.2f} ms (user {js['user']*1000:.2f} ms)")
print(f".ts: median {ts['median']*1000:.2f} ms (user {ts['user']*1000:.2f} ms)")
print(f".ts - .js: {(ts['median']-js['median'])*1000:+.2f} ms wall, {(ts['user']-js['user'])*1000:+.2f} ms user (goal <= 2 ms)")
PY
echo "== in process"
go test ./internal/check -run '^$' -bench . -benchtime 2s -count 1 | grep -E '^Benchmark'
