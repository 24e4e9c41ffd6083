#!/usr/bin/env bash
# bench/large.sh — issue 34's table: the work whose results are large, as a
# migration script does it, against the tools it replaces, whole process,
# side by side. It stands beside bench/table.sh (issue 14's table of cheap
# cases); `make bench` runs both.
#
# Rows (each a ratio of medians, both sides in the same round, alternating):
#   search-*   a script that pages through every result of a pattern with
#              nextSkip (pages of 20 files, the default), and one that asks
#              for every match in one call (limit: 0), vs `rg -n PATTERN`
#              written to a file; on the Go tree and on a generated
#              5,000-file tree; literal, -i, literal-free, many files.
#              Goal <= 1.3x.
#   find       every **/*.go in one call vs `fd -H -g`. Goal <= 1.2x.
#   bulk-*     relicensing 2,000 files of ~10 KB (one line each): read all
#              and write the changed ones; search + edit (the idiomatic
#              path); both vs a batched `xargs -0 sed -i`. Goals <= 2x and
#              <= 3x; peak RSS <= 64 MiB + 2x the bytes of the files
#              changed; --dry-run <= 1.2x the real run.
#
# Every row checks that both sides did the same work (match, file and
# change counts) before it times anything.
#
#   bench/large.sh [ROW...]      rows: search find bulk (prefixes)
# Environment: ROUNDS (5), BENCH_DIR (where to keep the corpora; default a
# temp dir), ATOMIC_SCRIPT (a built binary instead of this checkout).
# Needs: go, python3, rg (ripgrep), fdfind (fd-find).
set -euo pipefail
cd "$(dirname "$0")/.."
for bin in go python3 rg; do
	command -v "$bin" >/dev/null || { echo "large.sh: $bin not found" >&2; exit 2; }
done
FD=$(command -v fdfind || command -v fd || true)
[ -n "$FD" ] || { echo "large.sh: fdfind not found (apt-get install fd-find)" >&2; exit 2; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
CORPUS=${BENCH_DIR:-$WORK/corpus}
if [ ! -d "$CORPUS/src/.git" ]; then
	mkdir -p "$CORPUS"
	cp -r "$(go env GOROOT)/src" "$CORPUS/src"
	(cd "$CORPUS/src" && git init -q . && printf 'testdata/\n' >.gitignore)
fi
AS=${ATOMIC_SCRIPT:-}
if [ -z "$AS" ]; then
	AS=$WORK/atomic-script
	go build -o "$AS" ./cmd/atomic-script
fi

exec python3 - "$AS" "$FD" "$CORPUS" "$WORK" "${ROUNDS:-5}" "$@" <<'PY'
import json, os, random, shutil, statistics, subprocess, sys, time

AS, FD, CORPUS, WORK, ROUNDS, only = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]), sys.argv[6:]

def want(name):
    return not only or any(name.startswith(o) for o in only)

def gen_tree(root, n):
    """A 5,000-file tree of Go-like files: every file has a package line,
    some call context.Context, say Deprecated, or name things with digits."""
    if os.path.isdir(root):
        return
    r = random.Random(34)
    words = ["func", "return", "if", "err", "nil", "ctx", "value", "item", "count", "buf", "x", "y"]
    for i in range(n):
        d = os.path.join(root, "mod%02d" % (i % 50), "pkg%03d" % (i % 400))
        os.makedirs(d, exist_ok=True)
        lines = ["package pkg%03d" % (i % 400), ""]
        for k in range(r.randint(60, 200)):
            roll = r.random()
            if roll < 0.02:
                lines.append("func F%d_%d(ctx context.Context) error { return nil }" % (i, k))
            elif roll < 0.025:
                lines.append("// Deprecated: use G%d instead." % k)
            elif roll < 0.06:
                lines.append("\tv%dx%d := item%d + buf%d" % (k, i, k, i))
            else:
                lines.append("\t" + " ".join(r.choice(words) for _ in range(r.randint(2, 10))))
        open(os.path.join(d, "f%05d.go" % i), "w").write("\n".join(lines) + "\n")

def run(argv, cwd, out=subprocess.PIPE):
    """Runs argv; returns (wall s, cpu s, max RSS KiB, stdout bytes)."""
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.PIPE)
    data = p.stdout.read() if out == subprocess.PIPE else b""
    err = p.stderr.read()
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1) or (argv[0] == AS and code != 0):
        sys.exit(f"large.sh: {argv!r} exited {code}: {data[-300:]!r} {err[-300:]!r}")
    return wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss, data

