package hashline

import (
	"strings"
	"testing"
)

// FuzzParse: no input panics the parser, and what it accepts is well formed.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"[a.ts#1A2B]\nreplace 1..2:\n+x\n+y\ndelete 4\ninsert after 5:\n+z",
		"*** Begin Patch\n[a b.ts#ffff]\r\nreplace block 3:\n+{\n\n+}\n*** End Patch",
		"[*** Update File: a.ts#1A2B]\n# note\ninsert head:\n1:pasted\n 2:row\n",
		"[a.ts#1A2B]\ndelete 1..100000\n[b.ts#0000]\ninsert tail:\n+t\n[a.ts]\nreplace 9007199254740991:\n+x",
		"[a.ts#1A2B]\n@@ -1,1 +1,1 @@\n-x\n+y",
		"[a.ts#1A2B]\nreplace 1…3:\n-x",
		"[]\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		secs, err := Parse(input, ParseOptions{Cwd: "/w"})
		if err != nil {
			if err.Error() == "" || KindOf(err) == 0 {
				t.Fatalf("error without message or kind: %#v", err)
			}
			return
		}
		for _, s := range secs {
			if len(s.Tag) != 4 || strings.ToUpper(s.Tag) != s.Tag || s.Path == "" {
				t.Fatalf("bad section header %q #%q", s.Path, s.Tag)
			}
			for _, op := range s.Ops {
				if op.anchored() && (op.Start < 1 || op.Start > maxSafeInteger) {
					t.Fatalf("bad anchor %+v", op)
				}
				if op.deletes() && (op.End < op.Start || op.End-op.Start >= maxRangeLines) {
					t.Fatalf("bad range %+v", op)
				}
				if op.Kind != OpReplace && op.Kind != OpDelete && op.Kind != OpDeleteBlock && len(op.Body) == 0 {
					t.Fatalf("empty body %+v", op)
				}
			}
		}
	})
}

// FuzzApply: applying a parsed script never panics, never touches an
// original line outside a hunk's deleted range, and adds only body rows.
func FuzzApply(f *testing.F) {
	for _, seed := range [][2]string{
		{"a\nb\nc\n", "replace 1..1:\n+X\ninsert after 3:\n+Y\ndelete 2"},
		{"function f() {\n  a();\n}\n", "replace 2..2:\n+  b();\n+}\ninsert after 2:\n+c();"},
		{"", "insert head:\n+h\ninsert tail:\n+t"},
		{"x\r\ny", "replace 9007199254740990..9007199254740991:\n+z"},
		{"a\nb\n", "delete 1..3\ninsert after 3:\n+q"},
		{"a\nb\nc\nd\n", "replace 2..3:\n+a\n+M\n+d"},
		{"{\n  x\n}\n", "insert after block 1:\n+  y\nreplace block 2:\n+z"},
	} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, src, script string) {
		if len(src) > 1<<16 {
			return
		}
		src = Normalize(src)
		secs, err := Parse("[f#"+Tag(src)+"]\n"+script, ParseOptions{})
		if err != nil || len(secs) != 1 {
			return
		}
		ops := secs[0].Ops
		res, err := Apply(src, "f", ops, nil)
		if err != nil {
			return
		}
		lines := strings.Split(src, "\n")
		phantom := 0
		if len(lines) > 1 && lines[len(lines)-1] == "" {
			phantom = len(lines)
		}
		inRange := func(l int) bool {
			for _, op := range ops {
				if op.deletes() && op.Start <= l && l <= op.End {
					return true
				}
			}
			return false
		}
		bodies := map[string]bool{}
		rows := 0
		for _, op := range ops {
			for _, b := range op.Body {
				bodies[b] = true
			}
			rows += len(op.Body)
		}
		kept := map[int]bool{}
		prev := 0
		for j, s := range res.src {
			if s == 0 {
				if !bodies[res.after[j]] {
					t.Fatalf("inserted %q, which no body holds", res.after[j])
				}
				continue
			}
			if int(s) <= prev || res.after[j] != lines[s-1] {
				t.Fatalf("original line %d moved or changed", s)
			}
			prev, kept[int(s)] = int(s), true
		}
		if res.Text != strings.Join(res.after, "\n") {
			t.Fatal("text and rows disagree")
		}
		for l := 1; l <= len(lines); l++ {
			if l == phantom || src == "" || kept[l] || inRange(l) {
				continue
			}
			t.Fatalf("line %d (%q) outside every hunk was dropped", l, lines[l-1])
		}
		if n := len(res.after) - len(lines); n > rows {
			t.Fatalf("%d lines added from %d body rows", n, rows)
		}
	})
}

