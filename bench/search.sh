#!/usr/bin/env bash
# bench/search.sh — time search and find against ripgrep and fd with hyperfine.
#
# Corpus: a copy of $(go env GOROOT)/src made a git checkout with
# .gitignore = testdata/ (about 11.5k files, 7.4k not ignored). Each pair runs
# both sides in one hyperfine call; the summary prints medians, the ratio
# (ours / theirs, goal <= 1.5) and the peak RSS of our side (goal < 100 MB).
#
# Needs: go, rg (ripgrep), fdfind (fd-find), hyperfine, python3.
#   apt-get install -y ripgrep fd-find hyperfine
#
# Environment:
#   BENCH_DIR   where to build the corpus (default: a temp dir, removed after)
#   RUNS        hyperfine --min-runs (default 10)
#   ATOMIC_SCRIPT  path to an atomic-script binary: time `atomic-script run -e`
#               instead of bench/cmd/searchbench (once the CLI runs tools).
set -euo pipefail
cd "$(dirname "$0")/.."

for bin in go rg hyperfine python3; do
	command -v "$bin" >/dev/null || { echo "search.sh: $bin not found" >&2; exit 2; }
done
FD=$(command -v fdfind || command -v fd || true)
[ -n "$FD" ] || { echo "search.sh: fdfind not found" >&2; exit 2; }

RUNS=${RUNS:-10}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
CORPUS=${BENCH_DIR:-$WORK/corpus}
OUT=$(realpath -m "${BENCH_OUT:-bench/results}")
mkdir -p "$OUT"

if [ ! -d "$CORPUS/src/.git" ]; then
	mkdir -p "$CORPUS"
	cp -r "$(go env GOROOT)/src" "$CORPUS/src"
	(cd "$CORPUS/src" && git init -q . && printf 'testdata/\n' > .gitignore)
fi
SRC=$CORPUS/src

go build -o "$WORK/searchbench" ./bench/cmd/searchbench

# ours TOOL JSON prints the command line that runs one tool call.
ours() {
	local tool=$1 json=$2
	if [ -n "${ATOMIC_SCRIPT:-}" ]; then
		printf '%q run -e %q' "$ATOMIC_SCRIPT" "return (await tools.$tool($json)).text"
	else
		printf '%q -C %q %q %q' "$WORK/searchbench" "$SRC" "$tool" "$json"
	fi
}

# pair NAME TOOL JSON PEER-COMMAND
pair() {
	local name=$1 tool=$2 json=$3 peer=$4
	echo "== $name" >&2
	(cd "$SRC" && hyperfine -N -i --warmup 2 --min-runs "$RUNS" --style basic \
		--export-json "$OUT/$name.json" \
		-n ours "$(ours "$tool" "$json")" -n peer "$peer" >&2)
	local rss
	rss=$(cd "$SRC" && /usr/bin/time -f '%M' bash -c "$(ours "$tool" "$json") >/dev/null" 2>&1 | tail -1)
	echo "$name $rss" >> "$OUT/rss.txt"
}

: > "$OUT/rss.txt"
pair literal        search '{"pattern":"func main"}'                             "rg -n 'func main'"
pair regex-word     search '{"pattern":"func \\w+\\(ctx context\\.Context"}'     "rg -n 'func \\w+\\(ctx context\\.Context'"
pair ignore-case    search '{"pattern":"func main","i":true}'                    "rg -n -i 'func main'"
pair no-match       search '{"pattern":"zqxjv_no_such_text"}'                    "rg -n 'zqxjv_no_such_text'"
# The same searches forced to scan the whole tree (skip past the last page),
# which is the work rg does when it prints every match.
pair literal-full     search '{"pattern":"func main","skip":100000}'                         "rg -n 'func main'"
pair regex-word-full  search '{"pattern":"func \\w+\\(ctx context\\.Context","skip":100000}' "rg -n 'func \\w+\\(ctx context\\.Context'"
pair ignore-case-full search '{"pattern":"func main","i":true,"skip":100000}'                "rg -n -i 'func main'"
pair find-test-go   find   '{"paths":"**/*_test.go"}'                            "$FD -g '**/*_test.go'"

python3 - "$OUT" <<'PY'
import json, os, sys
out = sys.argv[1]
rss = dict(l.split() for l in open(os.path.join(out, "rss.txt")) if l.strip())
# Wall-time medians decide; mean CPU time (user+system) is printed too,
# because it is far less sensitive to other load on the machine.
print(f"{'case':18} {'ours ms':>8} {'peer ms':>8} {'ratio':>6} {'ours cpu':>9} {'peer cpu':>9} {'cpu ratio':>9} {'ours RSS MB':>11}")
for name in rss:
    r = json.load(open(os.path.join(out, name + ".json")))["results"]
    ours, peer = (x["median"] * 1000 for x in r)
    ocpu, pcpu = ((x["user"] + x["system"]) * 1000 for x in r)
    print(f"{name:18} {ours:8.1f} {peer:8.1f} {ours/peer:6.2f} {ocpu:9.1f} {pcpu:9.1f} {ocpu/pcpu:9.2f} {int(rss[name])/1024:11.1f}")
PY
