package code

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"sort"
	"strings"

	"github.com/aymanbagabas/go-udiff"
	"github.com/google/jsonschema-go/jsonschema"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/files"
	"github.com/atomic-script/atomic-script/tools/internal/structural"
	"github.com/atomic-script/atomic-script/tools/internal/syntax"
	"github.com/atomic-script/atomic-script/tools/search"
)

// RewriteArgs are rewrite's arguments.
type RewriteArgs struct {
	Paths          search.PathList         `json:"paths"`
	Pattern        string                  `json:"pattern" jsonschema:"code with metavariables, as structural_search's: $X one node, $$$X a sequence, $_ any node"`
	Replace        string                  `json:"replace" jsonschema:"the code each match becomes, with the pattern's metavariables ($X, $$$X) substituted; later lines are indented as the match's line"`
	Language       string                  `json:"language,omitempty" jsonschema:"parse files and pattern as this language (go, javascript, typescript, tsx, python, rust, java, c, cpp, ruby); default: by file extension"`
	Where          map[string]search.Where `json:"where,omitempty" jsonschema:"constraints on captures by metavariable name, as structural_search's: {MSG: {regex, notRegex, kind, pattern, inside, notInside}}"`
	Inside         string                  `json:"inside,omitempty" jsonschema:"only matches inside code matching this pattern"`
	NotInside      string                  `json:"notInside,omitempty" jsonschema:"only matches not inside code matching this pattern"`
	AllowGenerated bool                    `json:"allowGenerated,omitempty" jsonschema:"rewrite files marked as generated too"`
}

// RewriteResult is rewrite's result.
type RewriteResult struct {
	Text        string          `json:"text" jsonschema:"how many matches were rewritten in how many files, the matches left out because they lie inside another, then each file's new [path#TAG] header and numbered diff"`
	ChangeCount int             `json:"changeCount" jsonschema:"matches rewritten"`
	FileCount   int             `json:"fileCount" jsonschema:"files changed"`
	Files       []RewrittenFile `json:"files" jsonschema:"each file changed, in path order"`
	// Overlapped are matches inside a match that was rewritten: the outer
	// one wins (pre-order), and the inner one is rewritten only as part of
	// the outer's captured code, as it was.
	Overlapped []OverlappedMatch `json:"overlapped,omitempty" jsonschema:"matches not rewritten because they lie inside another match that was (the outermost wins); run rewrite again to rewrite them in the new code"`
	Diff       string            `json:"diff" jsonschema:"every file's numbered diff, as edit returns it"`
	Patch      string            `json:"patch" jsonschema:"the unified patch of every file (git apply takes it)"`
	// MissingPaths and SkippedFiles are as in search.
	MissingPaths []string `json:"missingPaths,omitempty"`
	SkippedFiles []string `json:"skippedFiles,omitempty" jsonschema:"files not read, with why (too large, binary, unreadable, a language the pattern does not parse in)"`
}

// RewrittenFile is one file rewrite changed.
type RewrittenFile struct {
	Path    string `json:"path" jsonschema:"relative to the workspace root"`
	Tag     string `json:"tag" jsonschema:"the new snapshot tag: the next edit of this file starts [path#tag]"`
	Changes int    `json:"changes" jsonschema:"matches rewritten in this file"`
}

// OverlappedMatch is a match rewrite left as it was.
type OverlappedMatch struct {
	Path string `json:"path"`
	Line int    `json:"line"`
	Text string `json:"text" jsonschema:"the match's code (its first 200 characters)"`
}

const rewriteDescription = `Rewrite code by syntax: each match of a code pattern (as structural_search's) becomes replace.` + "\n\n" +
	`pattern: $X one node, $$$X a sequence, $_ any node; never matched in comments or strings. replace gets the captures substituted and its later lines indented as the match's line. ` +
	`Written as one edit of all the files (all or nothing, through the run's journal: --dry-run previews it, --atomic undoes it, approvals see each file). ` +
	`A match inside another match is left as it was and listed in overlapped: run again for it. Imports are not changed. ` +
	`Scripts receive {changeCount, fileCount, files: [{path, tag, changes}], overlapped, diff, patch}.`

