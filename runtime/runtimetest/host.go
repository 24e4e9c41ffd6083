package runtimetest

import (
	"context"
	"encoding/json"
	"time"

	"github.com/atomic-script/atomic-script/runtime"
)

// asyncHost gives a VM an asynchronous host operation the way bindings do:
// op(value, mode) returns a promise; the host runs the operation on its own
// goroutine, posts the result to the loop, and the loop's Flush settles the
// whole batch of finished operations with one call into JavaScript.
//
// mode is "ok" (resolve with value), "fail" (reject with an Error whose
// message is value), "slow" (resolve after a millisecond) or "never" (the
// operation stays outstanding, so the loop waits for it).
type asyncHost struct {
	vm    runtime.VM
	loop  *runtime.Loop
	batch [][3]any // [id, ok, value]; owner goroutine only
	done  bool     // the script called finish()
}

const asyncHostJS = `
var __pending = new Map(), __next = 0;
function op(value, mode) {
  const id = String(++__next);
  return new Promise(function (resolve, reject) {
    __pending.set(id, {resolve: resolve, reject: reject});
    __hostOp(id, String(value), mode || "ok");
  });
}
function __settle(batch) {
  for (const [id, ok, value] of JSON.parse(batch)) {
    const p = __pending.get(id);
    __pending.delete(id);
    if (ok) p.resolve(value); else p.reject(new Error(value));
  }
}
`

func newAsyncHost(vm runtime.VM) (*asyncHost, error) {
	h := &asyncHost{vm: vm, loop: runtime.NewLoop(vm)}
	h.loop.Flush = h.flush
	if err := vm.Define("__hostOp", h.start); err != nil {
		return nil, err
	}
	if err := vm.Define("finish", func([]string) string { h.done = true; return "" }); err != nil {
		return nil, err
	}
	if err := vm.Eval(asyncHostJS); err != nil {
		return nil, err
	}
	return h, nil
}

// start runs on the owner goroutine, inside JavaScript.
func (h *asyncHost) start(args []string) string {
	id, value, mode := args[0], args[1], args[2]
	post := h.loop.Register()
	if mode == "never" {
		return ""
	}
	go func() {
		if mode == "slow" {
			time.Sleep(time.Millisecond)
		}
		post(func() error {
			h.batch = append(h.batch, [3]any{id, mode != "fail", value})
			return nil
		})
	}()
	return ""
}

func (h *asyncHost) flush() error {
	if len(h.batch) == 0 {
		return nil
	}
	data, err := json.Marshal(h.batch)
	h.batch = h.batch[:0]
	if err != nil {
		return err
	}
	_, err = h.vm.Call("__settle", string(data))
	return err
}

// run evaluates src, then pumps the loop until the script calls finish().
func (h *asyncHost) run(ctx context.Context, deadline time.Time, src string) error {
	h.done = false
	return h.loop.Run(ctx, deadline, func() error { return h.vm.Eval(src) }, func() bool { return h.done })
}
