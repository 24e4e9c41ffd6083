package tools

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestDecompressionBudgetIsShared: calls hold bytes against one
// process-wide budget; one that would pass it fails at once with ERR_LIMIT
// naming the budget (it never waits), and what a call held is given back
// when it ends, or earlier with Release.
func TestDecompressionBudgetIsShared(t *testing.T) {
	defer func(old int64) { DecompressionBudget = old }(DecompressionBudget)
	DecompressionBudget = 100
	a, endA := withHolding(context.Background())
	b, endB := withHolding(context.Background())
	if err := Hold(a, 60, "a"); err != nil {
		t.Fatal(err)
	}
	err := Hold(b, 50, "b.zip:m.txt")
	if CodeOf(err) != ErrLimit || !errors.Is(err, ErrOverBudget) || !strings.Contains(err.Error(), "b.zip:m.txt: 50B more decompressed data would pass the decompression budget of 100B") {
		t.Fatalf("over the budget: %v", err)
	}
	if err := Hold(b, 40, "b"); err != nil {
		t.Fatalf("within the budget: %v", err)
	}
	Release(b, 30)
	if err := Hold(a, 30, "a"); err != nil {
		t.Fatalf("after a release: %v", err)
	}
	endA()
	if err := Hold(b, 90, "b"); err != nil {
		t.Fatalf("after a call ended: %v", err)
	}
	endB()
	if budget.used != 0 {
		t.Errorf("%d bytes still held after every call ended", budget.used)
	}
	if err := Hold(context.Background(), 1<<40, "outside a call"); err != nil {
		t.Errorf("outside a call: %v", err)
	}
}