// Rewrite returns the rewrite tool.
func Rewrite() tools.Tool {
	return tools.WithPreview(tools.New(tools.Spec{
		Name:        "rewrite",
		Description: rewriteDescription,
		Input:       rewriteInput(),
		Output:      tools.MustSchemaFor[RewriteResult](),
	}, func(ctx context.Context, env *tools.Env, a RewriteArgs) (tools.Result, error) {
		res, err := runRewrite(ctx, env, a)
		if err != nil {
			return tools.Result{}, err
		}
		return tools.Result{Text: res.Text, Structured: res, Details: res}, nil
	}), previewRewrite)
}

func rewriteInput() *jsonschema.Schema {
	s := withPaths[RewriteArgs]("Files, directories or globs to rewrite, e.g. \"src\" or \"**/*.go\"")
	s.Required = []string{"paths", "pattern", "replace"}
	return s
}

// plannedFile is one file's rewrite worked out in memory.
type plannedFile struct {
	abs, display string
	before       []byte // the file as read (BOM included)
	after        []byte
	applied      []structural.Edit
	hunks        []hunk
	overlapped   []OverlappedMatch
}

// hunk is a run of whole lines replaced: first..last (from 1) by lines.
type hunk struct {
	first, last int
	lines       []string
}

// plan works out every file's rewrite without writing anything.
func plan(ctx context.Context, env *tools.Env, a RewriteArgs) (planned []*plannedFile, list *search.FileList, skipped []string, err error) {
	if len(a.Paths) == 0 || allBlank(a.Paths) {
		return nil, nil, nil, tools.Errorf(tools.ErrInvalidArgs, `rewrite.paths is required: pass the files, directories or globs to rewrite, e.g. "src" or "**/*.go"`)
	}
	spec := structural.Spec{Pattern: a.Pattern, Language: a.Language, Inside: a.Inside, NotInside: a.NotInside, Where: map[string]structural.WhereSpec{}}
	for name, w := range a.Where {
		spec.Where[name] = structural.WhereSpec{Regex: w.Regex, NotRegex: w.NotRegex, Kinds: w.Kind, Pattern: w.Pattern, Inside: w.Inside, NotInside: w.NotInside}
	}
	s, err := structural.NewSearcher(ctx, spec)
	if err != nil {
		return nil, nil, nil, tools.Errorf(tools.ErrInvalidArgs, "rewrite: %v", err)
	}
	if spec.Language != "" {
		if err := checkTemplate(s, syntax.Canonical(spec.Language), a.Replace); err != nil {
			return nil, nil, nil, err
		}
	}
	if list, err = listFiles(ctx, env, a.Paths); err != nil {
		return nil, nil, nil, err
	}
	named := len(list.Files) == 1
	results := make([]*plannedFile, len(list.Files))
	notes := make([]string, len(list.Files))
	errs := make([]error, len(list.Files))
	parsers := make([]syntax.Parser, runtime.GOMAXPROCS(0))
	parallel(ctx, len(list.Files), func(w, i int) {
		results[i], notes[i], errs[i] = planFile(ctx, env, s, &parsers[w], list.Files[i], named, a.Replace)
	})
	if err := ctx.Err(); err != nil {
		return nil, nil, nil, tools.Errorf(tools.CodeOf(err), "rewrite: %v", err)
	}
	for i := range list.Files {
		if errs[i] != nil {
			return nil, nil, nil, errs[i]
		}
		if notes[i] != "" {
			skipped = append(skipped, notes[i])
		}
		if results[i] != nil {
			planned = append(planned, results[i])
		}
	}
	more, err := s.Outcome()
	if err != nil {
		return nil, nil, nil, tools.Errorf(tools.ErrInvalidArgs, "rewrite: %v", err)
	}
	return planned, list, append(skipped, more...), nil
}

// checkTemplate parses replace against the pattern compiled for lang: a
// metavariable the pattern does not capture is the caller's error.
func checkTemplate(s *structural.Searcher, lang, replace string) error {
	q, err := s.Query(lang)
	if err != nil {
		return tools.Errorf(tools.ErrInvalidArgs, "rewrite: %v", err)
	}
	if _, err := structural.ParseTemplate(replace, q.Pattern); err != nil {
		return tools.Errorf(tools.ErrInvalidArgs, "rewrite: %v", err)
	}
	return nil
}

