package hashline

import (
	"fmt"
	"strings"
	"testing"
)

// numberedFile returns n lines of code-like text ending in a newline.
func numberedFile(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "\tvalue%d := compute(%d, \"item-%d\") // line %d\n", i, i, i, i)
	}
	return b.String()
}

// spreadScript returns a script of hunks spread evenly over an n-line file,
// cycling through replace, insert after, delete and insert before.
func spreadScript(n, hunks int) string {
	var b strings.Builder
	step := n / hunks
	for h := 0; h < hunks; h++ {
		l := h*step + 1
		switch h % 4 {
		case 0:
			fmt.Fprintf(&b, "replace %d..%d:\n+\tchanged%d := 1\n+\tchanged%db := 2\n+\tchanged%dc := 3\n", l, l+1, h, h, h)
		case 1:
			fmt.Fprintf(&b, "insert after %d:\n+\tinserted%d()\n", l, h)
		case 2:
			fmt.Fprintf(&b, "delete %d..%d\n", l, l+2)
		default:
			fmt.Fprintf(&b, "insert before %d:\n+\tbefore%d()\n", l, h)
		}
	}
	return b.String()
}

// BenchmarkParseApply200Hunks parses a 200-hunk script and applies it to a
// 100,000-line file (goal: ≤ 20 ms).
func BenchmarkParseApply200Hunks(b *testing.B) {
	src := numberedFile(100_000)
	script := "[big.go#" + Tag(src) + "]\n" + spreadScript(100_000, 200)
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for range b.N {
		secs, err := Parse(script, ParseOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Apply(src, "big.go", secs[0].Ops, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPrepare200Hunks is the whole in-memory edit of the same script:
// tag checks, apply, compact diff, unified patch and the new tag.
func BenchmarkPrepare200Hunks(b *testing.B) {
	src := numberedFile(100_000)
	store := NewStore()
	tag := store.Record("/big.go", src)
	script := "[big.go#" + tag + "]\n" + spreadScript(100_000, 200)
	read := ReaderFunc(func(string) (string, string, error) { return "/big.go", src, nil })
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for range b.N {
		secs, err := Parse(script, ParseOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Prepare(secs, PrepareOptions{Store: store, Read: read}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPrepareOneHunk is the common case: one small edit of a
// 100,000-line file.
func BenchmarkPrepareOneHunk(b *testing.B) {
	src := numberedFile(100_000)
	store := NewStore()
	tag := store.Record("/big.go", src)
	script := "[big.go#" + tag + "]\nreplace 50000..50000:\n+\tchanged := true"
	read := ReaderFunc(func(string) (string, string, error) { return "/big.go", src, nil })
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for range b.N {
		secs, _ := Parse(script, ParseOptions{})
		if _, err := Prepare(secs, PrepareOptions{Store: store, Read: read}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTag10MB hashes a 10 MB file (goal: ≥ 1 GB/s).
func BenchmarkTag10MB(b *testing.B) {
	src := numberedFile(10 << 20 / 40)[:10<<20]
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for range b.N {
		Tag(src)
	}
}

// BenchmarkRecovery10k50Drift edits a 10,000-line file through a stale tag
// after 50 lines changed elsewhere: the edit is replayed onto the live text.
func BenchmarkRecovery10k50Drift(b *testing.B) {
	snap := numberedFile(10_000)
	lines := strings.Split(snap, "\n")
	for i := 0; i < 50; i++ {
		lines[i*200+125] = "\tdrifted()" // line 200i+126, clear of every hunk's context
	}
	live := strings.Join(lines, "\n")
	store := NewStore()
	tag := store.Record("/f.go", snap)
	script := "[f.go#" + tag + "]\n" + spreadScript(10_000, 40)
	read := ReaderFunc(func(string) (string, string, error) { return "/f.go", live, nil })
	secs, err := Parse(script, ParseOptions{})
	if err != nil {
		b.Fatal(err)
	}
	p, err := Prepare(secs, PrepareOptions{Store: store, Read: read})
	if err != nil {
		b.Fatal(err)
	}
	if p.Files[0].Warnings[0] != WarnRecoveredHead {
		b.Fatalf("not the recovery path: %q", p.Files[0].Warnings)
	}
	b.SetBytes(int64(len(live)))
	b.ResetTimer()
	for range b.N {
		if _, err := Prepare(secs, PrepareOptions{Store: store, Read: read}); err != nil {
			b.Fatal(err)
		}
	}
}
