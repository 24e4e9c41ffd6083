package sandbox

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// needSandbox skips where the kernel or container gives no user
// namespaces, saying why.
func needSandbox(t *testing.T) {
	t.Helper()
	if !Available() {
		t.Skipf("no sandbox here: %v", probe())
	}
}

// run runs script in bash under p and returns its output and error.
func run(t *testing.T, p Plan, script string) (string, error) {
	t.Helper()
	cmd := exec.Command("/bin/bash", "-c", "--", script)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := Wrap(cmd, p); err != nil {
		t.Fatal(err)
	}
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestCommandSeesOnlyTheCopy: in the sandbox the workspace's path is the
// copy, whichever way the command builds it, the read-only directories
// refuse writes, no process outside is visible, and no capability is
// left to undo the mounts.
func TestCommandSeesOnlyTheCopy(t *testing.T) {
	needSandbox(t)
	base := t.TempDir()
	root, cp, objects := filepath.Join(base, "ws"), filepath.Join(base, "copy"), filepath.Join(base, "objects")
	for _, d := range []string{root, filepath.Join(cp, ".git", "real-objects"), objects} {
		os.MkdirAll(d, 0o755)
	}
	os.WriteFile(filepath.Join(root, "a.txt"), []byte("real\n"), 0o644)
	os.WriteFile(filepath.Join(cp, "a.txt"), []byte("copy\n"), 0o644)
	p := Plan{Root: root, Copy: cp, Dir: root, ReadOnly: []Bind{{Source: objects, Target: filepath.Join(cp, ".git", "real-objects")}}}
	half := len(root) / 2
	script := `set -u
d="` + root[:half] + `"; d="${d}` + root[half:] + `"
cat "$d/a.txt"
echo built > "$d/b.txt"
echo here > c.txt
if echo x > "$d/.git/real-objects/x" 2>/dev/null; then echo RO-WRITABLE; fi
for c in /proc/[0-9]*/cwd; do readlink "$c"; done | grep -v "^` + root + `" || true
umount "$d" 2>/dev/null && echo UNMOUNTED
grep -E '^Cap(Eff|Prm|Bnd|Amb)' /proc/self/status`
	out, err := run(t, p, script)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.HasPrefix(out, "copy\n") || strings.Contains(out, "RO-WRITABLE") || strings.Contains(out, "UNMOUNTED") {
		t.Errorf("output:\n%s", out)
	}
	for _, c := range []string{"CapEff", "CapPrm", "CapBnd", "CapAmb"} {
		if !strings.Contains(out, c+":\t0000000000000000") {
			t.Errorf("%s not empty:\n%s", c, out)
		}
	}
	for _, f := range []string{"b.txt", "c.txt"} {
		if _, err := os.Stat(filepath.Join(root, f)); err == nil {
			t.Errorf("%s was written to the real workspace", f)
		}
		if _, err := os.Stat(filepath.Join(cp, f)); err != nil {
			t.Errorf("%s is not in the copy: %v", f, err)
		}
	}
	if data, _ := os.ReadFile(filepath.Join(root, "a.txt")); string(data) != "real\n" {
		t.Errorf("the real a.txt = %q", data)
	}
	if entries, _ := os.ReadDir(objects); len(entries) != 0 {
		t.Errorf("the read-only directory was written: %v", entries)
	}
}

// TestAvailableCanBeTurnedOff: ATOMIC_NO_SANDBOX=1 takes the fallback.
func TestAvailableCanBeTurnedOff(t *testing.T) {
	if os.Getenv("ATOMIC_NO_SANDBOX") == "1" {
		if Available() {
			t.Fatal("ATOMIC_NO_SANDBOX=1 and Available() is true")
		}
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestAvailableCanBeTurnedOff$")
	cmd.Env = append(os.Environ(), "ATOMIC_NO_SANDBOX=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
}
