package code

import (
	"bytes"
	"context"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/syntax"
	"github.com/atomic-script/atomic-script/tools/search"
)

// Symbol kinds outline reports.
var symbolKinds = []string{"function", "method", "class", "struct", "type", "interface", "enum", "module", "const", "var", "field", "test"}

// Symbol is one declaration of a file.
type Symbol struct {
	Kind      string `json:"kind" jsonschema:"function, method, class, struct, type, interface, enum, module, const, var, field or test"`
	Name      string `json:"name"`
	Container string `json:"container,omitempty" jsonschema:"the enclosing symbol's name (a method's type, a field's struct, a test's describe block), dotted when nested"`
	Signature string `json:"signature" jsonschema:"the declaration's first line (from the declaration itself, after any decorators), trimmed, at most 200 characters"`
	StartLine int    `json:"startLine" jsonschema:"first line of the declaration, decorators, attributes and annotations included (hashline line numbers: read and edit take them as they are)"`
	EndLine   int    `json:"endLine" jsonschema:"last line of the declaration"`
	Exported  bool   `json:"exported" jsonschema:"visible outside its file or type: a capitalised Go name, export in JavaScript/TypeScript, pub in Rust, public in Java and C++, no leading _ in Python, not static in C, not private in Ruby"`
	Depth     int    `json:"depth" jsonschema:"nesting: 1 for a top-level declaration, 2 for its members, ..."`
}

// OutlineFile is one file's outline.
type OutlineFile struct {
	Path     string `json:"path" jsonschema:"relative to the workspace root"`
	Tag      string `json:"tag" jsonschema:"the hashline snapshot tag: edit takes the symbols' lines under [path#tag]"`
	Header   string `json:"header" jsonschema:"[path#tag], the header an edit of these lines starts with"`
	Language string `json:"language"`
	// Precision says how the symbols were found: "syntax" from a parser
	// (go/parser, tree-sitter), "heuristic" from declaration patterns and
	// brace/indent block ends when this build has no grammar for the file.
	Precision string   `json:"precision" jsonschema:"syntax (a parser: go/parser or tree-sitter) or heuristic (declaration patterns and brace/indent block ends; this build has no grammar for the language)"`
	Symbols   []Symbol `json:"symbols"`
	// SyntaxErrors is set when the parser met errors: symbols around them
	// may be missing or cut short.
	SyntaxErrors bool `json:"syntaxErrors,omitempty" jsonschema:"the file does not parse cleanly: symbols near the error may be missing or their ranges cut"`
}

// OutlineResult is outline's result.
type OutlineResult struct {
	Text         string        `json:"text" jsonschema:"each file's [path#tag] header with its language, then one row per symbol: START-END kind name, signature"`
	Files        []OutlineFile `json:"files" jsonschema:"every file outlined, in path order"`
	FileCount    int           `json:"fileCount"`
	SymbolCount  int           `json:"symbolCount" jsonschema:"symbols in files (after kinds and depth)"`
	Truncated    bool          `json:"truncated" jsonschema:"the text was cut at 50 KB (files holds every symbol)"`
	MissingPaths []string      `json:"missingPaths,omitempty"`
	SkippedFiles []string      `json:"skippedFiles,omitempty" jsonschema:"files not outlined, with why: no outline for the file type (when named), too large, binary, unreadable"`
}

type outlineArgs struct {
	Paths search.PathList `json:"paths"`
	Kinds []string        `json:"kinds,omitempty" jsonschema:"only these kinds (function, method, class, struct, type, interface, enum, module, const, var, field, test); a kept symbol's container may be left out"`
	Depth int             `json:"depth,omitempty" jsonschema:"only symbols this deep: 1 top-level declarations, 2 their members too; 0 (default) every depth"`
}

const outlineDescription = `List the symbols of source files (functions, classes, types, fields, tests...) with line ranges. ` +
	`Per file: its [path#TAG] header, language and precision, then each symbol's kind (function, method, class, struct, type, interface, enum, module, const, var, field, test), name, container, signature (its first line), startLine/endLine (the line numbers read and edit use) and exported. ` +
	`Go is parsed with go/parser; JavaScript/TypeScript (JSX/TSX), Python, Rust, Java, C/C++ and Ruby with tree-sitter in builds with cgo, else precision is "heuristic". ` +
	`paths: files, directories or globs; kinds and depth (1: top level) filter. Scripts receive {files: [{path, tag, header, language, precision, symbols}], symbolCount}.`

