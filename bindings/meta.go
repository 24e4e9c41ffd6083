package bindings

import (
	"context"
	"encoding/json"
)

// MaxCallMetaBytes bounds the details.meta a call record keeps: the record
// lasts the whole run, so a tool's large details never bloat it.
const MaxCallMetaBytes = 4 << 10

type metaKey struct{}

// metaHolder carries a call's meta from its worker goroutine to its
// record; the post to the owner goroutine orders the write before the read.
type metaHolder struct{ v json.RawMessage }

// ReportMeta records the "meta" member of a tool result's details in the
// record of the call ctx belongs to (a script's read keeps resolving to
// text; its record says where the text came from and how it was cut).
// Details without a meta, or a meta over MaxCallMetaBytes, are not kept.
func ReportMeta(ctx context.Context, details any) {
	h, ok := ctx.Value(metaKey{}).(*metaHolder)
	if !ok || details == nil {
		return
	}
	data, err := json.Marshal(details)
	if err != nil {
		return
	}
	var d struct {
		Meta json.RawMessage `json:"meta"`
	}
	if json.Unmarshal(data, &d) != nil || len(d.Meta) == 0 || string(d.Meta) == "null" || len(d.Meta) > MaxCallMetaBytes {
		return
	}
	h.v = d.Meta
}
