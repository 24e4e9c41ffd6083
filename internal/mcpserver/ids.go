package mcpserver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// idPrefix starts the string ids the server hands the SDK in place of ids
// it cannot hold. A client string id with this prefix is replaced too, so a
// client cannot collide with a stand-in.
const idPrefix = "\x00as-id:"

// maxExactID bounds the integer ids the SDK keeps exactly: it decodes ids
// through float64 into an int64.
const maxExactID = 1 << 53

// idMap keeps JSON-RPC request ids exact and unique for one session. The
// SDK holds an id as an int64 or a string, so 18446744073709551617 came
// back as -9223372036854775808 and 1.5 as 1; and it drops, unanswered, a
// request whose id is already in flight. Inbound, idMap hands the SDK a
// unique string stand-in for every id it cannot hold exactly and answers a
// duplicate in-flight id itself; outbound, a response gets its original id
// text back. Safe for concurrent use.
type idMap struct {
	mu       sync.Mutex
	next     uint64
	inflight map[string]string          // compact id text of a request in flight → its stand-in, or ""
	original map[string]json.RawMessage // stand-in → the id as the client wrote it
	// dropped holds the requests in flight the client cancelled: MCP
	// sends no response to those, so outbound drops the SDK's.
	dropped map[string]bool
}

// frameHead is what idMap reads of a message.
type frameHead struct {
	ID     json.RawMessage `json:"id"`
	Method *string         `json:"method"`
	Params json.RawMessage `json:"params"`
}

// inbound returns the message to hand the SDK and, for a request whose id
// is already in flight, the error response to send instead (then the
// message is nil).
func (m *idMap) inbound(frame []byte) (forward, reply []byte) {
	var h frameHead
	if json.Unmarshal(frame, &h) != nil || h.Method == nil {
		return frame, nil // a response to the server's own request, or not for us to judge
	}
	if len(h.ID) == 0 || string(h.ID) == "null" {
		if *h.Method == "notifications/cancelled" {
			return m.cancelled(frame, h.Params), nil
		}
		return frame, nil
	}
	key := compact(h.ID)
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, busy := m.inflight[key]; busy {
		return nil, errorLine(h.ID, jsonrpc.CodeInvalidRequest, duplicateID(h.ID))
	}
	if m.inflight == nil {
		m.inflight, m.original = map[string]string{}, map[string]json.RawMessage{}
	}
	stand := ""
	if !exactID(h.ID) {
		m.next++
		stand = idPrefix + strconv.FormatUint(m.next, 10)
		out, err := setField(frame, "id", stand)
		if err != nil {
			return frame, nil
		}
		frame = out
		m.original[stand] = append(json.RawMessage(nil), h.ID...)
	}
	m.inflight[key] = stand
	return frame, nil
}

// cancelled points a cancellation at the stand-in of the request it names,
// and marks that request so that its response is not sent.
func (m *idMap) cancelled(frame []byte, params json.RawMessage) []byte {
	var p map[string]json.RawMessage
	if json.Unmarshal(params, &p) != nil || p["requestId"] == nil {
		return frame
	}
	key := compact(p["requestId"])
	m.mu.Lock()
	stand, live := m.inflight[key]
	if live {
		if m.dropped == nil {
			m.dropped = map[string]bool{}
		}
		m.dropped[key] = true
	}
	m.mu.Unlock()
	if stand == "" {
		return frame
	}
	p["requestId"], _ = json.Marshal(stand)
	np, err := json.Marshal(p)
	if err != nil {
		return frame
	}
	out, err := setField(frame, "params", json.RawMessage(np))
	if err != nil {
		return frame
	}
	return out
}

// outbound returns a message the SDK sends with the original id of the
// request it answers, and frees that id; nil (send nothing) for the
// response to a request the client cancelled.
func (m *idMap) outbound(frame []byte) []byte {
	m.mu.Lock()
	idle := len(m.inflight) == 0
	m.mu.Unlock()
	if idle {
		return frame
	}
	var h frameHead
	if json.Unmarshal(frame, &h) != nil || h.Method != nil || len(h.ID) == 0 {
		return frame // a request or notification of the server's own
	}
	var s string
	m.mu.Lock()
	defer m.mu.Unlock()
	if json.Unmarshal(h.ID, &s) == nil {
		if orig, ok := m.original[s]; ok {
			delete(m.original, s)
			if m.done(compact(orig)) {
				return nil
			}
			if out, err := setField(frame, "id", orig); err == nil {
				return out
			}
			return frame
		}
	}
	if m.done(compact(h.ID)) {
		return nil
	}
	return frame
}

