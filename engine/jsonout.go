package engine

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"strconv"
	"unicode/utf8"
)

// WriteJSON writes r to w as json.Encoder does (indented by indent when it
// is not empty, then a newline), streaming its large strings — output
// items, log lines, the returned value — into w instead of building them
// into the encoding: a 60 MB output would otherwise be copied four times
// over. A large returned value is written compact.
func (r *Result) WriteJSON(w io.Writer, indent string) error {
	l := newLargeStrings()
	return l.write(w, l.result(r), indent)
}

// WriteJSON writes ev to w as one JSON line, as json.Encoder does, with its
// large strings streamed (see Result.WriteJSON).
func (ev Event) WriteJSON(w io.Writer) error {
	l := newLargeStrings()
	ev.Text = l.str(ev.Text)
	if ev.Result != nil {
		ev.Result = l.result(ev.Result)
	}
	return l.write(w, ev, "")
}

// largeStrings stands in for a value's large strings with placeholders
// (a random nonce no script can guess) while the rest is encoded, then
// writes the encoding with each placeholder replaced by its string.
type largeStrings struct {
	nonce  string
	marker string // the JSON of a placeholder up to its kind and index
	strs   []string
	raws   []json.RawMessage
}

func newLargeStrings() *largeStrings {
	var nonce [12]byte
	_, _ = rand.Read(nonce[:])
	n := hex.EncodeToString(nonce[:])
	return &largeStrings{nonce: n, marker: `"\u0000atomic-script:` + n + ":"}
}

// placeholder is "\x00atomic-script:NONCE:<kind><i>\x00"; its JSON starts
// with marker.
func (l *largeStrings) placeholder(kind string, i int) string {
	return "\x00atomic-script:" + l.nonce + ":" + kind + strconv.Itoa(i) + "\x00"
}

// str is s, or a placeholder for it when it is large.
func (l *largeStrings) str(s string) string {
	if len(s) < largePiece {
		return s
	}
	l.strs = append(l.strs, s)
	return l.placeholder("s", len(l.strs)-1)
}

// result is a shallow copy of r with placeholders for its large strings.
func (l *largeStrings) result(r *Result) *Result {
	c := *r
	if r.Output != nil {
		c.Output = make([]Item, len(r.Output))
		for i, it := range r.Output {
			it.Text = l.str(it.Text)
			c.Output[i] = it
		}
	}
	if r.Logs != nil {
		c.Logs = make([]string, len(r.Logs))
		for i, s := range r.Logs {
			c.Logs[i] = l.str(s)
		}
	}
	if len(r.Value) >= largePiece {
		l.raws = append(l.raws, r.Value)
		c.Value = quoteJSON(l.placeholder("r", len(l.raws)-1))
	}
	return &c
}

func (l *largeStrings) write(w io.Writer, v any, indent string) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if indent != "" {
		var out bytes.Buffer
		if err := json.Indent(&out, data, "", indent); err != nil {
			return err
		}
		data = out.Bytes()
	}
	data = append(data, '\n')
	if len(l.strs) == 0 && len(l.raws) == 0 {
		_, err := w.Write(data)
		return err
	}
	for {
		i := bytes.Index(data, []byte(l.marker))
		if i < 0 {
			_, err := w.Write(data)
			return err
		}
		if _, err := w.Write(data[:i]); err != nil {
			return err
		}
		rest := data[i+len(l.marker):]
		end := bytes.Index(rest, []byte(`\u0000"`))
		kind, n := rest[0], rest[1:end]
		k, _ := strconv.Atoi(string(n))
		switch kind {
		case 's':
			err = writeQuoted(w, l.strs[k])
		default:
			_, err = w.Write(l.raws[k])
		}
		if err != nil {
			return err
		}
		data = rest[end+len(`\u0000"`):]
	}
}

// writeQuoted writes s as a JSON string, as encoding/json quotes it, a
// chunk at a time (cut on character boundaries, so the chunks' encodings
// join into the whole's) through one reused buffer: a 60 MB string must
// not leave 60 MB of encoded chunks for the collector.
func writeQuoted(w io.Writer, s string) error {
	const chunk = 1 << 20
	if _, err := io.WriteString(w, `"`); err != nil {
		return err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	for len(s) > 0 {
		n := min(len(s), chunk)
		// A character has at most three continuation bytes.
		for i := 1; i < utf8.UTFMax && n < len(s) && !utf8.RuneStart(s[n]); i++ {
			n--
		}
		buf.Reset()
		if err := enc.Encode(s[:n]); err != nil {
			return err
		}
		q := buf.Bytes() // "…"\n
		if _, err := w.Write(q[1 : len(q)-2]); err != nil {
			return err
		}
		s = s[n:]
	}
	_, err := io.WriteString(w, `"`)
	return err
}
