package main

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestMain lets the test binary stand in for "compare case ...", so that
// runChild can start it as a child.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "case" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// The harness must see modernc's limits hold: these are the outcomes the
// report's tables rest on.
func TestModerncCases(t *testing.T) {
	for _, tc := range []struct {
		name    string
		arg     int
		outcome string
		detail  string
	}{
		{"mem-push", 0, "error", "out of memory"},
		{"mem-arraybuffer", 0, "error", "out of memory"},
		{"loop", 50, "error", "interrupted"},
		{"stack", 100, "ok", "100"},
		{"stack", 100000, "caught", "stack overflow"},
		{"stack-json", 100000, "caught", "stack overflow"},
		{"async", 100, "ok", ""},
	} {
		t.Run(tc.name+"/"+strconv.Itoa(tc.arg), func(t *testing.T) {
			r, err := runCase("modernc", tc.name, tc.arg, 0, "")
			if err != nil {
				t.Fatal(err)
			}
			if r.Outcome != tc.outcome || !strings.Contains(r.Detail, tc.detail) {
				t.Fatalf("got %s %q, want %s containing %q", r.Outcome, r.Detail, tc.outcome, tc.detail)
			}
			if tc.name != "async" && r.Next != "same VM: ok; new VM: ok" {
				t.Errorf("next script: %s", r.Next)
			}
		})
	}
}

// TestQJSFindings pins the qjs v0.0.6 behaviour the comparison reports, in
// child processes. A failure here means qjs changed: re-run run.sh.
func TestQJSFindings(t *testing.T) {
	if testing.Short() {
		t.Skip("starts qjs runtimes in child processes")
	}
	t.Setenv("QJS_CACHE_DIR", t.TempDir())
	deep := runChild(defaultLimits, "-engine", "qjs", "-case", "stack", "-arg", "1000")
	if deep.Outcome == "ok" && deep.Detail == "1000" || deep.Outcome == "caught" {
		t.Errorf("qjs recursion 1000 deep: %s; the stack now seems protected", deep.describe())
	}
	if !strings.HasPrefix(deep.Next, "same VM: fails") {
		t.Errorf("qjs after deep recursion: %s", deep.Next)
	}
	loop := runChild(defaultLimits, "-engine", "qjs", "-case", "loop", "-arg", "50")
	if loop.Outcome != "panic" || !strings.Contains(loop.Detail, "module closed") {
		t.Errorf("qjs while(true) with CloseOnContextDone: %s", loop.describe())
	}
	async := runChild(defaultLimits, "-engine", "qjs", "-case", "async", "-arg", "3000")
	if async.Outcome != "ok" {
		t.Errorf("qjs owner-settled async: %s", async.describe())
	}
}

// TestSandbox: a default modernc VM has no host globals and writes nothing;
// a default qjs runtime exposes std/os and writes in the working directory.
func TestSandbox(t *testing.T) {
	if testing.Short() {
		t.Skip("starts runtimes in child processes")
	}
	t.Setenv("QJS_CACHE_DIR", t.TempDir())
	for eng, want := range map[string]string{
		"modernc": "no file written",
		"qjs":     "the script WROTE written-by-script.txt in the working directory",
	} {
		if c := runChild(defaultLimits, "-engine", eng, "-case", "sandbox"); c.Next != want {
			t.Errorf("%s: %s; %s, want %s", eng, c.describe(), c.Next, want)
		}
	}
}
