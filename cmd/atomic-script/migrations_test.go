package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMigrations runs each example migration's own test
// (scripts/migrations/NAME/NAME_test.txtar): a repository generated in the
// test, the migration run on it, its result checked, and a second run that
// must change nothing. $MIGRATIONS is the scripts/migrations directory.
func TestMigrations(t *testing.T) {
	files, err := filepath.Glob("../../scripts/migrations/*/*_test.txtar")
	if err != nil || len(files) < 3 {
		t.Fatalf("want the tests of at least three migrations in scripts/migrations, found %v (%v)", files, err)
	}
	dir, err := filepath.Abs("../../scripts/migrations")
	if err != nil {
		t.Fatal(err)
	}
	// The migrations build Go code: share the host's build cache so the
	// standard library is not compiled again for every script.
	gocache, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		t.Skipf("no go command: %v", err)
	}
	p := scriptParams("")
	p.Files = files
	setup := p.Setup
	p.Setup = func(env *testscript.Env) error {
		env.Setenv("MIGRATIONS", dir)
		env.Setenv("GOCACHE", strings.TrimSpace(string(gocache)))
		env.Setenv("GOFLAGS", "-buildvcs=false")
		env.Setenv("GIT_AUTHOR_NAME", "test")
		env.Setenv("GIT_AUTHOR_EMAIL", "test@example.com")
		env.Setenv("GIT_COMMITTER_NAME", "test")
		env.Setenv("GIT_COMMITTER_EMAIL", "test@example.com")
		env.Setenv("GIT_CONFIG_NOSYSTEM", "1")
		return setup(env)
	}
	testscript.Run(t, p)
}
