// Package search provides the find and search tools, ripgrep- and fd-class
// file search in Go, and the grep and glob tools with the argument shapes
// of the 13-tool set.
//
// find lists paths by glob; search matches file contents with a regular
// expression and prints hashline-tagged rows that edit can anchor to. Both
// walk trees in parallel on all cores, honour .gitignore files (nested ones
// only under their own directory, inside or outside a git checkout), prune
// .git and node_modules unless a path names them, and see a dry-run
// overlay's pending files. The tools are safe for concurrent use.
package search

import (
	"context"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/google/jsonschema-go/jsonschema"
)

// Tools returns find, search, structural_search, grep and glob.
func Tools() []tools.Tool {
	return []tools.Tool{Find(), Search(), StructuralSearch(), Grep(), Glob()}
}

const findDescription = `Find files and directories by glob. Use search to match file contents instead.

paths (required): files, directories (a filesystem root too) or doublestar globs, as an array or one string. A glob without "/" matches names at any depth ("*.spec.ts"); "dir/*" does not recurse; "src/**/*.ts" lists results relative to src. A directory lists every file under it. Several paths may be joined with commas or semicolons; copied quotes are removed.
Hidden files are included; .gitignore rules are respected (nested files apply under their own directory); .git and node_modules are skipped unless the path or glob names them.
Results are sorted by path and paged: at most limit paths (default 200 in a direct call; in a script 1,000,000, and limit 0 returns every match), then pass skip=nextSkip for the next page. The text lists at most 32 KiB of paths; a script's files holds every path of the page. The scan stops after timeout seconds (default 5) with partial results.
Output: a tree: top-level files first, then "# dir/" headers ("##" one level deeper) each followed by its files; matched directories end in "/". Scripts receive {text, files, fileCount, totalFound, nextSkip, scopePath, truncated, limitReached, timedOut, missingPaths}, with files relative to the workspace root.`

const searchDescription = `Search file contents with a regular expression (Go RE2 syntax).

pattern: RE2, like ripgrep's default engine: no lookahead/lookbehind, no backreferences, no possessive quantifiers or atomic groups; as in ripgrep, \w \d \s \b are Unicode-aware ((?-u) for ASCII). Inline flags (?i) (?m) (?s) (?U) (?x) work; ^ and $ match at line starts and ends. Each line is matched on its own, without its line ending; a pattern containing a newline (\n) matches across lines. i:true (or case:false) ignores case.
paths: files, directories, globs or "file:LINES" selectors (file.ts:5-16, file.ts:5+3, file.ts:5-16,960-973, file.ts:40 = from line 40); omitted or empty searches the workspace root. Several paths may be joined with commas or semicolons. A selector limits which lines count as matches; context may extend beyond it. A named archive (a.zip, b.tar.gz) is searched member by member ("a.zip:docs/", "a.zip:dir/m.txt:5-9"; headers [a.zip:dir/m.txt#TAG] that edit accepts); a SQLite database (app.db, app.db:users) table by table as JSON rows; a document (report.pdf, memo.docx) as its text; local:// and skill:// paths as files.
Hidden files are searched; .gitignore rules are respected unless gitignore:false; .git and node_modules are skipped unless named. Binary files and files over 4 MiB are skipped.
Output is paged by matching files, 20 per page: pass skip to see the next page (skip is ignored for a single file); a script wanting every match passes limit (match rows a page returns, whole files; 0: all). Up to 20 matches are shown per file (200 when searching one file), with context lines (1 before, 3 after by default). Each file starts with an editable hashline header [path#TAG], preceded by "# dir/" when the directory changes; rows are "*N:text" for matches and " N:text" for context. Lines over 512 characters are cut. Output is capped at 50 KB.
Scripts receive {text, files, fileMatches: [{path, tag, count, matches: [{line, text}]}], matchCount (total), shownMatchCount (rows shown), fileCount, nextSkip, truncated, ...}: count and matchCount are totals, matches and shownMatchCount what is shown; build edit input as "[" + path + "#" + tag + "]"; a match's text is the whole line (up to 50 KiB, else truncated:true), not cut like the rows.
For code by its syntax (ignoring comments and strings) use structural_search.`

