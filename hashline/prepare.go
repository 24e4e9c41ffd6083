package hashline

import (
	"crypto/sha256"
	"errors"
	"io/fs"
	"strconv"
	"strings"
	"sync"
)

// Reader gives [Prepare] the live state of a section's file.
type Reader interface {
	// Read resolves a section's display path to the file's absolute, cleaned
	// path (the [Store] key) and returns its raw text. A missing file must
	// fail with an error matching fs.ErrNotExist; any other error means the
	// file cannot be read (its errno, if any, is quoted in the message).
	Read(display string) (abs, raw string, err error)
}

// ReaderFunc adapts a function to [Reader].
type ReaderFunc func(display string) (abs, raw string, err error)

// Read calls f.
func (f ReaderFunc) Read(display string) (string, string, error) { return f(display) }

// PrepareOptions are the session pieces [Prepare] works with.
type PrepareOptions struct {
	Store    *Store        // the session's snapshots; required
	Read     Reader        // the live files; required
	Resolver BlockResolver // block resolution; nil rejects replace/delete block
	Noops    *NoopCounter  // the session's no-op counter; nil counts nothing
	// Batch is how many parallel calls were merged into these sections
	// ([MergeParallel]); above 1 every section notes [WarnParallelBatch].
	Batch int
	// Display, when set, gives the display path for a written file's fresh
	// header from its absolute path (e.g. "./a.ts" authored → "a.ts");
	// by default the header repeats the path as authored.
	Display func(abs string) string
}

// Prepared is the outcome of [Prepare]: either files to write, or a no-op.
type Prepared struct {
	Files []*FileResult
	// Noop is set when every section produced no change: nothing is to be
	// written and NoopText is the tool's answer (not an error — the third
	// identical no-op is, see [KindNoop]).
	Noop     bool
	NoopText string
}

// FileResult is one section's prepared write. Nothing has been written and
// no snapshot recorded: the caller writes Bytes to Abs (after checking with
// [FileResult.StillCurrent] that the file did not change meanwhile), then
// records the new snapshot with [FileResult.Record].
type FileResult struct {
	Section string // the path as the section authored it (used in messages)
	Display string // the display path of the fresh header
	Abs     string // the absolute path the Reader resolved
	Before  string // the live text, normalised
	After   string // the new text, normalised
	Bytes   string // After with the original BOM and first line ending restored
	Tag     string // the tag of After
	// Warnings are the section's warnings in output order; Echoes its block
	// resolutions.
	Warnings, Echoes []string
	// Diff is the compact numbered diff, Patch the unified patch (file
	// headers only, a/ and b/ before the display path as git writes them,
	// 4 context lines), FirstChangedLine the first changed
	// line of After (1-based).
	Diff, Patch      string
	FirstChangedLine int
}

// StillCurrent reports whether raw (the file re-read just before writing)
// is still the text this result was prepared from. When it is not, refuse
// with [StaleBeforeWriteError].
func (f *FileResult) StillCurrent(raw string) bool { return Normalize(raw) == f.Before }

// Record records the written text as the file's newest snapshot.
func (f *FileResult) Record(s *Store) string { return s.Record(f.Abs, f.After) }

// Text is the section's success output: the fresh header, the warnings and
// block echoes, then the compact diff (or `First changed line: N`).
func (f *FileResult) Text() string {
	parts := []string{Header(f.Display, f.Tag)}
	parts = append(parts, f.Warnings...)
	parts = append(parts, f.Echoes...)
	if d := strings.TrimSpace(f.Diff); d != "" {
		parts = append(parts, f.Diff)
	} else {
		parts = append(parts, "First changed line: "+strconv.Itoa(max(1, f.FirstChangedLine)))
	}
	return strings.Join(parts, "\n")
}

// Text is the whole call's success output: each file's block, separated by
// a blank line.
func (p *Prepared) Text() string {
	if p.Noop {
		return p.NoopText
	}
	out := make([]string, len(p.Files))
	for i, f := range p.Files {
		out[i] = f.Text()
	}
	return strings.Join(out, "\n\n")
}

// Details returns the edit tool's details: the combined compact diff, the
// combined unified patch and the first changed line of the first file.
func (p *Prepared) Details() (diff, patch string, firstChangedLine int) {
	diffs, patches := make([]string, len(p.Files)), make([]string, len(p.Files))
	for i, f := range p.Files {
		// Each file's rows go under its own header, the one its patch
		// has (as git diff does), so a diff of several files says which
		// rows are whose.
		diffs[i], patches[i] = "--- "+f.Section+"\n+++ "+f.Section+"\n"+f.Diff, f.Patch
		if firstChangedLine == 0 {
			firstChangedLine = f.FirstChangedLine
		}
	}
	// The patches follow each other as in git's output: each ends in a
	// newline, and a blank line between them would be a stray line.
	return strings.Join(diffs, "\n"), strings.Join(patches, ""), firstChangedLine
}