// FuzzRecover: the stale-tag procedure never panics, and a rejection never
// records a snapshot.
func FuzzRecover(f *testing.F) {
	f.Add("a\nb\nc\nd\ne\nf\ng\n", "a\nb\nc\nd\ne\nf\nG\n", "replace 2..2:\n+B", false)
	f.Add("a\nb\nc\n", "a\nx\nb\nc\n", "insert tail:\n+t\ndelete 1", true)
	f.Add("", "x", "insert head:\n+h", false)
	f.Add("\uFEFFa", "\uFEFFa", "insert head:\n+\uFEFFx", false)
	f.Fuzz(func(t *testing.T, snap, live, script string, chain bool) {
		if len(snap) > 1<<14 || len(live) > 1<<14 {
			return
		}
		store := NewStore()
		tag := store.Record("/f", snap)
		if chain {
			store.Record("/f", live+"\n")
		}
		secs, err := Parse("[f#"+tag+"]\n"+script, ParseOptions{})
		if err != nil {
			return
		}
		_, before, _ := store.Len()
		read := ReaderFunc(func(string) (string, string, error) { return "/f", live, nil })
		p, err := Prepare(secs, PrepareOptions{Store: store, Read: read})
		if _, after, _ := store.Len(); after != before {
			t.Fatal("Prepare recorded a snapshot")
		}
		if err == nil && !p.Noop {
			f := p.Files[0]
			if f.Tag != Tag(f.Bytes) || f.After != Normalize(f.Bytes) {
				t.Fatalf("the result (tag %s, text %q) is not the written file (tag %s, text %q)", f.Tag, f.After, Tag(f.Bytes), Normalize(f.Bytes))
			}
		}
	})
}

// FuzzPersistLines: turning an edit's result back into bytes reads back as
// the result, and every line the diff leaves unchanged keeps its own bytes,
// line ending included.
func FuzzPersistLines(f *testing.F) {
	f.Add("a\r\nb\nc\r\nd\n", "a\nb\nC\nd\n")
	f.Add("a\rb\nc\r\n", "x\na\nb\nc\n")
	f.Add("\uFEFFa\r\nb\nc", "a\nb\nc\nt")
	f.Add("a\n\r\n\r", "a\n\n\nz")
	f.Fuzz(func(t *testing.T, raw, after string) {
		if len(raw) > 1<<14 || len(after) > 1<<14 || strings.IndexByte(after, '\r') >= 0 {
			return
		}
		live := Normalize(raw)
		d := diffTexts(live, after)
		out := persistLines(raw, after, d)
		if Normalize(out) != Normalize(Persist(raw, after)) {
			t.Fatalf("persisted %q reads as %q, want %q", out, Normalize(out), Normalize(Persist(raw, after)))
		}
		if out == Persist(raw, after) || !mixedEndings(strings.TrimPrefix(raw, bom)) {
			return
		}
		ends := rawEndings(strings.TrimPrefix(raw, bom))
		outEnds := rawEndings(strings.TrimPrefix(out, bom))
		i, j := 0, 0
		check := func(a0 int) {
			for ; i < a0; i, j = i+1, j+1 {
				if ends[i] != "" && outEnds[j] != ends[i] {
					t.Fatalf("unchanged line %d (%q) ended %q, now %q: %q → %q", i+1, d.a.lines[i], ends[i], outEnds[j], raw, out)
				}
			}
		}
		for _, c := range d.changes {
			check(c.a0)
			i, j = c.a1, c.b1
		}
		check(len(d.a.lines))
	})
}
