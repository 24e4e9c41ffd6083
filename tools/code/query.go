package code

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/syntax"
	"github.com/atomic-script/atomic-script/tools/search"
)

// QueryArgs are query's arguments.
type QueryArgs struct {
	Paths    search.PathList `json:"paths"`
	Language string          `json:"language" jsonschema:"the grammar the query is written for: go, javascript, typescript, tsx, python, rust, java, c, cpp or ruby; only its files are read (a file named alone is read as it)"`
	Query    string          `json:"query" jsonschema:"a tree-sitter query: S-expressions of node kinds and fields with @captures and #eq?/#match? predicates, e.g. (call_expression function: (identifier) @fn)"`
	Limit    *int            `json:"limit,omitempty" jsonschema:"most matches returned (default 500 in a direct call, 100,000 in a script; 0: every match)"`
}

// QueryResult is query's result.
type QueryResult struct {
	Text         string      `json:"text" jsonschema:"per file its [path#TAG] header, then one row per capture: START-END @name kind: its code's first line"`
	Files        []QueryFile `json:"files" jsonschema:"the files with matches, in path order"`
	FileCount    int         `json:"fileCount"`
	MatchCount   int         `json:"matchCount" jsonschema:"matches returned"`
	CaptureCount int         `json:"captureCount" jsonschema:"captures returned"`
	LimitReached bool        `json:"limitReached,omitempty" jsonschema:"limit stopped the query: more matches exist"`
	Truncated    bool        `json:"truncated" jsonschema:"the text was cut at 50 KB, or limit stopped the query (files holds every match returned)"`
	MissingPaths []string    `json:"missingPaths,omitempty"`
	SkippedFiles []string    `json:"skippedFiles,omitempty" jsonschema:"files not read, with why"`
}

// QueryFile is one file's matches.
type QueryFile struct {
	Path    string       `json:"path" jsonschema:"relative to the workspace root"`
	Tag     string       `json:"tag" jsonschema:"the hashline snapshot tag edit accepts as [path#tag]"`
	Matches []QueryMatch `json:"matches"`
}

// QueryMatch is one match: which pattern of the query, what it captured.
type QueryMatch struct {
	Pattern  int            `json:"pattern" jsonschema:"the index (from 0) of the query's pattern that matched"`
	Captures []QueryCapture `json:"captures"`
}

// QueryCapture is one captured node.
type QueryCapture struct {
	Name  string       `json:"name" jsonschema:"the capture's name, without @"`
	Kind  string       `json:"kind" jsonschema:"the node's kind"`
	Text  string       `json:"text" jsonschema:"the node's code (up to 50 KiB)"`
	Range search.Range `json:"range" jsonschema:"where the node starts and ends (line and column from 1, the column in characters)"`
}

const queryDescription = `Run a raw tree-sitter query over files, for what a code pattern (structural_search) cannot say.` + "\n\n" +
	`query: S-expressions of node kinds and fields with @captures and #eq?/#match? predicates, as (call_expression function: (identifier) @fn (#match? @fn "^New")). ` +
	`language names the grammar (go, javascript, typescript, tsx, python, rust, java, c, cpp, ruby); only its files are read. ` +
	`Scripts receive {files: [{path, tag, matches: [{pattern, captures: [{name, kind, text, range}]}]}], matchCount, captureCount}. Needs a build with cgo.`

// Query returns the query tool.
func Query() tools.Tool {
	return tools.New(tools.Spec{
		Name:        "query",
		Description: queryDescription,
		Input:       queryInput(),
		Output:      tools.MustSchemaFor[QueryResult](),
	}, func(ctx context.Context, env *tools.Env, a QueryArgs) (tools.Result, error) {
		res, err := runQuery(ctx, env, a)
		if err != nil {
			return tools.Result{}, err
		}
		return tools.Result{Text: res.Text, Structured: res, Details: res}, nil
	})
}

func queryInput() *jsonschema.Schema {
	s := withPaths[QueryArgs]("Files, directories or globs to query, e.g. \"src\"")
	lang := s.Properties["language"]
	for _, n := range syntax.Names {
		lang.Enum = append(lang.Enum, n)
	}
	zero := 0.0
	s.Properties["limit"].Minimum = &zero
	return s
}

// Query limits: a direct call's answer is read by a model, a script's is
// bounded by memory.
const (
	queryDirectLimit = 500
	queryScriptLimit = 100_000
)

