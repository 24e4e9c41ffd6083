package engine_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/internal/testutil/racecheck"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/tools/builtin"
)

func Example() {
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	eng, err := engine.New(engine.WithRoot(dir), engine.WithTools(builtin.Registry()))
	if err != nil {
		panic(err)
	}
	defer eng.Close()
	res, err := eng.Run(context.Background(), `
		await tools.todowrite({ todos: [{ content: "write the example" }] });
		const { summary } = await tools.todo_get();
		return summary;
	`)
	if err != nil {
		panic(err)
	}
	fmt.Println(res.OK, string(res.Value))
	// Output: true "1 items: 0 completed, 0 in progress, 1 pending"
}

func TestResultShapes(t *testing.T) {
	eng := newEngine(t, nil)
	cases := []struct {
		code    string
		ok      bool
		kind    engine.Kind
		exit    int
		value   string
		outputs []string
		logs    []string
	}{
		{code: `return 1`, ok: true, value: `1`, outputs: []string{"1"}},
		{code: `return "s"`, ok: true, value: `"s"`, outputs: []string{"s"}},
		{code: `return undefined`, ok: true},
		{code: `return null`, ok: true, value: ``},
		{code: `text("a"); text([1]); return 2`, ok: true, value: `2`, outputs: []string{"a", "[\n  1\n]", "2"}},
		{code: `console.log("x", 1, [2], {a: "b"}, null, undefined); console.error(new TypeError("t"))`, ok: true,
			logs: []string{`x 1 [2] { a: "b" } null undefined`, `[error] TypeError: t`}},
		{code: `const o = {}; o.self = o; return o`, ok: true, value: `{"self":"[Circular]"}`, outputs: []string{"{\n  \"self\": \"[Circular]\"\n}"}},
		{code: `return 10n`, ok: true, value: `"10"`, outputs: []string{"10"}},
		{code: `exit(0); text("no")`, ok: true},
		{code: `exit(9)`, kind: engine.KindScript, exit: 9},
		{code: `exit(1.5)`, kind: engine.KindScript, exit: 1},
		{code: `throw new Error("e")`, kind: engine.KindScript, exit: 1},
	}
	for _, c := range cases {
		t.Run(c.code, func(t *testing.T) {
			r := run(t, eng, c.code)
			if r.OK != c.ok {
				t.Fatalf("OK = %v, want %v\n%s", r.OK, c.ok, r.Text)
			}
			if !c.ok {
				if r.Error == nil || r.Error.Kind != c.kind || r.ExitCode != c.exit {
					t.Fatalf("error %+v exit %d, want kind %s exit %d", r.Error, r.ExitCode, c.kind, c.exit)
				}
				return
			}
			if string(r.Value) != c.value {
				t.Errorf("value = %s, want %s", r.Value, c.value)
			}
			var texts []string
			for _, it := range r.Output {
				texts = append(texts, it.Text)
			}
			if strings.Join(texts, "|") != strings.Join(c.outputs, "|") {
				t.Errorf("outputs = %q, want %q", texts, c.outputs)
			}
			if strings.Join(r.Logs, "|") != strings.Join(c.logs, "|") {
				t.Errorf("logs = %q, want %q", r.Logs, c.logs)
			}
		})
	}
}

