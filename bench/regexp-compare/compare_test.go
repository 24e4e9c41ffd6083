// Package regexpcompare measures the regexp engines issue 14 names for
// search's patterns without a usable literal, on the same corpus as
// tools/search/internal/textmatch's benchmarks (the Go runtime's
// .go files): Go's regexp, github.com/grafana/regexp and
// github.com/wasilibs/go-re2 (RE2 compiled to WebAssembly, run by
// wazero). Each scans the whole corpus for a pattern that matches no line,
// once through one Match over the whole buffer and once line by line,
// which is what a line search needs. See run.sh and RATIONALE.md.
package regexpcompare

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	grafana "github.com/grafana/regexp"
	re2 "github.com/wasilibs/go-re2"
)

var patterns = []struct{ name, expr string }{
	{"LiteralFree", `(?m)\b[A-Z]{3}[0-9]{4}[a-z]{3}\b`},
	{"WeakLiteral", `(?mi)func \w+Zq\(`},
	{"AlternationWB", `(?m)\b(foo|bar|baz)[0-9]{3}qq\b`},
}

type matcher interface{ Match([]byte) bool }

var engines = []struct {
	name    string
	compile func(string) (matcher, error)
}{
	{"stdlib", func(e string) (matcher, error) { return regexp.Compile(e) }},
	{"grafana", func(e string) (matcher, error) { return grafana.Compile(e) }},
	{"gore2", func(e string) (matcher, error) { return re2.Compile(e) }},
}

func corpus(b *testing.B) []byte {
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		b.Skip("no go command to locate GOROOT")
	}
	files, _ := filepath.Glob(filepath.Join(strings.TrimSpace(string(goroot)), "src", "runtime", "*.go"))
	var buf bytes.Buffer
	for _, f := range files {
		data, _ := os.ReadFile(f)
		buf.Write(data)
	}
	return buf.Bytes()
}

func BenchmarkEngines(b *testing.B) {
	data := corpus(b)
	lines := bytes.Split(data, []byte{'\n'})
	for _, p := range patterns {
		for _, e := range engines {
			m, err := e.compile(p.expr)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(p.name+"/"+e.name+"/buffer", func(b *testing.B) {
				b.SetBytes(int64(len(data)))
				for b.Loop() {
					if m.Match(data) {
						b.Fatal("the benchmark patterns match nothing in the corpus")
					}
				}
			})
			b.Run(p.name+"/"+e.name+"/lines", func(b *testing.B) {
				b.SetBytes(int64(len(data)))
				for b.Loop() {
					for _, l := range lines {
						if m.Match(l) {
							b.Fatal("the benchmark patterns match nothing in the corpus")
						}
					}
				}
			})
		}
	}
}

// BenchmarkCompile is the one-off cost each engine adds to a search (go-re2
// also instantiates its WebAssembly module on first use).
func BenchmarkCompile(b *testing.B) {
	for _, e := range engines {
		b.Run(e.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := e.compile(patterns[0].expr); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestFirstUse logs what the first compile costs in a fresh process (run
// it alone: go test -run FirstUse -v): go-re2 compiles its WebAssembly
// module then, which every search process would pay.
func TestFirstUse(t *testing.T) {
	for _, e := range engines {
		start := time.Now()
		if _, err := e.compile(patterns[0].expr); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: first compile %v", e.name, time.Since(start))
	}
}
