package tools_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"github.com/atomic-script/atomic-script/tools"
)

type sumIn struct {
	A int `json:"a"`
	B int `json:"b"`
}

type sumOut struct {
	Sum int `json:"sum"`
}

func sumTool(tags ...tools.Tag) tools.Tool {
	return tools.NewStructured(tools.Spec{Name: "sum", Description: "Add.", Tags: tags},
		func(ctx context.Context, env *tools.Env, in sumIn) (sumOut, error) { return sumOut{in.A + in.B}, nil },
		func(o sumOut) string { return fmt.Sprintf("sum is %d", o.Sum) })
}

// TestStructuredTool: the result carries the typed value and its text, the
// output schema is inferred, and arguments are checked against the input
// schema before the tool runs.
func TestStructuredTool(t *testing.T) {
	s := sumTool()
	if s.OutputSchema() == nil || s.OutputSchema().Properties["sum"] == nil {
		t.Fatalf("output schema %+v", s.OutputSchema())
	}
	res, err := tools.Invoke(context.Background(), s, &tools.Env{}, json.RawMessage(`{"a": 2, "b": 3}`))
	if err != nil || res.Text != "sum is 5" || res.Structured.(sumOut).Sum != 5 {
		t.Fatalf("%+v %v", res, err)
	}
	_, err = tools.Invoke(context.Background(), s, &tools.Env{}, json.RawMessage(`{"a": "two"}`))
	if tools.CodeOf(err) != tools.ErrInvalidArgs || !strings.Contains(err.Error(), "a") {
		t.Fatalf("bad args: %v", err)
	}
}

func TestAnnotationsAndTags(t *testing.T) {
	for _, c := range []struct {
		tool tools.Tool
		want tools.Annotations
	}{
		// No hint at all: MCP's cautious defaults.
		{sumTool(), tools.Annotations{Destructive: true, OpenWorld: true}},
		// Any hint declares all four.
		{sumTool(tools.TagReadOnly), tools.Annotations{ReadOnly: true}},
		{tools.WithTags(sumTool(tools.TagIdempotent), tools.TagDestructive), tools.Annotations{Idempotent: true, Destructive: true}},
	} {
		if got := tools.AnnotationsOf(c.tool); got != c.want {
			t.Errorf("%v: %+v, want %+v", c.tool.(tools.Tagged).Tags(), got, c.want)
		}
	}
	wrapped := tools.WithTags(sumTool(), tools.TagHostOnly)
	if tools.ScriptCallable(wrapped) || !tools.ScriptCallable(sumTool()) || tools.ScriptCallable(sumTool(tools.TagModelOnly)) {
		t.Error("ScriptCallable")
	}
	// The wrapper adds tags without touching the tool it wraps.
	if tools.HasTag(sumTool(), tools.TagHostOnly) || wrapped.Name() != "sum" {
		t.Error("WithTags changed the wrapped tool")
	}
}

// TestPreviewThroughWrappers: a Previewer is found through WithTags, and
// WithPreview decodes the arguments as the tool's own Run does.
func TestPreviewThroughWrappers(t *testing.T) {
	if _, ok := tools.PreviewOf(sumTool()); ok {
		t.Fatal("a tool without a preview has one")
	}
	p := tools.WithPreview(sumTool(tools.TagDestructive), func(ctx context.Context, env *tools.Env, in sumIn) (tools.Preview, error) {
		return tools.Preview{Command: fmt.Sprintf("add %d %d", in.A, in.B)}, nil
	})
	tagged := tools.WithTags(p, tools.TagOffByDefault)
	pv, ok := tools.PreviewOf(tagged)
	if !ok {
		t.Fatal("no preview through WithTags")
	}
	got, err := pv.Preview(context.Background(), &tools.Env{}, json.RawMessage(`{"a": 1, "b": 2}`))
	if err != nil || got.Command != "add 1 2" {
		t.Fatalf("%+v %v", got, err)
	}
	if _, err := pv.Preview(context.Background(), &tools.Env{}, json.RawMessage(`[1]`)); tools.CodeOf(err) != tools.ErrInvalidArgs {
		t.Fatalf("bad args: %v", err)
	}
	if !tools.HasTag(tagged, tools.TagDestructive) || !tools.HasTag(tagged, tools.TagOffByDefault) {
		t.Error("tags lost through the wrappers")
	}
}