func runQuery(ctx context.Context, env *tools.Env, a QueryArgs) (*QueryResult, error) {
	if len(a.Paths) == 0 || allBlank(a.Paths) {
		return nil, tools.Errorf(tools.ErrInvalidArgs, `query.paths is required: pass files, directories or globs, e.g. "src"`)
	}
	lang, err := syntax.Lookup(a.Language)
	if err != nil {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "query: %v", err)
	}
	q, err := syntax.CompileQuery(lang, a.Query)
	if err != nil {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "query: %v", err)
	}
	limit := queryScriptLimit
	if env.Direct {
		limit = queryDirectLimit
	}
	if a.Limit != nil {
		limit = *a.Limit
	}
	list, err := listFiles(ctx, env, a.Paths)
	if err != nil {
		return nil, err
	}
	named := len(list.Files) == 1
	per := make([]*QueryFile, len(list.Files))
	notes := make([]string, len(list.Files))
	errs := make([]error, len(list.Files))
	parallel(ctx, len(list.Files), func(_, i int) {
		abs := list.Files[i]
		if !named && syntax.LanguageOf(abs) != lang.Name {
			return
		}
		per[i], notes[i], errs[i] = queryFile(ctx, env, q, abs, limit)
	})
	if err := ctx.Err(); err != nil {
		return nil, tools.Errorf(tools.CodeOf(err), "query: %v", err)
	}
	res := &QueryResult{Files: []QueryFile{}, MissingPaths: list.Missing}
	for i, f := range per {
		if errs[i] != nil {
			return nil, errs[i]
		}
		if notes[i] != "" {
			res.SkippedFiles = append(res.SkippedFiles, notes[i])
		}
		if f == nil || len(f.Matches) == 0 || res.LimitReached {
			continue
		}
		if limit > 0 && res.MatchCount+len(f.Matches) > limit {
			f.Matches = f.Matches[:limit-res.MatchCount] // a file has at most limit+1: enough to know of more
			res.LimitReached = true
		}
		if len(f.Matches) == 0 {
			continue
		}
		res.Files = append(res.Files, *f)
		res.MatchCount += len(f.Matches)
		for _, m := range f.Matches {
			res.CaptureCount += len(m.Captures)
		}
	}
	res.FileCount = len(res.Files)
	var cut bool
	res.Text, cut = capText(renderQuery(res, limit), "query result")
	res.Truncated = cut || res.LimitReached
	return res, nil
}

// queryFile runs q over one file (at most limit+1 matches: enough to
// know there are more).
func queryFile(ctx context.Context, env *tools.Env, q *syntax.CompiledQuery, abs string, limit int) (*QueryFile, string, error) {
	sf := readSource(env, abs)
	if sf.skip != "" {
		return nil, sf.display + " (" + sf.skip + ")", nil
	}
	src := sf.src
	if strings.HasPrefix(string(src[:min(len(src), 3)]), "\uFEFF") {
		src = src[3:]
	}
	f := &QueryFile{Path: sf.display}
	lines := syntax.LineStarts(src)
	err := q.Run(ctx, src, func(m syntax.QueryMatch) bool {
		qm := QueryMatch{Pattern: m.Pattern}
		for _, c := range m.Captures {
			s, e := syntax.PositionIn(src, lines, c.Start), syntax.PositionIn(src, lines, c.End)
			text, _ := cutText(string(src[c.Start:c.End]))
			qm.Captures = append(qm.Captures, QueryCapture{Name: c.Name, Kind: c.Kind, Text: text,
				Range: search.Range{Start: search.Position{Line: s.Line, Column: s.Column}, End: search.Position{Line: e.Line, Column: e.Column}}})
		}
		f.Matches = append(f.Matches, qm)
		return limit == 0 || len(f.Matches) <= limit
	})
	if err != nil {
		return nil, "", tools.Errorf(tools.CodeOf(err), "query: %s: %v", sf.display, err)
	}
	if len(f.Matches) > 0 {
		f.Tag = env.Session.Snapshots.Record(abs, string(sf.src))
	}
	return f, "", nil
}

// cutText keeps the first 50 KiB of s (on a character boundary).
func cutText(s string) (string, bool) {
	const limit = 50 * 1024
	if len(s) <= limit {
		return s, false
	}
	return strings.ToValidUTF8(s[:limit], ""), true
}

// renderQuery is the text a model reads: per file its header, then a row
// per capture.
func renderQuery(res *QueryResult, limit int) string {
	var b strings.Builder
	for i, f := range res.Files {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(header(f.Path, f.Tag) + "\n")
		for _, m := range f.Matches {
			for _, c := range m.Captures {
				first := c.Text
				if j := strings.IndexByte(first, '\n'); j >= 0 {
					first = first[:j] + " …"
				}
				if r := []rune(first); len(r) > 120 {
					first = string(r[:120]) + "…"
				}
				fmt.Fprintf(&b, "%d:%d-%d:%d @%s %s: %s\n", c.Range.Start.Line, c.Range.Start.Column, c.Range.End.Line, c.Range.End.Column, c.Name, c.Kind, first)
			}
		}
	}
	if len(res.Files) == 0 {
		b.WriteString("No matches\n")
	}
	if res.LimitReached {
		fmt.Fprintf(&b, "\n[limit %d reached: more matches exist; pass a larger limit (0: all) or narrow paths]\n", limit)
	}
	if len(res.MissingPaths) > 0 {
		b.WriteString("\n[Skipped missing paths: " + strings.Join(res.MissingPaths, ", ") + "]\n")
	}
	if len(res.SkippedFiles) > 0 {
		b.WriteString("\n[Not read: " + strings.Join(res.SkippedFiles, ", ") + "]\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}
