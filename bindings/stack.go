package bindings

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/atomic-script/atomic-script/tools"
)

// scriptError builds the ScriptError the engine renders, with the stack
// cleaned for a reader.
func (b *Binding) scriptError(name, msg, stack, code string) *tools.ScriptError {
	return &tools.ScriptError{Name: name, Message: msg, Stack: CleanStack(stack, b.cfg.Source), Code: code}
}

// Source says how stack frames name the script and where their positions
// point in it.
type Source struct {
	// Name is the script's file name in frames; "" is codemode.js.
	Name string
	// Map maps a position of the code the VM ran (1-based line and
	// character column, the wrapper already taken off) to the script's;
	// nil when the VM ran the script as written.
	Map func(line, col int) (int, int)
}

func (s Source) name() string {
	if s.Name == "" {
		return "codemode.js"
	}
	return s.Name
}

// frameRE matches one QuickJS stack frame: "    at fn (<eval>:3:10)",
// "    at <anonymous> (<eval>:3:10)" or "    at fn (native)".
var frameRE = regexp.MustCompile(`^\s*at (\S+)(?: \((.*)\))?$`)

// locRE matches the location of a frame in the script.
// goja adds the bytecode position: "<eval>:3:10(12)".
var locRE = regexp.MustCompile(`^(?:<eval>|<input>|codemode\.js):(\d+)(?::(\d+))?(?:\(\d+\))?$`)

// CleanStack turns an engine stack into the frames a script author reads:
// bindings' own frames (named __as_*) are dropped, the script is called by
// src's name, columns on line 1 no longer count the wrapper that keeps line
// numbers aligned, and positions are mapped back to the script (its
// TypeScript, say).
func CleanStack(stack string, src Source) string {
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
			col, _ := strconv.Atoi(lm[2])
			if line == 1 && lm[2] != "" && col <= len(wrapperPrefix) {
				continue // the wrapper's call of __as_main (goja names it no function)
			}
			if line == 1 && col > len(wrapperPrefix) {
				col -= len(wrapperPrefix)
			}
			if src.Map != nil {
				line, col = src.Map(line, max(col, 1))
			}
			loc = src.name() + ":" + strconv.Itoa(line)
			if lm[2] != "" {
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
	return strings.Join(collapseFrames(out), "\n")
}

// maxFrames bounds a cleaned stack; deeper ones keep their first and last
// frames.
const maxFrames = 40

// collapseFrames folds a run of identical frames (a recursion) into the
// frame and a count, then keeps the first and last frames of a stack still
// over maxFrames: a stack overflow would otherwise print thousands of lines.
func collapseFrames(frames []string) []string {
	var out []string
	for i := 0; i < len(frames); {
		j := i + 1
		for j < len(frames) && frames[j] == frames[i] {
			j++
		}
		out = append(out, frames[i])
		if n := j - i - 1; n > 1 {
			out = append(out, "    ... the frame above repeated "+strconv.Itoa(n)+" more times")
		} else if n == 1 {
			out = append(out, frames[i])
		}
		i = j
	}
	if len(out) > maxFrames {
		head, tail := out[:maxFrames-10], out[len(out)-10:]
		omitted := len(out) - len(head) - len(tail)
		out = append(append(append([]string{}, head...), "    ... "+strconv.Itoa(omitted)+" more frames"), tail...)
	}
	return out
}
