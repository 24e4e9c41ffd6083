package test262

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	goruntime "runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"modernc.org/quickjs"

	"github.com/atomic-script/atomic-script/bindings"
	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/internal/testutil/racecheck"
	"github.com/atomic-script/atomic-script/runtime"
	"github.com/atomic-script/atomic-script/runtime/goja"
	qjs "github.com/atomic-script/atomic-script/runtime/quickjs"
	"github.com/atomic-script/atomic-script/tools"
)

var update = flag.Bool("update", false, "rewrite testdata/test262/expectations.txt from this run")

const (
	root             = "testdata/test262"
	expectationsFile = root + "/expectations.txt"
	// perTest bounds one run of one test: far over what the slowest takes
	// on a loaded machine (~30 s), so load does not turn a pass into a
	// timeout.
	perTest = 60 * time.Second
)

// Outcomes. body is the sandbox's design difference: the test fails as
// a script's body (an async function's, docs/script-api.md) and passes as
// global code in the same sandbox VM.
const (
	pass = "pass"
	fail = "fail"
	body = "body"
	skip = "skip"
)

// runners are the columns of the expectations.
var runners = []string{"plain", "quickjs", "goja"}

type testCase struct {
	path string // under test/
	src  string
	meta meta
}

// modes are the ways a test runs, as test262's INTERPRETING.md says: a
// module is skipped (a script has no module loader), raw runs as it is,
// onlyStrict and noStrict in one mode, the rest in both.
func modes(m meta) []string {
	switch {
	case m.has("module"):
		return []string{"module"}
	case m.has("raw"):
		return []string{"raw"}
	case m.has("onlyStrict"):
		return []string{"strict"}
	case m.has("noStrict"):
		return []string{"sloppy"}
	}
	return []string{"sloppy", "strict"}
}

// compose is the source a mode runs: the strict directive, the host
// hooks, print (where the runner has none), the harness and the test.
func compose(tc testCase, mode, printShim string, harness map[string]string) string {
	if mode == "raw" {
		return tc.src
	}
	var b strings.Builder
	if mode == "strict" {
		b.WriteString("\"use strict\";\n")
	}
	b.WriteString(printShim)
	b.WriteString(harness["host.js"])
	files := []string{"assert.js", "sta.js"}
	if tc.meta.has("async") {
		files = append(files, "doneprintHandle.js")
	}
	for _, f := range append(files, tc.meta.includes...) {
		b.WriteString(harness[f])
		b.WriteString("\n")
	}
	b.WriteString(tc.src)
	return b.String()
}

// result is how one run ended: the name of the error that ended it ("" if
// none) and what it printed.
type result struct {
	errName, errMsg string
	printed         []string
}

// judge says whether a run passed: a negative test by the name of its
// error, an async test by what $DONE printed, any other by ending without
// an error.
func judge(m meta, r result) string {
	if m.negType != "" {
		return map[bool]string{true: pass, false: fail}[r.errName == m.negType]
	}
	if r.errName != "" {
		return fail
	}
	if m.has("async") {
		done := false
		for _, p := range r.printed {
			if strings.Contains(p, "Test262:AsyncTestFailure") {
				return fail
			}
			done = done || strings.Contains(p, "Test262:AsyncTestComplete")
		}
		return map[bool]string{true: pass, false: fail}[done]
	}
	return pass
}

// runPlain runs src as a global script on a bare modernc.org/quickjs VM,
// draining the job queue.
func runPlain(src string) result {
	vm, err := quickjs.NewVM()
	if err != nil {
		return result{errName: "VMError", errMsg: err.Error()}
	}
	defer vm.Close()
	vm.SetMemoryLimit(256 << 20)
	var r result
	_ = vm.RegisterFunc("print", func(args ...any) {
		parts := make([]string, len(args))
		for i, a := range args {
			parts[i] = fmt.Sprint(a)
		}
		r.printed = append(r.printed, strings.Join(parts, " "))
	}, false)
	_ = vm.SetEvalTimeout(perTest)
	v, err := vm.EvalValue(src, quickjs.EvalGlobal)
	if err == nil {
		v.Free()
		_, err = vm.ExecutePendingJobs()
	}
	if err != nil {
		r.errName, r.errMsg = errorName(err)
	}
	return r
}

func errorName(err error) (string, string) {
	if e, ok := err.(*quickjs.Error); ok {
		if e.Name == "" {
			return "Error", e.Error()
		}
		return e.Name, e.Message
	}
	return "Error", err.Error()
}

