// Command start-qjs evaluates 1+1 in a fresh github.com/fastschema/qjs
// runtime and exits: the process start-up cost of that binding, timed by
// hyperfine. QJS_CACHE_DIR names wazero's on-disk compilation cache; when
// it is empty the WASM module is compiled from scratch in every process.
package main

import (
	"fmt"
	"os"

	"github.com/fastschema/qjs"
)

func main() {
	rt, err := qjs.New(qjs.Option{CacheDir: os.Getenv("QJS_CACHE_DIR")})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer rt.Close()
	v, err := rt.Eval("start.js", qjs.Code("1+1"))
	if err != nil || v.Int32() != 2 {
		fmt.Fprintln(os.Stderr, "unexpected result:", v, err)
		os.Exit(1)
	}
	v.Free()
}