func TestToolResultsAndErrors(t *testing.T) {
	eng := newEngine(t, nil)
	r := run(t, eng, `
		const e = await tools.echo({value: {deep: [1, "two"]}});
		const n = await tools.noop();
		let err;
		try { await tools.echo({}) } catch (x) { err = x }
		let err2;
		try { await tools.noop("bad") } catch (x) { err2 = x }
		let err3;
		try { await tools.todo_update({index: 3}) } catch (x) { err3 = x }
		return {e, n, err: [err.name, err.code, err.message], err2: [err2.code, err2.message], err3: [err3.code, err3.message], isError: err instanceof Error}`)
	if !r.OK {
		t.Fatal(r.Text)
	}
	var got struct {
		E       map[string]any
		N       string
		Err     []string
		Err2    []string
		Err3    []string
		IsError bool
	}
	if err := json.Unmarshal(r.Value, &got); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got.E["value"]) != "map[deep:[1 two]]" || got.N != "ok" || !got.IsError {
		t.Errorf("values: %+v", got)
	}
	if got.Err[0] != "ToolError" || got.Err[1] != "ERR_INVALID_ARGS" || got.Err[2] != `echo: invalid arguments: missing property 'value'. echo takes: value`+` (describeTool("echo") gives the types)` {
		t.Errorf("schema error: %q", got.Err)
	}
	if got.Err2[0] != "ERR_INVALID_ARGS" || !strings.Contains(got.Err2[1], "arguments must be an object") {
		t.Errorf("non-object args: %q", got.Err2)
	}
	if got.Err3[0] != "ERR_NOT_FOUND" {
		t.Errorf("tool error: %q", got.Err3)
	}
	// noop("bad") is refused before it becomes a call.
	if len(r.Calls) != 4 || r.Calls[0].Status != "ok" || r.Calls[2].Status != "error" || r.Calls[2].Code != "ERR_INVALID_ARGS" {
		t.Errorf("calls: %+v", r.Calls)
	}
}

func TestValidationMessagesNameFieldAndExpectation(t *testing.T) {
	eng := newEngine(t, nil)
	for code, want := range map[string]string{
		`await tools.todo_update({index: "1"})`:                 `todo_update: invalid arguments: at "index": got string, want integer (describeTool("todo_update") gives the types)`,
		`await tools.todo_update({index: 1, status: "nope"})`:   `todo_update: invalid arguments: at "status": value must be one of 'pending', 'in_progress', 'completed' (describeTool("todo_update") gives the types)`,
		`await tools.todowrite({todos: [{status: "pending"}]})`: `todowrite: invalid arguments: at "todos.0": missing property 'content' (describeTool("todowrite") gives the types)`,
		`await tools.todowrite({todos: [], extra: 1})`:          `todowrite: invalid arguments: additional properties 'extra' not allowed. todowrite takes: todos (describeTool("todowrite") gives the types)`,
		`await tools.search({pattern: "x", glob: "*.go"})`:      `search: invalid arguments: additional properties 'glob' not allowed (did you mean 'paths'?). search takes: pattern, paths?, i?, case?, gitignore?, hidden?, skip?, limit? (describeTool("search") gives the types)`,
		`await tools.read({file_path: "a.txt"})`:                `read: invalid arguments: additional properties 'file_path' not allowed (did you mean 'path'?); missing property 'path'. read takes: path, offset?, limit? (describeTool("read") gives the types)`,
	} {
		r := run(t, eng, code)
		if r.OK || r.Error.Code != "ERR_INVALID_ARGS" || r.Error.Message != want {
			t.Errorf("%s:\n got %+v\nwant %s", code, r.Error, want)
		}
	}
}

func TestStoreCommitsOnlyOnSuccess(t *testing.T) {
	dbPath := t.TempDir() + "/store.db"
	eng := newEngine(t, nil, engine.WithSession("s"), engine.WithStorePath(dbPath))
	if r := run(t, eng, `store("k", 1); store("gone", 2); return load("k")`); !r.OK {
		t.Fatal(r.Text)
	}
	if r := run(t, eng, `store("k", 2); store("gone", undefined); store("new", 3); throw new Error("fail")`); r.OK {
		t.Fatal("script should fail")
	}
	r := run(t, eng, `return [load("k"), load("gone"), load("new")]`)
	if string(r.Value) != `[1,2,null]` {
		t.Fatalf("after a failed run: %s", r.Value)
	}
	// A new engine on the same store sees the committed values.
	eng2 := newEngine(t, nil, engine.WithSession("s"), engine.WithStorePath(dbPath))
	if r := run(t, eng2, `return load("k")`); string(r.Value) != `1` {
		t.Fatalf("persisted: %s", r.Value)
	}
	// Loads see the run's own writes; the total cap counts them.
	r = run(t, eng, `for (let i = 0; i < 5; i++) store("v" + i, "x".repeat(262000)); return 1`)
	if r.OK || r.Error.Code != "ERR_LIMIT" || !strings.Contains(r.Error.Message, "limit is 1048576 in total") {
		t.Fatalf("total cap: %+v", r.Error)
	}
}

