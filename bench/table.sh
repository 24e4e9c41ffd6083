#!/usr/bin/env bash
# bench/table.sh — issue 14's table, from this checkout: atomic-script against
# the tools it replaces, whole process, side by side.
#
# Every row runs both sides in the same round, in alternating order, ROUNDS
# times (default 7), with stdout read through a pipe (both sides print their
# output; rg would stop early on /dev/null). A row's figure is the ratio of
# the two medians of wall time; the CPU column is the same ratio of
# user+system time, which moves far less with other load on the machine.
# Per-call rows time a script with N calls and one with none in the same
# round and divide the median difference by N, so process start is not in
# the per-call figure.
#
# Corpus: a copy of $(go env GOROOT)/src made a git checkout with a
# .gitignore (testdata/), about 11.5k files of which 7.4k are not ignored.
#
#   bench/table.sh [ROW...]     rows: start search-nomatch search-i search-weak
#                               search-nolit search-alt find call bash
# Environment: ROUNDS (7), BENCH_DIR (where to keep the corpus; default a temp
# dir), ATOMIC_SCRIPT (a built binary instead of building this checkout).
# Needs: go, python3, node, rg (ripgrep), fdfind (fd-find), sh.
#   apt-get install -y ripgrep fd-find nodejs
set -euo pipefail
cd "$(dirname "$0")/.."
for bin in go python3 node rg sh; do
	command -v "$bin" >/dev/null || { echo "table.sh: $bin not found" >&2; exit 2; }
done
FD=$(command -v fdfind || command -v fd || true)
[ -n "$FD" ] || { echo "table.sh: fdfind not found (apt-get install fd-find)" >&2; exit 2; }

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

cd "$CORPUS/src"
exec python3 - "$AS" "$FD" "${ROUNDS:-7}" "$@" <<'PY'
import json, os, statistics, subprocess, sys, time

AS, FD, ROUNDS, only = sys.argv[1], sys.argv[2], int(sys.argv[3]), set(sys.argv[4:])

def run(argv):
    """Runs argv with stdout read through a pipe; returns (wall s, cpu s)."""
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = p.stdout.read()
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    # rg and fd exit 1 when nothing matched; anything else is a failure.
    if p.returncode not in (0, 1) or (argv[0] == AS and p.returncode != 0):
        sys.exit(f"table.sh: {argv!r} exited {p.returncode}: {out[-500:]!r}")
    return wall, ru.ru_utime + ru.ru_stime

def script(js):
    return [AS, "run", "-e", js]

def search(args):
    return script("return (await tools.search(%s)).text" % json.dumps(args))

CALLS, SHELLS = 20000, 200
rows = [
    # name, label, ours, peer, goal
    ("start", "`run -e 'return 1'` vs `node -e 0`",
        script("return 1"), ["node", "-e", "0"], 0.25),
    ("search-nomatch", "search, literal, no match vs `rg -n`",
        search({"pattern": "zqxjv_no_such_text"}), ["rg", "-n", "zqxjv_no_such_text"], 1.2),
    ("search-i", "search, literal, `i: true` vs `rg -n -i`",
        search({"pattern": "zqxjv_no_such_text", "i": True}), ["rg", "-n", "-i", "zqxjv_no_such_text"], 1.2),
    ("search-weak", "search, weak literal, `i: true` (`func \\w+Zq\\(`)",
        search({"pattern": r"func \w+Zq\(", "i": True}), ["rg", "-n", "-i", r"func \w+Zq\("], 1.2),
    ("search-nolit", "search, literal-free (`\\b[A-Z]{3}[0-9]{4}[a-z]{3}\\b`)",
        search({"pattern": r"\b[A-Z]{3}[0-9]{4}[a-z]{3}\b"}), ["rg", "-n", r"\b[A-Z]{3}[0-9]{4}[a-z]{3}\b"], 1.2),
    ("search-alt", "search, alternation (`\\b(foo|bar|baz)[0-9]{3}qq\\b`)",
        search({"pattern": r"\b(foo|bar|baz)[0-9]{3}qq\b"}), ["rg", "-n", r"\b(foo|bar|baz)[0-9]{3}qq\b"], 1.2),
    ("find", "find `**/*_test.go` vs `fd -H -g`",
        script('return (await tools.find({paths: "**/*_test.go"})).text'), [FD, "-H", "-g", "**/*_test.go"], 1.0),
]
# Per-call rows: (name, label, [(with N, without)], N, goal in µs or ratio).
call_seq = script(f"for (let i = 0; i < {CALLS}; i++) await tools.todo_get(); return 1")
call_all = script(f"await Promise.all(Array.from({{length: {CALLS}}}, () => tools.todo_get())); return 1")
call_none = script("return 1")
bash_n = script(f'for (let i = 0; i < {SHELLS}; i++) await tools.bash({{command: "true"}}); return 1')
bash_0 = script('await tools.bash({command: "true"}); return 1')
sh_n = ["sh", "-c", f'i=0; while [ $i -lt {SHELLS} ]; do sh -c true; i=$((i+1)); done; echo done']
sh_0 = ["sh", "-c", "sh -c true; echo done"]

