package check

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/internal/testutil/proctest"
)

// loop runs body b.N times and reports CPU milliseconds per op.
func loop(b *testing.B, body func()) {
	start := proctest.CPUTime()
	n := 0
	for b.Loop() {
		body()
		n++
	}
	b.ReportMetric(float64(proctest.CPUTime()-start)/float64(time.Millisecond)/float64(n), "cpu-ms/op")
}

// script2000 is a 2,000-line TypeScript migration: types, interfaces,
// generics, awaited tool calls, loops and string work.
func script2000(ts bool) string {
	var b strings.Builder
	for i := 0; b.Len() == 0 || strings.Count(b.String(), "\n") < 2000; i++ {
		if ts {
			fmt.Fprintf(&b, "interface Row%d<T> { path: string; value: T }\n", i)
			fmt.Fprintf(&b, "const rows%d: Row%d<number>[] = []\n", i, i)
			fmt.Fprintf(&b, "for (const p of (await tools.find({ paths: \"src/**/*.ts\" })).files as string[]) {\n")
			fmt.Fprintf(&b, "  const r = await tools.read({ path: p }) as string\n")
			fmt.Fprintf(&b, "  rows%d.push({ path: p, value: r.split(\"\\n\").length satisfies number })\n}\n", i)
			fmt.Fprintf(&b, "function pick%d<T extends { value: number }>(xs: T[]): T | undefined { return xs.sort((a, b) => b.value - a.value)[0]! }\n", i)
			fmt.Fprintf(&b, "text(`${pick%d(rows%d)?.path ?? \"none\"}`)\n", i, i)
		} else {
			fmt.Fprintf(&b, "const rows%d = []\n\n", i)
			fmt.Fprintf(&b, "for (const p of (await tools.find({ paths: \"src/**/*.ts\" })).files) {\n")
			fmt.Fprintf(&b, "  const r = await tools.read({ path: p })\n")
			fmt.Fprintf(&b, "  rows%d.push({ path: p, value: r.split(\"\\n\").length })\n}\n", i)
			fmt.Fprintf(&b, "function pick%d(xs) { return xs.sort((a, b) => b.value - a.value)[0] }\n", i)
			fmt.Fprintf(&b, "text(`${pick%d(rows%d)?.path ?? \"none\"}`)\n", i, i)
		}
	}
	return b.String()
}

// BenchmarkTransformTS2000 is the TypeScript transform alone (esbuild, with
// its source map) of a 2,000-line script. Goal: ≤ 20 ms.
func BenchmarkTransformTS2000(b *testing.B) {
	w := wrapJS(script2000(true))
	b.SetBytes(int64(len(w.code)))
	loop(b, func() {
		if r := transform(w.code, tsLoader); len(r.Errors) > 0 {
			b.Fatal(r.Errors)
		}
	})
}

// BenchmarkCheck2000 is the whole pre-run check of a 2,000-line script:
// nesting guard, transform (TypeScript), parse and analysis. Goal: ≤ 20 ms.
func BenchmarkCheck2000(b *testing.B) {
	for _, c := range []struct {
		name string
		lang Lang
	}{{"js", JS}, {"ts", TS}} {
		src := script2000(c.lang == TS)
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			loop(b, func() {
				if p, ds := Compile(src, Options{Lang: c.lang, Tools: benchTools}); p == nil || len(ds) > 0 {
					b.Fatal(ds)
				}
			})
		})
	}
}

// BenchmarkSmall is the check of a small inline script, and what it costs
// to send every one through the TypeScript transform instead (the choice
// for -e and codemode: JavaScript first, TypeScript only when that fails).
func BenchmarkSmall(b *testing.B) {
	src := "const r = await tools.read({ path: 'go.mod' })\nconst m = r.match(/^module (\\S+)/m)\nreturn m ? m[1] : null\n"
	b.Run("check-js", func(b *testing.B) {
		loop(b, func() { Compile(src, Options{Lang: Auto, Tools: testTools}) })
	})
	b.Run("always-ts", func(b *testing.B) {
		loop(b, func() { Compile(src, Options{Lang: TS, Tools: testTools}) })
	})
}

var benchTools = &Tools{Callable: map[string]bool{"read": true, "find": true}}
