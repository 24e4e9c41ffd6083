package shell

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/sandbox"
	"github.com/atomic-script/atomic-script/tools/journal"
)

// TestPreviewContained: a bash call is contained (an approval policy may
// let it run unasked) only in a dry run, in the foreground, with its
// working directory inside the workspace, and where the sandbox holds it
// in the scratch copy: there a command naming the workspace's path reaches
// the copy. Without the sandbox (ATOMIC_NO_SANDBOX=1, in a child process)
// no call is contained: nothing would stop one that builds the path.
func TestPreviewContained(t *testing.T) {
	if os.Getenv("ATOMIC_NO_SANDBOX") != "1" {
		t.Run("without the sandbox", func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestPreviewContained$")
			cmd.Env = append(os.Environ(), "ATOMIC_NO_SANDBOX=1")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
		})
	}
	enforced := sandbox.Available()
	env := newEnv(t)
	root := env.Root
	cases := []struct {
		name string
		args map[string]any
		want bool
	}{
		{"plain", map[string]any{"command": "go build ./... && gofmt -w ."}, true},
		{"relative cwd", map[string]any{"command": "make", "cwd": "sub/dir"}, true},
		{"absolute cwd inside", map[string]any{"command": "make", "cwd": filepath.Join(root, "sub")}, true},
		{"absolute cwd at the root", map[string]any{"command": "make", "cwd": root}, true},
		{"names the workspace", map[string]any{"command": "touch " + root + "/made"}, true},
		{"variable names the workspace", map[string]any{"command": "touch $OUT", "env": map[string]string{"OUT": root + "/made"}}, true},
		{"cwd outside", map[string]any{"command": "touch made", "cwd": filepath.Dir(root)}, false},
		{"cwd climbs out", map[string]any{"command": "touch made", "cwd": "../x"}, false},
		{"background", map[string]any{"command": "sleep 1", "runInBackground": true}, false},
	}
	p, ok := tools.PreviewOf(Bash())
	if !ok {
		t.Fatal("bash has no preview")
	}
	for _, mode := range []journal.Mode{journal.DryRun, journal.Write, journal.Atomic} {
		j := journal.New(mode)
		t.Cleanup(func() { j.Close() })
		env.Files = j
		for _, c := range cases {
			raw, _ := json.Marshal(c.args)
			pv, err := p.Preview(context.Background(), env, raw)
			if err != nil {
				t.Fatalf("%v %s: %v", mode, c.name, err)
			}
			if want := c.want && mode == journal.DryRun && enforced; pv.Contained != want {
				t.Errorf("%v %s: Contained = %v, want %v", mode, c.name, pv.Contained, want)
			}
		}
	}
	env.Files = tools.DirectFiles{}
	raw, _ := json.Marshal(cases[0].args)
	if pv, _ := p.Preview(context.Background(), env, raw); pv.Contained {
		t.Error("direct files: contained")
	}
}
