// Package pathfold compares paths the way the file systems most users have
// do: APFS and NTFS by default ignore case, APFS ignores Unicode
// normalisation, HFS+ ignores some invisible code points, and Windows drops
// trailing dots and spaces and reads "name:stream" as a stream of name.
// A guard that refuses ".git" or a settings directory must refuse every
// spelling the system opens as the same file (".GIT", "Settings.JSON",
// ".git. ", an NFD "José"), so the guards compare Keys.
//
// The folding is the same on every system, so it is tested on Linux; on a
// case-sensitive file system it refuses a few more names than it must
// (a ".Git" directory beside ".git"), never fewer.
package pathfold

import (
	"path/filepath"
	"strings"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

var folder = cases.Fold()

// Key is one path component as a case- and normalisation-insensitive file
// system compares it: canonical caseless form (NFD, case fold, NFD), less
// the code points HFS+ ignores, less an NTFS stream suffix (":stream",
// "::$DATA") and trailing dots and spaces, which Windows strips. It is the
// union of what APFS, HFS+ and NTFS ignore: the guards' comparison.
func Key(name string) string {
	s := strings.Map(func(r rune) rune {
		if ignorable(r) {
			return -1
		}
		return r
	}, APFS(name))
	return winTrim(s)
}

// KeyPattern is Key for one segment of a glob pattern: the same folding,
// with the pattern's metacharacters kept and nothing cut at a ':' (a
// pattern may hold one in a class or a brace), so a folded pattern matches
// the Keys of every name it names in any spelling.
func KeyPattern(segment string) string {
	return TrimDots(strings.Map(func(r rune) rune {
		if ignorable(r) {
			return -1
		}
		return r
	}, APFS(segment)))
}

// APFS is one name as APFS compares names by default: case-insensitive
// and normalisation-insensitive (canonical caseless form: NFD, case fold,
// NFD).
func APFS(name string) string {
	return norm.NFD.String(folder.String(norm.NFD.String(name)))
}

// NTFS is one name as Windows opens it on NTFS: case-insensitive by simple
// upper-casing (NTFS compares through an upcase table and does not
// normalise Unicode), less a stream suffix and trailing dots and spaces,
// which the Win32 layer strips.
func NTFS(name string) string { return winTrim(strings.ToUpper(name)) }

// winTrim drops an NTFS stream suffix (":stream", "::$DATA") and trailing
// dots and spaces; "." and ".." stay.
func winTrim(s string) string {
	if i := strings.IndexByte(s, ':'); i >= 0 {
		s = s[:i]
	}
	return TrimDots(s)
}

// TrimDots drops the trailing dots and spaces Windows ignores in a name,
// but keeps the names "." and "..".
func TrimDots(s string) string {
	if s == "." || s == ".." {
		return s
	}
	return strings.TrimRight(s, ". ")
}

// ignorable reports the code points HFS+ leaves out when it compares names
// (zero-width joiners, direction marks, the byte-order mark), as git's
// is_hfs_dotgit does.
func ignorable(r rune) bool {
	switch {
	case r >= 0x200c && r <= 0x200f, r >= 0x202a && r <= 0x202e, r >= 0x206a && r <= 0x206f, r == 0xfeff:
		return true
	}
	return false
}

// Equal reports whether a and b name the same entry on such a system.
func Equal(a, b string) bool { return Key(a) == Key(b) }

// IsDotGit reports whether name is git's directory in any spelling,
// its NTFS short name ("GIT~1") included.
func IsDotGit(name string) bool {
	k := Key(name)
	return k == ".git" || k == "git~1"
}

// Split is a path's components, at '/' and at the system's separator
// ('\' on Windows too); a volume ("C:", `\\host\share`) is the first.
func Split(p string) []string {
	vol := filepath.VolumeName(p)
	var out []string
	if vol != "" {
		out = append(out, vol)
	}
	for _, c := range strings.FieldsFunc(p[len(vol):], isSep) {
		if c != "." {
			out = append(out, c)
		}
	}
	return out
}

// rooted reports whether p starts at a root: a separator after its volume
// (a volume alone, "C:", is relative to that drive's current directory).
func rooted(p string) bool {
	vol := filepath.VolumeName(p)
	return len(p) > len(vol) && isSep(rune(p[len(vol)])) || strings.HasPrefix(vol, `\\`)
}

func isSep(r rune) bool { return r == '/' || r == filepath.Separator }

// Below reports whether path is dir or inside it when components compare
// by Key, and the components of path below dir as written. A relative
// path is never inside a rooted one ("/w" or `C:\w`), nor the reverse.
func Below(dir, path string) (rest []string, inside bool) {
	if rooted(dir) != rooted(path) {
		return nil, false
	}
	d, p := Split(filepath.Clean(dir)), Split(filepath.Clean(path))
	if len(p) < len(d) {
		return nil, false
	}
	for i := range d {
		if d[i] == ".." || !Equal(d[i], p[i]) {
			return nil, false
		}
	}
	return p[len(d):], true
}

// Within reports whether path is dir or inside it (see Below).
func Within(dir, path string) bool {
	_, inside := Below(dir, path)
	return inside
}