// describe says how a run ended, for the log: its error, or for an async
// test what $DONE printed.
func describe(r result) string {
	if r.errName != "" {
		return r.errName + ": " + r.errMsg
	}
	for _, p := range r.printed {
		if strings.HasPrefix(p, "Test262:Async") {
			return p
		}
	}
	return "no error, nothing printed"
}

// sandboxPrint is print in the sandbox: console.log.
const sandboxPrint = "var print = function (m) { console.log(String(m)); };\n"

// runBody runs src as what it is in the product: a script, the body of an
// async function, through engine.Run.
func runBody(eng *engine.Engine, src string) result {
	res, err := eng.Run(context.Background(), src)
	if err != nil {
		return result{errName: "RunError", errMsg: err.Error()}
	}
	r := result{printed: res.Logs}
	if res.Error != nil {
		r.errName, r.errMsg = res.Error.Name, res.Error.Message
	}
	return r
}

// sink keeps a run's console lines.
type sink struct {
	mu    sync.Mutex
	lines []string
}

func (s *sink) Log(_, text string)                      { s.mu.Lock(); s.lines = append(s.lines, text); s.mu.Unlock() }
func (s *sink) Text(string)                             {}
func (s *sink) Image(tools.Image)                       {}
func (s *sink) CallStarted(tools.Call)                  {}
func (s *sink) CallEnded(tools.Call)                    {}
func (s *sink) Progress(string, string, tools.Progress) {}

// isDesign tells a failure in the sandbox that is the body-of-an-async-
// function design from a defect: src passes as global code in a VM made
// as a run makes it, and fails there as the body of an async function
// alone (as the wrapper runs it, without the rest of a run: the check,
// the TypeScript fallback, the run loop's outcome), so the wrapper is
// the whole difference.
func isDesign(m meta, newVM runtime.New, src string) bool {
	return judge(m, runGlobal(newVM, src)) == pass && judge(m, runGlobal(newVM, asBody(src))) != pass
}

// asBody is src as the body of an async function, the way the engine
// wraps a script (bindings' __as_main(async () => {...})), its rejection
// printed as the error that ended it.
func asBody(src string) string {
	return "(async () => {" + src + "\n})().catch(function (e) { console.log(" + bodyError + " + (e && e.name) + \":\" + (e && e.message)); });"
}

// bodyError marks the line asBody prints for a rejection.
const bodyError = `"Test262:BodyError:"`

// runGlobal runs src as global code in a VM made as a run makes it (the
// engine, its bindings and prelude, the web globals).
func runGlobal(newVM runtime.New, src string) result {
	vm, err := newVM(runtime.Options{})
	if err != nil {
		return result{errName: "VMError", errMsg: err.Error()}
	}
	defer vm.Close()
	loop := runtime.NewLoop(vm)
	s := &sink{}
	if _, err := bindings.Install(context.Background(), vm, loop, bindings.Config{Sink: s}); err != nil {
		return result{errName: "VMError", errMsg: err.Error()}
	}
	var r result
	err = loop.Run(context.Background(), time.Now().Add(perTest), func() error { return evalRecovering(vm, src) }, func() bool { return true })
	var ex *runtime.Exception
	switch {
	case err == nil:
	case asException(err, &ex):
		r.errName, r.errMsg = ex.Name, ex.Message
		if r.errName == "" {
			r.errName = "Error"
		}
	default:
		r.errName, r.errMsg = "Error", err.Error()
	}
	r.printed = s.lines
	for _, line := range s.lines {
		if rest, ok := strings.CutPrefix(line, strings.Trim(bodyError, `"`)); ok && r.errName == "" {
			r.errName, r.errMsg, _ = strings.Cut(rest, ":")
		}
	}
	return r
}

// evalRecovering is vm.Eval with a panic of the engine (goja's runtime
// has index-out-of-range bugs on some class and eval code) returned as an
// error, as the engine turns it into a sandbox error in a run.
func evalRecovering(vm runtime.VM, src string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the engine panicked: %v", r)
		}
	}()
	return vm.Eval(src)
}

func asException(err error, ex **runtime.Exception) bool {
	e, ok := err.(*runtime.Exception)
	*ex = e
	return ok
}

// sandbox is one engine as the product runs it: no tools, a deadline.
func sandbox(t *testing.T, js engine.JSEngine) *engine.Engine {
	eng, err := engine.New(engine.WithRoot(t.TempDir()), engine.WithTools(tools.NewRegistry()), engine.WithJSEngine(js),
		engine.WithTimeout(perTest), engine.WithMemoryStore())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	return eng
}

