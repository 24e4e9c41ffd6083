package quickjs

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/runtime"
	"github.com/atomic-script/atomic-script/runtime/webapi"
)

func TestPrecompiledBytecode(t *testing.T) {
	src := `globalThis.precompiledAnswer = 6 * 7`
	blob, err := CompileBytecode(src)
	if err != nil {
		t.Fatal(err)
	}
	again, err := CompileBytecode(src)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(blob, again) {
		t.Fatal("compiling the same source twice gave different bytecode: an embedded blob could never be checked for freshness")
	}
	if quickjsVersion() == "unknown" {
		t.Fatal("no QuickJS module version in the build info: Precompiled would refuse every blob")
	}
	// A blob is refused for any other source, and when cut to its header.
	if Precompiled(src+" ", blob) {
		t.Error("Precompiled took bytecode compiled from another source")
	}
	if Precompiled(src, blob[:len(bytecodeMagic)+len(bytecodeKey(src))]) {
		t.Error("Precompiled took a blob with no bytecode")
	}
	if Precompiled(src, append([]byte("atomic-script qjs bytecode 0\n"), blob[len(bytecodeMagic):]...)) {
		t.Error("Precompiled took a blob of another layout")
	}
	if !Precompiled(src, blob) {
		t.Fatal("Precompiled refused the bytecode of its own source")
	}
	vm := newVM(t)
	if err := vm.(runtime.CachedEvaluator).EvalCached(src); err != nil {
		t.Fatal(err)
	}
	if err := vm.Eval(`globalThis.readAnswer = () => String(precompiledAnswer)`); err != nil {
		t.Fatal(err)
	}
	if got, err := vm.Call("readAnswer"); err != nil || got != "42" {
		t.Fatalf("after EvalCached of precompiled bytecode: %q, %v", got, err)
	}
}

// TestQuickJSBuildMatchesGoMod holds the bytecode key's module versions to
// go.mod: after a QuickJS bump, update quickjsBuild and regenerate the
// embedded bytecode (go test ./bindings -run PreludeBytecode -update).
func TestQuickJSBuildMatchesGoMod(t *testing.T) {
	mod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	for _, dep := range strings.Fields(quickjsBuild) {
		path, version, _ := strings.Cut(dep, "@")
		if !regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(path) + `\s+` + regexp.QuoteMeta(version) + `\b`).Match(mod) {
			t.Errorf("go.mod does not require %s %s: update quickjsBuild in bytecode.go to the QuickJS modules go.mod names, then regenerate the embedded bytecode (go test ./bindings -run PreludeBytecode -update)", path, version)
		}
	}
}

var updateWebAPIBytecode = flag.Bool("update", false, "rewrite the webapi shim's .qjsbc files from its sources")

// TestWebAPIBytecode holds the webapi shim's embedded bytecode to its
// sources: a stale blob is never run (Precompiled refuses it), but every
// start would compile the stub again, in a VM of its own.
func TestWebAPIBytecode(t *testing.T) {
	if !PromptInterruptSupported() {
		t.Fatal("the binding's layout is unknown: the shim cannot be compiled with its frames named " + webapiFile)
	}
	for _, c := range webapi.Bytecode() {
		blob, err := compileBytecodeAs(c.Source, webapiFile)
		if err != nil {
			t.Fatal(err)
		}
		if *updateWebAPIBytecode {
			if err := os.WriteFile(filepath.Join("..", "webapi", c.File), blob, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if !bytes.Equal(blob, c.Blob) {
			t.Errorf("webapi/%s is not the bytecode of its source: run go test ./runtime/quickjs -run WebAPIBytecode -update and commit it", c.File)
		}
		if !Precompiled(c.Source, c.Blob) {
			t.Errorf("the embedded webapi/%s was refused", c.File)
		}
	}
}
