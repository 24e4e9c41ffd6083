package shell

import (
	"context"
	"encoding/json"
	"os/exec"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/tools"
)

// BenchmarkBashTrue is a bash({command: "true"}) round trip through
// tools.Invoke (validation, process group, pipe, result). Compare with
// BenchmarkSpawnShTrue (the goal: at most 1.3x) and BenchmarkSpawnBashTrue
// (the same shell, so the difference is the tool's own overhead).
func BenchmarkBashTrue(b *testing.B) {
	env := newEnv(b)
	tool := Bash()
	args := json.RawMessage(`{"command":"true"}`)
	ctx := context.Background()
	for b.Loop() {
		if _, err := tools.Invoke(ctx, tool, env, args); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSpawnShTrue(b *testing.B) {
	for b.Loop() {
		if err := exec.Command("sh", "-c", "true").Run(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSpawnBashTrue(b *testing.B) {
	for b.Loop() {
		if err := exec.Command("bash", "-c", "true").Run(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStream100MB measures a command printing 100 MB through bash into
// the spill file (64 MB kept, the rest counted and dropped). The goal is at
// least 500 MB/s.
func BenchmarkStream100MB(b *testing.B) {
	env := newEnv(b)
	tool := Bash()
	args := json.RawMessage(`{"command":"head -c 100000000 /dev/zero"}`)
	ctx := context.Background()
	b.SetBytes(100_000_000)
	for b.Loop() {
		res, err := tools.Invoke(ctx, tool, env, args)
		if err != nil {
			b.Fatal(err)
		}
		env.Spill.Remove(res.FullOutputPath)
	}
}

// BenchmarkStreamBaseline is the same producer through a pipe into cat and
// /dev/null: the upper bound of the stream benchmark on this machine.
func BenchmarkStreamBaseline(b *testing.B) {
	b.SetBytes(100_000_000)
	for b.Loop() {
		if err := exec.Command("bash", "-c", "head -c 100000000 /dev/zero | cat > /dev/null").Run(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBashTrueSpaced is the same round trip with a pause between calls
// (not timed), as when a script does other work between commands: the warm
// shells are ready when a call arrives, so this is the call's latency
// rather than the rate at which the machine can start shells.
func BenchmarkBashTrueSpaced(b *testing.B) {
	env := newEnv(b)
	tool := Bash()
	args := json.RawMessage(`{"command":"true"}`)
	ctx := context.Background()
	for b.Loop() {
		b.StopTimer()
		time.Sleep(5 * time.Millisecond)
		b.StartTimer()
		if _, err := tools.Invoke(ctx, tool, env, args); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSpawnShTrueSpaced is the baseline for BenchmarkBashTrueSpaced.
func BenchmarkSpawnShTrueSpaced(b *testing.B) {
	for b.Loop() {
		b.StopTimer()
		time.Sleep(5 * time.Millisecond)
		b.StartTimer()
		if err := exec.Command("sh", "-c", "true").Run(); err != nil {
			b.Fatal(err)
		}
	}
}
