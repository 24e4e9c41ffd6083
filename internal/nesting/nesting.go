// Package nesting estimates how deeply a JavaScript source nests, before
// a recursive parser sees it. Go parsers (goja's, esbuild's) recurse on the
// Go stack once per level, and a goroutine that outgrows Go's stack limit
// kills the process: a script of "(".repeat(1e6) must be refused, not
// parsed. The weights say what one level costs the parser in question.
//
// This package is not public API. It is pure and safe for concurrent use.
package nesting

// Weights are the stack bytes a parser needs per level of nesting.
type Weights struct {
	Open     int // "(", "[", "{" and a template's "${"
	Template int // "`"
	Other    int // any other token of an expression chain
}

// Cost is what Measure found.
type Cost struct {
	// Stack is the largest stack estimate at any point, in bytes.
	Stack int
	// Functions is the deepest nesting of functions.
	Functions int
	// StackAt and FunctionsAt are the byte offsets where each was reached.
	StackAt, FunctionsAt int
}

// WorstCase bounds the stack src can need: every byte weighted as if it
// opened a level.
func WorstCase(src string, w Weights) int {
	n := 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '(', '[', '{':
			n += w.Open
		case '`':
			n += w.Template
		default:
			n += w.Other
		}
	}
	return n
}

// scanLevel is one open bracket during openCost's scan.
type scanLevel struct {
	weight   int
	chain    int  // tokens since the last separator at this level
	fns      int  // functions begun since then
	template bool // a "${" whose "}" resumes template text
	control  bool // the "(" of if/while/for/with: a "/" after ")" starts a regex
}

// Measure estimates the largest stack src needs: at each point, the
// weights of the brackets open there plus w.Other for every token of the
// expression chains they hold. It also counts the deepest nesting of
// functions ("function" and "=>"), which costs parsers time rather than
// stack.
//
// The one ambiguity of JavaScript's lexical grammar is "/": division or the
// start of a regular expression. The scan decides from the token before it,
// and where that cannot tell (after "}", or after a keyword used as a
// property name) it stops trusting quotes and slashes for the rest of the
// line: every opener counts and no closer does. Strings and regular
// expressions end at a line end, so a misread cannot carry past it; a
// backtick or "/*" in such a stretch could open a template or comment that
// does, so after one the whole rest of the source is scanned that way.
func Measure(src string, w Weights) Cost {
	s := scanner{src: src, w: w, levels: []scanLevel{{}}, regexOK: true}
	s.scan()
	return Cost{Stack: s.max, Functions: s.maxFns, StackAt: s.maxAt, FunctionsAt: s.maxFnsAt}
}

type scanner struct {
	src      string
	w        Weights
	fns      int // functions open now
	maxFns   int
	pos      int // the byte being scanned
	maxAt    int
	maxFnsAt int
	levels   []scanLevel
	cur, max int
	regexOK  bool   // a "/" here would start a regular expression
	word     string // the last token, if it was an identifier or keyword
	afterDot bool   // word followed a "." (it is a property name)
	afterBr  bool   // the last token was a "}" that closed a block or literal
	paranoid int    // scan untrusting up to this index
}

func (s *scanner) top() *scanLevel { return &s.levels[len(s.levels)-1] }

func (s *scanner) note() {
	if s.cur > s.max {
		s.max, s.maxAt = s.cur, s.pos
	}
}

func (s *scanner) token() {
	s.top().chain++
	s.cur += s.w.Other
	s.note()
}

func (s *scanner) resetChain() {
	s.cur -= s.top().chain * s.w.Other
	s.fns -= s.top().fns
	s.top().chain, s.top().fns = 0, 0
}

// function notes the start of a function ("function" or "=>").
func (s *scanner) function() {
	s.top().fns++
	s.fns++
	if s.fns > s.maxFns {
		s.maxFns, s.maxFnsAt = s.fns, s.pos
	}
}

func (s *scanner) open(l scanLevel) {
	s.levels = append(s.levels, l)
	s.cur += l.weight
	s.note()
}

// after records the kind of the token just scanned.
func (s *scanner) after(regexOK bool, word string, afterDot, afterBr bool) {
	s.regexOK, s.word, s.afterDot, s.afterBr = regexOK, word, afterDot, afterBr
}

func (s *scanner) scan() {
	for i := 0; i < len(s.src); {
		s.pos = i
		if i < s.paranoid {
			i = s.untrusting(i)
			continue
		}
		i = s.step(i)
	}
}

// step scans the token at i and returns where to go on.
func (s *scanner) step(i int) int {
	src := s.src
	switch c := src[i]; {
	case c == '\n':
		if !s.regexOK { // the line ended an operand: a statement may end here
			s.resetChain()
		}
		return i + 1
	case c == ' ' || c == '\t' || c == '\r':
		return i + 1
	case c == ';' || c == ',':
		s.resetChain()
		s.after(true, "", false, false)
		return i + 1
	case c == '(' || c == '[' || c == '{':
		s.open(scanLevel{weight: s.w.Open, control: c == '(' && isControlWord(s.word)})
		s.after(true, "", false, false)
		return i + 1
	case c == ')' || c == ']' || c == '}':
		return s.close(i)
	case c == '"' || c == '\'':
		s.after(false, "", false, false)
		s.token()
		return stringEnd(src, i+1, c) + 1
	case c == '`':
		return s.template(i + 1)
	case c == '/':
		return s.slash(i)
	case isWordByte(c):
		return s.wordAt(i)
	default:
		return s.operator(i)
	}
}

