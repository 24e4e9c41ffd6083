// Package webapi is the part of the web platform a script may use without
// I/O — URL and URLSearchParams (WHATWG), TextEncoder and TextDecoder, atob
// and btoa, structuredClone, queueMicrotask, crypto.randomUUID,
// getRandomValues and subtle.digest, performance.now, DOMException — and a
// frozen POSIX `path` like Node's. The work is done once, here, in Go; a
// small JavaScript shim (webapi.js) gives it the web's shapes and is
// installed by every engine (QuickJS and goja) through Install, so both
// behave alike and are tested on the same Web Platform Tests data.
//
// Nothing here reads the clock past performance.now, touches a file, the
// network or the environment: timers, fetch, Buffer, process and require
// stay absent (see Absent).
//
// Its exported API is recorded in internal/archtest's surface golden.
package webapi

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"time"
)

//go:embed webapi.js
var shim string

//go:embed stub.js
var stubTemplate string

//go:embed webapi.d.ts
var dts string

// DTS is the TypeScript declarations of the globals, valid with the
// ECMAScript libraries alone (no DOM library: there is no DOM here).
func DTS() string { return dts }

// Summary says in a few lines which web globals a script has and which
// globals of other runtimes it has not, with what to use instead. The
// codemode description and the declarations include it.
func Summary() string {
	var b strings.Builder
	b.WriteString("Web globals (no I/O): URL, URLSearchParams, TextEncoder, TextDecoder (utf-8, utf-16le/be), atob, btoa, " +
		"structuredClone, queueMicrotask, crypto.randomUUID(), crypto.getRandomValues(), crypto.subtle.digest (SHA-1/256/384/512), " +
		"performance.now(), DOMException; path is Node's path.posix (resolve from the workspace root).\n")
	b.WriteString("Not here:")
	for i, a := range Absent {
		if i > 0 {
			b.WriteString(";")
		}
		b.WriteString(" " + a.Name + " (" + a.Instead + ")")
	}
	b.WriteString(".")
	return b.String()
}

// stub is stub.js with the global names filled in.
var stub = strings.Replace(stubTemplate, "NAMES", `["`+strings.Join(Globals, `", "`)+`"]`, 1)

// Globals are the global names Install defines, in the order a reader
// meets them.
var Globals = []string{
	"URL", "URLSearchParams", "TextEncoder", "TextDecoder", "atob", "btoa",
	"structuredClone", "queueMicrotask", "crypto", "performance", "DOMException", "path",
}

// Absent are globals that scripts of other runtimes have and these do not,
// each with what to use instead. Descriptions and declarations list them
// so a model does not reach for them.
var Absent = []struct{ Name, Instead string }{
	{"setTimeout, setInterval", "no timers: await the calls; bash `sleep N` to wait"},
	{"fetch, XMLHttpRequest, WebSocket", "no network: a web tool if enabled, else bash (curl)"},
	{"require, import", "no modules: everything is a global"},
	{"process, Buffer", "ARGS for arguments; bytes are Uint8Array; a file's raw bytes: bash"},
	{"Intl", "no locale data: format by hand"},
}

// Options configure Install.
type Options struct {
	// WorkDir is the absolute directory path.resolve and path.relative
	// resolve against (the workspace root); "" means "/".
	WorkDir string
	// Eager builds the globals at once, before any script runs, instead of
	// on first use. An engine whose own descriptor objects inherit what a
	// script puts on Object.prototype (goja makes them by [[Set]]) needs
	// it: the shim reads descriptors as it builds the globals.
	Eager bool
}

// Host is what an engine lends Install.
type Host struct {
	// Define installs fn as a global function with string arguments and a
	// string result (runtime.VM.Define).
	Define func(name string, fn func(args []string) string) error
	// Eval runs global script code, from a compiled cache if the engine
	// has one. The host function calls it too, from inside JavaScript,
	// when a script first touches a web global.
	Eval func(src string) error
	// Natives installs, as the globals named kind and detach (the stub
	// takes them before any script runs), what JavaScript cannot ask
	// without side effects: kind(v) says what an object is by its internal
	// slots, whatever its prototype says or a Proxy pretends, as an index
	// of Kinds (0 for a primitive); detach(buffer) detaches an ArrayBuffer
	// (structuredClone's transfer).
	Natives func(kind, detach string) error
}

// Kinds are what Host.Natives' kind function tells apart, by index; the
// shim (webapi.js, KINDS) lists them in this order. A "Tracking" view
// follows the length of its resizable buffer; a "DenseArray" (an engine
// may say "Array" for any) has every index below its length and no other
// property; a "PlainObject" (an engine may say "Object" for any) is an
// ordinary object that reading runs no script code for: only data
// properties, and no Proxy on its prototype chain; a "SameShapePlainObject"
// (an engine may say "PlainObject" for any) is one with the own keys, in
// order, and the prototype of the last PlainObject kind answered for since
// kind() (no argument) was called.
var Kinds = []string{
	"", "Object", "Array", "DenseArray", "Function", "Proxy", "Error", "Boolean", "Number", "String", "BigInt", "Symbol",
	"Date", "RegExp", "Map", "Set", "ArrayBuffer", "DetachedArrayBuffer", "SharedArrayBuffer",
	"TypedArray", "TrackingTypedArray", "DataView", "TrackingDataView", "Other", "PlainObject", "SameShapePlainObject",
}

