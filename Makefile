# atomic-script — make check is what CI runs (see .ci/run and README.md).
GO          ?= go
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2
GOIMPORTS   ?= golang.org/x/tools/cmd/goimports@v0.52.0
GOCYCLO     ?= github.com/fzipp/gocyclo/cmd/gocyclo@v0.6.0
FUZZSHORT   ?= 3s
FUZZTIME    ?= 1m

.PHONY: check fmt style vet cross cross-full wine-smoke dist actionlint staticcheck test timing test262 test262-short fuzz-short fuzz diff-long fleet astgrep-long structural-short bench-structural tidy build bench

check: fmt style vet cross actionlint staticcheck test timing test262-short structural-short fuzz-short tidy

build:
	$(GO) build -o bin/atomic-script ./cmd/atomic-script

fmt:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

# Imports grouped as goimports does, and no function outside tests over
# cyclomatic complexity 30: split one along its real steps instead.
style:
	@out=$$($(GO) run $(GOIMPORTS) -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "goimports needed:"; echo "$$out"; exit 1; fi
	@out=$$($(GO) run $(GOCYCLO) -over 30 $$(git ls-files '*.go' | grep -v '_test\.go$$')); if [ -n "$$out" ]; then echo "functions over cyclomatic complexity 30:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

# Builds and vets for linux, darwin and windows on amd64 and arm64 with
# CGO_ENABLED=0, and links the darwin/arm64 and windows/amd64 test binaries
# (nothing runs); cross-full links the test binaries of all six.
cross:
	./.ci/cross.sh

cross-full:
	./.ci/cross.sh full

# The windows/amd64 binary under Wine: run -e, read/edit with CRLF, serve
# initialize (needs wine64 and binutils-mingw-w64-x86-64; not in check).
wine-smoke:
	./.ci/wine-smoke.sh

# Release archives for the six targets with SHA256SUMS, in dist/.
dist:
	./.ci/dist.sh

# The GitHub Actions workflow (.github/workflows), checked, not run.
actionlint:
	$(GO) run github.com/rhysd/actionlint/cmd/actionlint@v1.7.12

staticcheck:
	$(GO) run $(STATICCHECK) ./...

test:
	$(GO) test -race -count=1 -timeout 30m ./...

# The race detector slows the engines twentyfold, so under -race the timing
# tests check outcomes only; this run without it holds the real bounds
# (deadlines and interrupts within 250 ms, cancellation, aborts) and runs the
# CLI scripts' cases that take minutes under -race. One package at a time (-p 1): the bounds are about the engine, not about two test
# binaries sharing two cores.
timing:
	$(GO) test -p 1 -count=1 -timeout 30m -run 'Deadline|Timeout|Abort|Interrupt|Hostile|Conformance|Cancel|Memory|Flood|Nesting|Drain|TestScripts' ./runtime/... ./engine ./cmd/atomic-script

# The test262 sample (internal/test262/testdata/test262, vendored from a
# pinned tc39/test262 commit): every test in the modes its flags ask for on
# plain modernc.org/quickjs and on the sandbox over QuickJS and over goja,
# held to the checked-in expectations; what passes on plain QuickJS passes
# in the sandbox but for the design differences of docs/script-api.md.
# test262: the whole sample (3,103 tests, minutes; `-args -update` rewrites
# the expectations). test262-short (CI): a stratified sixteenth of it
# without -race (`make test` skips it under -race).
test262:
	ATOMIC_TEST262=1 $(GO) test -count=1 -timeout 60m ./internal/test262

test262-short:
	$(GO) test -count=1 -run TestTest262 ./internal/test262

# Every fuzz target for a short budget in CI (59 targets at 3 s each, about
# four minutes with the per-target start); `make fuzz` gives each a minute,
# `make fuzz FUZZTIME=5m` longer.
fuzz-short:
	./.ci/fuzz.sh $(FUZZSHORT)

fuzz:
	./.ci/fuzz.sh $(FUZZTIME)

# The run-level diff against git diff --no-index: CI runs 120 random runs,
# this many more.
diff-long:
	ATOMIC_DIFF_ROUNDS=5000 $(GO) test -count=1 -run TestDiffMatchesGit ./tools/journal

# The fleet test (internal/cirecipes) with every shipped migration through
# run --repos and every recipe's shell steps; CI runs each recipe with one.
fleet:
	ATOMIC_FLEET=full $(GO) test -count=1 -run 'TestFleet' ./internal/cirecipes

# Structural search and rewrite against ast-grep over every file of the Go
# tree (CI compares a sample of 40 per tree).
astgrep-long:
	ATOMIC_ASTGREP_SAMPLE=all $(GO) test -count=1 -timeout 60m -run Differential ./tools/internal/structural

# Structural search against ast-grep, whole processes: the same matches on
# $(go env GOROOT)/src/net/http, one run a side, with the time ratios
# (about 20 s); bench-structural is the whole Go tree with hyperfine.
structural-short:
	./bench/structural.sh --short

bench-structural:
	./bench/structural.sh

tidy:
	@cp go.mod /tmp/go.mod.check && cp go.sum /tmp/go.sum.check
	$(GO) mod tidy
	@if ! diff -q go.mod /tmp/go.mod.check >/dev/null || ! diff -q go.sum /tmp/go.sum.check >/dev/null; then \
		echo "go.mod/go.sum are not tidy: run go mod tidy and commit"; git diff -- go.mod go.sum; exit 1; fi

# The performance tables of issues 14 and 34 (both sides interleaved; need
# rg, fd, node): bench/table.sh, bench/large.sh. The other bench/*.sh scripts measure one area each.
bench:
	./bench/table.sh
	./bench/large.sh
