// Package peer is how a test treats a missing test peer (node, rg, fd,
// tsc...): skipped on a developer's machine, a failure where .ci/run has
// installed the peers and says so ($ATOMIC_TEST_PEERS=required), so CI
// cannot pass by skipping the test that compares against one.
package peer

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Required reports whether the peers must be present (.ci/run sets it).
func Required() bool { return os.Getenv("ATOMIC_TEST_PEERS") == "required" }

// Missing ends the test for a missing peer: it fails when peers are
// required, else it skips with the same message.
func Missing(t testing.TB, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if Required() {
		t.Fatal(msg + " ($ATOMIC_TEST_PEERS=required)")
	}
	t.Skip(msg)
}

// Program finds a test peer program: the one $env names, else the copy
// .ci/run installs at ciPath (relative to the module root), else name on
// PATH. A missing one ends the test through Missing, so where .ci/run
// requires the peers it fails.
func Program(t testing.TB, name, env, ciPath string) string {
	t.Helper()
	if p := os.Getenv(env); p != "" {
		return p
	}
	if root := moduleRoot(); root != "" {
		if p := filepath.Join(root, filepath.FromSlash(ciPath)); isExecutable(p) {
			return p
		}
	}
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	Missing(t, "%s not found: .ci/run installs it into %s (or set $%s)", name, ciPath, env)
	return ""
}

// moduleRoot is the directory of the go.mod above the working directory.
func moduleRoot() string {
	dir, err := os.Getwd()
	for err == nil {
		if _, e := os.Stat(filepath.Join(dir, "go.mod")); e == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
	return ""
}

func isExecutable(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0
}
