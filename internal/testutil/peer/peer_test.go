package peer

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestMissing runs itself as a child with and without the requirement: a
// missing peer skips here and fails where CI requires the peers.
func TestMissing(t *testing.T) {
	if os.Getenv("PEER_CHILD") == "1" {
		Missing(t, "frobnicator not installed")
		return
	}
	for _, tc := range []struct {
		env     string
		wantErr bool
		want    string
	}{
		{"", false, "--- SKIP"},
		{"required", true, "--- FAIL"},
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestMissing$", "-test.v")
		cmd.Env = append(os.Environ(), "PEER_CHILD=1", "ATOMIC_TEST_PEERS="+tc.env)
		out, err := cmd.CombinedOutput()
		if (err != nil) != tc.wantErr || !strings.Contains(string(out), tc.want) || !strings.Contains(string(out), "frobnicator not installed") {
			t.Errorf("ATOMIC_TEST_PEERS=%q: err %v, want %s and the message:\n%s", tc.env, err, tc.want, out)
		}
	}
}

// TestProgram: the environment variable wins, then the .ci copy, then
// PATH; a peer found nowhere is Missing.
func TestProgram(t *testing.T) {
	if os.Getenv("PEER_CHILD") == "2" {
		Program(t, "no-such-peer-xyz", "PEER_XYZ", ".ci/nope/bin/no-such-peer-xyz")
		return
	}
	t.Setenv("PEER_SH", "/custom/sh")
	if got := Program(t, "sh", "PEER_SH", ".ci/none/sh"); got != "/custom/sh" {
		t.Errorf("with $PEER_SH: %s", got)
	}
	t.Setenv("PEER_SH", "")
	if got := Program(t, "sh", "PEER_SH", ".ci/none/sh"); !strings.HasSuffix(got, "/sh") {
		t.Errorf("from PATH: %q", got)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestProgram$", "-test.v")
	cmd.Env = append(os.Environ(), "PEER_CHILD=2", "ATOMIC_TEST_PEERS=required")
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "no-such-peer-xyz not found: .ci/run installs it into .ci/nope/bin/no-such-peer-xyz") {
		t.Errorf("a missing peer where peers are required: err %v\n%s", err, out)
	}
}