// done frees the request id key and reports whether the client cancelled
// that request. m.mu is held.
func (m *idMap) done(key string) (cancelled bool) {
	delete(m.inflight, key)
	if m.dropped[key] {
		delete(m.dropped, key)
		return true
	}
	return false
}

// exactID reports whether the SDK holds id as the client wrote it: a
// string that is not a stand-in's, or an integer in canonical form within
// ±2^53.
func exactID(id json.RawMessage) bool {
	if id[0] == '"' {
		// Invalid UTF-8 would come back as U+FFFD.
		var s string
		return utf8.Valid(id) && json.Unmarshal(id, &s) == nil && !strings.HasPrefix(s, idPrefix)
	}
	n, err := strconv.ParseInt(string(id), 10, 64)
	return err == nil && strconv.FormatInt(n, 10) == string(id) && n >= -maxExactID && n <= maxExactID
}

// compact is id's JSON text without insignificant white space; a string
// is in the SDK's own encoding, which its responses carry.
func compact(id json.RawMessage) string {
	var s string
	if len(id) > 0 && id[0] == '"' && json.Unmarshal(id, &s) == nil {
		out, _ := json.Marshal(s)
		return string(out)
	}
	var b bytes.Buffer
	if json.Compact(&b, id) != nil {
		return string(id)
	}
	return b.String()
}

// setField returns the JSON object frame with its top-level field name set
// to v, on one line.
func setField(frame []byte, name string, v any) ([]byte, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(frame, &obj); err != nil {
		return nil, err
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	obj[name] = raw
	out, err := json.Marshal(obj)
	if err != nil {
		return nil, err
	}
	if bytes.HasSuffix(frame, []byte("\n")) {
		out = append(out, '\n')
	}
	return out, nil
}

// httpIDs does for streamable HTTP what idMap does for stdio. The SDK
// answers a request on the response of the POST that carried it, so a
// request whose id it cannot hold is handed over with a stand-in, and the
// stand-in is put back in that response only. The SDK refuses duplicates
// of ids it holds exactly; httpIDs refuses those of stand-in ids. A
// request the client cancels (notifications/cancelled, in a later POST of
// the session) gets no response: its POST's stream ends without one. Safe
// for concurrent use.
type httpIDs struct {
	mu       sync.Mutex
	next     uint64
	inflight map[string]bool     // session id and compact id text of requests with a stand-in
	live     map[string]*liveReq // session id and compact id text of every request in flight
}

// liveReq is one request in flight over HTTP.
type liveReq struct {
	stand     string // its stand-in id, or ""
	cancelled atomic.Bool
}

// wrap prepares one POST: it returns the writer and request to hand the
// SDK and the function to call when the SDK is done, or ok false when it
// answered the request itself (a duplicate in-flight id, a batch, a body
// that is not a JSON-RPC message).
func (h *httpIDs) wrap(w http.ResponseWriter, r *http.Request) (http.ResponseWriter, *http.Request, func(), bool) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxFrame+1))
	r.Body.Close()
	r.Body = io.NopCloser(bytes.NewReader(body))
	if err == nil && len(body) <= maxFrame && len(bytes.TrimSpace(body)) > 0 {
		// A batch, or a body that is not one JSON-RPC message, gets the
		// JSON-RPC error the stdio filter sends (the SDK would answer
		// with plain text).
		if reply := checkFrame(body, "request"); reply != nil {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			w.Write(reply)
			return nil, nil, nil, false
		}
	}
	var head frameHead
	if err != nil || len(body) > maxFrame || json.Unmarshal(body, &head) != nil || head.Method == nil {
		return w, r, func() {}, true
	}
	session := r.Header.Get("Mcp-Session-Id") + "\x00"
	if len(head.ID) == 0 || string(head.ID) == "null" {
		if *head.Method == "notifications/cancelled" {
			h.cancel(session, body, head.Params, r)
		}
		return w, r, func() {}, true
	}
	key := session + compact(head.ID)
	req := &liveReq{}
	h.mu.Lock()
	if h.live == nil {
		h.live = map[string]*liveReq{}
	}
	if _, busy := h.live[key]; !busy {
		h.live[key] = req
	}
	h.mu.Unlock()
	free := func() {
		h.mu.Lock()
		if h.live[key] == req {
			delete(h.live, key)
		}
		h.mu.Unlock()
	}
	// The SDK answers an exact id in its own encoding; idWriter puts any
	// other back as the client wrote it.
	shown := []byte(compact(head.ID))
	if !exactID(head.ID) {
		shown = head.ID
	}
	w = &dropWriter{ResponseWriter: w, req: req, id: append([]byte(`"id":`), shown...)}
	if exactID(head.ID) {
		return w, r, free, true
	}
	h.mu.Lock()
	if h.inflight[key] {
		h.mu.Unlock()
		free()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		w.Write(errorLine(head.ID, jsonrpc.CodeInvalidRequest, duplicateID(head.ID)))
		return nil, nil, nil, false
	}
	if h.inflight == nil {
		h.inflight = map[string]bool{}
	}
	h.inflight[key] = true
	h.next++
	stand := idPrefix + strconv.FormatUint(h.next, 10)
	req.stand = stand
	h.mu.Unlock()
	done := func() {
		free()
		h.mu.Lock()
		delete(h.inflight, key)
		h.mu.Unlock()
	}
	out, err := setField(body, "id", stand)
	if err != nil {
		return w, r, done, true
	}
	r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(out)), int64(len(out))
	want, _ := json.Marshal(stand)
	return &idWriter{ResponseWriter: w, from: append([]byte(`"id":`), want...), to: append([]byte(`"id":`), head.ID...)}, r, done, true
}

