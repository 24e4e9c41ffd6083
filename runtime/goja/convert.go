package goja

import (
	"errors"
	"strconv"
	"strings"

	"github.com/dop251/goja"

	"github.com/atomic-script/atomic-script/runtime"
)

// convert maps what goja returns to the runtime contract: nil, an
// *runtime.Exception, runtime.ErrInterrupted or the out-of-memory
// exception. It runs on the owner goroutine inside run, so a getter that
// reading an exception's properties triggers is still bounded by the
// timeout.
func (v *vm) convert(err error) error {
	if err == nil {
		return nil
	}
	var ie *goja.InterruptedError
	var so *goja.StackOverflowError
	var ex *goja.Exception
	var re *runtime.Exception
	switch {
	case v.exhausted.Load():
		return outOfMemory()
	case errors.As(err, &ie):
		return runtime.ErrInterrupted
	case errors.As(err, &so):
		return &runtime.Exception{Name: "InternalError", Message: "stack overflow", Stack: framesStack(so.Stack())}
	case errors.As(err, &ex):
		return v.exception(ex)
	case errors.As(err, &re), errors.Is(err, runtime.ErrInterrupted), errors.Is(err, ErrClosed):
		return err
	}
	return &runtime.Exception{Name: "InternalError", Message: err.Error()}
}

// outOfMemory is the exception a call returns once the heap watchdog
// stopped the VM; QuickJS reports a refused allocation the same way.
func outOfMemory() error {
	return &runtime.Exception{Name: "InternalError", Message: "out of memory"}
}

// exception reads name, message and stack from a thrown value the way the
// QuickJS binding does: string-valued properties of an object, nothing for
// a primitive. Reading may run getters; one that throws yields "".
func (v *vm) exception(ex *goja.Exception) error {
	obj, ok := ex.Value().(*goja.Object)
	if !ok {
		return &runtime.Exception{}
	}
	e := &runtime.Exception{
		Name:    v.stringProp(obj, "name"),
		Message: v.stringProp(obj, "message"),
		Stack:   quickjsStack(v.stringProp(obj, "stack")),
	}
	if v.interrupted.Load() {
		// A getter was interrupted: the call is over either way.
		return runtime.ErrInterrupted
	}
	return e
}

// stringProp returns obj[name] if it is a string, else "".
func (v *vm) stringProp(obj *goja.Object, name string) (s string) {
	defer func() {
		if recover() != nil { // an uncatchable interrupt inside a getter
			s = ""
		}
	}()
	var val goja.Value
	if v.rt.Try(func() { val = obj.Get(name) }) != nil || val == nil {
		return ""
	}
	if str, ok := val.(goja.String); ok {
		return str.String()
	}
	return ""
}

// quickjsStack rewrites goja's stack text into QuickJS's: it drops the
// "Name: message" header and turns "\tat fn (<eval>:3:10(12))" into
// "    at fn (<eval>:3:10)". Lines after the first frame that are not goja
// frames are kept as they are (a script may have set e.stack itself).
func quickjsStack(s string) string {
	if s == "" {
		return ""
	}
	var b strings.Builder
	seenFrame := false
	for _, line := range strings.Split(s, "\n") {
		frame, ok := strings.CutPrefix(line, "\tat ")
		if !ok {
			if seenFrame && line != "" {
				b.WriteString(line)
				b.WriteByte('\n')
			}
			continue
		}
		seenFrame = true
		name, loc := frame, ""
		if strings.HasSuffix(frame, ")") {
			if i := strings.LastIndex(frame, " ("); i >= 0 {
				name, loc = frame[:i], frame[i+2:len(frame)-1]
			}
		}
		if loc == "" { // "<eval>:3:2(4)": no function name
			name, loc = "", frame
		}
		writeFrame(&b, name, stripPC(loc))
	}
	if !seenFrame {
		return s // not a goja stack: pass it through as QuickJS would
	}
	return b.String()
}

// stripPC removes goja's bytecode offset: "<eval>:3:10(12)" → "<eval>:3:10".
func stripPC(loc string) string {
	if !strings.HasSuffix(loc, ")") {
		return loc
	}
	i := strings.LastIndexByte(loc, '(')
	if i < 0 {
		return loc
	}
	if _, err := strconv.Atoi(loc[i+1 : len(loc)-1]); err != nil {
		return loc
	}
	return loc[:i]
}

func writeFrame(b *strings.Builder, name, loc string) {
	if name == "" {
		name = "<anonymous>"
	}
	b.WriteString("    at ")
	b.WriteString(name)
	b.WriteString(" (")
	b.WriteString(loc)
	b.WriteString(")\n")
}

// framesStack formats goja's structured frames the QuickJS way.
func framesStack(frames []goja.StackFrame) string {
	var b strings.Builder
	for i := range frames {
		f := &frames[i]
		if f.SrcName() == "<native>" {
			writeFrame(&b, f.FuncName(), "native")
			continue
		}
		p := f.Position()
		name := f.FuncName()
		if name == "<anonymous>" {
			name = ""
		}
		writeFrame(&b, name, p.Filename+":"+strconv.Itoa(p.Line)+":"+strconv.Itoa(p.Column))
	}
	return b.String()
}

// stringOf converts a value returned to Go the way the QuickJS binding
// does: "" for undefined, null and symbols, the text of strings, numbers,
// booleans and bigints, and the JSON text of objects (with the original
// JSON.stringify, whatever the script did to the global). An object that
// JSON cannot represent (a function) gives "undefined", as in QuickJS.
func (v *vm) stringOf(val goja.Value) (string, error) {
	if val == nil || goja.IsUndefined(val) || goja.IsNull(val) {
		return "", nil
	}
	if _, isSym := val.(*goja.Symbol); isSym {
		return "", nil
	}
	switch x := val.Export().(type) {
	case string:
		return x, nil
	case bool:
		return strconv.FormatBool(x), nil
	case int64:
		return strconv.FormatInt(x, 10), nil
	case float64:
		return val.String(), nil // JavaScript's Number-to-String, as QuickJS's stringOf
	}
	obj, ok := val.(*goja.Object)
	if !ok {
		return val.String(), nil // bigint
	}
	r, err := v.toJSON(goja.Undefined(), obj)
	if err != nil {
		return "", v.convert(err)
	}
	if goja.IsUndefined(r) {
		return "undefined", nil
	}
	return r.String(), nil
}
