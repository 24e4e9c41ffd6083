package shell

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/journal"
)

// TestPreviewContained: a bash call is contained (an approval policy may
// let it run unasked) only in a dry run, in the foreground, and when
// nothing in it names the real workspace by its absolute path — those are
// the calls whose every change lands in the scratch copy.
func TestPreviewContained(t *testing.T) {
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
		{"names the workspace", map[string]any{"command": "touch " + root + "/made"}, false},
		{"variable names the workspace", map[string]any{"command": "touch $OUT", "env": map[string]string{"OUT": root + "/made"}}, false},
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
			if want := c.want && mode == journal.DryRun; pv.Contained != want {
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
