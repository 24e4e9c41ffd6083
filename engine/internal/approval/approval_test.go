package approval

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func mustCommands(t *testing.T, pats ...string) []*CommandPattern {
	t.Helper()
	var out []*CommandPattern
	for _, p := range pats {
		cp, err := ParseCommand(p)
		if err != nil {
			t.Fatalf("ParseCommand(%q): %v", p, err)
		}
		out = append(out, cp)
	}
	return out
}

func TestCovered(t *testing.T) {
	allow := mustCommands(t, "go build *", "go test *", "git status", "cd *", "grep -r TODO* *", "echo 'a*'", "ls ./*.go")
	for _, c := range []struct {
		cmd  string
		want bool
	}{
		{"go test ./...", true},
		{"go test", true}, // * matches no words too
		{"go  test   -run  'TestX'  ./pkg", true},
		{"go build ./... && go test ./...", true},
		{"cd sub && go test ./...", true},
		{"go test ./... 2>&1", true},
		{"go test ./... >/dev/null 2>&1", true},
		{"go test ./... | go test x", true},
		{"git status", true},
		{"git status --porcelain", false}, // no * in the pattern: exact words
		{"git  'status'", true},
		{"git stat\\us", true},
		{"git push", false},
		{"go test ./... && rm -rf /", false},
		{"go test ./...; rm -rf /", false},
		{"go test ./... || rm -rf /", false},
		{"go test ./... | sh", false},
		{"go test $(rm -rf /)", false},
		{"go test `rm -rf /`", false},
		{"go test \"$(rm -rf /)\"", false},
		{"go test $PKG", false},
		{"go test ${PKG:-$(id)}", false},
		{"go test <(rm -rf /)", false},
		{"GOFLAGS=-toolexec=evil go test ./...", false},
		{"go test ./... > out.txt", false},
		{"go test ./... >> out.txt", false},
		{"go test ./... < /etc/passwd", false},
		{"go test ./... &", false},
		{"! go test ./...", false},
		{"(go test ./...)", false},
		{"{ go test ./...; }", false},
		{"if true; then go test; fi", false},
		{"for i in 1; do go test; done", false},
		{"f() { rm -rf /; }; f", false},
		{"go test ./... <<EOF\nx\nEOF", false},
		{"eval 'go test'", false},
		{"", false},
		{"go test 'unterminated", false},
		// A word the shell still expands is matched only by a * word.
		{"go test *", true},
		{"ls *.go", false},
		{"ls ./*.go", false},
		{"ls './*.go'", true},
		{"grep -r TODO src", true},
		{"grep -r TODOs src", true},
		{"grep -r XTODO src", false},
		{"go{,} test", false},
		{"echo 'a*'", true}, // a quoted * in a pattern is itself
		{"echo ab", false},
		{"~/bin/go test", false},
	} {
		if got := covered(c.cmd, allow); got != c.want {
			t.Errorf("Covered(%q) = %v, want %v", c.cmd, got, c.want)
		}
	}
	if covered("go test", nil) {
		t.Error("no patterns cover nothing")
	}
}

func TestParseCommandRefuses(t *testing.T) {
	for _, p := range []string{"", "go test; rm", "go test && x", "go test | x", "go $X", "X=1 go", "go > f", "(go)", "go 'a"} {
		if _, err := ParseCommand(p); err == nil {
			t.Errorf("ParseCommand(%q) accepted it", p)
		}
	}
	if _, err := ParseCommand("go test; rm"); err == nil || !strings.Contains(err.Error(), `such as "go test *"`) {
		t.Errorf("error does not say what a pattern looks like: %v", err)
	}
}

func TestDenied(t *testing.T) {
	deny := mustCommands(t, "rm *", "git push *")
	for _, c := range []struct {
		cmd  string
		want string
	}{
		{"rm -rf build", "rm *"},
		{"go test && rm x", "rm *"},
		{"(cd x; rm y)", "rm *"},
		{"echo $(rm -rf /)", "rm *"},
		{"if true; then git push origin; fi", "git push *"},
		{"git status", ""},
		{"rmdir x", ""},
	} {
		got := ""
		if p := Denied(c.cmd, deny); p != nil {
			got = p.Source
		}
		if got != c.want {
			t.Errorf("Denied(%q) = %q, want %q", c.cmd, got, c.want)
		}
	}
}

func TestSuggest(t *testing.T) {
	for _, c := range []struct {
		cmd  string
		want string
	}{
		{"go test ./...", "go test *"},
		{"ls -la", "ls *"},
		{"./build.sh release", "./build.sh *"},
		{"echo one", "echo *"},
		{"make test", "make test *"},
		{"git commit -m x", "git commit *"},
		{"go build ./... && go test ./... && go build x", "go build *|go test *"},
		{"npm run lint", "npm run *"},
		{"'my tool' x", "'my tool' *"},
		{"go test $(x)", ""},
		{"make", "make *"},
	} {
		if got := strings.Join(Suggest(c.cmd), "|"); got != c.want {
			t.Errorf("Suggest(%q) = %q, want %q", c.cmd, got, c.want)
		}
		// A suggestion covers the command it was made from.
		if s := Suggest(c.cmd); s != nil && !covered(c.cmd, mustCommands(t, s...)) {
			t.Errorf("Suggest(%q) = %q does not cover it", c.cmd, s)
		}
	}
}

