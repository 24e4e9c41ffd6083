package textmatch

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// corpus is some real source text: the Go runtime's .go files.
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
	if buf.Len() == 0 {
		b.Skip("no Go sources found")
	}
	return buf.Bytes()
}

func benchScan(b *testing.B, pattern string, ignoreCase bool) {
	data := corpus(b)
	m, err := Compile(pattern, ignoreCase)
	if err != nil {
		b.Fatal(err)
	}
	s := m.NewScanner()
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Reset(data)
		for {
			if _, _, ok := s.Next(); !ok {
				break
			}
		}
	}
}

func BenchmarkLiteral(b *testing.B)     { benchScan(b, "func main", false) }
func BenchmarkLiteralFold(b *testing.B) { benchScan(b, "func main", true) }
func BenchmarkRegexWord(b *testing.B)   { benchScan(b, `func \w+\(ctx context\.Context`, false) }
func BenchmarkNoMatch(b *testing.B)     { benchScan(b, "zqxjv_no_such_text", false) }
func BenchmarkAlternation(b *testing.B) { benchScan(b, "TODO|FIXME|XXX", false) }
func BenchmarkNoLiteral(b *testing.B)   { benchScan(b, `[A-Z][a-z]+[0-9]{3}`, false) }

// BenchmarkBytesIndex is the baseline the literal prefilter competes with.
func BenchmarkBytesIndex(b *testing.B) {
	data := corpus(b)
	lit := []byte("zqxjv_no_such_text")
	b.SetBytes(int64(len(data)))
	for i := 0; i < b.N; i++ {
		bytes.Index(data, lit)
	}
}

// The pattern classes of issue 14's table.
func BenchmarkNoMatchFold(b *testing.B)   { benchScan(b, "zqxjv_no_such_text", true) }
func BenchmarkWeakLiteral(b *testing.B)   { benchScan(b, `func \w+Zq\(`, true) }
func BenchmarkLiteralFree(b *testing.B)   { benchScan(b, `\b[A-Z]{3}[0-9]{4}[a-z]{3}\b`, false) }
func BenchmarkAlternationWB(b *testing.B) { benchScan(b, `\b(foo|bar|baz)[0-9]{3}qq\b`, false) }

// BenchmarkDFA is the lazy DFA alone, without a literal prefilter, on the
// patterns of bench/regexp-compare (which compares it with other engines).
func BenchmarkDFA(b *testing.B) {
	data := corpus(b)
	for _, p := range []struct{ name, expr string }{
		{"LiteralFree", `\b[A-Z]{3}[0-9]{4}[a-z]{3}\b`},
		{"WeakLiteral", `(?i)func \w+Zq\(`},
		{"AlternationWB", `\b(foo|bar|baz)[0-9]{3}qq\b`},
	} {
		b.Run(p.name, func(b *testing.B) {
			d, err := compileDFA(p.expr)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, _, ok := d.scan(data, 0); ok || d.failed {
					b.Fatal("the benchmark patterns match nothing in the corpus")
				}
			}
		})
	}
}
func BenchmarkClassDigits(b *testing.B) { benchScan(b, `[a-z]+[0-9]+[a-z]+`, false) }
