package hashline

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// session is an in-memory workspace: files by display path (absolute path
// "/w/"+display), a snapshot store and a no-op counter.
type session struct {
	files map[string]string
	store *Store
	noops *NoopCounter
	errs  map[string]error
}

func newSession(files map[string]string) *session {
	return &session{files: files, store: NewStore(), noops: &NoopCounter{}, errs: map[string]error{}}
}

func (s *session) read(display string) (string, string, error) {
	abs := "/w/" + strings.TrimPrefix(filepath.Clean(display), "/w/")
	if err := s.errs[display]; err != nil {
		return abs, "", err
	}
	text, ok := s.files[strings.TrimPrefix(abs, "/w/")]
	if !ok {
		return abs, "", &fs.PathError{Op: "open", Path: abs, Err: fs.ErrNotExist}
	}
	return abs, text, nil
}

// observe records a read of display, returning its tag.
func (s *session) observe(display string) string {
	return s.store.Record("/w/"+display, s.files[display])
}

// edit runs one edit call the way the edit tool does: parse, prepare,
// write every file and record its snapshot. It returns the tool text, or
// "ERR " and the error.
func (s *session) edit(input string, resolver BlockResolver) string {
	secs, err := Parse(input, ParseOptions{})
	if err != nil {
		return "ERR " + err.Error()
	}
	p, err := Prepare(secs, PrepareOptions{Store: s.store, Read: ReaderFunc(s.read), Resolver: resolver, Noops: s.noops})
	if err != nil {
		return "ERR " + err.Error()
	}
	for _, f := range p.Files {
		s.files[strings.TrimPrefix(f.Abs, "/w/")] = f.Bytes
		f.Record(s.store)
	}
	return p.Text()
}

func TestPrepareDirect(t *testing.T) {
	s := newSession(map[string]string{"a.ts": "const X = \"a\";\nconst Y = X;\n\nconsole.log(X);\nconsole.log(Y);\nexport { X, Y };\n"})
	tag := s.observe("a.ts")
	out := s.edit("[a.ts#"+tag+"]\nreplace 1..1:\n+const X = \"b\";\n+export const Y = X;", nil)
	want := "[a.ts#" + Tag(s.files["a.ts"]) + "]\n" +
		"-1 const X = \"a\";\n+1 const X = \"b\";\n+2 export const Y = X;\n 2 const Y = X;\n 3 \n 4 console.log(X);\n 5 console.log(Y);\n   ..."
	if out != want {
		t.Errorf("output\n got: %q\nwant: %q", out, want)
	}
	// The new tag is recorded; the old one now needs recovery.
	if _, _, ok := s.store.Head("/w/a.ts"); !ok {
		t.Fatal("no head after edit")
	}
}

