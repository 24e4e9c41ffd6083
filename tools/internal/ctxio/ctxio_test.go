package ctxio

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
)

// TestReaderStopsWithItsContext: reads are at most Step long, and once the
// context ends the next read fails with its error, whatever is left.
func TestReaderStopsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r := Reader{Ctx: ctx, R: strings.NewReader(strings.Repeat("x", 100)), Step: 30}
	buf := make([]byte, 64)
	if n, err := r.Read(buf); n != 30 || err != nil {
		t.Fatalf("first read: %d, %v; want 30 bytes", n, err)
	}
	cancel()
	if n, err := r.Read(buf); n != 0 || !errors.Is(err, context.Canceled) {
		t.Fatalf("read after cancel: %d, %v; want context.Canceled", n, err)
	}
	whole, err := io.ReadAll(Reader{Ctx: context.Background(), R: strings.NewReader("abc")})
	if string(whole) != "abc" || err != nil {
		t.Fatalf("no step: %q, %v", whole, err)
	}
}
