// Command searchbench runs one find/search/grep/glob call through
// tools.Invoke and prints its text, so hyperfine can time the tools alone
// against rg and fd, without the engine's start-up (bench/table.sh times the
// whole CLI, atomic-script run -e ..., as a user sees it).
//
//	searchbench [-C dir] [-rss] [-cpuprofile file -n N] TOOL JSON-ARGS
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime/pprof"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/search"
)

func main() {
	os.Exit(run())
}

func run() int {
	dir := flag.String("C", ".", "workspace root")
	rss := flag.Bool("rss", false, "print the peak resident set size to stderr")
	prof := flag.String("cpuprofile", "", "write a CPU profile of the call to this file")
	count := flag.Int("n", 1, "run the call n times (for profiling)")
	flag.Parse()
	if flag.NArg() != 2 {
		fmt.Fprintln(os.Stderr, "usage: searchbench [-C dir] [-rss] TOOL JSON-ARGS")
		return 2
	}
	root, err := os.Getwd()
	if *dir != "." {
		root = *dir
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	var tool tools.Tool
	for _, t := range search.Tools() {
		if t.Name() == flag.Arg(0) {
			tool = t
		}
	}
	if tool == nil {
		fmt.Fprintf(os.Stderr, "unknown tool %q\n", flag.Arg(0))
		return 2
	}
	env := &tools.Env{Root: root, Session: tools.NewSession("bench"), Files: tools.DirectFiles{}}
	if *prof != "" {
		f, err := os.Create(*prof)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		pprof.StartCPUProfile(f)
		defer pprof.StopCPUProfile()
	}
	var res tools.Result
	for i := 0; i < *count; i++ {
		res, err = tools.Invoke(context.Background(), tool, env, json.RawMessage(flag.Arg(1)))
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Println(res.Text)
	if *rss {
		fmt.Fprintf(os.Stderr, "maxrss_kb=%d\n", maxRSSKB())
	}
	return 0
}
