#!/usr/bin/env bash
# bench/spdx.sh — the SPDX-header migration of issue 20 over a generated
# 1,000-file Go module, side by side with hyperfine:
#   1. atomic-script: one run that finds every .go file, reads it and
#      inserts the header with edit (the natural read-all, edit-all script);
#   2. a sed shell loop doing the same (`sed -i '1i …'` per file);
#   goal: atomic-script ≤ 1.2× the loop's wall time;
#   3. the same migration as a --dry-run with a `go build ./...` check in
#      bash (which runs in a scratch copy of the tree holding the pending
#      changes) against the real migration with the same check, and the
#      scratch copy's cost as the run reports it.
# Each run starts from a fresh copy of the tree (hyperfine --prepare).
# Needs: go, hyperfine, python3. FILES=280 for the issue's smaller tree.
set -euo pipefail
cd "$(dirname "$0")/.."
for bin in go hyperfine python3; do
	command -v "$bin" >/dev/null || { echo "spdx.sh: $bin not found" >&2; exit 2; }
done
FILES=${FILES:-1000}
RUNS=${RUNS:-10}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
go build -o "$WORK/atomic-script" ./cmd/atomic-script
AS="$WORK/atomic-script"
mkdir -p "$WORK/orig"
python3 - "$WORK/orig" "$FILES" <<'PY'
import os, sys
root, n = sys.argv[1], int(sys.argv[2])
open(os.path.join(root, "go.mod"), "w").write("module example.com/m\n\ngo 1.21\n")
for i in range(n):
    pkg = f"p{i // 100}"
    os.makedirs(os.path.join(root, pkg), exist_ok=True)
    body = f"package {pkg}\n\nimport \"fmt\"\n\n// F{i} formats {i}.\nfunc F{i}(x int) string {{\n\treturn fmt.Sprintf(\"%d-%d\", x, {i})\n}}\n"
    open(os.path.join(root, pkg, f"f{i:04d}.go"), "w").write(body * 1 + "".join(f"\n// G{i}_{k} is filler.\nfunc G{i}_{k}() int {{ return {k} }}\n" for k in range(20)))
PY
cat >"$WORK/spdx.js" <<'JS'
const { files } = await tools.find({ paths: "**/*.go", limit: 10000 });
let n = 0;
for (const f of files) {
  const text = await tools.read({ path: f + ":1-1" });
  await tools.edit({ input: `${text.slice(0, text.indexOf("\n"))}\ninsert head:\n+// SPDX-License-Identifier: Apache-2.0` });
  n++;
}
if (ARGS[0] === "build") {
  const b = await tools.bash({ command: "go build ./...", timeout: 600 });
  if (b.exitCode !== 0) throw new Error(b.output);
}
return n;
JS
cat >"$WORK/sed.sh" <<'SH'
find . -name '*.go' -print | while read -r f; do sed -i '1i // SPDX-License-Identifier: Apache-2.0' "$f"; done
SH
reset="bash -c 'rm -rf $WORK/tree && cp -a $WORK/orig $WORK/tree'"
cd "$WORK"
export GOFLAGS=-buildvcs=false GOCACHE="$WORK/gocache"
# Warm the build cache once, so the build checks compare like with like.
(cd orig && go build ./...)

echo "== SPDX header over $FILES files: atomic-script vs a sed loop (median of $RUNS)"
hyperfine -N --warmup 1 --runs "$RUNS" --prepare "$reset" --export-json mig.json \
	"$AS run --cwd $WORK/tree --timeout 10m $WORK/spdx.js" \
	"bash -c 'cd $WORK/tree && bash $WORK/sed.sh'" >/dev/null
echo "== with a go build check: --dry-run (scratch copy) vs the real migration"
hyperfine -N --warmup 1 --runs "$RUNS" --prepare "$reset" --export-json build.json \
	"$AS run --cwd $WORK/tree --timeout 10m --dry-run $WORK/spdx.js -- build" \
	"$AS run --cwd $WORK/tree --timeout 10m $WORK/spdx.js -- build" >/dev/null
rm -rf "$WORK/tree" && cp -a "$WORK/orig" "$WORK/tree"
"$AS" run --cwd "$WORK/tree" --timeout 10m --dry-run --json "$WORK/spdx.js" -- build >dry.json
python3 - <<'PY'
import json, re
m = json.load(open("mig.json"))["results"]
ours, sed = m[0]["median"], m[1]["median"]
print(f"atomic-script: {ours:.2f} s   sed loop: {sed:.2f} s   ratio {ours/sed:.2f}x (goal <= 1.2x)")
b = json.load(open("build.json"))["results"]
dry, real = b[0]["median"], b[1]["median"]
print(f"with go build: --dry-run {dry:.2f} s   real {real:.2f} s   dry-run overhead {dry-real:+.2f} s ({dry/real:.2f}x)")
r = json.load(open("dry.json"))
print("dry run ok:", r["ok"], " files it would change:", len(r["changes"]))
for w in r["warnings"]:
    m = re.search(r"\((\d+) files, ([\d.]+) MB, (.*?) in (\d+) ms\)", w)
    if m:
        print(f"scratch copy: {m.group(1)} files, {m.group(2)} MB, {m.group(3)} in {m.group(4)} ms")
PY

echo "== the scratch copy alone on a 10,000-file tree: a dry run's first bash call vs a plain run's"
mkdir -p "$WORK/big"
python3 - "$WORK/big" <<'PY'
import os, sys
root = sys.argv[1]
for i in range(10000):
    d = os.path.join(root, f"d{i // 100:03d}")
    os.makedirs(d, exist_ok=True)
    open(os.path.join(d, f"f{i:05d}.txt"), "w").write(f"file {i}\n" * 40)
PY
hyperfine -N --warmup 1 --runs "$RUNS" --export-json copy.json \
	"$AS run --cwd $WORK/big --dry-run -e 'await tools.bash({command: \"true\"})'" \
	"$AS run --cwd $WORK/big -e 'await tools.bash({command: \"true\"})'" >/dev/null
"$AS" run --cwd "$WORK/big" --dry-run --json -e 'await tools.bash({command: "true"})' >copy1.json
python3 - <<'PY'
import json, re
c = json.load(open("copy.json"))["results"]
print(f"10,000 files: dry run {c[0]['median']*1000:.0f} ms, plain run {c[1]['median']*1000:.0f} ms, overhead {(c[0]['median']-c[1]['median'])*1000:.0f} ms")
for w in json.load(open("copy1.json"))["warnings"]:
    m = re.search(r"\((\d+) files, ([\d.]+) MB, (.*?) in (\d+) ms\)", w)
    if m:
        print(f"scratch copy as reported: {m.group(1)} files, {m.group(2)} MB, {m.group(3)} in {m.group(4)} ms")
PY
