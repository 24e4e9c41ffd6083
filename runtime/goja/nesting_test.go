package goja

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/internal/testutil/racecheck"

	"github.com/dop251/goja"
	"github.com/dop251/goja/parser"
)

func TestSourceTooDeep(t *testing.T) {
	rep := strings.Repeat
	bigArray := "[" + rep("1234567,", 200000) + "0]"                          // 1.6 MB, flat
	bigStatements := rep("x = f(a, [b, {c: d}], `t${e}`) / 2; // (\n", 30000) // 1.3 MB, shallow
	bigStrings := rep(`s += "((((" + '[[' + "{" + /\(/.source;`+"\n", 40000)  // unbalanced text, not code
	for _, c := range []struct {
		name string
		src  string
		deep bool
	}{
		{"empty", "", false},
		{"small script", "function f(a) { return a.map(x => (x + 1) * 2) }", false},
		{"flat 1.6 MB array", bigArray, false},
		{"1.3 MB of shallow statements", bigStatements, false},
		{"unbalanced brackets in strings and regexps", bigStrings, false},
		{"100k nested parens, closed", rep("(", 1e5) + "1" + rep(")", 1e5), true},
		{"300k nested brackets, open", rep("[", 3e5), true},
		{"1M chained assignments", rep("a=", 1e6) + "1", true},
		{"500k nested arrows", rep("x=>", 5e5) + "1", true},
		{"200k nested template substitutions", rep("`${", 2e5), true},
		{"1M do statements", rep("do\n", 1e6), true},
		{"nesting after a long flat prefix", bigArray + ";" + rep("(", 1e5), true},
		{"nesting hidden after a comment", "/* ) ) ) */" + rep("(", 1e5), true},
		{"closers in a string do not cancel openers", rep(`("))))",`, 1e5), true},
		{"closers in a regexp do not cancel openers", rep(`(/\)\)/,`, 1e5), true},
		{"postfix ++ then division", "a++ / 2;" + rep("(", 1e5), true},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := sourceTooDeep(c.src); got != c.deep {
				t.Fatalf("sourceTooDeep = %v, want %v (worst %d MB, open %d MB)", got, c.deep, worstCase(c.src)>>20, openCost(c.src)>>20)
			}
		})
	}
}

func TestJSONDepth(t *testing.T) {
	for _, c := range []struct {
		text string
		want int
	}{
		{``, 0},
		{`1`, 0},
		{`[]`, 1},
		{`{"a":[1,{"b":[]}]}`, 4},
		{`["[[[[", "\"[[["]`, 1},
		{`[[[`, 3},
		{`]]][`, 1},
	} {
		if got := jsonDepth(c.text, 100); got != c.want {
			t.Errorf("jsonDepth(%s) = %d, want %d", c.text, got, c.want)
		}
	}
	if got := jsonDepth(strings.Repeat("[", 1e6), 10); got != 11 {
		t.Errorf("jsonDepth stops at the limit: got %d, want 11", got)
	}
}

// TestNestingCosts checks that the weights of nesting.go bound what goja
// really needs: for each construct, a source nested as deep as the guard
// lets through must parse and compile within stackBudget of Go stack. It
// runs in a child process, because overflowing the stack kills the process.
func TestNestingCosts(t *testing.T) {
	if testing.Short() || racecheck.Enabled {
		t.Skip("parses sources nested ~100,000 deep (~30 s)")
	}
	if unit := os.Getenv("GOJART_NESTING_UNIT"); unit != "" {
		debug.SetMaxStack(stackBudget)
		src := deepestAccepted(unit)
		prg, err := goja.Parse("", src, parser.WithDisableSourceMaps)
		if err == nil {
			_, err = goja.CompileAST(prg, false)
		}
		fmt.Printf("parsed %d bytes (err: %v)\n", len(src), err != nil)
		return
	}
	// Not "x=>" or "{a:": goja parses those in quadratic time, which would
	// take minutes at these depths.
	for _, unit := range []string{"(", "[", "{", "a[", "f(a,", "`${", "a=", "!", "if(1)", "a?b:", "do ", "-(", "[...{x:", "!function(){"} {
		t.Run(unit, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestNestingCosts$", "-test.v")
			cmd.Env = append(os.Environ(), "GOJART_NESTING_UNIT="+unit)
			out, err := cmd.CombinedOutput()
			if err != nil || !strings.Contains(string(out), "parsed ") {
				t.Fatalf("%q nested as deep as the guard allows overflowed %d MB of stack: %v\n%.2000s", unit, stackBudget>>20, err, out)
			}
		})
	}
}

// deepestAccepted repeats unit as often as sourceTooDeep allows.
func deepestAccepted(unit string) string {
	lo, hi := 1, 1<<22
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if sourceTooDeep(strings.Repeat(unit, mid)) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return strings.Repeat(unit, lo)
}

func FuzzOpenCost(f *testing.F) {
	for _, s := range []string{"", "((", "a = [1, {b: (2)}]", "x = /[(]/g; y = `${ {a: 1} }`", "'((' + \"))\"", "/* ( */ // (\n(", "a++ / (b)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		cost := openCost(src)
		if cost < 0 {
			t.Fatalf("negative cost %d", cost)
		}
		// Without strings, templates, comments and regexps every bracket
		// is code, so the estimate must cover the plain bracket depth.
		plain := strings.Map(func(r rune) rune {
			if strings.ContainsRune("'\"`/", r) {
				return -1
			}
			return r
		}, src)
		if depth := bracketDepth(plain); openCost(plain) < depth*weightOpen {
			t.Fatalf("openCost(%q) = %d, below %d brackets deep", plain, openCost(plain), depth)
		}
	})
}

func bracketDepth(s string) int {
	depth, most := 0, 0
	for _, c := range s {
		switch c {
		case '(', '[', '{':
			depth++
			most = max(most, depth)
		case ')', ']', '}':
			depth = max(depth-1, 0)
		}
	}
	return most
}

func FuzzJSONDepth(f *testing.F) {
	for _, s := range []string{`[]`, `{"a":[{"b":"[["}]}`, `"\"["`, `[[1],[2,[3]]]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if !json.Valid([]byte(text)) {
			jsonDepth(text, 50) // must not panic
			return
		}
		dec := json.NewDecoder(strings.NewReader(text))
		depth, most := 0, 0
		for {
			tok, err := dec.Token()
			if err != nil {
				break
			}
			switch tok {
			case json.Delim('['), json.Delim('{'):
				depth++
				most = max(most, depth)
			case json.Delim(']'), json.Delim('}'):
				depth--
			}
		}
		if got := jsonDepth(text, 1<<30); got != most {
			t.Fatalf("jsonDepth(%s) = %d, want %d", text, got, most)
		}
	})
}
