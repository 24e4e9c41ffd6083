package owneronly

import (
	"strings"
	"testing"
)

func TestProblem(t *testing.T) {
	const me, other = "S-1-5-21-1-2-3-1001", "S-1-5-21-1-2-3-1002"
	allow := func(sid string, mask uint32) ACE { return ACE{SID: sid, Allow: true, Mask: mask} }
	const read, full = 0x120089, 0x1f01ff
	cases := []struct {
		name   string
		d      Descriptor
		access Access
		want   string // substring of the problem; "" for none
	}{
		{"owner-only", Descriptor{Owner: me, ACEs: []ACE{allow(me, full)}}, Private, ""},
		{"with SYSTEM and Administrators", Descriptor{Owner: me, ACEs: []ACE{allow(me, full), allow(SIDSystem, full), allow(SIDAdministrators, full)}}, Private, ""},
		{"owned by Administrators (elevated)", Descriptor{Owner: SIDAdministrators, ACEs: []ACE{allow(me, full)}}, Private, ""},
		{"owned by another account", Descriptor{Owner: other, ACEs: []ACE{allow(me, full)}}, Private, "owned by " + other},
		{"null DACL", Descriptor{Owner: me, NullDACL: true}, Private, "every account has full access"},
		{"Everyone may read", Descriptor{Owner: me, ACEs: []ACE{allow(me, full), allow("S-1-1-0", read)}}, Private, "grants access to Everyone"},
		{"Users may read, state dir", Descriptor{Owner: me, ACEs: []ACE{allow(me, full), allow("S-1-5-32-545", read)}}, NoWrite, ""},
		{"Users may write, state dir", Descriptor{Owner: me, ACEs: []ACE{allow(me, full), allow("S-1-5-32-545", 0x2)}}, NoWrite, "grants write access to Users"},
		{"another account may delete", Descriptor{Owner: me, ACEs: []ACE{allow(other, 0x10000)}}, NoWrite, "grants write access to " + other},
		{"a denied entry widens nothing", Descriptor{Owner: me, ACEs: []ACE{allow(me, full), {SID: "S-1-1-0", Mask: full}}}, Private, ""},
		{"inherit-only CREATOR OWNER", Descriptor{Owner: me, ACEs: []ACE{allow(me, full), {SID: "S-1-3-0", Allow: true, InheritOnly: true, Mask: full}}}, Private, ""},
		{"CREATOR OWNER on the object", Descriptor{Owner: me, ACEs: []ACE{allow("S-1-3-0", full)}}, Private, "CREATOR OWNER"},
	}
	for _, c := range cases {
		got := Problem(c.d, me, c.access)
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%s: Problem = %q, want %q", c.name, got, c.want)
		}
	}
}
