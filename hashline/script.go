package hashline

// OpKind is the verb of one hunk.
type OpKind uint8

// The hunk verbs of the edit language.
const (
	OpReplace          OpKind = iota + 1 // replace N..M: (an empty body deletes)
	OpDelete                             // delete N..M
	OpReplaceBlock                       // replace block N:
	OpDeleteBlock                        // delete block N
	OpInsertBefore                       // insert before N:
	OpInsertAfter                        // insert after N:
	OpInsertAfterBlock                   // insert after block N:
	OpInsertHead                         // insert head:
	OpInsertTail                         // insert tail:
)

var opNames = [...]string{"", "replace", "delete", "replace block", "delete block",
	"insert before", "insert after", "insert after block", "insert head", "insert tail"}

func (k OpKind) String() string {
	if int(k) < len(opNames) {
		return opNames[k]
	}
	return "op?"
}

// Op is one parsed hunk. Start..End is the inclusive original-line range of
// replace and delete; the other anchored verbs keep their line N in Start
// (and End); head and tail have none.
type Op struct {
	Kind       OpKind
	Start, End int
	Body       []string
	// Line is the hunk header's line in its section body (the first line
	// after the [PATH#TAG] header is 1); errors say `line N:` with it.
	Line int
	// BlockStart is set on an `insert after` lowered from a resolved
	// `insert after block`: the block's first line. The landing repair may
	// move such rows back inside the block, never above this line.
	BlockStart int
}

// anchored reports whether the op is tied to concrete lines (anything but
// head and tail inserts).
func (o Op) anchored() bool { return o.Kind != OpInsertHead && o.Kind != OpInsertTail }

func (o Op) isBlock() bool {
	return o.Kind == OpReplaceBlock || o.Kind == OpDeleteBlock || o.Kind == OpInsertAfterBlock
}

// deletes reports whether the op removes its Start..End range.
func (o Op) deletes() bool { return o.Kind == OpReplace || o.Kind == OpDelete }

// Section is one file's part of an edit script.
type Section struct {
	// Path is the display path as authored: unquoted, apply_patch noise
	// removed, and made cwd-relative when it was absolute inside the cwd.
	Path string
	// Tag is the upper-case snapshot tag of the header ("" when absent).
	Tag string
	// Body is the section's script text after the header (sections for the
	// same path merged, bodies joined with "\n").
	Body string
	// Ops are the hunks in script order.
	Ops []Op
	// Warnings are the parser's warnings for this section.
	Warnings []string
}

// anchorRanges lists the lines a rejection preview marks: every line of a
// replace/delete range and the anchor of every other anchored op.
func (s Section) anchorRanges() []lineRange {
	var out []lineRange
	for _, op := range s.Ops {
		switch {
		case op.deletes():
			out = append(out, lineRange{op.Start, op.End})
		case op.anchored():
			out = append(out, lineRange{op.Start, op.Start})
		}
	}
	return out
}
