package gojart

// goja's parser and compiler, and its JSON.parse, recurse on the Go stack
// once per level of nesting, and a goroutine that outgrows Go's 1 GB stack
// limit kills the process: eval("(".repeat(3e5)) or
// JSON.parse("[".repeat(3e6)) would end the host, not the script. So source
// text and JSON text are measured before goja sees them.
//
// Source. The Go stack goja needs to parse and compile one level of each
// construct was measured (debug.SetMaxStack bisection, 10,000 levels; see
// TestNestingCosts): at most ~3.4 KB for "(" and "[" (and for "a(", "a[",
// "`${"), ~420 B for "{", at most ~280 B per byte of every other construct
// that nests without brackets ("a=", "x=>", "!", "do ", "if(1)", "a?b:").
// The weights below round those up. A source whose every byte is weighted
// as if all of it nested at once is safe when the sum stays within
// stackBudget (a quarter of the limit, since Go doubles a stack to grow
// it): that bound is exact and covers any source up to ~400 KB. A larger
// source is scanned lexically (strings, comments, templates, regular
// expressions) for the nesting that is actually open at each point; that
// scan is a heuristic that a deliberately misleading source could fool.
//
// JSON is measured exactly: its grammar has no ambiguity.

const (
	stackBudget = 256 << 20

	weightParen    = 3400 // "(" and "["
	weightBrace    = 840  // "{"
	weightTemplate = 2200 // "`", so that "`${" weighs more than 3.4 KB
	weightOther    = 420  // any other byte

	// MaxJSONDepth is the deepest nesting JSON.parse accepts. QuickJS
	// fails somewhere between 1,000 and 10,000 levels with "stack
	// overflow"; goja needs well under 1 KB of Go stack per level.
	MaxJSONDepth = 10000
)

// sourceTooDeep reports whether goja might overflow the Go stack parsing
// and compiling src.
func sourceTooDeep(src string) bool {
	return worstCase(src) > stackBudget && openCost(src) > stackBudget
}

// worstCase bounds the stack src can need: every byte weighted as if it
// opened a level.
func worstCase(src string) int {
	n := 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '(', '[':
			n += weightParen
		case '{':
			n += weightBrace
		case '`':
			n += weightTemplate
		default:
			n += weightOther
		}
	}
	return n
}

// scanLevel is one open bracket during openCost's scan.
type scanLevel struct {
	weight   int
	chain    int  // tokens since the last separator at this level
	template bool // a "${" whose "}" resumes template text
	control  bool // the "(" of if/while/for/with: a "/" after ")" starts a regex
}

// openCost estimates the largest stack src needs: at each point, the
// weights of the brackets open there plus weightOther for every token of
// the expression chains they hold. Openers inside strings, comments,
// template text and regular expressions count as if open for the rest of
// the source (closers there are ignored), so a misread token can only make
// the estimate larger on the line it is on.
func openCost(src string) int {
	levels := []scanLevel{{}}
	cur, maxCost, phantom := 0, 0, 0
	regexOK := true // a "/" here would start a regular expression
	word := ""      // the last identifier or keyword, if it was the last token
	plusplus := false
	top := func() *scanLevel { return &levels[len(levels)-1] }
	token := func() {
		top().chain++
		cur += weightOther
		if cur+phantom > maxCost {
			maxCost = cur + phantom
		}
	}
	resetChain := func() {
		cur -= top().chain * weightOther
		top().chain = 0
	}
	open := func(l scanLevel) {
		levels = append(levels, l)
		cur += l.weight
		if cur+phantom > maxCost {
			maxCost = cur + phantom
		}
	}
	// skipped scans text that is not code up to end (exclusive) and
	// makes its unmatched openers permanent.
	skipped := func(text string) {
		depth, most := 0, 0
		for i := 0; i < len(text); i++ {
			switch text[i] {
			case '(', '[', '{':
				depth++
				most = max(most, depth)
			case ')', ']', '}':
				depth = max(depth-1, 0)
			}
		}
		phantom += depth * weightParen
		if cur+phantom+most*weightParen > maxCost {
			maxCost = cur + phantom + most*weightParen
		}
	}

	i := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\n':
			if !regexOK { // the line ended an operand: a statement may end here
				resetChain()
			}
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r':
			i++
			continue
		case c == ';' || c == ',':
			resetChain()
			regexOK, word, plusplus = true, "", false
			i++
			continue
		case c == '(' || c == '[' || c == '{':
			w := weightParen
			if c == '{' {
				w = weightBrace
			}
			open(scanLevel{weight: w, control: c == '(' && isControlWord(word)})
			regexOK, word, plusplus = true, "", false
			i++
			continue
		case c == ')' || c == ']' || c == '}':
			if len(levels) > 1 {
				l := levels[len(levels)-1]
				cur -= l.weight + l.chain*weightOther
				levels = levels[:len(levels)-1]
				if l.template {
					// Back in template text.
					end := templateEnd(src, i+1)
					skipped(src[i+1 : end.text])
					if end.subst {
						open(scanLevel{weight: weightTemplate, template: true})
						regexOK, word, plusplus = true, "", false
					} else {
						regexOK, word, plusplus = false, "", false
						token()
					}
					i = end.next
					continue
				}
				// A "/" after "}" may start a regular expression (after a
				// block) or divide (after an object literal); treating it
				// as the former keeps misreads on one line.
				regexOK = c == '}' || l.control
			} else {
				regexOK = c == '}'
			}
			word, plusplus = "", false
			token()
			i++
			continue
		case c == '"' || c == '\'':
			j := stringEnd(src, i+1, c)
			skipped(src[i+1 : j])
			i = j + 1
			regexOK, word, plusplus = false, "", false
			token()
			continue
		case c == '`':
			end := templateEnd(src, i+1)
			skipped(src[i+1 : end.text])
			if end.subst {
				open(scanLevel{weight: weightTemplate, template: true})
				regexOK = true
			} else {
				regexOK = false
				token()
			}
			word, plusplus = "", false
			i = end.next
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			j := lineEnd(src, i)
			skipped(src[i:j])
			i = j
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			j := commentEnd(src, i+2)
			skipped(src[i:j])
			i = j
			continue
		case c == '/' && (regexOK || isOperandWord(word)) && !plusplus:
			j := regexEnd(src, i+1)
			skipped(src[i+1 : j])
			i = j
			regexOK, word, plusplus = false, "", false
			token()
			continue
		case isWordByte(c):
			j := i
			for j < len(src) && isWordByte(src[j]) {
				j++
			}
			word = src[i:j]
			regexOK, plusplus = isOperandWord(word), false
			i = j
			token()
			continue
		}
		// Any other punctuation: an operator byte.
		plusplus = (c == '+' || c == '-') && i > 0 && src[i-1] == c
		regexOK, word = true, ""
		token()
		i++
	}
	return maxCost
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

// jsonDepth returns the deepest nesting of arrays and objects in text,
// stopping early once it exceeds limit.
func jsonDepth(text string, limit int) int {
	depth, most := 0, 0
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '[', '{':
			depth++
			if depth > most {
				most = depth
				if most > limit {
					return most
				}
			}
		case ']', '}':
			depth--
		case '"':
			for i++; i < len(text) && text[i] != '"'; i++ {
				if text[i] == '\\' {
					i++
				}
			}
		}
	}
	return most
}
