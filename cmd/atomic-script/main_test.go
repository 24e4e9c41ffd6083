package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/rogpeppe/go-internal/testscript"
	_ "modernc.org/sqlite"

	"github.com/atomic-script/atomic-script/internal/cli"
	"github.com/atomic-script/atomic-script/internal/testutil/echoserver"
	"github.com/atomic-script/atomic-script/internal/testutil/racecheck"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"atomic-script": func() { os.Exit(cli.Main(os.Args[1:], cli.OSStdio())) },
		// echoserver is a stdio MCP server for mcpServers settings.
		"echoserver": echoserver.Main,
		// peakrss runs a command and reports its own peak RSS.
		"peakrss": peakRSSMain,
	})
}

// TestScripts runs the CLI scripts in testdata/script. Each is a hermetic
// workspace: HOME, the settings home and the state dir point inside it.
func TestScripts(t *testing.T) {
	testscript.Run(t, scriptParams("testdata/script"))
}

// scriptParams are the CLI scripts' conditions, set-up and commands.
func scriptParams(dir string) testscript.Params {
	return testscript.Params{
		Dir:                 dir,
		RequireExplicitExec: true,
		Condition: func(cond string) (bool, error) {
			switch cond {
			case "race":
				return racecheck.Enabled, nil
			case "cgo": // tree-sitter: structural search, query, rewrite
				return cgoEnabled, nil
			case "sandbox":
				return dryRunSandboxed(), nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Setup: func(env *testscript.Env) error {
			home := filepath.Join(env.WorkDir, ".home")
			env.Setenv("HOME", home)
			env.Setenv("ATOMIC_HOME", filepath.Join(home, ".atomic"))
			env.Setenv("ATOMIC_STATE_DIR", filepath.Join(home, "state"))
			env.Setenv("TMPDIR", filepath.Join(env.WorkDir, ".tmp"))
			// The [sandbox] condition is this process's answer: the
			// scripts' runs must see the same setting.
			if v, ok := os.LookupEnv("ATOMIC_NO_SANDBOX"); ok {
				env.Setenv("ATOMIC_NO_SANDBOX", v)
			}
			return os.MkdirAll(filepath.Join(env.WorkDir, ".tmp"), 0o755)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exitcode": cmdExitcode,
			"sleep": func(ts *testscript.TestScript, neg bool, args []string) {
				d, err := time.ParseDuration(args[0])
				if err != nil {
					ts.Fatalf("sleep: %v", err)
				}
				time.Sleep(d)
			},
			"webserver": cmdWebserver,
			// waitfile FILE waits (up to a minute) until FILE exists: a
			// background run signals readiness by writing it.
			"waitfile": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 1 {
					ts.Fatalf("usage: waitfile FILE")
				}
				p := ts.MkAbs(args[0])
				for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
					if _, err := os.Stat(p); err == nil {
						return
					}
					if time.Now().After(deadline) {
						ts.Fatalf("waitfile: %s did not appear within a minute", args[0])
					}
				}
			},
			"jsonfield":   cmdJSONField,
			"mcp":         cmdMCP,
			"waitgone":    cmdWaitGone,
			"waitcontent": cmdWaitContent,
			"bigscript":   cmdBigScript,
			"openaifake":  cmdOpenAIFake,
			// sqlitedb FILE STMT... creates a SQLite database (no sqlite3
			// binary needed) by running the statements.
			"sqlitedb": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) < 1 {
					ts.Fatalf("usage: sqlitedb FILE STMT...")
				}
				db, err := sql.Open("sqlite", ts.MkAbs(args[0]))
				ts.Check(err)
				defer db.Close()
				for _, s := range args[1:] {
					_, err := db.Exec(s)
					ts.Check(err)
				}
			},
		},
	}
}

// dryRunSandboxed reports whether a dry run's bash runs in the sandbox on
// this system (a private mount namespace), as a dry run's result says.
var dryRunSandboxed = sync.OnceValue(func() bool {
	dir, err := os.MkdirTemp("", "sandbox-cond-*")
	if err != nil {
		return false
	}
	defer os.RemoveAll(dir)
	var out, errOut strings.Builder
	cli.Main([]string{"run", "--dry-run", "--cwd", dir, "-e", `await tools.bash({command: "true"}); return 1`}, cli.Stdio{In: strings.NewReader(""), Out: &out, Err: &errOut})
	return strings.Contains(out.String(), "the workspace was not touched")
})

// cmdWebserver starts a web server on loopback for the rest of the script:
//
//	webserver DIR
//
// It serves DIR's files to any method (GET or the POST of a search form),
// typed by extension, and at /mcp an MCP server with DeepWiki's
// ask_question tool, which answers with the repository and the question.
// $WEB is its URL, $WEBHOST its host:port (for the URL guard's allowlist).
func cmdWebserver(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: webserver DIR")
	}
	dir := ts.MkAbs(args[0])
	wiki := mcp.NewServer(&mcp.Implementation{Name: "deepwiki-stub"}, nil)
	type ask struct {
		RepoName string `json:"repoName"`
		Question string `json:"question"`
	}
	mcp.AddTool(wiki, &mcp.Tool{Name: "ask_question"}, func(ctx context.Context, req *mcp.CallToolRequest, in ask) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "DeepWiki on " + in.RepoName + ": " + in.Question}}}, nil, nil
	})
	mux := http.NewServeMux()
	mux.Handle("/mcp", mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return wiki }, nil))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(path.Clean("/"+r.URL.Path))))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		if t := mime.TypeByExtension(path.Ext(r.URL.Path)); t != "" {
			w.Header().Set("Content-Type", t)
		}
		w.Write(data)
	})
	srv := httptest.NewServer(mux)
	ts.Defer(srv.Close)
	ts.Setenv("WEB", srv.URL)
	ts.Setenv("WEBHOST", strings.TrimPrefix(srv.URL, "http://"))
}

// cmdExitcode runs a program and checks its exact exit status:
//
//	exitcode 3 atomic-script run -e 'while(true){}'
//
// stdout and stderr are kept for the following stdout/stderr checks.
func cmdExitcode(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exitcode N program [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exitcode: %v", err)
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("exitcode: %v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
}

// cmdJSONField writes one string field of a JSON file to another file:
//
//	jsonfield result.json diff run.diff
func cmdJSONField(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: jsonfield FILE FIELD OUT")
	}
	var v map[string]any
	if err := json.Unmarshal([]byte(ts.ReadFile(args[0])), &v); err != nil {
		ts.Fatalf("jsonfield: %v", err)
	}
	s, ok := v[args[1]].(string)
	if !ok {
		ts.Fatalf("jsonfield: %s has no string field %q", args[0], args[1])
	}
	if err := os.WriteFile(ts.MkAbs(args[2]), []byte(s), 0o644); err != nil {
		ts.Fatalf("jsonfield: %v", err)
	}
}
