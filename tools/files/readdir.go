package files

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/atomic-script/atomic-script/tools/internal/units"

	"github.com/atomic-script/atomic-script/tools"
)

// Directory read limits.
const (
	dirDepth      = 2  // the directory's entries and theirs
	dirMaxEntries = 12 // entries shown per directory, elision marker aside
)

// prunedDirs are listed but never expanded.
var prunedDirs = map[string]bool{".git": true, "node_modules": true}

// dirEntry is one listed entry.
type dirEntry struct {
	name     string
	dir      bool
	size     int64
	mtime    time.Time
	link     string // symlink target, if the entry is a link
	note     string // "pruned", "unreadable: EACCES", …
	count    int    // entries of a directory (-1: unknown)
	children []dirEntry
	elided   int // children left out by the cap
}

// readDir renders the depth-2 tree of t: entries newest first (a
// directory is as new as its newest listed entry), sizes and relative ages,
// .git and node_modules listed but not expanded, at most 12 entries a
// directory — the 11 newest, an elision marker, and the oldest. Pending
// dry-run files are included.
func readDir(ctx context.Context, env *tools.Env, t *target) (tools.Result, error) {
	now := time.Now()
	pend := pendingFiles(env)
	top, err := listDir(t.abs, pend)
	if err != nil {
		return tools.Result{}, readError(t, err)
	}
	elidedDirs := 0
	for i := range top {
		if err := ctx.Err(); err != nil {
			return tools.Result{}, tools.Errorf(tools.CodeOf(err), "read: %v", err)
		}
		e := &top[i]
		if !e.dir || e.note != "" {
			continue
		}
		kids, err := listDir(filepath.Join(t.abs, e.name), pend)
		if err != nil {
			e.note = "unreadable: " + errnoOr(err, "error")
			continue
		}
		for k := range kids {
			if kids[k].dir && kids[k].note == "" {
				kids[k].count = countEntries(filepath.Join(t.abs, e.name, kids[k].name), pend)
			}
		}
		e.count = len(kids)
		for _, k := range kids {
			if k.mtime.After(e.mtime) {
				e.mtime = k.mtime
			}
		}
		sortEntries(kids)
		e.children, e.elided = capEntries(kids)
		if e.elided > 0 {
			elidedDirs++
		}
	}
	sortEntries(top)
	shown, elided := capEntries(top)
	if elided > 0 {
		elidedDirs++
	}

	var b strings.Builder
	name := tools.Visible(t.display)
	if !strings.HasSuffix(name, "/") {
		name += "/"
	}
	fmt.Fprintf(&b, "%s  (%s, newest first)", name, plural(len(top), "entry", "entries"))
	if len(top) == 0 {
		b.WriteString("\n(empty directory)")
	}
	writeEntries(&b, shown, elided, "", now)
	meta := ReadMeta{Source: "directory", SourcePath: t.abs}
	if elidedDirs > 0 {
		meta.Limits = &Limits{MaxDepth: dirDepth, MaxEntriesPerDir: dirMaxEntries, DirectoriesElided: elidedDirs}
	}
	return tools.Result{Text: b.String(), Details: ReadDetails{Meta: meta}}, nil
}

func writeEntries(b *strings.Builder, entries []dirEntry, elided int, indent string, now time.Time) {
	for i, e := range entries {
		if elided > 0 && i == len(entries)-1 {
			fmt.Fprintf(b, "\n%s… %s not shown …", indent, plural(elided, "more entry", "more entries"))
		}
		// Names are escaped (tools.Visible): an entry named with newlines
		// cannot forge rows of the listing.
		b.WriteString("\n" + indent + tools.Visible(e.name))
		switch {
		case e.link != "":
			b.WriteString(" -> " + tools.Visible(e.link))
		case e.dir:
			b.WriteString("/")
		}
		switch {
		case e.note != "":
			b.WriteString("  (" + e.note + ")")
		case e.dir && e.count >= 0:
			b.WriteString("  " + plural(e.count, "entry", "entries"))
		case !e.dir && e.link == "":
			b.WriteString("  " + units.Size(e.size))
		}
		b.WriteString("  " + age(now, e.mtime))
		writeEntries(b, e.children, e.elided, indent+"  ", now)
	}
}

