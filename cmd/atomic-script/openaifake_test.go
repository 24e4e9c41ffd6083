package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/atomic-script/atomic-script/internal/testutil/openaifake"
)

var (
	fakesMu sync.Mutex
	fakes   = map[*testscript.TestScript]*openaifake.Server{}
)

// cmdOpenAIFake starts an OpenAI-compatible server on loopback for the
// script and points OPENAI_BASE_URL at it (and OPENAI_API_KEY at its key):
//
//	openaifake [key=KEY] [models=a,b] [delay=DURATION] [settings=FILE]
//	openaifake stats    # prints "requests N max-in-flight N cancelled N"
//	openaifake cancelled N   # waits (up to 10 s) until N requests were cancelled
//
// settings=FILE writes a user settings file whose models block names the
// server (key from FAKE_KEY) instead of setting the environment.
func cmdOpenAIFake(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("usage: openaifake [key=KEY] [models=a,b] [delay=D] [settings=FILE] | openaifake stats | openaifake cancelled N")
	}
	fakesMu.Lock()
	defer fakesMu.Unlock()
	if len(args) == 1 && args[0] == "stats" {
		srv := fakes[ts]
		if srv == nil {
			ts.Fatalf("openaifake stats: no fake started")
		}
		st := srv.Stats()
		n := 0
		for _, c := range st.Requests {
			n += c
		}
		fmt.Fprintf(ts.Stdout(), "requests %d max-in-flight %d cancelled %d\n", n, st.MaxInFlight, st.Cancelled)
		return
	}
	if len(args) == 2 && args[0] == "cancelled" {
		// The client's cancellation reaches the server's handler a moment
		// after the run ends; a loaded machine makes that moment long.
		srv := fakes[ts]
		want, err := strconv.Atoi(args[1])
		if srv == nil || err != nil {
			ts.Fatalf("usage: openaifake cancelled N, after openaifake started a fake")
		}
		for deadline := time.Now().Add(10 * time.Second); srv.Stats().Cancelled < want; time.Sleep(10 * time.Millisecond) {
			if time.Now().After(deadline) {
				st := srv.Stats()
				ts.Fatalf("openaifake: %d requests cancelled after 10s, want %d (requests %v)", st.Cancelled, want, st.Requests)
			}
		}
		return
	}
	srv := openaifake.New()
	ts.Defer(srv.Close)
	fakes[ts] = srv
	ts.Defer(func() {
		fakesMu.Lock()
		delete(fakes, ts)
		fakesMu.Unlock()
	})
	settingsFile := ""
	var set []func(*openaifake.Server)
	for _, a := range args {
		k, v, _ := strings.Cut(a, "=")
		switch k {
		case "key":
			set = append(set, func(s *openaifake.Server) { s.Key = v })
		case "models":
			set = append(set, func(s *openaifake.Server) { s.Models = strings.Split(v, ",") })
		case "delay":
			d, err := time.ParseDuration(v)
			ts.Check(err)
			set = append(set, func(s *openaifake.Server) { s.Delay = func(string) time.Duration { return d } })
		case "settings":
			settingsFile = ts.MkAbs(v)
		default:
			ts.Fatalf("openaifake: unknown option %q", a)
		}
	}
	// The requests come from atomic-script processes: set the fields under
	// the fake's lock so its handlers see them (and the race detector
	// knows they do).
	srv.Set(func(s *openaifake.Server) {
		for _, f := range set {
			f(s)
		}
	})
	if settingsFile != "" {
		data, _ := json.Marshal(map[string]any{"models": map[string]any{"baseURL": srv.BaseURL(), "apiKeyEnv": "FAKE_KEY"}})
		ts.Check(os.MkdirAll(filepath.Dir(settingsFile), 0o755))
		ts.Check(os.WriteFile(settingsFile, data, 0o644))
		ts.Setenv("FAKE_KEY", srv.Key)
		return
	}
	ts.Setenv("OPENAI_BASE_URL", srv.BaseURL())
	ts.Setenv("OPENAI_API_KEY", srv.Key)
}
