package mcpserver_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// tsSDK is the official TypeScript MCP SDK that .ci/run installs (or
// $ATOMIC_TS_SDK), or "" when it is not here.
func tsSDK() string {
	return ciNodePackage("ATOMIC_TS_SDK", filepath.Join("dist", "esm", "client", "index.js"), "node_modules", "@modelcontextprotocol", "sdk")
}

// ciNodePackage is the directory of a node package .ci/run installs under
// .ci (at the path of parts), or the one $envVar names; "" when it lacks
// the file probe.
func ciNodePackage(envVar, probe string, parts ...string) string {
	dir := os.Getenv(envVar)
	if dir == "" {
		dir, _ = filepath.Abs(filepath.Join(append([]string{"..", "..", ".ci"}, parts...)...))
	}
	if _, err := os.Stat(filepath.Join(dir, probe)); err != nil {
		return ""
	}
	return dir
}

// TestTypeScriptHostElicitation runs a host built on the TypeScript SDK —
// the client most MCP hosts use — against serve: it accepts, declines and
// cancels elicitation requests, and a second client without the
// capability is denied with the setting to change.
func TestTypeScriptHostElicitation(t *testing.T) {
	node, err := exec.LookPath("node")
	sdk := tsSDK()
	if err != nil || sdk == "" {
		t.Skip("node or the TypeScript MCP SDK is missing (.ci/run installs them)")
	}
	w := newWorkspace(t, `{"approvals": {"bash": "ask"}}`, "")
	script, _ := filepath.Abs(filepath.Join("testdata", "elicit_client.mjs"))
	cmd := exec.Command(node, script, sdk, binPath, w.dir)
	cmd.Dir = w.dir
	cmd.Env = w.env()
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the TypeScript host failed: %v\n%s", err, out)
	}
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
