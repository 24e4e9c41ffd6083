//go:build cgo

package structural

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/tools/internal/syntax"
)

// find returns the matches of pattern in src as "text" or "text{A=..}".
func find(t testing.TB, lang, pattern, src string) ([]string, error) {
	t.Helper()
	l, err := syntax.Lookup(lang)
	if err != nil {
		t.Fatal(err)
	}
	pat, err := Compile(context.Background(), l, pattern)
	if err != nil {
		return nil, err
	}
	var p syntax.Parser
	tree, err := p.Parse(context.Background(), l, []byte(src), syntax.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	pat.Find(tree, func(m Match) bool {
		s := string(tree.Src[m.Start:m.End])
		var caps []string
		for _, v := range pat.Vars() {
			if c, ok := m.Captures[v]; ok {
				caps = append(caps, fmt.Sprintf("%s=%s", v, tree.Src[c.Start:c.End]))
			}
		}
		if len(caps) > 0 {
			s += "{" + strings.Join(caps, ",") + "}"
		}
		out = append(out, s)
		return true
	})
	return out, nil
}

func TestMatches(t *testing.T) {
	cases := []struct {
		lang, pattern, src, want string
	}{
		{"go", "fmt.Errorf($MSG)", "package a\nfunc f() error {\n\t// fmt.Errorf(\"c\")\n\ts := \"fmt.Errorf(\\\"s\\\")\"\n\t_ = s\n\treturn fmt.Errorf(\"plain\")\n}\n", `fmt.Errorf("plain"){MSG="plain"}`},
		{"go", "$A == nil", "package a\nfunc f() { if x == nil || y.z == nil {} }\n", "x == nil{A=x}|y.z == nil{A=y.z}"},
		{"go", "fmt.Errorf($A, $$$B)", "package a\nfunc f() { fmt.Errorf(\"%d %s\", 1, g(2)); fmt.Errorf(\"x\") }\n", `fmt.Errorf("%d %s", 1, g(2)){$$$B=1, g(2),A="%d %s"}`},
		{"javascript", "console.log($$$ARGS)", "console.log(a, b)\nconsole.log()\n// console.log(c)\nlet s = 'console.log(d)'\n", "console.log(a, b){$$$ARGS=a, b}|console.log(){$$$ARGS=}"},
		{"javascript", "foo($A)", "foo(foo(x));\nfoo(1, foo(2));\n", "foo(foo(x)){A=foo(x)}|foo(x){A=x}|foo(2){A=2}"},
		{"javascript", "$A($A)", "test(test); foo(bar); a.b(a.b)", "test(test){A=test}|a.b(a.b){A=a.b}"},
		{"javascript", "foo($$$, c)", "foo(a, b, c); foo(c); foo(a, c, d)", "foo(a, b, c)|foo(c)"},
		{"python", "print($A)", "print(1)\nprint(1, 2)\n# print(3)\n", "print(1){A=1}"},
		{"rust", "$A.unwrap()", "fn main() { let x = y.unwrap(); }", "y.unwrap(){A=y}"},
		{"java", "System.out.println($X)", "class A { void f() { System.out.println(1); } }", "System.out.println(1){X=1}"},
		{"c", "free($P)", "void f(void) { free(p); free(q->r); }", "free(p){P=p}|free(q->r){P=q->r}"},
		{"ruby", "puts $A", "puts 1\nputs(2)\n", "puts 1{A=1}|puts(2){A=(2)}"},
		{"typescript", "const $X: $T = $V", "const a: number = 1; let b = 2;", "const a: number = 1;{T=number,V=1,X=a}"},
	}
	for _, c := range cases {
		got, err := find(t, c.lang, c.pattern, c.src)
		if err != nil {
			t.Errorf("%s %q: %v", c.lang, c.pattern, err)
			continue
		}
		if strings.Join(got, "|") != c.want {
			t.Errorf("%s %q:\n got %s\nwant %s", c.lang, c.pattern, strings.Join(got, "|"), c.want)
		}
	}
}