// slash scans a "/" at i: a comment, a regular expression, or division.
func (s *scanner) slash(i int) int {
	src := s.src
	switch {
	case i+1 < len(src) && src[i+1] == '/':
		return lineEnd(src, i)
	case i+1 < len(src) && src[i+1] == '*':
		return commentEnd(src, i+2)
	case s.afterBr || s.afterDot && isOperandWord(s.word):
		// Ambiguous: distrust the rest of the line.
		s.paranoid = lineEnd(src, i)
		return i
	case s.regexOK || isOperandWord(s.word):
		s.after(false, "", false, false)
		s.token()
		return regexEnd(src, i+1)
	}
	return s.operator(i)
}

// wordAt scans the identifier, keyword or number at i.
func (s *scanner) wordAt(i int) int {
	src := s.src
	j := i
	for j < len(src) && isWordByte(src[j]) {
		j++
	}
	word := src[i:j]
	dot := i > 0 && src[i-1] == '.'
	s.after(isOperandWord(word) && !dot, word, dot, false)
	s.token()
	if word == "function" && !dot {
		s.function()
	}
	return j
}

// operator scans an operator byte at i.
func (s *scanner) operator(i int) int {
	src, c := s.src, s.src[i]
	if c == '=' && i+1 < len(src) && src[i+1] == '>' {
		s.function()
	}
	postfix := (c == '+' || c == '-') && i > 0 && src[i-1] == c
	s.after(!postfix, "", false, false)
	s.token()
	return i + 1
}

// close handles the closer at i and returns where to go on.
func (s *scanner) close(i int) int {
	c := s.src[i]
	if len(s.levels) == 1 {
		s.after(false, "", false, c == '}')
		s.token()
		return i + 1
	}
	l := s.levels[len(s.levels)-1]
	s.cur -= l.weight + l.chain*s.w.Other
	s.fns -= l.fns
	s.levels = s.levels[:len(s.levels)-1]
	if l.template {
		return s.template(i + 1) // back in template text
	}
	s.after(l.control, "", false, c == '}')
	s.token()
	return i + 1
}

// template scans template text from i up to the end of the template or
// the next substitution.
func (s *scanner) template(i int) int {
	end := templateEnd(s.src, i)
	if end.subst {
		s.open(scanLevel{weight: s.w.Open, template: true})
		s.after(true, "", false, false)
	} else {
		s.after(false, "", false, false)
		s.token()
	}
	return end.next
}

// untrusting scans byte i of a stretch the scan cannot read for sure.
func (s *scanner) untrusting(i int) int {
	switch c := s.src[i]; c {
	case '(', '[', '{':
		s.open(scanLevel{weight: s.w.Open})
	case '`':
		s.paranoid = len(s.src)
	case '/':
		if i+1 < len(s.src) && s.src[i+1] == '*' {
			s.paranoid = len(s.src)
		}
		s.token()
	case ' ', '\t', '\r', '\n', ')', ']', '}':
	default:
		s.token()
	}
	return i + 1
}

// isControlWord reports whether a "(" after word holds a statement's
// condition, after whose ")" a "/" starts a regular expression.
func isControlWord(word string) bool {
	switch word {
	case "if", "while", "for", "with":
		return true
	}
	return false
}

// isOperandWord reports whether word is a keyword after which an operand
// (and so a regular expression) follows.
func isOperandWord(word string) bool {
	switch word {
	case "return", "typeof", "instanceof", "in", "of", "new", "delete", "void",
		"throw", "case", "do", "else", "yield", "await", "extends":
		return true
	}
	return false
}

func isWordByte(c byte) bool {
	return c == '_' || c == '$' || c == '\\' || c >= 0x80 ||
		'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// stringEnd returns the index of the quote that closes a string literal
// whose text starts at i, or of the line end that cuts it off.
func stringEnd(src string, i int, quote byte) int {
	for i < len(src) {
		switch src[i] {
		case quote, '\n':
			return i
		case '\\':
			i++
		}
		i++
	}
	return len(src)
}

// templatePart is where a run of template text ends: text is the end of
// the text, next the index to resume at, subst whether a "${" follows.
type templatePart struct {
	text, next int
	subst      bool
}

func templateEnd(src string, i int) templatePart {
	for i < len(src) {
		switch src[i] {
		case '`':
			return templatePart{text: i, next: i + 1}
		case '\\':
			i++
		case '$':
			if i+1 < len(src) && src[i+1] == '{' {
				return templatePart{text: i, next: i + 2, subst: true}
			}
		}
		i++
	}
	return templatePart{text: len(src), next: len(src)}
}

// regexEnd returns the index after a regular expression literal (and its
// flags) whose body starts at i; a line end cuts it off.
func regexEnd(src string, i int) int {
	inClass := false
	for i < len(src) {
		switch src[i] {
		case '\n':
			return i
		case '\\':
			i++
		case '[':
			inClass = true
		case ']':
			inClass = false
		case '/':
			if !inClass {
				i++
				for i < len(src) && isWordByte(src[i]) {
					i++
				}
				return i
			}
		}
		i++
	}
	return len(src)
}

func lineEnd(src string, i int) int {
	for i < len(src) && src[i] != '\n' {
		i++
	}
	return i
}

func commentEnd(src string, i int) int {
	for i+1 < len(src) {
		if src[i] == '*' && src[i+1] == '/' {
			return i + 2
		}
		i++
	}
	return len(src)
}
