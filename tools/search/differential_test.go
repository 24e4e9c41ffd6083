package search

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/internal/testutil/peer"
)

// The differential tests run search against ripgrep and find against fd
// (and GNU find) on a generated tree and compare what they match. Each is
// skipped only when its peer binary is missing; CI installs ripgrep and
// fd-find.
//
// Deliberate differences, normalised away below:
//   - find takes paths: an existing name ("gen") lists that directory even
//     when ignored, where fd -g would match names; the table uses globs.
//   - node_modules is pruned by the tools, not by rg/fd: their results
//     under node_modules are dropped before comparing.
//   - .git is pruned: the peers run with an exclusion glob for it.
//   - CRLF: a line is matched without its \r, like rg --crlf.
//   - \w, \d, \s, \b and \B are Unicode's in both (TestDifferentialUnicodeVsRipgrep).
//   - Invalid UTF-8 reads as U+FFFD (RE2), which a negated class such as
//     [^\w\s] or \S matches; rg's classes match no invalid byte.
//   - A file starting with a UTF-16 byte order mark is transcoded by rg.

var words = []string{"alpha", "beta", "gamma", "delta", "func", "main", "Context", "ctx", "needle", "hay", "TODO", "fixme", "return", "error", "nil", "x", "  ", "\t", "(", ")", "{", "}", "=", ":=", "café", "naïve", "Kelvin", "\u212Aelvin",
	"ABC1234abc", "xABC1234abc", "AB1234abc", "foo123qq", "baz999qq_", "bar12qq", "func fooZq(", "FUNC barzQ(", "func zq("}

// genTree writes a deterministic pseudo-random tree: nested directories,
// hidden files, nested .gitignore files with negations and anchors, CRLF
// files, binary files, a node_modules directory and a fake .git, which
// makes rg and fd apply the ignore files as in a checkout.
func genTree(t testing.TB, root string) {
	t.Helper()
	r := rand.New(rand.NewSource(7))
	line := func() string {
		n := 1 + r.Intn(8)
		var b strings.Builder
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(words[r.Intn(len(words))])
		}
		return b.String()
	}
	dirs := []string{"", "src", "src/pkg", "src/pkg/deep", "lib", "lib/build", "docs", ".hidden", "gen", "src/gen", "node_modules/dep", "assets"}
	exts := []string{".go", ".txt", ".md", ".log", ".tmp", ".js", ""}
	files := map[string]string{
		".gitignore":                "*.log\n!keep.log\nlib/build/\n/gen/\n# comment\n\n*.tmp\n",
		"src/.gitignore":            "gen/\n!special.tmp\n",
		".git/HEAD":                 "ref: refs/heads/main\n",
		".git/info/exclude":         "excluded.txt\n",
		"keep.log":                  "needle kept\n",
		"excluded.txt":              "needle excluded\n",
		"src/special.tmp":           "needle special\n",
		"assets/bin.dat":            "\x00\x01needle\x02",
		"assets/crlf.txt":           "func main()\r\nneedle\r\nreturn nil\r\n",
		"node_modules/dep/index.js": "needle in node_modules\n",
	}
	for i := 0; i < 110; i++ {
		d := dirs[r.Intn(len(dirs))]
		name := fmt.Sprintf("f%03d%s", i, exts[r.Intn(len(exts))])
		if r.Intn(10) == 0 {
			name = "." + name
		}
		var b strings.Builder
		n := 1 + r.Intn(12)
		for j := 0; j < n; j++ {
			b.WriteString(line())
			b.WriteByte('\n')
		}
		files[filepath.Join(d, name)] = b.String()
	}
	writeFiles(t, root, files)
}

