package todo

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/atomic-script/atomic-script/tools"
)

func call(t *testing.T, env *tools.Env, name, args string) (tools.Result, error) {
	t.Helper()
	reg := tools.NewRegistry(Tools()...)
	tool, ok := reg.Get(name)
	if !ok {
		t.Fatalf("no tool %s", name)
	}
	return tools.Invoke(context.Background(), tool, env, json.RawMessage(args))
}

func newEnv(t *testing.T) *tools.Env {
	t.Helper()
	s := tools.NewSession("todo-test")
	t.Cleanup(func() { s.Close() })
	return &tools.Env{Root: t.TempDir(), Session: s}
}

func TestTodoCalls(t *testing.T) {
	cases := []struct {
		name, tool, args string
		wantText         string
		wantCode         tools.Code
	}{
		{"empty list", "todo_get", `{}`, "Checklist is empty.", ""},
		{"write defaults status", "todowrite", `{"todos":[{"content":"a"},{"content":"b","status":"completed","priority":"high"}]}`,
			"0. [ ] a\n1. [x] b (high)\n2 items: 1 completed, 0 in progress, 1 pending", ""},
		{"update status", "todo_update", `{"index":0,"status":"in_progress"}`,
			"0. [~] a\n1. [x] b (high)\n2 items: 1 completed, 1 in progress, 0 pending", ""},
		{"update text and priority", "todo_update", `{"index":1,"content":"b2","priority":"low"}`,
			"0. [~] a\n1. [x] b2 (low)\n2 items: 1 completed, 1 in progress, 0 pending", ""},
		{"update out of range", "todo_update", `{"index":5,"status":"completed"}`,
			"no item at index 5; the checklist has 2 items (indexes 0-1)", tools.ErrNotFound},
		{"update nothing", "todo_update", `{"index":0}`, "nothing to change", tools.ErrInvalidArgs},
		{"bad status", "todo_update", `{"index":0,"status":"done"}`, "", tools.ErrInvalidArgs},
		{"negative index", "todo_update", `{"index":-1,"status":"completed"}`, "", tools.ErrInvalidArgs},
		{"empty content", "todowrite", `{"todos":[{"content":"  "}]}`, "todos[0].content is empty", tools.ErrInvalidArgs},
		{"list unchanged after refusals", "todo_get", `{}`,
			"0. [~] a\n1. [x] b2 (low)\n2 items: 1 completed, 1 in progress, 0 pending", ""},
		{"replace with empty", "todowrite", `{"todos":[]}`, "Checklist is empty.", ""},
		{"update on empty", "todo_update", `{"index":0,"status":"completed"}`, "the checklist is empty; create it with todowrite first", tools.ErrNotFound},
	}
	env := newEnv(t)
	for _, c := range cases {
		res, err := call(t, env, c.tool, c.args)
		if c.wantCode != "" {
			if err == nil {
				t.Errorf("%s: want %s, got result %q", c.name, c.wantCode, res.Text)
				continue
			}
			if got := tools.CodeOf(err); got != c.wantCode {
				t.Errorf("%s: code %s, want %s (%v)", c.name, got, c.wantCode, err)
			}
			if !strings.Contains(err.Error(), c.wantText) {
				t.Errorf("%s: error %q does not say %q", c.name, err, c.wantText)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if res.Text != c.wantText {
			t.Errorf("%s: text\n%s\nwant\n%s", c.name, res.Text, c.wantText)
		}
		l, ok := res.Structured.(List)
		if !ok {
			t.Errorf("%s: structured %T, want List", c.name, res.Structured)
		} else if len(l.Todos) > 0 && !strings.HasSuffix(c.wantText, l.Summary) {
			t.Errorf("%s: summary %q not the text's last line", c.name, l.Summary)
		}
	}
}

// TestTodoPerSession: each session has its own list; a result is a copy
// that later calls do not change.
func TestTodoPerSession(t *testing.T) {
	a, b := newEnv(t), newEnv(t)
	res, err := call(t, a, "todowrite", `{"todos":[{"content":"only in a"}]}`)
	if err != nil {
		t.Fatal(err)
	}
	first := res.Structured.(List)
	if res, _ := call(t, b, "todo_get", `{}`); res.Text != "Checklist is empty." {
		t.Errorf("session b sees %q", res.Text)
	}
	if _, err := call(t, a, "todo_update", `{"index":0,"status":"completed"}`); err != nil {
		t.Fatal(err)
	}
	if first.Todos[0].Status != "pending" {
		t.Errorf("an earlier result changed to %q", first.Todos[0].Status)
	}
}

// TestTodoConcurrentUpdates: concurrent updates of one list are
// serialised; none is lost.
func TestTodoConcurrentUpdates(t *testing.T) {
	env := newEnv(t)
	items := make([]string, 50)
	for i := range items {
		items[i] = `{"content":"x"}`
	}
	if _, err := call(t, env, "todowrite", `{"todos":[`+strings.Join(items, ",")+`]}`); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range items {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := call(t, env, "todo_update", `{"index":`+itoa(i)+`,"status":"completed"}`); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	res, _ := call(t, env, "todo_get", `{}`)
	if got := res.Structured.(List).Summary; got != "50 items: 50 completed, 0 in progress, 0 pending" {
		t.Errorf("summary %q", got)
	}
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }

// TestTodoCaps: a list that would make results of hundreds of kilobytes is
// refused before it changes anything.
func TestTodoCaps(t *testing.T) {
	env := newEnv(t)
	many := `{"todos":[` + strings.Repeat(`{"content":"x"},`, maxItems) + `{"content":"x"}]}`
	long := `{"todos":[{"content":"` + strings.Repeat("é", maxContentRune+1) + `"}]}`
	for args, want := range map[string]string{
		many: `todowrite: invalid arguments: at "todos": want at most 100 items, got 101`,
		long: `todowrite: invalid arguments: at "todos.0.content"`,
	} {
		if _, err := call(t, env, "todowrite", args); err == nil || tools.CodeOf(err) != tools.ErrInvalidArgs || !strings.Contains(err.Error(), want) {
			t.Errorf("%.40s: %v, want %s", args, err, want)
		}
	}
	full := `{"todos":[` + strings.TrimSuffix(strings.Repeat(`{"content":"`+strings.Repeat("é", maxContentRune)+`"},`, maxItems), ",") + `]}`
	if _, err := call(t, env, "todowrite", full); tools.CodeOf(err) != tools.ErrLimit || !strings.Contains(err.Error(), "todowrite: the checklist would hold 100000 bytes of text, over the 32 KiB a checklist may hold") {
		t.Errorf("100 long items: %v", err)
	}
	ok := `{"todos":[` + strings.TrimSuffix(strings.Repeat(`{"content":"`+strings.Repeat("x", maxTextBytes/maxItems)+`"},`, maxItems), ",") + `]}`
	res, err := call(t, env, "todowrite", ok)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(res.Structured)
	if len(data)+len(res.Text) > 128<<10 {
		t.Errorf("a full list makes a result of %d bytes", len(data)+len(res.Text))
	}
	if _, err := call(t, env, "todo_update", `{"index":0,"content":"`+strings.Repeat("a", maxContentRune+1)+`"}`); tools.CodeOf(err) != tools.ErrInvalidArgs {
		t.Errorf("long update: %v", err)
	}
}

// mapDurable is a tools.Durable in memory, shared like a store file.
type mapDurable struct {
	mu sync.Mutex
	m  map[string]string
}

func (d *mapDurable) Get(k string) (string, bool, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	v, ok := d.m[k]
	return v, ok, nil
}

func (d *mapDurable) Put(k, v string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.m[k] = v
	return nil
}

// TestTodoDurable: a named session's list lives in its storage, so a new
// process of the session (a new tools.Session) sees it, and so does
// another one changing it meanwhile.
func TestTodoDurable(t *testing.T) {
	d := &mapDurable{m: map[string]string{}}
	envOf := func() *tools.Env {
		env := newEnv(t)
		env.Session.Durable = d
		return env
	}
	a, b := envOf(), envOf()
	if _, err := call(t, a, "todowrite", `{"todos":[{"content":"ship it"}]}`); err != nil {
		t.Fatal(err)
	}
	if res, _ := call(t, envOf(), "todo_get", `{}`); !strings.Contains(res.Text, "0. [ ] ship it") {
		t.Errorf("a later process: %q", res.Text)
	}
	if _, err := call(t, b, "todo_update", `{"index":0,"status":"completed"}`); err != nil {
		t.Fatal(err)
	}
	if res, _ := call(t, a, "todo_get", `{}`); !strings.Contains(res.Text, "0. [x] ship it") {
		t.Errorf("a's list after b's update: %q", res.Text)
	}
	d.m[durableKey] = "{not json"
	if _, err := call(t, a, "todo_get", `{}`); tools.CodeOf(err) != tools.ErrIO || !strings.Contains(err.Error(), "todowrite replaces it") {
		t.Errorf("a corrupt kept list: %v", err)
	}
	if _, err := call(t, a, "todowrite", `{"todos":[]}`); err != nil {
		t.Errorf("todowrite over a corrupt list: %v", err)
	}
}
