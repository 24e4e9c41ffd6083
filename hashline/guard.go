package hashline

import (
	"fmt"
	"strconv"
	"strings"
)

// This file holds the pure halves of write's guard: undoing pasted hashline
// output, describing how a file diverged from what the session observed,
// and the FILE_MUTATION_CONFLICT message.

// StripOptions tell [StripCopied] which snapshots and paths are known.
type StripOptions struct {
	Store *Store
	// Resolve maps the display path of a copied `[path#TAG]` header to the
	// absolute path the store keys its snapshots by (ok=false: no such file).
	Resolve func(display string) (abs string, ok bool)
	// Target lists the forms of the path the write was asked for — as given,
	// absolute, cwd-relative. A copied `Successfully wrote … to P` line is
	// tool chrome only when P is one of them or the copied header's path.
	Target []string
}

var (
	copiedHeaderRE = lazyRegexp(`^\[([^\]\n]+)#([0-9A-Fa-f]{4})\]$`)
	dirLineRE      = lazyRegexp(`^#+\s+.+/?$`)
	copiedRowRE    = lazyRegexp(`(?s)^[* ]?(\d+):(.*)$`)
	footerRE       = lazyRegexp(`^(?:\[\d+ more lines? in (?:file|\S+)\.|\[Showing lines |\[\d+ matching files shown\.|\[Search collected |Resolved \d+ conflicts?|Resolved conflict \d+|Note: stripped copied hashline)`)
	wroteRE        = lazyRegexp(`^Successfully wrote (?:\d+ bytes )?to (.+)$`)
)

// StripCopied undoes hashline output pasted into write's content: a copied
// `[path#TAG]` header (after optional `# dir/` lines), its `N:`, `*N:` and
// ` N:` row prefixes and the read/search/write chrome around them — but only
// when the header names a snapshot this session holds and every row matches
// that snapshot's line. Anything else, including hashline-looking text that
// matches no snapshot, is kept. A copy of a whole snapshot keeps its
// terminal newline; a header with no rows stands for the whole snapshot.
func StripCopied(content string, opts StripOptions) (string, bool) {
	if opts.Store == nil || opts.Resolve == nil {
		return content, false
	}
	lines := strings.Split(Normalize(content), "\n")
	headerAt := -1
	for i, l := range lines {
		if copiedHeaderRE().MatchString(l) {
			headerAt = i
			break
		}
		if !isBlank(l) && !dirLineRE().MatchString(l) {
			return content, false
		}
	}
	if headerAt < 0 {
		return content, false
	}
	m := copiedHeaderRE().FindStringSubmatch(lines[headerAt])
	display, tag := m[1], strings.ToUpper(m[2])
	abs, ok := opts.Resolve(display)
	if !ok {
		return content, false
	}
	snap, ok := opts.Store.Lookup(abs, tag)
	if !ok {
		return content, false
	}
	body := lines[headerAt+1:]
	snapLines := strings.Split(snap, "\n")
	isFooter := func(l string) bool {
		if isBlank(l) || footerRE().MatchString(l) || copiedHeaderRE().MatchString(l) {
			return true
		}
		if w := wroteRE().FindStringSubmatch(l); w != nil {
			p := strings.TrimSpace(w[1])
			if p == display {
				return true
			}
			for _, t := range opts.Target {
				if t != "" && p == t {
					return true
				}
			}
		}
		return false
	}
	var kept []string
	sawRow, last := false, 0
	for _, l := range body {
		if isFooter(l) {
			if sawRow {
				break
			}
			continue
		}
		r := copiedRowRE().FindStringSubmatch(l)
		if r == nil {
			return content, false
		}
		n, err := strconv.Atoi(r[1])
		if err != nil || n < 1 || n > len(snapLines) || snapLines[n-1] != r[2] {
			return content, false
		}
		sawRow, last = true, n
		kept = append(kept, r[2])
	}
	if !sawRow {
		return snap, true
	}
	out := strings.Join(kept, "\n")
	if strings.HasSuffix(snap, "\n") && last == len(snapLines)-1 {
		out += "\n"
	}
	return out, true
}

// LooksCopied reports whether content starts (after blank and `# dir/`
// lines) with a `[path#TAG]` header followed by an `N:` row: read output
// that StripCopied kept because it matches no snapshot (often copied read
// output the caller changed). write keeps it, as the spec requires, and
// warns.
func LooksCopied(content string) bool {
	header := false
	for _, l := range strings.SplitN(Normalize(content), "\n", 64) {
		switch {
		case isBlank(l):
		case !header && copiedHeaderRE().MatchString(l):
			header = true
		case !header && dirLineRE().MatchString(l):
		case header:
			return copiedRowRE().MatchString(l)
		default:
			return false
		}
	}
	return false
}

// Evidence says where a file first diverges from the text a session
// observed, after trimming the lines both share at the top and bottom.
type Evidence struct {
	Line         int    `json:"line"`         // first differing line (1-based)
	AssumedLines int    `json:"assumedLines"` // lines of the observed text in the differing stretch
	FoundLines   int    `json:"foundLines"`   // lines of the current text there
	Assumed      string `json:"assumed"`      // the first such observed line ("" if none)
	Found        string `json:"found"`        // the first such current line ("" if none)
}