// Find returns the find tool.
func Find() tools.Tool {
	return tools.New(tools.Spec{
		Name:        "find",
		Description: findDescription,
		Input: object([]string{"paths"}, map[string]*jsonschema.Schema{
			"paths":     pathList(`Files, directories or globs, e.g. "src/**/*.ts" or ["cmd", "*.md"]`),
			"gitignore": boolean("Respect .gitignore files", true),
			"hidden":    boolean("Include hidden files and directories", true),
			"limit":     integer("Most paths to return (default 200 in a direct call, 1,000,000 in a script; 0: every match)", 0, 0, nil),
			"skip":      integer("Matching paths to skip, in sorted order: the page offset (the previous page's nextSkip)", 0, 0, nil),
			"timeout":   number("Seconds before the scan stops with partial results", 0, findMaxTimeout, 5),
		}, "paths", "gitignore", "hidden", "limit", "skip", "timeout"),
		Output: tools.MustSchemaFor[FindResult](),
	}, func(ctx context.Context, env *tools.Env, a findArgs) (tools.Result, error) {
		res, err := runFind(ctx, env, a)
		if err != nil {
			return tools.Result{}, err
		}
		return tools.Result{Text: res.Text, Structured: res, Details: res, Shows: res.shows, Cuts: res.cuts}, nil
	})
}

// Search returns the search tool.
func Search() tools.Tool {
	return tools.New(tools.Spec{
		Name:        "search",
		Description: searchDescription,
		Tags:        []tools.Tag{tools.TagBoundedOutput},
		Input: object([]string{"pattern"}, map[string]*jsonschema.Schema{
			"pattern":   str("Regular expression (RE2 syntax)"),
			"paths":     pathList("Files, directories, globs or file:LINES selectors to search; default: the workspace root"),
			"i":         boolean("Ignore case", false),
			"case":      boolean("Case-sensitive search (case:false is i:true)", true),
			"gitignore": boolean("Respect .gitignore files", true),
			"hidden":    boolean("Search hidden files and directories", true),
			"skip": {Description: "A page holds 20 matching files and 20 matches a file (200 when searching one file); pass the previous page's nextSkip to page on",
				AnyOf: []*jsonschema.Schema{{Type: "integer", Minimum: ptr(0.0)}, {Type: "null"}}},
			"limit": integer("Match rows a page returns, in whole files with every match of each (no 20-file or 20-per-file cut; a file with more comes alone); 0 returns every match at once. The text stays within 50 KB", 0, 0, nil),
		}, "pattern", "paths", "i", "case", "gitignore", "hidden", "skip", "limit"),
		Output: textOutput(),
	}, func(ctx context.Context, env *tools.Env, a searchArgs) (tools.Result, error) {
		res, err := runSearch(ctx, env, a)
		if err != nil {
			return tools.Result{}, err
		}
		return tools.Result{Text: res.Text, Structured: res, Details: res, Shows: res.shows, Cuts: res.cuts}, nil
	})
}

