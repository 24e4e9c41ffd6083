package spill

import (
	"strings"
	"testing"
)

func TestSafeComponent(t *testing.T) {
	for _, tc := range []struct{ id, want string }{
		{"abc-DEF_1.2", "abc-DEF_1.2"},
		{"", "default"},
		{"..", "_.-" + digest("..")},
		{".hidden", "_hidden-" + digest(".hidden")},
		{"../../etc/passwd", "_._.._etc_passwd-" + digest("../../etc/passwd")},
		{"a/b", "a_b-" + digest("a/b")},
		{"a_b", "a_b"}, // distinct from "a/b" thanks to the digest
		{"sess\x00ion", "sess_ion-" + digest("sess\x00ion")},
		{"ünï", "__n__-" + digest("ünï")},
	} {
		if got := SafeComponent(tc.id); got != tc.want {
			t.Errorf("SafeComponent(%q) = %q, want %q", tc.id, got, tc.want)
		}
	}
	long := strings.Repeat("x", 200)
	got := SafeComponent(long)
	if len(got) > maxComponent || !strings.HasSuffix(got, "-"+digest(long)) {
		t.Errorf("SafeComponent(200 x) = %q (%d bytes), want ≤ %d bytes ending in its digest", got, len(got), maxComponent)
	}
}

func digest(s string) string {
	c := SafeComponent(s)
	return c[strings.LastIndexByte(c, '-')+1:]
}

func FuzzSafeComponent(f *testing.F) {
	for _, s := range []string{"", "..", "a/b", "../x", ".git", "ok-id_1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, id string) {
		c := SafeComponent(id)
		if c == "" || c == "." || c == ".." || strings.HasPrefix(c, ".") || strings.ContainsAny(c, "/\x00\\") || len(c) > maxComponent {
			t.Fatalf("SafeComponent(%q) = %q is not one safe component", id, c)
		}
		if SafeComponent(id) != c {
			t.Fatalf("SafeComponent(%q) is not deterministic", id)
		}
	})
}

// The Windows temp root is named after the account (sys_windows.go): two
// accounts never share it, the same account in another case does, and the
// name is one safe path component.
func TestAccountRootName(t *testing.T) {
	alice := accountRootName(`CONTOSO\Alice`)
	if !strings.HasPrefix(alice, "atomic-CONTOSO_Alice-") {
		t.Errorf("name %q", alice)
	}
	if got := accountRootName(`contoso\ALICE`); got[len(got)-8:] != alice[len(alice)-8:] {
		t.Errorf("the same account in another case: %q and %q", got, alice)
	}
	for _, other := range []string{`FABRIKAM\Alice`, `CONTOSO/Alice`, `CONTOSO_Alice`, `CONTOSO\Alicf`} {
		if accountRootName(other) == alice {
			t.Errorf("%q shares %q with CONTOSO\\Alice", other, alice)
		}
	}
	long := accountRootName(strings.Repeat("x", 300) + `\` + "名前")
	if len(long) > 64 || strings.ContainsAny(long, `\/:*?"<>| `) || SafeComponent(long) != long {
		t.Errorf("not one safe component: %q (%d bytes)", long, len(long))
	}
}
