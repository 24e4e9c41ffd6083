package quickjs_test

import (
	"testing"

	"github.com/atomic-script/atomic-script/runtime/quickjs"
	"github.com/atomic-script/atomic-script/runtime/runtimetest"
)

// TestConformance runs the engine-independent contract suite on QuickJS.
func TestConformance(t *testing.T) {
	runtimetest.Run(t, quickjs.New)
}
