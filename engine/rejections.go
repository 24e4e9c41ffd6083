package engine

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/atomic-script/atomic-script/bindings"
	"github.com/atomic-script/atomic-script/runtime"
)

// maxRejectionsListed bounds the rejections a result names one by one.
const maxRejectionsListed = 5

// unhandledRejections reports the promises the script rejected and never
// caught (QuickJS would drop them silently): a warning each, with the error
// and its line; in strict mode a run that otherwise succeeded fails on the
// first.
func (s *scriptRun) unhandledRejections(r *Result, vm runtime.VM) {
	rt, ok := vm.(runtime.RejectionTracker)
	if !ok {
		return
	}
	// Only the engine interrupts the VM (an abort, the deadline, exit()),
	// and doing so rejects the promises it was running with its own
	// interruption: that is how the run ended, said by its error or exit
	// code, not something the script left unhandled.
	list := slices.DeleteFunc(rt.UnhandledRejections(), isInterruption)
	if len(list) == 0 {
		return
	}
	const advice = "a promise was rejected and nothing awaited or caught it: await it, or add .catch() where the failure is expected"
	name := s.source.Name
	if name == "" {
		name = "codemode.js"
	}
	frameLoc := regexp.MustCompile(regexp.QuoteMeta(name) + `:\d+(?::\d+)?`) // a cleaned frame's place in the script
	var first *ScriptError
	for i, ex := range list {
		stack := bindings.CleanStack(ex.Stack, s.source)
		text := ex.Message
		if ex.Name != "" {
			text = ex.Name + ": " + ex.Message
		}
		where := ""
		if loc := frameLoc.FindString(stack); loc != "" {
			where = " at " + loc
		} else if ex.CallID != "" {
			where = " of tool call " + ex.CallID + callName(r.Calls, ex.CallID)
		}
		if i == 0 {
			first = &ScriptError{Kind: KindScript, Name: "UnhandledRejection", Message: "Unhandled promise rejection" + where + ": " + text, Stack: stack}
		}
		if i < maxRejectionsListed {
			r.Warnings = append(r.Warnings, fmt.Sprintf("Unhandled promise rejection%s: %s (%s)", where, firstLine(text), advice))
		}
	}
	if n := len(list) - maxRejectionsListed; n > 0 {
		r.Warnings = append(r.Warnings, fmt.Sprintf("%d more unhandled promise rejections", n))
	}
	if s.strict && r.OK {
		r.OK = false
		first.Message += " (strict mode fails the run on an unhandled rejection)"
		r.Error = first
	}
}

// isInterruption reports whether a rejection is the VM's own interruption
// of the script (QuickJS's "InternalError: interrupted"), not the script's.
func isInterruption(ex runtime.Exception) bool {
	return ex.Name == "InternalError" && ex.Message == "interrupted"
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}

// callName is " (name)" of the call with this id, if it is listed.
func callName(calls []Call, id string) string {
	for _, c := range calls {
		if c.ID == id {
			return " (" + c.Name + ")"
		}
	}
	return ""
}