// planFile rewrites one file in memory: nil when nothing matched.
func planFile(ctx context.Context, env *tools.Env, s *structural.Searcher, p *syntax.Parser, abs string, named bool, replace string) (*plannedFile, string, error) {
	lang := s.LanguageOf(abs, named)
	if lang == "" {
		if named {
			return nil, env.Display(abs) + " (no grammar for this file type: pass language)", nil
		}
		return nil, "", nil
	}
	q, err := s.Query(lang)
	if err != nil {
		s.Skipped(lang)
		return nil, "", nil
	}
	tmpl, err := structural.ParseTemplate(replace, q.Pattern)
	if err != nil {
		return nil, "", tools.Errorf(tools.ErrInvalidArgs, "rewrite: %v", err)
	}
	sf := readSource(env, abs)
	if sf.skip != "" {
		return nil, sf.display + " (" + sf.skip + ")", nil
	}
	bom := []byte{}
	src := sf.src
	if bytes.HasPrefix(src, utf8BOM) {
		bom, src = utf8BOM, src[len(utf8BOM):]
	}
	if !q.MayMatch(src) {
		return nil, "", nil
	}
	l, _ := syntax.Lookup(lang)
	t, err := p.Parse(ctx, l, src, syntax.Options{})
	if err != nil {
		return nil, "", tools.Errorf(tools.CodeOf(err), "rewrite: %s: %v", sf.display, err)
	}
	var ms []structural.Match
	q.Find(t, func(m structural.Match) bool { ms = append(ms, m); return true })
	if len(ms) == 0 {
		return nil, "", nil
	}
	out, applied, over := structural.Rewrite(t, ms, tmpl)
	pf := &plannedFile{abs: abs, display: sf.display, before: sf.src, after: append(append([]byte{}, bom...), out...), applied: applied}
	for _, m := range over {
		pf.overlapped = append(pf.overlapped, OverlappedMatch{Path: sf.display, Line: t.Position(m.Start).Line, Text: signatureText(string(src[m.Start:m.End]))})
	}
	pf.hunks = hunksOf(src, applied)
	return pf, "", nil
}

var utf8BOM = []byte("\uFEFF")

func signatureText(s string) string {
	if r := []rune(s); len(r) > 200 {
		return string(r[:200]) + "…"
	}
	return s
}

// hunksOf turns byte edits of src into runs of whole lines: edits on the
// same or adjacent lines share a run.
func hunksOf(src []byte, edits []structural.Edit) []hunk {
	lines := syntax.LineStarts(src)
	lineOf := func(off int) int { return sort.Search(len(lines), func(k int) bool { return lines[k] > off }) } // from 1
	lineEnd := func(l int) int {                                                                               // the offset of line l's end, before its line ending
		e := len(src)
		if l < len(lines) {
			e = lines[l] - 1
		}
		if e > lines[l-1] && src[e-1] == '\r' {
			e--
		}
		return e
	}
	var out []hunk
	for i := 0; i < len(edits); {
		first, last := lineOf(edits[i].Start), lineOf(max(edits[i].Start, edits[i].End-1))
		j := i + 1
		for j < len(edits) && lineOf(edits[j].Start) <= last {
			last = max(last, lineOf(max(edits[j].Start, edits[j].End-1)))
			j++
		}
		var b strings.Builder
		pos := lines[first-1]
		for _, e := range edits[i:j] {
			b.Write(src[pos:e.Start])
			b.WriteString(e.Replacement)
			pos = e.End
		}
		b.Write(src[pos:lineEnd(last)])
		text := strings.Split(b.String(), "\n")
		for k := range text {
			text[k] = strings.TrimSuffix(text[k], "\r")
		}
		out = append(out, hunk{first: first, last: last, lines: text})
		i = j
	}
	return out
}

// editInput is the hashline edit of planned files: each file's header
// (its snapshot recorded now, so the edit is anchored to what was read)
// and a replace per hunk.
func editInput(env *tools.Env, planned []*plannedFile) string {
	var b strings.Builder
	for _, pf := range planned {
		tag := env.Session.Snapshots.Record(pf.abs, string(pf.before))
		fmt.Fprintf(&b, "%s\n", header(pf.display, tag))
		for _, h := range pf.hunks {
			fmt.Fprintf(&b, "replace %d..%d:\n", h.first, h.last)
			for _, l := range h.lines {
				b.WriteString("+" + l + "\n")
			}
		}
	}
	return b.String()
}

