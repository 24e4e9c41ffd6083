#!/usr/bin/env bash
# bench/migrations.sh — each example migration (scripts/migrations) against
# the obvious shell one-liner on a generated git repository, with hyperfine.
# Every run starts from the committed tree (hyperfine --prepare). The
# one-liners are faster and wrong (each migration's test shows how); this
# measures what the correct version costs.
#
#   go-rename:      200 files calling store.Get   vs  grep -rlw | xargs sed -i 's/\bGet\b/Fetch/g'
#                   (the migration also runs go build ./... and go vet ./...; so does the sed row here)
#   npm-bump:       200 package.json files         vs  find | xargs sed -i -E 's/"lodash": "[^"]*"/…/'
#   license-header: 500 Go, Python and shell files vs  find | xargs sed -i '1i // SPDX…'
#
# Needs: go, git, hyperfine.   Environment: RUNS (default 5), N (files, default 200).
set -euo pipefail
cd "$(dirname "$0")/.."
for bin in go git hyperfine; do
	command -v "$bin" >/dev/null || { echo "migrations.sh: $bin not found" >&2; exit 2; }
done
RUNS=${RUNS:-5}
N=${N:-200}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
go build -o "$WORK/bin/atomic-script" ./cmd/atomic-script
export PATH="$WORK/bin:$PATH" ATOMIC_PROGRESS_INTERVAL=0 GOFLAGS=-buildvcs=false
M=$PWD/scripts/migrations
commit() { git -C "$1" init -q && git -C "$1" add -A && git -C "$1" -c user.name=b -c user.email=b@example.com commit -qm init; }
reset='git checkout -q . && git clean -fdq'

# go-rename
d="$WORK/go"; mkdir -p "$d/store"
printf 'module example.com/m\n\ngo 1.21\n' > "$d/go.mod"
printf 'package store\n\n// Get returns v.\nfunc Get(k string) string { return k }\n' > "$d/store/store.go"
for i in $(seq -w 1 "$N"); do
	mkdir -p "$d/p$i"
	printf 'package p%s\n\nimport "example.com/m/store"\n\nfunc Use() string { return store.Get("%s") + store.Get("x") }\n' "$i" "$i" > "$d/p$i/use.go"
done
commit "$d"
(cd "$d" && hyperfine --min-runs "$RUNS" --prepare "$reset" \
	-n "go-rename (atomic-script, with go build + vet)" "atomic-script run --atomic $M/go-rename/migrate.js -- ./store Get Fetch > /dev/null" \
	-n "sed one-liner + go build + vet" "grep -rlw --include=*.go Get . | xargs sed -i 's/\bGet\b/Fetch/g' && go build ./... && go vet ./...")

# npm-bump
d="$WORK/npm"
for i in $(seq -w 1 "$N"); do
	mkdir -p "$d/packages/p$i"
	printf '{\n  "name": "p%s",\n  "version": "1.0.0",\n  "dependencies": {\n    "express": "4.19.2",\n    "lodash": "^4.17.0"\n  }\n}\n' "$i" > "$d/packages/p$i/package.json"
done
printf '{"private": true, "workspaces": ["packages/*"]}\n' > "$d/package.json"
commit "$d"
(cd "$d" && hyperfine --min-runs "$RUNS" --prepare "$reset" \
	-n "npm-bump (atomic-script)" "atomic-script run --atomic $M/npm-bump/migrate.js -- lodash 4.17.21 > /dev/null" \
	-n "sed one-liner" "find . -name package.json | xargs sed -i -E 's/\"lodash\": \"[^\"]*\"/\"lodash\": \"^4.17.21\"/'")

# license-header
d="$WORK/lic"; mkdir -p "$d/src"
for i in $(seq -w 1 $((N * 5 / 2))); do
	case $((10#$i % 3)) in
	0) printf 'package src\n\nconst C%s = 1\n' "$i" > "$d/src/f$i.go" ;;
	1) printf 'print(%s)\n' "$i" > "$d/src/f$i.py" ;;
	2) printf '#!/bin/sh\necho %s\n' "$i" > "$d/src/f$i.sh" ;;
	esac
done
commit "$d"
(cd "$d" && hyperfine --min-runs "$RUNS" --prepare "$reset" \
	-n "license-header (atomic-script)" "atomic-script run --atomic $M/license-header/migrate.js -- 'SPDX-License-Identifier: MIT' > /dev/null" \
	-n "sed one-liner" "find . -name '*.go' -o -name '*.py' -o -name '*.sh' | grep -v '^./.git/' | xargs sed -i '1i // SPDX-License-Identifier: MIT'")
