// Package peer is how a test treats a missing test peer (node, rg, fd,
// tsc...): skipped on a developer's machine, a failure where .ci/run has
// installed the peers and says so ($ATOMIC_TEST_PEERS=required), so CI
// cannot pass by skipping the test that compares against one.
package peer

import (
	"fmt"
	"os"
	"testing"
)

// Required reports whether the peers must be present (.ci/run sets it).
func Required() bool { return os.Getenv("ATOMIC_TEST_PEERS") == "required" }

// Missing ends the test for a missing peer: it fails when peers are
// required, else it skips with the same message.
func Missing(t testing.TB, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if Required() {
		t.Fatal(msg + " ($ATOMIC_TEST_PEERS=required)")
	}
	t.Skip(msg)
}