// rgMatches runs rg and returns "path:line" for every matched line.
func rgMatches(t *testing.T, root string, args ...string) []string {
	t.Helper()
	cmd := exec.Command("rg", append([]string{"-n", "--no-heading", "--color=never", "--hidden", "--crlf", "--no-ignore-global", "--no-config", "-g", "!.git/", "--with-filename"}, args...)...)
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 1 {
			return nil // no match
		}
		t.Fatalf("rg %v: %v", args, err)
	}
	var res []string
	for _, l := range strings.Split(strings.TrimRight(string(out), "\n"), "\n") {
		parts := strings.SplitN(l, ":", 3)
		if len(parts) < 3 || strings.HasPrefix(parts[0], "node_modules/") {
			continue
		}
		res = append(res, strings.TrimPrefix(parts[0], "./")+":"+parts[1])
	}
	slices.Sort(res)
	return res
}

// toolMatches pages through search and returns "path:line" for every
// match row. extra is added to every call's arguments (a limit); fresh
// runs each page in a session of its own, so that no cursor helps.
func toolMatches(t *testing.T, root, args, extra string, fresh bool) []string {
	t.Helper()
	env := newEnv(t, root)
	var res []string
	for skip := 0; ; {
		a := strings.TrimSuffix(args, "}") + fmt.Sprintf(`,"skip":%d%s}`, skip, extra)
		if fresh {
			env = newEnv(t, root)
		}
		r := searchResult(t, env, a)
		for _, f := range r.FileMatches {
			if f.Count != len(f.Matches) {
				t.Fatalf("%s: %s has %d matches, %d shown: the generated tree must stay under the per-file cap", args, f.Path, f.Count, len(f.Matches))
			}
			for _, m := range f.Matches {
				res = append(res, f.Path+":"+strconv.Itoa(m.Line))
			}
		}
		if r.CollectionLimitReached {
			t.Fatalf("%s: hit the collection limit", args)
		}
		if r.NextSkip == 0 {
			break
		}
		skip = r.NextSkip
	}
	slices.Sort(res)
	return res
}

