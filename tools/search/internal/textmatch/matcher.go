// Package textmatch finds the lines of a whole-file buffer that match a
// regular expression (Go RE2 syntax), fast: a literal every match must
// contain is extracted from the parsed pattern and found with memchr-style
// scanning on its rarest byte (case-insensitively when the pattern folds
// case), and the regexp only runs on the lines that contain it.
package textmatch

import (
	"bytes"
	"errors"
	"math"
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
)

// Matcher is a compiled pattern. It is immutable and safe for concurrent
// use; each goroutine scans with its own Scanner.
type Matcher struct {
	re        *regexp.Regexp
	prog      *syntax.Prog // for each scanner's lazy DFA; nil for multiline
	needles   []needle
	exact     bool // a line matches iff it contains a needle
	multiline bool // the pattern has a literal newline: matches span lines
	// class: without needles, bytes one of which every match holds
	// (classes.go); nil when none is known or they are too common.
	class *byteClass
	// unicode: \w, \d, \s and \b are Unicode's, as in ripgrep (unicode.go);
	// unicodeB: the pattern has such a \b or \B.
	unicode, unicodeB bool
}

// maxClassCost: a class of bytes commoner than this (in byteFreq's
// model, one byte in three) is in nearly every line. The model is rough
// (digits are common in tables, rare in prose): between, a scanner
// judges for itself (classTrial).
const maxClassCost = 0.35

// Compile compiles pattern. ignoreCase prepends (?i). ^ and $ match at line
// boundaries. A pattern containing a newline (literally or as \n) searches
// across lines; otherwise every line is matched on its own, without its
// line terminator (a trailing \r included).
func Compile(pattern string, ignoreCase bool) (*Matcher, error) {
	key := compiledKey{pattern, ignoreCase}
	if m, ok := compiled.Load(key); ok {
		return m.(*Matcher), nil
	}
	m, err := compile(pattern, ignoreCase)
	if err == nil && len(pattern) <= maxCachedPattern {
		if compiledCount.Add(1) > maxCompiled {
			compiled.Clear() // rarely: a process searching for thousands of patterns
			compiledCount.Store(1)
		}
		compiled.Store(key, m)
	}
	return m, err
}

// Compiled matchers are kept: a script that pages compiles its pattern on
// every page, and Unicode classes under (?i) take milliseconds to compile.
var (
	compiled      sync.Map // compiledKey -> *Matcher
	compiledCount atomic.Int64
)

type compiledKey struct {
	pattern    string
	ignoreCase bool
}

const (
	maxCompiled      = 256
	maxCachedPattern = 4 << 10
)

func compile(pattern string, ignoreCase bool) (*Matcher, error) {
	expr := translateFlags(pattern)
	uni := !unicodeOff(pattern)
	if uni {
		expr = unicodeClasses(expr)
	}
	if ignoreCase {
		expr = "(?i)" + expr
	}
	parsed, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil, describe(err)
	}
	re, err := regexp.Compile("(?m)" + expr)
	if err != nil {
		return nil, describe(err)
	}
	m := &Matcher{re: re, multiline: hasNewline(parsed), unicode: uni}
	if !m.multiline {
		// As regexp.Compile: (?m), then simplified and compiled.
		mparsed, err := syntax.Parse("(?m)"+expr, syntax.Perl)
		if err != nil {
			return nil, describe(err)
		}
		if m.prog, err = syntax.Compile(mparsed.Simplify()); err != nil {
			return nil, describe(err)
		}
	}
	m.unicodeB = m.unicode && m.prog != nil && hasWordBoundary(m.prog)
	for _, l := range required(parsed) {
		m.needles = append(m.needles, newNeedle(l.s, l.fold))
	}
	m.exact = !m.multiline && len(m.needles) > 0 && exactLiteral(parsed)
	if len(m.needles) == 0 && m.prog != nil {
		if c := requiredClass(parsed); c != nil && c.cost() <= maxClassCost {
			m.class = c
		}
	}
	return m, nil
}

// Multiline reports whether matches may span lines.
func (m *Matcher) Multiline() bool { return m.multiline }

