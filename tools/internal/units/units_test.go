package units

import "testing"

func TestSize(t *testing.T) {
	for _, c := range []struct {
		n    int64
		want string
	}{
		{0, "0B"}, {1023, "1023B"}, {1024, "1.0KB"}, {50 << 10, "50.0KB"}, {1536 << 10, "1.5MB"},
		{1<<30 - 1, "1024.0MB"}, {2 << 30, "2.0GB"},
	} {
		if got := Size(c.n); got != c.want {
			t.Errorf("Size(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}
