// Package archtest enforces the import directions of DESIGN.md with
// `go list -deps`.
package archtest

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/atomic-script/atomic-script"

type pkg struct {
	ImportPath string
	Deps       []string
	Standard   bool
}

// listDeps returns every package of the module with its transitive
// dependencies.
func listDeps(t *testing.T) []pkg {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps=false", "-json", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []pkg
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p pkg
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

func isStd(path string) bool {
	first := strings.SplitN(path, "/", 2)[0]
	return !strings.Contains(first, ".")
}

func within(path, prefix string) bool {
	return path == prefix || strings.HasPrefix(path, prefix+"/")
}

func TestImportDirections(t *testing.T) {
	jsEngines := []string{"modernc.org/quickjs", "modernc.org/libquickjs", "github.com/dop251/goja", "github.com/dop251/goja_nodejs"}
	rules := []struct {
		pkgPrefix string
		exact     bool
		allowed   func(dep string) bool
		why       string
	}{
		{module + "/hashline", true, func(d string) bool {
			return isStd(d) || within(d, module+"/hashline") || d == "github.com/OneOfOne/xxhash"
		}, "hashline imports only the standard library and its hash (parsers live in hashline/blocks)"},
		{module + "/tools", false, func(d string) bool {
			if within(d, module+"/runtime") || within(d, module+"/bindings") || within(d, module+"/engine") {
				return false
			}
			for _, e := range jsEngines {
				if within(d, e) {
					return false
				}
			}
			return true
		}, "tools never import runtime, bindings, the engine or a JS engine: every tool is plain Go"},
		{module + "/runtime", false, func(d string) bool {
			return !within(d, module+"/tools") && !within(d, module+"/bindings") && !within(d, module+"/engine")
		}, "runtime knows nothing of tools"},
		{module + "/bindings", false, func(d string) bool {
			return !within(d, module+"/engine") && !within(d, module+"/internal/cli")
		}, "bindings sit below the engine"},
		{module + "/engine", false, func(d string) bool {
			return !within(d, module+"/internal/cli") && !within(d, module+"/internal/mcpserver")
		}, "the engine does not depend on its front ends"},
	}
	pkgs := listDeps(t)
	if len(pkgs) < 5 {
		t.Fatalf("go list found only %d packages", len(pkgs))
	}
	for _, p := range pkgs {
		for _, r := range rules {
			if p.ImportPath != r.pkgPrefix && (r.exact || !within(p.ImportPath, r.pkgPrefix)) {
				continue
			}
			// Tests of tools may build engines; the rule is about the
			// package itself.
			for _, d := range deps(t, p.ImportPath) {
				if !r.allowed(d) {
					t.Errorf("%s imports %s: %s", p.ImportPath, d, r.why)
				}
			}
		}
	}
}

// deps returns the transitive non-test imports of one package.
func deps(t *testing.T, path string) []string {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", path).Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v", path, err)
	}
	var ds []string
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if l != "" && l != path {
			ds = append(ds, l)
		}
	}
	return ds
}

// TestPublicSurface: every package outside internal/ is one of the public
// ones or documents that it is unstable.
func TestPublicSurface(t *testing.T) {
	public := []string{"engine", "tools", "hashline", "models"}
	unstable := []string{"runtime", "bindings", "cmd", "bench"}
	for _, p := range listDeps(t) {
		rel := strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, module), "/")
		if within(rel, "internal") || strings.Contains(rel, "/internal/") || strings.HasSuffix(rel, "/internal") {
			continue
		}
		ok := false
		for _, pre := range append(public, unstable...) {
			if within(rel, pre) {
				ok = true
			}
		}
		if !ok {
			t.Errorf("%s is neither public API (%v), internal, nor a documented-unstable package (%v)", p.ImportPath, public, unstable)
		}
	}
}
