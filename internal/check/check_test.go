package check

import (
	"strings"
	"testing"
	"unicode/utf8"
)

var testTools = &Tools{
	Callable:   map[string]bool{"read": true, "write": true},
	Namespaces: map[string]bool{"github": true},
	Disabled:   map[string]string{"bash": "enable it with --tools bash"},
}

// found renders findings as "line:col code" for compact expectations.
func found(ds []Diagnostic) string {
	var out []string
	for _, d := range ds {
		out = append(out, d.String()[:strings.Index(d.String(), ": ")]+" "+d.Code)
	}
	return strings.Join(out, "; ")
}

func TestCompile(t *testing.T) {
	for _, c := range []struct {
		name string
		lang Lang
		src  string
		want string // findings as "line:col code; ..."
		ran  Lang   // the language it runs as; "" when it cannot run
	}{
		{"awaited calls", JS, "await tools.read({})\nconst r = await tools.write({})", "", JS},
		{"stored then awaited", JS, "const p = tools.read({})\nawait p", "", JS},
		{"returned", JS, "return tools.read({})", "", JS},
		{"passed on", JS, "await Promise.all([tools.read({}), tools.read({})])\nconsole.log(tools.read({}))", "", JS},
		{"chained", JS, "tools.read({}).then(r => text(r))", "", JS},
		{"voided on purpose", JS, "void tools.write({})", "", JS},
		{"bare call", JS, "const a = 1\n  tools.write({})", "2:3 not-awaited", JS},
		{"namespaced tool", JS, "tools.github.create_issue({})", "1:1 not-awaited", JS},
		{"bracket name", JS, `tools["write"]({})`, "1:1 not-awaited", JS},
		{"optional call", JS, "tools.write?.({})", "1:1 not-awaited", JS},
		{"in a sequence and a branch", JS, "a = 1, tools.write({})\nok ? tools.write({}) : 0\nok && tools.write({})", "1:8 not-awaited; 2:6 not-awaited; 3:7 not-awaited", JS},
		{"inside functions and loops", JS, "for (const f of fs) {\n  if (f) { tools.write({}) }\n}\nasync function g() {\n  tools.read({})\n}", "2:12 not-awaited; 5:3 not-awaited", JS},
		{"local async function", JS, "async function save() {}\nconst put = async () => 1\nsave()\nput()\nawait save()", "3:1 not-awaited; 4:1 not-awaited", JS},
		{"Promise.all not awaited", JS, "Promise.all([tools.read({})])", "1:1 not-awaited", JS},
		{"forEach with async callback", JS, "xs.forEach(async x => { await tools.read(x) })\nxs.forEach(x => tools.write(x))\nxs.forEach(x => text(x))", "1:1 foreach-async; 2:1 foreach-async", JS},
		{"a local tools object is not the tools", JS, "const tools = {write() {}}\ntools.write()", "", JS},
		{"unknown and disabled tools", JS, "await tools.raed({})\nawait tools.bash({})\ntools.nope({})", "1:7 unknown-tool; 2:7 tool-not-enabled; 3:1 unknown-tool", JS},
		{"namespace tools are not checked", JS, "await tools.github.anything({})", "", JS},
		{"require", JS, "const fs = require('fs')", "1:12 module", JS},
		{"a local require is fine", JS, "function require(x) { return x }\nrequire(1)", "", JS},
		{"import declaration", JS, "const a = 1\nimport fs from 'fs'", "2:1 module", ""},
		{"export", TS, "export const a: number = 1", "1:1 module", ""},
		{"dynamic import", JS, "const m = await import('fs')", "1:17 module", JS},
		{"syntax error", JS, "const a = 1\nconst b = (\nconst c = 2", "3:1 syntax", ""},
		{"end of script", JS, "const a = [1,\n", "2:1 syntax", ""},
		{"syntax error on line 1", JS, "const = 1", "1:7 syntax", ""},
		{"async generator is valid", JS, "async function* g() { for await (const x of y) yield x }\ntools.write({})", "1:27 not-analysed", JS},
		{"typescript", TS, "interface A { a: string }\nenum E { X, Y }\nconst a: A = { a: 'x' } satisfies A\nconst n = (a as any)!.a\ntools.write({})\nreturn E.Y", "5:1 not-awaited", TS},
		{"typescript columns past stripped types", TS, "const a: Array<string> = [];  tools.write({})", "1:31 not-awaited", TS},
		{"typescript after non-ASCII text", TS, "const s: string = 'ééé😀'; tools.write({})", "1:27 not-awaited", TS},
		{"typescript syntax error", TS, "const a: number = 1\nconst b: = 2", "2:10 syntax", ""},
		{"jsx in ts", TS, "const e = <div>x</div>", "1:23 syntax", ""},
		{"auto: javascript", Auto, "return 1", "", JS},
		{"auto: typescript", Auto, "const n: number = 1\ntools.write({})", "2:1 not-awaited", TS},
		// Not through the TypeScript transform: it would rename the inner
		// fn (to fn2), and fn.name would say so.
		{"auto: javascript the analysis cannot read", Auto, "async function f() {\n  for await (const [fn = function () {}] of [[]]) console.log(fn.name)\n}\ntools.write({})", "2:7 not-analysed", JS},
		{"auto: neither", Auto, "const n: number = \n", "2:1 syntax", ""},
		{"invalid UTF-8", JS, "const a = 1\nconst s = 'caf\xe9'", "2:15 encoding", ""},
		{"deep brackets", JS, strings.Repeat("(", 5000) + "1" + strings.Repeat(")", 5000), "1:5001 too-deep", ""},
		{"deep chains", JS, "x = " + strings.Repeat("a=", 1e6) + "1", "1:2000005 too-deep", ""},
		{"nested functions", JS, strings.Repeat("x=>", 200) + "1", "1:599 too-deep", ""},
		{"flat big script", JS, strings.Repeat("await tools.read({path: 'a'});\n", 60000), "", JS},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, ds := Compile(c.src, Options{Lang: c.lang, Tools: testTools})
			if got := found(ds); got != c.want {
				t.Errorf("findings = %q, want %q\n%v", got, c.want, ds)
			}
			switch {
			case c.ran == "" && p != nil:
				t.Errorf("compiled to %s, want no program", p.Lang)
			case c.ran != "" && p == nil:
				t.Errorf("no program, want %s", c.ran)
			case p != nil && p.Lang != c.ran:
				t.Errorf("ran as %s, want %s", p.Lang, c.ran)
			case p != nil && p.Lang == JS && p.Code != c.src:
				t.Errorf("runs as\n%s\nwant the script as written", p.Code)
			}
		})
	}
}

