#!/usr/bin/env bash
# bench/files.sh — time a 1,000-file migration script with atomic-script run,
# writing for real versus --dry-run (and --atomic), with hyperfine.
#
# The workspace: 1,000 files src/pkgNN/fileNNNN.js of 60 lines, each with a
# `var` declaration on line 3. The migration (bench/files-migrate.js) reads
# every file, edits the `var` into `let` with one hashline edit per file, and
# writes an index of the files: 2,000 mutations and 2,000 reads. Every run
# starts from a fresh copy of the workspace (hyperfine --prepare), so the
# written runs change the same files the dry runs only preview.
#
# Needs: go, hyperfine, python3.   apt-get install -y hyperfine
# Environment: RUNS (hyperfine --min-runs, default 10), FILES (default 1000).
set -euo pipefail
cd "$(dirname "$0")/.."
for bin in go hyperfine python3; do
	command -v "$bin" >/dev/null || { echo "files.sh: $bin not found" >&2; exit 2; }
done
RUNS=${RUNS:-10}
FILES=${FILES:-1000}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
OUT=$(realpath -m "${BENCH_OUT:-bench/results}")
mkdir -p "$OUT"

go build -o "$WORK/atomic-script" ./cmd/atomic-script
python3 - "$WORK/template" "$FILES" <<'PY'
import os, sys
root, n = sys.argv[1], int(sys.argv[2])
for i in range(n):
    d = os.path.join(root, "src", "pkg%02d" % (i % 50))
    os.makedirs(d, exist_ok=True)
    lines = ["// file %d" % i, "'use strict';", "var value%d = %d;" % (i, i)]
    lines += ["export function f%d_%d(x) { return x + %d; }" % (i, k, k) for k in range(57)]
    with open(os.path.join(d, "file%04d.js" % i), "w") as f:
        f.write("\n".join(lines) + "\n")
PY
cp bench/files-migrate.js "$WORK/migrate.js"
prepare="rm -rf $WORK/ws && cp -r $WORK/template $WORK/ws"
run() { echo "cd $WORK/ws && $WORK/atomic-script run --max-output-tokens 2000 $* $WORK/migrate.js >/dev/null"; }

# Sanity: the dry run previews exactly what the written run changes.
eval "$prepare"
(cd "$WORK/ws" && "$WORK/atomic-script" run --json --dry-run "$WORK/migrate.js" > "$WORK/dry.json")
python3 - "$WORK/dry.json" "$FILES" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
n = int(sys.argv[2])
assert r["ok"], r["text"]
assert len(r["changes"]) == n + 1, len(r["changes"])
assert r["diff"].count("diff --git") == n + 1
PY
git -C "$WORK/ws" init -q 2>/dev/null && (cd "$WORK/ws" && python3 -c "import json,sys; sys.stdout.write(json.load(open('$WORK/dry.json'))['diff'])" | git apply --check) \
	&& echo "files.sh: the dry-run diff applies cleanly with git apply"

hyperfine --style basic --min-runs "$RUNS" --prepare "$prepare" \
	--export-json "$OUT/files-migration.json" \
	-n write "$(run)" \
	-n dry-run "$(run --dry-run)" \
	-n atomic "$(run --atomic)"

python3 - "$OUT/files-migration.json" <<'PY'
import json, sys
res = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
w = res["write"]["median"]
for name in ("write", "dry-run", "atomic"):
    m = res[name]["median"]
    print(f"{name:8s} median {m*1000:8.1f} ms  ({m/w:.2f}x write)")
PY
