package runtimetest_test

import (
	"testing"

	"github.com/atomic-script/atomic-script/internal/runtime"
	"github.com/atomic-script/atomic-script/internal/runtime/gojart"
	"github.com/atomic-script/atomic-script/internal/runtime/runtimetest"
)

// BenchmarkEngines measures QuickJS and goja side by side:
//
//	go test -run '^$' -bench Engines ./runtime/runtimetest
func BenchmarkEngines(b *testing.B) {
	runtimetest.Benchmark(b,
		runtimetest.Engine{Name: "quickjs", New: runtime.NewQuickJS},
		runtimetest.Engine{Name: "goja", New: gojart.New})
}
