package textmatch

import "bytes"

// needle is one literal the prefilter looks for. A folded needle matches
// ASCII letters in either case; it only ever holds bytes whose Unicode case
// fold orbit is ASCII (see safeFoldRune), so a byte-wise comparison is exact.
type needle struct {
	lit  []byte // lower-cased when fold
	fold bool
	at   int    // offset within lit of the byte the scan keys on
	keys []byte // the key byte, or both its cases when fold
}

func newNeedle(lit []byte, fold bool) needle {
	n := needle{fold: fold}
	if fold {
		n.lit = bytes.ToLower(lit)
	} else {
		n.lit = append([]byte(nil), lit...)
	}
	best := -1
	for i, b := range n.lit {
		score := 2 * int(byteRank[b])
		if fold && isLower(b) {
			score = int(byteRank[b]) + int(byteRank[b-'a'+'A'])
		}
		if best < 0 || score < best {
			best, n.at = score, i
		}
	}
	b := n.lit[n.at]
	n.keys = []byte{b}
	if fold && isLower(b) {
		n.keys = append(n.keys, b-'a'+'A')
	}
	return n
}

func isLower(b byte) bool { return 'a' <= b && b <= 'z' }

// equalAt reports whether the needle occurs in buf at start.
func (n *needle) equalAt(buf []byte, start int) bool {
	if start < 0 || start+len(n.lit) > len(buf) {
		return false
	}
	hay := buf[start : start+len(n.lit)]
	if !n.fold {
		return bytes.Equal(hay, n.lit)
	}
	for i, c := range hay {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != n.lit[i] {
			return false
		}
	}
	return true
}

// keyCursor caches where one key byte of one needle next occurs, so that
// scanning for several needles (or both cases of a letter) stays linear.
type keyCursor struct {
	needle int
	key    byte
	next   int // position of the key byte; -1 when there is none left
	valid  bool
}

// finder finds the leftmost occurrence of any needle in one buffer.
type finder struct {
	needles []needle
	cursors []keyCursor
	buf     []byte
}

func newFinder(needles []needle) *finder {
	f := &finder{needles: needles}
	for i, n := range needles {
		for _, k := range n.keys {
			f.cursors = append(f.cursors, keyCursor{needle: i, key: k})
		}
	}
	return f
}

func (f *finder) reset(buf []byte) {
	f.buf = buf
	for i := range f.cursors {
		f.cursors[i].valid = false
	}
}

// index returns the start of the leftmost needle occurrence at or after
// from, or -1.
func (f *finder) index(from int) int {
	for {
		best, bestCur := -1, -1
		for i := range f.cursors {
			c := &f.cursors[i]
			n := &f.needles[c.needle]
			origin := from + n.at
			if !c.valid || (c.next >= 0 && c.next < origin) {
				c.valid = true
				c.next = -1
				if origin < len(f.buf) {
					if j := bytes.IndexByte(f.buf[origin:], c.key); j >= 0 {
						c.next = origin + j
					}
				}
			}
			if c.next < 0 {
				continue
			}
			if start := c.next - n.at; best < 0 || start < best {
				best, bestCur = start, i
			}
		}
		if best < 0 {
			return -1
		}
		c := &f.cursors[bestCur]
		if f.needles[c.needle].equalAt(f.buf, best) {
			return best
		}
		// A false candidate: look for this key again just past it; the
		// other cursors keep their cached positions.
		c.next = -1
		if origin := best + 1 + f.needles[c.needle].at; origin < len(f.buf) {
			if j := bytes.IndexByte(f.buf[origin:], c.key); j >= 0 {
				c.next = origin + j
			}
		}
	}
}
