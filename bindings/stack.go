package bindings

import (
	"regexp"
	"strconv"
	"strings"
)

// scriptError builds the ScriptError the engine renders, with the stack
// cleaned for a reader.
func (b *Binding) scriptError(name, msg, stack, code string) *ScriptError {
	return &ScriptError{Name: name, Message: msg, Stack: CleanStack(stack), Code: code}
}

// frameRE matches one QuickJS stack frame: "    at fn (<eval>:3:10)",
// "    at <anonymous> (<eval>:3:10)" or "    at fn (native)".
var frameRE = regexp.MustCompile(`^\s*at (\S+)(?: \((.*)\))?$`)

// locRE matches the location of a frame in the script.
// goja adds the bytecode position: "<eval>:3:10(12)".
var locRE = regexp.MustCompile(`^(?:<eval>|<input>|codemode\.js):(\d+)(?::(\d+))?(?:\(\d+\))?$`)

// CleanStack turns an engine stack into the frames a script author reads:
// bindings' own frames (named __as_*) are dropped, the script is called
// codemode.js, and columns on line 1 no longer count the wrapper that keeps
// line numbers aligned.
func CleanStack(stack string) string {
	var out []string
	for _, line := range strings.Split(stack, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		m := frameRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		fn, loc := m[1], m[2]
		if strings.HasPrefix(fn, "__as_") || fn == "<eval>" {
			// Bindings' own frames, and the global code of the wrapper
			// that calls the script.
			continue
		}
		if loc == "" {
			// "at codemode.js:3:10" without a function name.
			loc, fn = fn, ""
		}
		if lm := locRE.FindStringSubmatch(loc); lm != nil {
			line, _ := strconv.Atoi(lm[1])
			loc = "codemode.js:" + lm[1]
			if lm[2] != "" {
				col, _ := strconv.Atoi(lm[2])
				if line == 1 && col > len(wrapperPrefix) {
					col -= len(wrapperPrefix)
				}
				loc += ":" + strconv.Itoa(col)
			}
		} else if loc != "native" {
			continue // a frame of the prelude or engine internals
		}
		switch {
		case fn == "" || fn == "<anonymous>":
			out = append(out, "    at "+loc)
		default:
			out = append(out, "    at "+fn+" ("+loc+")")
		}
	}
	return strings.Join(out, "\n")
}