def script(js, *flags):
    return [AS, "run", "--json", *flags, "-e", js]

def value(data):
    r = json.loads(data)
    if not r["ok"]:
        sys.exit("large.sh: the script failed: " + r["text"][-500:])
    return r["value"]

PAGES = """
const [pattern, i] = %s; let n = 0, files = 0;
for (let skip = 0; skip !== undefined; ) {
  const r = await tools.search({ pattern, i, skip });
  for (const f of r.fileMatches) { files++; n += f.count; }
  skip = r.nextSkip;
}
return [files, n];"""
ALL = """
const [pattern, i] = %s;
const r = await tools.search({ pattern, i, limit: 0 });
let n = 0; for (const f of r.fileMatches) n += f.matches.length;
return [r.files.length, n];"""

samples, checks = {}, []
def add(key, v):
    samples.setdefault(key, []).append(v)

rows = []  # (name, label, goal, kind, ours, peer, cwd, expect)
trees = [("go", os.path.join(CORPUS, "src"), "Go tree"), ("gen", os.path.join(CORPUS, "gen5000"), "5,000 files")]
# The literal-free pattern: search's \b, \w, \d and \s are Unicode's, as
# rg's (they were ASCII until #34: `\b[a-z]+[0-9]+[a-z]+\b` found 167 lines
# fewer than rg in the Go tree's Unicode tables).
patterns = [("literal", "context\\.Context", False), ("i", "deprecated", True), ("nolit", "[a-z]+[0-9]+[a-z]+", False), ("many", "^package ", False)]
if want("search"):
    gen_tree(trees[1][1], 5000)
    for tname, root, tlabel in trees:
        for pname, pat, ic in patterns:
            rg = ["rg", "-n"] + (["-i"] if ic else []) + ["--", pat]
            out = subprocess.run(rg, cwd=root, capture_output=True, stdin=subprocess.DEVNULL).stdout
            lines = out.count(b"\n")
            files = len(set(l.split(b":", 1)[0] for l in out.splitlines()))
            arg = json.dumps([pat, ic])
            label = "`%s`%s" % (pat, " -i" if ic else "")
            for mode, js, desc in (("pages", PAGES % arg, "pages of 20 files"), ("all", ALL % arg, "every match, limit 0")):
                rows.append((f"search-{tname}-{pname}-{mode}", f"search {label}, {desc}, {tlabel} vs `rg -n` to a file", 1.3, "search",
                             script(js), rg, root, [files, lines]))
if want("find"):
    for tname, root, tlabel in trees[:1]:
        n = len(subprocess.run([FD, "-H", "-g", "**/*.go"], cwd=root, capture_output=True, stdin=subprocess.DEVNULL).stdout.splitlines())
        rows.append((f"find-{tname}", f"find `**/*.go`, one call, {tlabel} vs `fd -H -g`", 1.2, "find",
                     script('return (await tools.find({paths: "**/*.go"})).files.length'), [FD, "-H", "-g", "**/*.go"], root, n))

