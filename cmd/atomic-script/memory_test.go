package main

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/internal/testutil/proctest"
	"github.com/atomic-script/atomic-script/internal/testutil/racecheck"
)

// TestMemoryBudgetOfLargeOutput runs scripts whose output is 60 MB — by
// console.log, text(), a returned value, with --json and --events — and asserts the
// process's peak RSS stays within the budget docs/security.md states: 4×
// the output size + 64 MiB. (It cost about 700 MiB: rune copies while
// capping the output, the whole text built twice, JSON quoting on both
// sides of the VM.)
func TestMemoryBudgetOfLargeOutput(t *testing.T) {
	if testing.Short() || racecheck.Enabled {
		t.Skip("builds the CLI and runs 60 MB outputs (the race detector multiplies memory)")
	}
	const size = 60_000_000
	const budgetKiB = (4*size + 64<<20) / 1024
	bin := buildCLI(t)
	dir := t.TempDir()
	big := `"abcdefghi\n".repeat(6e6)` // 60 MB, 6 million lines
	for _, c := range []struct {
		name, script string
		flags        []string
	}{
		{"console.log", "console.log(" + big + ")", nil},
		{"text", "text(" + big + ")", nil},
		{"return", "return " + big, nil},
		{"json", "console.log(" + big + ")", []string{"--json"}},
		{"events", "console.log(" + big + ")", []string{"--events"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"run"}, c.flags...)
			cmd := exec.Command(bin, append(args, "-e", c.script)...)
			cmd.Dir = dir
			cmd.Env = homeIn(dir)
			peakRSS := proctest.Measure(cmd, t.TempDir())
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("run: %v\n%s", err, out[:min(len(out), 2000)])
			}
			if !strings.Contains(string(out), "truncated output (original token count") {
				t.Fatalf("the output was not capped:\n%s", out[:min(len(out), 2000)])
			}
			peak, ok := peakRSS()
			if !ok {
				t.Skip("this system does not report a process's peak RSS")
			}
			rss := peak / 1024
			t.Logf("peak RSS %d MiB for a %d MB output (budget %d MiB)", rss/1024, size/1_000_000, budgetKiB/1024)
			if rss > budgetKiB {
				t.Errorf("peak RSS %d MiB, over the budget of %d MiB (4× the output + 64 MiB)", rss/1024, budgetKiB/1024)
			}
		})
	}
}