func TestPrepareStaleProcedure(t *testing.T) {
	const base = "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n"
	for _, tc := range []struct {
		name  string
		setup func(s *session) string // returns the tag to present
		input string                  // script body
		want  string                  // tool text without the header line, or ERR …
		file  string                  // expected file afterwards ("" = unchanged)
	}{
		{
			name: "external change far away recovers from the head snapshot",
			setup: func(s *session) string {
				tag := s.observe("f")
				s.files["f"] = strings.Replace(base, "ten", "TEN", 1)
				return tag
			},
			input: "replace 2..2:\n+TWO",
			want:  WarnRecoveredHead,
			file:  strings.Replace(strings.Replace(base, "ten", "TEN", 1), "two", "TWO", 1),
		},
		{
			name: "external change of the edited line is rejected with context",
			setup: func(s *session) string {
				tag := s.observe("f")
				s.files["f"] = strings.Replace(base, "two", "deux", 1)
				return tag
			},
			input: "replace 2..2:\n+TWO",
			want: "ERR Edit rejected for f: file changed between read and edit.\nSection is bound to #TAG, but the current file hashes to #LIVE. If a prior edit in this session modified this file, copy the [path#newhash] header from that edit's response; otherwise re-read the file with `read` to refresh the tag before retrying.\n\n" +
				" 1:one\n*2:deux\n 3:three\n 4:four",
		},
		{
			name: "an insertion within the context breaks recovery",
			setup: func(s *session) string {
				tag := s.observe("f")
				s.files["f"] = strings.Replace(base, "three\n", "three\nNEW\n", 1)
				return tag
			},
			input: "replace 2..2:\n+TWO",
			want:  "ERR Edit rejected for f: file changed between read and edit.",
		},
		{
			name: "an edit chained on an earlier in-session snapshot recovers",
			setup: func(s *session) string {
				tag := s.observe("f")
				s.edit("[f#"+tag+"]\nreplace 10..10:\n+TEN", nil)
				return tag
			},
			input: "replace 2..2:\n+TWO",
			want:  WarnRecoveredChain,
			file:  strings.Replace(strings.Replace(base, "ten", "TEN", 1), "two", "TWO", 1),
		},
		{
			name: "replay onto the live text when the merge refuses and anchors are unchanged",
			setup: func(s *session) string {
				tag := s.observe("f")
				s.edit("[f#"+tag+"]\nreplace 3..3:\n+THREE", nil)
				return tag
			},
			input: "replace 2..2:\n+TWO",
			want:  WarnReplayed,
			file:  strings.Replace(strings.Replace(base, "three", "THREE", 1), "two", "TWO", 1),
		},
		{
			name: "replay refuses when the anchored line itself changed",
			setup: func(s *session) string {
				tag := s.observe("f")
				s.edit("[f#"+tag+"]\nreplace 2..2:\n+2", nil)
				return tag
			},
			input: "replace 2..2:\n+TWO",
			want:  "ERR Edit rejected for f: file changed between read and edit.",
		},
		{
			name:  "a tag never minted in this session",
			setup: func(s *session) string { return "ABCD" },
			input: "replace 2..2:\n+TWO",
			want: "ERR Edit rejected for f: hash #ABCD is not from this session.\nThe current file hashes to #LIVE. Re-read the file with `read` to copy a current [path#tag] header — never invent the tag and never reuse one from a prior session.\n\n" +
				" 1:one\n*2:two\n 3:three\n 4:four",
		},
		{
			name:  "a valid hash from another session",
			setup: func(s *session) string { return Tag(base) },
			input: "replace 2..2:\n+TWO",
			// Never "hash #X is not from this session. The current file
			// hashes to #X" (issue 20): say what to do.
			want: "ERR Edit rejected for f: this session has no record of reading its current content (#" + Tag(base) + ").\nA tag alone does not prove a read",
		},
		{
			name: "same hash, different text (trailing whitespace) is a change",
			setup: func(s *session) string {
				tag := s.observe("f")
				s.files["f"] = strings.Replace(base, "two", "two  ", 1)
				return tag
			},
			input: "replace 2..2:\n+TWO",
			want:  "ERR Edit rejected for f: file changed between read and edit.\nSection is bound to #TAG, but the current file hashes to #TAG.",
		},
		{
			name: "head and tail inserts apply despite drift",
			setup: func(s *session) string {
				tag := s.observe("f")
				s.files["f"] = strings.Replace(base, "two", "deux", 1)
				return tag
			},
			input: "insert tail:\n+eleven",
			want:  WarnHeadTailDrift,
			file:  strings.Replace(base, "two", "deux", 1) + "eleven\n",
		},
		{
			name:  "head and tail inserts with a foreign tag are rejected",
			setup: func(s *session) string { return "F6A8" },
			input: "insert tail:\n+eleven",
			want:  "ERR Edit rejected for f: hash #F6A8 is not from this session.",
		},
		{
			name:  "a missing file",
			setup: func(s *session) string { delete(s.files, "f"); return "ABCD" },
			input: "delete 1",
			want:  "ERR File not found: f. Use the write tool to create new files.",
		},
		{
			name: "an unreadable file",
			setup: func(s *session) string {
				s.errs["f"] = &fs.PathError{Op: "open", Path: "/w/f", Err: syscall.EACCES}
				return "ABCD"
			},
			input: "delete 1",
			want:  "ERR Could not edit file: f. Error code: EACCES.",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSession(map[string]string{"f": base})
			tag := tc.setup(s)
			before := s.files["f"]
			_, versions, _ := s.store.Len()
			out := s.edit("[f#"+tag+"]\n"+tc.input, nil)
			want := strings.ReplaceAll(strings.ReplaceAll(tc.want, "#TAG", "#"+tag), "#LIVE", "#"+Tag(before))
			if strings.HasPrefix(want, "ERR") {
				if !strings.HasPrefix(out, want) {
					t.Fatalf("got  %q\nwant prefix %q", out, want)
				}
				if s.files["f"] != before {
					t.Error("a rejected edit changed the file")
				}
				if _, v, _ := s.store.Len(); v != versions {
					t.Errorf("a rejection recorded a snapshot (%d → %d versions)", versions, v)
				}
				return
			}
			lines := strings.Split(out, "\n")
			if len(lines) < 2 || lines[1] != want {
				t.Fatalf("output %q: second line should be %q", out, want)
			}
			if s.files["f"] != tc.file {
				t.Errorf("file = %q, want %q", s.files["f"], tc.file)
			}
		})
	}
}

