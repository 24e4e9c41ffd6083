package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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
			cmd.Env = append(os.Environ(), "HOME="+dir, "ATOMIC_HOME="+filepath.Join(dir, ".atomic"), "ATOMIC_STATE_DIR="+filepath.Join(dir, "state"), "TMPDIR="+dir)
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("run: %v\n%s", err, out[:min(len(out), 2000)])
			}
			if !strings.Contains(string(out), "truncated output (original token count") {
				t.Fatalf("the output was not capped:\n%s", out[:min(len(out), 2000)])
			}
			peak, ok := proctest.PeakRSS(cmd.ProcessState)
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

// TestMemoryBudgetOfBulkEdit relicenses 2,000 files of about 10 KB (a
// line each) by reading and rewriting every one, and by search and edit,
// in a plain run, and asserts issue 34's budget: peak RSS within 64 MiB +
// twice the bytes of the files changed. (It took 210 and 166 MiB: the
// journal kept every original, the snapshot store a copy of every text
// read and written, the list of changes every new content at once, and the
// heap grew to three times what it held.)
func TestMemoryBudgetOfBulkEdit(t *testing.T) {
	if testing.Short() || racecheck.Enabled {
		t.Skip("builds the CLI and rewrites 20 MB of files (the race detector multiplies memory)")
	}
	bin := buildCLI(t)
	orig := t.TempDir()
	total := 0
	for i := range 2000 {
		var b strings.Builder
		fmt.Fprintf(&b, "// Copyright (c) Example\n// SPDX-License-Identifier: MPL-2.0\n\npackage p%02d\n", i/50)
		for k := 0; b.Len() < 10_000; k++ {
			fmt.Fprintf(&b, "\n// F%d_%d is case %d.\nfunc F%d_%d(x int) int { return x + %d }\n", i, k, k, i, k, k)
		}
		p := filepath.Join(orig, fmt.Sprintf("p%02d", i/50), fmt.Sprintf("f%04d.go", i))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		total += b.Len()
	}
	budgetKiB := (64<<20 + 2*total) / 1024
	for name, script := range map[string]string{
		"read and write": `const { files } = await tools.find({ paths: "**/*.go" }); let n = 0;
for (const f of files) {
  const t = await tools.read({ path: f + ":raw" });
  await tools.write({ path: f, content: t.replace("MPL-2.0", "Apache-2.0") }); n++;
}
return n;`,
		"search and edit": `let n = 0;
for (let skip = 0; skip !== undefined; ) {
  const r = await tools.search({ pattern: "MPL-2\\.0", skip });
  for (const f of r.fileMatches) {
    const m = f.matches[0];
    await tools.edit({ input: "[" + f.path + "#" + f.tag + "]\nreplace " + m.line + ".." + m.line + ":\n+" + m.text.replace("MPL-2.0", "Apache-2.0") });
    n++;
  }
  skip = r.nextSkip;
}
return n;`,
	} {
		t.Run(name, func(t *testing.T) {
			ws := filepath.Join(t.TempDir(), "ws")
			if out, err := exec.Command("cp", "-r", orig, ws).CombinedOutput(); err != nil {
				t.Fatalf("cp: %v %s", err, out)
			}
			home := t.TempDir()
			cmd := exec.Command(bin, "run", "-e", script)
			cmd.Dir = ws
			cmd.Env = append(os.Environ(), "HOME="+home, "ATOMIC_HOME="+filepath.Join(home, ".atomic"), "ATOMIC_STATE_DIR="+filepath.Join(home, "state"), "TMPDIR="+home)
			out, err := cmd.Output()
			if err != nil || !strings.Contains(string(out), "2000") {
				t.Fatalf("run: %v\n%s", err, out[:min(len(out), 2000)])
			}
			peak, ok := proctest.PeakRSS(cmd.ProcessState)
			if !ok {
				t.Skip("this system does not report a process's peak RSS")
			}
			t.Logf("peak RSS %d MiB for %d MB of files changed (budget %d MiB)", peak>>20, total/1_000_000, budgetKiB/1024)
			if peak/1024 > int64(budgetKiB) {
				t.Errorf("peak RSS %d MiB, over the budget of %d MiB (64 MiB + 2× the %d MB changed)", peak>>20, budgetKiB/1024, total/1_000_000)
			}
		})
	}
}
