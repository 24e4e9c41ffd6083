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
	frontEnds := []string{module + "/internal/cli", module + "/internal/mcpserver", module + "/internal/mcpclient", module + "/internal/settings"}
	anyOf := func(d string, prefixes ...string) bool {
		for _, p := range prefixes {
			if within(d, p) {
				return true
			}
		}
		return false
	}
	rules := []struct {
		pkgPrefix string
		exact     bool
		allowed   func(dep string) bool
		why       string
	}{
		{module + "/hashline", true, func(d string) bool {
			return isStd(d) || within(d, module+"/hashline") || d == "github.com/OneOfOne/xxhash"
		}, "hashline imports only the standard library and its hash (parsers live in hashline/blocks)"},
		{module + "/models", false, func(d string) bool {
			return isStd(d) || within(d, module+"/models")
		}, "models is plain Go over net/http: no engine, tools, runtime or other module"},
		{module + "/tools", false, func(d string) bool {
			return !anyOf(d, append([]string{module + "/runtime", module + "/bindings", module + "/engine"}, append(frontEnds, jsEngines...)...)...)
		}, "tools (the contract and every tool family under it) never import the runtime, bindings, the engine, a front end or a JS engine: every tool is plain Go"},
		{module + "/runtime", false, func(d string) bool {
			return !anyOf(d, module+"/tools", module+"/bindings", module+"/engine")
		}, "the runtime knows nothing of tools"},
		{module + "/runtime", true, func(d string) bool {
			return !anyOf(d, jsEngines...) && !strings.HasPrefix(d, module+"/runtime/")
		}, "the runtime contract names no engine: runtime/quickjs and runtime/goja implement it"},
		{module + "/bindings", false, func(d string) bool {
			// The tools package's own spill service, safe file I/O and
			// child-process guard come with it.
			if d == module+"/tools/spill" || d == module+"/tools/internal/safefile" || d == module+"/tools/internal/procguard" {
				return true
			}
			return !strings.HasPrefix(d, module+"/tools/") && !anyOf(d, append([]string{module + "/engine"}, frontEnds...)...)
		}, "bindings sit below the engine and see tools only through the tools package"},
		{module + "/engine", false, func(d string) bool {
			return !anyOf(d, frontEnds...)
		}, "the engine does not depend on its front ends"},
		{module + "/docs", false, func(d string) bool {
			return isStd(d)
		}, "docs only carries the reference pages: the standard library's embed, nothing of the module"},
		{module + "/internal/testutil", false, func(d string) bool {
			// A library is no layer of the house: the test MCP server
			// (testutil/echoserver) is built on the MCP SDK.
			return isStd(d) || !within(d, module)
		}, "test utilities are the lowest layer: they import no package of this module"},
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

// TestFrontEndsUseTheEngine: the CLI, the MCP server and client and the
// settings reach scripts only through the engine (its own types, not the
// runtime's or the bindings'), tools through the public tools package and
// the host tools' definitions (tools/meta), model providers
// through the public models package, the reference pages through docs;
// their tests too.
func TestFrontEndsUseTheEngine(t *testing.T) {
	allowed := []string{module + "/engine", module + "/tools", module + "/models", module + "/tools/meta", module + "/docs", module + "/internal/testutil",
		module + "/internal/cli", module + "/internal/mcpserver", module + "/internal/mcpclient", module + "/internal/settings"}
	for _, fe := range []string{"internal/cli", "internal/mcpserver", "internal/mcpclient", "internal/settings", "cmd/atomic-script"} {
		out, err := exec.Command("go", "list", "-f", `{{join .Imports "\n"}}{{"\n"}}{{join .TestImports "\n"}}{{"\n"}}{{join .XTestImports "\n"}}`, module+"/"+fe).Output()
		if err != nil {
			t.Fatalf("go list %s: %v", fe, err)
		}
		for _, d := range strings.Fields(string(out)) {
			if !within(d, module) {
				continue
			}
			ok := false
			for _, a := range allowed {
				ok = ok || within(d, a)
			}
			if !ok {
				t.Errorf("%s imports %s: front ends go through the engine (engine, tools, models, tools/meta; docs for help)", fe, d)
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

// TestPublicSurface: every package outside an internal/ folder is one of
// the public ones (publicPackages, each with a surface golden) or
// documents that it is unstable; a new importable package is a decision.
func TestPublicSurface(t *testing.T) {
	unstable := []string{"cmd", "bench"}
	for _, p := range listDeps(t) {
		rel := strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, module), "/")
		if within(rel, "internal") || strings.Contains(rel, "/internal/") || strings.HasSuffix(rel, "/internal") {
			continue
		}
		ok := false
		for _, pre := range unstable {
			ok = ok || within(rel, pre)
		}
		for _, pub := range publicPackages {
			ok = ok || rel == pub
		}
		if !ok {
			t.Errorf("%s is neither public API (publicPackages in surface_test.go, with a golden), internal, nor a documented-unstable package (%v)", p.ImportPath, unstable)
		}
	}
}