// cancel marks the request a cancellation names, so that its response is
// not sent, and points the cancellation at the request's stand-in.
func (h *httpIDs) cancel(session string, body []byte, params json.RawMessage, r *http.Request) {
	var p map[string]json.RawMessage
	if json.Unmarshal(params, &p) != nil || p["requestId"] == nil {
		return
	}
	h.mu.Lock()
	req := h.live[session+compact(p["requestId"])]
	h.mu.Unlock()
	if req == nil {
		return
	}
	req.cancelled.Store(true)
	if req.stand == "" {
		return
	}
	p["requestId"], _ = json.Marshal(req.stand)
	np, err := json.Marshal(p)
	if err != nil {
		return
	}
	if out, err := setField(body, "params", json.RawMessage(np)); err == nil {
		r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(out)), int64(len(out))
	}
}

// dropWriter swallows the response to its request once the client has
// cancelled it (notifications and progress still pass).
type dropWriter struct {
	http.ResponseWriter
	req *liveReq
	id  []byte // `"id":` and the request's id, as the response carries it
}

func (w *dropWriter) Write(p []byte) (int, error) {
	if w.req.cancelled.Load() && bytes.Contains(p, w.id) {
		return len(p), nil
	}
	return w.ResponseWriter.Write(p)
}

// Unwrap lets http.ResponseController reach the connection's Flusher.
func (w *dropWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// idWriter puts a request's own id back in place of its stand-in in the
// response the SDK writes (one JSON body, or server-sent events each
// written whole).
type idWriter struct {
	http.ResponseWriter
	from, to []byte
}

func (w *idWriter) Write(p []byte) (int, error) {
	if i := bytes.Index(p, w.from); i >= 0 {
		q := make([]byte, 0, len(p)-len(w.from)+len(w.to))
		q = append(append(append(q, p[:i]...), w.to...), p[i+len(w.from):]...)
		if _, err := w.ResponseWriter.Write(q); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	return w.ResponseWriter.Write(p)
}

// Unwrap lets http.ResponseController reach the connection's Flusher.
func (w *idWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// duplicateID is the error message for a request whose id is in flight.
func duplicateID(id json.RawMessage) string {
	return fmt.Sprintf("atomic-script rejected request id %s: a request with this id is still in flight; nothing was run. Give every request its own id.", compact(id))
}
