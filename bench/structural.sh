#!/usr/bin/env bash
# bench/structural.sh — structural search against ast-grep, whole
# processes, on the same files: the matches must be the same, and the
# summary prints the time ratio (ours / ast-grep, goal <= 1.5).
#
#   bench/structural.sh           $(go env GOROOT)/src (about 10k Go files),
#                                 hyperfine, both sides interleaved
#   bench/structural.sh --short   $(go env GOROOT)/src/net/http (about 110
#                                 files), one run a side: `make check` runs
#                                 it, so CI fails when the matches differ
#
# Each case runs `atomic-script run -e` calling structural_search with
# limit 0 (every file parsed and matched, as ast-grep does when it prints
# every match) and ast-grep on the same tree. Each side's matches (file,
# start and end line and column) are compared first; any difference fails
# the script. Outline's goal (a 10k-line file in <= 50 ms) is
# BenchmarkOutline10kLines in tools/code.
#
# Needs: go, python3, ast-grep (.ci/run installs it in .ci/astgrep;
# ATOMIC_AST_GREP overrides), and hyperfine without --short.
#   RUNS   hyperfine --min-runs (default 5)
set -euo pipefail
cd "$(dirname "$0")/.."

SHORT=
[ "${1:-}" = --short ] && SHORT=1
need=(go python3)
[ -n "$SHORT" ] || need+=(hyperfine)
for bin in "${need[@]}"; do
	command -v "$bin" >/dev/null || { echo "structural.sh: $bin not found" >&2; exit 2; }
done
SG=${ATOMIC_AST_GREP:-$PWD/.ci/astgrep/node_modules/.bin/ast-grep}
if [ ! -x "$SG" ]; then
	echo "structural.sh: ast-grep not found at $SG (run .ci/run, or set ATOMIC_AST_GREP)" >&2
	# As the Go tests treat a missing peer: skipped, unless CI installed it.
	[ -n "$SHORT" ] && [ "${ATOMIC_TEST_PEERS:-}" != required ] && { echo "structural.sh: skipped" >&2; exit 0; }
	exit 2
fi

RUNS=${RUNS:-5}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
OUT=$(realpath -m "${BENCH_OUT:-bench/results}")
mkdir -p "$OUT"
SRC=$(go env GOROOT)/src
[ -n "$SHORT" ] && SRC=$SRC/net/http
go build -o "$WORK/atomic-script" ./cmd/atomic-script
export HOME=$WORK/home ATOMIC_STATE_DIR=$WORK/state

json() { python3 -c 'import json,sys; print(json.dumps(sys.argv[1]))' "$1"; }

# ms COMMAND...: runs COMMAND with stdout to $WORK/stdout and prints its
# wall time in milliseconds (exit 1 is ast-grep's "no match").
ms() {
	local t0 t1 rc=0
	t0=$(date +%s%N)
	"$@" > "$WORK/stdout" || rc=$?
	t1=$(date +%s%N)
	[ "$rc" -le 1 ] || { echo "structural.sh: $1 failed (exit $rc)" >&2; return 1; }
	echo $(((t1 - t0) / 1000000))
}

# sg_rule NAME PATTERN [CONTEXT]: ast-grep's rule file for a case; with
# CONTEXT, ast-grep reads the pattern inside that code (tree-sitter-go
# reads pkg.F($A) alone as a conversion, so ast-grep's plain pattern
# matches no call; structural_search parses it as a statement, as the
# contextual form does — the differential tests' whyGoCall).
sg_rule() {
	local name=$1 pattern=$2 context=${3:-}
	{
		printf 'id: %s\nlanguage: go\nseverity: info\nmessage: m\nrule:\n  pattern:\n' "$name"
		printf '    context: %s\n' "$(json "${context:-$pattern}")"
		[ -z "$context" ] || printf '    selector: call_expression\n'
	} > "$WORK/$name.yml"
}

