#!/usr/bin/env bash
# bench/structural.sh — structural search and outline against ast-grep,
# whole processes, with hyperfine.
#
# Corpus: $(go env GOROOT)/src (about 10k Go files). Each pair runs both
# sides in one hyperfine call: `atomic-script run -e` calling
# structural_search with limit 0 (every file parsed and matched, as
# ast-grep does when it prints every match) against `ast-grep run -p
# PATTERN -l go`. The summary prints medians and the ratio (ours /
# ast-grep, goal <= 1.5). Outline's goal (a 10k-line file in <= 50 ms) is
# BenchmarkOutline10kLines in tools/code.
#
# Needs: go, hyperfine, python3 and ast-grep (.ci/run installs it in
# .ci/astgrep; ATOMIC_AST_GREP overrides).
#   RUNS   hyperfine --min-runs (default 5)
set -euo pipefail
cd "$(dirname "$0")/.."

for bin in go hyperfine python3; do
	command -v "$bin" >/dev/null || { echo "structural.sh: $bin not found" >&2; exit 2; }
done
SG=${ATOMIC_AST_GREP:-$PWD/.ci/astgrep/node_modules/.bin/ast-grep}
[ -x "$SG" ] || { echo "structural.sh: ast-grep not found at $SG (run .ci/run, or set ATOMIC_AST_GREP)" >&2; exit 2; }

RUNS=${RUNS:-5}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
OUT=$(realpath -m "${BENCH_OUT:-bench/results}")
mkdir -p "$OUT"
SRC=$(go env GOROOT)/src
go build -o "$WORK/atomic-script" ./cmd/atomic-script
export HOME=$WORK/home ATOMIC_STATE_DIR=$WORK/state

# pair NAME PATTERN
pair() {
	local name=$1 pattern=$2 js
	js=$(printf 'const r = await tools.structural_search({pattern: %s, language: "go", limit: 0}); return r.matchCount' "$(python3 -c 'import json,sys; print(json.dumps(sys.argv[1]))' "$pattern")")
	echo "== $name: $pattern" >&2
	(cd "$SRC" && hyperfine -N -i --warmup 1 --min-runs "$RUNS" --style basic \
		--export-json "$OUT/structural-$name.json" \
		-n ours "$(printf '%q run -e %q' "$WORK/atomic-script" "$js")" \
		-n ast-grep "$(printf '%q run -p %q -l go .' "$SG" "$pattern")" >&2)
	echo "$name" >> "$OUT/structural-cases.txt"
}

: > "$OUT/structural-cases.txt"
# shellcheck disable=SC2016 # the patterns are ast-grep code, not shell
{
pair errorf   'fmt.Errorf($MSG)'
pair eq-nil   '$X == nil'
pair err-ret  'if err != nil { return $$$R }'
pair no-match 'zqxjvNoSuch($A)'
}

python3 - "$OUT" <<'PY'
import json, os, sys
out = sys.argv[1]
print(f"{'case':10} {'ours ms':>8} {'sg ms':>8} {'ratio':>6} {'ours cpu':>9} {'sg cpu':>9} {'cpu ratio':>9}")
for name in open(os.path.join(out, "structural-cases.txt")).read().split():
    r = json.load(open(os.path.join(out, f"structural-{name}.json")))["results"]
    ours, peer = (x["median"] * 1000 for x in r)
    ocpu, pcpu = ((x["user"] + x["system"]) * 1000 for x in r)
    print(f"{name:10} {ours:8.0f} {peer:8.0f} {ours/peer:6.2f} {ocpu:9.0f} {pcpu:9.0f} {ocpu/pcpu:9.2f}")
PY
