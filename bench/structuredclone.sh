#!/usr/bin/env bash
# bench/structuredclone.sh — structuredClone beside JSON.parse(JSON.stringify(x))
# on the same data (issue 30) and beside node's structuredClone: a 1,000-deep
# object and 100,000 small objects, each the whole `atomic-script run`
# process on QuickJS (node: the whole node process), every command
# interleaved by hyperfine, with each side's build-only run subtracted so the
# figures are the copy's own. Goals: 1,000-deep < 50 ms; 100,000 objects
# < 1 s. BenchmarkStructuredClone (runtime/webapi) measures ours in-process.
# Needs: go, hyperfine, python3, node.
set -euo pipefail
cd "$(dirname "$0")/.."
for bin in go hyperfine python3 node; do
	command -v "$bin" >/dev/null || { echo "structuredclone.sh: $bin not found" >&2; exit 2; }
done
RUNS=${RUNS:-10}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
go build -o "$WORK/atomic-script" ./cmd/atomic-script
run="$WORK/atomic-script run --timeout 120s bench/structuredclone/data.js --"
node="node bench/structuredclone/node.js bench/structuredclone/data.js"
for shape in deep1000 wide100k; do
	for op in clone json; do
		got=$($run "$shape" "$op" verify | grep -E '^(same|DIFFERENT)$' || true)
		[ "$got" = same ] || { echo "structuredclone.sh: $shape $op: the copy differs ($got)" >&2; exit 1; }
	done
	got=$($node "$shape" clone verify)
	[ "$got" = same ] || { echo "structuredclone.sh: $shape on node: the copy differs ($got)" >&2; exit 1; }
	hyperfine -N --warmup 1 --min-runs "$RUNS" --export-json "$WORK/$shape.json" \
		"$run $shape build" "$run $shape clone" "$run $shape json" "$node $shape build" "$node $shape clone" >/dev/null
	python3 - "$WORK/$shape.json" "$shape" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
# r: ours build, clone, json; node build, clone. Each cost is over its own
# side's build-only run.
def cost(i, base, key="median"):
    return max(r[i][key] - r[base][key], 0)
def ratio(a, b):
    return f"{a/b:.2f}x" if b else "n/a"
goal = 0.05 if sys.argv[2] == "deep1000" else 1.0
sc, js, nd = cost(1, 0), cost(2, 0), cost(4, 3)
scu, jsu, ndu = cost(1, 0, "user"), cost(2, 0, "user"), cost(4, 3, "user")
print(f"{sys.argv[2]:9s} structuredClone {sc*1000:7.1f} ms wall {scu*1000:7.1f} ms CPU (goal < {goal*1000:.0f} ms); "
      f"JSON round trip {js*1000:7.1f} / {jsu*1000:7.1f} ms; node structuredClone {nd*1000:7.1f} / {ndu*1000:7.1f} ms; "
      f"ratio vs JSON {ratio(sc, js)} wall {ratio(scu, jsu)} CPU, vs node {ratio(sc, nd)} wall {ratio(scu, ndu)} CPU")
PY
done
