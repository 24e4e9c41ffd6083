package cli

import (
	"io"
	"time"
)

// enterSettle is how long keys typed after an enter wait before they
// reach the picker: enter moves to the next question in a step of its own
// (a huh command), and keys that arrive before it lands would go to the
// question just answered.
const enterSettle = 60 * time.Millisecond

// pickerKeys is the picker's input: the keys typed at the terminal, with
// an option's number turned into the keys that move to it (the digit d
// reaches the picker as home and d-1 times down, as the arrow keys would
// move: a huh field cannot be wrapped from outside, so the keys are
// translated on their way in) and ctrl+j into enter. Digits inside
// escape sequences (a terminal's answers to the picker's queries, keys
// such as ctrl+up) pass unchanged. Typed-ahead keys after an enter are
// held back for enterSettle.
type pickerKeys struct {
	r       io.Reader
	state   escState
	pending []byte
	err     error
	settle  bool
}

// escState is where the input is in an escape sequence.
type escState int

const (
	plain  escState = iota
	esc             // after ESC
	csi             // ESC [ … up to a final byte
	ss3             // ESC O, then one byte
	str             // ESC ] / P / X / ^ / _ … up to BEL or ESC \
	strEsc          // ESC inside a string
)

func (k *pickerKeys) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	if k.settle {
		time.Sleep(enterSettle)
		k.settle = false
	}
	for len(k.pending) == 0 {
		if k.err != nil {
			return 0, k.err
		}
		buf := make([]byte, 256)
		n, err := k.r.Read(buf)
		k.pending, k.err = k.translate(buf[:n]), err
	}
	// Up to the first enter; the rest after enterSettle.
	n := len(k.pending)
	for i, c := range k.pending {
		if c == '\r' && i+1 < n {
			n = i + 1
			break
		}
	}
	n = copy(p, k.pending[:n])
	k.settle = k.pending[n-1] == '\r'
	k.pending = k.pending[n:]
	return n, nil
}

// translate turns digits and ctrl+j outside escape sequences into the
// keys they stand for; the state carries over from one read to the next.
func (k *pickerKeys) translate(in []byte) []byte {
	var out []byte
	for _, c := range in {
		switch k.state {
		case plain:
			switch {
			case c == 0x1b:
				k.state = esc
			case c == '\n':
				c = '\r'
			case c >= '1' && c <= '9':
				out = append(out, "\x1b[H"...)
				for range c - '1' {
					out = append(out, "\x1b[B"...)
				}
				continue
			}
		case esc:
			switch c {
			case '[':
				k.state = csi
			case 'O':
				k.state = ss3
			case ']', 'P', 'X', '^', '_':
				k.state = str
			case 0x1b:
			default:
				k.state = plain
			}
		case csi:
			if c >= 0x40 && c <= 0x7e {
				k.state = plain
			}
		case ss3:
			k.state = plain
		case str:
			switch c {
			case 0x07:
				k.state = plain
			case 0x1b:
				k.state = strEsc
			}
		case strEsc:
			k.state = str
			if c == '\\' {
				k.state = plain
			}
		}
		out = append(out, c)
	}
	return out
}
