package spill

import (
	"os"
	"strings"
	"testing"
)

// TestFileCap writes chunks into a file with a small cap and compares the
// file's bytes. m stands for the truncation line.
func TestFileCap(t *testing.T) {
	m := TruncationLine + "\n"
	for _, tc := range []struct {
		name   string
		limit  int64
		chunks []string
		want   string
	}{
		{"under the cap", 10, []string{"abc", "def"}, "abcdef"},
		{"exactly the cap is kept whole", 6, []string{"abc", "def"}, "abcdef"},
		{"one byte past", 6, []string{"abc", "defg"}, "abcdef\n" + m},
		{"cut after a newline adds no blank line", 4, []string{"abc\nxyz"}, "abc\n" + m},
		{"later writes dropped", 3, []string{"abcd", "efgh", "ij"}, "abc\n" + m},
		{"2-byte char straddles the cap in one write", 5, []string{"abcdé!"}, "abcd\n" + m},
		{"2-byte char split across writes, cap after its lead", 5, []string{"abcd\xc3", "\xa9!"}, "abcd\n" + m},
		{"3-byte char, cap after two of its bytes", 6, []string{"abcd\xe2\x82", "\xac"}, "abcd\n" + m},
		{"4-byte char, cap after three of its bytes", 7, []string{"abcd", "\xf0\x9f\x98", "\x80 tail"}, "abcd\n" + m},
		{"whole char before the cap is kept", 6, []string{"abcdé", "!"}, "abcdé\n" + m},
		{"binary byte past the cap: nothing trimmed", 5, []string{"abcd\xc3", "\x00"}, "abcd\xc3\n" + m},
		{"invalid lead is binary: nothing trimmed", 5, []string{"abcd\xff", "\xa9"}, "abcd\xff\n" + m},
		{"binary passes through under the cap", 8, []string{"\x00\xff\xfe\x80"}, "\x00\xff\xfe\x80"},
		{"zero cap", 0, []string{"x"}, m},
		{"cut inside the first char", 1, []string{"é"}, m},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := openTestDir(t)
			f, err := d.CreateLimited("cap-*.log", tc.limit)
			if err != nil {
				t.Fatal(err)
			}
			total := 0
			for _, c := range tc.chunks {
				n, err := f.Write([]byte(c))
				if err != nil || n != len(c) {
					t.Fatalf("Write(%q) = %d, %v; want %d, nil", c, n, err, len(c))
				}
				total += n
			}
			if err := f.Close(); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(f.Path())
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tc.want {
				t.Errorf("file = %q\nwant   %q", got, tc.want)
			}
			if f.Truncated() != strings.HasSuffix(tc.want, m) {
				t.Errorf("Truncated() = %v", f.Truncated())
			}
			if f.Offered() != int64(total) {
				t.Errorf("Offered() = %d, want %d", f.Offered(), total)
			}
		})
	}
}

func TestTruncationLineText(t *testing.T) {
	const want = "[Output truncated: persisted-output cap of 67108864 bytes reached]"
	if TruncationLine != want || Cap != 67108864 {
		t.Fatalf("TruncationLine = %q, Cap = %d", TruncationLine, Cap)
	}
}

// FuzzFileCut checks the cut against a reference: the kept output is the
// longest prefix of at most limit bytes that does not end inside a valid
// character continued past the cap.
func FuzzFileCut(f *testing.F) {
	f.Add([]byte("abcdé!"), uint8(5), uint8(2))
	f.Add([]byte("ab\xf0\x9f\x98\x80cd"), uint8(4), uint8(3))
	f.Add([]byte("\xff\xfe\xfd"), uint8(1), uint8(1))
	d := openTestDirF(f)
	f.Fuzz(func(t *testing.T, data []byte, limit8, split8 uint8) {
		limit := int64(limit8 % 32)
		file, err := d.CreateLimited("fuzz-*", limit)
		if err != nil {
			t.Fatal(err)
		}
		defer os.Remove(file.Path())
		split := 0
		if len(data) > 0 {
			split = int(split8) % (len(data) + 1)
		}
		file.Write(data[:split])
		file.Write(data[split:])
		file.Close()
		got, _ := os.ReadFile(file.Path())
		if int64(len(data)) <= limit {
			if string(got) != string(data) {
				t.Fatalf("under the cap: file %q, want %q", got, data)
			}
			return
		}
		keep := data[:limit]
		if n := straddling(keep[max(0, len(keep)-4):], data[limit]); n > 0 {
			keep = keep[:len(keep)-n]
		}
		if !strings.HasPrefix(string(got), string(keep)) || !strings.HasSuffix(string(got), TruncationLine+"\n") {
			t.Fatalf("file %q does not start with %q and end with the truncation line", got, keep)
		}
		if rest := len(got) - len(keep) - len(TruncationLine) - 1; rest != 0 && rest != 1 {
			t.Fatalf("file %q has %d unexpected bytes between the output and the line", got, rest)
		}
	})
}

// TestSetRedact: with a redaction set, a file streamed in pieces (a secret
// split across two writes) and a WriteFile are both clean once closed; the
// cap still applies.
func TestSetRedact(t *testing.T) {
	d, err := OpenIn(t.TempDir(), "redact")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	d.SetRedact(func(b []byte) []byte { return []byte(strings.ReplaceAll(string(b), "SECRET-123", "***")) })
	f, err := d.CreateLimited("out-*.log", 40)
	if err != nil {
		t.Fatal(err)
	}
	for _, chunk := range []string{"token SECR", "ET-123 end\n", strings.Repeat("x", 50)} {
		f.Write([]byte(chunk))
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(f.Path())
	if strings.Contains(string(data), "SECRET") || !strings.HasPrefix(string(data), "token *** end\n") || !strings.Contains(string(data), TruncationLine) {
		t.Errorf("streamed file: %q", data)
	}
	p, err := d.WriteFile("one-*.txt", []byte("a SECRET-123 b"))
	if err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(p); string(data) != "a *** b" {
		t.Errorf("WriteFile: %q", data)
	}
}