func runRewrite(ctx context.Context, env *tools.Env, a RewriteArgs) (*RewriteResult, error) {
	planned, list, skipped, err := plan(ctx, env, a)
	if err != nil {
		return nil, err
	}
	res := &RewriteResult{Files: []RewrittenFile{}, MissingPaths: list.Missing, SkippedFiles: skipped}
	var changed []*plannedFile
	for _, pf := range planned {
		res.Overlapped = append(res.Overlapped, pf.overlapped...)
		if !bytes.Equal(pf.before, pf.after) {
			changed = append(changed, pf)
		}
	}
	if len(changed) > 0 {
		edited, err := applyEdit(ctx, env, changed, a.AllowGenerated)
		if err != nil {
			return nil, err
		}
		tags := map[string]string{}
		for _, f := range edited.Files {
			tags[f.Path] = f.Tag
		}
		for _, pf := range changed {
			res.Files = append(res.Files, RewrittenFile{Path: pf.display, Tag: tags[pf.display], Changes: len(pf.applied)})
			res.ChangeCount += len(pf.applied)
		}
		res.Diff, res.Patch = edited.Diff, edited.Patch
		res.Text = edited.Text // the edit's headers and numbered diffs, after the counts
	}
	res.FileCount = len(res.Files)
	res.Text, _ = capText(rewriteText(res, res.Text), "rewrite result")
	return res, nil
}

// applyEdit writes the changed files as one edit call (files' edit tool:
// the journal, the write guard, protected paths and the generated-file
// rule apply as to any edit).
func applyEdit(ctx context.Context, env *tools.Env, changed []*plannedFile, allowGenerated bool) (*files.EditResult, error) {
	args, _ := json.Marshal(files.EditArgs{Input: editInput(env, changed), AllowGenerated: allowGenerated})
	r, err := tools.Invoke(ctx, editTool(), env, args)
	if err != nil {
		return nil, tools.Errorf(tools.CodeOf(err), "rewrite: the edit of %d files was refused, nothing was written: %v", len(changed), err)
	}
	switch out := r.Structured.(type) {
	case *files.EditResult:
		return out, nil
	case files.EditResult:
		return &out, nil
	}
	return nil, tools.Errorf(tools.ErrTool, "rewrite: edit returned %T", r.Structured)
}

// editTool is files' edit.
func editTool() tools.Tool {
	for _, t := range files.Tools() {
		if t.Name() == "edit" {
			return t
		}
	}
	panic("no edit tool in tools/files")
}

// rewriteText is the text a model reads: the counts, the overlapped
// matches, then the edit's headers and numbered diffs.
func rewriteText(res *RewriteResult, edited string) string {
	var b strings.Builder
	switch res.ChangeCount {
	case 0:
		b.WriteString("No matches: nothing was rewritten.")
	default:
		fmt.Fprintf(&b, "Rewrote %s in %s.", plural(res.ChangeCount, "match", "matches"), plural(res.FileCount, "file", "files"))
	}
	if n := len(res.Overlapped); n > 0 {
		fmt.Fprintf(&b, "\n[%s inside a rewritten match left as it was (the outermost wins); run rewrite again to rewrite it:", plural(n, "match", "matches"))
		for _, o := range res.Overlapped[:min(n, 10)] {
			fmt.Fprintf(&b, " %s:%d", o.Path, o.Line)
		}
		if n > 10 {
			fmt.Fprintf(&b, " and %d more", n-10)
		}
		b.WriteString("]")
	}
	if len(res.MissingPaths) > 0 {
		b.WriteString("\n[Skipped missing paths: " + strings.Join(res.MissingPaths, ", ") + "]")
	}
	if len(res.SkippedFiles) > 0 {
		b.WriteString("\n[Not read: " + strings.Join(res.SkippedFiles, ", ") + "]")
	}
	if edited != "" {
		b.WriteString("\n\n" + edited)
	}
	return b.String()
}

// previewRewrite says what a rewrite would change: each file and the
// unified diff, worked out as the call would (a pattern or replacement
// that fails fails here).
func previewRewrite(ctx context.Context, env *tools.Env, a RewriteArgs) (tools.Preview, error) {
	planned, _, _, err := plan(ctx, env, a)
	if err != nil {
		return tools.Preview{}, err
	}
	pv := tools.Preview{Contained: true}
	var diff strings.Builder
	for _, pf := range planned {
		if bytes.Equal(pf.before, pf.after) {
			continue
		}
		pv.Paths = append(pv.Paths, pf.abs)
		diff.WriteString(udiff.Unified("a/"+pf.display, "b/"+pf.display, string(pf.before), string(pf.after)))
	}
	pv.Diff = diff.String()
	return pv, nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
