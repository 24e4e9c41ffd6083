package runtime_test

import (
	"testing"

	"github.com/atomic-script/atomic-script/runtime"
	"github.com/atomic-script/atomic-script/runtime/runtimetest"
)

// TestConformance runs the engine-independent contract suite on QuickJS.
func TestConformance(t *testing.T) {
	runtimetest.Run(t, runtime.NewQuickJS,
		runtimetest.Deviation("call sees a redefined global function",
			"modernc.org/quickjs's VM.Call keeps calling the function a name had at its first Call, even after the global is redeclared or reassigned"))
}
