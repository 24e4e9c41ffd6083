// Package ctxio stops reads when a call's context ends: a decompressor,
// parser or copy loop fed through it returns the context's error at its
// next read instead of running on after the call was cancelled.
package ctxio

import (
	"context"
	"io"
)

// Reader reads from R until Ctx ends. Step, when above 0, is the most one
// read hands out, so a reader that asks for a large buffer still checks
// Ctx every Step bytes.
type Reader struct {
	Ctx  context.Context
	R    io.Reader
	Step int
}

func (c Reader) Read(p []byte) (int, error) {
	if err := c.Ctx.Err(); err != nil {
		return 0, err
	}
	if c.Step > 0 && len(p) > c.Step {
		p = p[:c.Step]
	}
	return c.R.Read(p)
}