def want(name):
    return not only or name in only

samples = {}
def add(key, v):
    samples.setdefault(key, []).append(v)

for r in range(ROUNDS):
    for name, _, ours, peer, _ in rows:
        if not want(name):
            continue
        pair = [("ours", ours), ("peer", peer)]
        for side, argv in (pair if r % 2 == 0 else pair[::-1]):
            add((name, side), run(argv))
    if want("call"):
        for key, argv in (("seq", call_seq), ("all", call_all), ("none", call_none)):
            add(("call", key), run(argv))
    if want("bash"):
        for key, argv in (("ours", bash_n), ("ours0", bash_0), ("peer", sh_n), ("peer0", sh_0)):
            add(("bash", key), run(argv))

def med(key, i):
    return statistics.median(s[i] for s in samples[key])

def meddiff(a, b, i, n):
    """Median over rounds of (a - b) / n: the per-call cost."""
    return statistics.median((x[i] - y[i]) / n for x, y in zip(samples[a], samples[b]))

load = open("/proc/loadavg").read().split()[:3]
print(f"{ROUNDS} interleaved rounds, median; load average {' '.join(load)} on {os.cpu_count()} CPUs")
print(f"| figure | ours | baseline | ratio (wall) | ratio (CPU) | goal |")
print(f"|---|---|---|---|---|---|")
for name, label, *_, goal in rows:
    if not want(name):
        continue
    o, p = med((name, "ours"), 0), med((name, "peer"), 0)
    oc, pc = med((name, "ours"), 1), med((name, "peer"), 1)
    mark = "ok" if o / p <= goal else "MISS"
    print(f"| {label} | {o*1000:.1f} ms | {p*1000:.1f} ms | {o/p:.2f}x | {oc/pc:.2f}x | <= {goal}x {mark} |")
if want("call"):
    seq = meddiff(("call", "seq"), ("call", "none"), 0, CALLS) * 1e6
    al = meddiff(("call", "all"), ("call", "none"), 0, CALLS) * 1e6
    seqc = meddiff(("call", "seq"), ("call", "none"), 1, CALLS) * 1e6
    alc = meddiff(("call", "all"), ("call", "none"), 1, CALLS) * 1e6
    mark = "ok" if max(seq, al) <= 10 else "MISS"
    print(f"| one awaited `todo_get`, sequential / `Promise.all` ({CALLS} calls) | {seq:.1f} / {al:.1f} µs | | | {seqc:.1f} / {alc:.1f} µs CPU | <= 10 µs {mark} |")
if want("bash"):
    o = meddiff(("bash", "ours"), ("bash", "ours0"), 0, SHELLS - 1)
    p = meddiff(("bash", "peer"), ("bash", "peer0"), 0, SHELLS - 1)
    oc = meddiff(("bash", "ours"), ("bash", "ours0"), 1, SHELLS - 1)
    pc = meddiff(("bash", "peer"), ("bash", "peer0"), 1, SHELLS - 1)
    mark = "ok" if o / p <= 1.3 else "MISS"
    print(f"| back-to-back `bash` calls vs a loop of `sh -c true` (per call, {SHELLS} calls) | {o*1000:.2f} ms | {p*1000:.2f} ms | {o/p:.2f}x | {oc/pc:.2f}x | <= 1.3x {mark} |")
PY
