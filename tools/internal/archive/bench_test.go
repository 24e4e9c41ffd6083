package archive

import (
	"bytes"
	"context"
	"fmt"
	"testing"
)

// tenThousand is a zip of 10,000 small members.
func tenThousand(b *testing.B) []byte {
	b.Helper()
	files := make([]file, 10_000)
	for i := range files {
		files[i] = file{fmt.Sprintf("pkg/%03d/file%05d.txt", i/100, i), fmt.Sprintf("member %d\nline two\n", i)}
	}
	return buildZip(b, files...)
}

// BenchmarkZipOpen10k reads the central directory of a 10,000-member zip.
func BenchmarkZipOpen10k(b *testing.B) {
	data := tenThousand(b)
	for b.Loop() {
		if _, err := Open(context.Background(), bytes.NewReader(data), int64(len(data)), Zip, "big.zip"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkZipMemberRead10k reads one member of a 10,000-member zip whose
// central directory has been read (goal: well under 5 ms).
func BenchmarkZipMemberRead10k(b *testing.B) {
	data := tenThousand(b)
	r, err := Open(context.Background(), bytes.NewReader(data), int64(len(data)), Zip, "big.zip")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := r.Read("pkg/073/file07342.txt"); err != nil {
			b.Fatal(err)
		}
	}
}