// MatchLine reports whether one line (without its terminator) matches.
func (m *Matcher) MatchLine(line []byte) bool {
	return m.re.Match(bytes.TrimSuffix(line, []byte{'\r'}))
}

// Error is a pattern the matcher cannot compile. Msg is what a user reads.
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

// describe turns a regexp/syntax error into a message that says what RE2
// does not support, since users often write PCRE.
func describe(err error) error {
	var se *syntax.Error
	if !errors.As(err, &se) {
		return &Error{Msg: err.Error()}
	}
	msg := se.Code.String() + ": `" + se.Expr + "`"
	hint := ""
	switch {
	case strings.HasPrefix(se.Expr, "(?=") || strings.HasPrefix(se.Expr, "(?!") || strings.HasPrefix(se.Expr, "(?<=") || strings.HasPrefix(se.Expr, "(?<!"):
		hint = "lookahead and lookbehind are not supported (RE2 syntax)"
	case se.Code == syntax.ErrInvalidPerlOp && strings.HasPrefix(se.Expr, "(?>"):
		hint = "atomic groups are not supported (RE2 syntax)"
	case se.Code == syntax.ErrInvalidPerlOp && strings.HasPrefix(se.Expr, "(?") && !strings.ContainsAny(se.Expr, "<P:'"):
		hint = "ripgrep's inline flags i, m, s, U, x, u and R are accepted (a flag group such as " + se.Expr + ") is not)"
	case se.Code == syntax.ErrInvalidEscape && len(se.Expr) == 2 && se.Expr[1] >= '1' && se.Expr[1] <= '9':
		hint = "backreferences are not supported (RE2 syntax)"
	case se.Code == syntax.ErrInvalidRepeatOp && strings.HasSuffix(se.Expr, "+"):
		hint = "possessive quantifiers are not supported (RE2 syntax)"
	}
	if hint != "" {
		msg += "; " + hint
	}
	return &Error{Msg: msg}
}

// Scanner walks the matches of one buffer. It is not safe for concurrent
// use; reuse it across buffers with Reset to avoid allocation.
type Scanner struct {
	m   *Matcher
	f   *finder
	d   *dfa // nil once it gave up (or for a multiline pattern)
	buf []byte
	pos int  // start of the next line to examine
	hit bool // multiline: the buffer contains a needle
	// class is m.class while it pays: skipped and verified count the
	// bytes of lines it let the scan skip and of lines the DFA read.
	class             *byteClass
	skipped, verified int
	ud                *dfa // see matchLine
}

// classTrial is how many bytes a scanner reads before it judges whether
// looking for the class pays (it must skip a third of the text).
const classTrial = 256 << 10

// NewScanner returns a scanner for m.
func (m *Matcher) NewScanner() *Scanner {
	s := &Scanner{m: m}
	if len(m.needles) > 0 {
		s.f = newFinder(m.needles)
	}
	if m.prog != nil && !m.exact {
		s.d = newDFA(m.prog, m.unicode)
		s.class = m.class
	}
	return s
}

// Reset starts scanning buf from its beginning.
func (s *Scanner) Reset(buf []byte) {
	s.buf, s.pos = buf, 0
	if s.f != nil {
		s.f.reset(buf)
		if s.m.multiline {
			s.hit = s.f.index(0) >= 0
		}
	}
}

