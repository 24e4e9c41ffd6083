package shell

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestSpillWriteFailure: when the spill file stops accepting writes, the
// result points at no file and says why, instead of naming a partial file.
func TestSpillWriteFailure(t *testing.T) {
	env := newEnv(t)
	c := newCollector(env.Spill, "bash-*.log", false)
	c.Write(bytes.Repeat([]byte("x\n"), resultBytes)) // past the cap: the file opens
	if v := c.since(0); v.path == "" {
		t.Fatalf("no spill file after %d bytes", resultBytes*2)
	}
	c.file.Close() // the file goes away under the collector
	c.Write([]byte("more\n"))
	c.close()
	v := c.since(0)
	if v.path != "" || v.spillErr == nil || !strings.Contains(v.spillErr.Error(), "writing ") || !strings.HasSuffix(v.text, "x\nmore\n") {
		t.Errorf("after a failed write: path %q, error %v, text ends %q", v.path, v.spillErr, v.text[len(v.text)-10:])
	}
}

func TestSanitize(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain\n", "plain\n"},
		{"\x1b[1;31mred\x1b[0m", "red"},
		{"\x1b]0;title\x07after", "after"},
		{"\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", "link"},
		{"\x1b(Bascii", "ascii"},
		{"\x1b=keypad\x1b>", "keypad"},
		{"cut at end \x1b[", "cut at end "},
		{"bad \xff utf8", "bad \uFFFD utf8"},
	} {
		if got := sanitize([]byte(tc.in)); got != tc.want {
			t.Errorf("sanitize(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func FuzzSanitize(f *testing.F) {
	for _, s := range []string{"plain", "\x1b[1;31mred\x1b[0m", "\x1b]0;t\x07x", "\x1b", "\xff\x1b[", "é\x1b(B"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		s := sanitize(b)
		if !utf8.ValidString(s) {
			t.Fatalf("sanitize(%q) = %q is not valid UTF-8", b, s)
		}
		if strings.Contains(s, "\x1b[") && !bytes.Contains(b, []byte("\x1b\x1b[")) {
			t.Fatalf("sanitize(%q) = %q keeps a CSI sequence", b, s)
		}
	})
}
