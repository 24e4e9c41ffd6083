// Package approval holds the pure matching behind approval policies: shell
// command patterns for the bash class ("go test *", "git status") and path
// globs for the write class ("src/**"). It does no I/O except resolving
// symbolic links in RealPath.
package approval

import (
	"fmt"
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/pattern"
	"mvdan.cc/sh/v3/syntax"
)

// CommandPattern is one compiled command pattern: a list of shell words.
// A word that is an unquoted * on its own matches any number of words
// (none included); any other word is a shell glob on one word (* and ?
// match any characters, / included; quote them to match them literally).
type CommandPattern struct {
	Source string
	words  []patternWord
}

type patternWord struct {
	any bool           // the * word: any run of words
	re  *regexp.Regexp // else one word
	// said is how many bytes of a word it matches the pattern spells
	// literally (the glob's literal start; all of it when literal is
	// set): the part of an option the pattern itself names.
	said    int
	literal bool
}

// ParseCommand compiles a command pattern. A pattern is one simple command
// of literal words: no operators, redirections, variables or substitutions.
func ParseCommand(src string) (*CommandPattern, error) {
	f, err := parse(src)
	if err != nil {
		return nil, fmt.Errorf("%q is not a command pattern: %v", src, err)
	}
	bad := fmt.Errorf("%q is not a command pattern: give one command and its arguments, such as \"go test *\" (no ;, &&, |, redirections or $ expansions)", src)
	if len(f.Stmts) != 1 {
		return nil, bad
	}
	st := f.Stmts[0]
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 || len(call.Assigns) > 0 || len(call.Args) == 0 {
		return nil, bad
	}
	p := &CommandPattern{Source: src}
	for _, w := range call.Args {
		if lit, ok := w.Parts[0].(*syntax.Lit); ok && len(w.Parts) == 1 && lit.Value == "*" {
			p.words = append(p.words, patternWord{any: true})
			continue
		}
		glob, ok := globOf(w)
		if !ok {
			return nil, bad
		}
		expr, err := pattern.Regexp(glob, pattern.EntireString)
		if err != nil {
			return nil, fmt.Errorf("%q is not a command pattern: %v", src, err)
		}
		re, err := regexp.Compile(expr)
		if err != nil {
			return nil, fmt.Errorf("%q is not a command pattern: %v", src, err)
		}
		said, literal := literalStart(glob)
		p.words = append(p.words, patternWord{re: re, said: said, literal: literal})
	}
	return p, nil
}

// literalStart is how many bytes of text the shell glob g spells before
// its first unescaped metacharacter, and whether it has none.
func literalStart(g string) (int, bool) {
	n := 0
	for i := 0; i < len(g); i++ {
		switch g[i] {
		case '\\':
			i++
		case '*', '?', '[':
			return n, false
		}
		n++
	}
	return n, true
}

// match reports whether the words of one simple command match p, and
// fills said (len(words)) with how many bytes of each word the pattern
// spells: all of a word a literal pattern word matched, the literal start
// of a glob word's, none of the words a * covers.
func (p *CommandPattern) match(words []cmdWord, said []int) bool {
	return matchWords(p.words, words, said)
}

func matchWords(pat []patternWord, words []cmdWord, said []int) bool {
	for len(pat) > 0 {
		if pat[0].any {
			// Collapse runs of *, then try every split.
			for len(pat) > 0 && pat[0].any {
				pat = pat[1:]
			}
			for i := 0; i <= len(words); i++ {
				if len(pat) == 0 && i < len(words) {
					continue
				}
				if matchWords(pat, words[i:], said[i:]) {
					for j := 0; j < i; j++ {
						said[j] = 0
					}
					return true
				}
			}
			return false
		}
		if len(words) == 0 || !words[0].exact || !pat[0].re.MatchString(words[0].text) {
			return false
		}
		said[0] = pat[0].said
		if pat[0].literal {
			said[0] = len(words[0].text)
		}
		pat, words, said = pat[1:], words[1:], said[1:]
	}
	return len(words) == 0
}

// cmdWord is one word of a command: its text after quote removal, and
// whether that text is what the program receives (exact) or the shell
// would still expand it (an unquoted glob, brace or leading ~), in which
// case only a * word of a pattern matches it.
type cmdWord struct {
	text  string
	exact bool
}

// Covered reports whether every command in cmd is matched by one of
// allow. It is false for anything a pattern cannot vouch for: variables,
// command or process substitutions, assignments, redirections other than
// to /dev/null or between descriptors, subshells, groups, control
// structures, functions and background jobs. Commands joined by ;, &&,
// || and | are covered when each is. A command a pattern matches is still
// not covered when a * of the pattern covers an option that runs another
// program or writes a file the command names (see risks): then why says
// which, for the ask.
func Covered(cmd string, allow []*CommandPattern) (ok bool, why string) {
	if len(allow) == 0 {
		return false, ""
	}
	f, err := parse(cmd)
	if err != nil || len(f.Stmts) == 0 {
		return false, ""
	}
	var simple [][]cmdWord
	if !plainStmts(f.Stmts, &simple) {
		return false, ""
	}
	for _, words := range simple {
		if ok, why := coveredOne(words, allow); !ok {
			return false, why
		}
	}
	return true, ""
}