: > "$OUT/structural-cases.txt"
: > "$OUT/structural-short.txt"
fail=0

# pair NAME PATTERN [CONTEXT]
pair() {
	local name=$1 pattern=$2 context=${3:-} js ours_cmd sg_cmd t_ours t_sg
	# shellcheck disable=SC2016 # JavaScript, not shell
	js=$(printf 'const r = await tools.structural_search({pattern: %s, language: "go", limit: 0}); const out = []; for (const f of r.fileMatches) for (const m of f.matches) out.push(`${f.path}:${m.range.start.line}:${m.range.start.column}-${m.range.end.line}:${m.range.end.column}`); return out.join("\\n")' "$(json "$pattern")")
	sg_rule "$name" "$pattern" "$context"
	echo "== $name: $pattern" >&2
	ours_cmd=("$WORK/atomic-script" run --json -e "$js")
	sg_cmd=("$SG" scan --rule "$WORK/$name.yml" --json=stream .)

	# One run a side, keeping the matches.
	t_ours=$(cd "$SRC" && ms "${ours_cmd[@]}")
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["ok"], d["error"]; v=d["value"]; print("\n".join(sorted(v.split("\n"))) if v else "", end="")' "$WORK/stdout" > "$WORK/$name.ours"
	t_sg=$(cd "$SRC" && ms "${sg_cmd[@]}")
	python3 -c '
import json, sys
rows = []
for line in open(sys.argv[1]):
    if line.strip():
        m = json.loads(line); s, e = m["range"]["start"], m["range"]["end"]
        rows.append("%s:%d:%d-%d:%d" % (m["file"], s["line"] + 1, s["column"] + 1, e["line"] + 1, e["column"] + 1))
print("\n".join(sorted(rows)), end="")' "$WORK/stdout" > "$WORK/$name.sg"
	if ! diff -q "$WORK/$name.ours" "$WORK/$name.sg" >/dev/null; then
		echo "structural.sh: $name: the matches differ (< ours, > ast-grep):" >&2
		{ diff "$WORK/$name.ours" "$WORK/$name.sg" || true; } | head -20 >&2
		fail=1
	fi
	printf '%s %s %s %s\n' "$name" "$t_ours" "$t_sg" "$(grep -c . "$WORK/$name.ours" || true)" >> "$OUT/structural-short.txt"

	if [ -z "$SHORT" ]; then
		(cd "$SRC" && hyperfine -N -i --warmup 1 --min-runs "$RUNS" --style basic \
			--export-json "$OUT/structural-$name.json" \
			-n ours "$(printf '%q ' "${ours_cmd[@]}")" \
			-n ast-grep "$(printf '%q ' "${sg_cmd[@]}")" >&2)
		echo "$name" >> "$OUT/structural-cases.txt"
	fi
}

# shellcheck disable=SC2016 # the patterns are ast-grep code, not shell
{
pair errorf   'fmt.Errorf($MSG)' 'func t() { fmt.Errorf($MSG) }'
pair eq-nil   '$X == nil'
pair err-ret  'if err != nil { return $$$R }'
pair no-match 'zqxjvNoSuch($A)' 'func t() { zqxjvNoSuch($A) }'
}

echo "corpus: $SRC ($(find "$SRC" -name '*.go' | wc -l) Go files)"
if [ -n "$SHORT" ]; then
	python3 - "$OUT" <<'PY'
import os, sys
print(f"{'case':10} {'matches':>8} {'ours ms':>8} {'sg ms':>8} {'ratio':>6}  (one run each)")
for line in open(os.path.join(sys.argv[1], "structural-short.txt")):
    name, ours, sg, n = line.split()
    print(f"{name:10} {n:>8} {ours:>8} {sg:>8} {int(ours)/max(int(sg),1):6.2f}")
PY
else
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
fi
[ "$fail" = 0 ] || { echo "structural.sh: structural_search and ast-grep found different matches" >&2; exit 1; }