# The bulk edit: 2,000 files of ~10 KB whose line 2 names the old licence.
BULK_N = 2000
bulk_orig = os.path.join(WORK, "bulk-orig")
OLD, NEW = "SPDX-License-Identifier: MPL-2.0", "SPDX-License-Identifier: Apache-2.0"
RW = """
const { files } = await tools.find({ paths: "**/*.go" });
let n = 0;
for (const f of files) {
  const t = await tools.read({ path: f + ":raw" });
  const u = t.replace("%s", "%s");
  if (u !== t) { await tools.write({ path: f, content: u }); n++; }
}
return n;""" % (OLD, NEW)
SE = """
let n = 0;
for (let skip = 0; skip !== undefined; ) {
  const r = await tools.search({ pattern: "SPDX-License-Identifier: MPL-2\\\\.0", skip });
  for (const f of r.fileMatches) {
    const ops = f.matches.map((m) => `replace ${m.line}..${m.line}:\\n+${m.text.replace("MPL-2.0", "Apache-2.0")}`);
    await tools.edit({ input: `[${f.path}#${f.tag}]\\n${ops.join("\\n")}` });
    n++;
  }
  skip = r.nextSkip;
}
return n;"""
SED = "%s -0 -e go | xargs -0 sed -i 's/%s/%s/'" % (FD, OLD.replace("/", "\\/"), NEW.replace("/", "\\/"))
bulk_bytes = 0
if want("bulk"):
    os.makedirs(bulk_orig, exist_ok=True)
    for i in range(BULK_N):
        d = os.path.join(bulk_orig, "internal", "pkg%02d" % (i // 50))
        os.makedirs(d, exist_ok=True)
        lines = ["// Copyright (c) HashiCorp, Inc.", "// " + OLD, "", "package pkg%02d" % (i // 50), "", 'import "fmt"', ""]
        k = 0
        while sum(len(l) + 1 for l in lines) < 10000:
            lines += ["// F%d_%d formats x for case %d." % (i, k, k), "func F%d_%d(x int) string {" % (i, k), '\treturn fmt.Sprintf("%%d-%d-%d", x)' % (k, i), "}", ""]
            k += 1
        text = "\n".join(lines) + "\n"
        bulk_bytes += len(text)
        open(os.path.join(d, "f%04d.go" % i), "w").write(text)
    for name, label, goal, js, flags in (
            ("bulk-rw", "read all + write, 2,000 files vs batched `xargs -0 sed -i`", 2.0, RW, ()),
            ("bulk-search-edit", "search + edit, 2,000 files vs batched `xargs -0 sed -i`", 3.0, SE, ())):
        rows.append((name, label, goal, "bulk", script(js, *flags), ["sh", "-c", SED], None, BULK_N))
    rows.append(("bulk-dry", "read all + write `--dry-run` vs the real run", 1.2, "bulk", script(RW, "--dry-run"), script(RW), None, BULK_N))

def fresh():
    ws = os.path.join(WORK, "ws")
    shutil.rmtree(ws, ignore_errors=True)
    shutil.copytree(bulk_orig, ws)
    return ws

# Check every row once: both sides did the same work.
for name, label, goal, kind, ours, peer, cwd, expect in rows:
    if kind == "bulk":
        got = value(run(ours, fresh())[3])
        if got != expect:
            sys.exit(f"large.sh: {name}: the script changed {got} files, want {expect}")
        ws = fresh()
        run(peer, ws)
        if peer[0] == "sh" and subprocess.run(["rg", "-l", "MPL-2.0"], cwd=ws, capture_output=True, stdin=subprocess.DEVNULL).stdout:
            sys.exit(f"large.sh: {name}: sed left files unchanged")
    else:
        got = value(run(ours, cwd)[3])
        if got != expect:
            sys.exit(f"large.sh: {name}: atomic-script found {got}, the peer {expect}")

for r in range(ROUNDS):
    for name, label, goal, kind, ours, peer, cwd, expect in rows:
        pair = [("ours", ours), ("peer", peer)]
        for side, argv in (pair if r % 2 == 0 else pair[::-1]):
            if kind == "bulk":
                ws = fresh()
                add((name, side), run(argv, ws)[:3])
            elif side == "peer" and kind == "search":
                with open(os.path.join(WORK, "rg.out"), "wb") as f:
                    add((name, side), run(argv, cwd, out=f)[:3])
            else:
                add((name, side), run(argv, cwd)[:3])

def med(key, i):
    return statistics.median(s[i] for s in samples[key])

load = open("/proc/loadavg").read().split()[:3]
print(f"{ROUNDS} interleaved rounds, median; load average {' '.join(load)} on {os.cpu_count()} CPUs")
print("| work | ours | baseline | ratio (wall) | ratio (CPU) | goal |")
print("|---|---|---|---|---|---|")
for name, label, goal, kind, *_ in rows:
    o, p = med((name, "ours"), 0), med((name, "peer"), 0)
    oc, pc = med((name, "ours"), 1), med((name, "peer"), 1)
    mark = "ok" if o / p <= goal else "MISS"
    print(f"| {label} | {o*1000:.0f} ms | {p*1000:.0f} ms | {o/p:.2f}x | {oc/pc:.2f}x | <= {goal}x {mark} |")
for name, label, goal, kind, *_ in rows:
    if kind == "bulk" and name != "bulk-dry":
        rss = max(s[2] for s in samples[(name, "ours")]) / 1024
        cap = 64 + 2 * bulk_bytes / (1 << 20)
        mark = "ok" if rss <= cap else "MISS"
        print(f"| peak RSS, {label.split(' vs')[0]} | {rss:.0f} MiB | 64 MiB + 2 x {bulk_bytes / (1 << 20):.1f} MiB changed | | | <= {cap:.0f} MiB {mark} |")
PY
