package gojart_test

import (
	"testing"

	"github.com/atomic-script/atomic-script/internal/runtime/gojart"
	"github.com/atomic-script/atomic-script/internal/runtime/runtimetest"
)

// TestConformance runs the engine-independent contract suite on goja.
func TestConformance(t *testing.T) { runtimetest.Run(t, gojart.New) }
