package bindings

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/atomic-script/atomic-script/runtime"
	"github.com/atomic-script/atomic-script/runtime/goja"
	"github.com/atomic-script/atomic-script/runtime/quickjs"
	"github.com/atomic-script/atomic-script/tools"
)

// These tests run scripts through the binding on both real engines, with
// the tools answered by a CallFunc here: what is under test is how the
// binding moves calls, values, errors and output between the script and
// Go, not any one tool.

var engines = map[string]func(runtime.Options) (runtime.VM, error){
	"quickjs": quickjs.New,
	"goja":    goja.New,
}

// sink records what a script produced.
type sink struct {
	mu       sync.Mutex
	logs     []string
	texts    []string
	images   []tools.Image
	started  []string
	ended    []tools.Call
	progress []string
}

func (s *sink) Log(level, text string)   { s.logs = append(s.logs, level+": "+text) }
func (s *sink) Text(text string)         { s.texts = append(s.texts, text) }
func (s *sink) Image(img tools.Image)    { s.images = append(s.images, img) }
func (s *sink) CallStarted(c tools.Call) { s.started = append(s.started, c.ID+" "+c.Name) }
func (s *sink) CallEnded(c tools.Call)   { s.ended = append(s.ended, c) }
func (s *sink) Progress(id, name string, p tools.Progress) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.progress = append(s.progress, id+" "+name+" "+p.Message)
}

// memStore is a Store over a map.
type memStore map[string]string

func (m memStore) Load(k string) (string, bool, error) { v, ok := m[k]; return v, ok, nil }
func (m memStore) Put(k, v string) error               { m[k] = v; return nil }
func (m memStore) Delete(k string) error               { delete(m, k); return nil }

var objectSchema = &jsonschema.Schema{Type: "object"}

func entry(name, desc string) Entry {
	return Entry{Name: name, Path: []string{name}, Description: desc, Input: objectSchema}
}

// testCatalog: echo returns its arguments; fail fails with the code in
// its arguments; block waits for its context; progress reports progress.
var testCatalog = NewCatalog([]Entry{
	entry("echo", "Echo the arguments back.\nSecond line."),
	entry("fail", "Fail with a code."),
	entry("block", "Wait until cancelled."),
	entry("progress", "Report progress, then return."),
}, []Namespace{{Namespace: tools.Namespace{Name: "srv-1", Description: "A test server", Instructions: "Use it gently."}, ID: "srv_1"}})

func testCall(ctx context.Context, name string, args json.RawMessage) (json.RawMessage, error) {
	switch name {
	case "echo", "srv-1.get-sum":
		return args, nil
	case "fail":
		var a struct{ Code string }
		_ = json.Unmarshal(args, &a)
		return nil, tools.Errorf(tools.Code(a.Code), "it failed as asked")
	case "block":
		<-ctx.Done()
		return nil, ctx.Err()
	case "progress":
		tools.ReportProgress(ctx, tools.Progress{Message: "half way"})
		info, _ := CallInfoFrom(ctx)
		return json.Marshal(info)
	}
	return nil, tools.Errorf(tools.ErrUnknownTool, "no tool %s", name)
}

type run struct {
	out   Outcome
	calls []tools.Call
	sink  *sink
	err   error
}

