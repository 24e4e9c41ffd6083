package quickjs

import (
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/atomic-script/atomic-script/runtime"
	"modernc.org/libc"
	lib "modernc.org/libquickjs"
)

// QuickJS calls its host promise-rejection tracker when a promise is
// rejected with no handler (and again when one is attached later); the
// binding sets none, so such rejections vanished (quickjs-notes.md, item
// 6). The tracker is a C callback: one Go function for every VM, which
// finds its VM's list by the C context it is called with.

// rejections are a VM's rejections no handler took yet, oldest first.
type rejections struct {
	mu   sync.Mutex
	list []rejection
	// stopping is the VM's interrupted flag: a promise rejected while the
	// VM is being stopped (exit(), the deadline, an abort) was rejected by
	// the stop — the interrupt, or a builtin it cut short — not by the
	// script, so it is not recorded.
	stopping *atomic.Bool
}

type rejection struct {
	promise uint64 // the promise's address in the engine's heap
	ex      runtime.Exception
}

// trackers maps a C context to its VM's rejections.
var trackers sync.Map // uintptr → *rejections

// trackerFunc is rejectionTracker as the engine calls C function pointers.
var trackerFunc = rejectionTracker

// trackRejections installs the tracker for the VM whose C context is ctx.
func trackRejections(ctx uintptr, stopping *atomic.Bool) *rejections {
	r := &rejections{stopping: stopping}
	trackers.Store(ctx, r)
	rt := (*lib.TJSContext)(cMemory(ctx)).Frt
	lib.XJS_SetHostPromiseRejectionTracker(nil, rt, *(*uintptr)(unsafe.Pointer(&trackerFunc)), 0)
	return r
}

// rejectionTracker is QuickJS's JSHostPromiseRejectionTracker. A promise
// is recorded once as unhandled; handled is then reported for it only if
// a handler comes later, so removing the newest record of its address is
// right even when a freed promise's address was reused.
func rejectionTracker(tls *libc.TLS, ctx uintptr, promise, reason lib.TJSValue, handled int32, _ uintptr) {
	v, ok := trackers.Load(ctx)
	if !ok {
		return
	}
	r := v.(*rejections)
	key := promise.Fu.Fuint641
	if handled != 0 {
		r.mu.Lock()
		defer r.mu.Unlock()
		for i := len(r.list) - 1; i >= 0; i-- {
			if r.list[i].promise == key {
				r.list = append(r.list[:i], r.list[i+1:]...)
				break
			}
		}
		return
	}
	if r.stopping.Load() {
		return
	}
	ex := describeReason(tls, ctx, reason) // may run JS: before the lock
	if ex.Name == "InternalError" && ex.Message == "interrupted" {
		return // the engine's own timeout, a hair before the loop stops it
	}
	r.mu.Lock()
	r.list = append(r.list, rejection{key, ex})
	r.mu.Unlock()
}

// describeReason reads a rejection's reason: an Error's name, message and
// stack, or any other value as String(value).
func describeReason(tls *libc.TLS, ctx uintptr, reason lib.TJSValue) runtime.Exception {
	if lib.XJS_HasException(tls, ctx) != 0 {
		return runtime.Exception{Message: "(a rejection whose reason could not be read)"}
	}
	if lib.XJS_IsError(tls, ctx, reason) == 0 {
		return runtime.Exception{Message: cString(tls, ctx, reason)}
	}
	prop := func(name string) string {
		cname, err := libc.CString(name)
		if err != nil {
			return ""
		}
		defer libc.Xfree(tls, cname)
		v := lib.XJS_GetPropertyStr(tls, ctx, reason, cname)
		defer lib.XFreeValue(tls, ctx, v)
		if v.Ftag == lib.EJS_TAG_EXCEPTION {
			lib.XFreeValue(tls, ctx, lib.XJS_GetException(tls, ctx))
			return ""
		}
		return cString(tls, ctx, v)
	}
	return runtime.Exception{Name: prop("name"), Message: prop("message"), Stack: prop("stack"), CallID: prop("callId")}
}

// cString is String(v), or "" when that throws (the exception is cleared).
func cString(tls *libc.TLS, ctx uintptr, v lib.TJSValue) string {
	p := lib.XJS_ToCStringLen2(tls, ctx, 0, v, 0)
	if p == 0 {
		if lib.XJS_HasException(tls, ctx) != 0 {
			lib.XFreeValue(tls, ctx, lib.XJS_GetException(tls, ctx))
		}
		return ""
	}
	defer lib.XJS_FreeCString(tls, ctx, p)
	return libc.GoString(p)
}

// UnhandledRejections implements [RejectionTracker].
func (q *quickjsVM) UnhandledRejections() []runtime.Exception {
	if q.rejections == nil {
		return nil
	}
	q.rejections.mu.Lock()
	defer q.rejections.mu.Unlock()
	out := make([]runtime.Exception, len(q.rejections.list))
	for i, r := range q.rejections.list {
		out[i] = r.ex
	}
	return out
}
