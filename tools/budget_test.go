package tools

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/tools/spill"
)

// TestResultTextBudget: text over MaxResultText is saved whole in the
// spill directory; the result keeps whole lines of its head and tail,
// says how much it left out, and names the file.
func TestResultTextBudget(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	var b strings.Builder
	for i := 0; b.Len() < 200<<10; i++ {
		fmt.Fprintf(&b, "line %d é\n", i)
	}
	full := b.String()
	tool := New(Spec{Name: "big", Description: "Big output."}, func(ctx context.Context, env *Env, in struct{}) (Result, error) {
		return Result{Text: full}, nil
	})
	small := New(Spec{Name: "small", Description: "Small output."}, func(ctx context.Context, env *Env, in struct{}) (Result, error) {
		return Result{Text: strings.Repeat("x", MaxResultText)}, nil
	})
	dir, err := spill.Open("budget-test")
	if err != nil {
		t.Fatal(err)
	}
	defer dir.Close()
	env := &Env{Root: t.TempDir(), Session: NewSession("s"), Spill: dir}
	res, err := Invoke(context.Background(), tool, env, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Text) > MaxResultText {
		t.Errorf("text of %d bytes, over %d", len(res.Text), MaxResultText)
	}
	if !strings.HasPrefix(res.Text, "line 0 é\nline 1 é\n") || !strings.Contains(res.Text, "\nline 1 é\n") {
		t.Errorf("head lost: %.80q", res.Text)
	}
	lines := strings.Split(strings.TrimSuffix(full, "\n"), "\n")
	last := lines[len(lines)-1]
	if !strings.Contains(res.Text, "\n"+last+"\n\nFull output saved to: "+res.FullOutputPath) || res.FullOutputPath == "" {
		t.Errorf("tail or note lost: %q", res.Text[len(res.Text)-200:])
	}
	if !strings.Contains(res.Text, "not shown: the result is over the 50 KB limit of a tool result") {
		t.Errorf("no marker")
	}
	for _, l := range strings.Split(res.Text, "\n") {
		if strings.HasPrefix(l, "line ") && !strings.HasSuffix(l, " é") {
			t.Errorf("a cut line: %q", l)
		}
	}
	saved, err := os.ReadFile(res.FullOutputPath)
	if err != nil || string(saved) != full {
		t.Errorf("the saved file holds %d bytes (%v), want %d", len(saved), err, len(full))
	}
	if fi, err := os.Stat(res.FullOutputPath); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("spill file mode %v (%v)", fi.Mode(), err)
	}
	// At the limit, nothing changes.
	if res, _ := Invoke(context.Background(), small, env, nil); len(res.Text) != MaxResultText || res.FullOutputPath != "" {
		t.Errorf("a result at the limit was changed")
	}
	// A tool that pages its own output keeps its row prefixes and notices
	// (up to twice the limit).
	paged := New(Spec{Name: "paged", Description: "Pages itself.", Tags: []Tag{TagBoundedOutput}}, func(ctx context.Context, env *Env, in struct{}) (Result, error) {
		return Result{Text: full[:60<<10]}, nil
	})
	if res, _ := Invoke(context.Background(), paged, env, nil); len(res.Text) != 60<<10 {
		t.Errorf("a self-paging tool's 60 KB were cut to %d", len(res.Text))
	}
	// Without a spill directory the result says the rest could not be kept.
	res, _ = Invoke(context.Background(), tool, &Env{Root: t.TempDir(), Session: NewSession("s")}, nil)
	if len(res.Text) > MaxResultText || !strings.Contains(res.Text, "The full output could not be saved (no spill directory in this session)") || res.FullOutputPath != "" {
		t.Errorf("no spill dir: %q", res.Text[len(res.Text)-200:])
	}
}
