package termscreen

import (
	"reflect"
	"testing"
)

func TestReplay(t *testing.T) {
	for _, tc := range []struct {
		name     string
		out      string
		width    int
		lines    []string
		problems int
	}{
		{"plain", "a\nb\n", 10, []string{"a", "b"}, 0},
		{"carriage return overwrites", "status 12345\rok", 20, []string{"okatus 12345"}, 0},
		{"cleared with spaces", "⠋ 1 running\r           \r{\"ok\": true}\n", 20, []string{`{"ok": true}`}, 0},
		{"backspace", "ab\bc", 10, []string{"ac"}, 0},
		{"tab", "a\tb", 20, []string{"a       b"}, 0},
		{"wraps", "abcdef", 4, []string{"abcd", "ef"}, 1},
		{"escape", "a\x1b[Kb", 10, []string{"a[Kb"}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := Replay(tc.out, tc.width)
			if !reflect.DeepEqual(s.Lines, tc.lines) {
				t.Errorf("lines = %q, want %q", s.Lines, tc.lines)
			}
			if len(s.Problems) != tc.problems {
				t.Errorf("problems = %q, want %d", s.Problems, tc.problems)
			}
		})
	}
}
