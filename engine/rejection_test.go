package engine_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/engine"
)

// TestUnhandledRejections: a promise rejected with nothing to catch it is
// warned about with its error and line (QuickJS drops it silently); strict
// mode fails the run on it; rejections the script handles, and the
// bindings' own promises, say nothing. Both engines.
func TestUnhandledRejections(t *testing.T) {
	for _, js := range []engine.JSEngine{engine.QuickJS, engine.Goja} {
		t.Run(string(js), func(t *testing.T) {
			eng := newEngine(t, nil, engine.WithJSEngine(js))
			r := run(t, eng, "const x = 1;\nPromise.reject(new Error(\"boom\"));\nconst p = tools.read({path: \"missing.txt\"});\nawait new Promise(r => p.finally(r));\nreturn x")
			if !r.OK {
				t.Fatalf("not strict: the run succeeds, got %+v", r.Error)
			}
			warn := strings.Join(r.Warnings, "\n")
			for _, w := range []string{
				"Unhandled promise rejection at codemode.js:2:",
				"Error: boom",
				"Unhandled promise rejection of tool call 1 (read): ToolError: File not found: missing.txt",
				"await it, or add .catch()",
			} {
				if !strings.Contains(warn, w) {
					t.Errorf("warnings %q lack %q", warn, w)
				}
			}

			// Handled ones, failed calls caught, a rejected Promise.all
			// caught, a thrown script error: no rejection warning.
			r = run(t, eng, `
				try { await tools.read({path: "missing.txt"}) } catch (e) {}
				await Promise.all([tools.read({path: "missing.txt"}), tools.noop({})]).catch(() => {});
				const p = Promise.reject(new Error("late")); await null; p.catch(() => {});
				await Promise.allSettled([Promise.reject(new Error("settled"))]);
				return 1`)
			if !r.OK || strings.Contains(strings.Join(r.Warnings, "\n"), "Unhandled") {
				t.Errorf("handled rejections: ok %v, warnings %q", r.OK, r.Warnings)
			}
			r = run(t, eng, `throw new Error("plain")`)
			if r.OK || strings.Contains(strings.Join(r.Warnings, "\n"), "Unhandled") {
				t.Errorf("thrown error: ok %v, warnings %q", r.OK, r.Warnings)
			}

			strict := newEngine(t, nil, engine.WithJSEngine(js), engine.WithStrict())
			r = run(t, strict, "const x = 1;\nPromise.reject(new Error(\"boom\"));\nreturn x")
			if r.OK || r.Error == nil || r.Error.Name != "UnhandledRejection" || !strings.Contains(r.Error.Message, "Error: boom") ||
				!strings.Contains(r.Error.Message, "codemode.js:2:") || r.ExitCode != engine.ExitScript {
				t.Errorf("strict: ok %v exit %d, error %+v", r.OK, r.ExitCode, r.Error)
			}
			r = run(t, eng, "// @options: {\"strict\": true}\nPromise.reject(new Error(\"boom\"));\nreturn 1")
			if r.OK || r.Error == nil || r.Error.Name != "UnhandledRejection" {
				t.Errorf("strict by @options: ok %v, error %+v", r.OK, r.Error)
			}
		})
	}
}

// TestStoppedRunWarnsNoRejection: a run cancelled (SIGINT) or timed out
// while the script awaits a Promise.all of calls fails with its abort or
// timeout and nothing else: the VM's own interruption of the promises it
// was running is not an unhandled rejection of the script's. Both engines.
func TestStoppedRunWarnsNoRejection(t *testing.T) {
	const script = `const many = Array.from({length: 50}, (_, i) => i);
for (let k = 0; k < 1e6; k++) await Promise.all(many.map(() => tools.noop({})))`
	for _, js := range []engine.JSEngine{engine.QuickJS, engine.Goja} {
		t.Run(string(js), func(t *testing.T) {
			eng := newEngine(t, nil, engine.WithJSEngine(js))
			ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
			defer cancel()
			r, err := eng.Run(ctx, script)
			if err != nil {
				t.Fatal(err)
			}
			if r.ExitCode != engine.ExitAborted && r.ExitCode != engine.ExitTimeout {
				t.Fatalf("exit %d, want aborted: %+v", r.ExitCode, r.Error)
			}
			for _, w := range r.Warnings {
				if strings.Contains(w, "Unhandled") || strings.Contains(w, "interrupted") || strings.Contains(w, "when the script returned") {
					t.Errorf("cancelled run: spurious warning %q", w)
				}
			}
			timed := newEngine(t, nil, engine.WithJSEngine(js), engine.WithTimeout(300*time.Millisecond))
			r = run(t, timed, script)
			if r.ExitCode != engine.ExitTimeout {
				t.Fatalf("exit %d, want timeout: %+v", r.ExitCode, r.Error)
			}
			for _, w := range r.Warnings {
				if strings.Contains(w, "Unhandled") || strings.Contains(w, "interrupted") {
					t.Errorf("timed-out run: spurious warning %q", w)
				}
			}
		})
	}
}

// TestExitWarnsNoRejection: exit(n) ends the run with its code and nothing
// else, however the VM's interruption of what was still running lands (it
// raced into an "unhandled rejection: interrupted" warning on QuickJS).
// Both engines, repeated because the interruption's timing varies.
func TestExitWarnsNoRejection(t *testing.T) {
	scripts := map[string]int{
		`exit(4)`: 4,
		`exit(0)`: 0,
		`const p = Promise.all(Array.from({length: 50}, () => tools.noop({}))); exit(3)`: 3,
		`await tools.noop({}); Promise.resolve().then(() => tools.noop({})); exit(5)`:    5,
		`for (let i = 0; i < 20; i++) { await tools.noop({}) } exit(0)`:                  0,
	}
	for _, js := range []engine.JSEngine{engine.QuickJS, engine.Goja} {
		t.Run(string(js), func(t *testing.T) {
			eng := newEngine(t, nil, engine.WithJSEngine(js))
			for script, code := range scripts {
				for range 20 {
					r := run(t, eng, script)
					if r.ExitCode != code || r.OK != (code == 0) {
						t.Fatalf("%s: exit %d ok %v, want %d: %+v", script, r.ExitCode, r.OK, code, r.Error)
					}
					for _, w := range r.Warnings {
						if strings.Contains(w, "Unhandled") || strings.Contains(w, "interrupted") {
							t.Fatalf("%s: spurious warning %q", script, w)
						}
					}
				}
			}
		})
	}
}
