package textmatch

import (
	"bytes"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// naiveLines is the reference: split into lines (no row after a final
// newline), drop one trailing \r, and run the regexp on each line.
func naiveLines(t testing.TB, pattern string, ignoreCase bool, text string) []int {
	t.Helper()
	expr := translateFlags(pattern)
	if !unicodeOff(pattern) {
		expr = unicodeClasses(expr) // \w, \d, \s as ripgrep's (RE2's \b stays ASCII)
	}
	if ignoreCase {
		expr = "(?i)" + expr
	}
	re := regexp.MustCompile("(?m)" + expr)
	lines := strings.Split(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	var out []int
	for i, l := range lines {
		if re.MatchString(strings.TrimSuffix(l, "\r")) {
			out = append(out, i+1)
		}
	}
	return out
}

// scanLines runs the Scanner and returns matched line numbers.
func scanLines(m *Matcher, text string) []int {
	buf := []byte(text)
	s := m.NewScanner()
	s.Reset(buf)
	var out []int
	for {
		start, end, ok := s.Next()
		if !ok {
			return out
		}
		first := bytes.Count(buf[:start], []byte{'\n'}) + 1
		last := first + bytes.Count(buf[start:end], []byte{'\n'})
		for n := first; n <= last; n++ {
			out = append(out, n)
		}
	}
}

func TestScannerLineMode(t *testing.T) {
	text := "package main\n\nfunc main() {\n\tFUNC Main()\r\n}\nfunction mainly\nKelvin \u212Aelvin\nlong \u017Fs\nfoo$\nend"
	cases := []struct {
		pattern string
		i       bool
		want    []int
	}{
		{"func main", false, []int{3}},
		{"func main", true, []int{3, 4}},
		{"(?i)func main", false, []int{3, 4}},
		{"main", false, []int{1, 3, 6}},
		{`func \w+\(`, false, []int{3}},
		{`^\}$`, false, []int{5}},
		{`\)$`, true, []int{4}}, // the \r before \n is not part of the line
		{`^$`, false, []int{2}}, // the empty line; no phantom after "end"
		{`kelvin`, true, []int{7}},
		{`(?i)\x{212A}ELVIN`, false, []int{7}},
		{`(?i)ss`, false, []int{8}}, // long s folds to s
		{`foo|mainly`, false, []int{6, 9}},
		{`foo\$`, false, []int{9}},
		{`end$`, false, []int{10}},
		{`x*`, false, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}},
		{`nomatch`, false, nil},
		{`[A-Z]{4}`, false, []int{4}},
	}
	for _, c := range cases {
		m, err := Compile(c.pattern, c.i)
		if err != nil {
			t.Fatalf("%q: %v", c.pattern, err)
		}
		got := scanLines(m, text)
		if !slices.Equal(got, c.want) {
			t.Errorf("%q i=%v: got lines %v, want %v", c.pattern, c.i, got, c.want)
		}
		if ref := naiveLines(t, c.pattern, c.i, text); !slices.Equal(got, ref) {
			t.Errorf("%q i=%v: got %v, reference %v", c.pattern, c.i, got, ref)
		}
	}
}

func TestScannerMultiline(t *testing.T) {
	text := "a\nfoo\nbar\nbaz\nfoo\nqux\n"
	cases := []struct {
		pattern string
		want    []int
	}{
		{`foo\nbar`, []int{2, 3}},
		{`foo\n`, []int{2, 5}},
		{`o\n\w+\nb`, []int{2, 3, 4}},
		{`qux\n`, []int{6}},
		{`nope\n`, nil},
	}
	for _, c := range cases {
		m, err := Compile(c.pattern, false)
		if err != nil {
			t.Fatal(err)
		}
		if !m.Multiline() {
			t.Fatalf("%q: not multiline", c.pattern)
		}
		if got := scanLines(m, text); !slices.Equal(got, c.want) {
			t.Errorf("%q: got %v, want %v", c.pattern, got, c.want)
		}
	}
}

func TestPrefilterChoice(t *testing.T) {
	cases := []struct {
		pattern string
		i       bool
		needles []string
		exact   bool
	}{
		{"func main", false, []string{"func main"}, true},
		{"func main", true, []string{"func main"}, true},
		{`func \w+\(ctx context\.Context`, false, []string{"(ctx context.Context"}, false},
		{`foo|bar`, false, []string{"foo", "bar"}, true},
		{`(?i)desk`, false, []string{"de"}, false}, // k folds to the Kelvin sign
		{`a+b*`, false, []string{"a"}, false},
		{`[ab]c`, false, []string{"c"}, false},
		{`x*`, false, nil, false},
		{`(foo)?bar`, false, []string{"bar"}, false},
		{`a|b*`, false, nil, false},
		{"caf\u00e9", true, []string{"caf"}, false},
		{"caf\u00e9", false, []string{"caf\u00e9"}, true},
		// The rarest literal wins, not the longest: "zq(" over "func ",
		// "qq" over foo|bar|baz; none at all leaves the DFA alone.
		{`func \w+Zq\(`, true, []string{"zq("}, false},
		{`\b(foo|bar|baz)[0-9]{3}qq\b`, false, []string{"qq"}, false},
		{`\b[A-Z]{3}[0-9]{4}[a-z]{3}\b`, false, nil, false},
	}
	for _, c := range cases {
		m, err := Compile(c.pattern, c.i)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, n := range m.needles {
			got = append(got, string(n.lit))
		}
		if !slices.Equal(got, c.needles) || m.exact != c.exact {
			t.Errorf("%q i=%v: needles %q exact=%v, want %q exact=%v", c.pattern, c.i, got, m.exact, c.needles, c.exact)
		}
	}
}

func TestCompileErrors(t *testing.T) {
	cases := []struct{ pattern, want string }{
		{`(foo`, "missing closing ): `(foo`"},
		{`foo(?=bar)`, "lookahead and lookbehind are not supported"},
		{`(?<!x)y`, "lookahead and lookbehind are not supported"},
		{`(a)\1`, "backreferences are not supported"},
		{`a++`, "possessive quantifiers are not supported"},
		{`(?J)a`, "invalid or unsupported Perl syntax: `(?J`; ripgrep's inline flags i, m, s, U, x, u and R are accepted (a flag group such as (?J) is not)"},
		{`(?>a)`, "atomic groups are not supported"},
	}
	for _, c := range cases {
		_, err := Compile(c.pattern, false)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want it to contain %q", c.pattern, err, c.want)
		}
	}
}

