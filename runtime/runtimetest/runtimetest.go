// Package runtimetest is the conformance suite of the runtime.VM contract:
// table-driven cases that every JavaScript engine of atomic-script must pass
// (QuickJS in runtime/quickjs, goja in runtime/goja), plus benchmarks
// that measure engines side by side.
//
// An engine that deliberately differs in a case says so, naming the case
// and the reason: its VM implements Deviant, or the test that runs the
// suite passes a Deviation. Run then expects that case to fail, reports it
// as skipped with the reason and what was observed, and fails if the case
// passes after all, so a stale declaration cannot hide a fixed (or a
// changed) behaviour.
//
// Its exported API is recorded in internal/archtest's surface golden.
package runtimetest

import (
	"fmt"
	"testing"

	"github.com/atomic-script/atomic-script/internal/testutil/racecheck"

	"github.com/atomic-script/atomic-script/runtime"
)

// Deviant is implemented by a VM whose engine knowingly fails some
// conformance cases. Deviations maps case names to the reason.
type Deviant interface {
	Deviations() map[string]string
}

// Case is one conformance case. Check returns nil when the engine behaves
// as the contract says, or an error that describes what it did instead.
type Case struct {
	Name  string
	Check func(newVM runtime.New) error
	// Slow cases (memory bombs) are skipped in -short mode and under the
	// race detector.
	Slow bool
}

// Cases returns the conformance cases, in the order Run runs them.
func Cases() []Case { return cases }

// Option changes how Run treats an engine.
type Option func(deviations map[string]string)

// Deviation declares that the engine fails case name, for reason.
func Deviation(name, reason string) Option {
	return func(d map[string]string) { d[name] = reason }
}

// Run runs every case against the engine newVM makes, each as a subtest.
func Run(t *testing.T, newVM runtime.New, opts ...Option) {
	t.Helper()
	deviations := deviationsOf(t, newVM)
	for _, o := range opts {
		o(deviations)
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			if c.Slow && (testing.Short() || racecheck.Enabled) {
				t.Skip("slow; skipped in -short mode and under -race")
			}
			err := c.Check(newVM)
			reason, deviates := deviations[c.Name]
			switch {
			case deviates && err == nil:
				t.Fatalf("the engine declares a deviation (%s) but passes: remove the declaration", reason)
			case deviates:
				t.Skipf("declared deviation: %s; observed: %v", reason, err)
			case err != nil:
				t.Fatal(err)
			}
		})
	}
	for name := range deviations {
		if !hasCase(name) {
			t.Errorf("the engine declares a deviation for %q, which is not a case", name)
		}
	}
}

func deviationsOf(t *testing.T, newVM runtime.New) map[string]string {
	vm, err := newVM(runtime.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer vm.Close()
	out := map[string]string{}
	if d, ok := vm.(Deviant); ok {
		for name, reason := range d.Deviations() {
			out[name] = reason
		}
	}
	return out
}

func hasCase(name string) bool {
	for _, c := range cases {
		if c.Name == name {
			return true
		}
	}
	return false
}

// withVM makes a VM with opts, runs f on it and closes it.
func withVM(newVM runtime.New, opts runtime.Options, f func(vm runtime.VM) error) error {
	vm, err := newVM(opts)
	if err != nil {
		return fmt.Errorf("new VM: %w", err)
	}
	defer vm.Close()
	return f(vm)
}

// get evaluates expr in the global scope and returns its string form.
func get(vm runtime.VM, expr string) (string, error) {
	return vm.Call("eval", expr)
}

// expect compares get(vm, expr) with want.
func expect(vm runtime.VM, expr, want string) error {
	got, err := get(vm, expr)
	if err != nil {
		return fmt.Errorf("%s: %w", expr, err)
	}
	if got != want {
		return fmt.Errorf("%s = %q, want %q", expr, got, want)
	}
	return nil
}

// all returns the first error of errs.
func all(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
