package files

import (
	"fmt"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/hashline"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/journal"
)

// BenchmarkRead50KiB reads a 50 KiB file of 80-byte lines whole (the read
// limit cuts it at 51,200 bytes of rows).
func BenchmarkRead50KiB(b *testing.B) {
	env := newEnv(b)
	put(b, env, "f.txt", numbered(640, 79))
	args := ReadArgs{Path: "f.txt"}
	b.SetBytes(640 * 80)
	b.ReportAllocs()
	for b.Loop() {
		mustCall(b, env, "read", args)
	}
}

// BenchmarkRead10MB reads a 10 MB file of 100-byte lines: the tag covers
// every byte, the rows stop at the byte limit.
func BenchmarkRead10MB(b *testing.B) {
	env := newEnv(b)
	put(b, env, "big.txt", numbered(100_000, 99))
	args := ReadArgs{Path: "big.txt"}
	b.SetBytes(100_000 * 100)
	b.ReportAllocs()
	for b.Loop() {
		mustCall(b, env, "read", args)
	}
}

// BenchmarkRead3000LineSelector reads 3,000 lines out of a 20,000-line file
// through a bounded selector.
func BenchmarkRead3000LineSelector(b *testing.B) {
	env := newEnv(b)
	put(b, env, "f.txt", numbered(20_000, 0))
	args := ReadArgs{Path: "f.txt:5001+2996"} // widened to 5000..7999
	b.ReportAllocs()
	for b.Loop() {
		res := mustCall(b, env, "read", args)
		if !strings.HasSuffix(res.Text, "\n7999:line 7999\n\n[12001 more lines in file. Continue with path selector :8000.]") {
			b.Fatalf("read ends %q", res.Text[len(res.Text)-80:])
		}
	}
}

// BenchmarkEditRoundTrip100k is the round trip a model makes on a
// 100,000-line file: read a selector around the target (which hashes and
// records the whole file), edit one line (parse, prepare, verify, write the
// file atomically, record the new snapshot). Goal: ≤ 30 ms.
func BenchmarkEditRoundTrip100k(b *testing.B) {
	for _, mode := range []struct {
		name  string
		files func() tools.Files
	}{
		{"direct", func() tools.Files { return tools.DirectFiles{} }},
		{"journal", func() tools.Files { return journal.New(journal.Write) }},
		{"dryrun", func() tools.Files { return journal.New(journal.DryRun) }},
	} {
		b.Run(mode.name, func(b *testing.B) {
			env := newEnv(b)
			env.Files = mode.files()
			put(b, env, "big.go", numbered(100_000, 0))
			i := 0
			for b.Loop() {
				i++
				line := 1 + (i*7919)%100_000
				res := mustCall(b, env, "read", ReadArgs{Path: fmt.Sprintf("big.go:%d+1", line)})
				header := res.Text[:strings.IndexByte(res.Text, '\n')]
				mustCall(b, env, "edit", EditArgs{Input: fmt.Sprintf("%s\nreplace %d..%d:\n+edited %d", header, line, line, i)})
			}
		})
	}
}

// BenchmarkPrepareOnly100k isolates the in-memory part of an edit of a
// 100,000-line file (no I/O): what hashline costs inside the round trip.
func BenchmarkPrepareOnly100k(b *testing.B) {
	content := numbered(100_000, 0)
	store := hashline.NewStore()
	tag := store.Record("/w/big.go", content)
	sections, err := hashline.Parse("[big.go#"+tag+"]\nreplace 50000..50000:\n+edited", hashline.ParseOptions{})
	if err != nil {
		b.Fatal(err)
	}
	read := hashline.ReaderFunc(func(string) (string, string, error) { return "/w/big.go", content, nil })
	for b.Loop() {
		if _, err := hashline.Prepare(sections, hashline.PrepareOptions{Store: store, Read: read}); err != nil {
			b.Fatal(err)
		}
	}
}
