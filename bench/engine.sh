#!/usr/bin/env bash
# bench/engine.sh — the engine figures of issue 2, side by side in one run:
#   1. cold process start: `atomic-script run -e 'return 1'` vs `node -e 0`
#      (hyperfine; goal ≤ 0.5× node);
#   2. peak RSS of one run (/usr/bin/time);
#   3. the in-process Go benchmarks (warm run with one tool call, 10,000
#      awaited calls sequential and with Promise.all, CPU-bound scripts with
#      and without a deadline), summarised with benchstat when present.
# Needs: go, hyperfine, node, /usr/bin/time (Debian: hyperfine nodejs time).
set -euo pipefail
cd "$(dirname "$0")/.."
for bin in go hyperfine node; do
	command -v "$bin" >/dev/null || { echo "engine.sh: $bin not found" >&2; exit 2; }
done
RUNS=${RUNS:-30}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
go build -o "$WORK/atomic-script" ./cmd/atomic-script
cd "$WORK"

echo "== cold start (median of $RUNS runs)"
hyperfine -N --warmup 3 --min-runs "$RUNS" --export-json start.json \
	"$WORK/atomic-script run -e 'return 1'" 'node -e 0' >/dev/null
python3 - <<'PY'
import json
r = json.load(open("start.json"))["results"]
ours, node = r[0]["median"], r[1]["median"]
print(f"atomic-script run -e 'return 1': {ours*1000:.1f} ms")
print(f"node -e 0:                       {node*1000:.1f} ms")
print(f"ratio: {ours/node:.2f}x (goal <= 0.5x)")
PY

echo "== peak RSS of one run"
if [ -x /usr/bin/time ]; then
	/usr/bin/time -f "return 1: %M KiB" ./atomic-script run -e 'return 1' >/dev/null
	/usr/bin/time -f "10,000 awaited calls: %M KiB" ./atomic-script run -e 'for (let i = 0; i < 10000; i++) await tools.todo_get(); return 1' >/dev/null
	/usr/bin/time -f "1 MB JSON round trip: %M KiB" ./atomic-script run -e 'const s = JSON.stringify(Array.from({length: 20000}, (_, i) => ({id: i, name: "item " + i}))); return JSON.parse(s).length' >/dev/null
else
	echo "(no /usr/bin/time)"
fi
cd - >/dev/null

echo "== in-process benchmarks"
go test -run '^$' -bench 'RunTrivial|AwaitedCalls|CPU' -count "${COUNT:-5}" ./engine | tee "$WORK/engine.txt" | grep -E '^Benchmark'
if command -v benchstat >/dev/null; then benchstat "$WORK/engine.txt"; fi