// Next returns the next match as the byte range [start, end) of the lines
// it covers: start is a line start, end the end of the last line (its
// newline excluded). A single-line match covers one line. ok is false when
// there are no more matches. A newline-terminated buffer has no line after
// its final newline.
func (s *Scanner) Next() (start, end int, ok bool) {
	if s.m.multiline {
		return s.nextMulti()
	}
	buf := s.buf
	if s.class != nil && s.d != nil {
		return s.nextByClass()
	}
	if s.f == nil && s.d != nil && s.pos < len(buf) {
		// No literal to look for: the DFA reads every byte once.
		ls, le, ok := s.d.scan(buf, s.pos)
		if !s.d.failed {
			if !ok {
				s.pos = len(buf)
				return 0, 0, false
			}
			s.pos = le + 1
			return ls, le, true
		}
		s.d = nil // it thrashed: the regexp goes on from s.pos
	}
	for s.pos < len(buf) {
		var ls int
		if s.f != nil {
			i := s.f.index(s.pos)
			if i < 0 {
				s.pos = len(buf)
				return 0, 0, false
			}
			ls = s.pos + lastLineStart(buf[s.pos:i])
		} else {
			ls = s.pos
		}
		le := len(buf)
		if j := bytes.IndexByte(buf[ls:], '\n'); j >= 0 {
			le = ls + j
		}
		s.pos = le + 1
		if s.m.exact || s.matchLine(buf[ls:le]) {
			return ls, le, true
		}
	}
	return 0, 0, false
}

// nextByClass is Next for a pattern with a required class: the DFA reads
// only the lines holding one of its bytes.
func (s *Scanner) nextByClass() (start, end int, ok bool) {
	buf := s.buf
	for s.pos < len(buf) {
		if s.class == nil {
			return s.Next() // judged not to pay: the DFA alone goes on
		}
		i := s.class.index(buf, s.pos)
		if i < 0 {
			s.skipped += len(buf) - s.pos
			s.pos = len(buf)
			return 0, 0, false
		}
		ls := s.pos + lastLineStart(buf[s.pos:i])
		le := len(buf)
		if j := bytes.IndexByte(buf[i:], '\n'); j >= 0 {
			le = i + j
		}
		s.skipped += ls - s.pos
		s.verified += le + 1 - ls
		s.pos = le + 1
		if s.skipped+s.verified > classTrial {
			if s.skipped < s.verified/2 {
				s.class = nil // nearly every line has one: the DFA alone is faster
			}
			s.skipped, s.verified = math.MinInt/2, 0 // judged once
		}
		if s.matchLine(buf[ls:le]) {
			return ls, le, true
		}
		if s.d == nil {
			s.class = nil // the DFA gave up: the regexp goes on as before
			return s.Next()
		}
	}
	return 0, 0, false
}

// matchLine is MatchLine through the scanner's DFA while it works. Once
// it gave up, a pattern with a Unicode \b still needs a DFA for lines that
// are not ASCII (RE2's \b is ASCII's): one that never gives up.
func (s *Scanner) matchLine(line []byte) bool {
	if s.d != nil {
		ok := s.d.matchLine(line)
		if !s.d.failed {
			return ok
		}
		s.d = nil
	}
	if s.m.unicodeB && !isASCII(line) {
		if s.ud == nil {
			s.ud = newDFA(s.m.prog, true)
			s.ud.persist = true
		}
		return s.ud.matchLine(line)
	}
	return s.m.MatchLine(line)
}

func hasWordBoundary(prog *syntax.Prog) bool {
	for _, in := range prog.Inst {
		if in.Op == syntax.InstEmptyWidth && syntax.EmptyOp(in.Arg)&(syntax.EmptyWordBoundary|syntax.EmptyNoWordBoundary) != 0 {
			return true
		}
	}
	return false
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func (s *Scanner) nextMulti() (start, end int, ok bool) {
	buf := s.buf
	if s.pos >= len(buf) || (s.f != nil && !s.hit) {
		return 0, 0, false
	}
	loc := s.m.re.FindIndex(buf[s.pos:])
	if loc == nil {
		s.pos = len(buf)
		return 0, 0, false
	}
	ms, me := s.pos+loc[0], s.pos+loc[1]
	if ms >= len(buf) {
		s.pos = len(buf)
		return 0, 0, false
	}
	ls := lastLineStart(buf[:ms])
	last := ms
	if me > ms {
		last = me - 1
	}
	le := len(buf)
	if j := bytes.IndexByte(buf[last:], '\n'); j >= 0 {
		le = last + j
	}
	s.pos = le + 1
	return ls, le, true
}

// lastLineStart returns the offset just past the last newline in b, or 0.
func lastLineStart(b []byte) int {
	return bytes.LastIndexByte(b, '\n') + 1
}