// TestStoreCaps: keys count against the total, a key has a cap of its own,
// replacing or deleting a value frees its share, and a refused store()
// changes nothing.
func TestStoreCaps(t *testing.T) {
	for _, c := range []struct {
		name, code, want string // want: the value returned, or the error message's tail
	}{
		{"a long key", `store("k".repeat(1025), 1)`, "store: a key is 1025 characters; the limit is 1024"},
		{"a key at the cap", `store("k".repeat(1024), 1); return load("k".repeat(1024))`, "1"},
		{"many keys count toward the total", `for (let i = 0; i < 2000; i++) store(String(i).padStart(1000, "k"), 1)`, "limit is 1048576 in total. Delete keys with store(key, undefined)"},
		{"replacing frees the old value", `for (let i = 0; i < 10; i++) store("k", "x".repeat(262000)); return load("k").length`, "262000"},
		{"deleting frees the value", `for (let i = 0; i < 10; i++) { store("k" + i, "x".repeat(262000)); store("k" + i, undefined) } return 1`, "1"},
		{"a refused store changes nothing", `store("a", "x".repeat(262000)); store("b", "x".repeat(262000)); store("c", "x".repeat(262000)); store("d", "x".repeat(262000));
			try { store("e", "x".repeat(262000)) } catch (e) {} return [load("e"), load("d").length]`, "[null,262000]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			eng := newEngine(t, nil, engine.WithSession("s"), engine.WithStorePath(t.TempDir()+"/store.db"))
			r := run(t, eng, c.code)
			if r.OK {
				if string(r.Value) != c.want {
					t.Fatalf("value %s, want %s", r.Value, c.want)
				}
				return
			}
			if r.Error.Code != "ERR_LIMIT" || !strings.HasSuffix(r.Error.Message, c.want) {
				t.Fatalf("error %+v, want one ending %q", r.Error, c.want)
			}
		})
	}
}

func TestUnawaitedCallsAreCancelled(t *testing.T) {
	p := &probe{}
	eng := newEngine(t, p)
	start := time.Now()
	r := run(t, eng, `tools.sleep({ms: 10000}); tools.sleep({ms: 10000}); await tools.sleep({ms: 100}); return 1`)
	if !r.OK {
		t.Fatal(r.Text)
	}
	if d := time.Since(start); d > 2*time.Second && !racecheck.Enabled {
		t.Fatalf("run waited for unawaited calls: %v", d)
	}
	if p.started.Load() != 3 || p.cancelled.Load() != 2 || p.finished.Load() != 1 {
		t.Fatalf("probe: started %d cancelled %d finished %d", p.started.Load(), p.cancelled.Load(), p.finished.Load())
	}
	if r.Calls[0].Status != "cancelled" || r.Calls[1].Status != "cancelled" || r.Calls[2].Status != "ok" {
		t.Fatalf("calls: %+v", r.Calls)
	}
	// The check saw both forgotten awaits before the run; the run saw
	// their calls cancelled.
	want := "2 tool calls still running or queued when the script returned were cancelled (1, 2): await every call whose result you need."
	if len(r.Warnings) != 3 || !strings.HasPrefix(r.Warnings[0], "codemode.js:1:1: tools.sleep(...) is not awaited") ||
		!strings.HasPrefix(r.Warnings[1], "codemode.js:1:27: tools.sleep(...) is not awaited") ||
		r.Warnings[2] != want || !strings.Contains(r.Text, want) {
		t.Fatalf("warnings: %q", r.Warnings)
	}
}

