package cli

import (
	"io"
	"strings"
	"testing"
)

// chunks is a reader that returns one string per Read, as a terminal
// delivers what was typed at once.
type chunks []string

func (c *chunks) Read(p []byte) (int, error) {
	if len(*c) == 0 {
		return 0, io.EOF
	}
	n := copy(p, (*c)[0])
	*c = (*c)[1:]
	return n, nil
}

// TestPickerKeys: digits become home and downs, ctrl+j enter; digits in
// escape sequences (split across reads too) pass unchanged; each read
// ends at an enter, so keys typed ahead come in a later read.
func TestPickerKeys(t *testing.T) {
	const home, down = "\x1b[H", "\x1b[B"
	for _, tc := range []struct {
		name string
		in   []string
		want []string // one per Read
	}{
		{"digits", []string{"1", "3"}, []string{home, home + down + down}},
		{"enter splits", []string{"2\r1 \r"}, []string{home + down + "\r", home + " \r"}},
		{"ctrl+j is enter", []string{"x\ny"}, []string{"x\r", "y"}},
		{"terminal answers", []string{"\x1b[?2026;2$y4"}, []string{"\x1b[?2026;2$y" + home + down + down + down}},
		{"split sequence", []string{"\x1b[1;", "5A2"}, []string{"\x1b[1;", "5A" + home + down}},
		{"ss3 and alt", []string{"\x1bOP1\x1b2"}, []string{"\x1bOP" + home + "\x1b2"}},
		{"osc", []string{"\x1b]11;rgb:0/0/0\x1b\\3", "\x1b]0;9\x07" + "1"}, []string{"\x1b]11;rgb:0/0/0\x1b\\" + home + down + down, "\x1b]0;9\x07" + home}},
		{"plain", []string{"abc"}, []string{"abc"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := chunks(tc.in)
			k := &pickerKeys{r: &in}
			var got []string
			buf := make([]byte, 512)
			for {
				n, err := k.Read(buf)
				if n > 0 {
					got = append(got, string(buf[:n]))
				}
				if err != nil {
					break
				}
			}
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
