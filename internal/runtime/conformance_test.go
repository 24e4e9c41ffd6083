package runtime_test

import (
	"testing"

	"github.com/atomic-script/atomic-script/internal/runtime"
	"github.com/atomic-script/atomic-script/internal/runtime/runtimetest"
)

// TestConformance runs the engine-independent contract suite on QuickJS.
func TestConformance(t *testing.T) {
	runtimetest.Run(t, runtime.NewQuickJS)
}