// TestInlineFlags: the inline flags ripgrep accepts work: i, m, s and U
// as RE2 has them; x (verbose: whitespace and # comments ignored, also in
// classes; `\ ` and `[\ ]` are spaces), scoped to its group; u (Unicode
// mode, ripgrep's default, and -u) and R (CRLF: lines lose their \r
// before matching here) change nothing.
func TestInlineFlags(t *testing.T) {
	for _, c := range []struct {
		pattern, translated string
		match, miss         []string
	}{
		{`(?x) a b # the letters`, `ab`, []string{"xaby"}, []string{"a b"}},
		{"(?x)\n  foo  # one\n  \\d+   # two\n", `foo\d+`, []string{"foo12"}, []string{"foo 12"}},
		{`(?x)a\ b [ c]`, `a\x20b[c]`, []string{"a bc"}, []string{"abc"}},
		{`(?x)a\#b`, `a\#b`, []string{"a#b"}, []string{"ab"}},
		{`(?x:a b) c`, `(?:ab) c`, []string{"ab c"}, []string{"abc"}},
		{`(a (?x) b) c`, `(a b) c`, []string{"a b c"}, []string{"a  b c"}},
		{`(?ix) A B`, `(?i)AB`, []string{"ab"}, []string{"a b"}},
		{`(?x-i) a`, `(?-i)a`, []string{"a"}, []string{"A"}},
		{`(?u)\w+`, `\w+`, []string{"abc"}, []string{"!!"}},
		{`(?-u)a`, `a`, []string{"a"}, nil},
		{`(?R)^a$`, `^a$`, []string{"a"}, []string{"ba"}},
		{`(?i)A`, `(?i)A`, []string{"a"}, nil},
		{`(?s)a.b`, `(?s)a.b`, []string{"a\nb"}, nil},
		{`[(?x)] b`, `[(?x)] b`, []string{"x b"}, []string{"xb"}},
		{`\(?x\) b`, `\(?x\) b`, []string{"(x) b", "x) b"}, nil},
		{`(?P<n>a b)`, `(?P<n>a b)`, []string{"a b"}, nil},
	} {
		got := translateFlags(c.pattern)
		if got != c.translated {
			t.Errorf("%q: translated %q, want %q", c.pattern, got, c.translated)
			continue
		}
		m, err := Compile(c.pattern, false)
		if err != nil {
			t.Errorf("%q: %v", c.pattern, err)
			continue
		}
		for _, s := range c.match {
			if !m.re.MatchString(s) {
				t.Errorf("%q does not match %q", c.pattern, s)
			}
		}
		for _, s := range c.miss {
			if m.re.MatchString(s) {
				t.Errorf("%q matches %q", c.pattern, s)
			}
		}
	}
}

