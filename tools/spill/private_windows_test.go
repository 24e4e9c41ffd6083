package spill

import (
	"testing"

	"github.com/atomic-script/atomic-script/internal/owneronly"
	"golang.org/x/sys/windows"
)

// wantPrivate fails unless p's ACL lets no account but this one (and
// SYSTEM and Administrators) reach it: the Windows form of 0700/0600.
func wantPrivate(t *testing.T, p string, dir bool) {
	t.Helper()
	if m := mode(t, p); m.IsDir() != dir {
		t.Errorf("%s mode = %v, want a directory: %v", p, m, dir)
	}
	h, err := owneronly.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer windows.CloseHandle(h)
	d, err := owneronly.Read(h)
	if err != nil {
		t.Fatal(err)
	}
	me, err := owneronly.User()
	if err != nil {
		t.Fatal(err)
	}
	if problem := owneronly.Problem(d, me, owneronly.Private); problem != "" {
		t.Errorf("%s is not private: %s (%+v)", p, problem, d)
	}
}