// Paths lists the sections' paths as authored, for [WriteFailedError].
func (p *Prepared) Paths() []string {
	out := make([]string, len(p.Files))
	for i, f := range p.Files {
		out[i] = f.Section
	}
	return out
}

// Prepare runs the full edit of every section in memory, writing nothing
// and recording nothing: it reads each file, applies the stale-tag decision
// procedure (direct apply, head/tail drift, snapshot recovery, or
// rejection), resolves blocks, repairs boundaries, and renders the outputs.
// Every section is prepared before the caller writes any, so a bad section
// fails the whole call before a write. Rejections never record a snapshot.
func Prepare(sections []Section, opts PrepareOptions) (*Prepared, error) {
	if opts.Store == nil || opts.Read == nil {
		return nil, errorf(KindInvalid, "hashline: Prepare needs the session's snapshot Store and a Reader; section tags are store pointers.")
	}
	files := make([]*FileResult, 0, len(sections))
	for _, s := range sections {
		f, err := prepareSection(s, opts)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	seen := map[string]string{}
	for _, f := range files {
		if prev, ok := seen[f.Abs]; ok {
			return nil, errorf(KindInvalid, "%s", sameFileMessage(prev, f.Section))
		}
		seen[f.Abs] = f.Section
	}
	var noop *FileResult
	allNoop := true
	for _, f := range files {
		if f.After == f.Before {
			if noop == nil {
				noop = f
			}
		} else {
			allNoop = false
		}
	}
	if noop == nil {
		return &Prepared{Files: files}, nil
	}
	if !allNoop {
		return nil, errorf(KindNoop, "Hashline edit for %s did not change the file.", noop.Section)
	}
	count := 1
	if opts.Noops != nil {
		keys := make([]string, len(files))
		for i, f := range files {
			keys[i] = f.Abs + "\x00" + f.After
		}
		count = opts.Noops.Next(strings.Join(keys, "\x00\x00"))
	}
	msg := NoopMessage(files[0].Section, count)
	if count >= 3 {
		return nil, &Error{Kind: KindNoop, Msg: "STOP. " + msg}
	}
	return &Prepared{Noop: true, NoopText: msg}, nil
}

func prepareSection(s Section, opts PrepareOptions) (*FileResult, error) {
	abs, raw, err := opts.Read.Read(s.Path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, &Error{Kind: KindNotFound, Msg: notFoundMessage(s.Path), Err: err}
		}
		msg := err.Error()
		if name := ErrnoName(err); name != "" {
			msg = "Error code: " + name
		}
		return nil, &Error{Kind: KindUnreadable, Msg: "Could not edit file: " + s.Path + ". " + msg + ".", Err: err}
	}
	store := opts.Store
	live := Normalize(raw)
	liveTag := FormatTag(hashTagForm(live))
	direct := liveTag == s.Tag && store.Holds(abs, s.Tag, live)
	snap, snapOK := store.Lookup(abs, s.Tag)
	reject := func(recognized bool) error {
		kind := rejectUnknown
		switch {
		case recognized:
			kind = rejectChanged
		case liveTag == s.Tag:
			kind = rejectUnread
		case store.Known(abs, s.Tag):
			kind = rejectDropped
		}
		return mismatchError(s, liveTag, live, kind)
	}
	if liveTag == s.Tag && !direct {
		return nil, reject(snapOK)
	}

	base := live
	if !direct {
		base = snap
	}
	hasBlock := false
	for _, op := range s.Ops {
		hasBlock = hasBlock || op.isBlock()
	}
	if hasBlock && !direct && !snapOK {
		return nil, reject(false)
	}
	ops, resolveWarnings, echoes, err := resolveBlocks(s.Ops, base, abs, opts.Resolver)
	if err != nil {
		return nil, err
	}

	var warnings []string
	if opts.Batch > 1 {
		warnings = append(warnings, WarnParallelBatch(opts.Batch))
	}
	warnings = append(warnings, s.Warnings...)
	warnings = append(warnings, resolveWarnings...)

	var after string
	var diff *textDiff
	switch {
	case direct:
		res, err := applyResolved(live, ops)
		if err != nil {
			return nil, err
		}
		after, diff = res.Text, diffAligned(res, live)
		warnings = append(warnings, res.Warnings...)
	case !anyAnchored(ops):
		// Head and tail do not depend on content: apply to the live text,
		// but only for a tag this session minted (a tag from elsewhere never
		// authorises an edit).
		if !store.Known(abs, s.Tag) {
			return nil, reject(false)
		}
		res, err := applyResolved(live, ops)
		if err != nil {
			return nil, err
		}
		after, diff = res.Text, diffAligned(res, live)
		warnings = append(warnings, WarnHeadTailDrift)
		warnings = append(warnings, res.Warnings...)
	default:
		if !snapOK {
			return nil, reject(false)
		}
		rec, ok := recoverStale(snap, live, ops, store.isHead(abs, s.Tag, snap))
		if !ok {
			return nil, reject(true)
		}
		after, diff = rec.text, rec.diff
		warnings = append(warnings, rec.warnings...)
	}

	display := s.Path
	if opts.Display != nil {
		display = opts.Display(abs)
	}
	bytes := persistLines(raw, after, diff)
	// After is the text the written file reads as, so that its tag is the
	// one the next read shows: a leading U+FEFF written to a file without a
	// BOM becomes one.
	after = Normalize(bytes)
	f := &FileResult{Section: s.Path, Display: display, Abs: abs, Before: live, After: after,
		Bytes: bytes, Tag: TagNormalized(after), Warnings: warnings, Echoes: echoes}
	if after != live {
		f.Diff = diff.preview(4)
		// The patch is of the bytes on disk (a CRLF file's patch keeps its
		// CRs), with git's a/ and b/ prefixes on the workspace path: `git
		// apply` strips one component and must find a nested file.
		pd := diff
		if raw != live || bytes != after {
			pd = diffTexts(raw, bytes)
		}
		f.Patch = pd.unified("a/"+display, "b/"+display, 4)
		f.FirstChangedLine = diff.firstChanged()
	}
	return f, nil
}