// listDir lists dir, merged with the pending dry-run files under it.
func listDir(dir string, pend map[string][]byte) ([]dirEntry, error) {
	ents, err := os.ReadDir(dir)
	if err != nil && !(errors.Is(err, os.ErrNotExist) && hasPendingUnder(pend, dir)) {
		return nil, err
	}
	byName := map[string]int{}
	var out []dirEntry
	for _, de := range ents {
		e := dirEntry{name: de.Name(), count: -1}
		fi, err := de.Info()
		if err != nil {
			continue // vanished meanwhile
		}
		e.mtime, e.size = fi.ModTime(), fi.Size()
		switch {
		case fi.Mode()&os.ModeSymlink != 0:
			e.link, _ = os.Readlink(filepath.Join(dir, e.name))
		case fi.IsDir():
			e.dir = true
			if prunedDirs[e.name] {
				e.note = "pruned"
			}
		}
		byName[e.name] = len(out)
		out = append(out, e)
	}
	now := time.Now()
	for p, data := range pend {
		rel, ok := strings.CutPrefix(p, dir+string(filepath.Separator))
		if !ok || rel == "" {
			continue
		}
		first, deeper, _ := strings.Cut(rel, string(filepath.Separator))
		i, seen := byName[first]
		switch {
		case deeper == "" && data == nil: // pending deletion
			if seen {
				out[i].name = "" // dropped below
			}
		case deeper == "":
			e := dirEntry{name: first, size: int64(len(data)), mtime: now, count: -1}
			if seen {
				out[i] = e
			} else {
				byName[first] = len(out)
				out = append(out, e)
			}
		case data != nil && !seen:
			byName[first] = len(out)
			out = append(out, dirEntry{name: first, dir: true, mtime: now, count: -1})
		case data != nil && seen && out[i].dir:
			out[i].mtime = now
		}
	}
	kept := out[:0]
	for _, e := range out {
		if e.name != "" {
			kept = append(kept, e)
		}
	}
	return kept, nil
}

// countEntries counts the entries of dir (-1 when unreadable).
func countEntries(dir string, pend map[string][]byte) int {
	ents, err := listDir(dir, pend)
	if err != nil {
		return -1
	}
	return len(ents)
}

func sortEntries(es []dirEntry) {
	sort.SliceStable(es, func(i, j int) bool {
		if !es[i].mtime.Equal(es[j].mtime) {
			return es[i].mtime.After(es[j].mtime)
		}
		return es[i].name < es[j].name
	})
}

// capEntries keeps at most dirMaxEntries of es (sorted newest first): the
// newest ones and, last, the oldest, so the listing still shows how far
// back the directory goes.
func capEntries(es []dirEntry) ([]dirEntry, int) {
	if len(es) <= dirMaxEntries {
		return es, 0
	}
	kept := append(es[:dirMaxEntries-1:dirMaxEntries-1], es[len(es)-1])
	return kept, len(es) - dirMaxEntries
}

// age renders how long ago t was: "just now", "42s ago", "5m ago", "3h
// ago", "12d ago", "4mo ago", "2y ago".
func age(now, t time.Time) string {
	d := now.Sub(t)
	switch {
	case d < time.Second:
		return "just now"
	case d < time.Minute:
		return strconv.Itoa(int(d/time.Second)) + "s ago"
	case d < time.Hour:
		return strconv.Itoa(int(d/time.Minute)) + "m ago"
	case d < 24*time.Hour:
		return strconv.Itoa(int(d/time.Hour)) + "h ago"
	case d < 30*24*time.Hour:
		return strconv.Itoa(int(d/(24*time.Hour))) + "d ago"
	case d < 365*24*time.Hour:
		return strconv.Itoa(int(d/(30*24*time.Hour))) + "mo ago"
	}
	return strconv.Itoa(int(d/(365*24*time.Hour))) + "y ago"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// pendingFiles returns the dry-run overlay's pending files, if any.
func pendingFiles(env *tools.Env) map[string][]byte {
	if o, ok := env.Files.(tools.Overlay); ok {
		return o.Pending()
	}
	return nil
}

// pendingDir reports whether abs exists only as the parent of pending
// dry-run files.
func pendingDir(env *tools.Env, abs string) bool {
	return hasPendingUnder(pendingFiles(env), abs)
}

func hasPendingUnder(pend map[string][]byte, dir string) bool {
	for p, data := range pend {
		if data != nil && strings.HasPrefix(p, dir+string(filepath.Separator)) {
			return true
		}
	}
	return false
}
