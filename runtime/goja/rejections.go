package goja

import (
	"slices"

	"github.com/dop251/goja"

	"github.com/atomic-script/atomic-script/runtime"
)

// trackRejections records the promises rejected with no handler, and
// forgets one when a handler is attached later.
func (v *vm) trackRejections() {
	v.rt.SetPromiseRejectionTracker(func(p *goja.Promise, op goja.PromiseRejectionOperation) {
		switch op {
		case goja.PromiseRejectionReject:
			v.rejected = append(v.rejected, p)
		case goja.PromiseRejectionHandle:
			if i := slices.Index(v.rejected, p); i >= 0 {
				v.rejected = slices.Delete(v.rejected, i, i+1)
			}
		}
	})
}

// UnhandledRejections implements [runtime.RejectionTracker].
func (v *vm) UnhandledRejections() []runtime.Exception {
	if v.closed {
		return nil
	}
	out := make([]runtime.Exception, 0, len(v.rejected))
	for _, p := range v.rejected {
		reason := p.Result()
		if obj, ok := reason.(*goja.Object); ok && obj.ClassName() == "Error" {
			out = append(out, runtime.Exception{Name: v.stringProp(obj, "name"), Message: v.stringProp(obj, "message"),
				Stack: quickjsStack(v.stringProp(obj, "stack")), CallID: v.stringProp(obj, "callId")})
			continue
		}
		msg := ""
		if reason != nil {
			_ = v.rt.Try(func() { msg = reason.String() })
		}
		out = append(out, runtime.Exception{Message: msg})
	}
	return out
}
