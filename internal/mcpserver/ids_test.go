package mcpserver_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"
)

// rawSession is a served binary spoken to line by line.
type rawSession struct {
	send  func(string)
	recv  func() rawReply
	close func() // closes serve's stdin
}

type rawReply struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func (w *workspace) rawServe(t *testing.T) *rawSession {
	t.Helper()
	s, _ := w.rawServeProc(t)
	return s
}

// rawServeProc is rawServe that also returns the serve process.
func (w *workspace) rawServeProc(t *testing.T) (*rawSession, *os.Process) {
	t.Helper()
	cmd := w.command("serve")
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stdin.Close(); cmd.Process.Kill(); cmd.Wait() })
	dec := json.NewDecoder(stdout)
	s := &rawSession{
		close: func() { stdin.Close() },
		send:  func(s string) { fmt.Fprintln(stdin, s) },
		recv: func() rawReply {
			for {
				var r rawReply
				if err := dec.Decode(&r); err != nil {
					t.Fatal(err)
				}
				if r.Method == "" { // skip notifications (progress, logs)
					return r
				}
			}
		},
	}
	s.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`)
	if r := s.recv(); string(r.ID) != "1" || r.Error != nil {
		t.Fatalf("initialize: %+v", r)
	}
	s.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return s, cmd.Process
}

// TestRequestIDsEchoedExactly: every id a client may send comes back as the
// same JSON text, also those the SDK holds as an int64 (beyond int64, past
// 2^53, fractions, exponents) and strings that look like the server's own
// stand-ins.
func TestRequestIDsEchoedExactly(t *testing.T) {
	s := newWorkspace(t, "", "").rawServe(t)
	for _, id := range []string{`18446744073709551617`, `-9223372036854775809`, `9007199254740993`, `1.5`, `1e3`, `-0`, `2.0`, `7`, `"x"`, `"\u0000as-id:1"`, `123456789012345678901234567890`} {
		s.send(`{"jsonrpc":"2.0","id":` + id + `,"method":"ping"}`)
		if r := s.recv(); string(r.ID) != id || r.Error != nil {
			t.Errorf("ping with id %s: answered with id %s (%+v)", id, r.ID, r.Error)
		}
	}
}

// TestDuplicateInFlightID: a request reusing the id of one still running
// is answered at once with an error under that id, and the first request
// still gets its own answer.
func TestDuplicateInFlightID(t *testing.T) {
	s := newWorkspace(t, "", "").rawServe(t)
	for _, id := range []string{`50`, `18446744073709551617`} {
		slow := `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"codemode","arguments":{"code":"await tools.bash({command:'sleep 1'}); return 'first'"}}}`
		s.send(slow)
		s.send(`{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"codemode","arguments":{"code":"return 'second'"}}}`)
		r := s.recv()
		if string(r.ID) != id || r.Error == nil || r.Error.Code != -32600 || !strings.Contains(r.Error.Message, "in flight") {
			t.Fatalf("duplicate id %s: %s %+v", id, r.ID, r.Error)
		}
		r = s.recv()
		if string(r.ID) != id || r.Error != nil || !strings.Contains(string(r.Result), "first") {
			t.Fatalf("first request %s: %s %s %+v", id, r.ID, r.Result, r.Error)
		}
		// The id is free again once answered.
		s.send(`{"jsonrpc":"2.0","id":` + id + `,"method":"ping"}`)
		if r := s.recv(); string(r.ID) != id || r.Error != nil {
			t.Fatalf("id %s reused after its answer: %+v", id, r)
		}
	}
}

// TestRequestIDsOverHTTP: over streamable HTTP too, an id the SDK cannot
// hold comes back as sent, and a duplicate of one in flight is refused.
func TestRequestIDsOverHTTP(t *testing.T) {
	w := newWorkspace(t, "", "")
	_, endpoint, auth := w.serveHTTP(t)
	session := ""
	post := func(body string) (int, string) {
		req, _ := http.NewRequest("POST", endpoint, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Authorization", auth)
		req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
		if session != "" {
			req.Header.Set("Mcp-Session-Id", session)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if session == "" {
			session = resp.Header.Get("Mcp-Session-Id")
		}
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	post(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`)
	post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	for _, id := range []string{`18446744073709551617`, `1.5`, `"\u0000as-id:1"`, `7`} {
		if _, body := post(`{"jsonrpc":"2.0","id":` + id + `,"method":"ping"}`); !strings.Contains(body, `"id":`+id+`,`) {
			t.Errorf("ping with id %s: %s", id, body)
		}
	}
	const id = `18446744073709551617`
	first := make(chan string, 1)
	go func() {
		_, body := post(`{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"codemode","arguments":{"code":"await tools.bash({command:'sleep 1'}); return 'first'"}}}`)
		first <- body
	}()
	time.Sleep(300 * time.Millisecond)
	status, body := post(`{"jsonrpc":"2.0","id":` + id + `,"method":"ping"}`)
	if status != 400 || !strings.Contains(body, `"id":`+id+`,`) || !strings.Contains(body, "in flight") {
		t.Errorf("duplicate: %d %s", status, body)
	}
	if body := <-first; !strings.Contains(body, `"id":`+id+`,`) || !strings.Contains(body, "first") {
		t.Errorf("first: %s", body)
	}
}
