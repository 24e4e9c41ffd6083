package code

import (
	"path/filepath"
	"regexp"
	"strings"

	"github.com/atomic-script/atomic-script/hashline/blocks"
)

// heuristicRule is a declaration pattern: group 1 is the name. A member
// rule matches only directly inside a class.
type heuristicRule struct {
	kind   string
	re     *regexp.Regexp
	member bool
}

func rule(kind, re string) heuristicRule {
	return heuristicRule{kind: kind, re: regexp.MustCompile(re)}
}

func member(kind, re string) heuristicRule {
	return heuristicRule{kind: kind, re: regexp.MustCompile(re), member: true}
}

// heuristicRules are the declaration patterns of the outline heuristic, by
// language ("" for the languages without a grammar of their own: Kotlin,
// Swift, PHP, Scala, C#, Dart, Lua, Elixir, Groovy).
var heuristicRules = map[string][]heuristicRule{
	"javascript": jsRules, "typescript": jsRules, "tsx": jsRules,
	"python": {
		rule("class", `^\s*class\s+([A-Za-z_]\w*)`),
		rule("function", `^\s*(?:async\s+)?def\s+([A-Za-z_]\w*)`),
	},
	"rust": {
		rule("function", `^\s*(?:pub(?:\([^)]*\))?\s+)?(?:const\s+|async\s+|unsafe\s+|extern\s+"[^"]*"\s+)*fn\s+([A-Za-z_]\w*)`),
		rule("struct", `^\s*(?:pub(?:\([^)]*\))?\s+)?(?:struct|union)\s+([A-Za-z_]\w*)`),
		rule("enum", `^\s*(?:pub(?:\([^)]*\))?\s+)?enum\s+([A-Za-z_]\w*)`),
		rule("interface", `^\s*(?:pub(?:\([^)]*\))?\s+)?(?:unsafe\s+)?trait\s+([A-Za-z_]\w*)`),
		rule("module", `^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+([A-Za-z_]\w*)\s*\{`),
	},
	"java": {
		rule("class", `^\s*(?:(?:public|private|protected|abstract|final|static|sealed)\s+)*(?:class|record)\s+([A-Za-z_]\w*)`),
		rule("interface", `^\s*(?:(?:public|private|protected|abstract|static|sealed)\s+)*@?interface\s+([A-Za-z_]\w*)`),
		rule("enum", `^\s*(?:(?:public|private|protected|static)\s+)*enum\s+([A-Za-z_]\w*)`),
		rule("method", `^\s+(?:(?:public|private|protected|abstract|final|static|synchronized|native|default)\s+)*[\w<>\[\],. ?]+\s+([a-z_]\w*)\s*\([^;]*$`),
	},
	"c":   cRules,
	"cpp": cRules,
	"ruby": {
		rule("class", `^\s*class\s+([A-Z]\w*(?:::\w+)*)`),
		rule("module", `^\s*module\s+([A-Z]\w*(?:::\w+)*)`),
		rule("method", `^\s*def\s+((?:self\.)?[A-Za-z_]\w*[?!=]?)`),
	},
	"": {
		rule("class", `^\s*(?:(?:public|private|internal|protected|abstract|open|final|data|sealed|static|partial)\s+)*(?:class|object|struct|record)\s+([A-Za-z_]\w*)`),
		rule("interface", `^\s*(?:(?:public|private|internal|protected)\s+)*(?:interface|protocol|trait)\s+([A-Za-z_]\w*)`),
		rule("enum", `^\s*(?:(?:public|private|internal|protected)\s+)*enum\s+(?:class\s+)?([A-Za-z_]\w*)`),
		rule("function", `^\s*(?:(?:public|private|internal|protected|static|override|open|suspend|inline|async|final|abstract)\s+)*(?:fun|func|function|def|defp|fn)\s+([A-Za-z_][\w.]*)`),
	},
}