// StructuralSearch returns the structural_search tool: search's paging,
// rows and result, with a code pattern matched by syntax. It is a tool of
// its own so that search's declaration, which a model reads inline, stays
// small.
func StructuralSearch() tools.Tool {
	return tools.New(tools.Spec{
		Name:        "structural_search",
		Description: structuralDescription,
		Tags:        []tools.Tag{tools.TagBoundedOutput},
		Input: object([]string{"pattern"}, map[string]*jsonschema.Schema{
			"pattern":  str("Code with metavariables: $X one node, $$$X a sequence, $_ any node"),
			"paths":    pathList("Files, directories, globs or file:LINES selectors to search; default: the workspace root"),
			"language": str("Parse files and pattern as this language (go, javascript, typescript, tsx, python, rust, java, c, cpp, ruby); default: by file extension"),
			"where": {Type: "object", Description: "Constraints on captures by metavariable name, e.g. {MSG: {regex: \"^\\\"[^%]*\\\"$\"}}",
				AdditionalProperties: whereSchema()},
			"inside":    str("Only matches inside code matching this pattern"),
			"notInside": str("Only matches not inside code matching this pattern"),
			"gitignore": boolean("Respect .gitignore files", true),
			"hidden":    boolean("Search hidden files and directories", true),
			"skip": {Description: "Matching files to skip: the page offset (use the value the previous page suggests)",
				AnyOf: []*jsonschema.Schema{{Type: "integer", Minimum: ptr(0.0)}, {Type: "null"}}},
			"limit": integer("Matches a page returns, in whole files with every match of each; 0 returns every match at once. The text stays within 50 KB", 0, 0, nil),
		}, "pattern", "paths", "language", "where", "inside", "notInside", "gitignore", "hidden", "skip", "limit"),
		Output: tools.MustSchemaFor[SearchResult](),
	}, func(ctx context.Context, env *tools.Env, a structuralArgs) (tools.Result, error) {
		res, err := runSearch(ctx, env, searchArgs{Pattern: a.Pattern, Paths: a.Paths, Gitignore: a.Gitignore, Hidden: a.Hidden,
			Skip: a.Skip, Limit: a.Limit, Structural: true, Language: a.Language, Where: a.Where, Inside: a.Inside, NotInside: a.NotInside})
		if err != nil {
			return tools.Result{}, err
		}
		return tools.Result{Text: res.Text, Structured: res, Details: res}, nil
	})
}

const structuralDescription = `Search code by syntax, as ast-grep does: pattern is code with metavariables ($X, $$$X, $_).

pattern is code of the files' language, never matched in comments or strings: $X binds one node, $$$X a sequence (arguments, statements), $_ a node not captured; a name used twice must bind the same code. fmt.Errorf($MSG), $A == nil, console.log($$$ARGS), if err != nil { return $$$R }. A call at the top level is read as a call (fmt.Errorf($M) in Go is not a type conversion).
language picks the grammar (go, javascript, typescript, tsx, python, rust, java, c, cpp, ruby); default: by extension, files of other languages skipped. where constrains captures: {MSG: {regex, notRegex, kind, pattern, inside, notInside}}; inside/notInside constrain the match by an enclosing pattern.
Paths, paging (20 files a page, skip; limit for a script) and the result are search's: rows "*N:code" give a match's first line under [path#TAG] headers. A match's entry in fileMatches has line, endLine, range (line and column from 1), text (the matched code) and captures ({MSG: {text, range}}; nodes for $$$X); count and matchCount count matches, not lines. Needs a build with cgo (tree-sitter).`

// structuralArgs are structural_search's arguments.
type structuralArgs struct {
	Pattern   string           `json:"pattern"`
	Paths     PathList         `json:"paths"`
	Language  string           `json:"language,omitempty"`
	Where     map[string]Where `json:"where,omitempty"`
	Inside    string           `json:"inside,omitempty"`
	NotInside string           `json:"notInside,omitempty"`
	Gitignore *bool            `json:"gitignore"`
	Hidden    *bool            `json:"hidden"`
	Skip      *int             `json:"skip"`
	Limit     *int             `json:"limit"`
}

// textOutput is search's result schema: a regular-expression match has no
// range or captures, so its declaration (which a model reads) leaves them
// out.
func textOutput() *jsonschema.Schema {
	s := tools.MustSchemaFor[SearchResult]()
	m := s.Properties["fileMatches"].Items.Properties["matches"].Items
	for _, k := range []string{"endLine", "range", "captures"} {
		delete(m.Properties, k)
	}
	return s
}

func ptr[T any](v T) *T { return &v }

// whereSchema is one capture's constraints; kind takes a string or an
// array.
func whereSchema() *jsonschema.Schema {
	ws := tools.MustSchemaFor[Where]()
	ws.Properties["kind"] = &jsonschema.Schema{Description: ws.Properties["kind"].Description, AnyOf: []*jsonschema.Schema{
		{Type: "string"}, {Type: "array", Items: &jsonschema.Schema{Type: "string"}},
	}}
	return ws
}