func TestPrepareNoop(t *testing.T) {
	s := newSession(map[string]string{"a.py": "a\nb\nc", "b.py": "x\n"})
	tag, btag := s.observe("a.py"), s.observe("b.py")
	in := "[a.py#" + tag + "]\nreplace 1..1:\n+a"
	msg := NoopMessage("a.py", 1)
	for i, want := range []string{msg, msg + "\nNo-op count for this identical payload: 2.", "ERR STOP. " + NoopMessage("a.py", 3)} {
		if got := s.edit(in, nil); got != want {
			t.Errorf("attempt %d:\n got: %q\nwant: %q", i+1, got, want)
		}
	}
	// A different payload with the same result counts the same result.
	if got := s.edit("[a.py#"+tag+"]\nreplace 2..2:\n+b", nil); got != "ERR STOP. "+NoopMessage("a.py", 4) {
		t.Errorf("same result, other payload: %q", got)
	}
	// A no-op mixed with a real change fails the whole call and writes nothing.
	got := s.edit("[a.py#"+tag+"]\nreplace 1..1:\n+a\n[b.py#"+btag+"]\nreplace 1..1:\n+y", nil)
	if got != "ERR Hashline edit for a.py did not change the file." || s.files["b.py"] != "x\n" {
		t.Errorf("mixed no-op: %q, b.py=%q", got, s.files["b.py"])
	}
	if !strings.HasPrefix(NoopMessage("p", 1), "Edits to p parsed and applied cleanly, but produced no change: your body row(s) are byte-identical to the file at the targeted lines. The bug is somewhere else — re-read the file before issuing another edit. Do NOT widen the payload or add lines; verify the anchor first.") {
		t.Error("no-op wording changed")
	}
}

