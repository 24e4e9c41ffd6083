// Package runtime is the contract every JavaScript engine of atomic-script
// implements (VM, its options and limits, exceptions) and the
// owner-goroutine event loop (Loop) that bindings build promises on; the
// engines are its subpackages runtime/quickjs and runtime/goja. It knows
// nothing of tools.
package runtime

import (
	"errors"
	"time"
)

// DefaultMemoryLimit is the memory a script may use unless Options say
// otherwise.
const DefaultMemoryLimit = 256 << 20

// Options configure a new VM.
type Options struct {
	// MemoryLimit caps the engine's heap in bytes; 0 means DefaultMemoryLimit.
	MemoryLimit int64
	// WorkDir is the absolute directory the script's path.resolve resolves
	// against (the workspace root); "" means "/".
	WorkDir string
}

// HostFunc is a Go function JavaScript calls synchronously. Arguments and the
// result cross as strings (JSON where structured): that keeps the boundary
// identical across engines and cheap to audit. It runs on the VM's owner
// goroutine and must not block.
type HostFunc func(args []string) string

// VM is one JavaScript context with no ambient capabilities: only ECMAScript
// globals, the web-standard globals that do no I/O (package webapi, which
// every engine installs), and what Define installs; never a module loader.
//
// A VM is owned by one goroutine. Every method except Interrupt must be
// called from it; Interrupt is safe from any goroutine at any time, also
// during and after Close.
type VM interface {
	// Define installs fn as the global function name.
	Define(name string, fn HostFunc) error
	// Eval runs src as global script code. A thrown exception is returned
	// as an *Exception; an interrupt as ErrInterrupted.
	Eval(src string) error
	// Call calls the global function name with string arguments and returns
	// its result converted to a string ("" for undefined).
	Call(name string, args ...string) (string, error)
	// Seal takes the global function name out of the script's reach — the
	// global is deleted, so it must be configurable — while Call(name)
	// keeps calling it: the host's own entry points are not the script's.
	Seal(name string) error
	// RunJobs drains the job (microtask) queue. It stops at an interrupt,
	// leaving the remaining jobs queued.
	RunJobs() error
	// SetTimeout bounds each following call into JavaScript (Eval, Call,
	// RunJobs) to d from its start; 0 means no bound. Engines re-arm it on
	// every call, so the loop sets what is left of the run's deadline first.
	SetTimeout(d time.Duration)
	// Interrupt stops the JavaScript running now, promptly, even inside a
	// loop of expensive builtins. The script cannot catch it. Safe from any
	// goroutine.
	Interrupt()
	// MemoryExhausted reports whether the engine refused an allocation at
	// its memory limit since the VM was created. Limit failures can surface
	// as odd exceptions (even `null`), so callers classify by this state,
	// not by the exception text.
	MemoryExhausted() bool
	// Close releases the VM. Values and functions of the VM are invalid
	// afterwards.
	Close() error
}

// CachedEvaluator is implemented by VMs that can keep the compiled form of
// a source they run often (the bindings' prelude runs in every VM): the
// first EvalCached of a source compiles it, later ones in any VM of the
// process skip the parser.
type CachedEvaluator interface {
	EvalCached(src string) error
}

// AsyncVM is implemented by VMs that make and settle promises in Go, which
// costs a fraction of building them in JavaScript. Bindings use it for tool
// calls when it is there.
type AsyncVM interface {
	// DefineAsync installs name as a global function that returns a promise.
	// fn runs on the owner goroutine with the call's string arguments and
	// the promise's handle. It either settles p later, exactly once, on the
	// owner goroutine, or returns an error, which rejects the promise at
	// once with an Error built from the error's text as JSON (see Promise).
	DefineAsync(name string, fn func(args []string, p Promise) error) error
}

// Promise is a pending promise made by an AsyncVM. Its methods must be
// called on the VM's owner goroutine. Promises not settled when the VM
// closes are released by Close.
type Promise interface {
	// Resolve fulfils the promise with the value of the JSON text.
	Resolve(valueJSON string) error
	// Reject rejects the promise with an Error whose properties are copied
	// from the JSON object (name, message, code, ...).
	Reject(errorJSON string) error
}

// RejectionTracker is implemented by VMs that track promise rejections
// (QuickJS drops them silently): the bindings warn of those no handler
// took, and --strict fails the run on them.
type RejectionTracker interface {
	// UnhandledRejections returns the promises rejected with no handler
	// attached as of now, oldest first (a handler attached later removes
	// its promise), as the exceptions they were rejected with; a reason
	// that is not an Error has only a Message.
	UnhandledRejections() []Exception
}

// New is the signature of an engine's constructor.
type New func(Options) (VM, error)

// ErrInterrupted is returned by a VM call that Interrupt or the timeout
// stopped.
var ErrInterrupted = errors.New("interrupted")

// Exception is a JavaScript exception that reached Go.
type Exception struct {
	Name    string
	Message string
	Stack   string
	// CallID is the error's string callId property, which the bindings
	// set on a tool call's error; read only for rejections
	// (RejectionTracker), to say which call a lost rejection was.
	CallID string
}

func (e *Exception) Error() string {
	switch {
	case e.Name != "" && e.Message != "":
		return e.Name + ": " + e.Message
	case e.Name != "":
		return e.Name
	case e.Message != "":
		return e.Message
	}
	return "exception"
}
