// Package goja implements the runtime.VM contract on goja
// (github.com/dop251/goja), a JavaScript interpreter written in Go: a second
// engine beside QuickJS for differential tests and for hosts that want an
// engine with no C heritage at all. Only ECMAScript globals are installed;
// goja_nodejs (require, console, timers, process) is deliberately not used.
//
// Its exported API is recorded in internal/archtest's surface golden.
//
// # Where it differs from the QuickJS engine
//
// The conformance suite (runtime/runtimetest) runs the same cases on both
// engines; a VM of this package declares the cases it deliberately fails
// through its Deviations method. In short:
//
//   - Stack overflow is caught by instrumenting the source. goja stops
//     runaway recursion (deeper than MaxCallDepth frames) with an
//     uncatchable StackOverflowError, so every function of source this
//     package compiles (Eval) starts with a call of a guard that throws a
//     catchable "InternalError: stack overflow" (a RangeError) a little
//     before (stackguard.go); a call costs ~50 ns more. Code that eval or
//     the Function constructors compile is not instrumented: a recursion
//     wholly inside it still ends the call with that exception. A
//     recursion through a builtin at every level takes ~0.45 s to unwind,
//     uninterruptibly (see MaxCallDepth).
//   - Jobs run eagerly. goja drains the job (microtask) queue at the end of
//     every call into JavaScript, so Eval and Call already run the promise
//     reactions they queue; RunJobs runs an empty program, which drains
//     whatever is still queued and reports an interrupt. An interrupt drops
//     the queued jobs instead of leaving them queued.
//   - No heap limit. goja allocates from the Go heap; see memoryWatch for the
//     approximation MemoryExhausted reports and its limits.
//   - Interrupts are checked between bytecode instructions only. A loop of
//     builtins stops promptly (each builtin returns quickly), but one
//     builtin call that runs long is not cut short: a backtracking regular
//     expression that goja hands to regexp2 (backreferences, lookaround) can
//     run far past a deadline (goja ignores regexp2's match timeout), and so
//     can JSON.stringify of a structure nested ~1e5 deep (goja's cycle
//     check is quadratic) or "x".repeat(2**30). Patterns without those
//     features run on Go's linear-time regexp and cannot backtrack.
//   - Parsing is not interruptible either, and goja parses some nestings in
//     quadratic time: 10,000 nested arrow functions take ~1.4 s, 30,000
//     take ~17 s.
//   - Deep nesting. goja's parser, JSON.parse and some builtins recurse on
//     the Go stack, and a Go stack overflow kills the process. Source code
//     (Eval, eval, the Function constructors) and JSON.parse input are
//     measured before they reach goja and refused with a catchable
//     SyntaxError when they could nest deep enough to matter (see
//     nesting.go). Array.prototype.join, toString and toLocaleString throw
//     a catchable "InternalError: stack overflow" past MaxCallDepth nested
//     arrays, and flat flattens deep requests in passes (guardArrays).
//   - eval is always indirect. The guarded eval is an ordinary function, so
//     eval(src) runs src in the global scope and does not see the caller's
//     local variables (QuickJS's direct eval does).
//   - import() is rewritten. goja has no module support and rejects the
//     keyword at parse time; in Eval'd and eval'd source a call import(x) is
//     renamed to a same-length function (a global lexical binding, $impo_)
//     that returns a promise rejected with "ReferenceError: could not load
//     module 'x'", so scripts see what QuickJS shows them. In the body
//     given to the Function constructor it stays a SyntaxError.
//   - goja has no async generators (a SyntaxError) and no WeakRef,
//     FinalizationRegistry, SharedArrayBuffer, Atomics, Float16Array or
//     Iterator global.
//   - Stacks. Exception.Stack is rewritten into QuickJS's frame format
//     ("    at fn (<eval>:LINE:COL)"), but the stack property JavaScript
//     reads (e.stack) keeps goja's format: a "Name: message" line, then
//     "\tat fn (<eval>:LINE:COL(PC))" frames. Columns can differ from
//     QuickJS's for the same throw; line numbers agree.
//   - Source maps are disabled: goja would otherwise read the file a
//     "//# sourceMappingURL=" comment names from the host file system.
package goja
