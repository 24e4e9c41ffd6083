// Package termscreen replays what a program wrote to a terminal onto a
// plain screen of a given width, so that pty tests can assert what the
// user sees at the end (a status line cleared, a result left intact)
// rather than which bytes drew it.
//
// It knows only what a plain terminal does for every program: printable
// text, carriage return, newline, backspace and tab. Anything else (an
// escape sequence, a line longer than the width, which wraps and breaks
// carriage-return redrawing) is reported as a problem, because a status
// line that needs more does not work on every terminal.
package termscreen

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Screen is the replayed terminal.
type Screen struct {
	Lines    []string // the rows, trailing blanks trimmed
	Problems []string // escape sequences, wrapped lines
}

// Replay writes out onto a screen width columns wide.
func Replay(out string, width int) Screen {
	var s Screen
	rows := [][]rune{nil}
	row, col := 0, 0
	put := func(r rune) {
		if col >= width {
			s.Problems = append(s.Problems, fmt.Sprintf("row %d wraps past %d columns", row+1, width))
			rows = append(rows, nil)
			row, col = row+1, 0
		}
		for len(rows[row]) <= col {
			rows[row] = append(rows[row], ' ')
		}
		rows[row][col] = r
		col++
	}
	for i := 0; i < len(out); {
		r, size := utf8.DecodeRuneInString(out[i:])
		i += size
		switch {
		case r == '\r':
			col = 0
		case r == '\n':
			row++
			if row == len(rows) {
				rows = append(rows, nil)
			}
			col = 0 // a pty's ONLCR turns \n into \r\n
		case r == '\b':
			if col > 0 {
				col--
			}
		case r == '\t':
			for put(' '); col%8 != 0 && col < width; {
				put(' ')
			}
		case r == 0x1b:
			end := min(i+8, len(out))
			s.Problems = append(s.Problems, fmt.Sprintf("escape sequence %q on row %d", out[i-1:end], row+1))
		case r < 0x20 || r == 0x7f:
			s.Problems = append(s.Problems, fmt.Sprintf("control byte %#x on row %d", r, row+1))
		default:
			put(r)
		}
	}
	for _, r := range rows {
		s.Lines = append(s.Lines, strings.TrimRight(string(r), " "))
	}
	for len(s.Lines) > 0 && s.Lines[len(s.Lines)-1] == "" {
		s.Lines = s.Lines[:len(s.Lines)-1]
	}
	return s
}

// Text is the screen's rows joined by newlines.
func (s Screen) Text() string { return strings.Join(s.Lines, "\n") }
