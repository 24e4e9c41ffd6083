package safefile

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// The lock tests run on every system: flock on POSIX, LockFileEx on
// Windows (where a writer renames over a file other processes hold open
// for the lock, which works only because the lock's handle shares delete).

// TestMain lets the test binary act as a second process holding a lock:
// SAFEFILE_HOLD=path locks path, prints "locked", and releases it when
// its stdin closes (after renaming a new file over path when
// SAFEFILE_REPLACE is set).
func TestMain(m *testing.M) {
	if p := os.Getenv("SAFEFILE_HOLD"); p != "" {
		unlock, err := Lock(context.Background(), p)
		if err != nil {
			os.Stdout.WriteString("error " + err.Error() + "\n")
			os.Exit(1)
		}
		os.Stdout.WriteString("locked\n")
		buf := make([]byte, 1)
		os.Stdin.Read(buf)
		if os.Getenv("SAFEFILE_REPLACE") != "" {
			os.WriteFile(p+".new", []byte("new"), 0o644)
			if err := os.Rename(p+".new", p); err != nil {
				os.Stdout.WriteString("error " + err.Error() + "\n")
				os.Exit(1)
			}
		}
		unlock()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// holder is another process holding path's lock until release.
func holder(t *testing.T, path string, replace bool) (release func()) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "SAFEFILE_HOLD="+path)
	if replace {
		cmd.Env = append(cmd.Env, "SAFEFILE_REPLACE=1")
	}
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 64)
	n, _ := stdout.Read(buf)
	if string(buf[:n]) != "locked\n" {
		t.Fatalf("holder said %q", buf[:n])
	}
	return func() {
		stdin.Close()
		rest, _ := io.ReadAll(stdout)
		if err := cmd.Wait(); err != nil {
			t.Errorf("holder: %v: %s", err, rest)
		}
	}
}

// TestLockExcludesOtherProcesses: a lock another process holds is waited
// for, the wait ends with the context, and a waiter whose file was renamed
// over while it waited locks the new file.
func TestLockExcludesOtherProcesses(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f")
	os.WriteFile(p, []byte("old"), 0o644)

	release := holder(t, p, false)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	_, err := Lock(ctx, p)
	cancel()
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("lock held by another process: got %v, want the context's deadline", err)
	}
	got := make(chan time.Time, 1)
	go func() {
		unlock, err := Lock(context.Background(), p)
		if err != nil {
			t.Error(err)
		}
		got <- time.Now()
		unlock()
	}()
	time.Sleep(100 * time.Millisecond)
	released := time.Now()
	release()
	if at := <-got; at.Before(released) {
		t.Fatal("locked while another process held the lock")
	}

	// The holder renames a new file over p before releasing: the waiter
	// must end up holding the new file's lock, which a third process then
	// cannot take.
	release = holder(t, p, true)
	locked := make(chan func(), 1)
	go func() {
		unlock, err := Lock(context.Background(), p)
		if err != nil {
			t.Error(err)
		}
		locked <- unlock
	}()
	time.Sleep(50 * time.Millisecond)
	release()
	unlock := <-locked
	if data, _ := os.ReadFile(p); string(data) != "new" {
		t.Fatalf("the holder did not replace the file: %q", data)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "SAFEFILE_HOLD="+p)
	cmd.Start()
	waited := make(chan struct{})
	go func() { cmd.Wait(); close(waited) }()
	select {
	case <-waited:
		t.Fatal("a third process locked the new file while the waiter held it")
	case <-time.After(200 * time.Millisecond):
	}
	unlock()
	cmd.Process.Kill()
	<-waited
}

// TestLockInProcess: holders in one process exclude each other, and the
// wait ends with the context.
func TestLockInProcess(t *testing.T) {
	p := filepath.Join(t.TempDir(), "missing") // no file: the in-process lock alone
	unlock, err := Lock(context.Background(), p, p)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := Lock(ctx, p); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("second holder: %v", err)
	}
	unlock()
	unlock2, err := Lock(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	unlock2()
	if len(inProcess.locks) != 0 {
		t.Errorf("%d locks left in the set", len(inProcess.locks))
	}
}