// TestCancelledCallWarnings: the warning about cancelled calls says what
// happened. A script that failed while calls ran (a Promise.all that
// rejected) had awaited them: it is not told to await them.
func TestCancelledCallWarnings(t *testing.T) {
	cases := []struct{ name, script, want string }{
		{"returned without awaiting one", `tools.sleep({ms: 10000}); return 1`,
			"1 tool call still running or queued when the script returned was cancelled (1): await every call whose result you need."},
		{"Promise.all rejected by a call", `await Promise.all([tools.sleep({ms: 10000}), tools.sleep({ms: 10000}), tools.echo({nope: 1})])`,
			"The script failed on the error of call 3 while 2 tool calls were still running or queued; they were cancelled (1, 2)."},
		{"a throw while one ran", `const p = tools.sleep({ms: 10000}); await tools.noop(); throw new Error("stop")`,
			"The script failed while 1 tool call was still running or queued; it was cancelled (1)."},
		{"nothing in flight", `await tools.noop(); throw new Error("stop")`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := run(t, newEngine(t, &probe{}), c.script)
			var got []string
			for _, w := range r.Warnings {
				if strings.Contains(w, "cancelled") {
					got = append(got, w)
				}
			}
			if c.want == "" && len(got) == 0 {
				return
			}
			if len(got) != 1 || got[0] != c.want {
				t.Fatalf("warnings %q, want %q", got, c.want)
			}
		})
	}
}

func TestInFlightCallCancelledAtDeadline(t *testing.T) {
	p := &probe{}
	eng := newEngine(t, p, engine.WithTimeout(300*time.Millisecond))
	start := time.Now()
	r := run(t, eng, `await tools.sleep({ms: 20000})`)
	if d := time.Since(start); d > 550*time.Millisecond && !racecheck.Enabled {
		t.Fatalf("deadline 300ms, run took %v", d)
	}
	if r.Error == nil || r.Error.Kind != engine.KindTimeout || r.ExitCode != engine.ExitTimeout {
		t.Fatalf("result: %+v", r.Error)
	}
	if p.cancelled.Load() != 1 || r.Calls[0].Status != "cancelled" {
		t.Fatalf("in-flight call not cancelled: %d %+v", p.cancelled.Load(), r.Calls)
	}
}

func TestAbortFromContext(t *testing.T) {
	p := &probe{}
	eng := newEngine(t, p)
	ctx, cancel := context.WithCancel(context.Background())
	// Cancel once the sleep is running (a fixed delay can pass before a
	// loaded machine, or the race detector, has started the script).
	go func() {
		for p.started.Load() == 0 {
			time.Sleep(5 * time.Millisecond)
		}
		cancel()
	}()
	r, err := eng.Run(ctx, `text("partial"); await tools.sleep({ms: 20000})`)
	if err != nil {
		t.Fatal(err)
	}
	if r.Error == nil || r.Error.Kind != engine.KindAborted || r.ExitCode != engine.ExitAborted {
		t.Fatalf("result: %+v", r.Error)
	}
	if len(r.Output) != 1 || r.Output[0].Text != "partial" || p.cancelled.Load() != 1 {
		t.Fatalf("partial output %+v, cancelled %d", r.Output, p.cancelled.Load())
	}
}

func TestConcurrencyIsBoundedAndOrdered(t *testing.T) {
	eng := newEngine(t, nil)
	r := run(t, eng, `
		const rs = await Promise.all(Array.from({length: 500}, (_, i) => tools.echo({value: i})));
		return rs.every((r, i) => r.value === i)`)
	if !r.OK || string(r.Value) != "true" || r.CallStats.Total != 500 || len(r.Calls) != 100 {
		t.Fatalf("%s %d", r.Text, len(r.Calls))
	}
}

