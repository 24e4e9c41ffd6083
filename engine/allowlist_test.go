package engine_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/engine"
)

// TestAllowListDoesNotCoverRiskyOptions: the documented allow list
// ("go test *", "git diff *", writes denied) does not let go test -exec
// run another program nor git diff --output overwrite a file: a * does
// not cover such options, so the call is asked for — and with nobody to
// ask (CI), denied with the reason. What the patterns say still runs.
func TestAllowListDoesNotCoverRiskyOptions(t *testing.T) {
	for _, prog := range []string{"git", "go"} {
		if _, err := exec.LookPath(prog); err != nil {
			t.Skipf("%s is not installed", prog)
		}
	}
	eng, root := approvalEngine(t, policy("settings.json", map[engine.ApprovalClass]engine.ApprovalRule{
		engine.ClassBash:  {Action: engine.ActionAsk, Allow: []string{"go test *", "git diff *"}},
		engine.ClassWrite: {Action: engine.ActionDeny},
	}))
	gitCmd := exec.Command("git", "init", "-q", root)
	if out, err := gitCmd.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	work := filepath.Join(root, "work.txt")
	if err := os.WriteFile(work, []byte("uncommitted work\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	mark := filepath.Join(root, "PWNED")
	r := run(t, eng, `
		const out = [];
		for (const c of [`+jsString(`go test -exec "sh -c 'touch `+mark+`'" ./...`)+`, "git diff --output=work.txt", "git diff --out=work.txt", "git diff --stat"]) {
			try { await tools.bash({command: c}); out.push("ran") } catch (e) { out.push(e.code + ": " + e.message) }
		}
		return out.join("\n")`)
	if !r.OK {
		t.Fatalf("%s", r.Text)
	}
	var text string
	if err := json.Unmarshal(r.Value, &text); err != nil {
		t.Fatal(err)
	}
	got := strings.Split(text, "\n")
	if len(got) != 4 || got[3] != "ran" {
		t.Fatalf("results:\n%s", strings.Join(got, "\n"))
	}
	for i, want := range []string{`"-exec", which runs another program`, `"--output", which writes a file named on the command line`, `"--out"`} {
		if !strings.Contains(got[i], "ERR_DENIED") || !strings.Contains(got[i], want) {
			t.Errorf("call %d: %s, want ERR_DENIED naming %s", i+1, got[i], want)
		}
	}
	if _, err := os.Stat(mark); err == nil {
		t.Error("go test -exec ran its program")
	}
	if data, _ := os.ReadFile(work); string(data) != "uncommitted work\n" {
		t.Errorf("git diff --output overwrote work.txt: %q", data)
	}
	if c := callNamed(r, "2"); c.Approval != engine.Denied || !strings.Contains(c.ApprovalRule, "--output") {
		t.Errorf("record of git diff --output: %+v", c)
	}
}
