#!/usr/bin/env bash
# Measures the regexp engines issue 14 names for search patterns without a
# usable literal, side by side on one corpus (the Go runtime's .go files):
# Go's regexp, github.com/grafana/regexp and github.com/wasilibs/go-re2
# (this module, which keeps them out of the main go.mod), then search's own
# lazy DFA alone and search's matcher (literal prefilter, then the DFA),
# from tools/search/internal/textmatch, which only the main module
# can import. Each round runs every benchmark once; ROUNDS rounds
# (default 5) interleave the two modules, and the table shows the median
# MB/s of each. The patterns match no line, so every byte is read.
#
#   bench/regexp-compare/run.sh
set -euo pipefail
cd "$(dirname "$0")"
export GOWORK=off
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go test -c -o "$tmp/engines.test" .
(cd ../.. && go test -c -o "$tmp/textmatch.test" ./tools/search/internal/textmatch)
for i in $(seq "${ROUNDS:-5}"); do
	"$tmp/engines.test" -test.run '^$' -test.bench 'Engines' -test.benchtime 5x
	(cd ../../tools/search/internal/textmatch &&
		"$tmp/textmatch.test" -test.run '^$' -test.bench '^Benchmark(LiteralFree|WeakLiteral|AlternationWB|DFA)$' -test.benchtime 5x)
done | awk '/MB\/s/ { name = $1; sub(/-[0-9]+$/, "", name); sub(/^Benchmark(Engines\/)?/, "", name)
		if (name ~ /^DFA\//) name = substr(name, 5) "/lazy-dfa/buffer"
		else if (name !~ /\//) name = name "/search-matcher/lines"
		v[name] = v[name] " " $(NF-1) }
	END { for (k in v) print k, v[k] }' | sort | python3 -c '
import sys, statistics
print("| pattern | engine | whole buffer MB/s | line by line MB/s |")
print("|---|---|---|---|")
rows = {}
for line in sys.stdin:
    name, *vals = line.split()
    pattern, engine, mode = name.split("/")
    rows.setdefault((pattern, engine), {})[mode] = statistics.median(map(float, vals))
for (p, e), m in sorted(rows.items()):
    buf = m.get("buffer")
    print("| %s | %s | %s | %.0f |" % (p, e, "%.0f" % buf if buf else "-", m.get("lines", 0)))
'
echo "load average: $(cut -d" " -f1-3 /proc/loadavg) on $(nproc) CPUs"
