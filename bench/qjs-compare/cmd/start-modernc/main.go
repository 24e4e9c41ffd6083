// Command start-modernc evaluates 1+1 in a fresh modernc.org/quickjs VM and
// exits: the process start-up cost of that binding, timed by hyperfine.
package main

import (
	"fmt"
	"os"

	"modernc.org/quickjs"
)

func main() {
	vm, err := quickjs.NewVM()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer vm.Close()
	v, err := vm.Eval("1+1", quickjs.EvalGlobal)
	if err != nil || fmt.Sprint(v) != "2" {
		fmt.Fprintln(os.Stderr, "unexpected result:", v, err)
		os.Exit(1)
	}
}
