// Command atomic-script runs one JavaScript program that drives coding
// tools, in a sandboxed QuickJS runtime. See README.md.
package main

import (
	"os"

	"github.com/atomic-script/atomic-script/internal/cli"
)

func main() { os.Exit(cli.Main(os.Args[1:], cli.OSStdio())) }
