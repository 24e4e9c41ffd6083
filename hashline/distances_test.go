package hashline

import "testing"

func TestDistances(t *testing.T) {
	for _, tc := range []struct {
		start, min, max int
		want            []int
	}{
		{5, 0, 10, []int{0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5}},
		{2, 0, 4, []int{0, 1, -1, 2, -2}},
		{0, 0, 3, []int{0, 1, 2, 3}},
		{3, 0, 3, []int{0, -1, -2, -3}},
		{2, 2, 2, []int{0}},
	} {
		got := []int{0}
		next := distances(tc.start, tc.min, tc.max)
		for k, ok := next(); ok; k, ok = next() {
			got = append(got, k)
		}
		if len(got) != len(tc.want) {
			t.Errorf("%+v: got %v", tc, got)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%+v: got %v", tc, got)
				break
			}
		}
	}
}
