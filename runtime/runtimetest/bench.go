package runtimetest

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/runtime"
)

// Engine names an engine for Benchmark.
type Engine struct {
	Name string
	New  runtime.New
}

// RoundTrips is the number of awaited host operations one iteration of the
// RoundTrips benchmarks makes.
const RoundTrips = 10000

// Benchmark measures the engines side by side, each benchmark with one
// sub-benchmark per engine:
//
//   - NewClose: creating and closing a VM.
//   - RoundTrips/sequential and RoundTrips/all: RoundTrips awaited host
//     operations through runtime.Loop (settled in batches by Flush, as
//     bindings do), one after another or with Promise.all; the ns/call
//     metric is the cost of one.
//   - Fib27: fib(27), CPU-bound JavaScript; Fib27/timeout with a call
//     timeout armed.
func Benchmark(b *testing.B, engines ...Engine) {
	each := func(name string, f func(b *testing.B, newVM runtime.New)) {
		b.Run(name, func(b *testing.B) {
			for _, e := range engines {
				b.Run(e.Name, func(b *testing.B) { f(b, e.New) })
			}
		})
	}
	each("NewClose", benchNewClose)
	each("RoundTrips/sequential", func(b *testing.B, newVM runtime.New) {
		benchRoundTrips(b, newVM, `for (let i = 0; i < N; i++) await op(i);`)
	})
	each("RoundTrips/all", func(b *testing.B, newVM runtime.New) {
		benchRoundTrips(b, newVM, `await Promise.all(Array.from({length: N}, (_, i) => op(i)));`)
	})
	each("Fib27", func(b *testing.B, newVM runtime.New) { benchFib(b, newVM, 0) })
	each("Fib27/timeout", func(b *testing.B, newVM runtime.New) { benchFib(b, newVM, time.Hour) })
}

func benchNewClose(b *testing.B, newVM runtime.New) {
	b.ReportAllocs()
	for b.Loop() {
		vm, err := newVM(runtime.Options{})
		if err != nil {
			b.Fatal(err)
		}
		vm.Close()
	}
}

func benchRoundTrips(b *testing.B, newVM runtime.New, body string) {
	vm, err := newVM(runtime.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer vm.Close()
	h, err := newAsyncHost(vm)
	if err != nil {
		b.Fatal(err)
	}
	src := `(async () => { const N = ` + strconv.Itoa(RoundTrips) + `; ` + body + ` finish() })()`
	for b.Loop() {
		if err := h.run(context.Background(), time.Time{}, src); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*RoundTrips), "ns/call")
}

func benchFib(b *testing.B, newVM runtime.New, timeout time.Duration) {
	vm, err := newVM(runtime.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer vm.Close()
	vm.SetTimeout(timeout)
	if err := vm.Eval(`function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2) } function run(n) { return fib(Number(n)) }`); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		got, err := vm.Call("run", "27")
		if err != nil || got != "196418" {
			b.Fatalf("fib(27) = %q, %v", got, err)
		}
	}
}