func TestPathPatterns(t *testing.T) {
	root := "/ws"
	for _, c := range []struct {
		pat, path string
		want      bool
	}{
		{"src/**", "/ws/src/a.go", true},
		{"src/**", "/ws/src/x/y/z.go", true},
		{"./src/**", "/ws/src/a.go", true},
		{"src/**", "/ws/srcx/a.go", false},
		{"src/**", "/ws/other/src/a.go", false},
		{"src/**", "/elsewhere/src/a.go", false},
		{"**/*.go", "/ws/a/b.go", true},
		{"**/*.go", "/ws/b.go", true},
		{"*.md", "/ws/docs/a.md", false},
		{"docs/{a,b}.md", "/ws/docs/b.md", true},
		{"/tmp/**", "/tmp/x/y", true},
		{"/tmp/**", "/ws/tmp/x", false},
		{"**", "/ws/../etc/passwd", false},
	} {
		p, err := ParsePath(c.pat)
		if err != nil {
			t.Fatalf("ParsePath(%q): %v", c.pat, err)
		}
		if got := p.Match(root, filepath.Clean(c.path)); got != c.want {
			t.Errorf("%q matches %q = %v, want %v", c.pat, c.path, got, c.want)
		}
	}
	for _, bad := range []string{"", "src/[", "{a,b"} {
		if _, err := ParsePath(bad); err == nil {
			t.Errorf("ParsePath(%q) accepted it", bad)
		}
	}
}

func TestSuggestPath(t *testing.T) {
	for _, c := range []struct{ path, want string }{
		{"/ws/src/pkg/a.go", "src/pkg/**"},
		{"/ws/main.go", "main.go"},
		{"/ws/x[1]/a.go", `x\[1\]/**`},
		{"/tmp/a.txt", "/tmp/a.txt"},
	} {
		got := SuggestPath("/ws", c.path)
		if bracketEscapes { // Windows
			c.want = strings.NewReplacer(`\[`, "[[]", `\]`, "]").Replace(c.want)
		}
		if got != c.want {
			t.Errorf("SuggestPath(%q) = %q, want %q", c.path, got, c.want)
		}
		p, err := ParsePath(got)
		if err != nil || !p.Match("/ws", c.path) {
			t.Errorf("suggestion %q does not match %q (%v)", got, c.path, err)
		}
	}
}

// A link inside the workspace that points out of it is judged by where a
// write lands, not by its name.
func TestRealPathFollowsLinks(t *testing.T) {
	ws := t.TempDir()
	out := t.TempDir()
	if err := os.MkdirAll(filepath.Join(ws, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(out, filepath.Join(ws, "src", "escape")); err != nil {
		t.Fatal(err)
	}
	root := RealPath(ws)
	p, _ := ParsePath("src/**")
	if !p.Match(root, RealPath(filepath.Join(ws, "src", "new", "file.go"))) {
		t.Error("a new file under src is not matched")
	}
	if p.Match(root, RealPath(filepath.Join(ws, "src", "escape", "x", "file.go"))) {
		t.Error("a write through a link out of the workspace matched src/**")
	}
	if got, want := RealPath(filepath.Join(ws, "src", "escape", "a")), filepath.Join(RealPath(out), "a"); got != want {
		t.Errorf("RealPath = %q, want %q", got, want)
	}
}

func FuzzCommand(f *testing.F) {
	for _, s := range []string{"go test ./...", "a && b | c", "x $(y) `z`", "f() { a; }", "echo 'a' \"b\" c\\ d", "go test *", "{a,b} ~/x [a]*"} {
		f.Add(s, "go test *")
	}
	f.Add("\x10", "0")  // a control character cannot be named by a pattern
	f.Add("** 0*", "*") // a glob program name, covered by the lone *
	f.Fuzz(func(t *testing.T, cmd, pat string) {
		p, err := ParseCommand(pat)
		var pats []*CommandPattern
		if err == nil {
			pats = []*CommandPattern{p}
		}
		isCovered := covered(cmd, pats)
		if isCovered && Denied(cmd, pats) == nil {
			// What is covered is plain commands, each matched as written.
			t.Fatalf("Covered(%q) by %q, but Denied by it does not match", cmd, pat)
		}
		if s := Suggest(cmd); s != nil && !covered(cmd, mustCommands(t, s...)) {
			t.Fatalf("Suggest(%q) = %q does not cover it", cmd, s)
		}
	})
}

func FuzzPath(f *testing.F) {
	for _, s := range []string{"src/**", "**/*.go", "/tmp/**", "a/{b,c}/[d-f]*", "x\\*"} {
		f.Add(s, "src/a/b.go")
	}
	f.Add("0", " ") // a name of one space
	f.Fuzz(func(t *testing.T, pat, rel string) {
		if strings.ContainsRune(rel, 0) {
			return
		}
		real := filepath.Join("/ws", rel)
		if p, err := ParsePath(pat); err == nil {
			p.Match("/ws", real)
		}
		suggestionsMatch(t, real)
	})
}

// BenchmarkCovered is the cost an allow list adds to one bash call.
func BenchmarkCovered(b *testing.B) {
	allow := []*CommandPattern{}
	for _, p := range []string{"go build *", "go test *", "go vet *", "git status", "git diff *", "npm run *", "make *"} {
		cp, err := ParseCommand(p)
		if err != nil {
			b.Fatal(err)
		}
		allow = append(allow, cp)
	}
	for b.Loop() {
		if !covered("go vet ./... && go test -run 'TestX' ./internal/... 2>&1", allow) {
			b.Fatal("not covered")
		}
	}
}

// covered is Covered's answer without its reason.
func covered(cmd string, allow []*CommandPattern) bool {
	ok, _ := Covered(cmd, allow)
	return ok
}
