package resource

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"github.com/atomic-script/atomic-script/tools/internal/units"

	"github.com/atomic-script/atomic-script/hashline"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/archive"
)

// MaxListEntries bounds the members an archive listing shows.
const MaxListEntries = 1000

type openArchive struct {
	r    *archive.Reader
	done func()
}

// archive opens (once per call) the archive at abs.
func (p *probe) archive(abs string) (*openArchive, error) {
	if a, ok := p.archives[abs]; ok {
		return a, nil
	}
	f, _ := archive.FormatOf(abs)
	src, size, done, err := Open(p.env, abs)
	if err != nil {
		return nil, fileError(p.env.Display(abs), err)
	}
	r, err := archive.Open(p.ctx, src, size, f, p.env.Display(abs))
	if err != nil {
		done()
		return nil, err
	}
	if p.archives == nil {
		p.archives = map[string]*openArchive{}
	}
	a := &openArchive{r: r, done: done}
	p.archives[abs] = a
	return a, nil
}

func (p *probe) close() {
	for k, a := range p.archives {
		a.done()
		delete(p.archives, k)
	}
}

func memberKey(abs, member string) string { return abs + ":" + member }

// readArchive reads an archive: its listing (or a directory's), or one
// member as text.
func readArchive(t *Target) (*Text, *tools.Result, error) {
	a, err := t.probe.archive(t.Abs)
	if err != nil {
		return nil, nil, err
	}
	name := t.Path.Inner
	if name == "" || strings.HasSuffix(name, "/") || !a.r.Has(name) && a.r.Under(name+"/") {
		if name != "" && !strings.HasSuffix(name, "/") {
			name += "/"
		}
		if t.Path.Sel != nil {
			return nil, nil, tools.Errorf(tools.ErrInvalidArgs, "read: %s:%s is a directory in the archive; selectors apply to members", t.Display, name)
		}
		res, err := listArchive(t, a.r, name)
		return nil, res, err
	}
	data, err := a.r.Read(name)
	if err != nil {
		return nil, nil, err
	}
	display := t.Display + ":" + name
	if err := archive.CheckText(display, data); err != nil {
		return nil, nil, err
	}
	return &Text{
		Key: memberKey(t.Abs, name), Display: display, Body: string(data), Sel: t.Path.Sel,
		Meta: Meta{Source: "archive", SourcePath: t.Abs, Member: name, Format: a.r.Format().String()},
	}, nil, nil
}

// listArchive lists the members under dir ("" for all): one line each,
// "path  size", capped at MaxListEntries.
func listArchive(t *Target, r *archive.Reader, dir string) (*tools.Result, error) {
	if dir != "" && !r.Under(dir) {
		return nil, r.NotFound(dir)
	}
	var lines []string
	files, dirs := 0, map[string]bool{}
	for _, m := range r.Members() {
		if !strings.HasPrefix(m.Name, dir) || m.Name == dir {
			continue
		}
		if m.Dir {
			dirs[m.Name] = true
			continue
		}
		files++
		if i := strings.LastIndexByte(m.Name, '/'); i >= 0 {
			dirs[m.Name[:i+1]] = true
		}
		if len(lines) < MaxListEntries {
			size := units.Size(m.Size)
			switch {
			case m.Size < 0:
				size = "(size not recorded)"
			case m.Encrypted:
				size += " encrypted"
			case m.Link:
				size = "link"
			}
			lines = append(lines, m.Name+"  "+size)
		}
	}
	where := t.Display
	if dir != "" {
		where += ":" + dir
	}
	count := plural(files, "file")
	if len(dirs) > 0 {
		count += " in " + plural(len(dirs), "directory")
	}
	head := fmt.Sprintf("[%s: %s archive, %s. Read a member with %s:PATH]", where, r.Format(), count, t.Display)
	meta := Meta{Source: "archive", SourcePath: t.Abs, Member: dir, Format: r.Format().String()}
	text := head + "\n" + strings.Join(lines, "\n")
	if files > len(lines) {
		text += fmt.Sprintf("\n\n[Showing %d of %d files. List one directory with %s:DIR/, or search the archive with search]", len(lines), files, t.Display)
		meta.Truncation = &Truncation{Truncated: true, TruncatedBy: "entries", OutputLines: len(lines), TotalLines: files}
		meta.Limits = &Limits{MaxEntries: MaxListEntries}
	}
	return &tools.Result{Text: text, Details: Details{Meta: meta}}, nil
}

