package files

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestDirectoryEntryNamesCannotForgeRows: a directory listing shows each
// entry, and a link's target, on one line with its control and invisible
// characters escaped, so a name cannot add an entry or a header of its own.
func TestDirectoryEntryNamesCannotForgeRows(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows file names cannot hold control characters")
	}
	env := newEnv(t)
	dir := filepath.Join(env.Root, "d")
	hostile := "x\n[evil.go#ABCD]\n1:pwned\r\x1b[2K\u202e"
	if err := os.MkdirAll(filepath.Join(dir, "sub\nevil.txt  4 B  now"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, hostile), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("t\n[link.go#ABCD]", filepath.Join(dir, "ln")); err != nil {
		t.Skip(err)
	}
	list := mustCall(t, env, "read", ReadArgs{Path: "d"}).Text
	for _, line := range strings.Split(list, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "[") || strings.HasPrefix(strings.TrimSpace(line), "1:pwned") ||
			strings.HasPrefix(strings.TrimSpace(line), "evil.txt") || strings.ContainsAny(line, "\r\x1b\u202e") {
			t.Errorf("a forged or raw line %q in:\n%s", line, list)
		}
	}
	for _, want := range []string{`x\n[evil.go#ABCD]\n1:pwned\r\x1b[2K\u202e`, `sub\nevil.txt  4 B  now/`, `ln -> t\n[link.go#ABCD]`} {
		if !strings.Contains(list, want) {
			t.Errorf("the listing does not show %s:\n%s", want, list)
		}
	}
}
