#!/usr/bin/env bash
# Release archives for the six targets (make dist): dist/atomic-script_
# VERSION_OS_ARCH.tar.gz (.zip for Windows) with README and LICENSE, and
# dist/SHA256SUMS. VERSION is `git describe` (or $VERSION); the binary
# reports it (atomic-script version). Pure Go (CGO_ENABLED=0): edit's block
# parsing uses the brace/indent fallback in these builds.
set -euo pipefail
cd "$(dirname "$0")/.."
version=${VERSION:-$(git describe --tags --always --dirty 2>/dev/null || echo dev)}
rm -rf dist && mkdir -p dist
extra=()
for f in README.md LICENSE; do [ -f "$f" ] && extra+=("$f"); done
for t in linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64; do
  os=${t%/*} arch=${t#*/}
  name=atomic-script_${version}_${os}_${arch}
  stage=dist/$name
  mkdir -p "$stage"
  exe=atomic-script
  [ "$os" = windows ] && exe=atomic-script.exe
  echo "dist: $name"
  CGO_ENABLED=0 GOOS=$os GOARCH=$arch go build -trimpath \
    -ldflags "-s -w -X github.com/atomic-script/atomic-script/engine.buildVersion=$version" \
    -o "$stage/$exe" ./cmd/atomic-script
  cp "${extra[@]}" "$stage/"
  if [ "$os" = windows ]; then
    (cd dist && zip -qr "$name.zip" "$name")
  else
    tar -C dist -czf "dist/$name.tar.gz" "$name"
  fi
  rm -rf "$stage"
done
(cd dist && sha256sum -- *.tar.gz *.zip > SHA256SUMS)
cat dist/SHA256SUMS
