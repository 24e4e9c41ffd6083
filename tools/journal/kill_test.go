package journal

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// killChildEnv makes the test binary a writer child (see TestMain).
const killChildEnv = "ATOMIC_JOURNAL_KILL_CHILD"

// killContent is what the child writes in turn: 4 MiB of one byte, so a
// write takes long enough to be killed in the middle.
func killContent(c byte) []byte { return bytes.Repeat([]byte{c}, 4<<20) }

func TestMain(m *testing.M) {
	if path := os.Getenv(killChildEnv); path != "" {
		j := New(Write)
		fmt.Println("ready")
		for i := 0; ; i++ {
			c := byte('a' + i%2)
			if err := j.WriteFile(path, killContent(c), 0o644); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(3)
			}
		}
	}
	os.Exit(m.Run())
}

// TestKillDuringWrite kills a process that rewrites one file over and over
// at random moments: the file must always hold one whole version, never a
// mix or a truncation.
func TestKillDuringWrite(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns and kills writer processes")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "target.bin")
	if err := os.WriteFile(path, killContent('a'), 0o640); err != nil {
		t.Fatal(err)
	}
	for round := range 12 {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), killChildEnv+"="+path)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		buf := make([]byte, 6)
		if _, err := out.Read(buf); err != nil || !strings.HasPrefix(string(buf), "ready") {
			t.Fatalf("child did not start: %q %v", buf, err)
		}
		time.Sleep(time.Duration(5+rand.IntN(60)) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()

		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		if len(data) != 4<<20 || !(bytes.Equal(data, killContent('a')) || bytes.Equal(data, killContent('b'))) {
			t.Fatalf("round %d: the file holds a mix or a truncation (%d bytes, starts %q, ends %q)", round, len(data), data[:min(8, len(data))], data[max(0, len(data)-8):])
		}
		if fi, _ := os.Stat(path); posixModes && fi.Mode().Perm() != 0o640 {
			t.Fatalf("round %d: mode %v, want 0640 kept", round, fi.Mode())
		}
	}
	// Temp files of killed writes may stay behind (nothing can remove them
	// after SIGKILL); they are dot-files named after the target, never the
	// target itself.
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.Name() != "target.bin" && !strings.HasPrefix(e.Name(), ".target.bin.atomic-") {
			t.Errorf("unexpected file %s", e.Name())
		}
	}
}
