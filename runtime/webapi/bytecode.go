package webapi

import _ "embed"

// The shim's two sources compiled ahead of time, as the bindings' prelude
// is: the stub runs at every VM start, and compiling it made a VM of its
// own each time (compiled named "webapi", see runtime's compileNamed);
// webapi.js costs about 3 ms to compile the first time a script touches a
// web global. A blob is used only while it matches its source and the
// QuickJS build; otherwise the source is compiled as before. Regenerate
// both after editing stub.js or webapi.js:
//
//	go test ./runtime/quickjs -run WebAPIBytecode -update
var (
	//go:embed stub.qjsbc
	stubBytecode []byte
	//go:embed webapi.qjsbc
	shimBytecode []byte
)

// Compiled is a source the shim evaluates, its embedded bytecode and the
// file (in this package's directory) that holds it.
type Compiled struct {
	Source string
	Blob   []byte
	File   string
}

// Bytecode lists the shim's sources with their embedded bytecode.
func Bytecode() []Compiled {
	return []Compiled{{stub, stubBytecode, "stub.qjsbc"}, {shim, shimBytecode, "webapi.qjsbc"}}
}
