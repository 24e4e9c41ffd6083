package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/internal/testutil/peer"
)

// tscPath finds the TypeScript compiler that .ci/run installs (pinned, in
// .ci/tsc), or one named by $ATOMIC_TSC, or one on PATH.
func tscPath(t *testing.T) string {
	if p := os.Getenv("ATOMIC_TSC"); p != "" {
		return p
	}
	if p, err := filepath.Abs(filepath.Join("..", "..", ".ci", "tsc", "node_modules", ".bin", "tsc")); err == nil {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if p, err := exec.LookPath("tsc"); err == nil {
		return p
	}
	if os.Getenv("CI") != "" || peer.Required() {
		t.Fatal("tsc not found: .ci/run installs it into .ci/tsc")
	}
	t.Skip("tsc not found (.ci/run installs it into .ci/tsc)")
	return ""
}

// TestDeclarationsTypeCheck: what `atomic-script types` prints, for the
// default tools (docs/atomic.d.ts) and for every built-in tool, passes
// tsc --noEmit --strict together with every example script in scripts/,
// so the published types cannot drift from what runs. A script is the
// body of an async function, so each is checked inside one, on its own
// first line, so tsc's line numbers are the script's.
func TestDeclarationsTypeCheck(t *testing.T) {
	tsc := tscPath(t)
	t.Setenv("ATOMIC_HOME", t.TempDir())
	var all []string
	for _, tl := range engine.Builtins().Tools() {
		all = append(all, tl.Name())
	}
	dir := t.TempDir()
	var out, errb bytes.Buffer
	if code := Main([]string{"types", "--cwd", dir, "--tools", strings.Join(all, ",")}, Stdio{Out: &out, Err: &errb}); code != 0 {
		t.Fatalf("types exited %d: %s", code, errb.String())
	}
	allDTS := filepath.Join(dir, "all-tools.d.ts")
	if err := os.WriteFile(allDTS, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	scripts, err := filepath.Glob(filepath.Join("..", "..", "scripts", "*.[jt]s"))
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no example scripts in scripts/ (%v)", err)
	}
	var files []string
	for _, s := range scripts {
		body, err := os.ReadFile(s)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(dir, filepath.Base(s))
		wrapped := "export {}; async function __script() {" + string(body) + "\n}\n"
		if err := os.WriteFile(name, []byte(wrapped), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, name)
	}
	docs, _ := filepath.Abs(filepath.Join("..", "..", "docs", "atomic.d.ts"))
	for _, decl := range []string{docs, allDTS} {
		config := map[string]any{
			"compilerOptions": map[string]any{
				"strict": true, "noEmit": true, "target": "es2022", "lib": []string{"es2022"},
				"module": "es2022", "allowJs": true, "checkJs": true, "types": []string{},
				"noUnusedLocals": false,
			},
			"files": append([]string{decl}, files...),
		}
		if decl == docs {
			// The default tools' declarations alone: scripts may use others.
			config["files"] = []string{decl}
		}
		data, _ := json.Marshal(config)
		cfg := filepath.Join(dir, "tsconfig.json")
		if err := os.WriteFile(cfg, data, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(tsc, "-p", cfg, "--pretty", "false")
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("tsc --noEmit --strict on %s (+ scripts/): %v\n%s", filepath.Base(decl), err, msg)
		}
	}
}
