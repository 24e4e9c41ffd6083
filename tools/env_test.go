package tools_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/tools"
)

type closeCounter struct{ closed int }

func (c *closeCounter) Close() error { c.closed++; return nil }

// TestSessionStateAfterClose: state made after Close is closed at once, and
// state made before is closed exactly once by Close.
func TestSessionStateAfterClose(t *testing.T) {
	type key struct{}
	type late struct{}
	s := tools.NewSession("s")
	before := s.State(key{}, func() any { return &closeCounter{} }).(*closeCounter)
	if s.State(key{}, func() any { t.Fatal("init ran twice"); return nil }) != before {
		t.Fatal("State did not keep the value")
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	after := s.State(late{}, func() any { return &closeCounter{} }).(*closeCounter)
	if before.closed != 1 || after.closed != 1 {
		t.Fatalf("closed before=%d after=%d, want 1 and 1", before.closed, after.closed)
	}
}

// TestDisplayFastPath: the shortcut for paths under the root says what
// filepath.Rel would.
func TestDisplayFastPath(t *testing.T) {
	for _, root := range []string{"/w", "/w/x", "/", "/w/"} {
		e := &tools.Env{Root: root}
		for _, abs := range []string{"/w", "/w/a", "/w/a/b.go", "/w//a", "/w/./a", "/w/../a", "/wx/a", "/w/a/", "/w/x/y", "/w/x/../y", "/other/a", "/w/..a"} {
			var want string
			if rel, err := filepath.Rel(root, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, "../") {
				want = filepath.ToSlash(rel)
			} else {
				want = filepath.ToSlash(abs)
			}
			if got := e.Display(abs); got != want {
				t.Errorf("root %q: Display(%q) = %q, want %q", root, abs, got, want)
			}
		}
	}
}