// Outline returns the outline tool.
func Outline() tools.Tool {
	return tools.New(tools.Spec{
		Name:        "outline",
		Description: outlineDescription,
		Input:       outlineInput(),
		Output:      tools.MustSchemaFor[OutlineResult](),
	}, func(ctx context.Context, env *tools.Env, a outlineArgs) (tools.Result, error) {
		res, err := runOutline(ctx, env, a)
		if err != nil {
			return tools.Result{}, err
		}
		return tools.Result{Text: res.Text, Structured: res, Details: res}, nil
	})
}

func outlineInput() *jsonschema.Schema {
	s := withPaths[outlineArgs]("Files, directories or globs to outline, e.g. \"src\" or [\"a.go\", \"lib/**/*.py\"]")
	items := &jsonschema.Schema{Type: "string"}
	for _, k := range symbolKinds {
		items.Enum = append(items.Enum, k)
	}
	s.Properties["kinds"].Items = items
	return s
}

func runOutline(ctx context.Context, env *tools.Env, a outlineArgs) (*OutlineResult, error) {
	if len(a.Paths) == 0 || allBlank(a.Paths) {
		return nil, tools.Errorf(tools.ErrInvalidArgs, `outline.paths is required: pass files, directories or globs, e.g. "src" or "**/*.go"`)
	}
	for _, k := range a.Kinds {
		if !slices.Contains(symbolKinds, k) {
			return nil, tools.Errorf(tools.ErrInvalidArgs, "outline: unknown kind %q: kinds are %s", k, strings.Join(symbolKinds, ", "))
		}
	}
	if a.Depth < 0 {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "outline: depth must be 0 (every depth) or more")
	}
	list, err := listFiles(ctx, env, a.Paths)
	if err != nil {
		return nil, err
	}
	named := len(list.Files) == 1
	files := make([]*OutlineFile, len(list.Files))
	skipped := make([]string, len(list.Files))
	parsers := make([]syntax.Parser, runtime.GOMAXPROCS(0))
	parallel(ctx, len(list.Files), func(w, i int) {
		files[i], skipped[i] = outlineOne(ctx, env, &parsers[w], list.Files[i], named)
	})
	if err := ctx.Err(); err != nil {
		return nil, tools.Errorf(tools.CodeOf(err), "outline: %v", err)
	}
	res := &OutlineResult{Files: []OutlineFile{}, MissingPaths: list.Missing}
	for i, f := range files {
		if skipped[i] != "" {
			res.SkippedFiles = append(res.SkippedFiles, skipped[i])
		}
		if f == nil {
			continue
		}
		f.Symbols = filterSymbols(f.Symbols, a.Kinds, a.Depth)
		res.Files = append(res.Files, *f)
		res.SymbolCount += len(f.Symbols)
	}
	res.FileCount = len(res.Files)
	res.Text, res.Truncated = capText(renderOutline(res), "outline")
	return res, nil
}

// outlineOne outlines one file, recording its snapshot. A file of a type
// with no outline is skipped, named in skipped only when it was named
// alone.
func outlineOne(ctx context.Context, env *tools.Env, p *syntax.Parser, abs string, named bool) (*OutlineFile, string) {
	lang := outlineLanguage(abs)
	if lang == "" {
		if named {
			return nil, env.Display(abs) + " (no outline for this file type)"
		}
		return nil, ""
	}
	sf := readSource(env, abs)
	if sf.skip != "" {
		return nil, sf.display + " (" + sf.skip + ")"
	}
	f := &OutlineFile{Path: sf.display, Language: lang, Symbols: []Symbol{}}
	f.Tag = env.Session.Snapshots.Record(abs, string(sf.src))
	f.Header = header(sf.display, f.Tag)
	syms, precision, errs := outlineSource(ctx, p, abs, lang, sf.src)
	f.Symbols, f.Precision, f.SyntaxErrors = syms, precision, errs
	return f, ""
}