func TestDiscoveryGlobals(t *testing.T) {
	eng := newEngine(t, nil)
	r := run(t, eng, `
		const names = ALL_TOOLS.map(t => t.name);
		const found = searchTools("checklist item update", {limit: 2});
		const d = describeTool("todo_update");
		return {names, found: found.map(f => f.name), total: found.total,
			decl: d.declaration, unknown: describeTool("nope") === undefined,
			ns: describeNamespace("nope") === undefined, frozen: Object.isFrozen(tools)}`)
	if !r.OK {
		t.Fatal(r.Text)
	}
	var got struct {
		Names   []string
		Found   []string
		Total   int
		Decl    string
		Unknown bool
		NS      bool
		Frozen  bool
	}
	if err := json.Unmarshal(r.Value, &got); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(strings.Join(got.Names, ","), "read,write,edit,bash,") || !strings.HasSuffix(strings.Join(got.Names, ","), ",todo_update,webfetch,websearch,code_search,sleep,noop,echo") || strings.Contains(strings.Join(got.Names, ","), "codemode") {
		t.Errorf("ALL_TOOLS: %v", got.Names)
	}
	if len(got.Found) != 2 || got.Found[0] != "todo_update" || got.Total < 2 {
		t.Errorf("searchTools: %v total %d", got.Found, got.Total)
	}
	if !strings.Contains(got.Decl, "todo_update(args: {") || !strings.Contains(got.Decl, "index: number;") {
		t.Errorf("declaration: %s", got.Decl)
	}
	if !got.Unknown || !got.NS || !got.Frozen {
		t.Errorf("%+v", got)
	}
}

func TestImage(t *testing.T) {
	eng := newEngine(t, nil)
	png := "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
	r := run(t, eng, `image("data:image/jpeg;base64,`+png+`"); image({type: "image", data: "`+png+`", mimeType: "image/gif"})`)
	if !r.OK || len(r.Output) != 2 || r.Output[0].Image.MIMEType != "image/png" || r.Output[1].Image.MIMEType != "image/png" {
		t.Fatalf("%s %+v", r.Text, r.Output)
	}
	for code, want := range map[string]string{
		`image("data:image/png;base64,@@@")`:      "malformed base64",
		`image("data:image/png;base64,aGVsbG8=")`: "unsupported or unrecognised image data",
		`image("https://example.com/a.png")`:      "remote URLs are not supported",
		`image(42)`:                               "expected a base64 data URL",
		`image("data:text/plain,hello")`:          "must be base64-encoded",
	} {
		r := run(t, eng, code)
		if r.OK || !strings.Contains(r.Error.Message, want) || r.Error.Code != "ERR_INVALID_ARGS" {
			t.Errorf("%s: %+v", code, r.Error)
		}
	}
}

// TestCallArgumentsMemoryBounded: call records keep a short form of large
// arguments (the tool still gets them whole), one call's arguments have a
// cap, and so do the arguments of calls queued or running at once.
func TestCallArgumentsMemoryBounded(t *testing.T) {
	if racecheck.Enabled {
		t.Skip("moves ~600 MB through the interpreter: minutes under -race; make timing runs it")
	}
	eng := newEngine(t, nil)
	r := run(t, eng, `const big = "x".repeat(1 << 20);
		let n = 0; for (let i = 0; i < 5; i++) n += (await tools.echo({value: big})).value.length; return n`)
	if !r.OK || string(r.Value) != "5242880" {
		t.Fatalf("echo of 1 MiB values: %s", clip(r.Text))
	}
	for _, c := range r.Calls {
		if len(c.Args) > 1024 || !strings.Contains(string(c.Args), "…(1048376 more characters)") {
			t.Fatalf("record of %d bytes: %.300s", len(c.Args), c.Args)
		}
	}

	big := newEngine(t, nil, engine.WithMemoryLimit(1<<30))
	r = run(t, big, `await tools.echo({value: "x".repeat(65 << 20)})`)
	if r.OK || r.Error.Code != "ERR_LIMIT" || !strings.HasSuffix(r.Error.Message, "echo: the arguments are 68157452 bytes of JSON; the limit is 67108864 a call") {
		t.Fatalf("one large call: %+v", r.Error)
	}

	r = run(t, eng, `const big = "x".repeat(1 << 20); const ps = [];
		for (let i = 0; i < 300; i++) ps.push(tools.noop({value: big}).then(() => "ran", e => e.code === "ERR_LIMIT" ? e.message : "ran"));
		const out = await Promise.all(ps); return [out.filter(s => s === "ran").length, out.find(s => s !== "ran")]`)
	want := `[255,"noop: calls queued or running already hold 267389940 bytes of arguments, and 1048588 more would pass the limit of 268435456; await earlier calls first"]`
	if !r.OK || string(r.Value) != want {
		t.Fatalf("many large calls at once:\n got %s\nwant %s\n%s", r.Value, want, clip(r.Text))
	}
}

