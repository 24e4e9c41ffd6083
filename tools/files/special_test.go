//go:build unix

package files

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/hashline"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/journal"
)

// TestSpecialFilesRefused: read, write and edit of a named pipe or a
// character device fail at once with ERR_INVALID_ARGS, in every file mode
// (a FIFO blocked write and edit forever, /dev/zero grew memory without
// bound), and the pipe is still there.
func TestSpecialFilesRefused(t *testing.T) {
	for _, mode := range []journal.Mode{journal.Write, journal.Atomic, journal.DryRun} {
		env := newEnv(t)
		env.Files = journal.New(mode)
		fifo := filepath.Join(env.Root, "pipe")
		if err := syscall.Mkfifo(fifo, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, target := range []struct{ path, what string }{{"pipe", "a named pipe (FIFO)"}, {"/dev/zero", "a character device"}} {
			calls := map[string]any{
				"read":  ReadArgs{Path: target.path},
				"write": WriteArgs{Path: target.path, Content: ptr("x")},
				"edit":  EditArgs{Input: "[" + target.path + "#" + hashline.Tag("") + "]\nreplace 1..1:\n+x"},
			}
			for tool, args := range calls {
				done := make(chan error, 1)
				go func() { _, err := call(t, env, tool, args); done <- err }()
				select {
				case err := <-done:
					if tools.CodeOf(err) != tools.ErrInvalidArgs || !strings.Contains(err.Error(), "is not a regular file ("+target.what+")") {
						t.Errorf("%v %s %s: %v", mode, tool, target.path, err)
					}
				case <-time.After(5 * time.Second):
					t.Fatalf("%v %s %s: still blocked after 5 s", mode, tool, target.path)
				}
			}
		}
		if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
			t.Errorf("%v: the pipe was replaced: %v", mode, err)
		}
	}
}

// TestLockWaitEndsWithTheCall: a write waiting for a file another process
// holds locked gives up when its call is cancelled (the run's deadline),
// having changed nothing.
func TestLockWaitEndsWithTheCall(t *testing.T) {
	if _, err := exec.LookPath("flock"); err != nil {
		t.Skip("no flock(1)")
	}
	env := newEnv(t)
	p := put(t, env, "f.txt", "old\n")
	mustCall(t, env, "read", ReadArgs{Path: "f.txt"})
	holder := exec.Command("flock", p, "sleep", "30")
	if err := holder.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { holder.Process.Kill(); holder.Wait() }()
	time.Sleep(200 * time.Millisecond) // flock(1) has the lock
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	data, _ := json.Marshal(WriteArgs{Path: "f.txt", Content: ptr("new\n")})
	start := time.Now()
	_, err := tools.Invoke(ctx, toolNamed("write"), env, data)
	if code := tools.CodeOf(err); code != tools.ErrTimeout && code != tools.ErrCancelled {
		t.Errorf("write while another process holds the lock: %v", err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("the write gave up after %v", d)
	}
	if got, _ := os.ReadFile(p); string(got) != "old\n" {
		t.Errorf("file is %q", got)
	}
}