// Written is what a resource write did, for the write tool's result.
type Written struct {
	Display    string // the written target as shown ("a.zip:docs/x.md")
	Tag        string // the snapshot tag of what was written, "" if none
	Bytes      int
	Created    bool
	Text       string // the model-facing confirmation
	Source     string
	SourcePath string
	Stripped   bool // copied hashline rows were removed from the content
}

// writeMember writes content to an archive member: the archive is rebuilt
// in memory with every other member carried over byte for byte, then
// written through env.Files (temp file and rename; journaled). Replacing
// an existing member needs this session to have seen its current content.
func writeMember(ctx context.Context, env *tools.Env, t *Target, content string) (*Written, error) {
	name := t.Path.Inner
	if err := archive.CheckMemberPath(name); err != nil {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "write: %s: %v", t.Display, err)
	}
	display := t.Display + ":" + name
	key := memberKey(t.Abs, name)
	content, stripped := hashline.StripCopied(content, hashline.StripOptions{
		Store:   env.Session.Snapshots,
		Resolve: func(d string) (string, bool) { return env.Abs(d), true },
		Target:  []string{t.Given, key, display},
	})
	// The archive the path's resolution opened is closed first: Windows
	// cannot rename the new archive over a file this process holds open.
	t.Close()
	unlock := Mutations.Lock(t.Abs)
	defer unlock()
	created, err := rewriteLocked(ctx, env, t.Abs, t.Display, name, content, func(cur []byte) error {
		return observed(env, key, display, string(cur))
	})
	if err != nil {
		return nil, err
	}
	tag := env.Session.Snapshots.Record(key, content)
	f, _ := archive.FormatOf(t.Abs)
	verb := "rewrote"
	if created == archiveCreated {
		verb = "created"
	}
	msg := fmt.Sprintf("Successfully wrote %d bytes to %s (%s the %s archive %s; other members unchanged)", len(content), display, verb, f, t.Display)
	return &Written{
		Display: display, Tag: tag, Bytes: len(content), Created: created != memberReplaced, Stripped: stripped,
		Text:   hashline.Header(display, tag) + "\n" + msg,
		Source: "archive", SourcePath: t.Abs,
	}, nil
}

// rewriteMember sets an archive member's content for edit (whose tags
// already checked what the session saw).
func rewriteMember(ctx context.Context, env *tools.Env, abs, display, name, content string) error {
	unlock := Mutations.Lock(abs)
	defer unlock()
	_, err := rewriteLocked(ctx, env, abs, display, name, content, nil)
	return err
}

// How a rewrite changed an archive.
type rewriteOutcome int

const (
	memberReplaced rewriteOutcome = iota
	memberAdded
	archiveCreated
)

