package goja_test

import (
	"testing"

	"github.com/atomic-script/atomic-script/runtime/goja"
	"github.com/atomic-script/atomic-script/runtime/runtimetest"
)

// TestConformance runs the engine-independent contract suite on goja.
func TestConformance(t *testing.T) { runtimetest.Run(t, goja.New) }