func TestEnvPaths(t *testing.T) {
	vol := "" // an absolute path needs a drive on Windows
	if runtime.GOOS == "windows" {
		vol = "C:"
	}
	rooted := func(p string) string {
		if strings.HasPrefix(p, "/") {
			return vol + p
		}
		return p
	}
	root := filepath.FromSlash(vol + "/work/repo")
	e := &tools.Env{Root: root}
	for _, c := range []struct{ in, abs, display string }{
		{"a/b.go", "/work/repo/a/b.go", "a/b.go"},
		{"/work/repo/./x/../y", "/work/repo/y", "y"},
		{"/etc/hosts", "/etc/hosts", "/etc/hosts"},
		{"../sibling/z", "/work/sibling/z", "/work/sibling/z"},
		{"/work/repo..x/f", "/work/repo..x/f", "/work/repo..x/f"},
	} {
		c.in, c.abs, c.display = rooted(c.in), rooted(c.abs), rooted(c.display)
		abs := e.Abs(c.in)
		if abs != filepath.FromSlash(c.abs) || e.Display(abs) != c.display {
			t.Errorf("%q: Abs %q Display %q, want %q %q", c.in, abs, e.Display(abs), c.abs, c.display)
		}
	}
	if !e.IsEnabled("anything") {
		t.Error("with no Enabled func every tool counts as enabled")
	}
	e.Enabled = func(name string) bool { return name == "read" }
	if !e.IsEnabled("read") || e.IsEnabled("bash") {
		t.Error("IsEnabled ignores Enabled")
	}
}

func TestCodeOf(t *testing.T) {
	for _, c := range []struct {
		err  error
		want tools.Code
	}{
		{nil, ""},
		{tools.Errorf(tools.ErrLimit, "too big"), tools.ErrLimit},
		{fmt.Errorf("wrapped: %w", tools.Errorf(tools.ErrNotFound, "gone")), tools.ErrNotFound},
		{context.DeadlineExceeded, tools.ErrTimeout},
		{fmt.Errorf("x: %w", context.Canceled), tools.ErrCancelled},
		{&fs.PathError{Op: "open", Path: "p", Err: fs.ErrNotExist}, tools.ErrNotFound},
		{&fs.PathError{Op: "open", Path: "p", Err: fs.ErrPermission}, tools.ErrPermission},
		{&fs.PathError{Op: "read", Path: "p", Err: syscall.EIO}, tools.ErrIO},
		{errors.New("anything else"), tools.ErrTool},
	} {
		if got := tools.CodeOf(c.err); got != c.want {
			t.Errorf("CodeOf(%v) = %q, want %q", c.err, got, c.want)
		}
	}
	// %w keeps the cause reachable.
	err := tools.Errorf(tools.ErrIO, "reading: %w", os.ErrClosed)
	if !errors.Is(err, os.ErrClosed) || err.Error() != "reading: "+os.ErrClosed.Error() {
		t.Errorf("%v does not wrap its cause", err)
	}
}

func TestRegistryOrder(t *testing.T) {
	r := tools.NewRegistry()
	for _, n := range []string{"b", "c", "a"} {
		r.Add(tools.New(tools.Spec{Name: n, Description: n}, func(context.Context, *tools.Env, struct{}) (tools.Result, error) { return tools.Result{}, nil }))
	}
	if strings.Join(r.Names(), "") != "bca" || strings.Join(r.SortedNames(), "") != "abc" {
		t.Errorf("names %q sorted %q", r.Names(), r.SortedNames())
	}
	if sub := r.Subset([]string{"a", "b", "nope"}); strings.Join(sub.Names(), "") != "ba" {
		t.Errorf("subset %q", sub.Names())
	}
	defer func() {
		if recover() == nil {
			t.Error("a duplicate name did not panic")
		}
	}()
	r.Add(tools.New(tools.Spec{Name: "a"}, func(context.Context, *tools.Env, struct{}) (tools.Result, error) { return tools.Result{}, nil }))
}

func TestProgress(t *testing.T) {
	var got []string
	ctx := tools.WithProgress(context.Background(), func(p tools.Progress) { got = append(got, p.Message) })
	tools.ReportProgress(ctx, tools.Progress{Message: "one"})
	tools.ReportProgress(context.Background(), tools.Progress{Message: "nobody listens"})
	if strings.Join(got, ",") != "one" {
		t.Errorf("progress %q", got)
	}
}
