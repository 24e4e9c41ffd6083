package mcpserver

import (
	"bufio"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func TestCheckFrames(t *testing.T) {
	for _, c := range []struct {
		frame string
		code  int64
		id    string // the id of the error response
	}{
		{`{"jsonrpc":"2.0","id":1,"method":"ping"}`, 0, ""},
		{`[{"jsonrpc":"2.0","id":1,"method":"ping"}]`, -32600, "null"}, // a batch: the SDK would end the session
		{`{"jsonrpc":"2.0","method":"notifications/initialized"}`, 0, ""},
		{`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"codemode","arguments":{"code":"ret`, -32700, "7"},
		{`{"jsonrpc":"2.0","id":"a\"b","method":"tools/call","params":{`, -32700, `"a\"b"`},
		{`{"jsonrpc":"2.0","method":"tools/call","params":{`, -32700, "null"},
		{`{"id": 3, "hello": "world"}`, -32600, "3"},
		{`[{"jsonrpc":"2.0","id":1`, -32700, "1"},
		{`not json at all`, -32700, "null"},
	} {
		reply := check([]byte(c.frame + "\n"))
		if c.code == 0 {
			if reply != nil {
				t.Errorf("%s: rejected: %s", c.frame, reply)
			}
			continue
		}
		var r struct {
			JSONRPC string          `json:"jsonrpc"`
			ID      json.RawMessage `json:"id"`
			Error   struct {
				Code    int64  `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(reply, &r); err != nil {
			t.Fatalf("%s: reply is not JSON: %s", c.frame, reply)
		}
		if r.JSONRPC != "2.0" || string(r.ID) != c.id || r.Error.Code != c.code || !strings.Contains(r.Error.Message, "Original message:\n"+c.frame) || !strings.HasSuffix(string(reply), "}\n") {
			t.Errorf("%s: reply %s", c.frame, reply)
		}
	}
}

func TestReadLineCutsLongLines(t *testing.T) {
	in := strings.Repeat("x", maxFrame+10) + "\n" + `{"ok":1}` + "\n"
	r := bufio.NewReaderSize(strings.NewReader(in), 64<<10)
	first, size, err := readLine(r)
	if err != nil || len(first) != maxFrame+1 || first[len(first)-1] != '\n' || size != maxFrame+11 {
		t.Fatalf("first line: %d bytes of %d, %v", len(first), size, err)
	}
	second, size, err := readLine(r)
	if err != nil || string(second) != `{"ok":1}`+"\n" || size != len(second) {
		t.Fatalf("second line %q (%d), %v", second, size, err)
	}
	reply := tooLong([]byte(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"x":"`+strings.Repeat("y", 5000)), maxFrame+11)
	var r2 struct {
		ID    json.RawMessage `json:"id"`
		Error struct {
			Code    int64  `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(reply, &r2); err != nil || string(r2.ID) != "7" || r2.Error.Code != -32600 || !strings.Contains(r2.Error.Message, fmt.Sprintf("a message of %d bytes: one message may hold at most %d bytes (16 MiB)", maxFrame+11, maxFrame)) {
		t.Errorf("too long: %s", reply)
	}
}

func FuzzCheck(f *testing.F) {
	for _, s := range []string{`{"jsonrpc":"2.0","id":1,"method":"ping"}`, `{"id":1`, `[`, `"x"`, `{"jsonrpc":"2.0","id":"\u00e9","result":{}}`, `[]`, ` [{"jsonrpc":"2.0","id":1,"method":"ping"}]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, frame string) {
		if strings.TrimSpace(frame) == "" || strings.ContainsAny(frame, "\n") {
			return
		}
		reply := check([]byte(frame))
		if trimmed := strings.TrimSpace(frame); reply == nil && strings.HasPrefix(trimmed, "[") && json.Valid([]byte(trimmed)) {
			t.Fatalf("batch %q passed to the SDK, which ends the session on it", frame)
		}
		if reply == nil {
			return
		}
		var r struct {
			ID    json.RawMessage      `json:"id"`
			Error struct{ Code int64 } `json:"error"`
		}
		if err := json.Unmarshal(reply, &r); err != nil || (r.Error.Code != -32700 && r.Error.Code != -32600) || len(r.ID) == 0 {
			t.Fatalf("bad reply %s for %q", reply, frame)
		}
	})
}

func TestCheckLoopback(t *testing.T) {
	for addr, ok := range map[string]bool{
		"127.0.0.1:8765": true, "localhost:0": true, "[::1]:9000": true, "127.1.2.3:1": true,
		"0.0.0.0:8765": false, ":8765": false, "192.168.1.2:80": false, "[::]:1": false, "example.com:80": false, "127.0.0.1": false,
	} {
		if err := CheckLoopback(addr); (err == nil) != ok {
			t.Errorf("%s: %v", addr, err)
		}
	}
}
