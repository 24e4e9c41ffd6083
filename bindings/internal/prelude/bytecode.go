// Package prelude holds the JavaScript that bindings run before a script
// (the tools proxy, promise plumbing, describeTool and the other globals)
// and its QuickJS bytecode compiled ahead of time.
package prelude

import (
	_ "embed"
	"sync"

	"github.com/atomic-script/atomic-script/runtime/quickjs"
)

// Source is prelude.js.
//
//go:embed prelude.js
var Source string

// bytecode is prelude.js compiled ahead of time, so a cold start skips
// QuickJS's parser (about 2 ms). It is used only while it matches
// prelude.js and the QuickJS build; otherwise the prelude is compiled at
// run time as before. Regenerate it after editing prelude.js:
//
//	go test ./bindings/internal/prelude -run PreludeBytecode -update
//
//go:embed prelude.qjsbc
var bytecode []byte

// Seed offers the embedded bytecode to the QuickJS bytecode cache once; it
// reports whether the cache took it.
var Seed = sync.OnceValue(func() bool { return quickjs.Precompiled(Source, bytecode) })
