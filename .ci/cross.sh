#!/usr/bin/env bash
# Cross-target check: the product builds and vets (test code included) on
# every supported target with CGO_ENABLED=0, and the test binaries of the
# main desktop targets link. Nothing runs: this is what keeps a Linux-only
# call (unix.Pipe2, syscall.Kill, Stat_t fields...) out of shared code.
#
#   .ci/cross.sh            build + vet on the six targets; test -c on
#                           darwin/arm64 and windows/amd64 (make check)
#   .ci/cross.sh full       test -c on all six (make cross-full)
#
# Linking test binaries is what costs (about a minute of CPU a target), so
# CI links them for one target per other system; the architectures of a
# system share every line of our code, and build + vet cover them.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-check}
targets="linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64"
link="darwin/arm64 windows/amd64"
[ "$mode" = full ] && link=$targets
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export CGO_ENABLED=0
for t in $targets; do
  export GOOS=${t%/*} GOARCH=${t#*/}
  echo "cross $t: build, vet"
  go build ./...
  go vet ./...
  case " $link " in
  *" $t "*)
    echo "cross $t: test -c"
    mkdir -p "$out/$GOOS-$GOARCH"
    # -o DIR writes one binary per package; packages without tests print
    # "no test files", which is not news.
    go test -c -ldflags='-s -w' -o "$out/$GOOS-$GOARCH/" ./... | { grep -v 'no test files' || true; }
    ;;
  esac
done
echo "cross: ok"
