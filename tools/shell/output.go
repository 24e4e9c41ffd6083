package shell

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/atomic-script/atomic-script/tools/spill"
)

// Result caps: a result shows at most the last resultBytes bytes and
// resultLines lines of output. For commands the end is what matters (the
// error, the summary), so the tail is kept; the whole stream goes to the
// spill file.
const (
	resultBytes = 50 << 10
	resultLines = 2000
)

// collector receives a command's combined output: it keeps the newest
// output in memory for the result and, once the output passes resultBytes
// (or from the start, for background tasks), streams everything to a spill
// file. Safe for concurrent use.
type collector struct {
	mu       sync.Mutex
	dir      *spill.Dir
	pattern  string
	win      []byte // output ending at total: all of it while total <= resultBytes, else at least its last resultBytes
	total    int64
	newlines int64
	file     *spill.File
	fileErr  error // why there is no (usable) spill file
}

func newCollector(dir *spill.Dir, pattern string, eager bool) *collector {
	c := &collector{dir: dir, pattern: pattern}
	if eager {
		c.openFile()
	}
	return c
}

func (c *collector) openFile() {
	f, err := c.dir.Create(c.pattern)
	if err != nil {
		c.fileErr = err
		return
	}
	c.file = f
}

// Write records p. It never fails: a spill error is kept and reported.
func (c *collector) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.total += int64(len(p))
	c.newlines += int64(bytes.Count(p, []byte{'\n'}))
	if c.file == nil && c.fileErr == nil && c.total > resultBytes {
		c.openFile()
		if c.file != nil {
			c.spill(c.win)
		}
	}
	if c.file != nil {
		c.spill(p)
	}
	if len(p) >= resultBytes && c.total > resultBytes {
		// a big chunk: only its end can be shown
		c.win = append(c.win[:0], p[len(p)-resultBytes:]...)
	} else {
		c.win = append(c.win, p...)
		if len(c.win) > 2*resultBytes {
			c.win = c.win[:copy(c.win, c.win[len(c.win)-resultBytes:])]
		}
	}
	return len(p), nil
}

func (c *collector) spill(p []byte) {
	if _, err := c.file.Write(p); err != nil {
		c.fileErr = fmt.Errorf("writing %s failed: %w", c.file.Path(), err)
		c.file.Close()
		c.file = nil
	}
}

// spillError is why there is no spill file (nil while there is one or
// none was needed yet).
func (c *collector) spillError() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.fileErr
}

// close closes the spill file; a failure makes the file unusable.
func (c *collector) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.file != nil {
		if err := c.file.Close(); err != nil {
			c.fileErr = fmt.Errorf("writing %s failed: %w", c.file.Path(), err)
			c.file = nil
		}
	}
}

// view is the part of the output a result shows.
type view struct {
	text      string // the shown output, sanitized
	truncated bool   // some output since `from` is not shown
	shownLen  int    // bytes shown (before sanitizing)
	shownLns  int    // lines shown
	total     int64  // bytes since `from`
	lines     int64  // lines in all output (a last line without '\n' counts)
	path      string // the spill file, "" when there is none
	spillErr  error  // why there is no spill file, when output was truncated
}

// since returns the output from byte offset from on, capped to the last
// resultBytes bytes and resultLines lines, starting at a line boundary when
// cut.
func (c *collector) since(from int64) view {
	c.mu.Lock()
	defer c.mu.Unlock()
	v := view{total: c.total - from, lines: c.newlines}
	if len(c.win) > 0 && c.win[len(c.win)-1] != '\n' {
		v.lines++
	}
	winStart := c.total - int64(len(c.win))
	start := max(from, winStart)
	b := c.win[start-winStart:]
	v.truncated = start > from
	if len(b) > resultBytes {
		b, v.truncated = b[len(b)-resultBytes:], true
	}
	if n := bytes.Count(b, []byte{'\n'}); n > resultLines || n == resultLines && b[len(b)-1] != '\n' {
		// keep the last resultLines lines
		idx := len(b)
		if b[len(b)-1] == '\n' {
			idx--
		}
		for k := 0; k < resultLines; k++ {
			idx = bytes.LastIndexByte(b[:idx], '\n')
		}
		b, v.truncated = b[idx+1:], true
	} else if v.truncated {
		b = lineStart(b)
	}
	v.shownLen = len(b)
	v.shownLns = bytes.Count(b, []byte{'\n'})
	if len(b) > 0 && b[len(b)-1] != '\n' {
		v.shownLns++
	}
	v.text = sanitize(b)
	if c.file != nil {
		v.path = c.file.Path()
	}
	if v.truncated && v.path == "" {
		v.spillErr = c.fileErr
		if v.spillErr == nil {
			v.spillErr = spill.ErrNoDir
		}
	}
	return v
}

// lineStart drops a partial first line of a cut tail; a tail that is one
// long line keeps its end, starting at a character boundary.
func lineStart(b []byte) []byte {
	if i := bytes.IndexByte(b, '\n'); i >= 0 && i < len(b)-1 {
		return b[i+1:]
	}
	for len(b) > 0 && !utf8.RuneStart(b[0]) {
		b = b[1:]
	}
	return b
}

// sanitize makes output model-readable: ANSI escape sequences are removed
// and invalid UTF-8 becomes U+FFFD. The spill file keeps the raw bytes.
func sanitize(b []byte) string {
	if bytes.IndexByte(b, 0x1b) < 0 {
		return strings.ToValidUTF8(string(b), "\uFFFD")
	}
	var out []byte
	for i := 0; i < len(b); i++ {
		if b[i] != 0x1b || i+1 >= len(b) {
			out = append(out, b[i])
			continue
		}
		switch b[i+1] {
		case '[': // CSI: parameters and intermediates, then a final byte 0x40-0x7e
			j := i + 2
			for j < len(b) && (b[j] < 0x40 || b[j] > 0x7e) {
				j++
			}
			i = j
		case ']', 'P', '_', '^': // OSC, DCS, APC, PM: up to BEL or ESC \
			j := i + 2
			for j < len(b) && b[j] != 0x07 && !(b[j] == 0x1b && j+1 < len(b) && b[j+1] == '\\') {
				j++
			}
			if j < len(b) && b[j] == 0x1b {
				j++
			}
			i = j
		default: // two-byte sequences (ESC =, ESC >, ESC ( B ...)
			i++
			if (b[i] == '(' || b[i] == ')') && i+1 < len(b) {
				i++
			}
		}
	}
	return strings.ToValidUTF8(string(out), "\uFFFD")
}
