package mcpserver_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/internal/testutil/peer"
)

// tsSDK is the official TypeScript MCP SDK that .ci/run installs (or
// $ATOMIC_TS_SDK), and node to run it.
func tsSDK(t *testing.T) (node, dir string) {
	return ciNodePackage(t, "the TypeScript MCP SDK", "ATOMIC_TS_SDK", filepath.Join("dist", "esm", "client", "index.js"), "node_modules", "@modelcontextprotocol", "sdk")
}

// ciNodePackage finds node and the directory of a node package .ci/run
// installs under .ci (at the path of parts), or the one $envVar names. A
// missing one skips the test here and fails it in CI (peer.Missing).
func ciNodePackage(t *testing.T, what, envVar, probe string, parts ...string) (node, dir string) {
	t.Helper()
	dir = os.Getenv(envVar)
	if dir == "" {
		dir, _ = filepath.Abs(filepath.Join(append([]string{"..", "..", ".ci"}, parts...)...))
	}
	node, err := exec.LookPath("node")
	if err == nil {
		_, err = os.Stat(filepath.Join(dir, probe))
	}
	if err != nil {
		peer.Missing(t, "node or %s is missing (.ci/run installs them): %v", what, err)
	}
	return node, dir
}

// runTSHost runs a host script from testdata on node against serve in w
// and returns what it printed.
func runTSHost(t *testing.T, w *workspace, node, sdk, script string) []byte {
	t.Helper()
	path, _ := filepath.Abs(filepath.Join("testdata", script))
	cmd := exec.Command(node, path, sdk, binPath, w.dir)
	cmd.Dir = w.dir
	cmd.Env = w.env()
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the TypeScript host failed: %v\n%s", err, out)
	}
	return out
}

