package spill

import (
	"strings"
	"testing"
)

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