// KindIndex is the index of name in Kinds; it panics for a name not there.
func KindIndex(name string) int32 {
	for i, k := range Kinds {
		if k == name {
			return int32(i)
		}
	}
	panic("webapi: no kind " + name)
}

// hostName is the one host function the shim calls, kindName and
// detachName its natives (Host.Natives); the stub captures and deletes
// them before any script runs.
const (
	hostName   = "__as_web"
	kindName   = "__as_kind"
	detachName = "__as_detach"
)

// Install defines the host function and the globals, as accessors that
// build them all the first time a script touches one. The engine needs the
// ES2026 Uint8Array.prototype.toBase64 and Uint8Array.fromBase64, which
// both engines have.
func Install(h Host, opts Options) error {
	wd := opts.WorkDir
	if wd == "" {
		wd = "/"
	}
	d := &dispatcher{workDir: wd, origin: time.Now(), eval: h.Eval}
	if err := h.Define(hostName, d.call); err != nil {
		return fmt.Errorf("webapi: %w", err)
	}
	if err := h.Natives(kindName, detachName); err != nil {
		return fmt.Errorf("webapi: %w", err)
	}
	if err := h.Eval(stub); err != nil {
		return fmt.Errorf("webapi: %w", err)
	}
	if opts.Eager {
		if err := h.Eval("void URL"); err != nil { // the stub's getter builds them all
			return fmt.Errorf("webapi: %w", err)
		}
	}
	return nil
}

// dispatcher answers the shim's calls: args[0] names the operation. Every
// reply starts with '=' and the result, or '!' and an error as
// "Name:message", which the shim throws as that error (a DOMException for
// DOM names). It runs on the VM's owner goroutine.
type dispatcher struct {
	workDir string
	origin  time.Time
	eval    func(string) error
}

// opError is an error the shim throws by name.
type opError struct{ name, msg string }

func (e *opError) Error() string { return e.name + ": " + e.msg }

func typeError(format string, args ...any) error {
	return &opError{"TypeError", fmt.Sprintf(format, args...)}
}

func rangeError(format string, args ...any) error {
	return &opError{"RangeError", fmt.Sprintf(format, args...)}
}

func domError(name, format string, args ...any) error {
	return &opError{name, fmt.Sprintf(format, args...)}
}

func (d *dispatcher) call(args []string) string {
	if len(args) == 0 {
		return "!TypeError:webapi: no operation"
	}
	op, a := args[0], args[1:]
	out, err := d.run(op, a)
	if err != nil {
		if e, ok := err.(*opError); ok {
			return "!" + e.name + ":" + e.msg
		}
		return "!Error:" + err.Error()
	}
	return "=" + out
}

// arg returns a[i] or "".
func arg(a []string, i int) string {
	if i < len(a) {
		return a[i]
	}
	return ""
}

func (d *dispatcher) run(op string, a []string) (string, error) {
	switch op {
	case "load":
		return "", d.eval(shim)
	case "url.parse":
		return urlParse(arg(a, 0), arg(a, 1), arg(a, 2) == "1")
	case "url.set":
		return urlSet(arg(a, 0), arg(a, 1), arg(a, 2))
	case "usp.parse":
		return formParse(arg(a, 0)), nil
	case "usp.serialize":
		return formSerialize(arg(a, 0))
	case "enc.encode":
		return encodeUTF8(arg(a, 0)), nil
	case "enc.into":
		n, err := strconv.Atoi(arg(a, 1))
		if err != nil {
			return "", typeError("encodeInto: bad length")
		}
		return encodeInto(arg(a, 0), n), nil
	case "dec.label":
		return decoderLabel(arg(a, 0))
	case "dec.decode":
		return decode(arg(a, 0), arg(a, 1), arg(a, 2), arg(a, 3))
	case "b64.btoa":
		return btoa(arg(a, 0))
	case "b64.atob":
		return atob(arg(a, 0))
	case "crypto.uuid":
		return randomUUID(), nil
	case "crypto.random":
		return randomBytes(arg(a, 0))
	case "crypto.digest":
		return digest(arg(a, 0), arg(a, 1))
	case "perf.now":
		return strconv.FormatFloat(float64(time.Since(d.origin).Microseconds())/1000, 'f', -1, 64), nil
	case "perf.origin":
		return strconv.FormatFloat(float64(d.origin.UnixMicro())/1000, 'f', -1, 64), nil
	}
	if name, ok := strings.CutPrefix(op, "path."); ok {
		return pathOp(d.workDir, name, a)
	}
	return "", typeError("webapi: unknown operation %q", op)
}
