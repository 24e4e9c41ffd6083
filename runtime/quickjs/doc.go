// Package quickjs implements the runtime.VM contract on QuickJS through
// modernc.org/quickjs (a pure-Go translation of the C engine): atomic-script's
// default engine, with its deadline, memory and stack limits, rejection
// tracking and the bytecode cache for the prelude and web globals.
package quickjs

import "fmt"

// errorf formats an internal engine failure (not a script error).
func errorf(format string, args ...any) error {
	return fmt.Errorf("runtime: "+format, args...)
}