// FuzzTranslateFlags: translating never panics and leaves a pattern
// without x, u or R flags as it was.
func FuzzTranslateFlags(f *testing.F) {
	for _, s := range []string{`(?x) a b # c`, `(?x:a [ b]) c`, `\(?x)`, `[(?x)]`, `(?ix-u)a`, `(?R)x`, `(?x)\ `, `((?x) a) b`, `(?x)[\ ]`, `(?x)[]a ]`, `(?x)[^]a ]`, `(?x)[[:alpha:] ]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		out := translateFlags(p)
		if !strings.ContainsAny(flagLetters(p), "xuR") && out != p {
			t.Fatalf("%q changed to %q without an x, u or R flag", p, out)
		}
		if !strings.Contains(p, "(?") && out != p {
			t.Fatalf("%q changed to %q", p, out)
		}
	})
}

// flagLetters are the letters of p's flag groups, roughly: enough for the
// fuzz property (it over-approximates).
func flagLetters(p string) string {
	var b strings.Builder
	for i := 0; i+2 < len(p); i++ {
		if p[i] == '(' && p[i+1] == '?' {
			for j := i + 2; j < len(p) && p[j] != ')' && p[j] != ':'; j++ {
				b.WriteByte(p[j])
			}
		}
	}
	return b.String()
}

// FuzzScanner checks the prefiltered scanner against the naive per-line
// reference for line-mode patterns.
func FuzzScanner(f *testing.F) {
	for _, s := range []struct{ p, t string }{
		{"func main", "func main\nFUNC MAIN\n"},
		{`a|b`, "xa\nb\r\nc"},
		{`(?i)ks`, "\u212As\nKS\n"},
		{`\w+\(x\)$`, "f(x)\r\ng (x)\n"},
		{`^$`, "\n\n"},
		{`ab*c`, "ac\nabbc\nab\n"},
	} {
		f.Add(s.p, s.t, false)
		f.Add(s.p, s.t, true)
	}
	f.Fuzz(func(t *testing.T, pattern, text string, ignoreCase bool) {
		if strings.Contains(pattern, `\b`) || strings.Contains(pattern, `\B`) {
			// The reference's \b is ASCII (TestUnicodeWordBoundary
			// checks the Unicode one).
			pattern = "(?-u)" + pattern
		}
		m, err := Compile(pattern, ignoreCase)
		if err != nil || m.Multiline() {
			return
		}
		got := scanLines(m, text)
		if want := naiveLines(t, pattern, ignoreCase, text); !slices.Equal(got, want) {
			t.Fatalf("pattern %q i=%v text %q: got %v, want %v", pattern, ignoreCase, text, got, want)
		}
	})
}

// TestSWARAgreesWithMemchr forces each prefilter mode on the same needles
// and compares the matched lines with the naive reference.
func TestSWARAgreesWithMemchr(t *testing.T) {
	text := strings.Repeat("func main() { return nil }\nFUNC MAIN\tern = err\n\u212Aelvin err != nil e\nx", 40) + "tail err"
	for _, c := range []struct {
		p    string
		fold bool
	}{{"func main", false}, {"func main", true}, {"err", false}, {"err != nil", true}, {"return nil", false}, {"e", false}, {"n\tern", true}, {"l e", false}, {"il", false}} {
		for _, swar := range []bool{false, true} {
			m, err := Compile(c.p, c.fold)
			if err != nil {
				t.Fatal(err)
			}
			for i := range m.needles {
				if swar && len(m.needles[i].lit) >= 2 {
					m.needles[i].setupSWAR()
				} else {
					m.needles[i].swar = false
				}
			}
			got := scanLines(m, text)
			if want := naiveLines(t, c.p, c.fold, text); !slices.Equal(got, want) {
				t.Errorf("%q fold=%v swar=%v: got %v, want %v", c.p, c.fold, swar, got, want)
			}
		}
	}
}

// TestClassPrefilter: patterns with no literal but a required class of
// bytes (a digit, =, a letter of another script, what invalid UTF-8 reads
// as) find exactly the lines the regexp finds, over text long enough for
// the scanner to judge whether the class pays and drop it when it does
// not.
func TestClassPrefilter(t *testing.T) {
	line := "func f(x int) { return x }\nv2x := a1b + 3\n\tX = y\nnaïve café 日本 \xff\xfe\n\n  Ab =\r\nk\u212A \u017F\n"
	text := strings.Repeat(line, 4000)
	digits := strings.Repeat("x1 = 2\nab3c\n", 30000) // the class does not pay
	cases := []struct {
		p    string
		i    bool
		used bool // the class is known and cheap enough (and there is no literal)
	}{
		{`[a-z]+[0-9]+[a-z]+`, false, true}, {`[A-Z]\w*\s*=`, false, false}, {`[é-ü]`, false, true},
		{`\x{FFFD}`, false, true}, {`[^\x00-\x7f]{2}`, false, true}, {`(ab|c[0-9])+`, false, false},
		{`(?i)[k][^a]`, false, true}, {`(?i-u)s\b`, true, true}, {`[a-z]+`, false, false}, {`\w\W`, false, false},
		{`[a-z]+[0-9]+[a-z]`, false, true}, // a digit in every line: dropped after the trial
	}
	for _, c := range cases {
		m, err := Compile(c.p, c.i)
		if err != nil {
			t.Fatal(err)
		}
		if (m.class != nil) != c.used {
			t.Errorf("%q: class prefilter %v, want %v", c.p, m.class != nil, c.used)
		}
		for _, txt := range []string{line, text, digits} {
			if got, want := scanLines(m, txt), naiveLines(t, c.p, c.i, txt); !slices.Equal(got, want) {
				t.Errorf("%q on %d bytes: %d lines, want %d", c.p, len(txt), len(got), len(want))
			}
		}
	}
}

// TestUnicodeWordBoundary: \w, \d, \s, \b and \B are ripgrep's Unicode
// ones — also when the DFA gives up on a pattern (a counted repetition
// that needs too many states): lines that are not ASCII then go to a DFA
// that never gives up, since RE2's \b is ASCII's. (?-u) keeps ASCII.
func TestUnicodeWordBoundary(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var eb strings.Builder
	for range 6000 {
		eb.WriteByte("ab"[rng.IntN(2)])
	}
	explode := eb.String() // thrashes a[ab]{14}c's cache
	cases := []struct {
		pattern string
		line    string
		match   bool
	}{
		{`\bcafé\b`, "un café noir", true},
		{`café\b`, "cafés", false},
		{`\bκόσμε\b`, "γειά κόσμε!", true},
		{`\w+\b`, "日本語", true},
		{`\d`, "٣", true},
		{`^\d+$`, "४२", true},
		{`\s`, "a\u3000b", true},
		{`\S\s\S`, "a\u00A0b", true},
		{`a\Wb`, "a\u200Db", false}, // a joiner is a word character
		{`\w\w`, "Ⓐⓑ", true},        // Alphabetic, not a letter
		{`(?-u)\w`, "日本", false},
		{`(?-u)\bé`, "xé", true}, // ASCII: x, then é (not a word character)
		{`\bé`, "xé", false},
		{`a[ab]{14}c\b`, explode + " é a" + strings.Repeat("b", 14) + "cé", false},
		{`a[ab]{14}c\b`, explode + " é a" + strings.Repeat("b", 14) + "c é", true},
		{`a[ab]{14}c\b`, explode + " a" + strings.Repeat("b", 14) + "c", true},
		{`a[ab]{14}c\B`, explode + " a" + strings.Repeat("b", 14) + "cé", true},
	}
	for _, c := range cases {
		m, err := Compile(c.pattern, false)
		if err != nil {
			t.Fatal(err)
		}
		s := m.NewScanner()
		text := strings.Repeat(explode+"c\n", 40) + c.line + "\n" // the first lines make the DFA give up
		s.Reset([]byte(text))
		found := false
		for {
			start, _, ok := s.Next()
			if !ok {
				break
			}
			found = found || start == len(text)-len(c.line)-1
		}
		if found != c.match {
			t.Errorf("%q on %.40q…: match %v, want %v", c.pattern, c.line, found, c.match)
		}
		if strings.Contains(c.pattern, "{14}") && s.d != nil {
			t.Errorf("%q: the DFA did not give up", c.pattern)
		}
	}
}