// rewriteLocked rebuilds the archive at abs with member name set to
// content and writes it through env.Files; the caller holds abs's lock.
// guard, when set, vets an existing member's current content first.
func rewriteLocked(ctx context.Context, env *tools.Env, abs, display, name, content string, guard func(cur []byte) error) (rewriteOutcome, error) {
	f, _ := archive.FormatOf(abs)
	var src []byte
	fi, err := env.Files.Stat(abs)
	switch {
	case err == nil && fi.Size() > archive.MaxRewriteBytes:
		return 0, tools.Errorf(tools.ErrLimit, "write: %s is %s; archive writes rewrite at most %s in memory. Update it with bash (zip -u, tar -r) instead", display, units.Size(fi.Size()), units.Size(archive.MaxRewriteBytes))
	case err == nil:
		if src, err = env.Files.ReadFile(abs); err != nil {
			return 0, fileError(display, err)
		}
	case !errors.Is(err, fs.ErrNotExist):
		return 0, fileError(display, err)
	}
	if src != nil && guard != nil {
		r, err := archive.Open(ctx, bytesReader(src), int64(len(src)), f, display)
		if err != nil {
			return 0, err
		}
		if r.Has(name) {
			cur, err := r.Read(name)
			if err != nil {
				return 0, err
			}
			if err := guard(cur); err != nil {
				return 0, err
			}
		}
	}
	if ctx.Err() != nil {
		return 0, tools.Errorf(tools.CodeOf(ctx.Err()), "Operation aborted")
	}
	var out []byte
	outcome := archiveCreated
	if src == nil {
		out, err = archive.New(f, display, name, []byte(content), time.Now())
	} else {
		var created bool
		out, created, err = archive.Rewrite(src, f, display, name, []byte(content), time.Now())
		outcome = memberReplaced
		if created {
			outcome = memberAdded
		}
	}
	if err != nil {
		return 0, err
	}
	if err := env.Files.WriteFile(abs, out, 0o644); err != nil {
		return 0, writeError(display, err)
	}
	return outcome, nil
}

// archiveTexts returns the text members under the target (one member, a
// directory, or all) for search, with the members it skipped and why.
func archiveTexts(t *Target) ([]Text, []string, error) {
	a, err := t.probe.archive(t.Abs)
	if err != nil {
		return nil, nil, err
	}
	name := t.Path.Inner
	if name != "" && !strings.HasSuffix(name, "/") && a.r.Has(name) {
		data, err := a.r.Read(name)
		display := t.Display + ":" + name
		if err == nil {
			err = archive.CheckText(display, data)
		}
		if err != nil {
			return nil, nil, err
		}
		return []Text{{Key: memberKey(t.Abs, name), Display: display, Body: string(data), Sel: t.Path.Sel}}, nil, nil
	}
	if name != "" && !strings.HasSuffix(name, "/") {
		name += "/"
	}
	if name != "" && !a.r.Under(name) {
		return nil, nil, a.r.NotFound(strings.TrimSuffix(name, "/"))
	}
	var out []Text
	var skipped []string
	err = a.r.Each(func(m archive.Member, data []byte, err error) bool {
		if !strings.HasPrefix(m.Name, name) {
			return true
		}
		display := t.Display + ":" + m.Name
		if err == nil {
			err = archive.CheckText(display, data)
		}
		if err != nil {
			if tools.CodeOf(err) != tools.ErrBinary || !strings.Contains(err.Error(), "is binary") {
				skipped = append(skipped, display+" ("+shortReason(err)+")")
			}
			return true
		}
		out = append(out, Text{Key: memberKey(t.Abs, m.Name), Display: display, Body: string(data)})
		return true
	})
	return out, skipped, err
}

// shortReason is the gist of a member's read error for a skipped list.
func shortReason(err error) string {
	switch tools.CodeOf(err) {
	case tools.ErrLimit:
		return "larger than the member read limit"
	case tools.ErrNotAllowed:
		return "encrypted"
	case tools.ErrBinary:
		return "not UTF-8"
	}
	return "unreadable"
}

// editMember is an archive member as edit sees it.
func editMember(t *Target) (string, error) {
	a, err := t.probe.archive(t.Abs)
	if err != nil {
		return "", err
	}
	data, err := a.r.Read(t.Path.Inner)
	if err != nil {
		return "", err
	}
	if err := archive.CheckText(t.Display+":"+t.Path.Inner, data); err != nil {
		return "", err
	}
	return string(data), nil
}

func plural(n int, word string) string {
	switch {
	case n == 1:
		return "1 " + word
	case strings.HasSuffix(word, "y"):
		return fmt.Sprintf("%d %sies", n, word[:len(word)-1])
	}
	return fmt.Sprintf("%d %ss", n, word)
}
