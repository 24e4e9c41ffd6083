package quickjs

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	goruntime "runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"

	"modernc.org/quickjs"

	"github.com/atomic-script/atomic-script/runtime/webapi"
)

// Bytecode compiled ahead of time lets a process skip the QuickJS parser
// for a source it embeds (the bindings' prelude: 2 ms of a 15 ms cold
// start). QuickJS trusts the bytecode it loads, so a blob is only used for
// the exact source, QuickJS build and architecture that made it; anything
// else is ignored and the source is compiled as before.

// bytecodeMagic starts every blob; bump it if the layout changes.
const bytecodeMagic = "atomic-script qjs bytecode 1\n"

// bytecodeKey names what a blob is valid for: the source's hash, the
// QuickJS module versions and the architecture.
func bytecodeKey(src string) string {
	sum := sha256.Sum256([]byte(src))
	return hex.EncodeToString(sum[:]) + " " + quickjsVersion() + " " + goruntime.GOARCH + "\n"
}

// quickjsBuild is the QuickJS modules this code is built with; a test
// holds it to go.mod, so a dependency bump fails until it is updated (and
// the embedded bytecode regenerated). Test binaries carry no module list,
// so the constant, not the build info, is the key.
const quickjsBuild = "modernc.org/libquickjs@v0.14.0 modernc.org/quickjs@v0.27.0"

// quickjsVersion is quickjsBuild, or "unknown" when the binary's build info
// names other versions (a replace directive, a different go.mod).
var quickjsVersion = sync.OnceValue(func() string {
	want := strings.Fields(quickjsBuild)
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, d := range info.Deps {
			if d.Replace != nil {
				d = d.Replace
			}
			if (d.Path == "modernc.org/libquickjs" || d.Path == "modernc.org/quickjs") && !slices.Contains(want, d.Path+"@"+d.Version) {
				return "unknown"
			}
		}
	}
	return quickjsBuild
})

// CompileBytecode compiles src with QuickJS into a blob for Precompiled.
func CompileBytecode(src string) ([]byte, error) {
	vm, err := quickjs.NewVM()
	if err != nil {
		return nil, errorf("new QuickJS VM: %v", err)
	}
	defer vm.Close()
	code, err := vm.Compile(src, quickjs.EvalGlobal)
	if err != nil {
		return nil, errorf("compile: %v", err)
	}
	return append([]byte(bytecodeMagic+bytecodeKey(src)), code...), nil
}

// compileBytecodeAs is CompileBytecode for a source whose frames name
// file (compileNamed), as the webapi shim's do.
func compileBytecodeAs(src, file string) ([]byte, error) {
	code, err := compileNamed(src, file)
	if err != nil {
		return nil, errorf("compile: %v", err)
	}
	return append([]byte(bytecodeMagic+bytecodeKey(src)), code...), nil
}

// seedWebAPI hands the webapi shim's embedded bytecode to EvalCached.
var seedWebAPI = sync.OnceFunc(func() {
	for _, c := range webapi.Bytecode() {
		Precompiled(c.Source, c.Blob)
	}
})

// Precompiled hands EvalCached the bytecode of src compiled ahead of time
// by CompileBytecode. It reports whether blob was taken: false when it was
// made from another source or by another QuickJS build (or its key cannot
// be checked), in which case EvalCached compiles src as usual.
func Precompiled(src string, blob []byte) bool {
	head := bytecodeMagic + bytecodeKey(src)
	if !bytes.HasPrefix(blob, []byte(head)) || len(blob) == len(head) || quickjsVersion() == "unknown" {
		return false
	}
	bytecodes.LoadOrStore(src, blob[len(head):])
	return true
}