func TestDifferentialSearchVsRipgrep(t *testing.T) {
	if _, err := exec.LookPath("rg"); err != nil {
		peer.Missing(t, "rg not installed (apt-get install ripgrep)")
	}
	root := t.TempDir()
	genTree(t, root)
	cases := []struct {
		args   string   // search arguments
		rgArgs []string // the same search for rg
	}{
		{`{"pattern":"needle"}`, []string{"needle"}},
		{`{"pattern":"func main"}`, []string{"func main"}},
		{`{"pattern":"func main","i":true}`, []string{"-i", "func main"}},
		{`{"pattern":"kelvin","i":true}`, []string{"-i", "kelvin"}},
		{`{"pattern":"(?i)CAFÉ"}`, []string{"(?i)CAFÉ"}},
		{`{"pattern":"ctx [a-zA-Z(]+ "}`, []string{"ctx [a-zA-Z(]+ "}},
		{`{"pattern":"^alpha"}`, []string{"^alpha"}},
		{`{"pattern":"nil$"}`, []string{"nil$"}},
		{`{"pattern":"TODO|fixme"}`, []string{"TODO|fixme"}},
		{`{"pattern":"(beta|gamma) delta"}`, []string{"(beta|gamma) delta"}},
		{`{"pattern":"nil x|x nil"}`, []string{"nil x|x nil"}},
		{`{"pattern":"main\\(\\)$"}`, []string{"main\\(\\)$"}},
		{`{"pattern":"\\t"}`, []string{"\\t"}},
		{`{"pattern":"e.*a.*e"}`, []string{"e.*a.*e"}},
		{`{"pattern":"[{}]"}`, []string{"[{}]"}},
		{`{"pattern":"^$"}`, []string{"^$"}},
		{`{"pattern":"zzz_nomatch"}`, []string{"zzz_nomatch"}},
		{`{"pattern":"needle","gitignore":false}`, []string{"--no-ignore", "needle"}},
		{`{"pattern":"needle","hidden":false}`, []string{"--no-hidden", "needle"}},
		{`{"pattern":"needle","paths":"src"}`, []string{"needle", "src"}},
		{`{"pattern":"needle","paths":"*.go"}`, []string{"-g", "*.go", "needle"}},
		// The pattern classes of issue 14: a weak literal (prefilter on the
		// rarest one, DFA to verify), no literal at all (DFA only), an
		// alternation, and DFA-only patterns on non-ASCII and CRLF lines.
		{`{"pattern":"func \\w+Zq\\(","i":true}`, []string{"-i", `func \w+Zq\(`}},
		{`{"pattern":"\\b[A-Z]{3}[0-9]{4}[a-z]{3}\\b"}`, []string{`\b[A-Z]{3}[0-9]{4}[a-z]{3}\b`}},
		{`{"pattern":"\\b(foo|bar|baz)[0-9]{3}qq\\b"}`, []string{`\b(foo|bar|baz)[0-9]{3}qq\b`}},
		{`{"pattern":"[0-9]{2}[a-z]"}`, []string{`[0-9]{2}[a-z]`}},
		{`{"pattern":"^.{5}$"}`, []string{`^.{5}$`}},
		{`{"pattern":"^[^ ]+ [^ ]+$"}`, []string{`^[^ ]+ [^ ]+$`}},
		{`{"pattern":"[a-z]\\($"}`, []string{`[a-z]\($`}},
		{`{"pattern":"^[a-z]+ [a-z]+$","i":true}`, []string{"-i", `^[a-z]+ [a-z]+$`}},
		{`{"pattern":"main\\(\\)\\r?\\nneedle"}`, []string{"-U", "main\\(\\)\\r?\\nneedle"}},
	}
	// Every way to page must reach what rg prints: pages of 20 files
	// resumed by the session's cursor or searched afresh, every match in
	// one call (limit 0), and pages of at most 7 matches.
	modes := []struct {
		name, extra string
		fresh       bool
	}{{"pages", "", false}, {"pages without cursor", "", true}, {"limit 0", `,"limit":0`, false}, {"limit 7", `,"limit":7`, false}, {"limit 7 without cursor", `,"limit":7`, true}}
	for _, c := range cases {
		want := rgMatches(t, root, c.rgArgs...)
		for _, mode := range modes {
			got := toolMatches(t, root, c.args, mode.extra, mode.fresh)
			if !slices.Equal(got, want) {
				t.Errorf("%s (%s) vs rg %q:\n only search: %v\n only rg:     %v", c.args, mode.name, c.rgArgs, minus(got, want), minus(want, got))
			}
		}
		t.Logf("%s: %d matching lines", c.args, len(want))
	}
}

// toolFind runs find and returns its files (workspace-relative).
func toolFind(t *testing.T, root, args string) []string {
	t.Helper()
	res, text := call(t, Find(), newEnv(t, root), args)
	if strings.HasPrefix(text, "ERROR") {
		t.Fatal(text)
	}
	r := res.Structured.(*FindResult)
	if r.Truncated {
		t.Fatalf("%s: truncated", args)
	}
	return r.Files
}

func peerFiles(t *testing.T, root, name string, args ...string) []string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	var res []string
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		l = strings.TrimPrefix(l, "./")
		if l == "" || strings.HasPrefix(l, "node_modules") || l == "." {
			continue
		}
		if fi, err := os.Lstat(filepath.Join(root, l)); err == nil && fi.IsDir() && !strings.HasSuffix(l, "/") {
			l += "/"
		}
		res = append(res, l)
	}
	slices.Sort(res)
	return res
}

