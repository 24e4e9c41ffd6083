package textmatch

import (
	"bytes"
	"math/rand/v2"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"testing"
)

// dfaLines is what the DFA finds: the indexes of the matching lines of buf.
func dfaLines(t testing.TB, pattern string, buf []byte) ([]int, bool) {
	t.Helper()
	d, err := compileDFA(pattern)
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	pos := 0
	for pos < len(buf) {
		ls, le, ok := d.scan(buf, pos)
		if d.failed {
			return nil, false
		}
		if !ok {
			break
		}
		got = append(got, bytes.Count(buf[:ls], []byte{'\n'}))
		pos = le + 1
	}
	return got, true
}

// regexpLines is the reference: regexp.Match on each line on its own, its
// newline and one trailing \r removed.
func regexpLines(t testing.TB, pattern string, buf []byte) []int {
	t.Helper()
	re := regexp.MustCompile("(?m)" + pattern)
	var want []int
	if len(buf) == 0 {
		return nil // an empty buffer has no lines
	}
	lines := bytes.Split(buf, []byte{'\n'})
	if len(buf) > 0 && buf[len(buf)-1] == '\n' {
		lines = lines[:len(lines)-1]
	}
	for i, l := range lines {
		if re.Match(bytes.TrimSuffix(l, []byte{'\r'})) {
			want = append(want, i)
		}
	}
	return want
}

func compileDFA(pattern string) (*dfa, error) {
	re, err := syntax.Parse("(?m)"+pattern, syntax.Perl)
	if err != nil {
		return nil, err
	}
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		return nil, err
	}
	return newDFA(prog, false), nil
}

func TestDFAMatchesRegexp(t *testing.T) {
	text := "func main() {\n\tx := ABC1234abc + 1\r\n  return\r\n\r\nFOO123qq bar456qq\n" +
		"héllo wörld ÄBC1234xyz\n\xff\xfeinvalid \xc3\n_ABC1234abc_\nabc\rdef\r\r\nlast line without newline\n" +
		"日本語のテキスト abc123def 日本\n«ÄÖÜ» a日b a\xffb x日y xé\x80y\n日本日本日本語 ſ S s\n"
	cases := []string{
		`\b[A-Z]{3}[0-9]{4}[a-z]{3}\b`, `\b(foo|bar|baz)[0-9]{3}qq\b`, `(?i)\b(foo|bar|baz)[0-9]{3}qq\b`,
		`^$`, `^`, `$`, `^\s*$`, `^\t`, `return$`, `^  return$`, `\r`, `c\rd`, `\r$`, `.`, `^.$`, `[^a-z]`,
		`\B`, `\b`, `\bx\b`, `\Bain\b`, `(?i)WÖRLD`, `(?i)k`, `ö`, `[^\x00-\x7f]`, `\x{FFFD}`, `inv.lid`,
		`\pL+\d`, `a*`, `x*$`, `\Alast`, `newline\z`, `(?s).`, `(?U)a+?`, `func \w+\(`, `(?i)FUNC \w+zQ\(`,
		`[[:upper:]]{3}`, `\d{4}[a-z]`, `(a|b|c|d|e)(f|g|h|i|j)`, `^(?:[^ ]+ ){2}`, `abc$|^def`,
		`[a-z]+[0-9]+[a-z]+`, `日本`, `[^a-z]+x`, `a.b`, `\W+q`, `[^\x{65e5}]{3}語`, `(?i)ſ`, `x[^a]y`,
	}
	for _, p := range cases {
		for _, buf := range [][]byte{[]byte(text), []byte(text + "\n"), []byte(strings.ReplaceAll(text, "\n", "\r\n")), nil, []byte("\n"), []byte("\r")} {
			got, ok := dfaLines(t, p, buf)
			if !ok {
				t.Errorf("%q: the DFA gave up", p)
				continue
			}
			want := regexpLines(t, p, buf)
			if !slices.Equal(got, want) {
				t.Errorf("%q on %q: DFA lines %v, regexp lines %v", p, buf, got, want)
			}
		}
	}
}

// A pattern whose DFA needs more states than the cache holds flushes it
// and, past maxFlushes, gives up (the scanner then uses the regexp).
func TestDFAGivesUpOnStateExplosion(t *testing.T) {
	d, err := compileDFA(`a[ab]{14}c`)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 200000; i++ {
		buf.WriteByte("ab"[rng.IntN(2)])
	}
	d.scan(buf.Bytes(), 0)
	if !d.failed {
		t.Fatalf("the DFA made %d states and did not give up", len(d.states))
	}
}

func FuzzDFA(f *testing.F) {
	f.Add(`\b[A-Z]{3}[0-9]{4}[a-z]{3}\b`, "x ABC1234abc y\nABC1234abcd\r\n")
	f.Add(`^\s*$`, "a\n\n \r\n\t\nb")
	f.Add(`(?i)straße`, "STRASSE\nstraße\nSTRAẞE\n")
	f.Add(`\B.\b`, "\xff\x80abc d\n")
	f.Fuzz(func(t *testing.T, pattern, text string) {
		if strings.Contains(pattern, "\n") || strings.Contains(pattern, `\n`) || len(pattern) > 64 {
			return
		}
		if _, err := regexp.Compile("(?m)" + pattern); err != nil {
			return
		}
		got, ok := dfaLines(t, pattern, []byte(text))
		if !ok {
			return
		}
		if want := regexpLines(t, pattern, []byte(text)); !slices.Equal(got, want) {
			t.Fatalf("%q on %q: DFA lines %v, regexp lines %v", pattern, text, got, want)
		}
	})
}
