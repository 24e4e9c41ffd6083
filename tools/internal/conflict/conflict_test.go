package conflict

import (
	"strings"
	"testing"
)

const twoRegions = `top
<<<<<<< HEAD
ours 1
ours 2
=======
theirs 1
>>>>>>> feature
middle
<<<<<<< HEAD
a
||||||| merged common ancestors
base
=======
b
>>>>>>> feature
<<<<<<<< not a marker
bottom
`

func TestScan(t *testing.T) {
	rs := Scan(twoRegions)
	if len(rs) != 2 {
		t.Fatalf("%d regions", len(rs))
	}
	r := rs[0]
	if r.Start != 2 || r.End != 7 || r.Ours != "ours 1\nours 2\n" || r.Theirs != "theirs 1\n" || r.OursLabel != "HEAD" || r.TheirsLabel != "feature" || r.HasBase {
		t.Errorf("first: %+v", r)
	}
	r = rs[1]
	if r.Start != 9 || r.End != 15 || !r.HasBase || r.Base != "base\n" || r.BaseLabel != "merged common ancestors" {
		t.Errorf("second: %+v", r)
	}
	for _, text := range []string{
		"<<<<<<< a\nx\n=======\ny\n",         // no end
		"<<<<<<< a\nx\n>>>>>>> b\n",          // no separator
		"=======\n>>>>>>> b\n",               // no start
		"<<<<<<< a\n<<<<<<< b\nx\n=======\n", // a start inside a region, never closed
	} {
		if rs := Scan(text); len(rs) != 0 {
			t.Errorf("%q: %+v", text, rs)
		}
	}
}

func TestReplace(t *testing.T) {
	rs := Scan(twoRegions)
	for _, c := range []struct {
		region     int
		resolution string
		want       string
	}{
		{0, "@theirs\n@ours", "top\ntheirs 1\nours 1\nours 2\nmiddle\n"},
		{0, "merged by hand", "top\nmerged by hand\nmiddle\n"},
		{0, "", "top\nmiddle\n"},
		{1, "  @base  \n@ours\n", "middle\nbase\na\n<<<<<<<< not a marker\n"},
	} {
		out, err := Replace(twoRegions, rs[c.region], c.resolution)
		if err != nil || !strings.Contains(out, c.want) {
			t.Errorf("region %d %q:\n%s (%v)\nwant it to contain\n%s", c.region, c.resolution, out, err, c.want)
		}
	}
	out, _ := Replace(twoRegions, rs[1], "@base\n@ours")
	if !strings.Contains(out, "middle\nbase\na\n<<<<<<<< not a marker\n") {
		t.Errorf("diff3 base:\n%s", out)
	}
	if _, err := Replace(twoRegions, rs[0], "@base"); err == nil || !strings.Contains(err.Error(), "has none (merge.conflictStyle is not diff3") {
		t.Errorf("@base without a base: %v", err)
	}
}

// FuzzScan: regions are ordered, inside the text, and replacing one keeps
// every line outside it.
func FuzzScan(f *testing.F) {
	f.Add(twoRegions, "@ours")
	f.Add("<<<<<<<\n=======\n>>>>>>>", "@theirs\nx")
	f.Fuzz(func(t *testing.T, text, resolution string) {
		rs := Scan(text)
		n := len(Lines(text))
		prev := 0
		for _, r := range rs {
			if r.Start <= prev || r.End <= r.Start || r.End > n {
				t.Fatalf("bad region %+v of %d lines", r, n)
			}
			prev = r.End
		}
		if len(rs) == 0 {
			return
		}
		out, err := Replace(text, rs[0], resolution)
		if err != nil {
			return
		}
		lines := Lines(text)
		if !strings.HasPrefix(out, strings.Join(lines[:rs[0].Start-1], "")) || !strings.HasSuffix(out, strings.Join(lines[rs[0].End:], "")) {
			t.Fatalf("lines outside the region changed")
		}
	})
}