// coveredOne: one simple command, matched by a pattern that spells every
// risky word in it.
func coveredOne(words []cmdWord, allow []*CommandPattern) (bool, string) {
	found := risks(words)
	said := make([]int, len(words))
	why := ""
	for _, p := range allow {
		if !p.match(words, said) {
			continue
		}
		unsaid := -1
		for i, f := range found {
			if said[f.idx] < f.upto {
				unsaid = i
				break
			}
		}
		if unsaid < 0 {
			return true, ""
		}
		if why == "" {
			f := found[unsaid]
			why = fmt.Sprintf("%q matches, but its * covers %q, which %s", p.Source, words[f.idx].text[:f.upto], f.why)
		}
	}
	return false, why
}

// Denied returns the first of deny that matches a command anywhere in cmd
// (inside subshells, substitutions and control structures too), or nil.
// A word with an expansion is matched as written. This catches commands as
// written; it is no sandbox (an allow list is).
func Denied(cmd string, deny []*CommandPattern) *CommandPattern {
	if len(deny) == 0 {
		return nil
	}
	f, err := parse(cmd)
	if err != nil {
		return nil
	}
	var found *CommandPattern
	syntax.Walk(f, func(n syntax.Node) bool {
		call, ok := n.(*syntax.CallExpr)
		if !ok || found != nil || len(call.Args) == 0 {
			return found == nil
		}
		words := make([]cmdWord, len(call.Args))
		for i, w := range call.Args {
			if cw, ok := literal(w); ok {
				words[i] = cmdWord{text: cw.text, exact: true}
			} else {
				words[i] = cmdWord{text: printed(w), exact: true}
			}
		}
		said := make([]int, len(words))
		for _, p := range deny {
			if p.match(words, said) {
				found = p
				return false
			}
		}
		return true
	})
	return found
}

