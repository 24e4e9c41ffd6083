//go:build unix

package spill

import "testing"

// wantPrivate fails unless p is drwx------ (a directory) or -rw-------.
func wantPrivate(t *testing.T, p string, dir bool) {
	t.Helper()
	m := mode(t, p)
	switch {
	case dir && (!m.IsDir() || m.Perm() != 0o700):
		t.Errorf("%s mode = %v, want drwx------", p, m)
	case !dir && m.Perm() != 0o600:
		t.Errorf("%s mode = %v, want -rw-------", p, m)
	}
}