func TestProgramSourceMapsTypeScript(t *testing.T) {
	src := "type P = { x: number }\n\nfunction f(p: P): number {\n  return p.x as number\n}\nconst é: string = 'ü'; f(null as any)\n"
	p, ds := Compile(src, Options{Lang: TS})
	if p == nil {
		t.Fatal(ds)
	}
	code := newText(p.Code)
	for _, c := range []struct {
		find       string // a token of the output
		line, col  int    // where it is in src
		occurrence int
	}{
		{"return", 4, 3, 0},
		{"p.x", 4, 10, 0},
		{".x", 4, 11, 0},
		{"f(null)", 6, 24, 0},
		{"(null)", 6, 25, 0},
	} {
		off := strings.Index(p.Code, c.find)
		if off < 0 {
			t.Fatalf("%q not in %q", c.find, p.Code)
		}
		line, col := code.pos(off)
		if gl, gc := p.Source(line, col); gl != c.line || gc != c.col {
			t.Errorf("%q at %d:%d maps to %d:%d, want %d:%d\n%s", c.find, line, col, gl, gc, c.line, c.col, p.Code)
		}
	}
}

func TestLangOf(t *testing.T) {
	for name, want := range map[string]Lang{"a.ts": TS, "x/b.MTS": TS, "c.cts": TS, "d.js": JS, "e.mjs": JS, "[eval]": Auto, "": Auto, "f.md": Auto, "g.tsx": Auto} {
		if got := LangOf(name); got != want {
			t.Errorf("LangOf(%q) = %q, want %q", name, got, want)
		}
	}
}

func FuzzCompile(f *testing.F) {
	for _, s := range []string{"", "tools.write({})", "const a: number = 1", "x = (", "import a from 'b'", "`${`${", "/*", "'\xff'", "async function* g(){}", "<div/>", "return await tools.read({})", "a=>b=>c=>d", `'\u{10FFFF}'`, `"\u{10FFFF}\u{1F600}"`} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, src string, ts bool) {
		lang := JS
		if ts {
			lang = TS
		}
		p, ds := Compile(src, Options{Lang: lang, Tools: testTools})
		if p == nil && !HasErrors(ds) {
			t.Fatalf("no program and no error: %v", ds)
		}
		lines := strings.Count(src, "\n") + 1
		for _, d := range ds {
			if d.Line < 1 || d.Line > lines || d.Col < 1 || d.Message == "" {
				t.Fatalf("finding %+v outside the %d-line script", d, lines)
			}
			if d.Line == lines || utf8.ValidString(src) {
				last := newText(src).line(d.Line)
				if d.Col > utf8.RuneCountInString(last)+1 && utf8.ValidString(last) {
					t.Fatalf("finding %+v past the end of line %q", d, last)
				}
			}
		}
	})
}

// TestParserPanicIsNoVerdict: goja's parser panics on some valid source
// ('\u{10FFFF}'); the check then asks esbuild, runs valid code unanalysed
// with a note saying so, and still rejects what is invalid.
func TestParserPanicIsNoVerdict(t *testing.T) {
	for _, lang := range []Lang{JS, Auto} {
		p, ds := Compile(`console.log('\u{10FFFF}'.length)`, Options{Lang: lang, Tools: testTools})
		if p == nil || HasErrors(ds) {
			t.Fatalf("%s: valid code refused: %+v", lang, ds)
		}
		if lang == JS && (len(ds) != 1 || ds[0].Code != CodeNotAnalysed || !strings.Contains(ds[0].Message, "cannot analyse it")) {
			t.Errorf("%s: want one not-analysed note, got %+v", lang, ds)
		}
	}
	if p, ds := Compile("'\\u{10FFFF}' +", Options{Lang: JS}); p != nil || !HasErrors(ds) || ds[0].Code != CodeSyntax {
		t.Errorf("invalid code: program %v, findings %+v", p != nil, ds)
	}
}
