// Command compare measures modernc.org/quickjs against github.com/fastschema/qjs
// side by side: awaited Go calls, memory limit, deadline, stack depth and
// sandbox. Every case runs in a child process of its own ("compare case
// ..."), so a binding that crashes, hangs or keeps global state cannot
// disturb the next case.
//
//	compare all [-reps N]              run everything, print a Markdown table
//	compare case -engine E -case C [-arg N]   run one case, print JSON
//	compare startup FILE.json          render hyperfine's JSON export as a table
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: compare all [-reps N] | compare case -engine E -case C [-arg N] | compare startup FILE.json")
		os.Exit(2)
	}
	fs := flag.NewFlagSet(os.Args[1], flag.ExitOnError)
	switch os.Args[1] {
	case "case":
		eng := fs.String("engine", "modernc", "modernc, qjs (or qjs-readme for -case async)")
		name := fs.String("case", "", "async, mem-push, mem-arraybuffer, mem-repeat, mem-src, loop, cpu, stack, stack-json, sandbox")
		arg := fs.Int("arg", 0, "async: calls; loop: deadline ms; cpu: 1 = deadline armed; stack: depth")
		stack := fs.Int("stack", 0, "stack: the binding's max stack size (0: default)")
		src := fs.String("src", "", "mem-src: a script to run under the 256 MiB limit")
		fs.Parse(os.Args[2:])
		r, err := runCase(*eng, *name, *arg, *stack, *src)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		json.NewEncoder(os.Stdout).Encode(r)
	case "startup":
		fs.Parse(os.Args[2:])
		if err := reportStartup(fs.Arg(0)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	case "all":
		reps := fs.Int("reps", 5, "repetitions of each timed case")
		fs.Parse(os.Args[2:])
		if err := runAll(*reps); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	default:
		fmt.Fprintf(os.Stderr, "unknown command %q\n", os.Args[1])
		os.Exit(2)
	}
}