func TestDifferentialFindVsFd(t *testing.T) {
	fd, err := exec.LookPath("fdfind")
	if err != nil {
		if fd, err = exec.LookPath("fd"); err != nil {
			peer.Missing(t, "fd not installed (apt-get install fd-find)")
		}
	}
	root := t.TempDir()
	genTree(t, root)
	os.Symlink("src", filepath.Join(root, "srclink"))
	for _, pat := range []string{"*.go", "*.log", "f0*", "*.tmp", "[d]eep", "*", ".*", "f0[0-4]?.txt", "*.{go,md}", "**/*.go", "**/f0*"} {
		got := toolFind(t, root, fmt.Sprintf(`{"paths":%q,"limit":10000}`, pat))
		want := peerFiles(t, root, fd, "-g", "-s", "--hidden", "-E", ".git", pat)
		t.Logf("%s: %d paths", pat, len(got))
		if !slices.Equal(got, want) {
			t.Errorf("find %q vs fd:\n only find: %v\n only fd:   %v", pat, minus(got, want), minus(want, got))
		}
	}
	// Without gitignore, compare with GNU find (which knows no ignore files).
	if _, err := exec.LookPath("find"); err == nil {
		got := toolFind(t, root, `{"paths":"*.log","gitignore":false,"limit":10000}`)
		want := peerFiles(t, root, "find", ".", "-name", ".git", "-prune", "-o", "-name", "node_modules", "-prune", "-o", "-name", "*.log", "-print")
		if !slices.Equal(got, want) {
			t.Errorf("find *.log gitignore:false vs find:\n only find: %v\n only GNU find: %v", minus(got, want), minus(want, got))
		}
	}
}

func minus(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

// TestDifferentialUnicodeVsRipgrep: \w, \d, \s, \b and \B are Unicode's,
// as in rg, on text in other scripts: letters with combining marks,
// digits of other scripts, Unicode spaces, connectors, circled letters
// (Alphabetic but not letters), joiners.
func TestDifferentialUnicodeVsRipgrep(t *testing.T) {
	if _, err := exec.LookPath("rg"); err != nil {
		peer.Missing(t, "rg not installed (apt-get install ripgrep)")
	}
	root := t.TempDir()
	pieces := []string{"café", "naïve", "cafe\u0301", "κόσμε", "Σίσυφος", "мир", "日本語", "テキスト", "٣٤٥", "४२", "12", "x_y",
		"a\u203Fb", "Ⓐⓑ", "a\u200Db", "\u00A0", "\u3000", "\u2003", "\t", " ", "-", "(", "é1", "ǅx", "Ⅻ", "ſ", "\u212A", "straße", "ÄÖÜ"}
	r := rand.New(rand.NewSource(34))
	files := map[string]string{}
	for i := 0; i < 40; i++ {
		var b strings.Builder
		for j := 0; j < 30; j++ {
			for k := 0; k < 1+r.Intn(6); k++ {
				b.WriteString(pieces[r.Intn(len(pieces))])
				if r.Intn(3) > 0 {
					b.WriteByte(' ')
				}
			}
			b.WriteByte('\n')
		}
		files[fmt.Sprintf("u%02d.txt", i)] = b.String()
	}
	writeFiles(t, root, files)
	for _, p := range []string{
		`\w+`, `^\w+$`, `\w{3}\s\w{3}`, `\bκόσμε\b`, `\bcaf`, `é\b`, `e\B`, `\Bé`, `\d+`, `^\d`, `\D\d\D`, `\s\S`, `\S+\s+\S+$`,
		`[\w]+-`, `[^\w\s]`, `[\d]{2}`, `\W\w`, `\b\w`, `\w\b`, `x\b`, `\bb\b`, `(?i)\bσ`, `(?i)\w+SSE`, `\p{Greek}+\b`,
		`[\s]{2}`, `\b[A-Z]`, `a\w+b`, `\w*\d\w*`,
	} {
		want := rgMatches(t, root, "-e", p)
		got := toolMatches(t, root, fmt.Sprintf(`{"pattern":%q}`, p), `,"limit":0`, false)
		if !slices.Equal(got, want) {
			t.Errorf("%q vs rg: %d lines vs %d\n only search: %v\n only rg:     %v", p, len(got), len(want), minus(got, want), minus(want, got))
		}
	}
}
