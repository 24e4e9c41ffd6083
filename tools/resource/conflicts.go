package resource

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/atomic-script/atomic-script/hashline"
	"github.com/atomic-script/atomic-script/internal/gitstate"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/conflict"
	"github.com/atomic-script/atomic-script/tools/internal/selector"
)

// Limits of a conflict scan without git.
const (
	maxConflictScanFiles = 20_000
	maxConflictFileBytes = 4 << 20
)

// found is one region with its file and workspace-wide id.
type found struct {
	id      int
	abs     string
	display string
	text    string // the file's content the region was found in
	r       conflict.Region
}

// conflictFiles lists the files that may hold conflict markers: in a git
// work tree the unmerged paths (read from the index: running git would
// obey the repository's config, which is workspace content), else every
// text file of the workspace (pruning .git and node_modules), up to a cap.
func conflictFiles(ctx context.Context, root string) ([]string, error) {
	if files, ok := gitstate.Unmerged(root); ok {
		// Spelled under root as given (the index's paths are under the
		// real path, links resolved).
		if real, err := filepath.EvalSymlinks(root); err == nil && real != root {
			for i, f := range files {
				if rel, err := filepath.Rel(real, f); err == nil && filepath.IsLocal(rel) {
					files[i] = filepath.Join(root, rel)
				}
			}
		}
		return files, nil
	}
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if n := d.Name(); p != root && (n == ".git" || n == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		if len(files) == maxConflictScanFiles {
			return filepath.SkipAll
		}
		files = append(files, p)
		return nil
	})
	return files, err
}

// scanConflicts finds every region in the workspace, numbered from 1 in
// path order. Files are read through env.Files (a dry run's resolutions
// count); with record, each file with regions is recorded as seen, so a
// write of a region may replace it (a preview records nothing).
func scanConflicts(ctx context.Context, env *tools.Env, only string, record bool) ([]found, error) {
	files, err := conflictFiles(ctx, env.Root)
	if err != nil {
		return nil, err
	}
	var out []found
	for _, abs := range files {
		if only != "" && abs != only {
			continue
		}
		fi, err := env.Files.Stat(abs)
		if err != nil || !fi.Mode().IsRegular() || fi.Size() > maxConflictFileBytes {
			continue
		}
		data, err := env.Files.ReadFile(abs)
		if err != nil || bytes.IndexByte(data[:min(len(data), 8<<10)], 0) >= 0 || !bytes.Contains(data, []byte("<<<<<<<")) {
			continue
		}
		text := string(data)
		rs := conflict.Scan(text)
		if len(rs) == 0 {
			continue
		}
		if record {
			env.Session.Snapshots.Record(abs, text)
		}
		for _, r := range rs {
			out = append(out, found{id: len(out) + 1, abs: abs, display: env.Display(abs), text: text, r: r})
		}
	}
	return out, nil
}

// conflictRef is a parsed conflict:// argument: "*", "N", "N/side".
type conflictRef struct {
	all  bool
	id   int
	side string
}

func parseConflict(rest string) (conflictRef, error) {
	rest = strings.TrimSuffix(rest, "/")
	if rest == "*" || rest == "" {
		return conflictRef{all: true}, nil
	}
	num, side, _ := strings.Cut(rest, "/")
	id, err := strconv.Atoi(num)
	if err != nil || id < 1 {
		return conflictRef{}, tools.Errorf(tools.ErrInvalidArgs, "conflict://%s: use conflict://* (every region), conflict://N (region N, from 1) or conflict://N/ours, /theirs, /base", rest)
	}
	switch side {
	case "", "ours", "theirs", "base":
	default:
		return conflictRef{}, tools.Errorf(tools.ErrInvalidArgs, "conflict://%s: the sides of a region are ours, theirs and base", rest)
	}
	return conflictRef{id: id, side: side}, nil
}

func regionByID(all []found, id int) (found, error) {
	if id > len(all) {
		what := "there are no conflict regions in the workspace"
		if len(all) > 0 {
			what = fmt.Sprintf("the workspace has %d (conflict://* lists them)", len(all))
		}
		return found{}, tools.Errorf(tools.ErrNotFound, "conflict://%d does not exist: %s", id, what)
	}
	return all[id-1], nil
}

func lineCount(s string) string { return plural(strings.Count(s, "\n"), "line") }

