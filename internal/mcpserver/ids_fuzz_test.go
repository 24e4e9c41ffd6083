package mcpserver

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// FuzzIDMap: whatever id a request carries, the SDK is handed an id it
// holds exactly, and the response it writes goes out with the request's
// own id text; a second request with that id while the first is in flight
// is refused, and accepted again once the first was answered.
func FuzzIDMap(f *testing.F) {
	for _, id := range []string{`1`, `18446744073709551617`, `1.5`, `-0`, `"x"`, `"\u0000as-id:1"`, `1e400`, ` 2 `} {
		f.Add(id)
	}
	f.Fuzz(func(t *testing.T, id string) {
		frame := []byte(`{"jsonrpc":"2.0","id":` + id + `,"method":"ping"}` + "\n")
		if check(frame) != nil {
			return
		}
		var m idMap
		fwd, reply := m.inbound(frame)
		if reply != nil || fwd == nil {
			t.Fatalf("first request refused: %s", reply)
		}
		msg, err := jsonrpc.DecodeMessage(bytes.TrimSpace(fwd))
		if err != nil {
			t.Fatalf("forwarded %s: %v", fwd, err)
		}
		req := msg.(*jsonrpc.Request)
		raw, _ := json.Marshal(req.ID.Raw())
		var h frameHead
		json.Unmarshal(fwd, &h)
		if !sameID(raw, h.ID) {
			t.Fatalf("the SDK holds id %s as %s", h.ID, raw)
		}
		if _, dup := m.inbound(frame); dup == nil {
			t.Fatal("duplicate in-flight id accepted")
		}
		resp, _ := jsonrpc.EncodeMessage(&jsonrpc.Response{ID: req.ID, Result: json.RawMessage(`{}`)})
		out := m.outbound(append(resp, '\n'))
		json.Unmarshal(out, &h)
		if !sameID(h.ID, json.RawMessage(id)) {
			t.Fatalf("answered with id %s, want %s", h.ID, id)
		}
		if _, again := m.inbound(frame); again != nil {
			t.Fatalf("id refused after its answer: %s", again)
		}
	})
}

// sameID compares ids as JSON-RPC does: strings by value (the SDK may
// escape them differently), numbers by their text.
func sameID(a, b json.RawMessage) bool {
	var sa, sb string
	if json.Unmarshal(a, &sa) == nil && json.Unmarshal(b, &sb) == nil {
		return sa == sb
	}
	return compact(a) == compact(b)
}
