package archtest

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// startsProgram matches the calls that start a program.
var startsProgram = regexp.MustCompile(`\bexec\.Command(Context)?\(|\bos\.StartProcess\(|\bsyscall\.(Exec|ForkExec|StartProcess)\(|\bunix\.Exec\(`)

// TestExecSitesDocumented: every source file of the engine that starts a
// program is named in docs/security.md's list of the programs the engine
// runs, so the list stays the audit it claims to be. Tests, test utilities
// and the benchmark tools are not the engine.
func TestExecSitesDocumented(t *testing.T) {
	root := filepath.Join("..", "..")
	doc, err := os.ReadFile(filepath.Join(root, "docs", "security.md"))
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") && rel != "." || rel == "bench" || rel == "internal/testutil" || d.Name() == "testdata" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if startsProgram.Match(src) {
			found++
			if !strings.Contains(string(doc), "`"+rel+"`") {
				t.Errorf("%s starts a program but docs/security.md (Programs the engine runs) does not list it", rel)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 4 {
		t.Fatalf("found only %d files that start programs: the scan is broken", found)
	}
}
