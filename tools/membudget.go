package tools

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// DecompressionBudget is how many decompressed bytes the tool calls of
// this process may hold in memory at once: archive members, document
// parts, query results. Each call holds what it takes (Hold) until it
// returns; one over the budget fails with ERR_LIMIT instead of taking the
// process (and every serve session) down with it. A variable so tests can
// lower it.
var DecompressionBudget int64 = 512 << 20

// ErrOverBudget is in the chain of Hold's error (errors.Is): a call that
// iterates (archive members, chapters) ends there rather than skipping to
// the next item.
var ErrOverBudget = errors.New("over the process-wide decompression budget")

// budget is the process's account of held bytes.
var budget struct {
	mu   sync.Mutex
	used int64
}

// holding is one call's share of the budget.
type holding struct {
	mu   sync.Mutex
	held int64
}

type holdingKey struct{}

// withHolding gives ctx a share of the budget for one call; release
// returns what the call held.
func withHolding(ctx context.Context) (context.Context, func()) {
	h := &holding{}
	return context.WithValue(ctx, holdingKey{}, h), func() {
		h.mu.Lock()
		n := h.held
		h.held = 0
		h.mu.Unlock()
		budget.mu.Lock()
		budget.used -= n
		budget.mu.Unlock()
	}
}

// Hold counts n more decompressed bytes the call of ctx holds in memory
// (what names them in the error). It never waits: over the process-wide
// DecompressionBudget it fails with ERR_LIMIT naming the budget, so calls
// that hold some cannot wait on each other. Outside a tool call (no share
// in ctx) it counts nothing.
func Hold(ctx context.Context, n int64, what string) error {
	h, _ := ctx.Value(holdingKey{}).(*holding)
	if h == nil || n <= 0 {
		return nil
	}
	budget.mu.Lock()
	if budget.used+n > DecompressionBudget {
		used := budget.used
		budget.mu.Unlock()
		h.mu.Lock()
		mine := h.held
		h.mu.Unlock()
		return &Error{Code: ErrLimit, Err: ErrOverBudget, Msg: fmt.Sprintf("%s: %s more decompressed data would pass the decompression budget of %s that the calls of this process hold in memory at once (%s held now, %s of it by this call). Read less at once (a member, a table page, a narrower search path), or retry once other calls have finished",
			what, sizeText(n), sizeText(DecompressionBudget), sizeText(used), sizeText(mine))}
	}
	budget.used += n
	budget.mu.Unlock()
	h.mu.Lock()
	h.held += n
	h.mu.Unlock()
	return nil
}

// sizeText renders a byte count in binary units.
func sizeText(n int64) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%dB", n)
	case n < 1<<20:
		return fmt.Sprintf("%.1fKB", float64(n)/(1<<10))
	case n < 1<<30:
		return fmt.Sprintf("%.1fMB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.1fGB", float64(n)/(1<<30))
}

// Release gives back n bytes the call of ctx held (Hold) and no longer
// does, before the call ends.
func Release(ctx context.Context, n int64) {
	h, _ := ctx.Value(holdingKey{}).(*holding)
	if h == nil || n <= 0 {
		return
	}
	h.mu.Lock()
	n = min(n, h.held)
	h.held -= n
	h.mu.Unlock()
	budget.mu.Lock()
	budget.used -= n
	budget.mu.Unlock()
}