// Suggest returns patterns that would cover cmd from now on, one for each
// of its commands, naming the program that really runs: the program, its
// subcommand for programs driven by subcommands (git status, go test, npm
// run, make test), then *; a wrapper (xargs, env, timeout, sudo, ...) is
// kept as written up to the program it runs ("xargs -0 rm *", not
// "xargs *"). It returns nil when cmd is not made of plain commands (see
// Covered), when a program cannot be named (a shell's -c text, env -S, a
// control character), or when the patterns would not cover cmd itself (a
// * over an option that runs another program): "always" must never
// promise more than the call it was offered for.
func Suggest(cmd string) []string {
	f, err := parse(cmd)
	if err != nil || len(f.Stmts) == 0 {
		return nil
	}
	var simple [][]cmdWord
	if !plainStmts(f.Stmts, &simple) {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	for _, words := range simple {
		p, ok := suggestOne(words)
		if !ok {
			return nil
		}
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	pats := make([]*CommandPattern, 0, len(out))
	for _, s := range out {
		p, err := ParseCommand(s)
		if err != nil {
			return nil
		}
		pats = append(pats, p)
	}
	if ok, _ := Covered(cmd, pats); !ok {
		return nil
	}
	return out
}

// suggestOne is the pattern for one simple command (see Suggest).
func suggestOne(words []cmdWord) (string, bool) {
	var parts []string
	at := 0
	for {
		if at >= len(words) || !words[at].exact {
			return "", false
		}
		q := quote(words[at].text)
		if strings.HasPrefix(q, "$'") {
			return "", false // control characters: no pattern can name them
		}
		name := programName(words[at].text)
		if shells[name] && len(words) > at+1 {
			return "", false // bash -c TEXT, bash script.sh: no program to name
		}
		if _, ok := wrappers[name]; !ok {
			parts = append(parts, q)
			break
		}
		prog, _, known := wrapped(words, at, name)
		if !known || prog < 0 {
			return "", false
		}
		for _, w := range words[at:prog] {
			if !w.exact || strings.HasPrefix(quote(w.text), "$'") {
				return "", false
			}
			parts = append(parts, quote(w.text))
		}
		at = prog
	}
	if len(words) > at+1 && words[at+1].exact && subcommands[programName(words[at].text)] && subcommand.MatchString(words[at+1].text) {
		parts = append(parts, words[at+1].text)
	}
	return strings.Join(append(parts, "*"), " "), true
}

var subcommand = regexp.MustCompile(`^[a-z][a-z0-9:-]*$`)

// subcommands are programs whose second word says what they do.
var subcommands = map[string]bool{}

func init() {
	for _, p := range strings.Fields("git go gofmt npm npx pnpm yarn bun deno node cargo rustup docker podman kubectl helm terraform make gh pip pip3 poetry uv dotnet mvn gradle bazel brew apt apt-get systemctl") {
		subcommands[p] = true
	}
}

func quote(s string) string {
	q, err := syntax.Quote(s, syntax.LangBash)
	if err != nil {
		return s
	}
	return q
}

func parse(src string) (*syntax.File, error) {
	return syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
}

// plainStmts collects the words of each simple command of stmts, and
// reports false when stmts hold anything but plain commands.
func plainStmts(stmts []*syntax.Stmt, out *[][]cmdWord) bool {
	for _, st := range stmts {
		if !plainStmt(st, out) {
			return false
		}
	}
	return true
}

func plainStmt(st *syntax.Stmt, out *[][]cmdWord) bool {
	if st.Negated || st.Background || st.Coprocess {
		return false
	}
	for _, r := range st.Redirs {
		if !harmlessRedirect(r) {
			return false
		}
	}
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(c.Assigns) > 0 || len(c.Args) == 0 {
			return false
		}
		words := make([]cmdWord, len(c.Args))
		for i, w := range c.Args {
			cw, ok := literal(w)
			if !ok {
				return false
			}
			words[i] = cw
		}
		*out = append(*out, words)
		return true
	case *syntax.BinaryCmd:
		switch c.Op {
		case syntax.AndStmt, syntax.OrStmt, syntax.Pipe, syntax.PipeAll:
			return plainStmt(c.X, out) && plainStmt(c.Y, out)
		}
	}
	return false
}

// harmlessRedirect allows output to /dev/null and descriptor duplication
// (2>&1, >&2): nothing is read or written.
func harmlessRedirect(r *syntax.Redirect) bool {
	if r.Hdoc != nil || r.Word == nil {
		return false
	}
	target, ok := literal(r.Word)
	if !ok || !target.exact {
		return false
	}
	switch r.Op {
	case syntax.RdrOut, syntax.AppOut, syntax.RdrAll, syntax.AppAll, syntax.RdrClob:
		return target.text == "/dev/null"
	case syntax.DplOut, syntax.DplIn:
		return target.text == "-" || isDigits(target.text)
	}
	return false
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// literal is w after quote removal, or false when w has an expansion.
func literal(w *syntax.Word) (cmdWord, bool) {
	var b strings.Builder
	exact := true
	for i, part := range w.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			v := p.Value
			for j := 0; j < len(v); j++ {
				c := v[j]
				switch {
				case c == '\\' && j+1 < len(v):
					j++
					if v[j] != '\n' {
						b.WriteByte(v[j])
					}
				case c == '*' || c == '?' || c == '[' || c == '{' || c == '}':
					exact = false
					b.WriteByte(c)
				case c == '~' && i == 0 && j == 0:
					exact = false
					b.WriteByte(c)
				default:
					b.WriteByte(c)
				}
			}
		case *syntax.SglQuoted:
			if p.Dollar {
				return cmdWord{}, false
			}
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			if p.Dollar {
				return cmdWord{}, false
			}
			for _, inner := range p.Parts {
				lit, ok := inner.(*syntax.Lit)
				if !ok {
					return cmdWord{}, false
				}
				v := lit.Value
				for j := 0; j < len(v); j++ {
					if v[j] == '\\' && j+1 < len(v) && strings.IndexByte("$`\"\\\n", v[j+1]) >= 0 {
						j++
						if v[j] != '\n' {
							b.WriteByte(v[j])
						}
						continue
					}
					b.WriteByte(v[j])
				}
			}
		default:
			return cmdWord{}, false
		}
	}
	return cmdWord{text: b.String(), exact: exact}, true
}

// globOf turns a pattern word into a shell pattern: unquoted glob
// characters stay special, quoted and escaped text is literal.
func globOf(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, part := range w.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			v := p.Value
			for j := 0; j < len(v); j++ {
				if v[j] == '\\' && j+1 < len(v) {
					j++
					b.WriteString(pattern.QuoteMeta(string(v[j]), 0))
					continue
				}
				b.WriteByte(v[j])
			}
		case *syntax.SglQuoted:
			if p.Dollar {
				return "", false
			}
			b.WriteString(pattern.QuoteMeta(p.Value, 0))
		case *syntax.DblQuoted:
			cw, ok := literal(&syntax.Word{Parts: []syntax.WordPart{p}})
			if !ok {
				return "", false
			}
			b.WriteString(pattern.QuoteMeta(cw.text, 0))
		default:
			return "", false
		}
	}
	return b.String(), true
}

// printed is w as written.
func printed(w *syntax.Word) string {
	var b strings.Builder
	_ = syntax.NewPrinter().Print(&b, w)
	return b.String()
}
