package bindings

import (
	_ "embed"
	"sync"

	"github.com/atomic-script/atomic-script/internal/runtime"
)

// preludeBytecode is prelude.js compiled ahead of time, so a cold start
// skips QuickJS's parser (about 2 ms). It is used only while it matches
// prelude.js and the QuickJS build; otherwise the prelude is compiled at
// run time as before. Regenerate it after editing prelude.js:
//
//	go test ./internal/bindings -run PreludeBytecode -update
//
//go:embed prelude.qjsbc
var preludeBytecode []byte

var seedPrelude = sync.OnceValue(func() bool { return runtime.Precompiled(prelude, preludeBytecode) })
