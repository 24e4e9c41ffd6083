package goja

import (
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/runtime"
)

// TestTimeoutAtReturnDoesNotLeak fires the timeout of a call at the one
// moment the race allows it to matter: after the last JavaScript
// instruction, before the call returns. Calling a host function directly
// runs no bytecode after it, so goja never consumes the interrupt; the next
// call must still run.
func TestTimeoutAtReturnDoesNotLeak(t *testing.T) {
	rv, err := New(runtime.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer rv.Close()
	v := rv.(*vm)
	if err := v.Define("fire", func([]string) string {
		v.stop(v.seq, stopTimeout)
		return "fired"
	}); err != nil {
		t.Fatal(err)
	}
	v.SetTimeout(time.Minute)
	if got, err := v.Call("fire"); err != nil || got != "fired" {
		t.Fatalf("fire: %q %v", got, err)
	}
	if got, err := v.Call("eval", `"short"`); err != nil || got != "short" {
		t.Fatalf("the call after a timeout at return: %q %v", got, err)
	}
}
