package textmatch

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// needle is one literal the prefilter looks for. A folded needle matches
// ASCII letters in either case; it only ever holds bytes whose Unicode case
// fold orbit is ASCII (see safeFoldRune), so a byte-wise comparison is exact.
type needle struct {
	lit  []byte // lower-cased when fold
	fold bool
	at   int    // offset within lit of the byte the scan keys on
	keys []byte // the key byte, or both its cases when fold

	// swar: the rarest byte is common, so candidates are found eight
	// positions at a time by testing two key bytes (at a1 and a2) with
	// word arithmetic instead of stopping at every key byte.
	swar           bool
	a1, a2         int
	k1, k2, m1, m2 uint64 // key bytes repeated; m sets the case bit of a folded letter
}

// Past these scores (see newNeedle) memchr on the rarest byte stops
// paying, because candidates come every few dozen bytes: measured on Go
// sources, memchr runs at 10-40 GB/s on a rare byte but 2-3 GB/s on a
// common one (under 2 GB/s for both cases of a common letter), while the
// SWAR pair test runs at about 3 GB/s whatever the bytes.
const (
	swarScore     = 2 * 235 // one key byte: twice its rank
	swarFoldScore = 420     // a folded letter: the ranks of both cases
)

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
	limit := swarScore
	if len(n.keys) == 2 {
		limit = swarFoldScore
	}
	if len(n.lit) >= 2 && best >= limit {
		n.setupSWAR()
	}
	return n
}

const (
	lo8 = 0x0101010101010101
	hi8 = 0x8080808080808080
)

// setupSWAR picks the two rarest byte positions as the pair to test.
func (n *needle) setupSWAR() {
	rank := func(i int) int { return int(byteRank[n.lit[i]]) }
	n.a1 = n.at
	n.a2 = -1
	for i := range n.lit {
		if i != n.a1 && (n.a2 < 0 || rank(i) < rank(n.a2)) {
			n.a2 = i
		}
	}
	key := func(b byte) (k, m uint64) {
		if n.fold && isLower(b) {
			return lo8 * uint64(b), lo8 * 0x20
		}
		return lo8 * uint64(b), 0
	}
	n.k1, n.m1 = key(n.lit[n.a1])
	n.k2, n.m2 = key(n.lit[n.a2])
	n.swar = true
}

// swarFind returns the first position >= from where both key bytes of n
// sit at their offsets (a candidate to verify), or -1.
func (n *needle) swarFind(buf []byte, from int) int {
	last := len(buf) - len(n.lit) // the last start that fits
	reach := max(n.a1, n.a2) + 8
	s := from
	for ; s+reach <= len(buf); s += 8 {
		x1 := (binary.LittleEndian.Uint64(buf[s+n.a1:]) | n.m1) ^ n.k1
		x2 := (binary.LittleEndian.Uint64(buf[s+n.a2:]) | n.m2) ^ n.k2
		// A zero byte in both marks a candidate; the test may also flag
		// bytes above a real zero, which verification rejects.
		if z := (x1 - lo8) & ^x1 & (x2 - lo8) & ^x2 & hi8; z != 0 {
			if c := s + bits.TrailingZeros64(z)/8; c <= last {
				return c
			}
			return -1
		}
	}
	b1, b2 := byte(n.k1), byte(n.k2)
	m1, m2 := byte(n.m1), byte(n.m2)
	for ; s <= last; s++ {
		if buf[s+n.a1]|m1 == b1 && buf[s+n.a2]|m2 == b2 {
			return s
		}
	}
	return -1
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

// keyCursor caches where the next candidate of one needle (for one key
// byte, or for the SWAR pair) starts, so that scanning for several
// needles, or both cases of a letter, stays linear.
type keyCursor struct {
	needle int
	key    byte
	next   int // start of the next candidate; -1 when there is none left
	valid  bool
}

// find returns the start of the first candidate at or after from.
func (c *keyCursor) find(n *needle, buf []byte, from int) int {
	if n.swar {
		return n.swarFind(buf, from)
	}
	origin := from + n.at
	if origin >= len(buf) {
		return -1
	}
	if j := bytes.IndexByte(buf[origin:], c.key); j >= 0 {
		return from + j
	}
	return -1
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
		if n.swar {
			f.cursors = append(f.cursors, keyCursor{needle: i})
			continue
		}
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
			if !c.valid || (c.next >= 0 && c.next < from) {
				c.valid = true
				c.next = c.find(&f.needles[c.needle], f.buf, from)
			}
			if c.next >= 0 && (best < 0 || c.next < best) {
				best, bestCur = c.next, i
			}
		}
		if best < 0 {
			return -1
		}
		c := &f.cursors[bestCur]
		if f.needles[c.needle].equalAt(f.buf, best) {
			return best
		}
		// A false candidate: look again just past it; the other cursors
		// keep their cached positions.
		c.next = c.find(&f.needles[c.needle], f.buf, best+1)
	}
}