// outlineSource finds the symbols of src: Go with go/parser, a language
// with a grammar in this build with tree-sitter, else by heuristic.
func outlineSource(ctx context.Context, p *syntax.Parser, path, lang string, src []byte) (syms []Symbol, precision string, syntaxErrors bool) {
	if lang == "go" {
		syms, errs := outlineGo(path, src)
		return syms, "syntax", errs
	}
	if l, err := syntax.Lookup(lang); err == nil {
		if t, err := p.Parse(ctx, l, src, syntax.Options{Fields: true, Opaque: opaque[lang]}); err == nil {
			return outlineTree(t, path), "syntax", t.Nodes[0].HasError()
		}
	}
	return outlineHeuristic(path, lang, src), "heuristic", false
}

// outlineLanguage is the language outline reads path as ("" for none).
func outlineLanguage(path string) string {
	if l := syntax.LanguageOf(path); l != "" {
		return l
	}
	return heuristicLanguage(path)
}

// filterSymbols keeps the symbols of the wanted kinds and depth.
func filterSymbols(syms []Symbol, kinds []string, depth int) []Symbol {
	out := syms[:0]
	for _, s := range syms {
		if (len(kinds) == 0 || slices.Contains(kinds, s.Kind)) && (depth == 0 || s.Depth <= depth) {
			out = append(out, s)
		}
	}
	return out
}

// renderOutline is the text a model reads: per file its header and
// language, then a row per symbol, indented by depth.
func renderOutline(res *OutlineResult) string {
	var b strings.Builder
	for i, f := range res.Files {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%s %s", f.Header, f.Language)
		if f.Precision != "syntax" {
			b.WriteString(" (heuristic: declaration patterns, no grammar in this build)")
		}
		if f.SyntaxErrors {
			b.WriteString(" (syntax errors: symbols near them may be missing)")
		}
		b.WriteString("\n")
		if len(f.Symbols) == 0 {
			b.WriteString("  (no symbols)\n")
		}
		var path []string // the full names of the symbols shown, by depth
		for _, s := range f.Symbols {
			name := s.Name
			if s.Depth-1 <= len(path) {
				path = path[:s.Depth-1]
			}
			parent := ""
			if len(path) > 0 {
				parent = path[len(path)-1]
			}
			if s.Container != parent && s.Container != "" && len(path) == s.Depth-1 {
				name = s.Container + "." + name // a Go method, a C++ A::f: its type is no row above it
			}
			if len(path) == s.Depth-1 {
				path = append(path, strings.TrimPrefix(s.Container+"."+s.Name, "."))
			}
			for range s.Depth {
				b.WriteString("  ")
			}
			b.WriteString(strconv.Itoa(s.StartLine))
			b.WriteByte('-')
			b.WriteString(strconv.Itoa(s.EndLine))
			b.WriteByte(' ')
			b.WriteString(s.Kind)
			b.WriteByte(' ')
			b.WriteString(name)
			if s.Signature != "" {
				b.WriteString("  ")
				b.WriteString(s.Signature)
			}
			b.WriteByte('\n')
		}
	}
	if len(res.Files) == 0 {
		b.WriteString("No files to outline\n")
	}
	if len(res.MissingPaths) > 0 {
		b.WriteString("\n[Skipped missing paths: " + strings.Join(res.MissingPaths, ", ") + "]\n")
	}
	if len(res.SkippedFiles) > 0 {
		b.WriteString("\n[Not outlined: " + strings.Join(res.SkippedFiles, ", ") + "]\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func allBlank(ps []string) bool {
	for _, p := range ps {
		if strings.TrimSpace(p) != "" {
			return false
		}
	}
	return true
}

// signatureOf is the first line of src[start:], trimmed, at most 200
// characters.
func signatureOf(src []byte, start int) string {
	line := src[start:min(len(src), start+1024)]
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	s := string(bytes.TrimSpace(line))
	if utf8.RuneCountInString(s) > 200 {
		s = string([]rune(s)[:200]) + "…"
	}
	return s
}
