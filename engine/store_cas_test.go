package engine_test

import (
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/atomic-script/atomic-script/engine"
)

// TestStoreConcurrentIncrementsLoseNothing: 12 runs of one session that
// each load a counter and store it plus one, at once. Every run that
// reports success has its increment in the store (the counter ends at the
// number of successes); the others fail with ERR_CONFLICT, saying that
// nothing was saved, instead of reporting success for a lost update. With
// the SQLite store each run has its own engine (as separate processes
// do); in memory they share one (an MCP session's concurrent scripts).
func TestStoreConcurrentIncrementsLoseNothing(t *testing.T) {
	for _, backend := range []string{"sqlite", "memory"} {
		t.Run(backend, func(t *testing.T) {
			path := t.TempDir() + "/store.db"
			shared := newEngine(t, nil, engine.WithSession("s"), engine.WithMemoryStore())
			engineFor := func() *engine.Engine {
				if backend == "memory" {
					return shared
				}
				return newEngine(t, nil, engine.WithSession("s"), engine.WithStorePath(path))
			}
			const runs = 12
			results := make([]*engine.Result, runs)
			engines := make([]*engine.Engine, runs)
			for i := range engines {
				engines[i] = engineFor()
			}
			var wg sync.WaitGroup
			for i := range results {
				wg.Add(1)
				go func() {
					defer wg.Done()
					results[i] = run(t, engines[i], `const n = load("n") ?? 0; await tools.sleep({ms: 50}); store("n", n + 1); return n`)
				}()
			}
			wg.Wait()
			ok := 0
			for _, r := range results {
				switch {
				case r.OK:
					ok++
				case r.Error.Code == "ERR_CONFLICT" && strings.Contains(r.Error.Message, `changed "n" after this run loaded it`) && strings.Contains(r.Error.Message, "Nothing was saved"):
				default:
					t.Fatalf("unexpected result: %s", r.Text)
				}
			}
			r := run(t, engineFor(), `return load("n")`)
			if string(r.Value) != strconv.Itoa(ok) || ok == 0 {
				t.Fatalf("the counter is %s after %d runs reported success", r.Value, ok)
			}
			// A run that only stores (reads nothing) is never refused, and
			// a run that loads a key nobody changed commits.
			r = run(t, engineFor(), `store("other", 1); const n = load("n"); store("n", n + 1); return 1`)
			if !r.OK {
				t.Fatalf("%s", r.Text)
			}
		})
	}
}
