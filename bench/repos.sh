#!/usr/bin/env bash
# bench/repos.sh — `atomic-script run --repos DIR -j 2` over 50 generated
# repositories versus the shell loop it replaces (one `atomic-script run`
# per repository, one after the other), with hyperfine. Goal (#18): the
# fan-out at most 0.7x the loop's wall time.
#
# Each repository: a Go module of 20 files and 4 package.json files, a git
# repository. The migration is scripts/migrations/license-header in
# --dry-run, so every run does the same work (finds, searches, reads and
# plans 24 edits a repository) and nothing changes between runs.
#
# Needs: go, git, hyperfine.   Environment: REPOS (default 50), JOBS (2), RUNS (5).
set -euo pipefail
cd "$(dirname "$0")/.."
for bin in go git hyperfine; do
	command -v "$bin" >/dev/null || { echo "repos.sh: $bin not found" >&2; exit 2; }
done
REPOS=${REPOS:-50}
JOBS=${JOBS:-2}
RUNS=${RUNS:-5}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
go build -o "$WORK/bin/atomic-script" ./cmd/atomic-script
export PATH="$WORK/bin:$PATH" ATOMIC_PROGRESS_INTERVAL=0
SCRIPT=$PWD/scripts/migrations/license-header/migrate.js
for r in $(seq -w 1 "$REPOS"); do
	d="$WORK/repos/repo-$r"
	mkdir -p "$d/pkg" "$d/web"
	printf 'module example.com/r%s\n\ngo 1.21\n' "$r" > "$d/go.mod"
	for f in $(seq -w 1 20); do printf 'package pkg\n\nfunc F%s() int { return %s }\n' "$f" "$f" > "$d/pkg/f$f.go"; done
	for f in 1 2 3 4; do printf '{\n  "name": "w%s",\n  "dependencies": {"lodash": "^4.17.0"}\n}\n' "$f" > "$d/web/p$f.js"; done
	git -C "$d" init -q && git -C "$d" add -A && git -C "$d" -c user.name=b -c user.email=b@example.com commit -qm init
done
cd "$WORK"
loop='for d in repos/*/; do n=$(basename "$d"); (cd "$d" && atomic-script run --dry-run --json '"$SCRIPT"' -- "SPDX-License-Identifier: MIT") > loop/$n.json || true; done'
mkdir -p loop
hyperfine --min-runs "$RUNS" --warmup 1 \
	-n "shell loop, $REPOS repositories" "$loop" \
	-n "run --repos -j $JOBS" "atomic-script run --repos repos -j $JOBS --results fan --dry-run $SCRIPT -- 'SPDX-License-Identifier: MIT' > /dev/null 2>&1"
atomic-script aggregate fan | tail -1