func runScript(t *testing.T, engine, src string, cfg Config) run {
	t.Helper()
	vm, err := engines[engine](runtime.Options{MemoryLimit: 64 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer vm.Close()
	loop := runtime.NewLoop(vm)
	s := &sink{}
	if cfg.Catalog == nil {
		cfg.Catalog = testCatalog
	}
	if cfg.Call == nil {
		cfg.Call = testCall
	}
	if cfg.LoadNamespace == nil {
		cfg.LoadNamespace = func(ctx context.Context, name string) ([]Entry, error) {
			if name != "srv-1" {
				return nil, errors.New("no such server")
			}
			return []Entry{{Name: "srv-1.get-sum", Local: "get-sum", Path: []string{"srv_1", "get_sum"}, Namespace: "srv-1", Description: "Add two numbers.", Input: objectSchema}}, nil
		}
	}
	cfg.Sink = s
	b, err := Install(context.Background(), vm, loop, cfg)
	if err != nil {
		t.Fatal(err)
	}
	err = loop.Run(context.Background(), time.Now().Add(10*time.Second), b.Start(src), b.Done)
	b.Finish(time.Second)
	return run{out: b.Outcome(), calls: b.Calls(), sink: s, err: err}
}

func eachEngine(t *testing.T, f func(t *testing.T, engine string)) {
	for name := range engines {
		t.Run(name, func(t *testing.T) { f(t, name) })
	}
}

func TestRunValuesAndCalls(t *testing.T) {
	eachEngine(t, func(t *testing.T, en string) {
		r := runScript(t, en, `const [a, b] = await Promise.all([tools.echo({n: 1}), tools.echo({n: 2})]);
return {sum: a.n + b.n, args: ARGS}`, Config{Args: []string{"x"}})
		if !r.out.OK || string(r.out.Value) != `{"sum":3,"args":["x"]}` {
			t.Fatalf("outcome %+v err %v", r.out.Err, r.err)
		}
		if len(r.calls) != 2 || r.calls[0].ID != "1" || r.calls[1].Status != StatusOK || string(r.calls[1].Args) != `{"n":2}` {
			t.Fatalf("calls %+v", r.calls)
		}
		if strings.Join(r.sink.started, ",") != "1 echo,2 echo" || len(r.sink.ended) != 2 {
			t.Fatalf("sink %+v", r.sink)
		}
	})
}

func TestRunToolErrors(t *testing.T) {
	eachEngine(t, func(t *testing.T, en string) {
		// Caught: the error carries the tool's code and the call id.
		r := runScript(t, en, `try { await tools.fail({Code: "ERR_NOT_FOUND"}) } catch (e) { return [e.name, e.code, e.callId, e.message] }`, Config{})
		if string(r.out.Value) != `["ToolError","ERR_NOT_FOUND","1","it failed as asked"]` {
			t.Fatalf("caught: %s %+v", r.out.Value, r.out.Err)
		}
		if r.calls[0].Status != StatusError || r.calls[0].Code != "ERR_NOT_FOUND" {
			t.Fatalf("call %+v", r.calls[0])
		}
		// Uncaught: the script fails on that call.
		r = runScript(t, en, `await tools.echo({}); await tools.fail({Code: "ERR_TOOL"})`, Config{})
		if r.out.OK || r.out.Err == nil || r.out.Err.CallID != "2" || r.out.Err.Code != "ERR_TOOL" {
			t.Fatalf("uncaught: %+v %+v", r.out, r.out.Err)
		}
	})
}

func TestRunUnknownToolSuggests(t *testing.T) {
	eachEngine(t, func(t *testing.T, en string) {
		r := runScript(t, en, `await tools.ecoh({})`, Config{})
		if r.out.OK || r.out.Err == nil || !strings.Contains(r.out.Err.Message, "did you mean echo?") {
			t.Fatalf("%+v", r.out.Err)
		}
		// A catalog made with no namespaces (nil) works.
		r = runScript(t, en, `await tools.read({path: "x"})`, Config{Catalog: func() *Catalog {
			c := NewCatalog(testCatalog.Entries, nil)
			c.Inactive = []string{"read"}
			return c
		}()})
		if r.out.Err == nil || !strings.Contains(r.out.Err.Message, "read") {
			t.Fatalf("inactive: %+v", r.out.Err)
		}
	})
}

func TestRunOutput(t *testing.T) {
	eachEngine(t, func(t *testing.T, en string) {
		r := runScript(t, en, `console.log("hello", {a: 1}); console.error("bad"); text("line"); image("data:image/png;base64,iVBORw0KGgo="); image({type: "image", data: "iVBORw0KGgo=", mimeType: "image/jpeg"}); return 7`, Config{})
		if !r.out.OK || string(r.out.Value) != "7" {
			t.Fatalf("%+v", r.out.Err)
		}
		if len(r.sink.logs) != 2 || !strings.Contains(r.sink.logs[0], "hello") || !strings.HasPrefix(r.sink.logs[1], "error: bad") {
			t.Fatalf("logs %q", r.sink.logs)
		}
		if len(r.sink.texts) != 1 || r.sink.texts[0] != "line" || len(r.sink.images) != 2 || r.sink.images[0].MIMEType != "image/png" || r.sink.images[1].MIMEType != "image/png" /* sniffed from the bytes, not the declared type */ {
			t.Fatalf("texts %q images %+v", r.sink.texts, r.sink.images)
		}
		// The output limit is a clear error, not a silent cut.
		r = runScript(t, en, `text("x".repeat(100)); text("y".repeat(100))`, Config{MaxOutputBytes: 150})
		if r.out.OK || r.out.Err == nil || r.out.Err.Code != string(tools.ErrLimit) {
			t.Fatalf("limit: %+v", r.out.Err)
		}
	})
}

func TestRunStore(t *testing.T) {
	eachEngine(t, func(t *testing.T, en string) {
		st := memStore{}
		r := runScript(t, en, `store("k", {v: [1, 2]}); const a = load("k"); store("k", undefined); return [a, load("k") === undefined]`, Config{Store: st})
		if string(r.out.Value) != `[{"v":[1,2]},true]` || len(st) != 0 {
			t.Fatalf("%s %+v %v", r.out.Value, r.out.Err, st)
		}
		r = runScript(t, en, `store("k", 1)`, Config{})
		if r.out.OK {
			t.Fatal("store without a Store succeeded")
		}
	})
}

func TestRunExit(t *testing.T) {
	eachEngine(t, func(t *testing.T, en string) {
		r := runScript(t, en, `exit(3); return 1`, Config{})
		if r.out.Exit == nil || *r.out.Exit != 3 || r.out.OK {
			t.Fatalf("%+v", r.out)
		}
		var er *ExitRequested
		if !errors.As(r.err, &er) || er.Code != 3 {
			t.Fatalf("loop error %v", r.err)
		}
		r = runScript(t, en, `exit(NaN)`, Config{})
		if r.out.OK || r.out.Err == nil || !strings.Contains(r.out.Err.Message, "integer from 0 to 255") {
			t.Fatalf("NaN: %+v %+v", r.out, r.out.Err)
		}
	})
}

func TestRunNamespaces(t *testing.T) {
	eachEngine(t, func(t *testing.T, en string) {
		r := runScript(t, en, `const sum = await tools.srv_1.get_sum({a: 1});
const d = JSON.stringify(describeNamespace("srv-1"));
const all = ALL_TOOLS.map(t => t.name);
const found = searchTools("add numbers");
return {sum, ns: d.includes("Use it gently") && d.includes("get-sum") && d.includes("Add two numbers"), all, top: found[0] && found[0].name}`, Config{})
		var v struct {
			Sum any
			NS  bool
			All []string
			Top string
		}
		if err := json.Unmarshal(r.out.Value, &v); err != nil || !r.out.OK {
			t.Fatalf("%s %+v", r.out.Value, r.out.Err)
		}
		if !v.NS || v.Top != "get-sum" || !strings.Contains(strings.Join(v.All, ","), "get-sum") || r.calls[0].Name != "srv-1.get-sum" {
			t.Fatalf("%+v calls %+v", v, r.calls)
		}
		r = runScript(t, en, `return describeTool("tools.srv_1.get_sum")`, Config{})
		if !r.out.OK || !strings.Contains(string(r.out.Value), "get_sum") {
			t.Fatalf("describeTool: %s %+v", r.out.Value, r.out.Err)
		}
		// A namespace that fails to load is an error that says so.
		r = runScript(t, en, `await tools.srv_1.get_sum({})`, Config{LoadNamespace: func(context.Context, string) ([]Entry, error) {
			return nil, errors.New("server crashed at start")
		}})
		if r.out.OK || r.out.Err == nil || !strings.Contains(r.out.Err.Message, "server crashed at start") {
			t.Fatalf("failed namespace: %+v", r.out.Err)
		}
	})
}

func TestRunCancelsForgottenCalls(t *testing.T) {
	eachEngine(t, func(t *testing.T, en string) {
		r := runScript(t, en, `tools.block({}); tools.block({}); return "done"`, Config{MaxInFlight: 1})
		if !r.out.OK || len(r.calls) != 2 {
			t.Fatalf("%+v %+v", r.out, r.calls)
		}
		for _, c := range r.calls {
			if c.Status != StatusCancelled || c.Code != string(tools.ErrCancelled) {
				t.Fatalf("call %+v", c)
			}
		}
		// The second never started: MaxInFlight held it in the queue.
		if !strings.Contains(r.calls[1].Error, "before this call started") || !strings.Contains(r.calls[0].Error, "while this call was running") {
			t.Fatalf("errors %q / %q", r.calls[0].Error, r.calls[1].Error)
		}
	})
}

func TestRunProgressAndCallInfo(t *testing.T) {
	eachEngine(t, func(t *testing.T, en string) {
		r := runScript(t, en, `await tools.echo({}); return await tools.progress({})`, Config{CallIDPrefix: "7"})
		if !r.out.OK || string(r.out.Value) != `{"ID":"7/2","Seq":2}` {
			t.Fatalf("%s %+v", r.out.Value, r.out.Err)
		}
		if len(r.sink.progress) != 1 || r.sink.progress[0] != "7/2 progress half way" {
			t.Fatalf("progress %q", r.sink.progress)
		}
	})
}

func TestRunSyntaxError(t *testing.T) {
	eachEngine(t, func(t *testing.T, en string) {
		r := runScript(t, en, `return (`, Config{})
		if r.out.OK || r.out.Err == nil || r.out.Err.Name != "SyntaxError" {
			t.Fatalf("%+v", r.out.Err)
		}
	})
}

func TestDeclarationsOfCatalog(t *testing.T) {
	d, shown, left := Declarations(testCatalog.Entries, 0)
	if shown != 4 || len(left) != 0 {
		t.Errorf("shown %d, left %q", shown, left)
	}
	for _, want := range []string{"echo(", "Echo the arguments back.", "Second line."} {
		if !strings.Contains(d, want) {
			t.Errorf("declarations lack %q:\n%s", want, d)
		}
	}
	c, _, _ := CompactDeclarations(testCatalog.Entries, 0)
	if len(c) >= len(d) || !strings.Contains(c, "echo(") || strings.Contains(c, "Second line.") {
		t.Errorf("compact declarations (%d bytes) vs full (%d):\n%s", len(c), len(d), c)
	}
	// A budget declares what fits and names the rest.
	_, shown, left = Declarations(testCatalog.Entries, len(d)/2)
	if shown == 0 || shown == 4 || len(left) != 4-shown {
		t.Errorf("budget: shown %d, left %q", shown, left)
	}
	if desc := DescribeTool(testCatalog.Entries[0]); desc.Name != "echo" || !strings.Contains(desc.Declaration, "echo(") {
		t.Errorf("DescribeTool: %+v", desc)
	}
}
