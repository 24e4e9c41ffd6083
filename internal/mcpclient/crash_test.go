package mcpclient_test

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	goruntime "runtime"
	"strconv"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/internal/mcpclient"
	"github.com/atomic-script/atomic-script/internal/settings"
)

// TestCrashRestartLeaksNothing: a server that dies is started again on the
// next call, and each crash leaves no goroutine behind (the dead session
// was never closed: one SDK listener goroutine leaked per crash).
func TestCrashRestartLeaksNothing(t *testing.T) {
	echo := filepath.Join(t.TempDir(), "echoserver")
	if out, err := exec.Command("go", "build", "-o", echo, "../mcpserver/testdata/echoserver").CombinedOutput(); err != nil {
		t.Fatalf("building the echo server: %v\n%s", err, out)
	}
	before := goruntime.NumGoroutine()
	h := mcpclient.New(map[string]settings.MCPServer{"echo": {Command: echo}}, mcpclient.Options{Root: t.TempDir()})
	s := h.Server("echo")
	pid := func() int {
		t.Helper()
		raw, err := s.Call(context.Background(), "pid", nil)
		if err != nil {
			t.Fatal(err)
		}
		var text string
		if err := json.Unmarshal(raw, &text); err != nil {
			t.Fatalf("pid result %s: %v", raw, err)
		}
		n, err := strconv.Atoi(text)
		if err != nil {
			t.Fatalf("pid %q", text)
		}
		return n
	}
	last := pid()
	for i := 0; i < 3; i++ {
		if p, err := os.FindProcess(last); err != nil {
			t.Fatal(err)
		} else if err := p.Kill(); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(10 * time.Second)
		for {
			// The crash is noticed asynchronously; until then a call may
			// still reach the dead connection and fail.
			raw, err := s.Call(context.Background(), "pid", nil)
			if err == nil {
				var text string
				_ = json.Unmarshal(raw, &text)
				if text != "" && text != strconv.Itoa(last) {
					break
				}
			}
			if time.Now().After(deadline) {
				t.Fatalf("no restart after crash %d: %v", i+1, err)
			}
			time.Sleep(20 * time.Millisecond)
		}
		last = pid()
	}
	if err := h.Close(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for goruntime.NumGoroutine() > before {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			t.Fatalf("%d goroutines before, %d after three crashes and Close:\n%s", before, goruntime.NumGoroutine(), buf[:goruntime.Stack(buf, true)])
		}
		time.Sleep(20 * time.Millisecond)
	}
}
