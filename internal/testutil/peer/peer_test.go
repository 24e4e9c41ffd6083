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
