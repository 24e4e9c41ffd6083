// Package owneronly decides whether a file or directory is private to the
// account running atomic-script where privacy is an access-control list
// rather than a mode: on Windows, 0700 and 0600 mean nothing, so the temp
// tree (tools/spill) and the state directory (engine's kvstore)
// hold an owner-only ACL instead (owneronly_windows.go reads and sets it).
//
// The decision is kept apart from the system calls so it is tested on every
// system: Problem judges a Descriptor (an owner and its access entries, as
// SID strings) the way the spec's Windows rule reads (tools-overview.md):
// the owner must be the current user, SYSTEM or Administrators, and every
// access-allowed entry that applies to the object must grant only those
// principals. A null DACL (everyone has full access) is refused.
package owneronly

import "fmt"

// Well-known SIDs trusted besides the user: the system itself, and the
// local administrators (who own what an elevated process creates and can
// take ownership of anything anyway).
const (
	SIDSystem         = "S-1-5-18"
	SIDAdministrators = "S-1-5-32-544"
)

// ACE is one access-control entry.
type ACE struct {
	SID         string // the principal, e.g. "S-1-1-0" (Everyone)
	Allow       bool   // an access-allowed entry; denied ones never widen access
	InheritOnly bool   // applies only to children created later, not to the object
	Mask        uint32 // the access rights
}

// Descriptor is what Problem judges: the owner and the DACL's entries.
type Descriptor struct {
	Owner    string
	NullDACL bool // no DACL at all: everyone has full access
	ACEs     []ACE
}

// writeRights are the rights that let a principal change a directory's
// contents or its protection: write or append data (add a file or a
// subdirectory), delete children, write attributes or extended attributes,
// delete, change the DACL or the owner, and the generic write and all.
const writeRights = 0x2 | 0x4 | 0x10 | 0x40 | 0x100 | 0x10000 | 0x40000 | 0x80000 | 0x10000000 | 0x40000000

// Access says what Problem refuses other principals.
type Access int

const (
	// Private: no access at all (the temp tree, like 0700/0600).
	Private Access = iota
	// NoWrite: others may read but not change it (a state directory of
	// the user's own, like a directory without group or other write).
	NoWrite
)

// Trusted reports whether sid may own or reach a private object of user.
func Trusted(sid, user string) bool {
	return sid == user || sid == SIDSystem || sid == SIDAdministrators
}

// Problem says why d is not private to user under access, or "" when it
// is. The reason names the principal, for an error message.
func Problem(d Descriptor, user string, access Access) string {
	if !Trusted(d.Owner, user) {
		return fmt.Sprintf("owned by %s, not by this account (%s)", d.Owner, user)
	}
	if d.NullDACL {
		return "has no access-control list: every account has full access"
	}
	for _, e := range d.ACEs {
		if !e.Allow || e.InheritOnly || Trusted(e.SID, user) {
			continue
		}
		if access == NoWrite && e.Mask&writeRights == 0 {
			continue
		}
		what := "access"
		if access == NoWrite {
			what = "write access"
		}
		return fmt.Sprintf("grants %s to %s", what, describeSID(e.SID))
	}
	return ""
}

// describeSID names the well-known principals a message is likely to meet.
func describeSID(sid string) string {
	switch sid {
	case "S-1-1-0":
		return "Everyone (S-1-1-0)"
	case "S-1-5-32-545":
		return "Users (S-1-5-32-545)"
	case "S-1-5-11":
		return "Authenticated Users (S-1-5-11)"
	case "S-1-3-0":
		return "CREATOR OWNER (S-1-3-0)"
	}
	return sid
}
