package suggest

import (
	"strings"
	"testing"
)

func TestNearest(t *testing.T) {
	names := []string{"get_sum", "get_product", "echo", "search", "search_issues", "read"}
	for _, c := range []struct {
		name string
		want string
	}{
		{"get_summ", "get_sum"},
		{"get-sum", "get_sum"},
		{"GetSum", "get_sum"},
		{"serach", "search"},
		{"search_issue", "search_issues,search"},
		{"raed", "read"},
		{"zzz", ""},
		{"ec", "echo"},
	} {
		if got := strings.Join(Nearest(c.name, names, 3), ","); got != c.want {
			t.Errorf("Nearest(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"a", "", 1}, {"kitten", "sitting", 3}, {"héllo", "hello", 1}} {
		if got := Distance(c.a, c.b); got != c.d {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.d)
		}
	}
}
