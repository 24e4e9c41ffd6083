package owneronly

import (
	"fmt"
	"sync"
	"unsafe"

	"golang.org/x/sys/windows"
)

// Error reports an object that is not private, and why.
type Error struct {
	Path   string
	Reason string
}

func (e *Error) Error() string { return e.Path + " " + e.Reason }

// user is the SID of the account the process runs as (its token's user).
var user = sync.OnceValues(func() (*windows.SID, error) {
	tu, err := windows.GetCurrentProcessToken().GetTokenUser()
	if err != nil {
		return nil, fmt.Errorf("reading this account's SID: %w", err)
	}
	return tu.User.Sid.Copy()
})

// User returns the SID of the account the process runs as, as a string.
func User() (string, error) {
	sid, err := user()
	if err != nil {
		return "", err
	}
	return sid.String(), nil
}

// Read returns the owner and DACL of the object open as h (which needs
// READ_CONTROL).
func Read(h windows.Handle) (Descriptor, error) {
	sd, err := windows.GetSecurityInfo(h, windows.SE_FILE_OBJECT, windows.OWNER_SECURITY_INFORMATION|windows.DACL_SECURITY_INFORMATION)
	if err != nil {
		return Descriptor{}, fmt.Errorf("reading its security descriptor: %w", err)
	}
	owner, _, err := sd.Owner()
	if err != nil || owner == nil {
		return Descriptor{}, fmt.Errorf("reading its owner: %v", err)
	}
	d := Descriptor{Owner: owner.String()}
	dacl, _, err := sd.DACL()
	if err == windows.ERROR_OBJECT_NOT_FOUND || (err == nil && dacl == nil) {
		d.NullDACL = true
		return d, nil
	}
	if err != nil {
		return Descriptor{}, fmt.Errorf("reading its access-control list: %w", err)
	}
	for i := uint32(0); i < uint32(dacl.AceCount); i++ {
		var ace *windows.ACCESS_ALLOWED_ACE
		if err := windows.GetAce(dacl, i, &ace); err != nil {
			return Descriptor{}, fmt.Errorf("reading access entry %d: %w", i, err)
		}
		e := ACE{InheritOnly: ace.Header.AceFlags&windows.INHERIT_ONLY_ACE != 0, Mask: uint32(ace.Mask)}
		switch ace.Header.AceType {
		case windows.ACCESS_ALLOWED_ACE_TYPE:
			e.Allow = true
			e.SID = (*windows.SID)(unsafe.Pointer(&ace.SidStart)).String()
		case windows.ACCESS_DENIED_ACE_TYPE:
			e.SID = (*windows.SID)(unsafe.Pointer(&ace.SidStart)).String()
		default:
			// Object and callback entries carry their SID elsewhere: one
			// we cannot read is taken as a grant to someone else.
			e.Allow, e.SID = true, fmt.Sprintf("an access entry of type %d", ace.Header.AceType)
		}
		d.ACEs = append(d.ACEs, e)
	}
	return d, nil
}

// Restrict replaces the DACL of the object open as h (which needs
// WRITE_DAC) with one entry, full control for this account, inherited by
// the files and directories created inside it, and protected from the
// parent's inheritable entries: the ACL form of 0700.
func Restrict(h windows.Handle) error {
	sid, err := user()
	if err != nil {
		return err
	}
	acl, err := windows.ACLFromEntries([]windows.EXPLICIT_ACCESS{{
		AccessPermissions: windows.GENERIC_ALL,
		AccessMode:        windows.GRANT_ACCESS,
		Inheritance:       windows.SUB_CONTAINERS_AND_OBJECTS_INHERIT,
		Trustee: windows.TRUSTEE{
			TrusteeForm:  windows.TRUSTEE_IS_SID,
			TrusteeType:  windows.TRUSTEE_IS_USER,
			TrusteeValue: windows.TrusteeValueFromSID(sid),
		},
	}}, nil)
	if err != nil {
		return fmt.Errorf("building an owner-only access-control list: %w", err)
	}
	if err := windows.SetSecurityInfo(h, windows.SE_FILE_OBJECT, windows.DACL_SECURITY_INFORMATION|windows.PROTECTED_DACL_SECURITY_INFORMATION, nil, nil, acl, nil); err != nil {
		return fmt.Errorf("setting an owner-only access-control list: %w", err)
	}
	return nil
}

// Check verifies the object open as h (READ_CONTROL, and WRITE_DAC when
// tighten) is private to this account under access. With tighten, an object
// this account owns that is too open gets Restrict and is checked again.
// The error is an *Error naming path.
func Check(h windows.Handle, path string, access Access, tighten bool) error {
	me, err := User()
	if err != nil {
		return &Error{Path: path, Reason: err.Error()}
	}
	d, err := Read(h)
	if err != nil {
		return &Error{Path: path, Reason: err.Error()}
	}
	p := Problem(d, me, access)
	if p == "" {
		return nil
	}
	if !tighten || d.Owner != me {
		return &Error{Path: path, Reason: p}
	}
	if err := Restrict(h); err != nil {
		return &Error{Path: path, Reason: p + ", and " + err.Error()}
	}
	if d, err = Read(h); err != nil {
		return &Error{Path: path, Reason: err.Error()}
	}
	if p := Problem(d, me, access); p != "" {
		return &Error{Path: path, Reason: p + " after it was restricted to this account"}
	}
	return nil
}

// Open opens path for Check without following a link at its last component
// (FILE_FLAG_OPEN_REPARSE_POINT): READ_CONTROL and WRITE_DAC, sharing
// everything, so it stands in for no other opener.
func Open(path string) (windows.Handle, error) {
	p, err := windows.UTF16PtrFromString(path)
	if err != nil {
		return windows.InvalidHandle, err
	}
	return windows.CreateFile(p, windows.READ_CONTROL|windows.WRITE_DAC|windows.FILE_READ_ATTRIBUTES,
		windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE, nil,
		windows.OPEN_EXISTING, windows.FILE_FLAG_BACKUP_SEMANTICS|windows.FILE_FLAG_OPEN_REPARSE_POINT, 0)
}