var jsRules = []heuristicRule{
	rule("class", `^\s*(?:export\s+)?(?:default\s+)?(?:abstract\s+)?class\s+([A-Za-z_$][\w$]*)`),
	rule("interface", `^\s*(?:export\s+)?interface\s+([A-Za-z_$][\w$]*)`),
	rule("enum", `^\s*(?:export\s+)?(?:const\s+)?enum\s+([A-Za-z_$][\w$]*)`),
	rule("type", `^\s*(?:export\s+)?type\s+([A-Za-z_$][\w$]*)\s*(?:<[^=]*>)?\s*=`),
	rule("function", `^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)`),
	member("method", `^\s+(?:(?:public|private|protected|static|async|readonly|override|get|set)\s+)*\*?([A-Za-z_$#][\w$]*)\s*(?:<[^>]*>)?\([^)]*\)\s*(?::[^{]+)?\{\s*$`),
	rule("function", `^\s*(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*(?::[^=]+)?=>|[A-Za-z_$][\w$]*\s*=>)`),
}

var cRules = []heuristicRule{
	rule("struct", `^\s*(?:typedef\s+)?(?:struct|union)\s+([A-Za-z_]\w*)\s*\{?\s*$`),
	rule("class", `^\s*(?:template\s*<[^>]*>\s*)?class\s+([A-Za-z_]\w*)[^;]*$`),
	rule("enum", `^\s*(?:typedef\s+)?enum\s+(?:class\s+)?([A-Za-z_]\w*)`),
	rule("function", `^[A-Za-z_][\w\s\*&:<>,]*?\b([A-Za-z_]\w*(?:::~?\w+)*)\s*\([^;]*\)\s*(?:const\s*)?\{?\s*$`),
}

// heuristicExtensions are the files outline reads by heuristic alone.
var heuristicExtensions = map[string]bool{".kt": true, ".kts": true, ".swift": true, ".php": true, ".scala": true, ".cs": true,
	".dart": true, ".lua": true, ".ex": true, ".exs": true, ".groovy": true}

// heuristicLanguage is "heuristic" for a file outline reads by heuristic
// alone, else "".
func heuristicLanguage(path string) string {
	if heuristicExtensions[strings.ToLower(filepath.Ext(path))] {
		return strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")
	}
	return ""
}

// outlineHeuristic finds declarations by pattern, line by line, and ends
// each at the end of the block it opens (hashline's brace and indentation
// heuristic). A declaration inside an earlier one's lines is its member.
func outlineHeuristic(path, lang string, src []byte) []Symbol {
	rules, ok := heuristicRules[lang]
	if !ok {
		rules = heuristicRules[""]
	}
	text := string(src)
	lines := strings.Split(text, "\n")
	var syms []Symbol
	var open []int // indexes into syms of the declarations whose lines we are in
	res := blocks.Resolver{}
	off := 0
	for n, line := range lines {
		lineStart := off
		off += len(line) + 1
		for len(open) > 0 && syms[open[len(open)-1]].EndLine < n+1 {
			open = open[:len(open)-1]
		}
		for _, r := range rules {
			if r.member && (len(open) == 0 || syms[open[len(open)-1]].Kind != "class") {
				continue
			}
			m := r.re.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			end := n + 1
			if _, e, ok := res.ResolveBlock(path, text, n+1); ok {
				end = e
			}
			s := Symbol{Kind: r.kind, Name: m[1], Signature: signatureOf(src, lineStart), StartLine: n + 1, EndLine: end, Depth: len(open) + 1, Exported: true}
			if len(open) > 0 {
				parent := syms[open[len(open)-1]]
				s.Container = strings.TrimPrefix(parent.Container+"."+parent.Name, ".")
				if s.Kind == "function" {
					s.Kind = "method"
				}
			}
			syms = append(syms, s)
			open = append(open, len(syms)-1)
			break
		}
	}
	return syms
}