func TestPrepareMultiFile(t *testing.T) {
	s := newSession(map[string]string{"a.txt": "old a\n", "b.txt": "\uFEFFone\r\ntwo\r\n", "c.txt": "one\rtwo\rthree"})
	a, b, c := s.observe("a.txt"), s.observe("b.txt"), s.observe("c.txt")
	secs, err := Parse("[a.txt#"+a+"]\nreplace 1..1:\n+new a\n\n[b.txt#"+b+"]\ninsert after 1:\n+mid\n[c.txt#"+c+"]\nreplace 2..2:\n+TWO", ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := Prepare(secs, PrepareOptions{Store: s.store, Read: ReaderFunc(s.read), Batch: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Files) != 3 {
		t.Fatalf("%d files", len(p.Files))
	}
	if got := p.Files[1].Bytes; got != "\uFEFFone\r\nmid\r\ntwo\r\n" {
		t.Errorf("BOM/CRLF not restored: %q", got)
	}
	if got := p.Files[2].Bytes; got != "one\rTWO\rthree" {
		t.Errorf("CR not restored: %q", got)
	}
	if got := p.Files[0].Warnings; len(got) != 1 || got[0] != WarnParallelBatch(2) {
		t.Errorf("batch note: %q", got)
	}
	diff, patch, first := p.Details()
	if first != 1 || !strings.Contains(diff, "+1 new a") || !strings.Contains(patch, "--- a/b.txt\n+++ b/b.txt\n@@ -1,2 +1,3 @@\n \uFEFFone\r\n+mid\r\n two\r\n") {
		t.Errorf("details: first=%d diff=%q patch=%q", first, diff, patch)
	}
	if strings.Count(p.Text(), "\n\n[") != 2 {
		t.Errorf("sections not separated by a blank line: %q", p.Text())
	}
	// Nothing was written or recorded by Prepare.
	if s.files["a.txt"] != "old a\n" || s.store.Holds("/w/a.txt", Tag("new a\n"), "new a\n") {
		t.Error("Prepare wrote or recorded")
	}
	if !p.Files[0].StillCurrent("old a\r\n") || p.Files[0].StillCurrent("other\n") {
		t.Error("StillCurrent")
	}
	// The fresh header can use the canonical display path.
	secs, _ = Parse("[./a.txt#"+a+"]\nreplace 1..1:\n+x", ParseOptions{})
	p, err = Prepare(secs, PrepareOptions{Store: s.store, Read: ReaderFunc(s.read), Display: func(abs string) string { return strings.TrimPrefix(abs, "/w/") }})
	if err != nil || !strings.HasPrefix(p.Text(), "[a.txt#") || p.Files[0].Section != "./a.txt" {
		t.Errorf("display: %v %q", err, p.Text())
	}
	// Two sections naming one file.
	secs, _ = Parse("[a.txt#"+a+"]\nreplace 1..1:\n+x\n[./a.txt#"+a+"]\ninsert tail:\n+y", ParseOptions{})
	if _, err := Prepare(secs, PrepareOptions{Store: s.store, Read: ReaderFunc(s.read)}); err == nil ||
		err.Error() != "Multiple hashline sections resolve to the same file (a.txt and ./a.txt). Merge their ops under one header before applying." {
		t.Errorf("same file: %v", err)
	}
}

func TestWriteFailedError(t *testing.T) {
	err := WriteFailedError([]string{"a.txt", "b.txt", "c.txt"}, 1, syscall.EACCES)
	if err.Error() != "Failed to write b.txt: permission denied Sections already written: a.txt. Sections not written: c.txt." {
		t.Errorf("%q", err.Error())
	}
	if got := StaleBeforeWriteError("a.txt").Error(); got != "Stale hashline tag for a.txt: file content changed before write. Re-read before editing." {
		t.Errorf("%q", got)
	}
}

// TestPrepareRealFiles runs the procedure against files on disk.
func TestPrepareRealFiles(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "greet.py")
	if err := os.WriteFile(path, []byte("def greet(name):\n    print(name)\ngreet('world')\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	store := NewStore()
	read := ReaderFunc(func(display string) (string, string, error) {
		abs := filepath.Join(dir, display)
		b, err := os.ReadFile(abs)
		return abs, string(b), err
	})
	_, raw, _ := read("greet.py")
	tag := store.Record(path, raw)
	if tag != "13D6" {
		t.Fatalf("tag %s", tag)
	}
	secs, err := Parse("[greet.py#13d6]\nreplace 2..2:\n+    print(f\"Hello, {name}\")\ninsert tail:\n+# done", ParseOptions{Cwd: dir})
	if err != nil {
		t.Fatal(err)
	}
	p, err := Prepare(secs, PrepareOptions{Store: store, Read: read})
	if err != nil {
		t.Fatal(err)
	}
	f := p.Files[0]
	if err := os.WriteFile(f.Abs, []byte(f.Bytes), 0o644); err != nil {
		t.Fatal(err)
	}
	f.Record(store)
	b, _ := os.ReadFile(path)
	if string(b) != "def greet(name):\n    print(f\"Hello, {name}\")\ngreet('world')\n# done\n" || !strings.Contains(p.Text(), "+2     print") {
		t.Errorf("file %q, output %q", b, p.Text())
	}
	if _, err := Prepare([]Section{{Path: "nope.py", Tag: "ABCD", Ops: []Op{{Kind: OpDelete, Start: 1, End: 1, Line: 1}}}}, PrepareOptions{Store: store, Read: read}); KindOf(err) != KindNotFound {
		t.Errorf("missing file: %v", err)
	}
}

// TestPrepareTagIsTheWrittenFiles: the tag an edit returns is the tag a read
// of the written bytes shows, also when the result starts with U+FEFF (a BOM
// once written) or a script row held a lone CR (a line break once written).
func TestPrepareTagIsTheWrittenFiles(t *testing.T) {
	for _, tc := range []struct{ name, file, script, after string }{
		{"feff at head, no BOM", "a\n", "insert head:\n+\uFEFFx", "x\na\n"},
		{"feff at head, BOM", "\uFEFFa\n", "insert head:\n+\uFEFFx", "\uFEFFx\na\n"},
		{"lone CR in a row", "a\n", "insert tail:\n+b\rc", "a\nb\nc\n"},
		{"CRLF file", "a\r\nb\r\n", "replace 2..2:\n+B", "a\nB\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSession(map[string]string{"f": tc.file})
			out := s.edit("[f#"+s.observe("f")+"]\n"+tc.script, nil)
			if strings.HasPrefix(out, "ERR") {
				t.Fatal(out)
			}
			if got := Normalize(s.files["f"]); got != tc.after {
				t.Errorf("file reads as %q, want %q", got, tc.after)
			}
			if want := "[f#" + Tag(s.files["f"]) + "]"; !strings.HasPrefix(out, want) {
				t.Errorf("output %q does not start with %s", out, want)
			}
		})
	}
}

// TestPrepareKeepsLineEndings: an edit of a file with mixed line endings
// changes the bytes of the lines it touches only; a new line takes the
// ending of the line it replaces, else of the line before it.
func TestPrepareKeepsLineEndings(t *testing.T) {
	for _, tc := range []struct{ name, file, script, want string }{
		{"replace one CRLF line among LF", "a\r\nb\nc\r\nd\n", "replace 3..3:\n+C", "a\r\nb\nC\r\nd\n"},
		{"replace one LF line among CRLF", "a\r\nb\nc\r\nd\n", "replace 2..2:\n+B", "a\r\nB\nc\r\nd\n"},
		{"insert after a LF line", "a\r\nb\nc\r\n", "insert after 2:\n+x\n+y", "a\r\nb\nx\ny\nc\r\n"},
		{"insert head", "a\nb\r\n", "insert head:\n+h", "h\na\nb\r\n"},
		{"insert tail after a line without EOL", "a\r\nb\nc", "insert tail:\n+t", "a\r\nb\nc\nt"},
		{"delete keeps the rest", "a\r\nb\nc\r\nd\n", "delete 2..3", "a\r\nd\n"},
		{"lone CR lines kept", "a\rb\nc\r\n", "replace 3..3:\n+C", "a\rb\nC\r\n"},
		{"BOM kept", "\uFEFFa\r\nb\n", "replace 2..2:\n+B", "\uFEFFa\r\nB\n"},
		{"replace more lines than before", "a\r\nb\nc\r\n", "replace 2..2:\n+x\n+y", "a\r\nx\ny\nc\r\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSession(map[string]string{"f": tc.file})
			out := s.edit("[f#"+s.observe("f")+"]\n"+tc.script, nil)
			if strings.HasPrefix(out, "ERR") {
				t.Fatal(out)
			}
			if got := s.files["f"]; got != tc.want {
				t.Errorf("file is %q, want %q", got, tc.want)
			}
			if want := "[f#" + Tag(s.files["f"]) + "]"; !strings.HasPrefix(out, want) {
				t.Errorf("output %q does not start with %s", out, want)
			}
		})
	}
}
