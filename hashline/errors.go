package hashline

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"syscall"
	"unicode"
	"unicode/utf8"
)

// Kind classifies an [Error] so a caller can map it to its own error codes
// (tools maps them to ERR_INVALID_ARGS, ERR_NOT_FOUND, ERR_STALE_ANCHOR, …).
type Kind int

// The kinds of [Error].
const (
	KindInvalid    Kind = iota + 1 // the script is malformed or does not fit the file
	KindNotFound                   // the target file does not exist
	KindStale                      // the tag does not authorise an edit of the live text
	KindNoop                       // the third identical no-op: STOP
	KindUnreadable                 // the target exists but cannot be read
	KindConflict                   // a write would discard changes this session has not seen
)

// Error is a hashline failure. Msg is the exact text the spec prescribes;
// it is what a model reads.
type Error struct {
	Kind Kind
	Msg  string
	Err  error // the underlying cause, if any
}

func (e *Error) Error() string { return e.Msg }
func (e *Error) Unwrap() error { return e.Err }

func errorf(kind Kind, format string, args ...any) *Error {
	return &Error{Kind: kind, Msg: fmt.Sprintf(format, args...)}
}

// KindOf returns the kind of a wrapped *Error, or 0.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return 0
}

// ErrnoName returns the symbolic name of the errno behind err ("EACCES",
// "EISDIR", …), or "" when err carries none. Messages quote the name, as
// Node does, because it is stable across platforms and locales.
func ErrnoName(err error) string {
	var errno syscall.Errno
	if !errors.As(err, &errno) {
		return ""
	}
	if name, ok := errnoNames[errno]; ok {
		return name
	}
	return "E" + strconv.Itoa(int(errno))
}

var errnoNames = map[syscall.Errno]string{
	syscall.EACCES: "EACCES", syscall.EPERM: "EPERM", syscall.ENOENT: "ENOENT",
	syscall.EISDIR: "EISDIR", syscall.ENOTDIR: "ENOTDIR", syscall.ELOOP: "ELOOP",
	syscall.ENAMETOOLONG: "ENAMETOOLONG", syscall.EROFS: "EROFS", syscall.EBUSY: "EBUSY",
	syscall.EEXIST: "EEXIST", syscall.EIO: "EIO", syscall.ENOSPC: "ENOSPC",
	syscall.EMFILE: "EMFILE", syscall.EINVAL: "EINVAL", syscall.ETXTBSY: "ETXTBSY",
}

// jsonQuote quotes s the way JavaScript's JSON.stringify does: only `"`,
// `\` and control characters are escaped; other text is kept verbatim.
func jsonQuote(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		default:
			if r < 0x20 {
				fmt.Fprintf(&b, `\u%04x`, r)
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}

// headRunes returns the first n characters of s (code points; the reference
// counts UTF-16 units, which differs only for characters outside the BMP).
func headRunes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := 0
	for k := 0; k < n && i < len(s); k++ {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return s[:i]
}

// preview cuts s to n characters, marking a cut with "…".
func preview(s string, n int) string {
	if h := headRunes(s, n); len(h) < len(s) {
		return h + "…"
	}
	return s
}

func isJSSpace(r rune) bool { return unicode.IsSpace(r) || r == 0xFEFF }

// jsTrim, jsTrimStart and jsTrimEnd trim what JavaScript's String.trim does.
func jsTrim(s string) string      { return strings.TrimFunc(s, isJSSpace) }
func jsTrimStart(s string) string { return strings.TrimLeftFunc(s, isJSSpace) }
func jsTrimEnd(s string) string   { return strings.TrimRightFunc(s, isJSSpace) }
func isBlank(s string) bool       { return jsTrim(s) == "" }
