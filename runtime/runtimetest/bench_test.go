package runtimetest_test

import (
	"testing"

	"github.com/atomic-script/atomic-script/runtime/goja"
	"github.com/atomic-script/atomic-script/runtime/quickjs"
	"github.com/atomic-script/atomic-script/runtime/runtimetest"
)

// BenchmarkEngines measures QuickJS and goja side by side:
//
//	go test -run '^$' -bench Engines ./runtime/runtimetest
func BenchmarkEngines(b *testing.B) {
	runtimetest.Benchmark(b,
		runtimetest.Engine{Name: "quickjs", New: quickjs.New},
		runtimetest.Engine{Name: "goja", New: goja.New})
}
