package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// buildCLI builds the atomic-script binary for tests that run it as
// separate processes.
func buildCLI(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "atomic-script")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// homeIn is the environment of a built CLI run in dir: its home, settings
// and state there, so the user's never count.
func homeIn(dir string) []string {
	return append(os.Environ(), "HOME="+dir, "ATOMIC_HOME="+filepath.Join(dir, ".atomic"), "ATOMIC_STATE_DIR="+filepath.Join(dir, "state"), "TMPDIR="+dir)
}

// TestConcurrentRunsLoseNoEdit is the stress test of the per-file lock: N
// `atomic-script run` processes change the same files at the same time —
// one-line edits of one file, whole-file writes of another, and edits of
// two files in one call — and every change a process reported as done is
// on disk at the end. (Without the lock, 30 runs all reported success and
// about half the edits were lost.)
func TestConcurrentRunsLoseNoEdit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the CLI and runs many processes")
	}
	const n = 16
	bin := buildCLI(t)
	dir := t.TempDir()
	home := t.TempDir()
	// Each process changes its own line, ten lines from the next one's, so
	// no two edits overlap (a stale tag is recovered when the changes since
	// do not touch the edit's lines or their context).
	var lines []string
	for i := 1; i <= 10*n+10; i++ {
		lines = append(lines, fmt.Sprintf("line %d", i))
	}
	for _, f := range []string{"edit.txt", "a.txt", "b.txt"} {
		os.WriteFile(filepath.Join(dir, f), []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	}
	os.WriteFile(filepath.Join(dir, "write.txt"), nil, 0o644)

	// Each process i: replace line 10i of edit.txt; append "w i" to
	// write.txt with a whole-file write; replace line 10i of a.txt and of
	// b.txt in one edit call. It prints one word per change it made.
	script := `
const i = +ARGS[0] * 10;
const tag = (t) => t.match(/#([0-9A-F]{4})\]/)[1];
const done = [];
try {
  const r = await tools.read({path: "edit.txt"});
  await tools.edit({input: "[edit.txt#" + tag(r) + "]\nreplace " + i + ".." + i + ":\n+edited " + i});
  done.push("edit");
} catch (e) { console.log("edit: " + e.code) }
try {
  const cur = await tools.read({path: "write.txt:raw"});
  await tools.write({path: "write.txt", content: cur + "w " + ARGS[0] + "\n"});
  done.push("write");
} catch (e) { console.log("write: " + e.code) }
try {
  const a = await tools.read({path: "a.txt"}), b = await tools.read({path: "b.txt"});
  await tools.edit({input: "[a.txt#" + tag(a) + "]\nreplace " + i + ".." + i + ":\n+a " + i + "\n[b.txt#" + tag(b) + "]\nreplace " + i + ".." + i + ":\n+b " + i});
  done.push("pair");
} catch (e) { console.log("pair: " + e.code) }
text("done: " + done.join(" "));
`
	type outcome struct {
		out string
		err error
	}
	results := make([]outcome, n+1)
	var wg sync.WaitGroup
	for i := 1; i <= n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(bin, "run", "--timeout", "120s", "-e", script, "--", fmt.Sprint(i))
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "HOME="+home, "ATOMIC_HOME="+filepath.Join(home, ".atomic"), "ATOMIC_STATE_DIR="+filepath.Join(home, "state"))
			out, err := cmd.CombinedOutput()
			results[i] = outcome{string(out), err}
		}()
	}
	wg.Wait()

	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	editTxt, writeTxt, aTxt, bTxt := read("edit.txt"), read("write.txt"), read("a.txt"), read("b.txt")
	succeeded := map[string]int{}
	for i := 1; i <= n; i++ {
		r := results[i]
		if r.err != nil {
			t.Errorf("run %d: %v\n%s", i, r.err, r.out)
			continue
		}
		_, rest, ok := strings.Cut(r.out, "done:")
		if !ok {
			t.Errorf("run %d printed no summary:\n%s", i, r.out)
			continue
		}
		line, _, _ := strings.Cut(rest, "\n")
		for _, change := range strings.Fields(line) {
			succeeded[change]++
			var lost bool
			switch change {
			case "edit":
				lost = !strings.Contains(editTxt, fmt.Sprintf("edited %d\n", 10*i))
			case "write":
				lost = !strings.Contains(writeTxt, fmt.Sprintf("w %d\n", i))
			case "pair":
				lost = !strings.Contains(aTxt, fmt.Sprintf("a %d\n", 10*i)) || !strings.Contains(bTxt, fmt.Sprintf("b %d\n", 10*i))
			}
			if lost {
				t.Errorf("run %d reported its %s as done, but it is not on disk:\n%s", i, change, r.out)
			}
		}
	}
	// Edits of lines far apart never conflict: each recovers a stale tag,
	// so every one of them lands.
	if succeeded["edit"] != n || succeeded["pair"] != n {
		t.Errorf("successes %v, want all %d edits and pairs (lines far apart never conflict)", succeeded, n)
	}
	if succeeded["write"] < 1 {
		t.Errorf("no whole-file write succeeded: %v", succeeded)
	}
	t.Logf("successes of %d runs: %v", n, succeeded)
}