// TestStoreCapAcrossConcurrentRuns: runs of one session that each stay
// under the total cap cannot together pass it; the commit that would is
// refused (ERR_LIMIT) and changes nothing. Both backends.
func TestStoreCapAcrossConcurrentRuns(t *testing.T) {
	for _, backend := range []string{"memory", "sqlite"} {
		t.Run(backend, func(t *testing.T) {
			opt := engine.WithMemoryStore()
			if backend == "sqlite" {
				opt = engine.WithStorePath(t.TempDir() + "/store.db")
			}
			eng := newEngine(t, nil, engine.WithSession("s"), opt)
			var wg sync.WaitGroup
			results := make([]*engine.Result, 4)
			for i := range results {
				wg.Add(1)
				go func() {
					defer wg.Done()
					// Each run alone holds 780,000 characters: under the cap.
					results[i] = run(t, eng, fmt.Sprintf(`for (let k = 0; k < 3; k++) store("r%d-" + k, "x".repeat(260000));
						await tools.sleep({ms: 300}); return 1`, i))
				}()
			}
			wg.Wait()
			ok, refused := 0, 0
			for _, r := range results {
				switch {
				case r.OK:
					ok++
				case r.Error.Code == "ERR_LIMIT":
					// Refused at commit (StoreError) — or by store() itself
					// in a run that started after another had committed.
					refused++
				default:
					t.Fatalf("unexpected failure: %+v", r.Error)
				}
			}
			if ok != 1 || refused != 3 {
				t.Fatalf("%d runs committed, %d refused; want 1 and 3", ok, refused)
			}
			r := run(t, eng, `let n = 0; for (let i = 0; i < 4; i++) for (let k = 0; k < 3; k++) if (load("r" + i + "-" + k) !== undefined) n++; return n`)
			if string(r.Value) != "3" {
				t.Fatalf("keys stored: %s, want 3 (one run's)", r.Value)
			}
		})
	}
}

// TestDescribeToolSaysItOnce: describeTool gives the description once and
// the declaration with the per-field docs; nothing repeats them.
func TestDescribeToolSaysItOnce(t *testing.T) {
	eng := newEngine(t, nil)
	r := run(t, eng, `const d = describeTool("search"); return {keys: Object.keys(d), d, size: JSON.stringify(d).length}`)
	if !r.OK {
		t.Fatal(r.Text)
	}
	var got struct {
		Keys []string
		D    struct{ Description, Declaration string }
		Size int
	}
	if err := json.Unmarshal(r.Value, &got); err != nil {
		t.Fatal(err)
	}
	if strings.Join(got.Keys, ",") != "name,description,declaration" {
		t.Errorf("keys %v", got.Keys)
	}
	first := strings.SplitN(got.D.Description, "\n", 2)[0]
	if !strings.HasPrefix(got.D.Declaration, "search(args: {") || strings.Contains(got.D.Declaration, first) {
		t.Errorf("declaration repeats the description or lacks the signature:\n%s", got.D.Declaration)
	}
	for _, doc := range []string{"/** Regular expression (RE2 syntax) */", "pattern: string;", "matchCount: number;"} {
		if !strings.Contains(got.D.Declaration, doc) {
			t.Errorf("declaration lacks %q", doc)
		}
	}
	if got.Size > 8000 {
		t.Errorf("describeTool(\"search\") is %d characters", got.Size)
	}
}