// TestTypeScriptHostElicitation runs a host built on the TypeScript SDK —
// the client most MCP hosts use — against serve: it accepts, declines and
// cancels elicitation requests, and a second client without the
// capability is denied with the setting to change.
func TestTypeScriptHostElicitation(t *testing.T) {
	node, sdk := tsSDK(t)
	w := newWorkspace(t, `{"approvals": {"bash": "ask"}}`, "")
	out := runTSHost(t, w, node, sdk, "elicit_client.mjs")
	var got struct {
		Asked  []string `json:"asked"`
		Result struct {
			Value []string       `json:"value"`
			Calls []approvalCall `json:"calls"`
		} `json:"result"`
		Denied struct {
			Value string `json:"value"`
		} `json:"denied"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if len(got.Asked) != 3 || !strings.Contains(got.Asked[0], "Command:\ntouch accepted") {
		t.Errorf("asked %q", got.Asked)
	}
	want := []string{"ran", "ERR_DENIED: bash: touch declined was denied by the host: the user declined it", "ERR_DENIED: bash: touch cancelled was denied by the host: the user cancelled the request"}
	if strings.Join(got.Result.Value, "|") != strings.Join(want, "|") {
		t.Errorf("results\n got %q\nwant %q", got.Result.Value, want)
	}
	if c := got.Result.Calls; len(c) != 3 || c[0].Approval != "asked-allowed" || c[1].Approval != "denied" || c[2].ApprovalBy != "host" {
		t.Errorf("records %+v", c)
	}
	if !strings.Contains(got.Denied.Value, `the MCP client "ts-host" does not support elicitation`) || !strings.Contains(got.Denied.Value, "Set approvals.bash") {
		t.Errorf("a client without elicitation: %q", got.Denied.Value)
	}
	for _, f := range []string{"accepted", "declined", "cancelled", "bare"} {
		_, err := os.Stat(filepath.Join(w.dir, f))
		if ran := err == nil; ran != (f == "accepted") {
			t.Errorf("%s ran: %v", f, ran)
		}
	}
}

// TestTypeScriptHostBoundedResults: the TypeScript SDK compiles every
// served tool's outputSchema and checks each structuredContent against it;
// results that would be huge (a direct find with limit 10000; a codemode
// value of 3,000 rows; a script asking for a million tokens) arrive under
// 128 KB and still pass the SDK's checks. Direct calls whose
// structuredContent would repeat long text (a search of many matches, a
// long bash output, a big edit, finds) send it within their text's size
// (at least 2 KB), omitted naming what the text holds instead. A call the
// host aborts (notifications/cancelled) stops its run and kills its bash,
// and the session goes on.
func TestTypeScriptHostBoundedResults(t *testing.T) {
	node, sdk := tsSDK(t)
	w := newWorkspace(t, "", "")
	for i := 0; i < 3000; i++ {
		p := filepath.Join(w.dir, "tree", fmt.Sprintf("d%02d", i%30), fmt.Sprintf("some-long-file-name-%04d.txt", i))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(strings.Repeat("// hello\n", i%3*10)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(w.dir, "big.txt"), []byte(strings.Repeat("hello world, one line of text\n", 3000)), 0o644); err != nil {
		t.Fatal(err)
	}
	out := runTSHost(t, w, node, sdk, "bounded_client.mjs")
	type call struct {
		Bytes           int      `json:"bytes"`
		IsError         bool     `json:"isError"`
		Structured      bool     `json:"structured"`
		TextBytes       int      `json:"textBytes"`
		StructuredBytes int      `json:"structuredBytes"`
		Omitted         []string `json:"omitted"`
		Note            string   `json:"note"`
		Error           string   `json:"error"`
	}
	var got struct {
		Tools, WithOutputSchema int
		Read                    call
		Find, BigValue          call
		MillionTokens           call
		Search, SearchFile      call
		Bash, Edit, FindSome    call
		Cancel                  struct {
			Aborted bool
			Ms      int
			After   string
			Error   string
		}
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if got.Tools < 5 || got.WithOutputSchema < 5 {
		t.Errorf("listed %d tools, %d with an output schema", got.Tools, got.WithOutputSchema)
	}
	for name, c := range map[string]call{"find": got.Find, "codemode value": got.BigValue, "a million tokens": got.MillionTokens} {
		if c.Error != "" || c.IsError || !c.Structured || c.Bytes > 128<<10 {
			t.Errorf("%s: %+v", name, c)
		}
	}
	if c := got.Cancel; !c.Aborted || c.Error != "" || c.Ms > 5000 || c.After != "alive" {
		t.Errorf("cancellation: %+v", c)
	}
	if out, err := exec.Command("pgrep", "-f", "sleep 37.25").Output(); err == nil {
		t.Errorf("the cancelled run's bash is still running: %s", out)
	}
	if got.Read.Bytes < 40<<10 || got.Read.Structured {
		t.Errorf("read: %+v", got.Read)
	}
	direct := map[string]call{"find": got.Find, "search": got.Search, "search of a file": got.SearchFile, "bash": got.Bash, "edit": got.Edit, "a small find": got.FindSome}
	for name, c := range direct {
		if c.Error != "" || c.IsError || !c.Structured || c.Bytes > 128<<10 || c.StructuredBytes > max(c.TextBytes, 2048) {
			t.Errorf("%s: structuredContent takes %d bytes beside %d of text: %+v", name, c.StructuredBytes, c.TextBytes, c)
		}
		if big := name != "a small find"; big != (len(c.Omitted) > 0) {
			t.Errorf("%s: omitted %q", name, c.Omitted)
		}
	}
	// Within its text's size, find's structuredContent no longer takes the
	// result past 128 KB; a big edit's diff and patch in _meta still do,
	// and the last guard cuts them, not its structuredContent.
	if got.Find.Note != "" {
		t.Errorf("find: %q", got.Find.Note)
	}
	if !strings.Contains(got.Edit.Note, "in its _meta details, strings over") {
		t.Errorf("edit: %q", got.Edit.Note)
	}
}

// TestTypeScriptHostQuestions: a host on the TypeScript SDK answers a
// script's questions through elicitation over stdio and HTTP (the form
// it validates: an enum per question, an array of enums for multiSelect);
// accept, decline and cancel come back as answered, declined and
// cancelled with the answers recorded; codemode's description names
// ask_user_question only to a client with elicitation, and a client
// without it gets ERR_UNAVAILABLE.
func TestTypeScriptHostQuestions(t *testing.T) {
	node, sdk := tsSDK(t)
	w := newWorkspace(t, "", "")
	_, endpoint, auth := w.serveHTTP(t)
	path, _ := filepath.Abs(filepath.Join("testdata", "ask_client.mjs"))
	cmd := exec.Command(node, path, sdk, binPath, w.dir, endpoint, auth)
	cmd.Dir, cmd.Env, cmd.Stderr = w.dir, w.env(), os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the TypeScript host failed: %v\n%s", err, out)
	}
	type answer struct {
		Header   string   `json:"header"`
		Selected []string `json:"selected"`
	}
	var got map[string]struct {
		Asked []struct {
			Mode            string `json:"mode"`
			RequestedSchema struct {
				Properties map[string]json.RawMessage `json:"properties"`
			} `json:"requestedSchema"`
		} `json:"asked"`
		Result struct {
			OK    bool `json:"ok"`
			Value struct {
				One struct {
					Answers    []answer `json:"answers"`
					Status     string   `json:"status"`
					AnsweredBy string   `json:"answeredBy"`
				} `json:"one"`
				Declined, Cancelled string
				Listed              []string
			} `json:"value"`
			Calls []struct {
				Name string          `json:"name"`
				Meta json.RawMessage `json:"meta"`
			} `json:"calls"`
		} `json:"result"`
		Desc, Bare, BareDesc string
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	for _, kind := range []string{"stdio", "http"} {
		g, ok := got[kind]
		if !ok {
			t.Fatalf("%s: no result in %s", kind, out)
		}
		v := g.Result.Value
		if !g.Result.OK || v.One.Status != "answered" || v.One.AnsweredBy != "host" || len(v.One.Answers) != 2 ||
			strings.Join(v.One.Answers[0].Selected, ",") != "Proceed" || strings.Join(v.One.Answers[1].Selected, ",") != "go,ts" {
			t.Errorf("%s: answered %+v", kind, g.Result)
		}
		if v.Declined != "declined" || v.Cancelled != "cancelled" || strings.Join(v.Listed, ",") != "ask_user_question,ask_question" {
			t.Errorf("%s: declined %q cancelled %q listed %q", kind, v.Declined, v.Cancelled, v.Listed)
		}
		if len(g.Asked) != 3 || g.Asked[0].Mode != "form" || !strings.Contains(string(g.Asked[0].RequestedSchema.Properties["Languages"]), `"type":"array"`) {
			t.Errorf("%s: elicitation requests %+v", kind, g.Asked)
		}
		if len(g.Result.Calls) != 3 || !strings.Contains(string(g.Result.Calls[0].Meta), `"answeredBy":"host","answers":[{"header":"Merge approval"`) || !strings.Contains(string(g.Result.Calls[2].Meta), `"status":"cancelled"`) {
			t.Errorf("%s: call records %+v", kind, g.Result.Calls)
		}
		if !strings.Contains(g.Desc, "- ask_user_question({questions: ") || g.BareDesc != "" {
			t.Errorf("%s: codemode's description names ask_user_question: with elicitation %q, without %q", kind, g.Desc, g.BareDesc)
		}
		if !strings.HasPrefix(g.Bare, "ERR_UNAVAILABLE: ") || !strings.Contains(g.Bare, "stated, evidence-backed assumptions") {
			t.Errorf("%s: without elicitation: %q", kind, g.Bare)
		}
	}
}
