package nesting

import (
	"strings"
	"testing"
)

var unit = Weights{Open: 1, Template: 1, Other: 1}

func TestMeasureFunctions(t *testing.T) {
	for _, c := range []struct {
		src  string
		want int
	}{
		{"", 0},
		{"a => b", 1},
		{"a => b => c", 2},
		{"f(a => 1, b => 2, c => 3)", 1},
		{"function f() { function g() { return x => 1 } }", 3},
		{"function a() {}\nfunction b() {}\nfunction c() {}", 1},
		{"x.function(1); y = '=>' + `=>`", 0},
		{strings.Repeat("f(() => ", 50) + strings.Repeat(")", 50), 50},
	} {
		if got := Measure(c.src, unit).Functions; got != c.want {
			t.Errorf("Measure(%q).Functions = %d, want %d", c.src, got, c.want)
		}
	}
}

func TestMeasureReportsWhere(t *testing.T) {
	src := "a = 1\nb = [[[[x]]]]\n"
	c := Measure(src, unit)
	if src[c.StackAt] != 'x' {
		t.Errorf("deepest point at %d (%q), want the x", c.StackAt, src[c.StackAt:])
	}
}
