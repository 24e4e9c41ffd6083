#!/usr/bin/env bash
# Shell tool benchmarks (issue 6). The goal: a bash({command: "true"}) round
# trip at most 1.3x spawning `sh -c true` directly.
#
# Each round runs, close together in time:
#   - engine BenchmarkBash: 20 awaited bash({command:"true"}) calls from a
#     script (ns/call), and `sh -c true` / `bash -c true` spawned directly;
#   - tools/shell: the same call through tools.Invoke back to back
#     (BashTrue) and with a 5 ms pause between calls (BashTrueSpaced: the
#     latency of one call when the warm shells are ready), each against its
#     direct `sh -c true` baseline.
# Ratios are computed within a round (the machine is shared and its load
# moves), then summarized as median [min-max] over the rounds.
#   bench/shell.sh [ROUNDS] [stream]   (stream: also the 100 MB throughput)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-10}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go test -c -o "$tmp/shell.test" ./tools/shell
go test -c -o "$tmp/engine.test" ./engine
for i in $(seq "$rounds"); do
	(cd engine && "$tmp/engine.test" -test.run '^$' -test.bench '^BenchmarkBash$' -test.benchtime 1s) |
		awk -v r="$i" '/^Benchmark/ { for (f = 1; f < NF; f++) if ($(f+1) == "ns/call") print r, $1, $f }'
	(cd tools/shell && "$tmp/shell.test" -test.run '^$' -test.bench 'BashTrue|ShTrue' -test.benchtime 1s) |
		awk -v r="$i" '/^Benchmark/ { print r, $1, $3 }'
done | sed -E 's/-[0-9]+ / /' >"$tmp/raw"
awk '
	{ v[$1, $2] = $3; names[$2] = 1; if ($1 > n) n = $1 }
	function summary(label, num, den, goal,   i, k, r, t, j) {
		k = 0
		for (i = 1; i <= n; i++) if (v[i, num] && v[i, den]) r[++k] = v[i, num] / v[i, den]
		for (i = 2; i <= k; i++) { t = r[i]; for (j = i - 1; j >= 1 && r[j] > t; j--) r[j+1] = r[j]; r[j+1] = t }
		printf "%-52s %5.2fx [%4.2f-%4.2f] over %d rounds%s\n", label, (k % 2 ? r[(k+1)/2] : (r[k/2] + r[k/2+1]) / 2), r[1], r[k], k, goal
	}
	function ms(name,   i, k, s) { for (i = 1; i <= n; i++) if (v[i, name]) { s += v[i, name]; k++ } ; return k ? s / k / 1e6 : 0 }
	END {
		printf "mean per call (ms): script bash %.3f, direct sh %.3f, direct bash %.3f; Invoke %.3f, spaced %.3f, sh %.3f, sh spaced %.3f\n",
			ms("BenchmarkBash/script_bash_true"), ms("BenchmarkBash/direct_sh_true"), ms("BenchmarkBash/direct_bash_true"),
			ms("BenchmarkBashTrue"), ms("BenchmarkBashTrueSpaced"), ms("BenchmarkSpawnShTrue"), ms("BenchmarkSpawnShTrueSpaced")
		summary("script bash(true) / sh -c true", "BenchmarkBash/script_bash_true", "BenchmarkBash/direct_sh_true", "  (goal <= 1.3x)")
		summary("script bash(true) / bash -c true", "BenchmarkBash/script_bash_true", "BenchmarkBash/direct_bash_true", "")
		summary("Invoke bash(true) back to back / sh -c true", "BenchmarkBashTrue", "BenchmarkSpawnShTrue", "")
		summary("Invoke bash(true) back to back / bash -c true", "BenchmarkBashTrue", "BenchmarkSpawnBashTrue", "")
		summary("Invoke bash(true) spaced / sh -c true spaced", "BenchmarkBashTrueSpaced", "BenchmarkSpawnShTrueSpaced", "")
	}' "$tmp/raw"
if [ "${2:-}" = stream ]; then
	(cd tools/shell && "$tmp/shell.test" -test.run '^$' -test.bench 'Stream' -test.benchtime 3x -test.count 3) |
		awk '/^Benchmark/ { name=$1; sub(/-[0-9]+$/, "", name); if (!(name in best) || $3 < best[name]) best[name] = $3 }
			END { printf "100 MB stream %.0f MB/s (goal >= 500); producer into cat %.0f MB/s\n", 1e11/best["BenchmarkStream100MB"], 1e11/best["BenchmarkStreamBaseline"] }'
fi