// Diverge compares the observed text with the current one (both raw or
// normalised). "a\nb\nc\n" → "a\nB\nc\n" gives {2, 1, 1, "b", "B"}; a line
// added on top gives {1, 0, 1, "", "NEW"}.
func Diverge(observed, current string) Evidence {
	a, b := strings.Split(Normalize(observed), "\n"), strings.Split(Normalize(current), "\n")
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	e := Evidence{Line: p + 1, AssumedLines: len(a) - p - s, FoundLines: len(b) - p - s}
	if e.AssumedLines > 0 {
		e.Assumed = a[p]
	}
	if e.FoundLines > 0 {
		e.Found = b[p]
	}
	return e
}

// The reasons of a FILE_MUTATION_CONFLICT.
const (
	NoPriorObservation      = "no_prior_observation"      // write to a file this session never observed
	ChangedSinceObservation = "changed_since_observation" // the file differs from the session's newest observation
	TargetExists            = "target_exists"             // an exclusive create lost the race
	TargetUnreadable        = "target_unreadable"         // the file exists but cannot be read
	TargetMissing           = "target_missing"            // the file an edit was prepared for is gone
	ChangedBeforeWrite      = "changed_before_write"      // the file changed between prepare and write
	ForeignSnapshot         = "foreign_snapshot"          // the presented tag is not this session's
)

// LiveState describes the file as it is now, shown for comparison only.
type LiveState struct {
	Lines     int
	FirstLine string
	Tag       string
}

// LiveStateOf summarises raw file text for a [Conflict].
func LiveStateOf(raw string) *LiveState {
	lines := Lines(raw)
	n := len(lines)
	if raw == "" {
		n = 0
	}
	return &LiveState{Lines: n, FirstLine: lines[0], Tag: Tag(raw)}
}

// Conflict is a refused file mutation. Its message starts with
// `FILE_MUTATION_CONFLICT:<reason> <path>[ (presented #T)]`, then a Why:
// line, the live state (for comparison only), a Next: line and the
// requester.
type Conflict struct {
	Reason    string
	Path      string
	Presented string     // the tag the request presented, if any
	Evidence  *Evidence  // for changed_since_observation
	Errno     string     // for target_unreadable ("EISDIR", …)
	Live      *LiveState // the file now, if it exists
	Session   string
	Agent     string
	Index     int
}

func (c *Conflict) Error() string {
	var b strings.Builder
	b.WriteString("FILE_MUTATION_CONFLICT:" + c.Reason + " " + c.Path)
	if c.Presented != "" {
		b.WriteString(" (presented #" + c.Presented + ")")
	}
	b.WriteString("\nWhy: " + c.why())
	if c.Live != nil {
		fmt.Fprintf(&b, "\nLive state (for comparison only): %d lines, first line %s, current tag #%s.",
			c.Live.Lines, excerpt(c.Live.FirstLine), c.Live.Tag)
	}
	b.WriteString("\nNext: " + c.next())
	fmt.Fprintf(&b, "\nsession=%s agent=%s index=%d", orDash(c.Session), orDash(c.Agent), c.Index)
	return b.String()
}

// AsError wraps the conflict as a [KindConflict] error.
func (c *Conflict) AsError() *Error { return &Error{Kind: KindConflict, Msg: c.Error(), Err: c} }

func (c *Conflict) why() string {
	switch c.Reason {
	case NoPriorObservation:
		return "this session has not read, written or edited this file, so overwriting it could discard content it never saw. An observation by another session does not count."
	case ChangedSinceObservation:
		if e := c.Evidence; e != nil {
			return fmt.Sprintf("the file changed since this session last observed it. First diverging line %d: expected %s (%d line(s)), found %s (%d line(s)).",
				e.Line, excerpt(e.Assumed), e.AssumedLines, excerpt(e.Found), e.FoundLines)
		}
		return "the file changed since this session last observed it."
	case TargetExists:
		return "the file was created by someone else between the existence check and this write; it was not overwritten."
	case TargetUnreadable:
		return "the path exists but cannot be read (" + orDash(c.Errno) + "), so its content cannot be checked; nothing was written."
	case TargetMissing:
		return "the file this edit was prepared for no longer exists; nothing was written."
	case ChangedBeforeWrite:
		return "the file changed between preparing this edit and writing it; nothing was written."
	case ForeignSnapshot:
		return "the presented tag was not minted by this session for this file."
	}
	return c.Reason
}

func (c *Conflict) next() string {
	switch c.Reason {
	case NoPriorObservation:
		return "read the file first, then write the full content you intend."
	case ChangedSinceObservation:
		return "read the file again, merge your change into its current content, then retry."
	case TargetExists:
		return "read the file that now exists and decide whether to edit it or write to another path."
	case TargetUnreadable:
		return "restore access to the path (or choose another), then read the file again before retrying."
	case TargetMissing:
		return "Do not read it; if it should exist, create it with write."
	case ChangedBeforeWrite:
		return "read the file again and re-issue the edit against its current content."
	case ForeignSnapshot:
		return "read the file with `read` to copy a current [path#tag] header, then retry."
	}
	return "read the file again before retrying."
}

// excerpt JSON-quotes s cut to 120 characters plus "...".
func excerpt(s string) string {
	if h := headRunes(s, 120); len(h) < len(s) {
		return jsonQuote(h + "...")
	}
	return jsonQuote(s)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
