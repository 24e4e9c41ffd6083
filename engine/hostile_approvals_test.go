package engine_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/engine"
)

// TestHostileApprovals: a script cannot lift its own approval policy, nor
// reach a denied tool another way. bash is denied and writes ask (with
// nothing to ask), so every attempt must end in ERR_DENIED with no file
// made.
func TestHostileApprovals(t *testing.T) {
	home := t.TempDir()
	eng, root := approvalEngine(t, engine.ApprovalPolicy{
		Layers: []engine.ApprovalLayer{{Source: "user settings", Rules: map[engine.ApprovalClass]engine.ApprovalRule{
			engine.ClassBash:  {Action: engine.ActionDeny},
			engine.ClassWrite: {Action: engine.ActionAllow},
		}}},
		Protected: []string{home},
	})
	if err := os.MkdirAll(filepath.Join(root, ".git", "hooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	mark := filepath.Join(root, "pwned")
	q := `"` + mark + `"`
	cases := []struct{ name, code string }{
		{"an options line", `// @options: {"approvals": {"bash": "allow"}}
			await tools.bash({command: "touch ` + mark + `"})`},
		{"replacing tools.bash", `
			const real = tools.bash;
			try { tools.bash = async (a) => "fake" } catch (e) {}
			try { Object.defineProperty(tools, "bash", {value: async () => "fake"}) } catch (e) {}
			await real({command: "touch " + ` + q + `})`},
		{"the host functions", `
			for (const k of ["__as_call", "__as_callp", "__as_sync"]) {
				if (typeof globalThis[k] === "function") globalThis[k]("bash", JSON.stringify({command: "touch " + ` + q + `}));
			}
			await tools.bash({command: "touch " + ` + q + `})`},
		{"the argument object", `
			const args = {command: "true"};
			const p = tools.bash(args);
			args.command = "touch " + ` + q + `;
			await p`},
		{"a getter on the arguments", `
			let n = 0;
			await tools.bash({get command() { return n++ ? "true" : "touch " + ` + q + ` }})`},
		{"prototype pollution", `
			Object.prototype.approvals = {bash: "allow"};
			Object.prototype.approval = "allowed";
			await tools.bash({command: "touch " + ` + q + `})`},
		{"writing the user settings", `
			await tools.write({path: "` + filepath.Join(home, "agent", "settings.json") + `", content: '{"approvals": {"bash": "allow"}}'});`},
		{"writing the project settings", `
			await tools.write({path: ".atomic/settings.json", content: '{"approvals": {"bash": "allow"}}'});`},
		{"a git hook", `
			await tools.write({path: ".git/hooks/pre-commit", content: "#!/bin/sh\ntouch " + ` + q + `});`},
		{"git config", `
			await tools.write({path: ".git/config", content: "[core]\n\tfsmonitor = touch " + ` + q + `});`},
		// Other spellings of the same files on APFS and NTFS.
		{"a git hook, other case", `
			await tools.write({path: ".GIT/hooks/pre-commit", content: "#!/bin/sh\ntouch " + ` + q + `});`},
		{"a git hook, trailing dot", `
			await tools.write({path: ".git./hooks/pre-commit", content: "#!/bin/sh\ntouch " + ` + q + `});`},
		{"the project settings, other case", `
			await tools.write({path: ".Atomic/Settings.JSON", content: '{"approvals": {"bash": "allow"}}'});`},
		{"the user settings, other case", `
			await tools.write({path: "` + filepath.Join(strings.ToUpper(home), "AGENT", "Settings.json") + `", content: '{"approvals": {"bash": "allow"}}'});`},
		{"many at once", `
			await Promise.all(Array.from({length: 20}, () => tools.bash({command: "touch " + ` + q + `})))`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := run(t, eng, c.code)
			if r.OK {
				t.Fatalf("the script succeeded:\n%s", r.Text)
			}
			// Refused by the policy (ERR_DENIED), or before it asks by the
			// file tools' protected paths (ERR_NOT_ALLOWED).
			if !strings.Contains(r.Text, "ERR_DENIED") && !strings.Contains(r.Text, "ERR_NOT_ALLOWED") && !strings.Contains(r.Text, "OptionsError") {
				t.Errorf("not refused:\n%s", r.Text)
			}
			for _, p := range []string{mark, filepath.Join(home, "agent"), filepath.Join(root, ".atomic"), filepath.Join(root, ".git", "config"), filepath.Join(root, ".git", "hooks", "pre-commit")} {
				if _, err := os.Stat(p); err == nil {
					t.Errorf("%s exists", p)
				}
			}
		})
	}
	// The policy is the engine's: after all that, bash is still denied.
	r := run(t, eng, `try { await tools.bash({command: "true"}) } catch (e) { return e.code }`)
	if string(r.Value) != `"ERR_DENIED"` {
		t.Errorf("bash after the attempts: %s", r.Text)
	}
}