func anyAnchored(ops []Op) bool {
	for _, op := range ops {
		if op.anchored() {
			return true
		}
	}
	return false
}

// rejectKind is why a section's tag does not authorise its edit.
type rejectKind int

const (
	rejectUnknown rejectKind = iota // the session never saw this tag for the file
	rejectChanged                   // the file changed since the session's snapshot
	rejectDropped                   // the file changed, and the snapshot's text was evicted
	rejectUnread                    // the tag matches the file, but the session never read this content
)

// mismatchError is the rejection of a section whose tag does not authorise
// an edit of the live text: two lines that say what to do, then the
// anchored lines in context. It never calls a tag that matches the file
// unknown: that case says the session has not read this content.
func mismatchError(s Section, liveTag, live string, kind rejectKind) *Error {
	var msg string
	switch kind {
	case rejectUnread:
		msg = "Edit rejected for " + s.Path + ": this session has no record of reading its current content (#" + liveTag + ").\n" +
			"A tag alone does not prove a read (16 bits collide; tags from another session or run do not count). Read it again with `read`, then edit with the header it prints."
	case rejectDropped:
		msg = "Edit rejected for " + s.Path + ": the file changed since this session read it (#" + s.Tag + " → #" + liveTag + "), and the text of that read is no longer kept, so your edit cannot be merged into the change.\n" +
			"Read it again with `read` and edit with the new header."
	case rejectChanged:
		msg = "Edit rejected for " + s.Path + ": file changed between read and edit.\n" +
			"Section is bound to #" + s.Tag + ", but the current file hashes to #" + liveTag +
			". If a prior edit in this session modified this file, copy the [path#newhash] header from that edit's response; otherwise re-read the file with `read` to refresh the tag before retrying."
	default:
		msg = "Edit rejected for " + s.Path + ": hash #" + s.Tag + " is not from this session.\n" +
			"The current file hashes to #" + liveTag + ". Re-read the file with `read` to copy a current [path#tag] header — never invent the tag and never reuse one from a prior session."
	}
	if rows := anchoredContext(s.anchorRanges(), strings.Split(live, "\n")); len(rows) > 0 {
		msg += "\n\n" + strings.Join(rows, "\n")
	}
	return &Error{Kind: KindStale, Msg: msg}
}

// NoopCounter counts identical no-op edits per session: the same canonical
// paths with the same result, so a model repeating a no-op is told to stop
// on the third attempt. The zero value is ready; safe for concurrent use.
type NoopCounter struct {
	mu     sync.Mutex
	counts map[[32]byte]int
}

// maxNoopKeys bounds the counter's memory; past it the counts start over.
const maxNoopKeys = 4096

// Next records one more occurrence of key and returns its count.
func (c *NoopCounter) Next(key string) int {
	h := sha256.Sum256([]byte(key))
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.counts == nil || len(c.counts) >= maxNoopKeys {
		c.counts = map[[32]byte]int{}
	}
	c.counts[h]++
	return c.counts[h]
}
