package prelude

import (
	"bytes"
	"flag"
	"os"
	"testing"

	"github.com/atomic-script/atomic-script/runtime/quickjs"
)

var updateBytecode = flag.Bool("update", false, "rewrite prelude.qjsbc from prelude.js")

// TestPreludeBytecode holds prelude.qjsbc to prelude.js: a stale blob is
// never run (Precompiled refuses it), but every cold start would pay the
// parser again.
func TestPreludeBytecode(t *testing.T) {
	blob, err := quickjs.CompileBytecode(Source)
	if err != nil {
		t.Fatal(err)
	}
	if *updateBytecode {
		if err := os.WriteFile("prelude.qjsbc", blob, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(blob, bytecode) {
		t.Fatal("prelude.qjsbc is not the bytecode of prelude.js: run go test ./bindings/internal/prelude -run PreludeBytecode -update and commit prelude.qjsbc")
	}
	if !Seed() {
		t.Fatal("the embedded prelude bytecode was refused")
	}
}
