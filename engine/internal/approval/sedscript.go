package approval

import "strings"

// sedWritesOrRuns reports whether a sed script may write a file or run a
// command: a w or W command, an s command with the w or e flag, or the e
// command (GNU sed). It reads the script as GNU sed does — addresses,
// blocks, labels, a/i/c text, s and y with any delimiter — and answers
// true for anything it cannot read: only a script it understands and
// finds harmless is harmless.
func sedWritesOrRuns(script string) bool {
	p := sedParser{s: script}
	for {
		p.skip(" \t\n;")
		if p.done() {
			return false
		}
		if !p.address() {
			return true
		}
		p.skip(" \t")
		if p.peek() == '!' {
			p.i++
			p.skip(" \t")
		}
		if p.done() {
			return true
		}
		risky, ok := p.command()
		if risky || !ok {
			return true
		}
	}
}

type sedParser struct {
	s string
	i int
}

func (p *sedParser) done() bool { return p.i >= len(p.s) }

func (p *sedParser) peek() byte {
	if p.done() {
		return 0
	}
	return p.s[p.i]
}

func (p *sedParser) skip(set string) {
	for !p.done() && strings.IndexByte(set, p.s[p.i]) >= 0 {
		p.i++
	}
}

// toEOL skips to the end of the line.
func (p *sedParser) toEOL() {
	for !p.done() && p.s[p.i] != '\n' {
		p.i++
	}
}

// delimited skips text up to an unescaped delim (consumed); false when
// the script ends first.
func (p *sedParser) delimited(delim byte) bool {
	for !p.done() {
		c := p.s[p.i]
		p.i++
		switch {
		case c == '\\':
			p.i++
		case c == delim:
			return true
		case c == '\n' && delim != '\n':
			return false
		}
	}
	return false
}

// address skips an optional address or address range.
func (p *sedParser) address() bool {
	for n := 0; n < 2; n++ {
		if !p.oneAddress() {
			return false
		}
		p.skip(" \t")
		if p.peek() != ',' {
			return true
		}
		p.i++
		p.skip(" \t")
		if c := p.peek(); c == '+' || c == '~' {
			p.i++
		}
	}
	return true
}

func (p *sedParser) oneAddress() bool {
	switch c := p.peek(); {
	case c >= '0' && c <= '9':
		for !p.done() && (p.peek() >= '0' && p.peek() <= '9' || p.peek() == '~') {
			p.i++
		}
	case c == '$':
		p.i++
	case c == '/' || c == '\\':
		p.i++
		if c == '\\' {
			if p.done() {
				return false
			}
			c = p.peek()
			p.i++
		}
		if !p.delimited(c) {
			return false
		}
		for !p.done() && (p.peek() == 'I' || p.peek() == 'M') {
			p.i++
		}
	}
	return true
}

// command reads one command; risky when it writes or runs, ok false when
// it cannot be read.
func (p *sedParser) command() (risky, ok bool) {
	c := p.s[p.i]
	p.i++
	switch c {
	case 'w', 'W', 'e':
		return true, true
	case '#', ':', 'r', 'R':
		p.toEOL() // a comment, a label or a file to read
		return false, true
	case 'a', 'i', 'c':
		p.text()
		return false, true
	case 'b', 't', 'T':
		for !p.done() && strings.IndexByte(";\n}", p.peek()) < 0 {
			p.i++ // the label
		}
		return false, true
	case 's':
		return p.substitute()
	case 'y':
		if p.done() {
			return false, false
		}
		d := p.s[p.i]
		p.i++
		return false, d != '\\' && d != '\n' && p.delimited(d) && p.delimited(d)
	case 'l', 'L', 'q', 'Q':
		p.skip(" \t")
		p.skip("0123456789") // q5, l 40
		return false, true
	}
	return false, strings.IndexByte("{}=dDgGhHnNpPxzFv", c) >= 0
}

// text skips the text of a, i or c: to the end of the line, and on over
// lines that end in a backslash.
func (p *sedParser) text() {
	for {
		p.toEOL()
		if p.done() || p.s[p.i-1] != '\\' {
			return
		}
		p.i++
	}
}

// substitute reads an s command after its "s": the w and e flags are
// risky.
func (p *sedParser) substitute() (risky, ok bool) {
	if p.done() {
		return false, false
	}
	d := p.s[p.i]
	p.i++
	if d == '\\' || d == '\n' || !p.delimited(d) || !p.delimited(d) {
		return false, false
	}
	for !p.done() {
		switch c := p.peek(); {
		case c == 'w' || c == 'e':
			return true, true
		case c == 'g' || c == 'p' || c == 'i' || c == 'I' || c == 'm' || c == 'M' || c >= '0' && c <= '9':
			p.i++
		case c == ';' || c == '\n' || c == '}' || c == ' ' || c == '\t':
			return false, true
		default:
			return false, false
		}
	}
	return false, true
}