// excerpt shows the first lines of a side, indented.
func excerpt(s string) string {
	ls := conflict.Lines(s)
	var b strings.Builder
	for i, l := range ls {
		if i == 3 {
			fmt.Fprintf(&b, "\n    … %d more", len(ls)-3)
			break
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString("    " + strings.TrimRight(l, "\r\n"))
	}
	return b.String()
}

// readConflicts reads conflict://* (the listing), conflict://N (the
// region as rows of its file, which edit accepts) or conflict://N/side
// (one side, read-only); file:conflicts lists one file's regions.
func readConflicts(ctx context.Context, env *tools.Env, t *Target) (*Text, *tools.Result, error) {
	only, label := "", "conflict://*"
	var ref conflictRef
	if t.Scheme == "conflict" {
		var err error
		if ref, err = parseConflict(t.Path.Rest); err != nil {
			return nil, nil, err
		}
	} else {
		only, label, ref = t.Abs, t.Display+":conflicts", conflictRef{all: true}
	}
	all, err := scanConflicts(ctx, env, only, true)
	if err != nil {
		return nil, nil, err
	}
	if ref.all {
		var b strings.Builder
		files := map[string]bool{}
		for _, f := range all {
			files[f.abs] = true
		}
		fmt.Fprintf(&b, "[%s: %s in %s. Read one with conflict://N (ours, theirs, base: conflict://N/ours); resolve it with write conflict://N, whose lines @ours, @theirs and @base stand for the sides]", label, plural(len(all), "region"), plural(len(files), "file"))
		for _, f := range all {
			fmt.Fprintf(&b, "\n\nconflict://%d  %s:%d-%d", f.id, f.display, f.r.Start, f.r.End)
			fmt.Fprintf(&b, "\n  ours (%s, %s):\n%s", orNone(f.r.OursLabel), lineCount(f.r.Ours), excerpt(f.r.Ours))
			if f.r.HasBase {
				fmt.Fprintf(&b, "\n  base (%s, %s):\n%s", orNone(f.r.BaseLabel), lineCount(f.r.Base), excerpt(f.r.Base))
			}
			fmt.Fprintf(&b, "\n  theirs (%s, %s):\n%s", orNone(f.r.TheirsLabel), lineCount(f.r.Theirs), excerpt(f.r.Theirs))
		}
		return nil, &tools.Result{Text: b.String(), Details: Details{Meta: Meta{Source: "conflict", SourcePath: env.Root}}}, nil
	}
	f, err := regionByID(all, ref.id)
	if err != nil {
		return nil, nil, err
	}
	if ref.side != "" {
		body, ok := f.r.Side(ref.side)
		if !ok {
			return nil, nil, tools.Errorf(tools.ErrNotFound, "conflict://%d has no base side (merge.conflictStyle is not diff3 or zdiff3); read conflict://%d/ours or /theirs", f.id, f.id)
		}
		if body == "" {
			body = "\n"
		}
		return &Text{
			Key: fmt.Sprintf("conflict://%d/%s", f.id, ref.side), Display: fmt.Sprintf("conflict://%d/%s", f.id, ref.side), Body: body, ReadOnly: true,
			Head: fmt.Sprintf("[conflict://%d/%s: %s of %s:%d-%d (read-only; resolve with write conflict://%d)]", f.id, ref.side, ref.side, f.display, f.r.Start, f.r.End, f.id),
			Meta: Meta{Source: "conflict", SourcePath: f.abs},
		}, nil, nil
	}
	s := selector.Selector{Text: fmt.Sprintf("%d-%d", f.r.Start, f.r.End), Ranges: []selector.Range{{Start: f.r.Start, End: f.r.End}}, Cell: -1}
	return &Text{
		Key: f.abs, Display: f.display, Body: f.text, Sel: &s,
		Head: fmt.Sprintf("[conflict://%d: %s lines %d-%d, ours %s, theirs %s. Resolve with write conflict://%d, or edit the rows below]", f.id, f.display, f.r.Start, f.r.End, orNone(f.r.OursLabel), orNone(f.r.TheirsLabel), f.id),
		Meta: Meta{Source: "conflict", SourcePath: f.abs},
	}, nil, nil
}

func orNone(s string) string {
	if s == "" {
		return "unlabelled"
	}
	return s
}

// writeConflicts resolves conflict://N, or with conflict://* every region,
// with content whose @ours, @theirs and @base lines expand to the sides.
// Every file changed is checked and computed before any is written, then
// written through env.Files; the result gives each file's fresh header.
func writeConflicts(ctx context.Context, env *tools.Env, t *Target, content string) (*Written, error) {
	ref, err := parseConflict(t.Path.Rest)
	if err != nil {
		return nil, err
	}
	if ref.side != "" {
		return nil, tools.Errorf(tools.ErrNotAllowed, "write: conflict://%d/%s is read-only; write conflict://%d with the resolution (its lines @ours, @theirs and @base stand for the sides)", ref.id, ref.side, ref.id)
	}
	// Seen before this call? The scan records what it reads, so check the
	// guard against the snapshots as they were.
	all, err := scanConflictsGuarded(ctx, env)
	if err != nil {
		return nil, err
	}
	var targets []found
	if ref.all {
		targets = all
		if len(all) == 0 {
			return nil, tools.Errorf(tools.ErrNotFound, "write: there are no conflict regions in the workspace")
		}
	} else {
		f, err := regionByID(all, ref.id)
		if err != nil {
			return nil, err
		}
		targets = []found{f}
	}
	// New content per file, regions replaced from the last up so earlier
	// line numbers hold.
	byFile := map[string][]found{}
	var order []string
	for _, f := range targets {
		if _, ok := byFile[f.abs]; !ok {
			order = append(order, f.abs)
		}
		byFile[f.abs] = append(byFile[f.abs], f)
	}
	newText := map[string]string{}
	for _, abs := range order {
		regs := byFile[abs]
		text := regs[0].text
		for i := len(regs) - 1; i >= 0; i-- {
			if text, err = conflict.Replace(text, regs[i].r, content); err != nil {
				return nil, tools.Errorf(tools.ErrInvalidArgs, "write: conflict://%d: %v", regs[i].id, err)
			}
		}
		newText[abs] = text
	}
	var unlocks []func()
	defer func() {
		for _, u := range unlocks {
			u()
		}
	}()
	for _, abs := range order {
		unlocks = append(unlocks, Mutations.Lock(abs))
		cur, err := env.Files.ReadFile(abs)
		if err != nil || string(cur) != byFile[abs][0].text {
			return nil, tools.Errorf(tools.ErrConflict, "write: %s changed while the conflict was being resolved; read conflict://* again", env.Display(abs))
		}
	}
	if ctx.Err() != nil {
		return nil, tools.Errorf(tools.CodeOf(ctx.Err()), "Operation aborted")
	}
	var lines []string
	for _, abs := range order {
		if err := env.Files.WriteFile(abs, []byte(newText[abs]), 0o644); err != nil {
			return nil, writeError(env.Display(abs), err)
		}
		tag := env.Session.Snapshots.Record(abs, newText[abs])
		lines = append(lines, hashline.Header(env.Display(abs), tag))
	}
	left, _ := scanConflicts(ctx, env, "", true)
	ids := make([]string, len(targets))
	for i, f := range targets {
		ids[i] = fmt.Sprintf("conflict://%d (%s:%d-%d)", f.id, f.display, f.r.Start, f.r.End)
	}
	msg := fmt.Sprintf("Resolved %s. %s left in the workspace", strings.Join(ids, ", "), plural(len(left), "conflict region"))
	if len(left) > 0 {
		msg += "; the rest are renumbered from conflict://1 (conflict://* lists them)"
	}
	first := order[0]
	return &Written{
		Display: env.Display(first), Tag: strings.TrimSuffix(lines[0][strings.LastIndexByte(lines[0], '#')+1:], "]"),
		Bytes: len(newText[first]), Text: strings.Join(lines, "\n") + "\n" + msg,
		Source: "conflict", SourcePath: first,
	}, nil
}

// conflictWritePaths are the files a write of t (conflict://N or
// conflict://*) changes: those holding the regions it resolves.
func conflictWritePaths(ctx context.Context, env *tools.Env, t *Target) ([]string, error) {
	ref, err := parseConflict(t.Path.Rest)
	if err != nil {
		return nil, err
	}
	all, err := scanConflicts(ctx, env, "", false)
	if err != nil {
		return nil, err
	}
	if !ref.all {
		f, err := regionByID(all, ref.id)
		if err != nil {
			return nil, err
		}
		return []string{f.abs}, nil
	}
	var out []string
	for _, f := range all {
		if len(out) == 0 || out[len(out)-1] != f.abs {
			out = append(out, f.abs)
		}
	}
	return out, nil
}

// scanConflictsGuarded scans the regions and refuses when a file holding
// them is not as this session last saw it (a listing or a read of the
// region or the file counts).
func scanConflictsGuarded(ctx context.Context, env *tools.Env) ([]found, error) {
	files, err := conflictFiles(ctx, env.Root)
	if err != nil {
		return nil, err
	}
	for _, abs := range files {
		data, err := env.Files.ReadFile(abs)
		if err != nil || !bytes.Contains(data, []byte("<<<<<<<")) || len(conflict.Scan(string(data))) == 0 {
			continue
		}
		if err := observed(env, abs, env.Display(abs), string(data)); err != nil {
			return nil, tools.Errorf(tools.ErrConflict, "%v\nRead conflict://* (or the region) first, so the region numbers are the ones you saw", err)
		}
	}
	return scanConflicts(ctx, env, "", true)
}
