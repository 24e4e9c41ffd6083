#!/usr/bin/env bash
# bench/webapi.sh — the web globals against node, side by side (issue 19):
#   1. new URL() of 10,000 distinct URLs (bench/webapi/url.js);
#   2. crypto.subtle.digest("SHA-256") of 10 MB (bench/webapi/digest.js);
# each the whole process, `atomic-script run` vs `node` on the same work,
# median of hyperfine runs; goal: each within 3x of node.
# Needs: go, hyperfine, node (Debian: hyperfine nodejs).
set -euo pipefail
cd "$(dirname "$0")/.."
for bin in go hyperfine node; do
	command -v "$bin" >/dev/null || { echo "webapi.sh: $bin not found" >&2; exit 2; }
done
RUNS=${RUNS:-20}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
go build -o "$WORK/atomic-script" ./cmd/atomic-script
for name in url digest; do
	ours=$("$WORK/atomic-script" run --json "bench/webapi/$name.js" | python3 -c 'import json,sys; print(json.load(sys.stdin)["value"])')
	theirs=$(node "bench/webapi/$name.node.js")
	[ "$ours" = "$theirs" ] || { echo "webapi.sh: $name: atomic-script says $ours, node $theirs" >&2; exit 1; }
	hyperfine -N --warmup 3 --min-runs "$RUNS" --export-json "$WORK/$name.json" \
		"$WORK/atomic-script run bench/webapi/$name.js" "node bench/webapi/$name.node.js" >/dev/null
	python3 - "$WORK/$name.json" "$name" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
ours, node = r[0]["median"], r[1]["median"]
print(f"{sys.argv[2]:7s} atomic-script {ours*1000:6.1f} ms, node {node*1000:6.1f} ms: {ours/node:.2f}x node (goal <= 3x)")
PY
done
