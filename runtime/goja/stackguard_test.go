package goja

import "testing"

func TestStackGuardSupported(t *testing.T) {
	if callStackField == nil {
		t.Fatal("goja's layout changed (Runtime.vm.callStack): a stack overflow is no longer catchable; update callStackField")
	}
}