// outcome is one row: a test in a mode on every runner.
type outcome struct {
	path, mode string
	features   []string
	got        map[string]string
	why        map[string]string // a failure's error, for the log
	took       time.Duration     // the runners' time together
}

func (o outcome) key() string { return o.path + " " + o.mode }

func (o outcome) line() string {
	return o.key() + " " + o.got["plain"] + " " + o.got["quickjs"] + " " + o.got["goja"]
}

func (o outcome) allPass() bool {
	return o.got["plain"] == pass && o.got["quickjs"] == pass && o.got["goja"] == pass
}

func loadTests(t *testing.T) ([]testCase, map[string]string) {
	harness := map[string]string{}
	entries, err := os.ReadDir(filepath.Join(root, "harness"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(root, "harness", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		harness[e.Name()] = string(b)
	}
	host, err := os.ReadFile(filepath.Join(root, "host.js"))
	if err != nil {
		t.Fatal(err)
	}
	harness["host.js"] = string(host)
	var tests []testCase
	err = filepath.WalkDir(filepath.Join(root, "test"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".js") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(filepath.Join(root, "test"), p)
		tests = append(tests, testCase{path: filepath.ToSlash(rel), src: string(b), meta: parseMeta(string(b))})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(tests, func(i, j int) bool { return tests[i].path < tests[j].path })
	return tests, harness
}

// shortShare is the part of the sample a short run takes: of each folder
// two levels under test/ (built-ins/Array, language/expressions, ...), the
// first 1/shortShare of its tests in the order of their paths' SHA-256 (at
// least one), so every area of the language is in it.
const shortShare = 16

// shortSample is the stratified part of tests a short run takes.
func shortSample(tests []testCase) map[string]bool {
	byArea := map[string][]string{}
	for _, tc := range tests {
		parts := strings.SplitN(tc.path, "/", 3)
		area := parts[0] + "/" + parts[1]
		byArea[area] = append(byArea[area], tc.path)
	}
	in := map[string]bool{}
	for _, ps := range byArea {
		sort.Slice(ps, func(i, j int) bool { return hash(ps[i]) < hash(ps[j]) })
		for _, p := range ps[:(len(ps)+shortShare-1)/shortShare] {
			in[p] = true
		}
	}
	return in
}

// TestTest262 runs the sample: the whole of it with ATOMIC_TEST262=1 (make
// test262, minutes), a short stratified part of it otherwise (make
// test262-short in CI). Under -race it is skipped unless asked for: the
// detector slows the engines twentyfold and the engines' races are the
// runtime packages' tests' to find.
func TestTest262(t *testing.T) {
	full := os.Getenv("ATOMIC_TEST262") != ""
	only := os.Getenv("TEST262_ONLY") // a path prefix, to look into a part
	switch {
	case *update && (!full || only != ""):
		t.Fatal("-update rewrites the expectations of the whole sample: run it with ATOMIC_TEST262=1 and no TEST262_ONLY")
	case racecheck.Enabled && !full:
		t.Skip("skipped under -race; make test262-short runs the short sample without it")
	}
	tests, harness := loadTests(t)
	if len(tests) < 1000 {
		t.Fatalf("only %d tests under %s", len(tests), root)
	}
	short := shortSample(tests)
	selected := func(path string) bool {
		return strings.HasPrefix(path, only) && (full || short[path])
	}
	engines := map[string]*engine.Engine{"quickjs": sandbox(t, engine.QuickJS), "goja": sandbox(t, engine.Goja)}
	vms := map[string]runtime.New{"quickjs": qjs.New, "goja": goja.New}

	type job struct {
		tc   testCase
		mode string
	}
	var jobs []job
	picked := 0
	for _, tc := range tests {
		if !selected(tc.path) {
			continue
		}
		picked++
		for _, m := range modes(tc.meta) {
			jobs = append(jobs, job{tc, m})
		}
	}
	t.Logf("%d tests of the sample's %d, %d runs on each runner", picked, len(tests), len(jobs))
	results := make([]outcome, len(jobs))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < goruntime.NumCPU(); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				start := time.Now()
				results[i] = runOne(jobs[i].tc, jobs[i].mode, harness, engines, vms)
				results[i].took = time.Since(start)
			}
		}()
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()

	check(t, results, selected)
}

// runOne runs one test in one mode on every runner.
func runOne(tc testCase, mode string, harness map[string]string, engines map[string]*engine.Engine, vms map[string]runtime.New) outcome {
	o := outcome{path: tc.path, mode: mode, features: tc.meta.features, got: map[string]string{}, why: map[string]string{}}
	if mode == "module" {
		for _, r := range runners {
			o.got[r] = skip
		}
		return o
	}
	pr := runPlain(compose(tc, mode, "", harness))
	o.got["plain"] = judge(tc.meta, pr)
	o.why["plain"] = describe(pr)
	src := compose(tc, mode, sandboxPrint, harness)
	for _, name := range []string{"quickjs", "goja"} {
		r := runBody(engines[name], src)
		o.got[name] = judge(tc.meta, r)
		o.why[name] = describe(r)
		if o.got[name] == fail && isDesign(tc.meta, vms[name], src) {
			o.got[name] = body
		}
	}
	return o
}

// check holds the results to the expectations (or rewrites them with
// -update) and to the rule that what passes on plain QuickJS passes in
// the sandbox but for design differences.
func check(t *testing.T, results []outcome, selected func(path string) bool) {
	counts := map[string]map[string]int{}
	for _, r := range runners {
		counts[r] = map[string]int{}
	}
	var lines []string
	for _, o := range results {
		for _, r := range runners {
			counts[r][o.got[r]]++
		}
		if o.got["plain"] == pass && o.got["quickjs"] != pass && o.got["quickjs"] != body {
			t.Errorf("%s: passes on plain QuickJS, fails in the sandbox (%s)", o.key(), o.why["quickjs"])
		}
		if !o.allPass() {
			lines = append(lines, o.line())
		}
	}
	for _, r := range runners {
		t.Logf("%-8s %v", r, counts[r])
	}
	logGojaGaps(t, results)
	logSlowest(t, results)
	if *update {
		header := "# test262 outcomes that are not a pass on all three runners, one test and mode a line:\n" +
			"# path mode plain quickjs goja — pass, fail, body (fails as a script's body, passes as global\n" +
			"# code in the sandbox: a design difference, docs/script-api.md) or skip (a module).\n"
		if err := os.WriteFile(expectationsFile, []byte(header+strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want := readExpectations(t)
	got := map[string]string{}
	for _, o := range results {
		got[o.key()] = strings.Join([]string{o.got["plain"], o.got["quickjs"], o.got["goja"]}, " ")
	}
	for _, o := range results {
		w, listed := want[o.key()]
		if !listed {
			w = "pass pass pass"
		}
		if g := got[o.key()]; g != w {
			t.Errorf("%s: got %s (plain quickjs goja), expectations say %s; errors: %s", o.key(), g, w, whyJSON(o))
		}
	}
	for k := range want {
		if _, ran := got[k]; !ran && selected(strings.Fields(k)[0]) {
			t.Errorf("%s is in the expectations but was not run", k)
		}
	}
}

// logGojaGaps logs, by test262 feature, the tests that pass on plain
// QuickJS and fail on goja: what docs/script-api.md lists as goja's gaps.
func logGojaGaps(t *testing.T, results []outcome) {
	gaps := map[string]int{}
	for _, o := range results {
		if o.got["plain"] != pass || o.got["goja"] == pass || o.got["goja"] == body {
			continue
		}
		if len(o.features) == 0 {
			gaps["(no feature: "+strings.SplitN(o.path, "/", 3)[1]+")"]++
		}
		for _, f := range o.features {
			gaps[f]++
		}
	}
	keys := make([]string, 0, len(gaps))
	for k := range gaps {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		return gaps[keys[i]] > gaps[keys[j]] || gaps[keys[i]] == gaps[keys[j]] && keys[i] < keys[j]
	})
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, " %s:%d", k, gaps[k])
	}
	t.Logf("goja fails where plain QuickJS passes, by feature:%s", b.String())
}

// logSlowest logs the tests that took longest, where a run's time goes.
func logSlowest(t *testing.T, results []outcome) {
	byTime := append([]outcome(nil), results...)
	sort.Slice(byTime, func(i, j int) bool { return byTime[i].took > byTime[j].took })
	var b strings.Builder
	for _, o := range byTime[:min(20, len(byTime))] {
		fmt.Fprintf(&b, "\n  %v %s %s %s", o.took.Round(time.Millisecond), o.key(), o.line()[len(o.key()):], whyJSON(o))
	}
	t.Logf("slowest:%s", b.String())
}

func whyJSON(o outcome) string {
	b, _ := json.Marshal(o.why)
	return string(b)
}

func readExpectations(t *testing.T) map[string]string {
	f, err := os.Open(expectationsFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 5 {
			t.Fatalf("expectations: bad line %q", line)
		}
		want[f[0]+" "+f[1]] = strings.Join(f[2:], " ")
	}
	return want
}
