package approval

import (
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// withFolding runs the test with the name comparison of another system's
// default file system (fold_*.go pick the real one per GOOS).
func withFolding(t *testing.T, f folding) {
	t.Helper()
	saved := sysFold
	sysFold = f
	t.Cleanup(func() { sysFold = saved })
}

var (
	apfs     = apfsFolding
	ntfs     = ntfsFolding
	byteWise = folding{}
)

// On APFS and NTFS "Secrets/key" is the file "secrets/key": a deny rule
// must match every spelling the file system opens as the same file, and
// an allow rule the spellings of the files it names (and no other file).
func TestPathPatternsFoldLikeTheFileSystem(t *testing.T) {
	root := "/Users/al/ws"
	for _, c := range []struct {
		sys       string
		fold      folding
		pat, path string
		want      bool
	}{
		{"apfs", apfs, "secrets/**", "/Users/al/ws/Secrets/key", true},
		{"apfs", apfs, "secrets/**", "/Users/al/ws/SECRETS/a/b", true},
		{"apfs", apfs, "Secrets/**", "/Users/al/ws/secrets/key", true},
		{"apfs", apfs, "docs/*.md", "/Users/al/ws/Docs/README.MD", true},
		{"apfs", apfs, "josé/**", "/Users/al/ws/Jose\u0301/x", true}, // NFD spelling
		{"apfs", apfs, "straße/*", "/Users/al/ws/STRASSE/x", true},
		{"apfs", apfs, "secrets/**", "/users/AL/WS/secrets/key", true}, // the root in another case
		{"apfs", apfs, "/etc/**", "/ETC/passwd", true},
		{"apfs", apfs, "secrets/**", "/Users/al/ws/secrets./key", false}, // a different name on APFS
		{"apfs", apfs, "secrets/**", "/Users/al/ws/secretsx/key", false},
		{"apfs", apfs, "secrets/**", "/Users/al/other/secrets/key", false},
		{"ntfs", ntfs, "secrets/**", "/Users/al/ws/Secrets/key", true},
		{"ntfs", ntfs, "secrets/**", "/Users/al/ws/secrets./key", true}, // Windows drops trailing dots
		{"ntfs", ntfs, "secrets/**", "/Users/al/ws/secrets /key", true}, // and spaces
		{"ntfs", ntfs, "secrets/**", "/Users/al/ws/secrets::$INDEX_ALLOCATION/key", true},
		{"ntfs", ntfs, ".env", "/Users/al/ws/.ENV:hidden", true}, // a stream of .env
		{"ntfs", ntfs, "docs/*.md", "/Users/al/ws/DOCS/A.Md", true},
		{"ntfs", ntfs, "secrets/**", "/USERS/al/Ws/Secrets/key", true},
		{"ntfs", ntfs, "josé/**", "/Users/al/ws/Jose\u0301/x", false}, // NTFS does not normalise
		{"ntfs", ntfs, "secrets/**", "/Users/al/ws/secretsx/key", false},
		{"bytes", byteWise, "secrets/**", "/Users/al/ws/Secrets/key", false}, // Linux: another file
		{"bytes", byteWise, "secrets/**", "/Users/al/ws/secrets/key", true},
	} {
		withFolding(t, c.fold)
		p, err := ParsePath(c.pat)
		if err != nil {
			t.Fatalf("ParsePath(%q): %v", c.pat, err)
		}
		if got := p.Match(root, c.path); got != c.want {
			t.Errorf("%s: %q matches %q = %v, want %v", c.sys, c.pat, c.path, got, c.want)
		}
	}
}

// withEscapes runs the test with escapeGlob's Windows form (classes) or
// its POSIX form (backslashes).
func withEscapes(t *testing.T, brackets bool) {
	t.Helper()
	saved := bracketEscapes
	bracketEscapes = brackets
	t.Cleanup(func() { bracketEscapes = saved })
}

// suggestionsMatch checks that the "always" suggestion for real parses
// and matches real under every system's folding and escapes.
func suggestionsMatch(t *testing.T, real string) {
	t.Helper()
	for _, f := range []struct {
		sys  string
		fold folding
	}{{"bytes", byteWise}, {"apfs", apfs}, {"ntfs", ntfs}} {
		for _, brackets := range []bool{false, true} {
			if brackets && strings.ContainsRune(real, '\\') {
				continue // a Windows name holds no backslash
			}
			if !brackets && filepath.Separator == '\\' {
				continue // a backslash escape is a separator on Windows
			}
			if f.fold.name != nil && !utf8.ValidString(real) {
				continue // APFS and NTFS names are Unicode
			}
			if f.sys == "ntfs" && strings.ContainsRune(real, ':') {
				// No NTFS name holds a colon: "a:x" is stream x of a, which
				// a rule for a covers; a suggestion "a:x" matches nothing
				// (the next write asks again).
				continue
			}
			withFolding(t, f.fold)
			withEscapes(t, brackets)
			s := SuggestPath("/ws", real)
			p, err := ParsePath(s)
			if err != nil {
				t.Fatalf("%s, brackets %v: SuggestPath(%q) = %q does not parse: %v", f.sys, brackets, real, s, err)
			}
			if !p.Match("/ws", real) {
				t.Fatalf("%s, brackets %v: SuggestPath(%q) = %q does not match it", f.sys, brackets, real, s)
			}
		}
	}
}

// The suggestion for a name with glob metacharacters, spaces or dots
// matches it on every system; on Windows it holds no backslash, which
// ParsePath would read as a separator.
func TestSuggestPathEverySystem(t *testing.T) {
	for _, name := range []string{"x[1]", "a*b", "{c,d}", "q?", "]", " ", "trail.", "Ünï", `back\slash`} {
		suggestionsMatch(t, "/ws/"+name+"/f.go")
		suggestionsMatch(t, "/ws/"+name)
	}
	withEscapes(t, true)
	if s := SuggestPath("/ws", "/ws/x[1]/a.go"); s != "x[[]1]/**" {
		t.Errorf("Windows suggestion %q, want x[[]1]/**", s)
	}
}

// A deny rule folds as the protected paths do, whatever the system: every
// spelling some file system opens as the denied file is refused, and only
// those.
func TestDenyPatternsFoldEverySpelling(t *testing.T) {
	root := "/ws"
	for _, f := range []folding{byteWise, apfs, ntfs} {
		withFolding(t, f)
		for _, c := range []struct {
			pat, path string
			want      bool
		}{
			{"**/*.pem", "/ws/KEY.PEM", true},
			{"**/*.pem", "/ws/a/Server.Pem", true},
			{".env", "/ws/.ENV", true},
			{".env", "/ws/.env.", true},
			{".env", "/ws/.env::$DATA", true},
			{".env", "/ws/.e\u200cnv", true},
			{"secrets/**", "/WS/Secrets/k", true},
			{"josé/*", "/ws/JOSE\u0301/x", true},
			{"{a:b,c}.txt", "/ws/C.TXT", true},
			{"[A-C]*.key", "/ws/b1.KEY", true},
			{"**/*.pem", "/ws/key.pe", false},
			{".env", "/ws/.envx", false},
			{"secrets/**", "/other/secrets/k", false},
		} {
			p, err := ParseDenyPath(c.pat)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Match(root, c.path); got != c.want {
				t.Errorf("deny %q matches %q = %v, want %v", c.pat, c.path, got, c.want)
			}
		}
	}
}
