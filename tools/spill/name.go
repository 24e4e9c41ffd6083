package spill

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// maxComponent bounds a session component so a long id cannot exceed NAME_MAX
// once a digest is appended.
const maxComponent = 64

// SafeComponent reduces a session id to one safe path component: letters,
// digits, '-', '_' and '.' are kept, anything else becomes '_', a leading dot
// becomes '_' (so ".." and hidden names cannot occur, and names starting with
// '.' stay reserved for the reaper's control files), and an empty id becomes
// "default". When the id had to change, a short digest of the original is
// appended so that two ids that reduce to the same text do not share a tree.
func SafeComponent(id string) string {
	var b strings.Builder
	for i := 0; i < len(id); i++ {
		c := id[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '_':
			b.WriteByte(c)
		case c == '.' && b.Len() > 0:
			b.WriteByte(c)
		default:
			b.WriteByte('_')
		}
	}
	s := b.String()
	if s == id && s != "" && len(s) <= maxComponent {
		return s
	}
	if id == "" {
		return "default"
	}
	sum := sha256.Sum256([]byte(id))
	if len(s) > maxComponent-9 {
		s = s[:maxComponent-9]
	}
	return s + "-" + hex.EncodeToString(sum[:4])
}

// accountRootName is the per-account temp directory's name where accounts
// have names rather than uids (Windows): "atomic-" and the account, domain
// included ("CONTOSO\Alice"), reduced to a safe component, then a digest of
// the whole name, so that CONTOSO\Alice and FABRIKAM\Alice, or two names
// that reduce alike, never share a tree. Account names do not distinguish
// case, so neither does the digest.
func accountRootName(account string) string {
	var b strings.Builder
	for _, r := range account {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	s := b.String()
	if len(s) > 40 {
		s = s[:40]
	}
	sum := sha256.Sum256([]byte(strings.ToLower(account)))
	return "atomic-" + s + "-" + hex.EncodeToString(sum[:4])
}
